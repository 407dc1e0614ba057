/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nodemap.h -- which node, cores, sockets and NUMA domains every rank of
 * a run had: the node map of a result file (doc/output-format.md,
 * "node_map"), in memory (no MPI).
 *
 * What a node is.  A node is a host name: the ranks whose
 * MPI_Get_processor_name is the same run on one node.  MPI has a second
 * opinion, MPI_Comm_split_type(MPI_COMM_TYPE_SHARED): the ranks that can
 * share memory.  The two agree on a cluster; they may not where a
 * launcher or a container decides locality on its own (MPICH decides it
 * from its launcher, not from the host name).  The map keeps both: every
 * run of ranks says its node (by host name) and its shared-memory domain,
 * and `shm_agrees` says whether the domains are the nodes, rank for rank.
 *
 * Size.  The map is O(P) at most and usually far less: consecutive ranks
 * placed alike (same node, domain, CPUs, packages, NUMA domains, pinning)
 * make one run.  P ranks unpinned on N nodes placed by blocks are N runs;
 * P ranks pinned one to a core are P runs.  Ranks are looked up by binary
 * search over the runs.
 *
 * Who builds it.  skampi gathers one record per rank at the start of a
 * run (src/engine/placement.c) and adds them in rank order with
 * sk_nodemap_add(); a reader loads it from a result file with
 * sk_nodemap_load(), which refuses a map that does not add up (hostile
 * input).  Everything else only reads the structure below; a map owns
 * every string it points to.
 */
#ifndef SK_NODEMAP_H
#define SK_NODEMAP_H

#include <stddef.h>

#include "cpuset.h"
#include "emit.h"
#include "yread.h"

/* The longest host name a map keeps (MPI_MAX_PROCESSOR_NAME is 256 in
 * MPICH and Open MPI). */
#define SK_NODEMAP_HOST_MAX 255

/* One node: a host name and what ran there. */
typedef struct sk_nodemap_node {
  char *host;              /* MPI_Get_processor_name of its ranks */
  long ranks;              /* how many ranks ran on it */
  long first;              /* its lowest rank */
  long cpus_online;        /* CPUs online on it (as its first rank read
                            * /sys); 0: unknown */
} sk_nodemap_node_t;

/* Consecutive ranks placed alike. */
typedef struct sk_nodemap_run {
  long first, last;        /* world ranks, first <= last */
  long node;               /* index into nodes[] */
  long shm;                /* its shared-memory domain: 0 .. shm_domains-1,
                            * numbered in the order of their lowest rank */
  char *cpus;              /* the affinity (sched_getaffinity) as a list,
                            * "0-3,6"; "" unknown */
  char *packages;          /* the packages (sockets) of those CPUs; ""
                            * unknown */
  char *numa;              /* the NUMA domains of those CPUs; "" unknown */
  long ncpus;              /* CPUs in cpus (0: unknown) */
  int pinned;              /* cpus is narrower than the node's online
                            * CPUs */
  long package;            /* the one package of all its CPUs, or -1
                            * (several, or unknown): derived from
                            * packages, for "same socket" */
} sk_nodemap_run_t;

typedef struct sk_nodemap {
  long nranks;             /* ranks of the run: runs cover 0 .. nranks-1 */
  sk_nodemap_node_t *nodes;    /* in the order of their lowest rank */
  size_t nnodes;
  long shm_domains;        /* MPI_COMM_TYPE_SHARED domains */
  int shm_agrees;          /* the domains are the nodes, rank for rank */
  sk_nodemap_run_t *runs;  /* in rank order */
  size_t nruns;
  /* private: the builder's look-up of host names and domains */
  struct sk_nodemap_build *build;
} sk_nodemap_t;

/* An empty map (the caller's storage); sk_nodemap_free() releases it. */
void sk_nodemap_init(sk_nodemap_t *m);
void sk_nodemap_free(sk_nodemap_t *m);

/* One rank's record, as the run gathers it. */
typedef struct sk_nodemap_rec {
  const char *host;        /* borrowed; cut to SK_NODEMAP_HOST_MAX */
  long shm_leader;         /* the lowest world rank of its shared-memory
                            * domain (any number naming the domain) */
  const char *cpus, *packages, *numa;   /* list forms, borrowed */
  long ncpus;
  long online;             /* CPUs online on its node; 0 unknown */
} sk_nodemap_rec_t;

/* Adds the next rank (rank m->nranks) to the map; 0, or -1 when memory
 * ran out.  sk_nodemap_finish() after the last one. */
int sk_nodemap_add(sk_nodemap_t *m, const sk_nodemap_rec_t *r);
void sk_nodemap_finish(sk_nodemap_t *m);

/* ---- reading the map ---- */

/* The run of rank r, NULL when r is not in the map. */
const sk_nodemap_run_t *sk_nodemap_find(const sk_nodemap_t *m, long r);
/* The node of rank r, -1 when r is not in the map. */
long sk_nodemap_node_of(const sk_nodemap_t *m, long r);

/* Whether ranks a and b run on one node (1) or not (0); -1 unknown. */
int sk_nodemap_same_node(const sk_nodemap_t *m, long a, long b);
/* Whether ranks a and b are bound to one and the same package (socket)
 * of one node (1), to packages of which none is shared or to other nodes
 * (0); -1 when either may run on several packages or the packages are
 * unknown. */
int sk_nodemap_same_socket(const sk_nodemap_t *m, long a, long b);
/* Ranks that are pinned (mask narrower than their node). */
long sk_nodemap_pinned(const sk_nodemap_t *m);

/* The pairs a ping-pong suite can ask for by placement (the suite key
 * Pair): the first pair in rank order, a < b, with the smallest b. */
typedef enum {
  SK_NODEMAP_INTER_NODE,   /* a and b on two nodes */
  SK_NODEMAP_INTRA_NODE,   /* on one node */
  SK_NODEMAP_INTRA_SOCKET  /* on one node, bound to one package */
} sk_nodemap_pairkind_t;
/* 0 with pair[0] < pair[1], or -1 when the map has no such pair. */
int sk_nodemap_pair(const sk_nodemap_t *m, sk_nodemap_pairkind_t kind,
                    long pair[2]);

/* "2 hosts × 2 ranks, not pinned", "3 hosts, 1–4 ranks each, 5 of 9
 * ranks pinned", "1 host × 4 ranks, pinned, shared memory: 1 domain
 * (MPI sees one node)" into buf (always terminated; UTF-8). */
void sk_nodemap_summary(const sk_nodemap_t *m, char *buf, size_t size);

/* ---- the result file ---- */

/* Emits `node_map:` and its mapping (doc/output-format.md). */
int sk_nodemap_emit(sk_emit_t *e, const sk_nodemap_t *m);

/* Reads the value of `node_map` into *m (initialised here): every rank
 * in exactly one run, runs in order, indices in range, counts that add
 * up, lists that are lists.  -1 with located messages (y->errors) when
 * it does not; *m is then empty. */
int sk_nodemap_load(sk_yread_t *y, const sk_ynode_t *node, sk_nodemap_t *m);

/* The node map of the result file whose root is ROOT (its `node_map`,
 * checked as sk_nodemap_load() does, and its ranks against
 * factors.processes when the file has both): 0 with *m filled and *found
 * 1, 0 with *found 0 when the file has none, -1 with located messages. */
int sk_nodemap_load_root(sk_yread_t *y, const sk_ynode_t *root,
                         sk_nodemap_t *m, int *found);

#endif
