/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stats.c -- mean, standard error, cut quantile, order statistics.
 */
#include <config.h>

#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double sk_stats_mean(const double *x, size_t n)
{
  double s = 0.0;
  size_t i;
  if (n == 0)
    return 0.0;
  for (i = 0; i < n; i++)
    s += x[i];
  return s / (double)n;
}

/* Two passes: the sum of squared deviations from the mean is far more
 * accurate than Σx² - n·x̄² when the spread is small against the mean. */
double sk_stats_stderr(const double *x, size_t n)
{
  double m, ss = 0.0;
  size_t i;
  if (n < 2)
    return 0.0;
  m = sk_stats_mean(x, n);
  for (i = 0; i < n; i++)
    ss += (x[i] - m) * (x[i] - m);
  return sqrt(ss / (double)n) / sqrt((double)n);
}

double sk_stats_median(const double *sorted, size_t n)
{
  if (n == 0)
    return 0.0;
  if (n % 2 == 1)
    return sorted[n / 2];
  return 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

double sk_stats_median_of(const double *x, size_t n)
{
  double *s = malloc((n ? n : 1) * sizeof *s), m;
  if (!s)
    return NAN;
  if (n > 0)
    memcpy(s, x, n * sizeof *s);
  sk_stats_sort(s, n);
  m = sk_stats_median(s, n);
  free(s);
  return m;
}

int sk_stats_spread(const double *x, size_t n, double *scratch,
                    double *min, double *median, double *max,
                    size_t *argmax)
{
  size_t i, at = 0;
  if (n == 0)
    return -1;
  for (i = 0; i < n; i++) {
    if (isnan(x[i]))
      return -1;
    if (x[i] > x[at])
      at = i;
    scratch[i] = x[i];
  }
  sk_stats_sort(scratch, n);
  *min = scratch[0];
  *median = sk_stats_median(scratch, n);
  *max = scratch[n - 1];
  *argmax = at;
  return 0;
}

size_t sk_stats_cut_count(size_t n, double q)
{
  size_t c;
  if (n == 0 || !(q > 0.0))
    return 0;
  c = (size_t)floor(q * (double)n);
  if (2 * c >= n)            /* keep at least one repetition */
    c = (n - 1) / 2;
  return c;
}

static void sk_stats_sift_down(double *x, size_t root, size_t n)
{
  for (;;) {
    size_t child = 2 * root + 1;
    double t;
    if (child >= n)
      return;
    if (child + 1 < n && x[child + 1] > x[child])
      child++;
    if (x[root] >= x[child])
      return;
    t = x[root];
    x[root] = x[child];
    x[child] = t;
    root = child;
  }
}

void sk_stats_sort(double *x, size_t n)
{
  size_t i;
  if (n < 2)
    return;
  for (i = n / 2; i-- > 0;)
    sk_stats_sift_down(x, i, n);
  for (i = n - 1; i > 0; i--) {
    double t = x[0];
    x[0] = x[i];
    x[i] = t;
    sk_stats_sift_down(x, 0, i);
  }
}

double sk_stats_quantile(const double *sorted, size_t n, double p)
{
  double h, f;
  size_t k;
  if (n == 0)
    return 0.0;
  if (p <= 0.0)
    return sorted[0];
  if (p >= 1.0)
    return sorted[n - 1];
  h = (double)(n - 1) * p;
  f = floor(h);
  k = (size_t)f;
  if (k + 1 >= n)
    return sorted[n - 1];
  return sorted[k] + (h - f) * (sorted[k + 1] - sorted[k]);
}

void sk_stats_box(const double *x, size_t n, double *work, double box[5])
{
  static const double at[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
  size_t i;
  if (work != x)
    memmove(work, x, n * sizeof *work);
  sk_stats_sort(work, n);
  for (i = 0; i < 5; i++)
    box[i] = sk_stats_quantile(work, n, at[i]);
}

void sk_stats_filter(const double *sorted, size_t n, int filter, double q,
                     size_t *first, size_t *kept)
{
  size_t lo = 0, hi = n;
  if (filter == SK_STATS_FILTER_CUT) {
    lo = sk_stats_cut_count(n, q);
    hi = n - lo;
  } else if (filter == SK_STATS_FILTER_TUKEY && n > 0) {
    double q1 = sk_stats_quantile(sorted, n, 0.25);
    double q3 = sk_stats_quantile(sorted, n, 0.75);
    double lf = q1 - 1.5 * (q3 - q1), uf = q3 + 1.5 * (q3 - q1);
    while (lo < n && sorted[lo] < lf)
      lo++;
    while (hi > lo && sorted[hi - 1] > uf)
      hi--;
  }
  *first = lo;
  *kept = hi - lo;
}

int sk_stats_summarize_filter(const double *sorted, size_t n, int filter,
                              double q, sk_stats_t *out)
{
  size_t first, kept;
  memset(out, 0, sizeof *out);
  if (n == 0)
    return -1;
  sk_stats_filter(sorted, n, filter, q, &first, &kept);
  out->n = n;
  out->kept = kept;
  out->cut = n - kept;
  out->lo_cut = first;
  out->mean = sk_stats_mean(sorted + first, kept);
  out->se = sk_stats_stderr(sorted + first, kept);
  out->min = sorted[0];
  out->median = sk_stats_median(sorted, n);
  out->max = sorted[n - 1];
  out->q1 = sk_stats_quantile(sorted, n, 0.25);
  out->q3 = sk_stats_quantile(sorted, n, 0.75);
  return 0;
}

int sk_stats_summarize(const double *sorted, size_t n, double q,
                       sk_stats_t *out)
{
  return sk_stats_summarize_filter(sorted, n, SK_STATS_FILTER_CUT, q, out);
}
