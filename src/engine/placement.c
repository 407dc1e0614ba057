/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * placement.c -- gathers the node map at the start of a run
 * (placement.h).
 */
#include <config.h>

#include "placement.h"

#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cputopo.h"

/* The affinity of this process into *s (SKAMPI_TEST_AFFINITY first). */
static void sk_placement_affinity(sk_cpuset_t *s)
{
  const char *test = getenv("SKAMPI_TEST_AFFINITY");
#ifdef CPU_SETSIZE
  cpu_set_t set;
  long i;
#endif
  sk_cpuset_clear(s);
  if (test != NULL && sk_cpuset_parse(test, s) == 0)
    return;
#ifdef CPU_SETSIZE
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (i = 0; i < CPU_SETSIZE && i < SK_CPUSET_MAX; i++)
      if (CPU_ISSET(i, &set))
        sk_cpuset_add(s, i);
#endif
}

/* The lowest world rank of this process's shared-memory domain. */
static long sk_placement_leader(MPI_Comm comm)
{
  MPI_Comm shm;
  int rank, low = 0;
  MPI_Comm_rank(comm, &rank);
  low = rank;
  if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL,
                          &shm) != MPI_SUCCESS || shm == MPI_COMM_NULL)
    return rank;
  MPI_Allreduce(&rank, &low, 1, MPI_INT, MPI_MIN, shm);
  MPI_Comm_free(&shm);
  return low;
}

/* This process's record: "NCPUS ONLINE LEADER\0HOST\0CPUS\0PACKAGES\0
 * NUMA\0", a new buffer of *len bytes; NULL on no memory. */
static char *sk_placement_probe(MPI_Comm comm, int *len)
{
  const char *root = getenv("SKAMPI_TEST_SYSFS");
  char host[MPI_MAX_PROCESSOR_NAME + 1], head[64], *v[3], *buf = NULL;
  sk_cputopo_t t;
  size_t n[5], total = 0, i;
  const char *part[5];
  int hl = 0;
  long leader = sk_placement_leader(comm);
  MPI_Get_processor_name(host, &hl);
  host[hl < 0 ? 0 : hl > MPI_MAX_PROCESSOR_NAME ? MPI_MAX_PROCESSOR_NAME
                                                 : hl] = '\0';
  sk_placement_affinity(&t.cpus);
  sk_cputopo_read(root != NULL ? root : "/sys", &t);
  v[0] = sk_cpuset_format(&t.cpus);
  v[1] = sk_cpuset_format(&t.packages);
  v[2] = sk_cpuset_format(&t.numa);
  snprintf(head, sizeof head, "%ld %ld %ld", sk_cpuset_count(&t.cpus),
           t.online, leader);
  part[0] = head;
  part[1] = host[0] != '\0' ? host : "unknown";
  part[2] = v[0];
  part[3] = v[1];
  part[4] = v[2];
  for (i = 0; v[0] && v[1] && v[2] && i < 5; i++)
    total += (n[i] = strlen(part[i]) + 1);
  if (v[0] && v[1] && v[2] && total < INT_MAX / 2 &&
      (buf = malloc(total)) != NULL) {
    for (total = 0, i = 0; i < 5; i++) {
      memcpy(buf + total, part[i], n[i]);
      total += n[i];
    }
    *len = (int)total;
  }
  free(v[0]);
  free(v[1]);
  free(v[2]);
  return buf;
}

/* Rank 0: one record of len bytes at p into the map; -1 when it is not
 * one (or memory ran out). */
static int sk_placement_add(sk_nodemap_t *m, const char *p, int len)
{
  const char *f[5];
  sk_nodemap_rec_t r;
  int i, at = 0;
  for (i = 0; i < 5; i++) {
    const char *end = at < len ? memchr(p + at, '\0', (size_t)(len - at))
                               : NULL;
    if (end == NULL)
      return -1;
    f[i] = p + at;
    at = (int)(end - p) + 1;
  }
  if (sscanf(f[0], "%ld %ld %ld", &r.ncpus, &r.online, &r.shm_leader) != 3)
    return -1;
  r.host = f[1];
  r.cpus = f[2];
  r.packages = f[3];
  r.numa = f[4];
  return sk_nodemap_add(m, &r);
}

