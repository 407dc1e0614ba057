/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * progress.h -- what rank 0 tells the person at the terminal (stderr).
 *
 * Live: one line rewritten with '\r' after every point.  Plain: one line
 * when a suite starts and one when it ends.  Quiet: nothing but errors.
 * No MPI here.
 */
#ifndef SK_PROGRESS_H
#define SK_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

typedef struct sk_progress {
  FILE *fp;           /* borrowed; NULL when quiet */
  FILE *err;          /* borrowed; errors go here even when quiet */
  int live;           /* fp is a terminal: rewrite one line */
  size_t nsuites;
  size_t k;           /* the current suite, 1-based */
  char name[256];     /* the current suite's, escaped (lib/escape.h) */
  double t_run;       /* start of the run, seconds (caller's clock) */
  double t_suite;     /* start of the current suite */
  int dirty;          /* a live line is showing */
} sk_progress_t;

typedef enum {
  SK_PROGRESS_AUTO,     /* live when fp is a terminal, else plain */
  SK_PROGRESS_LIVE,
  SK_PROGRESS_PLAIN,
  SK_PROGRESS_QUIET
} sk_progress_mode_t;

/* The mode for --quiet and the environment variable SKAMPI_PROGRESS
 * (value: "live", "plain", or anything else for auto); quiet wins. */
sk_progress_mode_t sk_progress_mode(int quiet, const char *env);

/* fp: where to write (borrowed). */
void sk_progress_init(sk_progress_t *p, FILE *fp, sk_progress_mode_t mode,
                      size_t nsuites, double now);
void sk_progress_suite_begin(sk_progress_t *p, size_t k, const char *name,
                             double now);
void sk_progress_point(sk_progress_t *p, size_t points, double now);
/* Interleaved points (--shuffle): the line that announces them, and the
 * suite whose point comes next, which has measured for `spent` seconds
 * so far (no line of its own). */
void sk_progress_block(sk_progress_t *p, size_t points, size_t suites,
                       double now);
void sk_progress_suite_switch(sk_progress_t *p, size_t k, const char *name,
                              double spent, double now);
/* verdict: the machine's noise over the suite (lib/noise.h), said when
 * it is not "quiet"; NULL when not judged. */
void sk_progress_suite_end(sk_progress_t *p, const char *status,
                           size_t points, size_t eps_met,
                           const char *verdict, double now);
/* The run's budget (doc/engine.md, "The run's time budget"): the current
 * suite, cut by its share of Time_Run (share seconds) after `points`
 * points, waits for the second pass; and the line that starts that pass
 * over `suites` suites with `left` seconds of the budget. */
void sk_progress_suite_held(sk_progress_t *p, size_t points, double share,
                            double now);
void sk_progress_second(sk_progress_t *p, size_t suites, double left,
                        double now);
/* An error line (a refused suite, an unwritable file), printed even when
 * quiet, without garbling the live line. */
void sk_progress_error(sk_progress_t *p, const char *msg);
/* A note located in the suite file (a suite left out: the run lacks its
 * pair), "FILE:LINE:COL: note: MSG", printed even when quiet. */
void sk_progress_note(sk_progress_t *p, const char *file, int line,
                      int col, const char *msg);
/* The closing line: the run's status, how many suites the result file
 * holds (written: fewer than the plan's when the run stopped early), and
 * the machine's verdict with its evidence (NULL: not judged; the
 * evidence escaped: it holds host and suite names). */
void sk_progress_done(sk_progress_t *p, const char *status, size_t written,
                      const char *verdict, const char *evidence,
                      double now);

#endif
