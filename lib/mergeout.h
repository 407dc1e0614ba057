/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mergeout.h -- writing a merged result file (doc/output-format.md).
 */
#ifndef SK_MERGEOUT_H
#define SK_MERGEOUT_H

#include <stddef.h>

#include "merge.h"
#include "outfile.h"

/* Write the merge of RUNS[0..N-1] (already checked) to PATH ("-" is not
 * special), an output of kind MERGED that is none of the inputs IN
 * (lib/outfile.h): through a temporary file that replaces it whole.  -1
 * with the message (lib/msg.h) when it may not or cannot be written.
 * EPS > 0 (skampi-merge --precision) adds merged.precision and every
 * point's precision_met (sk_merge_precise); 0 leaves both out. */
int sk_mergeout_write(const char *path, const sk_merge_run_t *runs,
                      size_t n, const sk_outfile_inputs_t *in, double eps);

#endif
