/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * clockmodel.c -- linear clock models: apply, invert, compose, fit, and
 * the min-round-trip offset of ping-pong exchanges.
 *
 * Timestamps may be large (seconds since boot or since 1970), so the fit
 * works on deviations from the means: that keeps the normal equations
 * well conditioned however far from 0 the local times lie.
 */
#include <config.h>

#include "clockmodel.h"

#include <math.h>

sk_clockmodel_t sk_clockmodel_identity(void)
{
  sk_clockmodel_t m = {0.0, 0.0};

  return m;
}

sk_clockmodel_t sk_clockmodel_offset(double offset)
{
  sk_clockmodel_t m = {0.0, offset};

  return m;
}

/* Written as t + (slope*t + intercept) so that a tiny slope adds its
 * tiny correction to t rather than scaling t by a factor near 1. */
double sk_clockmodel_apply(const sk_clockmodel_t *m, double t_local)
{
  return t_local + (m->slope * t_local + m->intercept);
}

/* t_ref = (1+s) t + i  <=>  t = t_ref - (s t_ref + i) / (1+s), so the
 * inverse has slope -s/(1+s) and intercept -i/(1+s). */
int sk_clockmodel_invert(const sk_clockmodel_t *m, sk_clockmodel_t *inv)
{
  double f = 1.0 + m->slope;

  if (!isfinite(m->slope) || !isfinite(m->intercept) || !(f > 0.0))
    return -1;
  inv->slope = -m->slope / f;
  inv->intercept = -m->intercept / f;
  return 0;
}

/* second(first(t)) = (1+s2)((1+s1) t + i1) + i2; the slope is expanded
 * as s1 + s2 + s1 s2 so that small drifts keep their digits. */
void sk_clockmodel_compose(const sk_clockmodel_t *first,
                           const sk_clockmodel_t *second,
                           sk_clockmodel_t *out)
{
  double s1 = first->slope, i1 = first->intercept;
  double s2 = second->slope, i2 = second->intercept;

  out->slope = s1 + s2 + s1 * s2;
  out->intercept = i1 + s2 * i1 + i2;
}

int sk_clockmodel_fit(const double *t_local, const double *offset, size_t n,
                      sk_clockmodel_t *out, double *rms)
{
  double mt = 0.0, mo = 0.0, sxx = 0.0, sxy = 0.0, sse = 0.0;

  if (n < 2)
    return -1;
  for (size_t i = 0; i < n; i++)
    mt += t_local[i], mo += offset[i];
  mt /= (double)n, mo /= (double)n;
  for (size_t i = 0; i < n; i++) {
    double dx = t_local[i] - mt;
    sxx += dx * dx;
    sxy += dx * (offset[i] - mo);
  }
  if (!(sxx > 0.0) || !isfinite(sxx) || !isfinite(sxy))
    return -1;
  out->slope = sxy / sxx;
  out->intercept = mo - out->slope * mt;
  if (rms) {
    for (size_t i = 0; i < n; i++) {
      double r = offset[i] - mo - out->slope * (t_local[i] - mt);
      sse += r * r;
    }
    *rms = sqrt(sse / (double)n);
  }
  return 0;
}

long sk_clockmodel_exchange_offset(const sk_clockmodel_exchange_t *x,
                                   size_t n, double *offset, double *t_mid,
                                   double *rtt)
{
  long best = -1;
  double best_rtt = 0.0;

  for (size_t i = 0; i < n; i++) {
    double r = x[i].t_recv - x[i].t_send;
    if (!isfinite(x[i].t_remote) || !isfinite(r) || r < 0.0)
      continue;
    if (best < 0 || r < best_rtt)
      best = (long)i, best_rtt = r;
  }
  if (best < 0)
    return -1;
  /* the midpoint as t_send + rtt/2: exact for large t_send and tiny rtt */
  double mid = x[best].t_send + best_rtt / 2.0;
  if (offset)
    *offset = x[best].t_remote - mid;
  if (t_mid)
    *t_mid = mid;
  if (rtt)
    *rtt = best_rtt;
  return best;
}

int sk_clockmodel_tree_parent(int r, int *stride)
{
  int s;
  if (r <= 0)
    return -1;
  s = r & -r;
  if (stride != NULL)
    *stride = s;
  return r - s;
}

int sk_clockmodel_tree_rounds(int p)
{
  int k = 0;
  long s;
  for (s = 1; s < p; s *= 2)
    k++;
  return k;
}
