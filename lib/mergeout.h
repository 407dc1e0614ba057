/*
 * mergeout.h -- writing a merged result file (doc/output-format.md).
 */
#ifndef SK_MERGEOUT_H
#define SK_MERGEOUT_H

#include <stddef.h>

#include "merge.h"

/* Write the merge of RUNS[0..N-1] (already checked) to PATH ("-" is not
 * special).  -1 with a message when it cannot be written. */
int sk_mergeout_write(const char *path, const sk_merge_run_t *runs,
                      size_t n);

#endif
