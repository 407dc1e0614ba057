/*
 * load.h -- read a skampi result file (doc/output-format.md).
 */
#ifndef SK_RFILE_LOAD_H
#define SK_RFILE_LOAD_H

#include "rfile.h"

/* Load PATH into *out (the caller's; sk_rfile_free()).  Returns -1 with
 * every problem found already printed as FILE:LINE:COL: error: ...: an
 * unreadable file, malformed YAML, a schema_version newer than
 * SK_SCHEMA_VERSION, or a value of the wrong type. */
int sk_rfile_load(const char *path, sk_rfile_t **out);

/* The same from LEN bytes of BUF (borrowed) already read from PATH, so
 * that what is parsed is exactly what the caller has (skampi-db hashes
 * and keeps those bytes); messages name PATH. */
int sk_rfile_load_mem(const char *path, const void *buf, size_t len,
                      sk_rfile_t **out);

#endif
