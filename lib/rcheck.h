/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rcheck.h -- the checks every reader of a result file makes
 * (skampi-report, skampi-merge, skampi's @POSTPROC): a schema_version it
 * understands, a file that is whole, and values that make sense.
 *
 * A result file is untrusted input (files are shared and uploaded), so
 * a value a plot or a merge would turn into nonsense is refused with a
 * located message rather than drawn:
 *   times (mean, quartiles, min, max, median, percentiles, node times,
 *          raw samples)
 *                 finite, at most SK_RCHECK_MAX_TIME s, at most
 *                 SK_RCHECK_NEG_TIME s below 0 (node times
 *                 SK_RCHECK_NEG_NODE: skampi subtracts the overhead, so
 *                 the fastest operations come out a little negative),
 *                 0 or at least SK_RCHECK_MIN_TIME s from it
 *   stderr        the same, never negative
 *   arguments     whole, not negative, at most SK_RCHECK_MAX_ARG
 *   counts (repetitions, cut, processes, runs, ranks)
 *                 whole, not negative, at most SK_RCHECK_MAX_ARG
 *   rates         finite, not negative, at most SK_RCHECK_MAX_RATE
 *   durations (elapsed, wall_time)
 *                 finite, not negative, at most SK_RCHECK_MAX_WALL s
 * The bounds are far beyond any measurement and keep every derived
 * figure (bytes / time, a log axis's range) finite in a double.
 *
 * Messages (sk_yread_error, so FILE:LINE:COL: error: ...):
 *   'KEY' must be a finite number|must not be negative|must be a whole
 *   number, not 'VALUE'                                 (yread.h)
 *   'KEY' is too large: 'VALUE' (at most LIMIT)
 *   'KEY' is too small: 'VALUE' (a time is 0 or at least 1e-100 s from it)
 * Every function returns 0 or -1 (message printed, y->errors counted);
 * a NULL node is absent: 0, *out untouched.
 *
 * Users: lib/rfile_load.c, lib/merge.c, report/compare.c and
 * src/engine/gridfile.c (--grid-from): the streaming ones check the head
 * with sk_rcheck_schema() at the first item (and sk_rcheck_tail_cut()),
 * and call sk_rcheck_whole() after the read.
 */
#ifndef SK_RCHECK_H
#define SK_RCHECK_H

#include "yread.h"

#define SK_RCHECK_MAX_TIME 1e6          /* s: 11.6 days for one value */
#define SK_RCHECK_MIN_TIME 1e-100       /* s: a time nearer 0 than this
                                         * (not 0) would overflow bytes/s;
                                         * rounding leaves 1e-16 s */
#define SK_RCHECK_NEG_TIME 1e-6         /* s: a time may lie this far below
                                         * 0 (the overhead subtracted) */
#define SK_RCHECK_NEG_NODE 1e-3         /* s: a node time (Bcast_OL: half
                                         * a round trip off too) */
#define SK_RCHECK_MAX_WALL 1e9          /* s: 31 years for a run */
#define SK_RCHECK_MAX_ARG 4611686018427387904.0   /* 2^62 */
#define SK_RCHECK_MAX_RATE 1e30         /* per second */

/* The top level of a result file: a mapping whose schema_version is a
 * plain integer from 1 to SK_SCHEMA_VERSION (PROGRAM below is
 * sk_msg_program()).  -1 with one message otherwise:
 *   FILE: error: empty file: not a skampi result file
 *   F:L:C: error: not a skampi result file: the top level must be a
 *   mapping | no 'schema_version'
 *   F:L:C: error: schema_version N is newer than this PROGRAM
 *   understands (V); use a newer PROGRAM
 *   F:L:C: error: schema_version N is not valid (the first is 1)
 */
int sk_rcheck_schema(sk_yread_t *y, const sk_ynode_t *root,
                     long *version);

/* A file of schema VERSION >= 2 ends with "..." (its writer adds it
 * last); without it the file was cut short:
 *   FILE: error: the file is cut short (no end marker '...'); it was
 *   copied or written incompletely
 * Call after the whole read. */
int sk_rcheck_whole(sk_yread_t *y, long version);

/* 1 when the file at PATH certainly has no end marker: its last line
 * that is not blank is neither "..." nor a comment.  0 when it may have
 * one or cannot be told (not a regular file; a line "---" or "..." in
 * its last 256 bytes: a second document, which the reader reports).
 * Lets a streaming reader stop at once instead of reporting a
 * half-written last item first; sk_rcheck_whole() is the check that
 * counts. */
int sk_rcheck_tail_cut(const char *path);

/* Typed values with the bounds above. */
int sk_rcheck_time(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                   double *out);
int sk_rcheck_duration(sk_yread_t *y, const sk_ynode_t *node,
                       const char *key, double *out);
int sk_rcheck_argument(sk_yread_t *y, const sk_ynode_t *node,
                       const char *key, double *out);
/* A percentage: a finite number from 0 to 100. */
int sk_rcheck_percent(sk_yread_t *y, const sk_ynode_t *node,
                      const char *key, double *out);
int sk_rcheck_count(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                    long *out);
int sk_rcheck_rate(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                   double *out);

/* Every value of a point that either reader knows, whether it uses it
 * or not, so that skampi-report and skampi-merge refuse the same files:
 * argument; mean, stderr, q1, q3, min, median, max (times); repetitions,
 * cut, processes (counts); rate; node_times and raw (lists of times).
 * -1 after the first bad value's message. */
int sk_rcheck_point(sk_yread_t *y, const sk_ynode_t *point);

/* 1 when POINT is one without a value: `valid: 0` (no repetition was
 * valid; doc/output-format.md).  Its statistics may then be .nan, which
 * sk_rcheck_stat() takes as NaN; anywhere else .nan is refused. */
int sk_rcheck_novalue(sk_yread_t *y, const sk_ynode_t *point);
int sk_rcheck_stat(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                   int novalue, double *out);

/* A sequence of times under KEY in mapping POINT (absent: 0 and *n 0):
 * *out gets a new array (the caller's) of *n entries. */
int sk_rcheck_times(sk_yread_t *y, const sk_ynode_t *point, const char *key,
                    double **out, size_t *n);

/* In a merged file, a point's per-run list KEY must hold RUNS entries,
 * or the point's own `runs` when it has one (a run may lack the point:
 * its replayed grid lost it; 1 to RUNS):
 *   F:L:C: error: 'KEY' has N entries but the file merges RUNS runs
 *   F:L:C: error: 'KEY' has N entries but the point merges R runs
 *   F:L:C: error: 'runs' is R, but the file merges RUNS runs
 * RUNS < 0: not known, nothing checked. */
int sk_rcheck_runs(sk_yread_t *y, const sk_ynode_t *point, const char *key,
                   long runs);

#endif
