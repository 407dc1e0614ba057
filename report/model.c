/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * model.c -- the max-rate model analysis of a result file.
 *
 * The jumps come from one ping-pong curve: a Length suite of
 * Pingpong_Send_Recv (type 1) when the file has one, otherwise the
 * Multipair_Pingpong Length suite with the most points.  Each jump's
 * upper length starts a new regime, and every model is fitted to each
 * regime's points separately (lib/fit.c does the fitting).
 */
#include <config.h>

#include "model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SK_MODEL_MAX_JUMPS 16

static int sk_model_usable(const sk_rfile_suite_t *s)
{
  return s->type == SK_MODEL_TYPE && s->npoints > 0 &&
         (s->arg == SK_RESULT_ARG_LENGTH || s->arg == SK_RESULT_ARG_NODES);
}

int sk_model_has_data(const sk_rfile_t *r)
{
  size_t i;
  for (i = 0; i < r->nsuites; i++)
    if (sk_model_usable(&r->suites[i]))
      return 1;
  return 0;
}

/* Every point with k >= 1 pairs and a positive time. */
static int sk_model_points(const sk_rfile_t *r, sk_model_t *m)
{
  size_t i, j, n = 0;
  for (i = 0; i < r->nsuites; i++)
    n += sk_model_usable(&r->suites[i]) ? r->suites[i].npoints : 0;
  m->pts = calloc(n ? n : 1, sizeof *m->pts);
  if (!m->pts)
    return -1;
  for (i = 0; i < r->nsuites; i++) {
    const sk_rfile_suite_t *s = &r->suites[i];
    for (j = 0; sk_model_usable(s) && j < s->npoints; j++) {
      const sk_rfile_point_t *p = &s->points[j];
      const char *len = sk_rfile_key(s, SK_KEY_DEFAULT_MESSAGE_LENGTH);
      double bytes = s->arg == SK_RESULT_ARG_LENGTH ? p->argument
                     : (len ? strtod(len, NULL) : -1);
      long procs = p->processes > 0 ? p->processes
                   : s->arg == SK_RESULT_ARG_NODES ? (long)p->argument : 0;
      long k = procs / 2;
      if (k < 1 || bytes < 0 || !(p->mean > 0) || !isfinite(p->mean))
        continue;
      m->pts[m->npts].k = k;
      m->pts[m->npts].n = bytes;
      m->pts[m->npts++].t = p->mean;
    }
  }
  return 0;
}

static int sk_model_long_cmp(const void *a, const void *b)
{
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

static int sk_model_ks(sk_model_t *m)
{
  size_t i, j;
  m->ks = calloc(m->npts ? m->npts : 1, sizeof *m->ks);
  if (!m->ks)
    return -1;
  for (i = 0; i < m->npts; i++) {
    for (j = 0; j < m->nk && m->ks[j] != m->pts[i].k; j++)
      ;
    if (j == m->nk)
      m->ks[m->nk++] = m->pts[i].k;
  }
  qsort(m->ks, m->nk, sizeof *m->ks, sk_model_long_cmp);
  return 0;
}

/* The ping-pong curve whose jumps split the regimes. */
static const sk_rfile_suite_t *sk_model_curve(const sk_rfile_t *r)
{
  const sk_rfile_suite_t *best = NULL;
  size_t i;
  for (i = 0; i < r->nsuites; i++) {
    const sk_rfile_suite_t *s = &r->suites[i];
    if (s->arg != SK_RESULT_ARG_LENGTH || s->npoints < 3)
      continue;
    if (s->type == 1)
      return s;
    if (s->type == SK_MODEL_TYPE && (!best || s->npoints > best->npoints))
      best = s;
  }
  return best;
}

/* The noise of a point for the switch detector: its standard error, or
 * half its interquartile range when that is larger (the scatter of
 * single repetitions, which the mean of the next point may show too). */
static double sk_model_noise(const sk_rfile_point_t *p)
{
  double se = isfinite(p->se) ? fabs(p->se) : 0.0;
  if (isfinite(p->q1) && isfinite(p->q3) && p->q3 > p->q1)
    return fmax(se, 0.5 * (p->q3 - p->q1));
  return se;
}

long sk_model_curve_jumps(const sk_rfile_suite_t *s, sk_fit_jump_t *out,
                          size_t cap)
{
  double *len = calloc(s->npoints ? s->npoints : 1, sizeof *len);
  double *t = calloc(s->npoints ? s->npoints : 1, sizeof *t);
  double *noise = calloc(s->npoints ? s->npoints : 1, sizeof *noise);
  size_t i, n = 0;
  long nj = -2;
  for (i = 0; len && t && noise && i < s->npoints; i++)
    if (s->points[i].mean > 0 && isfinite(s->points[i].mean) &&
        s->points[i].argument >= 0 &&
        (n == 0 || s->points[i].argument > len[n - 1])) {
      len[n] = s->points[i].argument;
      noise[n] = sk_model_noise(&s->points[i]);
      t[n++] = s->points[i].mean;
    }
  if (len && t && noise)
    nj = sk_fit_jumps(len, t, noise, n, SK_FIT_JUMP_THRESHOLD, out, cap);
  free(len);
  free(t);
  free(noise);
  return nj;
}

/* Switches of the curve over its strictly increasing lengths. */
static int sk_model_jumps(const sk_rfile_t *r, sk_model_t *m)
{
  const sk_rfile_suite_t *s = sk_model_curve(r);
  long nj;
  m->jumps = calloc(SK_MODEL_MAX_JUMPS, sizeof *m->jumps);
  if (!m->jumps)
    return -1;
  if (!s)
    return 0;
  m->curve = s->name;
  nj = sk_model_curve_jumps(s, m->jumps, SK_MODEL_MAX_JUMPS);
  if (nj == -2)
    return -1;
  if (nj < 0)
    return 0;
  m->njumps = nj > SK_MODEL_MAX_JUMPS ? SK_MODEL_MAX_JUMPS : (size_t)nj;
  return 0;
}

/* How many distinct lengths (K 0) or numbers of pairs (K 1) P has. */
static size_t sk_model_distinct(const sk_fit_point_t *p, size_t n, int k)
{
  size_t i, j, d = 0;
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++)
      if (k ? p[j].k == p[i].k : p[j].n == p[i].n)
        break;
    d += j == i;
  }
  return d;
}

