/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_grow.c -- the growable array of lib/grow.h: capacities double
 * from the first, contents survive a move, a request that fits changes
 * nothing, and one that would overflow is refused with the array intact.
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>

#include "grow.h"
#include "sk_test.h"

typedef struct item {
  long key;
  double value;
} item_t;

static void test_append(void)
{
  item_t *v = NULL;
  size_t n = 0, cap = 0, i, moves = 0;
  for (i = 0; i < 100000; i++) {
    item_t *before = v;
    size_t had = cap;
    SK_CHECK(SK_GROW(v, cap, n + 1, 16) == 0);
    if (cap != had) {
      moves++;
      SK_CHECK_MSG(cap == (had ? 2 * had : 16), "capacity %zu after %zu",
                   cap, had);
    } else {
      SK_CHECK(v == before);
    }
    v[n].key = (long)i;
    v[n].value = 0.5 * (double)i;
    n++;
  }
  /* 16 doubled 13 times is the first capacity of 100000 or more */
  SK_CHECK_INT(cap, 131072);
  SK_CHECK_INT(moves, 14);
  for (i = 0; i < n; i++)
    if (v[i].key != (long)i || v[i].value != 0.5 * (double)i)
      break;
  SK_CHECK_INT(i, n);
  free(v);
}

static void test_need(void)
{
  double *v = NULL, *kept;
  size_t cap = 0;
  /* several at once: doubled until they fit; FIRST 0 starts at 1 */
  SK_CHECK(SK_GROW(v, cap, 5, 0) == 0);
  SK_CHECK_INT(cap, 8);
  SK_CHECK(SK_GROW(v, cap, 3, 4) == 0);      /* fits: nothing changes */
  SK_CHECK_INT(cap, 8);
  SK_CHECK(SK_GROW(v, cap, 0, 4) == 0);
  SK_CHECK_INT(cap, 8);
  SK_CHECK(SK_GROW(v, cap, 100, 4) == 0);
  SK_CHECK_INT(cap, 128);
  v[127] = 1.0;
  /* too many: refused, the array and its capacity as they were */
  kept = v;
  SK_CHECK(SK_GROW(v, cap, SIZE_MAX, 4) == -1);
  SK_CHECK(v == kept && cap == 128);
  SK_CHECK(SK_GROW(v, cap, SIZE_MAX / 2, 4) == -1);
  SK_CHECK(v == kept && cap == 128);
  SK_CHECK(sk_grow(&v, &cap, 129, SIZE_MAX / 64, 4) == -1);
  SK_CHECK(v == kept && cap == 128 && v[127] == 1.0);
  SK_CHECK(sk_grow(&v, &cap, 129, 0, 4) == -1);
  free(v);
}

int main(void)
{
  test_append();
  test_need();
  return sk_test_result();
}
