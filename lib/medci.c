/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * medci.c -- the confidence interval of a median from order statistics.
 */
#include <config.h>

#include "medci.h"

#include <math.h>
#include <string.h>

#include "stats.h"

/* The terms binom(n, k)/2^n grow by (n - k)/(k + 1) from k to k + 1;
 * the first, 2^-n, underflows for n > 1074, so the running term is kept
 * as a logarithm and only exponentiated to be added. */
double sk_medci_binom_cdf(size_t n, size_t k)
{
  double logp = -(double)n * log(2.0), sum = 0.0;
  size_t i;
  if (k >= n)
    return 1.0;
  for (i = 0; i <= k; i++) {
    sum += exp(logp);
    logp += log((double)(n - i) / (double)(i + 1));
  }
  return sum < 1.0 ? sum : 1.0;
}

int sk_medci_ranks(size_t n, double level, size_t *l, size_t *u,
                   double *coverage)
{
  double tail = 0.0, logp, next;
  size_t k;
  if (n == 0 || !(level > 0.0 && level < 1.0))
    return -1;
  /* l = 1 is [min, max]: coverage 1 - 2 P(K = 0) (0 for n = 1, whose
   * only interval is the one value). */
  *l = 1;
  *u = n;
  logp = -(double)n * log(2.0);
  *coverage = n == 1 ? 0.0 : 1.0 - 2.0 * exp(logp);
  if (*coverage < level)
    return 0;
  /* Widen the tail one rank at a time while l + 1 keeps the level and
   * the interval stays an interval (l + 1 <= u - 1). */
  for (k = 0; *l + 1 <= n - *l; k++) {
    tail += exp(logp);
    logp += log((double)(n - k) / (double)(k + 1));
    next = 1.0 - 2.0 * (tail + exp(logp));
    if (next < level)
      break;
    (*l)++;
    *u = n + 1 - *l;
    *coverage = next;
  }
  return 1;
}

int sk_medci(const double *sorted, size_t n, double level, sk_medci_t *out)
{
  double half;
  int r;
  memset(out, 0, sizeof *out);
  r = sk_medci_ranks(n, level, &out->lo_rank, &out->hi_rank, &out->coverage);
  if (r < 0)
    return -1;
  out->short_of_level = r == 0;
  out->lower = sorted[out->lo_rank - 1];
  out->upper = sorted[out->hi_rank - 1];
  out->median = sk_stats_median(sorted, n);
  half = fmax(out->median - out->lower, out->upper - out->median);
  if (out->median != 0.0)
    out->rel_halfwidth = half / fabs(out->median);
  else
    out->rel_halfwidth = half > 0.0 ? INFINITY : 0.0;
  return 0;
}
