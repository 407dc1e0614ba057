/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * topology.h -- the communicator of a neighbourhood collective's suite:
 * the suite's processes with the topology of Neighbor_Topology
 * (doc/engine.md, "Neighbourhood collectives").  Made once per suite,
 * before its points and outside every timed region.
 */
#ifndef SK_TOPOLOGY_H
#define SK_TOPOLOGY_H

#include <mpi.h>
#include <stddef.h>

#include "plan.h"
#include "result.h"

/* A new communicator *out over the processes of comm (ranks unchanged:
 * no reordering) with suite s's topology, and what it is in *info.
 * Collective over comm; on -1 (on every process alike) *out is
 * MPI_COMM_NULL and why says what failed. */
int sk_topology_make(const sk_suite_t *s, MPI_Comm comm, MPI_Comm *out,
                     sk_topo_info_t *info, char *why, size_t whylen);

#endif
