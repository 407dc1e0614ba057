/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pairs.c -- the processes of a Multipair_Pingpong point (pairs.h).
 */
#include <config.h>

#include "pairs.h"

#include <string.h>

int sk_pairs_key(int world, int n, int rank)
{
  int h = world / 2, k = n / 2;
  if (k < 1)
    return rank == 0 ? 0 : -1;
  if (rank < k)
    return rank;
  /* the upper members h .. h+k-1, then the idle one h+k for an odd n */
  if (rank >= h && rank < h + (n - k))
    return k + rank - h;
  return -1;
}

int sk_pairs_cross(char *const *hosts, int a, int b)
{
  if (hosts == NULL || hosts[a] == NULL || hosts[b] == NULL)
    return -1;
  return strcmp(hosts[a], hosts[b]) != 0;
}

long sk_pairs_most(sk_pairs_placement_t pl, int world, long size_a,
                   long size_b)
{
  long m;
  switch (pl) {
  case SK_PAIRS_HALVES:
    return world;
  case SK_PAIRS_ACROSS_NODES:
    if (size_b <= 0)
      return 0;
    m = size_a < size_b ? size_a : size_b;
    return 2 * m + (size_a + size_b > 2 * m ? 1 : 0);
  case SK_PAIRS_WITHIN_NODE:
    return size_a;
  }
  return 0;
}

int sk_pairs_key_placed(sk_pairs_placement_t pl, int world, int n, int rank,
                        const sk_pairs_place_t *me)
{
  long k = n / 2;
  if (pl == SK_PAIRS_HALVES)
    return sk_pairs_key(world, n, rank);
  if (pl == SK_PAIRS_WITHIN_NODE)
    return me->node == SK_PAIRS_NODE_A && me->slot < n ? (int)me->slot : -1;
  if (me->node == SK_PAIRS_NODE_A && me->slot < k)
    return (int)me->slot;
  if (me->node == SK_PAIRS_NODE_B && me->slot < k)
    return (int)(k + me->slot);
  if (n % 2 == 1 && me->slot == k &&
      ((me->node == SK_PAIRS_NODE_A && me->size_a > k) ||
       (me->node == SK_PAIRS_NODE_B && me->size_a <= k)))
    return (int)(2 * k);
  return -1;
}