/* Rank 0: the map from the gathered records. */
static int sk_placement_build(sk_nodemap_t *m, const char *all,
                              const int *lens, const int *displs, int p)
{
  int i;
  for (i = 0; i < p; i++)
    if (sk_placement_add(m, all + displs[i], lens[i]) != 0)
      return -1;
  sk_nodemap_finish(m);
  return 0;
}

/* Rank 0: each rank's node (A, B, other) and slot, two ints a rank, and
 * the sizes of nodes A and B. */
static int *sk_placement_places(const sk_nodemap_t *m, long size[2])
{
  long *seen = calloc(m->nnodes, sizeof *seen), node_b = -1, r;
  int *out = malloc((size_t)m->nranks * 2 * sizeof *out);
  size_t i;
  if (seen == NULL || out == NULL) {
    free(seen);
    free(out);
    return NULL;
  }
  for (i = 0; i < m->nruns; i++) {
    const sk_nodemap_run_t *u = &m->runs[i];
    if (node_b < 0 && u->node != m->runs[0].node)
      node_b = u->node;
    for (r = u->first; r <= u->last; r++) {
      out[2 * r] = u->node == m->runs[0].node ? SK_PAIRS_NODE_A
                   : u->node == node_b ? SK_PAIRS_NODE_B
                                       : SK_PAIRS_NODE_OTHER;
      out[2 * r + 1] = (int)seen[u->node]++;
    }
  }
  size[0] = m->nodes[m->runs[0].node].ranks;
  size[1] = node_b >= 0 ? m->nodes[node_b].ranks : 0;
  free(seen);
  return out;
}

/* Rank 0's part: gather, build, place; ok says whether all went well. */
static int *sk_placement_root(MPI_Comm comm, int p, const char *mine,
                              int len, sk_nodemap_t *map, long size[2])
{
  int *lens = malloc((size_t)p * sizeof *lens);
  int *displs = malloc((size_t)p * sizeof *displs), *places = NULL, i;
  long total = 0;
  char *all = NULL;
  int ok = lens != NULL && displs != NULL;
  MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, comm);
  for (i = 0; ok && i < p; i++) {
    displs[i] = (int)total;
    total += lens[i];
    ok = lens[i] > 0 && total < INT_MAX;
  }
  ok = ok && (all = malloc((size_t)total)) != NULL;
  MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
  if (ok)
    MPI_Gatherv(mine, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, comm);
  if (ok && sk_placement_build(map, all, lens, displs, p) == 0)
    places = sk_placement_places(map, size);
  free(all);
  free(lens);
  free(displs);
  return places;
}

int sk_placement_gather(MPI_Comm comm, sk_nodemap_t *map,
                        sk_pairs_place_t *me)
{
  int p, rank, len = 0, ok, all_ok, mine[2] = {SK_PAIRS_NODE_A, 0};
  int *places = NULL;
  long size[2] = {1, 0};
  char *rec;
  sk_nodemap_init(map);
  MPI_Comm_size(comm, &p);
  MPI_Comm_rank(comm, &rank);
  rec = sk_placement_probe(comm, &len);
  ok = rec != NULL;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
  if (all_ok && rank == 0) {
    places = sk_placement_root(comm, p, rec, len, map, size);
  } else if (all_ok) {
    MPI_Gather(&len, 1, MPI_INT, NULL, 1, MPI_INT, 0, comm);
    MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
    if (ok)
      MPI_Gatherv(rec, len, MPI_CHAR, NULL, NULL, NULL, MPI_CHAR, 0, comm);
  }
  free(rec);
  ok = all_ok && (rank != 0 || places != NULL);
  MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
  if (ok) {
    MPI_Scatter(places, 2, MPI_INT, mine, 2, MPI_INT, 0, comm);
    MPI_Bcast(size, 2, MPI_LONG, 0, comm);
  }
  free(places);
  me->node = mine[0];
  me->slot = mine[1];
  me->size_a = size[0];
  me->size_b = size[1];
  if (!ok)
    sk_nodemap_free(map);
  return ok ? 0 : -1;
}
