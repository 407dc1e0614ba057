/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_medci.c -- the confidence interval of a median from order
 * statistics, against coverages worked out by hand.
 */
#include <config.h>

#include "medci.h"
#include "sk_test.h"

/* Coverage of [x_(l), x_(n+1-l)] is 1 - 2 Σ_{k<l} binom(n, k) / 2^n. */
static void test_ranks(void)
{
  size_t l, u;
  double c;
  /* n = 5: even [min, max] misses 95%: 1 - 2/32 = 0.9375. */
  SK_CHECK_INT(sk_medci_ranks(5, 0.95, &l, &u, &c), 0);
  SK_CHECK_INT(l, 1);
  SK_CHECK_INT(u, 5);
  SK_CHECK_NEAR(c, 0.9375, 1e-15);
  /* n = 6: [min, max] covers 1 - 2/64 = 31/32; l = 2 would cover only
   * 1 - 2 (1 + 6)/64 = 0.78125. */
  SK_CHECK_INT(sk_medci_ranks(6, 0.95, &l, &u, &c), 1);
  SK_CHECK_INT(l, 1);
  SK_CHECK_INT(u, 6);
  SK_CHECK_NEAR(c, 31.0 / 32.0, 1e-15);
  /* n = 10: l = 2 covers 1 - 2 (1 + 10)/1024 = 501/512 = 0.978515625;
   * l = 3 only 1 - 2 (1 + 10 + 45)/1024 = 0.890625. */
  SK_CHECK_INT(sk_medci_ranks(10, 0.95, &l, &u, &c), 1);
  SK_CHECK_INT(l, 2);
  SK_CHECK_INT(u, 9);
  SK_CHECK_NEAR(c, 501.0 / 512.0, 1e-14);
  /* n = 20: Σ_{k<=5} binom(20, k) = 1+20+190+1140+4845+15504 = 21700, so
   * l = 6 covers 1 - 43400/2^20 = 125647/131072 = 0.95861...; l = 7 adds
   * binom(20, 6) = 38760: 1 - 120920/2^20 = 0.8847. */
  SK_CHECK_INT(sk_medci_ranks(20, 0.95, &l, &u, &c), 1);
  SK_CHECK_INT(l, 6);
  SK_CHECK_INT(u, 15);
  SK_CHECK_NEAR(c, 125647.0 / 131072.0, 1e-13);
  /* n = 100: the textbook ranks 40 and 61, coverage 0.9648 (exactly
   * 1 - 2 Σ_{k<=38} binom(100, k)/2^100 = 0.96479979978229...). */
  SK_CHECK_INT(sk_medci_ranks(100, 0.95, &l, &u, &c), 1);
  SK_CHECK_INT(l, 40);
  SK_CHECK_INT(u, 61);
  SK_CHECK_NEAR(c, 0.96479979978229509, 1e-12);
  /* n = 1000 (2^-1000 is near underflow): ranks 469 and 532. */
  SK_CHECK_INT(sk_medci_ranks(1000, 0.95, &l, &u, &c), 1);
  SK_CHECK_INT(l, 469);
  SK_CHECK_INT(u, 532);
  SK_CHECK_NEAR(c, 0.95370880263950, 1e-10);
  /* one value: an interval of one point covers nothing */
  SK_CHECK_INT(sk_medci_ranks(1, 0.95, &l, &u, &c), 0);
  SK_CHECK_INT(l, 1);
  SK_CHECK_INT(u, 1);
  SK_CHECK(c == 0.0);
  /* bad arguments */
  SK_CHECK_INT(sk_medci_ranks(0, 0.95, &l, &u, &c), -1);
  SK_CHECK_INT(sk_medci_ranks(10, 1.0, &l, &u, &c), -1);
  SK_CHECK_INT(sk_medci_ranks(10, 0.0, &l, &u, &c), -1);
}

static void test_binom_cdf(void)
{
  SK_CHECK_NEAR(sk_medci_binom_cdf(5, 0), 1.0 / 32.0, 1e-16);
  SK_CHECK_NEAR(sk_medci_binom_cdf(10, 2), 56.0 / 1024.0, 1e-15);
  SK_CHECK_NEAR(sk_medci_binom_cdf(4, 2), 11.0 / 16.0, 1e-15);
  SK_CHECK(sk_medci_binom_cdf(4, 4) == 1.0);
  /* 2^-5000 underflows; the sum up to the middle is still about 1/2 */
  SK_CHECK_NEAR(sk_medci_binom_cdf(5000, 2499), 0.49435838625226,
                1e-9);
}

/* Intervals on known samples. */
static void test_interval(void)
{
  static const double five[] = {1.0, 2.0, 3.0, 4.0, 10.0};
  static const double ten[] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 40};
  sk_medci_t ci;
  /* n = 5: [min, max] = [1, 10], flagged short of 95% */
  SK_CHECK_INT(sk_medci(five, 5, 0.95, &ci), 0);
  SK_CHECK(ci.lower == 1.0 && ci.upper == 10.0);
  SK_CHECK(ci.median == 3.0);
  SK_CHECK_INT(ci.short_of_level, 1);
  SK_CHECK_NEAR(ci.coverage, 0.9375, 1e-15);
  /* half-width max(3 - 1, 10 - 3) = 7, relative 7/3 */
  SK_CHECK_REL(ci.rel_halfwidth, 7.0 / 3.0, 1e-15);
  /* n = 10: x_(2) = 11, x_(9) = 18; median 14.5; the outlier 40 does not
   * reach the interval */
  SK_CHECK_INT(sk_medci(ten, 10, 0.95, &ci), 0);
  SK_CHECK(ci.lower == 11.0 && ci.upper == 18.0);
  SK_CHECK(ci.median == 14.5);
  SK_CHECK_INT(ci.short_of_level, 0);
  SK_CHECK_REL(ci.rel_halfwidth, 3.5 / 14.5, 1e-15);
  /* at 50%: 1 - 2 P(K <= l - 1) >= 0.5 holds up to l = 4
   * (P(K <= 3) = 176/1024): [13, 16], coverage 1 - 352/1024 */
  SK_CHECK_INT(sk_medci(ten, 10, 0.5, &ci), 0);
  SK_CHECK(ci.lower == 13.0 && ci.upper == 16.0);
  SK_CHECK_NEAR(ci.coverage, 672.0 / 1024.0, 1e-15);
  SK_CHECK_INT(sk_medci(ten, 0, 0.95, &ci), -1);
}

static void test_zero_median(void)
{
  static const double z[] = {0, 0, 0, 0, 0, 0};
  static const double w[] = {-1, 0, 0, 0, 0, 1};
  sk_medci_t ci;
  SK_CHECK_INT(sk_medci(z, 6, 0.95, &ci), 0);
  SK_CHECK(ci.rel_halfwidth == 0.0);
  SK_CHECK_INT(sk_medci(w, 6, 0.95, &ci), 0);
  SK_CHECK(isinf(ci.rel_halfwidth));
}

int main(void)
{
  test_ranks();
  test_binom_cdf();
  test_interval();
  test_zero_median();
  return sk_test_result();
}
