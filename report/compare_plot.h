/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * compare_plot.h -- gnuplot pages of `skampi-report --runs` and
 * `--compare` (doc/reproducibility.md, "Pages").
 */
#ifndef SK_COMPARE_PLOT_H
#define SK_COMPARE_PLOT_H

#include <stdio.h>

#include "compare.h"

typedef struct sk_compare_plot {
  const sk_compare_set_t *a, *b;   /* b NULL for --runs */
  int page;                /* number of the next page, from 1 */
  size_t npages;
  const sk_compare_row_t *rows;    /* --compare: every point in common */
  size_t nrows;
} sk_compare_plot_t;

/* The title page: the sets, what boxes and stars mean. */
void sk_compare_plot_title(FILE *f, sk_compare_plot_t *pl);
/* One suite's rows ROWS[0..N-1] (N >= 1): A's and B's boxes relative to
 * A's median, with the stars of both tests. */
int sk_compare_plot_tests(FILE *f, sk_compare_plot_t *pl,
                          const sk_compare_row_t *rows, size_t n);
/* One suite's reproducibility page: per argument each run's median over
 * the smallest of its set; PB NULL for one set. */
int sk_compare_plot_repro(FILE *f, sk_compare_plot_t *pl,
                          const sk_compare_suite_t *s,
                          const sk_compare_point_t *const *pa,
                          const sk_compare_point_t *const *pb, size_t n);

#endif
