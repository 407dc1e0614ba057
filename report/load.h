/*
 * load.h -- read a skampi result file (doc/output-format.md).
 */
#ifndef SK_LOAD_H
#define SK_LOAD_H

#include "result.h"

/* Load PATH into *out (the caller's; sk_result_free()).  Returns -1 with
 * every problem found already printed as FILE:LINE:COL: error: ...: an
 * unreadable file, malformed YAML, a schema_version newer than
 * SK_RESULT_SCHEMA, or a value of the wrong type. */
int sk_load_file(const char *path, sk_result_t **out);

#endif
