/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_overlap.c -- the overlap percentage of lib/overlap.h, by hand:
 * 100 · max(0, min(1, (t_pure + t_cpu − t_ovrl) / min(t_pure, t_cpu))).
 */
#include <config.h>

#include <math.h>

#include "overlap.h"
#include "sk_test.h"

static void test_values(void)
{
  /* nothing hidden: t_ovrl = t_pure + t_cpu */
  SK_CHECK_NEAR(sk_overlap_percent(2e-6, 2e-6, 4e-6), 0.0, 1e-9);
  /* everything hidden: t_ovrl = max(t_pure, t_cpu) */
  SK_CHECK_NEAR(sk_overlap_percent(2e-6, 2e-6, 2e-6), 100.0, 1e-9);
  SK_CHECK_NEAR(sk_overlap_percent(1e-6, 3e-6, 3e-6), 100.0, 1e-9);
  /* half of the shorter: (2 + 2 - 3) / 2 = 0.5 */
  SK_CHECK_NEAR(sk_overlap_percent(2e-6, 2e-6, 3e-6), 50.0, 1e-9);
  /* the shorter is the computation: (4 + 1 - 4.75) / 1 = 0.25 */
  SK_CHECK_NEAR(sk_overlap_percent(4e-6, 1e-6, 4.75e-6), 25.0, 1e-9);
  /* the output format's example: (2.1 + 2.0 - 2.6) / 2.0 = 0.75 */
  SK_CHECK_NEAR(sk_overlap_percent(2.1e-6, 2.0e-6, 2.6e-6), 75.0, 1e-9);
}

static void test_clipped(void)
{
  /* slower than both in turn: clipped at 0 */
  SK_CHECK_NEAR(sk_overlap_percent(2e-6, 2e-6, 9e-6), 0.0, 0.0);
  /* faster than either alone (noise): clipped at 100 */
  SK_CHECK_NEAR(sk_overlap_percent(2e-6, 2e-6, 1e-6), 100.0, 0.0);
  /* times that are no times: 0 */
  SK_CHECK_NEAR(sk_overlap_percent(0.0, 2e-6, 1e-6), 0.0, 0.0);
  SK_CHECK_NEAR(sk_overlap_percent(2e-6, -1.0, 1e-6), 0.0, 0.0);
  SK_CHECK_NEAR(sk_overlap_percent(NAN, 2e-6, 1e-6), 0.0, 0.0);
  SK_CHECK_NEAR(sk_overlap_percent(2e-6, 2e-6, NAN), 0.0, 0.0);
  SK_CHECK_NEAR(sk_overlap_percent(INFINITY, 2e-6, 1e-6), 0.0, 0.0);
}

int main(void)
{
  test_values();
  test_clipped();
  return sk_test_result();
}