/* Why a fit of the points P failed; MINK: the distinct k it needs. */
static const char *sk_model_why(const sk_fit_point_t *p, size_t n,
                                size_t mink)
{
  if (n == 0)
    return "no points in this regime";
  if (sk_model_distinct(p, n, 0) < 2)
    return "fewer than two message lengths";
  if (sk_model_distinct(p, n, 1) < mink)
    return "fewer than two numbers of pairs k";
  return "no fit with positive rates";
}

static void sk_model_fit_eval(sk_model_fit_t *f, const sk_fit_point_t *p,
                              size_t n, int rc, size_t mink)
{
  f->ok = rc == 0 && sk_fit_relerr(&f->m, p, n, &f->maxerr, NULL) == 0;
  f->why = f->ok ? NULL : sk_model_why(p, n, mink);
}

int sk_model_any_fit(const sk_model_t *m, int which)
{
  size_t i;
  for (i = 0; i < m->nreg; i++)
    if ((which == 'f' ? m->reg[i].maxrate : m->reg[i].maxrate4).ok)
      return 1;
  return 0;
}

/* Every model over the points of one regime (sel, n of them). */
static int sk_model_fit_regime(const sk_model_t *m, sk_model_regime_t *g,
                               sk_fit_point_t *sel, sk_fit_point_t *tmp)
{
  size_t n = sk_fit_select(m->pts, m->npts, g->lo, g->hi, sel), j, nk;
  g->npoints = n;
  g->postal_k = calloc(m->nk ? m->nk : 1, sizeof *g->postal_k);
  if (!g->postal_k)
    return -1;
  sk_model_fit_eval(&g->postal, sel, n, sk_fit_postal(sel, n, 0,
                                                      &g->postal.m), 1);
  sk_model_fit_eval(&g->maxrate, sel, n, sk_fit_maxrate(sel, n,
                                                        &g->maxrate.m), 1);
  sk_model_fit_eval(&g->maxrate4, sel, n, sk_fit_maxrate4(sel, n,
                                                          &g->maxrate4.m),
                    2);
  for (j = 0; j < m->nk; j++) {
    size_t i;
    for (i = nk = 0; i < n; i++)
      if (sel[i].k == m->ks[j])
        tmp[nk++] = sel[i];
    sk_model_fit_eval(&g->postal_k[j], tmp, nk,
                      sk_fit_postal(tmp, nk, m->ks[j], &g->postal_k[j].m), 1);
  }
  return 0;
}

static int sk_model_regimes(sk_model_t *m)
{
  sk_fit_point_t *sel = calloc(m->npts ? m->npts : 1, sizeof *sel);
  sk_fit_point_t *tmp = calloc(m->npts ? m->npts : 1, sizeof *tmp);
  size_t i;
  int rc = 0;
  m->nreg = m->njumps + 1;
  m->reg = calloc(m->nreg, sizeof *m->reg);
  if (!sel || !tmp || !m->reg)
    rc = -1;
  for (i = 0; rc == 0 && i < m->nreg; i++) {
    m->reg[i].lo = i == 0 ? 0 : m->jumps[i - 1].hi;
    m->reg[i].hi = i == m->njumps ? INFINITY : m->jumps[i].hi;
    rc = sk_model_fit_regime(m, &m->reg[i], sel, tmp);
  }
  free(sel);
  free(tmp);
  return rc;
}

int sk_model_build(const sk_rfile_t *r, sk_model_t *m)
{
  memset(m, 0, sizeof *m);
  if (sk_model_points(r, m) < 0 || sk_model_ks(m) < 0)
    return -1;
  if (m->npts == 0)
    return 0;
  if (sk_model_jumps(r, m) < 0)
    return -1;
  return sk_model_regimes(m);
}

void sk_model_free(sk_model_t *m)
{
  size_t i;
  if (!m)
    return;
  for (i = 0; m->reg && i < m->nreg; i++)
    free(m->reg[i].postal_k);
  free(m->reg);
  free(m->jumps);
  free(m->ks);
  free(m->pts);
  memset(m, 0, sizeof *m);
}

const sk_model_regime_t *sk_model_regime(const sk_model_t *m, double n)
{
  size_t i;
  for (i = 0; i < m->nreg; i++)
    if (n >= m->reg[i].lo && n < m->reg[i].hi)
      return &m->reg[i];
  return m->nreg ? &m->reg[m->nreg - 1] : NULL;
}

void sk_model_switch_text(const sk_fit_jump_t *j, char *buf, size_t size)
{
  snprintf(buf, size, "protocol switch between %.0f and %.0f bytes "
           "(time x%.2f)", j->lo, j->hi, j->factor);
}
