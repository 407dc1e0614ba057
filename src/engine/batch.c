/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * batch.c -- how many calls one timed region holds (batch.h).
 */
#include <config.h>

#include "batch.h"

#include <math.h>

double sk_batch_floor(double tick, double overhead)
{
  double f = tick > overhead ? tick : overhead;
  return f > 0.0 ? f : 0.0;
}

double sk_batch_target(double tick, double overhead, double eps)
{
  if (!(eps > 0.0) || eps > 0.5)
    eps = 0.5;
  else if (eps < 0.01)
    eps = 0.01;
  return sk_batch_floor(tick, overhead) / eps;
}

void sk_batch_start(sk_batch_t *b, double target, long least, long cap)
{
  b->target = target;
  b->cap = cap > 1 ? cap : 1;
  b->least = least < 1 ? 1 : least > b->cap ? b->cap : least;
  b->k = b->least;
  b->kp = 0;
  b->rp = 0.0;
  b->steps = 0;
  b->chosen = b->least;
  b->calls = NAN;
}

static int sk_batch_done(sk_batch_t *b, long k, double calls)
{
  b->chosen = k;
  b->calls = calls;
  return 1;
}

/* The next k: want (a count, perhaps huge) bounded to 2k .. 16k, cap. */
static int sk_batch_grow(sk_batch_t *b, double region, double want)
{
  double k = (double)b->k;
  if (want < 2.0 * k)
    want = 2.0 * k;
  if (want > 16.0 * k)
    want = 16.0 * k;
  b->kp = b->k;
  b->rp = region;
  b->k = want >= (double)b->cap ? b->cap : (long)want;
  return 0;
}

int sk_batch_step(sk_batch_t *b, double region)
{
  double c, need;
  b->steps++;
  if (isnan(region))
    return sk_batch_done(b, b->kp > 0 ? b->kp : b->k, NAN);
  if (b->kp == 0) {
    if (region >= 10.0 * b->target || b->k >= b->cap ||
        b->steps >= SK_BATCH_STEPS)
      return sk_batch_done(b, b->k, region);
    return sk_batch_grow(b, region, region > 0.0
                         ? ceil((double)b->k * b->target / region * 1.1)
                         : 16.0 * (double)b->k);
  }
  c = (region - b->rp) / (double)(b->k - b->kp);
  if (!(c > 0.0)) {
    if (b->k >= b->cap || b->steps >= SK_BATCH_STEPS)
      return sk_batch_done(b, b->k, region);
    return sk_batch_grow(b, region, 16.0 * (double)b->k);
  }
  need = ceil(b->target / c);
  if (need < (double)b->least)
    need = (double)b->least;
  if (need <= (double)b->k)
    return sk_batch_done(b, (long)need, need * c);
  if (b->k >= b->cap || b->steps >= SK_BATCH_STEPS)
    return sk_batch_done(b, b->k, (double)b->k * c);
  return sk_batch_grow(b, region, ceil(need * 1.1));
}
