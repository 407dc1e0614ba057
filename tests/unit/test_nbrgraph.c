/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_nbrgraph.c -- the graphs of the neighbourhood collectives
 * (lib/nbrgraph.h): the same seed gives the same graph, every vertex
 * has degree k, no loops, no double edges, the graph is undirected, and
 * the sizes the checker refuses are refused here too.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "nbrgraph.h"
#include "sk_test.h"

/* adj is a simple undirected k-regular graph on p vertices in the
 * layout of nbrgraph.h (sorted lists). */
static void check_regular(const int *adj, int p, int k)
{
  int v, i, u, back, j;
  for (v = 0; v < p; v++)
    for (i = 0; i < k; i++) {
      u = adj[(long)v * k + i];
      SK_CHECK_MSG(u >= 0 && u < p, "p=%d k=%d: vertex %d lists %d", p, k,
                   v, u);
      if (u < 0 || u >= p)
        continue;
      SK_CHECK_MSG(u != v, "p=%d k=%d: loop at %d", p, k, v);
      SK_CHECK_MSG(i == 0 || adj[(long)v * k + i - 1] < u,
                   "p=%d k=%d: vertex %d lists %d twice or unsorted", p, k,
                   v, u);
      for (back = 0, j = 0; j < k; j++)
        back += adj[(long)u * k + j] == v;
      SK_CHECK_MSG(back == 1, "p=%d k=%d: %d lists %d, %d lists it %d "
                   "times", p, k, v, u, u, back);
    }
}

static void test_regular_sizes(void)
{
  int p, k;
  for (p = 2; p <= 40; p++)
    for (k = 1; k < p; k++) {
      int *a, *b;
      if (sk_nbrgraph_regular_why(p, k) != NULL)
        continue;
      a = malloc((size_t)p * k * sizeof *a);
      b = malloc((size_t)p * k * sizeof *b);
      SK_CHECK(a != NULL && b != NULL);
      if (a == NULL || b == NULL) {
        free(a);
        free(b);
        return;
      }
      SK_CHECK_INT(sk_nbrgraph_regular(p, k, 12345, a), 0);
      check_regular(a, p, k);
      SK_CHECK_INT(sk_nbrgraph_regular(p, k, 12345, b), 0);
      SK_CHECK_MSG(memcmp(a, b, (size_t)p * k * sizeof *a) == 0,
                   "p=%d k=%d: the same seed gave another graph", p, k);
      free(a);
      free(b);
    }
}

/* Another seed gives another graph (where more than one exists), and a
 * large graph keeps its promises too. */
static void test_seeds(void)
{
  int a[64 * 4], b[64 * 4], big_p = 1000, big_k = 7;
  int *big = malloc((size_t)big_p * big_k * sizeof *big);
  SK_CHECK_INT(sk_nbrgraph_regular(64, 4, 1, a), 0);
  SK_CHECK_INT(sk_nbrgraph_regular(64, 4, 2, b), 0);
  SK_CHECK(memcmp(a, b, sizeof a) != 0);
  SK_CHECK(big != NULL);
  if (big != NULL) {
    SK_CHECK_INT(sk_nbrgraph_regular(big_p, big_k, 99, big), 0);
    check_regular(big, big_p, big_k);
  }
  free(big);
  /* the one 1-regular graph on 2 vertices, whatever the seed */
  SK_CHECK_INT(sk_nbrgraph_regular(2, 1, 7, a), 0);
  SK_CHECK_INT(a[0], 1);
  SK_CHECK_INT(a[1], 0);
}

static void test_refused(void)
{
  int adj[16];
  SK_CHECK_STR(sk_nbrgraph_regular_why(4, 4), "the degree must be less than "
               "the number of processes (a simple graph has no loops and "
               "no double edges)");
  SK_CHECK_STR(sk_nbrgraph_regular_why(5, 3), "the degree times the number "
               "of processes must be even (every edge has two ends)");
  SK_CHECK_STR(sk_nbrgraph_regular_why(4, 0), "the degree must be at least 1");
  SK_CHECK_STR(sk_nbrgraph_regular_why(1, 1), "a random regular graph needs "
               "between 2 and 1048576 processes");
  SK_CHECK(sk_nbrgraph_regular_why(4, 3) == NULL);
  SK_CHECK_INT(sk_nbrgraph_regular(4, 4, 1, adj), -1);
  SK_CHECK_INT(sk_nbrgraph_regular(5, 3, 1, adj), -1);
}

static void test_ring(void)
{
  int adj[10];
  SK_CHECK_INT(sk_nbrgraph_ring(5, adj), 0);
  SK_CHECK_INT(adj[0], 1);
  SK_CHECK_INT(adj[1], 4);
  SK_CHECK_INT(adj[4], 1);
  SK_CHECK_INT(adj[5], 3);
  SK_CHECK_INT(adj[8], 0);
  SK_CHECK_INT(adj[9], 3);
  SK_CHECK_INT(sk_nbrgraph_ring(2, adj), 0);
  SK_CHECK_INT(adj[0], 1);
  SK_CHECK_INT(adj[1], 1);
  SK_CHECK_INT(adj[2], 0);
  SK_CHECK_INT(adj[3], 0);
  SK_CHECK_INT(sk_nbrgraph_ring(0, adj), -1);
}

int main(void)
{
  test_regular_sizes();
  test_seeds();
  test_refused();
  test_ring();
  return sk_test_result();
}
