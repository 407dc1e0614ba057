/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * compare.h -- merged result sets (skampi-merge output) for the pages
 * of `skampi-report --runs SET` and `skampi-report --compare A B`:
 * per point the runs' medians, the Wilcoxon rank-sum test of A against B
 * (Hunold & Carpen-Amarie §5.2, Fig. 10/11) and the run-to-run
 * reproducibility (Fig. 12).  doc/reproducibility.md says what is drawn.
 */
#ifndef SK_COMPARE_H
#define SK_COMPARE_H

#include <stddef.h>

#include "outfile.h"
#include "wilcoxon.h"

typedef struct sk_compare_point {
  double argument;
  double *med;             /* the runs' medians, in run order */
  size_t n;
} sk_compare_point_t;

typedef struct sk_compare_suite {
  char *name;
  int varied;              /* argument_name is not none */
  int bytes;               /* argument_name is length */
  sk_compare_point_t *pts;
  size_t npts;
} sk_compare_suite_t;

typedef struct sk_compare_set {
  char *path;              /* the merged file read */
  char *label;             /* MPI library short name and path */
  long runs;               /* merged.runs */
  sk_compare_suite_t *suites;
  size_t nsuites;
} sk_compare_set_t;

/* One point present in both sets, tested. */
typedef struct sk_compare_row {
  const sk_compare_suite_t *suite;     /* A's */
  const sk_compare_point_t *a, *b;
  sk_wilcoxon_t w;
} sk_compare_row_t;

/* ARG is a merged result file, or a directory holding merged.yaml. */
int sk_compare_load(const char *arg, sk_compare_set_t *set);
void sk_compare_set_free(sk_compare_set_t *set);

/* Every point present in both A and B (same suite name and argument),
 * in A's order, each tested; *rows is the caller's (free()).  -1 when the
 * test fails (memory). */
int sk_compare_rows(const sk_compare_set_t *a, const sk_compare_set_t *b,
                    sk_compare_row_t **rows, size_t *nrows);

/* sk_stats_box of P's medians, each divided by SCALE: q[0] = min,
 * q[1] = Q1, q[2] = median, q[3] = Q3, q[4] = max. */
int sk_compare_box(const sk_compare_point_t *p, double scale, double q[5]);

/* The smallest of P's medians. */
double sk_compare_min(const sk_compare_point_t *p);

/* CSV files into DIR (created): compare.csv when B is given, and
 * runs-a.csv (runs-b.csv) with every run's normalized median; DIR and
 * each file through lib/outfile.h, none of them one of the inputs IN. */
int sk_compare_csv(const char *dir, const sk_compare_set_t *a,
                   const sk_compare_set_t *b, const sk_compare_row_t *rows,
                   size_t nrows, const sk_outfile_inputs_t *in);

#endif
