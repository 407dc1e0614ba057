/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nodecomm.h -- the communicators of a Variation = Nodes suite, one per
 * process count, made once per suite (doc/engine.md, "Process counts").
 *
 * A point of n processes runs on world ranks 0 .. n-1, or for an
 * instance of concurrent pairs on the pairs across the halves of the
 * world or placed by Pairs_Placement (pairs.h).  Its communicator is made by one MPI_Comm_split of
 * the world (every process takes part, those left out get none) the
 * first time a point of n processes is measured, or for a grid known in
 * advance all at once before the first point, and kept until the suite
 * ends: SK_NODECOMM_MAX of them at most (a grid of powers of two up to
 * 2^31 processes has 31), beyond which a point's communicator is made
 * for it and freed after it.
 */
#ifndef SK_NODECOMM_H
#define SK_NODECOMM_H

#include <mpi.h>
#include <stddef.h>

#include "pairs.h"

#define SK_NODECOMM_MAX 64

typedef struct sk_nodecomm {
  MPI_Comm world;               /* borrowed */
  int pairs;                    /* the instance pairs processes */
  int placement;                /* pairs: their Pairs_Placement
                                 * (sk_pairs_placement_t) */
  sk_pairs_place_t place;       /* pairs: this rank's place */
  int n;
  long arg[SK_NODECOMM_MAX];
  MPI_Comm comm[SK_NODECOMM_MAX];   /* MPI_COMM_NULL where left out */
  long made;                    /* communicators made (MPI_Comm_split) */
  double seconds;               /* this process's time making them */
} sk_nodecomm_t;

void sk_nodecomm_init(sk_nodecomm_t *c, MPI_Comm world, int pairs);

/* Makes the communicators of args[0..n) that are not made yet, as far
 * as there is room (collective over the world, the same args on every
 * process). */
void sk_nodecomm_make(sk_nodecomm_t *c, const long *args, size_t n);

/* The communicator of a point of arg processes (collective over the
 * world when it has to be made): MPI_COMM_NULL on a process left out.
 * *temp is 1 when it was made for this point alone (no room left): the
 * caller frees it after the point (sk_nodecomm_release()). */
MPI_Comm sk_nodecomm_get(sk_nodecomm_t *c, long arg, int *temp);
void sk_nodecomm_release(MPI_Comm *comm, int temp);

/* Frees every communicator kept. */
void sk_nodecomm_free(sk_nodecomm_t *c);

#endif
