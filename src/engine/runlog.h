/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runlog.h -- the human-readable log of a run (@LOGFILE), no MPI.
 *
 * Every function takes the open log (borrowed) and does nothing when it
 * is NULL; each line is flushed, so the log shows how far a run got.
 */
#ifndef SK_RUNLOG_H
#define SK_RUNLOG_H

#include <stdio.h>

#include "result.h"

void sk_runlog_header(FILE *fp, const sk_result_t *r);
void sk_runlog_suite_begin(FILE *fp, size_t k, size_t n, const sk_suite_t *s);
/* Interleaved points (--shuffle): the points that follow are suite k's
 * again, after another suite's. */
void sk_runlog_suite_resume(FILE *fp, size_t k, size_t n,
                            const sk_suite_t *s);
void sk_runlog_point(FILE *fp, const sk_point_t *p);
void sk_runlog_suite_end(FILE *fp, const sk_suite_result_t *s);
void sk_runlog_footer(FILE *fp, const sk_result_t *r);

#endif
