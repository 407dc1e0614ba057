/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * edivisive.c -- E-divisive means on ranks with a permutation test
 * (edivisive.h).
 */
#include <config.h>

#include "edivisive.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "stats.h"

void sk_ediv_defaults(sk_ediv_opts_t *o)
{
  o->alpha = 0.001;
  o->min_effect = 0.05;
  o->permutations = 1999;
  o->min_size = 3;
  o->seed = 0x5ca3b1d5eedull;
}

/* Sums of d over the pairs inside r[0..t) (w_left[t]) and inside
 * r[t..n) (w_right[t]), for every t, in O(n²). */
static void sk_ediv_within(const double *r, size_t n, double *wl,
                           double *wr)
{
  size_t i, t;
  double add;
  wl[0] = 0;
  for (t = 0; t < n; t++) {
    for (add = 0, i = 0; i < t; i++)
      add += fabs(r[t] - r[i]);
    wl[t + 1] = wl[t] + add;
  }
  wr[n] = 0;
  for (t = n; t-- > 0;) {
    for (add = 0, i = t + 1; i < n; i++)
      add += fabs(r[t] - r[i]);
    wr[t] = wr[t + 1] + add;
  }
}

size_t sk_ediv_stat(const double *r, size_t n, size_t min_size, double *q)
{
  double *wl = malloc((n + 1) * sizeof *wl);
  double *wr = malloc((n + 1) * sizeof *wr);
  double cross, p, s, e, best = -1;
  size_t t, arg = 0;
  if (!wl || !wr) {
    free(wl);
    free(wr);
    return 0;
  }
  sk_ediv_within(r, n, wl, wr);
  if (min_size < 2)
    min_size = 2;
  for (t = 0; t <= n; t++) {
    q[t] = -1;
    if (t < min_size || n - t < min_size)
      continue;
    p = (double)t;
    s = (double)(n - t);
    cross = wl[n] - wl[t] - wr[t];   /* all pairs minus those inside */
    e = 2 * cross / (p * s) - wl[t] / (p * (p - 1) / 2) -
        wr[t] / (s * (s - 1) / 2);
    q[t] = p * s / (p + s) * e;
    if (q[t] > best) {
      best = q[t];
      arg = t;
    }
  }
  free(wl);
  free(wr);
  return arg;
}

/* xorshift64*: small, fast, and the same on every machine. */
static uint64_t sk_ediv_rand(uint64_t *s)
{
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 2685821657736338717ull;
}

static void sk_ediv_shuffle(double *v, size_t n, uint64_t *s)
{
  size_t i, j;
  double t;
  for (i = n; i > 1; i--) {
    j = (size_t)(sk_ediv_rand(s) % i);
    t = v[i - 1];
    v[i - 1] = v[j];
    v[j] = t;
  }
}

/* Midranks of x[0..n) into r. */
static int sk_ediv_ranks(const double *x, size_t n, double *r)
{
  size_t *idx = malloc((n ? n : 1) * sizeof *idx), i, j, k;
  if (!idx)
    return -1;
  for (i = 0; i < n; i++)
    idx[i] = i;
  for (i = 1; i < n; i++)        /* insertion sort: series are short */
    for (j = i; j > 0 && x[idx[j - 1]] > x[idx[j]]; j--) {
      k = idx[j];
      idx[j] = idx[j - 1];
      idx[j - 1] = k;
    }
  for (i = 0; i < n; i = j) {
    for (j = i + 1; j < n && x[idx[j]] == x[idx[i]]; j++)
      ;
    for (k = i; k < j; k++)
      r[idx[k]] = 0.5 * (double)(i + j + 1);
  }
  free(idx);
  return 0;
}

typedef struct sk_ediv_run {
  const double *x;
  const sk_ediv_opts_t *o;
  uint64_t rng;
  sk_ediv_cp_t *cps;
  size_t n, cap;
  double *q, *perm;
} sk_ediv_run_t;

static int sk_ediv_push(sk_ediv_run_t *e, const sk_ediv_cp_t *cp)
{
  if (SK_GROW(e->cps, e->cap, e->n + 1, 8) != 0)
    return -1;
  e->cps[e->n++] = *cp;
  return 0;
}

/* The permutation p-value of the best split of ranks r[0..n). */
static double sk_ediv_pvalue(sk_ediv_run_t *e, const double *r, size_t n,
                             double observed)
{
  size_t i, reach = 0;
  memcpy(e->perm, r, n * sizeof *r);
  for (i = 0; i < e->o->permutations; i++) {
    sk_ediv_shuffle(e->perm, n, &e->rng);
    if (e->q[sk_ediv_stat(e->perm, n, e->o->min_size, e->q)] >=
        observed * (1 - 1e-12))
      reach++;
  }
  return (double)(1 + reach) / (double)(1 + e->o->permutations);
}

/* Binary segmentation of x[a..b). */
static int sk_ediv_segment(sk_ediv_run_t *e, size_t a, size_t b)
{
  size_t n = b - a, t;
  double *r, best;
  sk_ediv_cp_t cp;
  if (n < 2 * e->o->min_size || !(r = malloc(n * sizeof *r)))
    return n < 2 * e->o->min_size ? 0 : -1;
  if (sk_ediv_ranks(e->x + a, n, r) < 0) {
    free(r);
    return -1;
  }
  t = sk_ediv_stat(r, n, e->o->min_size, e->q);
  best = e->q[t];
  if (t == 0 || !(best > 0)) {
    free(r);
    return 0;
  }
  cp.at = a + t;
  cp.before = sk_stats_median_of(e->x + a, t);
  cp.after = sk_stats_median_of(e->x + a + t, n - t);
  cp.p = sk_ediv_pvalue(e, r, n, best);
  free(r);
  if (cp.p > e->o->alpha ||
      !(fabs(cp.after - cp.before) >= e->o->min_effect * fabs(cp.before)))
    return 0;
  if (sk_ediv_push(e, &cp) < 0 || sk_ediv_segment(e, a, a + t) < 0 ||
      sk_ediv_segment(e, a + t, b) < 0)
    return -1;
  return 0;
}

static int sk_ediv_cmp(const void *a, const void *b)
{
  const sk_ediv_cp_t *x = a, *y = b;
  return (x->at > y->at) - (x->at < y->at);
}

int sk_ediv_find(const double *x, size_t n, const sk_ediv_opts_t *o,
                 sk_ediv_cp_t **out, size_t *nout)
{
  sk_ediv_run_t e;
  size_t i;
  int rc;
  *out = NULL;
  *nout = 0;
  for (i = 0; i < n; i++)
    if (!isfinite(x[i]))
      return -1;
  memset(&e, 0, sizeof e);
  e.x = x;
  e.o = o;
  e.rng = o->seed ? o->seed : 1;
  e.q = malloc((n + 1) * sizeof *e.q);
  e.perm = malloc((n ? n : 1) * sizeof *e.perm);
  rc = e.q && e.perm ? sk_ediv_segment(&e, 0, n) : -1;
  free(e.q);
  free(e.perm);
  if (rc < 0) {
    free(e.cps);
    return -1;
  }
  if (e.n > 0)   /* none found: e.cps may be NULL */
    qsort(e.cps, e.n, sizeof *e.cps, sk_ediv_cmp);
  *out = e.cps;
  *nout = e.n;
  return 0;
}
