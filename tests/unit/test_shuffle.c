/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_shuffle.c -- the generator of --shuffle against SplitMix64's
 * published sequence for seed 0, the shuffle as a permutation that one
 * seed reproduces, and the parsing of SEED.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "shuffle.h"
#include "sk_test.h"

static void test_sequence(void)
{
  sk_shuffle_t g;
  sk_shuffle_init(&g, 0);
  SK_CHECK(sk_shuffle_next(&g) == UINT64_C(0xE220A8397B1DCDAF));
  SK_CHECK(sk_shuffle_next(&g) == UINT64_C(0x6E789E6AA1B965F4));
  SK_CHECK(sk_shuffle_next(&g) == UINT64_C(0x06C45D188009454F));
}

static void test_permutation(void)
{
  long a[20], b[20], seen[20] = {0};
  sk_shuffle_t g, h;
  int i, moved = 0;
  for (i = 0; i < 20; i++)
    a[i] = b[i] = i;
  sk_shuffle_init(&g, 12345);
  sk_shuffle_init(&h, 12345);
  sk_shuffle_longs(&g, a, 20);
  sk_shuffle_longs(&h, b, 20);
  SK_CHECK(memcmp(a, b, sizeof a) == 0);
  for (i = 0; i < 20; i++) {
    SK_CHECK(a[i] >= 0 && a[i] < 20);
    if (a[i] >= 0 && a[i] < 20)
      seen[a[i]]++;
    moved += a[i] != i;
  }
  for (i = 0; i < 20; i++)
    SK_CHECK(seen[i] == 1);
  SK_CHECK(moved > 0);
  /* another seed, another order */
  for (i = 0; i < 20; i++)
    b[i] = i;
  sk_shuffle_init(&h, 12346);
  sk_shuffle_longs(&h, b, 20);
  SK_CHECK(memcmp(a, b, sizeof a) != 0);
  sk_shuffle_longs(&h, b, 0);
  sk_shuffle_longs(&h, b, 1);
}

/* The interleaved order of --shuffle: (suite, argument) pairs of three
 * suites of 12, 5 and 40 points shuffled together.  Every pair once, pairs
 * kept together, the same order for a seed, and the suites spread evenly:
 * over 2000 seeds the mean position of each suite's points is the middle
 * of the list (a uniform permutation puts every point at (n-1)/2 on
 * average; the standard error of a suite's mean over 2000 seeds is below
 * 0.4 positions here, the bound allows 1.0), and in one order each
 * suite's points are not clustered: every half of the list holds some of
 * every suite of 12 or more points. */
static size_t interleave_make(long *x)
{
  static const long counts[3] = {12, 5, 40};
  size_t n = 0;
  long s, a;
  for (s = 0; s < 3; s++)
    for (a = 0; a < counts[s]; a++) {
      x[2 * n] = s;
      x[2 * n + 1] = 1000 * s + a;
      n++;
    }
  return n;
}

static void test_interleave(void)
{
  long x[2 * 57], y[2 * 57];
  double pos[3] = {0, 0, 0};
  int seen[3000], half[2][3];
  size_t n, i;
  uint64_t seed;
  sk_shuffle_t g;
  n = interleave_make(x);
  SK_CHECK_INT((int)n, 57);
  sk_shuffle_init(&g, 7);
  sk_shuffle_pairs(&g, x, n);
  interleave_make(y);
  sk_shuffle_init(&g, 7);
  sk_shuffle_pairs(&g, y, n);
  SK_CHECK(memcmp(x, y, sizeof x) == 0);
  memset(seen, 0, sizeof seen);
  memset(half, 0, sizeof half);
  for (i = 0; i < n; i++) {
    long su = x[2 * i], a = x[2 * i + 1];
    SK_CHECK(su >= 0 && su < 3 && a / 1000 == su);
    if (a >= 0 && a < 3000)
      seen[a]++;
    if (su >= 0 && su < 3)
      half[2 * i >= n][su]++;
  }
  for (i = 0; i < 3000; i++)
    SK_CHECK(seen[i] == ((i % 1000) < (i < 1000 ? 12u : i < 2000 ? 5u : 40u)));
  SK_CHECK(half[0][0] > 0 && half[1][0] > 0);
  SK_CHECK(half[0][2] > 0 && half[1][2] > 0);
  /* the suites do not come one after another */
  {
    int runs = 1;
    for (i = 1; i < n; i++)
      runs += x[2 * i] != x[2 * (i - 1)];
    SK_CHECK(runs > 10);
  }
  /* another seed, another order */
  interleave_make(y);
  sk_shuffle_init(&g, 8);
  sk_shuffle_pairs(&g, y, n);
  SK_CHECK(memcmp(x, y, sizeof x) != 0);
  for (seed = 0; seed < 2000; seed++) {
    interleave_make(y);
    sk_shuffle_init(&g, seed);
    sk_shuffle_pairs(&g, y, n);
    for (i = 0; i < n; i++)
      pos[y[2 * i]] += (double)i;
  }
  SK_CHECK_NEAR(pos[0] / (2000.0 * 12), 28.0, 1.0);
  SK_CHECK_NEAR(pos[1] / (2000.0 * 5), 28.0, 1.0);
  SK_CHECK_NEAR(pos[2] / (2000.0 * 40), 28.0, 1.0);
  /* the same draws as sk_shuffle_longs() on the suites alone */
  {
    long z[57];
    for (i = 0; i < n; i++)
      z[i] = (long)i;
    interleave_make(y);
    sk_shuffle_init(&g, 99);
    sk_shuffle_pairs(&g, y, n);
    sk_shuffle_init(&g, 99);
    sk_shuffle_longs(&g, z, n);
    interleave_make(x);
    for (i = 0; i < n; i++)
      SK_CHECK(y[2 * i + 1] == x[2 * z[i] + 1]);
  }
  sk_shuffle_pairs(&g, y, 0);
  sk_shuffle_pairs(&g, y, 1);
}

static void test_seed(void)
{
  uint64_t s = 1;
  SK_CHECK(sk_shuffle_parse_seed("0", &s) == 0 && s == 0);
  SK_CHECK(sk_shuffle_parse_seed("9007199254740991", &s) == 0 &&
           s == SK_SHUFFLE_SEED_MAX);
  SK_CHECK(sk_shuffle_parse_seed("9007199254740992", &s) == -1);
  SK_CHECK(sk_shuffle_parse_seed("-1", &s) == -1);
  SK_CHECK(sk_shuffle_parse_seed("12x", &s) == -1);
  SK_CHECK(sk_shuffle_parse_seed("", &s) == -1);
  SK_CHECK(sk_shuffle_seed_now() <= SK_SHUFFLE_SEED_MAX);
}

int main(void)
{
  test_sequence();
  test_permutation();
  test_interleave();
  test_seed();
  return sk_test_result();
}
