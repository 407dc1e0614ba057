/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * merge-raw-test.c -- sk_merge_raw_values(), Alg. 3 for one run and
 * point: the samples filtered as the engine filters them, then their
 * median and mean.  Whole-number samples, so every value is exact.
 */
#include <config.h>

#include <stdio.h>

#include "merge.h"
#include "stats.h"
#include "../unit/sk_test.h"

/* The samples X filtered as FILTER (Cut_Quantile Q) have exactly this
 * median and mean. */
static void check_values(const double *x, size_t n, int filter, double q,
                         double want_median, double want_mean)
{
  double median = -1.0, mean = -1.0;
  SK_CHECK(sk_merge_raw_values(x, n, filter, q, &median, &mean) == 0);
  SK_CHECK_NEAR(median, want_median, 0.0);
  SK_CHECK_NEAR(mean, want_mean, 0.0);
}

int main(void)
{
  /* Tukey: Q1 3.25, Q3 7.75, fences -3.5 and 14.5: only 100 goes, so
   * the median is 5 where the median of all ten would be 5.5. */
  const double t1[] = {5, 100, 1, 9, 2, 8, 3, 7, 4, 6};
  /* Tukey: Q1 4, Q3 7, fences -0.5 and 11.5: 60 goes; median 4.5. */
  const double t2[] = {60, 2, 9, 4, 7, 4, 5, 4, 5};
  /* Cut_Quantile 0.1 of 10: one cut at each end, 11..18 kept. */
  const double c1[] = {90, 10, 17, 11, 16, 12, 15, 13, 14, 18};
  /* Cut_Quantile 0.1 of 5: floor(0.5) = 0, all kept. */
  const double c2[] = {40, 14, 16, 14, 15};
  /* Cut_Quantile 0.4 of 3: floor(1.2) = 1 at each end leaves the middle. */
  const double c3[] = {9, 1, 5};
  const double none[] = {3, 1, 2, 10};
  double copy[10];
  size_t i;
  double m, a;

  check_values(t1, 10, SK_STATS_FILTER_TUKEY, 0.0, 5.0, 5.0);
  check_values(t2, 9, SK_STATS_FILTER_TUKEY, 0.0, 4.5, 5.0);
  check_values(c1, 10, SK_STATS_FILTER_CUT, 0.1, 14.5, 14.5);
  check_values(c2, 5, SK_STATS_FILTER_CUT, 0.1, 15.0, 19.8);
  check_values(c3, 3, SK_STATS_FILTER_CUT, 0.4, 5.0, 5.0);
  check_values(none, 4, SK_STATS_FILTER_NONE, 0.0, 2.5, 4.0);
  /* the same samples under another filter give other values */
  check_values(t1, 10, SK_STATS_FILTER_NONE, 0.0, 5.5, 14.5);

  /* the samples are the caller's: left in their order */
  for (i = 0; i < 10; i++)
    copy[i] = t1[i];
  check_values(copy, 10, SK_STATS_FILTER_TUKEY, 0.0, 5.0, 5.0);
  for (i = 0; i < 10; i++)
    SK_CHECK(copy[i] == t1[i]);

  /* no samples: refused, outputs untouched */
  m = a = 7.0;
  SK_CHECK(sk_merge_raw_values(t1, 0, SK_STATS_FILTER_NONE, 0.0, &m, &a) ==
           -1);
  SK_CHECK(m == 7.0 && a == 7.0);
  return sk_test_result();
}
