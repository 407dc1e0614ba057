/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_stats.c -- the statistics of a point, against values worked out by
 * hand.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "stats.h"
#include "sk_test.h"

static void test_mean_stderr(void)
{
  static const double a[] = {1, 2, 3, 4};
  static const double b[] = {2, 4, 4, 4, 5, 5, 7, 9};  /* mean 5, sigma 2 */
  SK_CHECK_REL(sk_stats_mean(a, 4), 2.5, 1e-12);
  SK_CHECK_REL(sk_stats_mean(b, 8), 5.0, 1e-12);
  /* sigma with divisor n is exactly 2, so sigma/sqrt(n) = 2/sqrt(8). */
  SK_CHECK_REL(sk_stats_stderr(b, 8), 2.0 / sqrt(8.0), 1e-12);
  SK_CHECK_REL(sk_stats_stderr(b, 8), 0.70710678118654757, 1e-12);
  SK_CHECK(sk_stats_mean(a, 0) == 0.0);
  SK_CHECK(sk_stats_stderr(a, 1) == 0.0);
}

static void test_median(void)
{
  static const double odd[] = {1, 3, 8};
  static const double even[] = {1, 3, 8, 10};
  SK_CHECK(sk_stats_median(odd, 3) == 3.0);
  SK_CHECK(sk_stats_median(even, 4) == 5.5);
  SK_CHECK(sk_stats_median(odd, 1) == 1.0);
  SK_CHECK(sk_stats_median(odd, 0) == 0.0);
}

/* The median of an unsorted array, which stays as it was. */
static void test_median_of(void)
{
  double x[] = {9, 1, 7, 3, 5, 2};
  const double before[] = {9, 1, 7, 3, 5, 2};
  size_t i;
  SK_CHECK(sk_stats_median_of(x, 6) == 4.0);
  SK_CHECK(sk_stats_median_of(x, 5) == 5.0);
  SK_CHECK(sk_stats_median_of(x, 1) == 9.0);
  SK_CHECK(sk_stats_median_of(x, 0) == 0.0);
  for (i = 0; i < 6; i++)
    SK_CHECK(x[i] == before[i]);
}

/* The spread of OL_i over destinations: unsorted input left as it was,
 * the first of two equal maxima named, NaN and n == 0 refused. */
static void test_spread(void)
{
  double x[] = {3e-6, 1e-6, 5e-6, 2e-6, 5e-6}, tmp[5], lo, mid, hi;
  double nan[] = {1.0, NAN};
  size_t at = 99;
  SK_CHECK(sk_stats_spread(x, 5, tmp, &lo, &mid, &hi, &at) == 0);
  SK_CHECK(lo == 1e-6 && mid == 3e-6 && hi == 5e-6);
  SK_CHECK_INT((long)at, 2);
  SK_CHECK(x[0] == 3e-6 && x[1] == 1e-6);
  SK_CHECK(sk_stats_spread(x, 4, tmp, &lo, &mid, &hi, &at) == 0);
  SK_CHECK_REL(mid, 2.5e-6, 1e-15);
  SK_CHECK(sk_stats_spread(x + 1, 1, tmp, &lo, &mid, &hi, &at) == 0);
  SK_CHECK(lo == 1e-6 && mid == 1e-6 && hi == 1e-6 && at == 0);
  SK_CHECK(sk_stats_spread(x, 0, tmp, &lo, &mid, &hi, &at) == -1);
  SK_CHECK(sk_stats_spread(nan, 2, tmp, &lo, &mid, &hi, &at) == -1);
}

static void test_cut_count(void)
{
  SK_CHECK(sk_stats_cut_count(10, 0.1) == 1);
  SK_CHECK(sk_stats_cut_count(10, 0.25) == 2);
  SK_CHECK(sk_stats_cut_count(19, 0.1) == 1);
  SK_CHECK(sk_stats_cut_count(20, 0.1) == 2);
  SK_CHECK(sk_stats_cut_count(3, 0.49) == 1);
  SK_CHECK(sk_stats_cut_count(2, 0.49) == 0);
  SK_CHECK(sk_stats_cut_count(100, 0.0) == 0);
  SK_CHECK(sk_stats_cut_count(0, 0.3) == 0);
}

static void test_summarize(void)
{
  /* One slow outlier: the cut of 10% at each end drops 1 and 100. */
  static const double x[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 100};
  sk_stats_t s;
  SK_CHECK(sk_stats_summarize(x, 10, 0.1, &s) == 0);
  SK_CHECK(s.n == 10 && s.kept == 8 && s.cut == 2);
  SK_CHECK_REL(s.mean, 5.5, 1e-12);
  /* 2..9 around 5.5: squares sum to 42, sigma^2 = 42/8, se = sqrt(42/64). */
  SK_CHECK_REL(s.se, sqrt(42.0 / 64.0), 1e-12);
  SK_CHECK(s.min == 1.0 && s.max == 100.0 && s.median == 5.5);
  /* No cut: the outlier drags the mean to 14.5. */
  SK_CHECK(sk_stats_summarize(x, 10, 0.0, &s) == 0);
  SK_CHECK(s.kept == 10 && s.cut == 0);
  SK_CHECK_REL(s.mean, 14.5, 1e-12);
  SK_CHECK(sk_stats_summarize(x, 0, 0.1, &s) == -1);
  SK_CHECK(s.n == 0 && s.mean == 0.0);
}

