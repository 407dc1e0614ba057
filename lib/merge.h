/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * merge.h -- several result files of one suite file and grid, merged
 * (skampi-merge; Hunold & Carpen-Amarie Alg. 3; doc/reproducibility.md).
 *
 * sk_merge_load() reads every run and keeps its YAML document (the
 * merged file copies the first run's metadata, factors and suite keys);
 * its suites and points are read by the one reader of result files
 * (sk_rfile_load_suite(), rfile_load.h), so a merge refuses what
 * skampi-report refuses, with the same message (a time out of range
 * included, which skampi-report only leaves out); sk_merge_check() refuses runs of another suite file or grid;
 * sk_merge_stats() computes the across-run statistics of one point.
 */
#ifndef SK_MERGE_H
#define SK_MERGE_H

#include <stddef.h>

#include "medci.h"
#include "yread.h"

/* The level of a merged point's confidence interval. */
#define SK_MERGE_CI_LEVEL 0.95

/* One point of one run, as the run measured it: the reader's point
 * (rfile.h) in the merge's view. */
typedef struct sk_merge_point {
  int absent;              /* the run has no value here: its point has
                            * none (0 valid repetitions), or its replayed
                            * grid lost it (a time limit) */
  double argument;
  double mean, median, min, max;
  long repetitions, cut, processes;   /* -1 when absent */
  int eps_met, refined;
  double *raw;             /* `raw` (Raw_Samples = yes), owned; or NULL */
  size_t nraw;
  /* a nonblocking overlap point's `overlap` map (pure, with_computation,
   * computation, percent; test_calls) and a persistent point's
   * `persistent` map (init_time, free_time): NaN / -1 when absent */
  double ovl_pure, ovl_with, ovl_cpu, ovl_percent;
  long ovl_tests;
  double init_time, free_time;
  /* Percentiles = yes: p50, p90, p99, p999 (s); NaN when absent */
  double pct[4];
} sk_merge_point_t;

typedef struct sk_merge_suite {
  const char *name;        /* borrowed from the run's document */
  const char *status;      /* "" when absent */
  const char *verdict;     /* noise.verdict (lib/noise.h's words), or
                            * NULL */
  const char *evidence;    /* its first sentence, or NULL */
  sk_ynode_t *node;        /* the suite's mapping */
  sk_merge_point_t *points;
  size_t npoints;
  /* The suite's recorded outlier filter (parameters.Outlier_Filter and
   * .Cut_Quantile): an SK_STATS_FILTER_* of stats.h and its quantile;
   * filter is -1 when the file does not say which one was used. */
  int filter;
  double cut_q;
} sk_merge_suite_t;

typedef struct sk_merge_run {
  sk_yread_t y;
  sk_ynode_t *root;
  long schema_version;
  double wall_time;        /* run.wall_time, 0 when absent */
  char file_sha256[65];    /* of the file as read, for merged.files */
  unsigned long long dev, ino;   /* the file, to catch one given twice */
  const char *sha256;      /* suite_file.sha256, NULL when absent */
  const char *verdict;     /* the run's noise.verdict, or NULL */
  const char *written_status;   /* run.status as written, or NULL */
  const char *evidence;    /* its first sentence, or NULL */
  const char *run_status;  /* run.status as a reader sees it: "incomplete"
                              for a "running" file no run writes
                              (runstate.h); NULL when absent */
  sk_merge_suite_t *suites;
  size_t nsuites;
  /* The MPI_Init time of every process the file holds (factors.
   * mpi_init_times; of a merged file, those of every run it lists in
   * merged.files), owned; NULL when it holds none. */
  double *init_times;
  size_t ninit, init_cap;
} sk_merge_run_t;

/* Where a point's per-run median and mean come from. */
typedef enum {
  SK_MERGE_RECORDED,       /* the run's own `median` and `mean` */
  SK_MERGE_RAW             /* its `raw` samples, filtered with the
                            * suite's recorded filter (Alg. 3) */
} sk_merge_source_t;

/* Across-run statistics of one point (every array has one entry per run
 * that has the point: nruns of them).  The per-run values are the runs'
 * medians (run_medians). */
typedef struct sk_merge_stats {
  size_t nruns;            /* the runs that have the point */
  size_t *which;           /* their indexes, ascending (owned) */
  double median, q1, q3, min, max;   /* of the per-run medians
                                      * (sk_stats_box) */
  double spread;           /* (max - min) / min; NaN when min <= 0 */
  sk_medci_t ci;           /* the 95% interval of the median of the
                            * per-run medians (medci.h) */
  int modes;               /* modes of the per-run medians (modes.h):
                            * 0 when not tested (fewer than
                            * SK_MODES_MIN_N runs, or all equal) */
  double mean, se;         /* of the per-run means (sk_stats_mean,
                            * sk_stats_stderr: se 0 for one run) */
  sk_merge_source_t source;
  double *run_medians;     /* per run, in run order; owned, see */
  double *run_means;       /* sk_merge_stats_done() */
} sk_merge_stats_t;

/* Load PATH into *run.  -1 (messages printed) when it cannot be read or
 * is not a result file with the fields a merge needs, with the checks of
 * rcheck.h that skampi-report makes too (schema, end marker, values). */
int sk_merge_load(sk_merge_run_t *run, const char *path);
void sk_merge_run_free(sk_merge_run_t *run);

/* 0 when RUN has the suite file and grid of FIRST -- every argument it
 * measured is one of FIRST's (the grid the runs replay; a run cut short
 * by a time limit lacks some) -- and RUN's points are then laid out as
 * FIRST's, the ones it lacks marked absent; else -1 and one message
 * naming both files and the first difference. */
/* Puts run's suites in the order of first's, matched by name (a result
 * file lists them in the order measured: --shuffle and a continued run
 * change it); suites without a namesake stay behind for sk_merge_check. */
/* 0 when no run is given twice; else -1 and one message:
 *   'B' is the same file as 'A': one run would count twice
 *   'B' has the same content as 'A' (SHA-256 H): one run would count
 *   twice */
int sk_merge_distinct(const sk_merge_run_t *runs, size_t n);

void sk_merge_align(const sk_merge_run_t *first, sk_merge_run_t *run);
int sk_merge_check(const sk_merge_run_t *first, sk_merge_run_t *run);

/* Alg. 3 for one run and point: the samples x[0..n) (any order) are
 * filtered with FILTER (SK_STATS_FILTER_*) and quantile Q as the engine
 * filters them (doc/statistics.md), and *median and *mean are those of
 * the kept samples.  -1 when n == 0 or out of memory. */
int sk_merge_raw_values(const double *x, size_t n, int filter, double q,
                        double *median, double *mean);

/* Statistics of point IPT of suite IS over the runs of RUNS[0..N-1] that
 * have it: the per-run values come from the raw samples when every such
 * run has them and records its filter, else from each run's median and
 * mean.  -1 on no memory; 1 when no run has the point (nothing to
 * merge; *out is empty then). */
int sk_merge_stats(const sk_merge_run_t *runs, size_t n, size_t is,
                   size_t ipt, sk_merge_stats_t *out);
/* The median over the n runs (those that have the point) of the point
 * field at byte offset `off` of sk_merge_point_t (a double:
 * offsetof(sk_merge_point_t, ovl_pure), ...); NaN when such a run lacks
 * it. */
double sk_merge_field_median(const sk_merge_run_t *runs, size_t n,
                             size_t is, size_t ip, size_t off);

/* The median over the n runs of a percentile field at byte offset
 * `off` (offsetof(sk_merge_point_t, pct[k])) and its interval at
 * SK_MERGE_CI_LEVEL (medci.h) into *ci; -1 when a run lacks it or memory
 * is short. */
int sk_merge_field_ci(const sk_merge_run_t *runs, size_t n, size_t is,
                      size_t ip, size_t off, sk_medci_t *ci);

/* 1 when the point's interval reaches the level (SK_MERGE_CI_LEVEL) and
 * its half-width is at most EPS times its median (medci.h's
 * rel_halfwidth <= eps); else 0. */
int sk_merge_precise(const sk_merge_stats_t *st, double eps);

/* Frees the arrays of *st (safe on a zeroed or NULL one). */
void sk_merge_stats_done(sk_merge_stats_t *st);

#endif
