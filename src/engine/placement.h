/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * placement.h -- the node map of a run, gathered once at its start
 * (lib/nodemap.h is the map; this is the MPI side).
 *
 * Every process probes itself: its host name (MPI_Get_processor_name),
 * its affinity (sched_getaffinity), the packages and NUMA domains of
 * those CPUs and the CPUs online (lib/cputopo.h, from /sys), and its
 * shared-memory domain (MPI_Comm_split_type with MPI_COMM_TYPE_SHARED,
 * named by its lowest world rank).  Rank 0 gathers the records (one
 * MPI_Gather of their lengths, one MPI_Gatherv of the bytes: O(P) bytes
 * on rank 0, a few hundred bytes on the others) and builds the map; then
 * every rank gets its own place for the pair placements (src/engine/
 * pairs.h) by one MPI_Scatter and one MPI_Bcast.
 *
 * TEST ONLY (doc/robustness.md): SKAMPI_TEST_SYSFS=DIR reads the
 * topology under DIR instead of /sys, so that a test can give one
 * machine two sockets; SKAMPI_TEST_AFFINITY=LIST takes LIST ("0-3") as
 * the affinity of every process instead of sched_getaffinity's.
 */
#ifndef SK_PLACEMENT_H
#define SK_PLACEMENT_H

#include <mpi.h>

#include "nodemap.h"
#include "pairs.h"

/* Collective over comm.  Rank 0 gets the map in *map (initialised
 * here; every other rank an empty one); every rank its place in *me.
 * Returns 0 on every rank, or -1 on every rank when memory ran out on
 * any of them (the map is then empty). */
int sk_placement_gather(MPI_Comm comm, sk_nodemap_t *map,
                        sk_pairs_place_t *me);

#endif
