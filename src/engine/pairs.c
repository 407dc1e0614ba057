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
