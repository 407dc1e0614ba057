/*
 * merge.h -- several result files of one suite file and grid, merged
 * (skampi-merge; Hunold & Carpen-Amarie Alg. 3; doc/reproducibility.md).
 *
 * sk_merge_load() reads every run and keeps its YAML document (the
 * merged file copies the first run's metadata, factors and suite keys);
 * sk_merge_check() refuses runs of another suite file or grid;
 * sk_merge_stats() computes the across-run statistics of one point.
 */
#ifndef SK_MERGE_H
#define SK_MERGE_H

#include <stddef.h>

#include "ydoc.h"

/* One point of one run, as the run measured it. */
typedef struct sk_merge_point {
  double argument;
  double mean, median, min, max;
  long repetitions, cut, processes;   /* -1 when absent */
  int eps_met, refined;
} sk_merge_point_t;

typedef struct sk_merge_suite {
  const char *name;        /* borrowed from the run's document */
  const char *status;      /* "" when absent */
  yaml_node_t *node;       /* the suite's mapping */
  sk_merge_point_t *points;
  size_t npoints;
} sk_merge_suite_t;

typedef struct sk_merge_run {
  sk_ydoc_t y;
  yaml_node_t *root;
  const char *sha256;      /* suite_file.sha256, NULL when absent */
  const char *run_status;  /* run.status as a reader sees it: "incomplete"
                              for a "running" file no run writes
                              (runstate.h); NULL when absent */
  sk_merge_suite_t *suites;
  size_t nsuites;
} sk_merge_run_t;

/* Across-run statistics of one point (every array has one entry per run). */
typedef struct sk_merge_stats {
  double median, q1, q3, min, max;   /* of the per-run medians */
  double spread;           /* (max - min) / min; NaN when min <= 0 */
  double mean, se;         /* of the per-run means; se divisor n */
} sk_merge_stats_t;

/* Load PATH into *run.  -1 (messages printed) when it cannot be read or
 * is not a result file with the fields a merge needs. */
int sk_merge_load(sk_merge_run_t *run, const char *path);
void sk_merge_run_free(sk_merge_run_t *run);

/* 0 when RUN has the suite file and grid of FIRST; else -1 and one
 * message naming both files and the first difference. */
/* Puts run's suites in the order of first's, matched by name (a result
 * file lists them in the order measured: --shuffle and a continued run
 * change it); suites without a namesake stay behind for sk_merge_check. */
void sk_merge_align(const sk_merge_run_t *first, sk_merge_run_t *run);
int sk_merge_check(const sk_merge_run_t *first, const sk_merge_run_t *run);

/* The p-quantile (0..1) of v[0..n-1] (sorted in place), linear
 * interpolation between order statistics: position (n-1)p. */
double sk_merge_quantile(double *v, size_t n, double p);

/* Statistics of point IPT of suite IS over RUNS[0..N-1]; -1 on no memory. */
int sk_merge_stats(const sk_merge_run_t *runs, size_t n, size_t is,
                   size_t ipt, sk_merge_stats_t *out);

#endif
