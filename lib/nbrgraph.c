/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nbrgraph.c -- a ring and random k-regular graphs (nbrgraph.h).
 *
 * Why a circulant graph and swaps, not pairing random half-edges: the
 * pairing fails with a probability that grows with k and needs retries
 * whose number no one can bound, while a swap of two edges (a,b), (c,d)
 * into (a,d), (c,b) keeps every degree, is refused when it would make a
 * loop or a double edge, and so always ends in a valid graph after a
 * fixed amount of work.  Many swaps mix the graph well (the swap chain's
 * classical use to draw regular graphs).
 */
#include <config.h>

#include <stdlib.h>

#include "nbrgraph.h"

const char *sk_nbrgraph_regular_why(long p, long k)
{
  if (p < 2 || p > SK_NBRGRAPH_MAX_VERTICES)
    return "a random regular graph needs between 2 and 1048576 processes";
  if (k < 1)
    return "the degree must be at least 1";
  if (k >= p)
    return "the degree must be less than the number of processes (a "
           "simple graph has no loops and no double edges)";
  if ((k * p) % 2 != 0)
    return "the degree times the number of processes must be even (every "
           "edge has two ends)";
  return NULL;
}

int sk_nbrgraph_ring(int p, int *adj)
{
  int v, a, b;
  if (p < 1 || p > SK_NBRGRAPH_MAX_VERTICES)
    return -1;
  for (v = 0; v < p; v++) {
    a = (v + p - 1) % p;
    b = (v + 1) % p;
    adj[2 * v] = a < b ? a : b;
    adj[2 * v + 1] = a < b ? b : a;
  }
  return 0;
}

/* splitmix64: a small generator whose sequence is fixed by its seed on
 * every platform (rand() is not). */
static unsigned long long sk_nbrgraph_next(unsigned long long *s)
{
  unsigned long long z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* A number in [0, n) (n > 0; the bias of the modulo is below 2^-40 for
 * the sizes allowed, and the same on every machine). */
static long sk_nbrgraph_below(unsigned long long *s, long n)
{
  return (long)(sk_nbrgraph_next(s) % (unsigned long long)n);
}

/* Is v among u's k neighbours? */
static int sk_nbrgraph_has(const int *adj, int k, int u, int v)
{
  int i;
  for (i = 0; i < k; i++)
    if (adj[(long)u * k + i] == v)
      return 1;
  return 0;
}

/* In u's list, the neighbour `from` becomes `to`. */
static void sk_nbrgraph_relink(int *adj, int k, int u, int from, int to)
{
  int i;
  for (i = 0; i < k; i++)
    if (adj[(long)u * k + i] == from) {
      adj[(long)u * k + i] = to;
      return;
    }
}

/* The circulant start: offsets +-1 .. +-k/2, and p/2 for odd k (p is
 * then even).  The edges list holds each edge once, as (u, v). */
static void sk_nbrgraph_circulant(int p, int k, int *adj, int *edges)
{
  int v, j, n = 0, fill;
  for (v = 0; v < p; v++) {
    fill = 0;
    for (j = 1; j <= k / 2; j++) {
      adj[(long)v * k + fill++] = (v + j) % p;
      adj[(long)v * k + fill++] = (v + p - j) % p;
      edges[2 * n] = v;
      edges[2 * n++ + 1] = (v + j) % p;
    }
    if (k % 2 != 0) {
      adj[(long)v * k + fill++] = (v + p / 2) % p;
      if (v < p / 2) {
        edges[2 * n] = v;
        edges[2 * n++ + 1] = v + p / 2;
      }
    }
  }
}

/* One swap attempt: edges e = (a,b) and f = (c,d) become (a,d), (c,b)
 * unless that makes a loop or an edge twice. */
static void sk_nbrgraph_swap(int *adj, int k, int *edges, long e, long f)
{
  int a = edges[2 * e], b = edges[2 * e + 1];
  int c = edges[2 * f], d = edges[2 * f + 1];
  if (a == d || c == b || a == c || b == d ||
      sk_nbrgraph_has(adj, k, a, d) || sk_nbrgraph_has(adj, k, c, b))
    return;
  sk_nbrgraph_relink(adj, k, a, b, d);
  sk_nbrgraph_relink(adj, k, d, c, a);
  sk_nbrgraph_relink(adj, k, c, d, b);
  sk_nbrgraph_relink(adj, k, b, a, c);
  edges[2 * e + 1] = d;
  edges[2 * f + 1] = b;
}

static int sk_nbrgraph_by_value(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int sk_nbrgraph_regular(int p, int k, unsigned long long seed, int *adj)
{
  long m = (long)p * k / 2, i, e, f;
  unsigned long long s = seed;
  int *edges, v;
  if (sk_nbrgraph_regular_why(p, k) != NULL)
    return -1;
  if ((edges = malloc((size_t)m * 2 * sizeof *edges)) == NULL)
    return -1;
  sk_nbrgraph_circulant(p, k, adj, edges);
  for (i = 0; i < 10 * (long)p * k; i++) {
    e = sk_nbrgraph_below(&s, m);
    f = sk_nbrgraph_below(&s, m);
    /* the orientation of f decides which of the two swaps is tried */
    if (sk_nbrgraph_below(&s, 2) != 0) {
      v = edges[2 * f];
      edges[2 * f] = edges[2 * f + 1];
      edges[2 * f + 1] = v;
    }
    if (e != f)
      sk_nbrgraph_swap(adj, k, edges, e, f);
  }
  free(edges);
  for (v = 0; v < p; v++)
    qsort(adj + (long)v * k, (size_t)k, sizeof *adj, sk_nbrgraph_by_value);
  return 0;
}