/* Quartiles by definition 7 (R's quantile() default): h = (n-1) p. */
static void test_quantile(void)
{
  static const double x[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 100};
  SK_CHECK_REL(sk_stats_quantile(x, 10, 0.25), 3.25, 1e-12);
  SK_CHECK_REL(sk_stats_quantile(x, 10, 0.5), 5.5, 1e-12);
  SK_CHECK_REL(sk_stats_quantile(x, 10, 0.75), 7.75, 1e-12);
  SK_CHECK(sk_stats_quantile(x, 10, 0.0) == 1.0);
  SK_CHECK(sk_stats_quantile(x, 10, 1.0) == 100.0);
  SK_CHECK(sk_stats_quantile(x, 1, 0.25) == 1.0);
  SK_CHECK(sk_stats_quantile(x, 0, 0.25) == 0.0);
}

/* The box of {9, 1, 4, 7}: sorted 1 4 7 9, h = 3p: Q1 at h 0.75 is
 * 1 + 0.75 * 3 = 3.25, the median at 1.5 is 4 + 0.5 * 3 = 5.5, Q3 at
 * 2.25 is 7 + 0.25 * 2 = 7.5. */
static void test_box(void)
{
  static const double x[] = {9, 1, 4, 7};
  double work[4], in_place[] = {2, 8}, box[5];
  sk_stats_box(x, 4, work, box);
  SK_CHECK(box[0] == 1.0 && box[4] == 9.0);
  SK_CHECK_REL(box[1], 3.25, 1e-12);
  SK_CHECK_REL(box[2], 5.5, 1e-12);
  SK_CHECK_REL(box[3], 7.5, 1e-12);
  SK_CHECK(x[0] == 9.0 && work[0] == 1.0 && work[3] == 9.0);
  /* work may be x itself; two values: Q1 2 + 0.25 * 6 = 3.5 */
  sk_stats_box(in_place, 2, in_place, box);
  SK_CHECK(box[0] == 2.0 && box[2] == 5.0 && box[4] == 8.0);
  SK_CHECK_REL(box[1], 3.5, 1e-12);
  SK_CHECK_REL(box[3], 6.5, 1e-12);
  /* no values: all five 0, as every function of stats.h at n == 0 */
  sk_stats_box(x, 0, work, box);
  SK_CHECK(box[0] == 0.0 && box[2] == 0.0 && box[4] == 0.0);
}

static void test_tukey(void)
{
  /* Q1 3.25, Q3 7.75, IQR 4.5: fences -3.5 and 14.5 drop only 100. */
  static const double hi[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 100};
  /* Q1 10.25, Q3 12.75, IQR 2.5: fences 6.5 and 16.5 drop only -50. */
  static const double lo[] = {-50, 10, 11, 12, 13, 14};
  /* Q1 2, Q3 4, upper fence exactly 7: a value on a fence is kept. */
  static const double edge[] = {1, 2, 3, 4, 7};
  static const double flat[] = {0, 0, 0, 0, 3};
  size_t first, kept;
  sk_stats_t s;
  SK_CHECK(sk_stats_summarize_filter(hi, 10, SK_STATS_FILTER_TUKEY, 0.0,
                                     &s) == 0);
  SK_CHECK(s.kept == 9 && s.cut == 1 && s.lo_cut == 0);
  SK_CHECK_REL(s.mean, 5.0, 1e-12);
  SK_CHECK_REL(s.q1, 3.25, 1e-12);
  SK_CHECK_REL(s.q3, 7.75, 1e-12);
  SK_CHECK(s.max == 100.0);
  sk_stats_filter(lo, 6, SK_STATS_FILTER_TUKEY, 0.0, &first, &kept);
  SK_CHECK(first == 1 && kept == 5);
  sk_stats_filter(edge, 5, SK_STATS_FILTER_TUKEY, 0.0, &first, &kept);
  SK_CHECK(first == 0 && kept == 5);
  sk_stats_filter(flat, 5, SK_STATS_FILTER_TUKEY, 0.0, &first, &kept);
  SK_CHECK(first == 0 && kept == 4);
  /* none keeps everything; the cut ignores nothing of q */
  sk_stats_filter(hi, 10, SK_STATS_FILTER_NONE, 0.25, &first, &kept);
  SK_CHECK(first == 0 && kept == 10);
  sk_stats_filter(hi, 10, SK_STATS_FILTER_CUT, 0.25, &first, &kept);
  SK_CHECK(first == 2 && kept == 6);
}

static void test_sort(void)
{
  double x[1000], sum = 0.0, after = 0.0;
  size_t i;
  srand(7);
  for (i = 0; i < 1000; i++) {
    x[i] = (double)(rand() % 997);
    sum += x[i];
  }
  sk_stats_sort(x, 1000);
  for (i = 0; i < 1000; i++)
    after += x[i];
  for (i = 1; i < 1000; i++)
    SK_CHECK(x[i - 1] <= x[i]);
  SK_CHECK(sum == after);
  sk_stats_sort(x, 0);
}

int main(void)
{
  test_mean_stderr();
  test_median();
  test_spread();
  test_cut_count();
  test_summarize();
  test_quantile();
  test_box();
  test_tukey();
  test_sort();
  test_median_of();
  return sk_test_result();
}
