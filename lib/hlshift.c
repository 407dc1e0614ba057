/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hlshift.c -- Hodges-Lehmann shift and ratio with distribution-free
 * intervals (hlshift.h).
 */
#include <config.h>

#include "hlshift.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Counts c[0..mn] of the orderings of m and n distinct values whose U
 * (pairs with the m-value larger) is u.  With f_{j,k} for j values of
 * one sample and k of the other, the largest value is one of the j (it
 * beats all k) or one of the k:
 *     f_{j,k}(u) = f_{j-1,k}(u - k) + f_{j,k-1}(u)
 * kept for all j in one table and updated in place for k = 1..n (j
 * ascending, so f_{j-1,k} is already the new one).  Sums of positive
 * terms only, so the tails keep their digits. */
static double *sk_hl_counts(size_t m, size_t n)
{
  size_t w = m * n + 1, j, k, u;
  double *f = calloc((m + 1) * w, sizeof *f), *c;
  if (!f)
    return NULL;
  for (j = 0; j <= m; j++)
    f[j * w] = j == 0 ? 1.0 : 0.0;   /* k = 0: only j = 0 has orderings */
  for (j = 1; j <= m; j++)
    f[j * w] = 1.0;                  /* f_{j,0}(0) = 1 */
  for (k = 1; k <= n; k++)
    for (j = 1; j <= m; j++)
      for (u = j * k + 1; u-- > k;)
        f[j * w + u] += f[(j - 1) * w + u - k];
  c = malloc(w * sizeof *c);
  if (c)
    memcpy(c, f + m * w, w * sizeof *c);
  free(f);
  return c;
}

double sk_hl_u_cdf(size_t m, size_t n, double u)
{
  double *c, below = 0, total = 0;
  size_t v;
  if (m == 0 || n == 0 || m > SK_HL_EXACT_MAX || n > SK_HL_EXACT_MAX ||
      !(c = sk_hl_counts(m, n)))
    return NAN;
  for (v = 0; v <= m * n; v++) {
    total += c[v];
    if ((double)v <= u)
      below += c[v];
  }
  free(c);
  return below / total;
}

/* k of the exact interval: the smallest q with P(U <= q) >= alpha/2, at
 * least 1 (R's qwilcox rule); *coverage = 1 - 2 P(U <= k - 1). */
static int sk_hl_k_exact(size_t m, size_t n, double alpha, size_t *k,
                         double *coverage)
{
  double *c = sk_hl_counts(m, n), total = 0, cum = 0, below = 0;
  size_t q;
  if (!c)
    return -1;
  for (q = 0; q <= m * n; q++)
    total += c[q];
  for (q = 0; q <= m * n; q++) {
    cum += c[q];
    if (cum / total >= alpha / 2)
      break;
  }
  *k = q ? q : 1;
  for (q = 0; q < *k; q++)
    below += c[q];
  *coverage = 1 - 2 * below / total;
  free(c);
  return 0;
}

static double sk_hl_phi(double z)
{
  return 0.5 * erfc(-z / sqrt(2.0));
}

/* The standard normal quantile of p in (0, 1), by bisection on Φ. */
static double sk_hl_probit(double p)
{
  double lo = -40, hi = 40, mid;
  int i;
  for (i = 0; i < 200; i++) {
    mid = 0.5 * (lo + hi);
    if (sk_hl_phi(mid) < p)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

/* k of the normal approximation: P(U <= k - 1) ~ Φ((k - 1/2 - mn/2)/σ)
 * <= alpha/2 with σ² = mn(m + n + 1)/12. */
static void sk_hl_k_normal(size_t m, size_t n, double alpha, size_t *k,
                           double *coverage)
{
  double mn = (double)m * (double)n;
  double sigma = sqrt(mn * ((double)(m + n) + 1) / 12.0);
  double kk = floor(mn / 2 + 0.5 - sk_hl_probit(1 - alpha / 2) * sigma);
  *k = kk < 1 ? 1 : (size_t)kk;
  *coverage = 1 - 2 * sk_hl_phi(((double)*k - 0.5 - mn / 2) / sigma);
}

static int sk_hl_dcmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int sk_hl_shift(const double *x, size_t m, const double *y, size_t n,
                double conf, sk_hl_t *out)
{
  double *d;
  size_t i, j, mn = m * n;
  if (m == 0 || n == 0 || mn / n != m || mn > SK_HL_MAX_PAIRS ||
      !(conf > 0 && conf < 1))
    return -1;
  for (i = 0; i < m; i++)
    if (!isfinite(x[i]))
      return -1;
  for (j = 0; j < n; j++)
    if (!isfinite(y[j]))
      return -1;
  if (!(d = malloc(mn * sizeof *d)))
    return -1;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      d[i * n + j] = y[j] - x[i];
  qsort(d, mn, sizeof *d, sk_hl_dcmp);
  out->estimate = 0.5 * (d[(mn - 1) / 2] + d[mn / 2]);
  out->exact = m <= SK_HL_EXACT_MAX && n <= SK_HL_EXACT_MAX;
  if (out->exact) {
    if (sk_hl_k_exact(m, n, 1 - conf, &out->k, &out->coverage) < 0) {
      free(d);
      return -1;
    }
  } else
    sk_hl_k_normal(m, n, 1 - conf, &out->k, &out->coverage);
  if (out->k > (mn + 1) / 2)
    out->k = (mn + 1) / 2;
  out->low = d[out->k - 1];
  out->high = d[mn - out->k];
  free(d);
  return 0;
}

static double *sk_hl_logs(const double *v, size_t n)
{
  double *l = malloc((n ? n : 1) * sizeof *l);
  size_t i;
  for (i = 0; l && i < n; i++) {
    if (!(v[i] > 0) || !isfinite(v[i])) {
      free(l);
      return NULL;
    }
    l[i] = log(v[i]);
  }
  return l;
}

int sk_hl_ratio(const double *x, size_t m, const double *y, size_t n,
                double conf, sk_hl_t *out)
{
  double *lx = sk_hl_logs(x, m), *ly = sk_hl_logs(y, n);
  int rc = -1;
  if (lx && ly && sk_hl_shift(lx, m, ly, n, conf, out) == 0) {
    out->estimate = exp(out->estimate);
    out->low = exp(out->low);
    out->high = exp(out->high);
    rc = 0;
  }
  free(lx);
  free(ly);
  return rc;
}
