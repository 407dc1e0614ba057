/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_batch.c -- the calls of a timed region (src/engine/batch.h) on
 * known costs: a region of k calls lasts fixed + k * c, the fixed part
 * being the timer's overhead and what the first call pays once.  The k
 * found makes the calls last the target, and is not much more than the
 * least such k; the targets and floors are the formulas of batch.h.
 */
#include <config.h>

#include <math.h>

#include "batch.h"
#include "sk_test.h"

/* The search on a region of fixed + k * c seconds: its k and the
 * calls' time it recorded; *trials counts the steps. */
static long run(double target, long least, long cap, double fixed, double c,
                double *calls, int *trials)
{
  sk_batch_t b;
  sk_batch_start(&b, target, least, cap);
  *trials = 0;
  while (!sk_batch_step(&b, fixed + (double)b.k * c))
    ++*trials;
  ++*trials;
  *calls = b.calls;
  return b.chosen;
}

/* k makes k * c at least the target, and (k - 1) * c (the least k that
 * would do, had it been found exactly) is not far below it. */
static void check_case(double target, double fixed, double c)
{
  double calls;
  int trials;
  long k = run(target, 1, SK_BATCH_MAX, fixed, c, &calls, &trials);
  double least = ceil(target / c);
  SK_CHECK_MSG((double)k * c >= target * (1 - 1e-9),
               "fixed %g c %g: k %ld, calls %g < target %g", fixed, c, k,
               (double)k * c, target);
  SK_CHECK_MSG((double)k <= least + 1 || fixed + c >= 10 * target,
               "fixed %g c %g: k %ld, least %g", fixed, c, k, least);
  SK_CHECK_MSG(calls >= target * (1 - 1e-9),
               "fixed %g c %g: recorded calls %g < target %g", fixed, c,
               calls, target);
  SK_CHECK_MSG(trials <= SK_BATCH_STEPS, "fixed %g c %g: %d trials", fixed,
               c, trials);
}

int main(void)
{
  double calls, target = sk_batch_target(1e-9, 27e-9, 0.03);
  int trials;
  long k;

  /* the formulas: max(tick, overhead) / eps, eps at most 0.5 */
  SK_CHECK_REL(target, 27e-9 / 0.03, 1e-12);
  SK_CHECK_REL(sk_batch_target(1e-6, 27e-9, 0.05), 1e-6 / 0.05, 1e-12);
  SK_CHECK_REL(sk_batch_target(1e-9, 27e-9, 0.9), 27e-9 / 0.5, 1e-12);
  SK_CHECK_REL(sk_batch_target(1e-9, 27e-9, 0.0), 27e-9 / 0.5, 1e-12);
  SK_CHECK_REL(sk_batch_target(1e-9, 27e-9, 1e-9), 27e-9 / 0.01, 1e-12);
  SK_CHECK_REL(sk_batch_floor(1e-9, 27e-9), 27e-9, 1e-12);
  SK_CHECK_REL(sk_batch_floor(1e-6, 27e-9), 1e-6, 1e-12);

  /* memcpy of 1 byte (3 ns) behind 27 ns of timer and a 600 ns first
   * call: the fixed part must not pass for the calls */
  check_case(target, 27e-9 + 600e-9, 3e-9);
  check_case(target, 27e-9, 3e-9);
  check_case(target, 27e-9, 0.2e-9);
  /* a round trip of 240 ns; of 1 µs; a copy of 50 µs: one call does */
  check_case(target, 27e-9, 240e-9);
  check_case(target, 27e-9, 1e-6);
  k = run(target, 1, SK_BATCH_MAX, 27e-9, 50e-6, &calls, &trials);
  SK_CHECK_INT(k, 1);
  SK_CHECK_INT(trials, 1);
  SK_CHECK_REL(calls, 27e-9 + 50e-6, 1e-12);
  /* a coarse timer (1 µs tick): the target is 20 µs */
  check_case(sk_batch_target(1e-6, 30e-9, 0.05), 30e-9, 3e-9);

  /* Batch is the least k: 8 round trips of 1 µs stay 8 */
  k = run(target, 8, SK_BATCH_MAX, 27e-9, 1e-6, &calls, &trials);
  SK_CHECK_INT(k, 8);
  /* the cap: a call of 1e-15 s cannot fill the target within 100 calls */
  k = run(target, 1, 100, 27e-9, 1e-15, &calls, &trials);
  SK_CHECK_INT(k, 100);
  SK_CHECK(calls < target);
  /* no trial had a value: k stays where it was */
  {
    sk_batch_t b;
    sk_batch_start(&b, target, 4, SK_BATCH_MAX);
    SK_CHECK_INT(sk_batch_step(&b, NAN), 1);
    SK_CHECK_INT(b.chosen, 4);
    SK_CHECK(isnan(b.calls));
  }
  /* noise: a second region no longer than the first grows k by 16 */
  {
    sk_batch_t b;
    sk_batch_start(&b, target, 1, SK_BATCH_MAX);
    SK_CHECK_INT(sk_batch_step(&b, 100e-9), 0);
    SK_CHECK_INT(b.k, 10);    /* ceil(1 x 900 ns / 100 ns x 1.1) */
    SK_CHECK_INT(sk_batch_step(&b, 90e-9), 0);
    SK_CHECK_INT(b.k, 160);
  }
  return sk_test_result();
}
