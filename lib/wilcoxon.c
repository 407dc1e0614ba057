/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * wilcoxon.c -- the Wilcoxon rank-sum / Mann-Whitney U test.
 *
 * Ranks come from one sort of the pooled sample; tied values share their
 * mean rank.  The exact null distribution of U is counted with the
 * recurrence on the largest pooled element (doc/statistics.md); the
 * normal approximation follows the usual tie-corrected variance and a
 * continuity correction of 1/2 towards the mean.
 */
#include <config.h>

#include "wilcoxon.h"

#include <math.h>
#include <stdlib.h>

typedef struct {
  double v;
  int from_a;
} wx_item_t;

static int wx_cmp(const void *pa, const void *pb)
{
  const wx_item_t *a = pa, *b = pb;

  return (a->v > b->v) - (a->v < b->v);
}

/* Fills rank_sum_a, u_a and has_ties; *tie_term = sum over groups of equal
 * values of (t^3 - t), t the group size.  -1 when out of memory. */
static int wx_ranks(const double *a, size_t n1, const double *b, size_t n2,
                    sk_wilcoxon_t *out, double *tie_term)
{
  size_t n = n1 + n2;
  wx_item_t *it = malloc(n * sizeof *it);

  if (!it)
    return -1;
  for (size_t i = 0; i < n; i++) {
    it[i].v = i < n1 ? a[i] : b[i - n1];
    it[i].from_a = i < n1;
  }
  qsort(it, n, sizeof *it, wx_cmp);
  out->rank_sum_a = 0.0;
  *tie_term = 0.0;
  for (size_t i = 0, j; i < n; i = j) {
    size_t in_a = 0;
    for (j = i; j < n && it[j].v == it[i].v; j++)
      in_a += (size_t)it[j].from_a;
    double t = (double)(j - i);
    /* ranks i+1 .. j, all given their mean (i + 1 + j) / 2 */
    out->rank_sum_a += (double)in_a * ((double)(i + 1 + j) / 2.0);
    *tie_term += t * t * t - t;
  }
  free(it);
  out->has_ties = *tie_term > 0.0;
  out->u_a = out->rank_sum_a - (double)n1 * (double)(n1 + 1) / 2.0;
  return 0;
}

/* ---- exact null distribution ---------------------------------------- */

/* f[u] for u = 0..half (half = floor(m*n/2)): the number of orderings of
 * m + n distinct values (m from one sample) whose U equals u.  The
 * largest value either comes from the m-sample and beats all n others,
 * or from the n-sample and beats none:
 *   f_{j,k}(u) = f_{j-1,k}(u - k) + f_{j,k-1}(u),   f_{j,0}(u) = [u = 0].
 * Only u <= half is kept: no term of the recurrence needs a larger u.
 * Returns a malloc'ed array of half + 1 counts, or NULL. */
static double *wx_exact_counts(size_t m, size_t n, size_t half)
{
  size_t len = half + 1;
  double *f = calloc((m + 1) * len, sizeof *f);

  if (!f)
    return NULL;
  for (size_t j = 0; j <= m; j++)
    f[j * len] = 1.0;
  for (size_t k = 1; k <= n; k++)
    for (size_t j = 1; j <= m; j++) {
      double *cur = f + j * len;
      const double *prev = f + (j - 1) * len;   /* already at k */
      for (size_t u = k; u < len; u++)
        cur[u] += prev[u - k];
    }
  double *res = malloc(len * sizeof *res);
  if (res)
    for (size_t u = 0; u < len; u++)
      res[u] = f[m * len + u];
  free(f);
  return res;
}

/* P(U >= u) for the counts f[0..half] of a distribution symmetric about
 * mn/2.  Sums the small tail directly so tiny p-values keep their digits. */
static double wx_exact_sf(const double *f, size_t half, size_t mn,
                          double total, double u)
{
  double s = 0.0;

  if (u <= 0.0)
    return 1.0;
  if (u > (double)mn)
    return 0.0;
  size_t ui = (size_t)u, c = mn - ui;   /* P(U >= u) = P(U <= mn - u) */
  if (c <= half) {
    for (size_t v = 0; v <= c; v++)
      s += f[v];
    return s / total;
  }
  for (size_t v = 0; v < ui; v++)        /* ui - 1 <= half here */
    s += f[v];
  return 1.0 - s / total;
}

