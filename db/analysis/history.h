/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * history.h -- one point of one suite over time: its value in each run,
 * runs ordered by start time, and the change points of that series found
 * by E-divisive means on ranks with a permutation test (lib/edivisive.h).
 * skampi-db history prints and plots it; the web server calls the same
 * functions.
 */
#ifndef SK_HISTORY_H
#define SK_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "edivisive.h"
#include "store.h"

/* The point in one run: the median (the mean when the run has no
 * median), its quartiles (NaN when the run has none). */
typedef struct sk_history_point {
  int64_t run;
  char *start_time;       /* ISO 8601 UTC as stored */
  double value, q1, q3;
} sk_history_point_t;

/* A change: points[at] is the first value after it. */
typedef struct sk_history_cp {
  size_t at;
  int64_t run;            /* points[at].run */
  double p;               /* the permutation p-value */
  double before, after;   /* medians of the segment's two sides */
} sk_history_cp_t;

typedef struct sk_history {
  char *suite;
  double argument;
  sk_history_point_t *points;     /* oldest first */
  size_t npoints;
  sk_history_cp_t *cps;           /* ascending by at */
  size_t ncps;
  sk_ediv_opts_t opts;            /* what found them */
  /* how many runs matched, and why the others did not: of the runs
   * selected, merged files left out because their runs are selected too
   * (a merged file and its runs never both count: sk_store_dedupe()),
   * runs with the suite at other arguments only (different grids), runs
   * without the suite */
  size_t selected, merged_out, other_args, no_suite;
  size_t unresolved;      /* runs whose point is below the timer's
                           * resolution: no measurement, left out */
} sk_history_t;

/* The history of the point ARGUMENT of the suite SUITE in the runs
 * runs[0..nruns) (in any order; a run without that point is left out),
 * with change points found with the default options (sk_ediv_defaults:
 * p <= 0.001, a change of at least 5%).  *out is the caller's to free
 * with sk_history_free(), also after an error.  0, or -1 with one
 * sentence in err (cut to errlen). */
int sk_history_build(sk_store_t *st, const int64_t *runs, size_t nruns,
                     const char *suite, double argument, sk_history_t *out,
                     char *err, size_t errlen);

/* The same with options O (NULL: the defaults). */
int sk_history_build_opts(sk_store_t *st, const int64_t *runs, size_t nruns,
                          const char *suite, double argument,
                          const sk_ediv_opts_t *o, sk_history_t *out,
                          char *err, size_t errlen);

void sk_history_free(sk_history_t *h);

/* "7 of 10 runs selected have suite3 at 80: 2 measured it at other
 * arguments only (different grids: measure both with skampi-run
 * --grid-from), 1 merged file left out (its runs are selected)", into
 * buf. */
void sk_history_matched_text(const sk_history_t *h, char *buf,
                             size_t size);

/* The history as a plot at PATH (.pdf or .svg, as sk_dbplot_draw): the
 * value of each run with its quartiles, in run order, each change point
 * a dashed line with the levels before and after.  0, or < 0 with err
 * (SK_DBPLOT_NOTHING: no point; SK_DBPLOT_SLOW, -1 as sk_dbplot_draw). */
int sk_history_plot(const sk_history_t *h, const char *path, char *err,
                    size_t errlen);

/* The arguments of SUITE next below and above ARGUMENT in the runs SEL
 * chooses (NaN: none): 1 when ARGUMENT is one of its arguments, 0 when
 * not, -1 on a database error (message given). */
int sk_history_nearest(sk_store_t *st, const sk_sel_t *sel,
                       const char *suite, double argument, double *below,
                       double *above);

/* A whole suite over time: every argument (a row) in every run (a
 * column, oldest first), the value as history's (the median, else the
 * mean), NaN where the run lacks the point.  At most the latest
 * SK_HISTORY_GRID_RUNS runs (omitted: how many older ones were left
 * out) and SK_HISTORY_GRID_ARGS arguments (the smallest; dropped_args
 * set when more were left out). */
#define SK_HISTORY_GRID_RUNS 2000
#define SK_HISTORY_GRID_ARGS 256
typedef struct sk_history_grid {
  char *suite;
  int64_t *run;                   /* nruns */
  char **start;                   /* nruns start times */
  size_t nruns, omitted;
  double *args;                   /* nargs, ascending */
  size_t nargs, capargs;
  int dropped_args;
  double *values;                 /* nargs x nruns, row by row */
  size_t capvalues;               /* values' room, in doubles */
} sk_history_grid_t;

/* The grid of SUITE in runs[0..nruns) (oldest first, as sk_store_select
 * gives them; a merged file whose runs are there too left out); *g the caller's to free with sk_history_grid_free(), also
 * after -1 (a database error or out of memory, message given). */
int sk_history_grid(sk_store_t *st, const int64_t *runs, size_t nruns,
                    const char *suite, sk_history_grid_t *g);
void sk_history_grid_free(sk_history_grid_t *g);

/* The change points of every row of G with at most MAX_RUNS values (the
 * search costs the square of them), by history's default options; each
 * at its row and the column of the first run after it.  *out the
 * caller's to free; 0, or -1 out of memory. */
typedef struct sk_history_gridcp {
  size_t row, column;
  double p, before, after;
} sk_history_gridcp_t;
int sk_history_grid_changes(const sk_history_grid_t *g, size_t max_runs,
                            sk_history_gridcp_t **out, size_t *nout);

#endif
