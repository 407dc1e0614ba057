/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_pairs.c -- the processes of a Multipair_Pingpong point: pairs
 * cross the halves of the world (i with floor(P/2) + i) for every k,
 * the communicator order pairs rank i < k with i + k, an odd point has
 * one idle rank, and a pair crosses hosts exactly when its names differ
 * (unknown when a name is).  Pairs_Placement: the most processes each
 * placement can place, and the keys that pair node A's i-th rank with
 * node B's (Across_Nodes) or with node A's (k+i)-th (Within_Node).
 */
#include <config.h>

#include "pairs.h"
#include "sk_test.h"

/* The keys of world ranks 0 .. world-1 for a point of n processes. */
static void keys(int world, int n, int *out)
{
  int r;
  for (r = 0; r < world; r++)
    out[r] = sk_pairs_key(world, n, r);
}

static void test_keys(void)
{
  int k[8];
  /* 4 processes, one pair: world ranks 0 and 2, not 0 and 1 */
  keys(4, 2, k);
  SK_CHECK_INT(k[0], 0);
  SK_CHECK_INT(k[1], -1);
  SK_CHECK_INT(k[2], 1);
  SK_CHECK_INT(k[3], -1);
  /* all 4: the world in its own order */
  keys(4, 4, k);
  SK_CHECK(k[0] == 0 && k[1] == 1 && k[2] == 2 && k[3] == 3);
  /* 8 processes, 2 pairs: 0-4 and 1-5, ordered 0, 1, 4, 5 */
  keys(8, 4, k);
  SK_CHECK(k[0] == 0 && k[1] == 1 && k[4] == 2 && k[5] == 3);
  SK_CHECK(k[2] == -1 && k[3] == -1 && k[6] == -1 && k[7] == -1);
  /* 8 processes, 3 of them: pair 0-4 and world rank 5 idle */
  keys(8, 3, k);
  SK_CHECK(k[0] == 0 && k[4] == 1 && k[5] == 2 && k[1] == -1);
  /* 5 processes, all: pairs 0-2 and 1-3, rank 4 idle, world order */
  keys(5, 5, k);
  SK_CHECK(k[0] == 0 && k[1] == 1 && k[2] == 2 && k[3] == 3 && k[4] == 4);
  /* fewer than two: rank 0 alone (the point then fails its setup) */
  keys(4, 1, k);
  SK_CHECK(k[0] == 0 && k[1] == -1 && k[2] == -1 && k[3] == -1);
}

static void test_cross(void)
{
  char *hosts[] = {"a", "a", "b", NULL};
  SK_CHECK_INT(sk_pairs_cross(hosts, 0, 2), 1);
  SK_CHECK_INT(sk_pairs_cross(hosts, 0, 1), 0);
  SK_CHECK_INT(sk_pairs_cross(hosts, 0, 3), -1);
  SK_CHECK_INT(sk_pairs_cross(NULL, 0, 1), -1);
}

/* Ranks placed as "AABBA C": rank r on node[r], slot[r] its position
 * on that node; sizes A = 3, B = 2. */
static const int node7[] = {SK_PAIRS_NODE_A, SK_PAIRS_NODE_A, SK_PAIRS_NODE_B,
                            SK_PAIRS_NODE_B, SK_PAIRS_NODE_A,
                            SK_PAIRS_NODE_OTHER, SK_PAIRS_NODE_OTHER};
static const long slot7[] = {0, 1, 0, 1, 2, 0, 1};

static void placed(sk_pairs_placement_t pl, int n, int *out)
{
  int r;
  for (r = 0; r < 7; r++) {
    sk_pairs_place_t me = {node7[r], slot7[r], 3, 2};
    out[r] = sk_pairs_key_placed(pl, 7, n, r, &me);
  }
}

static void test_placed(void)
{
  int k[7];
  SK_CHECK_INT(sk_pairs_most(SK_PAIRS_HALVES, 7, 3, 2), 7);
  /* 2 pairs across, and one of node A's left to idle: 5 */
  SK_CHECK_INT(sk_pairs_most(SK_PAIRS_ACROSS_NODES, 7, 3, 2), 5);
  SK_CHECK_INT(sk_pairs_most(SK_PAIRS_ACROSS_NODES, 4, 2, 2), 4);
  SK_CHECK_INT(sk_pairs_most(SK_PAIRS_ACROSS_NODES, 4, 4, 0), 0);
  SK_CHECK_INT(sk_pairs_most(SK_PAIRS_WITHIN_NODE, 7, 3, 2), 3);
  SK_CHECK_INT(sk_pairs_most(SK_PAIRS_WITHIN_NODE, 7, 1, 6), 1);
  /* across, one pair: world ranks 0 (A) and 2 (B) */
  placed(SK_PAIRS_ACROSS_NODES, 2, k);
  SK_CHECK(k[0] == 0 && k[2] == 1 && k[1] == -1 && k[3] == -1 &&
           k[4] == -1 && k[5] == -1 && k[6] == -1);
  /* across, two pairs: 0-2 and 1-3, ordered 0, 1, 2, 3 */
  placed(SK_PAIRS_ACROSS_NODES, 4, k);
  SK_CHECK(k[0] == 0 && k[1] == 1 && k[2] == 2 && k[3] == 3 && k[4] == -1);
  /* across, 5: rank 4 (node A's slot 2) idle */
  placed(SK_PAIRS_ACROSS_NODES, 5, k);
  SK_CHECK(k[4] == 4 && k[5] == -1);
  /* across, 3: one pair and A's slot 1 idle */
  placed(SK_PAIRS_ACROSS_NODES, 3, k);
  SK_CHECK(k[0] == 0 && k[2] == 1 && k[1] == 2 && k[3] == -1);
  /* within, 2: ranks 0 and 1 of node A; 3: rank 4 idle */
  placed(SK_PAIRS_WITHIN_NODE, 2, k);
  SK_CHECK(k[0] == 0 && k[1] == 1 && k[2] == -1 && k[4] == -1);
  placed(SK_PAIRS_WITHIN_NODE, 3, k);
  SK_CHECK(k[0] == 0 && k[1] == 1 && k[4] == 2 && k[2] == -1);
  /* halves: as sk_pairs_key() */
  placed(SK_PAIRS_HALVES, 2, k);
  SK_CHECK(k[0] == 0 && k[3] == 1 && k[1] == -1);
}

int main(void)
{
  test_keys();
  test_cross();
  test_placed();
  return sk_test_result();
}
