/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nbrgraph.h -- the graphs of the neighbourhood collectives' distributed
 * graph topologies (doc/engine.md, "Neighbourhood collectives"): a ring
 * and a random k-regular graph drawn from a seed.  No MPI here: every
 * process builds the same graph from the same (p, k, seed), so the
 * graph needs no communication, and a unit test can hold it to its
 * promises.
 *
 * A graph of p vertices is an array adj of p*k entries: vertex v's k
 * neighbours are adj[v*k] ... adj[v*k + k - 1], in ascending order.
 * Every graph is undirected (u lists v as often as v lists u).
 */
#ifndef SK_NBRGRAPH_H
#define SK_NBRGRAPH_H

/* The largest vertex count the builders take. */
#define SK_NBRGRAPH_MAX_VERTICES 1048576

/* Why (p, k) admits no simple k-regular graph: "k must be at least 1",
 * "k must be less than the vertex count", "k times the vertex count must
 * be even", ...; NULL when one exists (1 <= k < p, k*p even, p within
 * SK_NBRGRAPH_MAX_VERTICES). */
const char *sk_nbrgraph_regular_why(long p, long k);

/* The ring: vertex v's 2 neighbours are v-1 and v+1 modulo p (for p = 2
 * the other vertex twice, for p = 1 the vertex itself twice).  adj holds
 * 2p entries.  -1 when p is out of range. */
int sk_nbrgraph_ring(int p, int *adj);

/* A simple k-regular graph on p vertices (no self loop, no edge twice)
 * drawn from seed: a circulant graph (every vertex joined to the k/2
 * nearest on each side, and for odd k to the opposite one) stirred by
 * 10*p*k degree-preserving edge swaps of a generator seeded with seed.
 * The same (p, k, seed) gives the same graph on every machine.  adj
 * holds p*k entries.  -1 when sk_nbrgraph_regular_why() refuses (p, k)
 * or memory is short. */
int sk_nbrgraph_regular(int p, int k, unsigned long long seed, int *adj);

#endif
