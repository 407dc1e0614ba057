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
  test_seed();
  return sk_test_result();
}
