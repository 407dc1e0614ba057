/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * topology.c -- a suite's Cartesian grid or distributed graph
 * (topology.h).
 *
 * Cartesian: Neighbor_Dimensions dimensions whose sizes MPI_Dims_create
 * chooses for the processes, every one periodic, so that every process
 * has 2 neighbours per dimension (the same one twice along a dimension
 * of 2 processes, itself along one of 1).  Graphs: every process builds
 * the same graph from (processes, k, seed) with lib/nbrgraph.c and
 * passes its own neighbours to MPI_Dist_graph_create_adjacent, sources
 * and destinations alike (the graph is undirected).  No reordering: a
 * rank of the suite keeps its number, so the timing process stays rank 0.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "nbrgraph.h"
#include "topology.h"

static int sk_topology_cart(const sk_suite_t *s, MPI_Comm comm,
                            MPI_Comm *out, sk_topo_info_t *info)
{
  int p, nd = (int)s->neighbor_dimensions, dims[3] = {0, 0, 0};
  int periods[3] = {1, 1, 1}, d;
  MPI_Comm_size(comm, &p);
  if (nd < 1 || nd > 3)
    return -1;
  MPI_Dims_create(p, nd, dims);
  if (MPI_Cart_create(comm, nd, dims, periods, 0, out) != MPI_SUCCESS)
    return -1;
  info->kind = "cartesian";
  info->ndims = nd;
  for (d = 0; d < nd; d++)
    info->dims[d] = dims[d];
  info->sources = info->destinations = 2 * nd;
  return 0;
}

/* The graph's adjacency (p * k entries, the caller's to free), or NULL
 * with why set; the same on every process. */
static int *sk_topology_graph(const sk_suite_t *s, int p, int *k,
                              char *why, size_t whylen)
{
  const char *no;
  int *adj;
  *k = s->neighbor_topology == SK_TOPO_RING ? 2 : (int)s->neighbor_degree;
  if (s->neighbor_topology == SK_TOPO_RANDOM_REGULAR &&
      (no = sk_nbrgraph_regular_why(p, s->neighbor_degree)) != NULL) {
    snprintf(why, whylen, "Neighbor_Degree = %ld on %d processes: %s",
             s->neighbor_degree, p, no);
    return NULL;
  }
  adj = malloc((size_t)p * (size_t)*k * sizeof *adj);
  if (adj == NULL ||
      (s->neighbor_topology == SK_TOPO_RING
           ? sk_nbrgraph_ring(p, adj)
           : sk_nbrgraph_regular(p, *k, (unsigned long long)s->neighbor_seed,
                                 adj)) != 0) {
    snprintf(why, whylen, "out of memory for the neighbourhood graph of %d "
             "processes", p);
    free(adj);
    return NULL;
  }
  return adj;
}

static int sk_topology_dist(const sk_suite_t *s, MPI_Comm comm,
                            MPI_Comm *out, sk_topo_info_t *info, char *why,
                            size_t whylen)
{
  int p, me, k, ok, rc;
  int *adj;
  MPI_Comm_size(comm, &p);
  MPI_Comm_rank(comm, &me);
  adj = sk_topology_graph(s, p, &k, why, whylen);
  ok = adj != NULL;
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, comm);
  if (!ok) {
    if (adj != NULL)
      snprintf(why, whylen, "out of memory for the neighbourhood graph on "
               "another process");
    free(adj);
    return -1;
  }
  /* Open MPI's MPI_UNWEIGHTED is the address 2, which gcc takes for an
   * array of no bytes read by the call (the MPI library never reads it). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
  rc = MPI_Dist_graph_create_adjacent(comm, k, adj + (long)me * k,
                                      MPI_UNWEIGHTED, k, adj + (long)me * k,
                                      MPI_UNWEIGHTED, MPI_INFO_NULL, 0, out);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  free(adj);
  if (rc != MPI_SUCCESS)
    return -1;
  info->kind = s->neighbor_topology == SK_TOPO_RING ? "ring"
                                                    : "random_regular";
  if (s->neighbor_topology == SK_TOPO_RANDOM_REGULAR) {
    info->degree = s->neighbor_degree;
    info->seed = s->neighbor_seed;
  }
  info->sources = info->destinations = k;
  return 0;
}

int sk_topology_make(const sk_suite_t *s, MPI_Comm comm, MPI_Comm *out,
                     sk_topo_info_t *info, char *why, size_t whylen)
{
  int rc, ok, all;
  *out = MPI_COMM_NULL;
  info->kind = NULL;
  why[0] = '\0';
  if (s->neighbor_topology == SK_TOPO_CARTESIAN)
    rc = sk_topology_cart(s, comm, out, info);
  else
    rc = sk_topology_dist(s, comm, out, info, why, whylen);
  /* every process fails the suite, or none: MPI errors return codes, so
   * the creation may fail on some processes only */
  ok = rc == 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, comm);
  if (ok && !all) {
    MPI_Comm_free(out);
    rc = -1;
    snprintf(why, whylen, "MPI could not make the neighbourhood topology "
             "on another process");
  }
  if (rc != 0 && why[0] == '\0')
    snprintf(why, whylen, "MPI could not make the neighbourhood topology");
  return rc;
}
