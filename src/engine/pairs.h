/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pairs.h -- the processes of a Multipair_Pingpong point and how they
 * pair (no MPI here).
 *
 * With P processes in the run and h = floor(P/2), pair i is world ranks
 * i and h + i: every pair crosses the two halves of the world, which are
 * two hosts when the processes are placed by blocks.  A point of n
 * processes has k = floor(n/2) pairs, 0 .. k-1; for an odd n world rank
 * h + k takes part idle (in the barrier, moving nothing).  A point of
 * fewer than two processes is world rank 0 alone (it cannot be set up).
 * The engine builds each point's communicator with sk_pairs_key() and
 * records in the point the world ranks its communicator really pairs.
 */
#ifndef SK_PAIRS_H
#define SK_PAIRS_H

/* The key of world rank `rank` in the communicator of a point of n of
 * the world's processes: pair i's lower rank gets i, its upper rank
 * k + i, the idle rank 2k, so that communicator rank i < k pairs with
 * i + k.  -1 when the rank does not take part. */
int sk_pairs_key(int world, int n, int rank);

/* ---- the pairs of a placement (the suite key Pairs_Placement) ---- */

/* The order of the key's names (lib/keys.def). */
typedef enum {
  SK_PAIRS_HALVES,         /* i with floor(P/2) + i, as above */
  SK_PAIRS_ACROSS_NODES,   /* i-th rank of node A with i-th of node B */
  SK_PAIRS_WITHIN_NODE     /* i-th with (k+i)-th rank of node A */
} sk_pairs_placement_t;

/* Which node a rank is on, for a placement: A is the node of world rank
 * 0, B the node of the lowest rank that is not on A (lib/nodemap.h says
 * what a node is). */
enum { SK_PAIRS_NODE_A, SK_PAIRS_NODE_B, SK_PAIRS_NODE_OTHER };

/* What a rank knows of its place (src/engine/placement.c gives every
 * rank its own; size_a and size_b are alike on every rank). */
typedef struct sk_pairs_place {
  int node;                /* SK_PAIRS_NODE_* */
  long slot;               /* its position among its node's ranks, in
                            * rank order, from 0 */
  long size_a, size_b;     /* ranks on node A and on node B (0: the run
                            * has one node) */
} sk_pairs_place_t;

/* The most processes a point of placement pl can have: the world for
 * Halves; for Across_Nodes 2 m with m = min(size_a, size_b), and one
 * idle more when either node has a rank left (0 without node B); for
 * Within_Node size_a.  Fewer than 2: the placement is impossible. */
long sk_pairs_most(sk_pairs_placement_t pl, int world, long size_a,
                   long size_b);

/* The key of a rank placed at *me in the communicator of a point of n
 * processes placed pl (2 <= n <= sk_pairs_most()), -1 when it does not
 * take part; k = floor(n/2) pairs, communicator rank i < k pairs with
 * k + i, as sk_pairs_key() orders them.  Across_Nodes: slot i < k of
 * node A gets i, slot i < k of node B gets k + i; an odd n's idle rank
 * is slot k of A, else of B.  Within_Node: slot i < n of node A gets i.
 * Halves: sk_pairs_key(world, n, rank).  World rank 0 always gets key 0
 * (it times the point). */
int sk_pairs_key_placed(sk_pairs_placement_t pl, int world, int n, int rank,
                        const sk_pairs_place_t *me);

/* Whether world ranks a and b run on different hosts (1) or the same
 * (0), from hosts (one name per world rank); -1 when hosts is NULL or a
 * name is NULL (unknown). */
int sk_pairs_cross(char *const *hosts, int a, int b);

#endif