static int wx_exact(sk_wilcoxon_t *r)
{
  size_t m = r->n1 < r->n2 ? r->n1 : r->n2;
  size_t n = r->n1 < r->n2 ? r->n2 : r->n1;
  size_t mn = m * n, half = mn / 2;
  double *f = wx_exact_counts(m, n, half);
  double total = 0.0;

  if (!f)
    return -1;
  for (size_t u = 0; u <= half; u++)
    total += f[u];
  total = 2.0 * total - (mn % 2 == 0 ? f[half] : 0.0);
  double u_b = (double)mn - r->u_a;
  r->p_greater = wx_exact_sf(f, half, mn, total, r->u_a);
  r->p_less = wx_exact_sf(f, half, mn, total, u_b);
  r->p_two_sided = 2.0 * wx_exact_sf(f, half, mn, total,
                                     r->u_a > u_b ? r->u_a : u_b);
  free(f);
  return 0;
}

/* ---- normal approximation ------------------------------------------- */

/* P(Z > z) for a standard normal Z. */
static double wx_norm_sf(double z)
{
  return 0.5 * erfc(z / sqrt(2.0));
}

/* P(U >= u) approximated by N(mn/2, s^2) with continuity correction; with
 * s == 0 (every value equal) there is no evidence at all: 1. */
static double wx_normal_sf(double u, double mean, double s)
{
  if (!(s > 0.0))
    return 1.0;
  return wx_norm_sf((u - mean - 0.5) / s);
}

static void wx_normal(sk_wilcoxon_t *r, double tie_term)
{
  double n1 = (double)r->n1, n2 = (double)r->n2, n = n1 + n2;
  double mean = n1 * n2 / 2.0;
  double var = n1 * n2 / 12.0 * ((n + 1.0) - tie_term / (n * (n - 1.0)));
  double s = var > 0.0 ? sqrt(var) : 0.0;
  double u_b = n1 * n2 - r->u_a;

  r->p_greater = wx_normal_sf(r->u_a, mean, s);
  r->p_less = wx_normal_sf(u_b, mean, s);
  r->p_two_sided =
      2.0 * wx_normal_sf(r->u_a > u_b ? r->u_a : u_b, mean, s);
}

/* ---- the test -------------------------------------------------------- */

static int wx_finite(const double *x, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!isfinite(x[i]))
      return 0;
  return 1;
}

static double wx_clip(double p)
{
  return p < 0.0 ? 0.0 : p > 1.0 ? 1.0 : p;
}

int sk_wilcoxon_test(const double *a, size_t n1, const double *b, size_t n2,
                     sk_wilcoxon_method_t method, sk_wilcoxon_t *out)
{
  double tie_term;
  int small = n1 <= SK_WILCOXON_EXACT_MAX && n2 <= SK_WILCOXON_EXACT_MAX;

  if (n1 == 0 || n2 == 0 || !wx_finite(a, n1) || !wx_finite(b, n2))
    return -1;
  out->n1 = n1;
  out->n2 = n2;
  if (wx_ranks(a, n1, b, n2, out, &tie_term) < 0)
    return -1;
  if (method == SK_WILCOXON_EXACT && (out->has_ties || !small))
    return -1;
  if (method == SK_WILCOXON_AUTO)
    method = small && !out->has_ties ? SK_WILCOXON_EXACT
                                     : SK_WILCOXON_NORMAL;
  out->method = method;
  if (method == SK_WILCOXON_EXACT) {
    if (wx_exact(out) < 0)
      return -1;
  } else {
    wx_normal(out, tie_term);
  }
  out->p_two_sided = wx_clip(out->p_two_sided);
  out->p_less = wx_clip(out->p_less);
  out->p_greater = wx_clip(out->p_greater);
  return 0;
}

double sk_wilcoxon_min_p(size_t n1, size_t n2)
{
  double a = (double)n1, b = (double)n2, s, c = 1.0;
  size_t i;
  if (n1 == 0 || n2 == 0)
    return 1.0;
  if (n1 <= SK_WILCOXON_EXACT_MAX && n2 <= SK_WILCOXON_EXACT_MAX) {
    /* the two arrangements with all of one sample first, of C(n1+n2, n1)
     * equally likely ones under the null hypothesis; C built up as
     * C(n2+i, i) = C(n2+i-1, i-1) (n2+i) / i, exact while it fits */
    for (i = 1; i <= n1; i++)
      c = c * (b + (double)i) / (double)i;
    return wx_clip(2.0 / c);
  }
  s = sqrt(a * b * (a + b + 1.0) / 12.0);
  return wx_clip(2.0 * wx_normal_sf(a * b, a * b / 2.0, s));
}

const char *sk_wilcoxon_stars(double p)
{
  if (p <= 0.001)
    return "***";
  if (p <= 0.01)
    return "**";
  if (p <= 0.05)
    return "*";
  return "";
}

const char *sk_wilcoxon_method_name(sk_wilcoxon_method_t m)
{
  return m == SK_WILCOXON_EXACT ? "exact" : "normal";
}
