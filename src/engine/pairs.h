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

/* Whether world ranks a and b run on different hosts (1) or the same
 * (0), from hosts (one name per world rank); -1 when hosts is NULL or a
 * name is NULL (unknown). */
int sk_pairs_cross(char *const *hosts, int a, int b);

#endif
