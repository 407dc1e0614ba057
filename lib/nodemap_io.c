/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nodemap_io.c -- the node map in a result file: written by skampi,
 * read (bounded, every count checked) by every reader (nodemap.h,
 * doc/output-format.md "node_map").
 */
#include <config.h>

#include "nodemap.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ------------------------------------------------------------ */

static int sk_nodemap_emit_node(sk_emit_t *e, const sk_nodemap_node_t *n)
{
  sk_emit_flow_map_begin(e);
  sk_emit_kv_str(e, "host", n->host);
  sk_emit_kv_long(e, "ranks", n->ranks);
  sk_emit_kv_long(e, "first_rank", n->first);
  sk_emit_kv_long(e, "cpus_online", n->cpus_online);
  return sk_emit_map_end(e);
}

static int sk_nodemap_emit_run(sk_emit_t *e, const sk_nodemap_run_t *u)
{
  sk_emit_flow_map_begin(e);
  sk_emit_str(e, "ranks");
  sk_emit_flow_seq_begin(e);
  sk_emit_long(e, u->first);
  sk_emit_long(e, u->last);
  sk_emit_seq_end(e);
  sk_emit_kv_long(e, "node", u->node);
  sk_emit_kv_long(e, "shared_memory", u->shm);
  sk_emit_kv_str(e, "cpus", u->cpus);
  sk_emit_kv_str(e, "packages", u->packages);
  sk_emit_kv_str(e, "numa", u->numa);
  sk_emit_kv_long(e, "ncpus", u->ncpus);
  sk_emit_kv_bool(e, "pinned", u->pinned);
  return sk_emit_map_end(e);
}

int sk_nodemap_emit(sk_emit_t *e, const sk_nodemap_t *m)
{
  size_t i;
  sk_emit_str(e, "node_map");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "node_by", "host_name");
  sk_emit_kv_long(e, "ranks", m->nranks);
  sk_emit_kv_long(e, "pinned_ranks", sk_nodemap_pinned(m));
  sk_emit_kv_long(e, "shared_memory_domains", m->shm_domains);
  sk_emit_kv_bool(e, "shared_memory_agrees", m->shm_agrees);
  sk_emit_str(e, "nodes");
  sk_emit_seq_begin(e);
  for (i = 0; i < m->nnodes; i++)
    sk_nodemap_emit_node(e, &m->nodes[i]);
  sk_emit_seq_end(e);
  sk_emit_str(e, "placement");
  sk_emit_seq_begin(e);
  for (i = 0; i < m->nruns; i++)
    sk_nodemap_emit_run(e, &m->runs[i]);
  sk_emit_seq_end(e);
  return sk_emit_map_end(e);
}

/* ---- reading ------------------------------------------------------------ */

/* What a map of the node map is, for "... lacks 'KEY'". */
static const char *sk_nodemap_what(const sk_ynode_t *map)
{
  if (sk_yread_get(NULL, map, "host") != NULL)
    return "a node of 'nodes'";
  if (sk_yread_get(NULL, map, "ranks") != NULL &&
      sk_yread_get(NULL, map, "ranks")->kind == SK_YNODE_SEQ)
    return "a run of 'placement'";
  return "'node_map'";
}

/* Integer KEY of map, required, within [lo, hi]. */
static int sk_nodemap_int(sk_yread_t *y, const sk_ynode_t *map,
                          const char *key, long lo, long hi, long *out)
{
  const sk_ynode_t *v = sk_yread_get(y, map, key);
  long x = lo;
  if (v == NULL) {
    sk_yread_error(y, map, "%s lacks '%s'", sk_nodemap_what(map), key);
    return -1;
  }
  if (sk_yread_integer(y, v, key, &x) < 0)
    return -1;
  if (x < lo || x > hi) {
    sk_yread_error(y, v, "'%s' must be from %ld to %ld, not %ld", key, lo,
                   hi, x);
    return -1;
  }
  *out = x;
  return 0;
}

static int sk_nodemap_bool(sk_yread_t *y, const sk_ynode_t *map,
                           const char *key, int *out)
{
  const sk_ynode_t *v = sk_yread_get(y, map, key);
  if (v == NULL) {
    sk_yread_error(y, map, "%s lacks '%s'", sk_nodemap_what(map), key);
    return -1;
  }
  return sk_yread_bool(y, v, key, out);
}

/* A list KEY ("0-3,6", or "" unknown), copied into *out. */
static int sk_nodemap_list(sk_yread_t *y, const sk_ynode_t *map,
                           const char *key, char **out)
{
  const sk_ynode_t *v = sk_yread_get(y, map, key);
  const char *t = sk_yread_text(v);
  sk_cpuset_t s;
  if (v == NULL || t == NULL || strlen(t) != v->len ||
      sk_cpuset_parse(t, &s) != 0) {
    sk_yread_error(y, v ? v : map, "'%s' must be a list of numbers below "
                   "%d such as \"0-3,6\"", key, SK_CPUSET_MAX);
    return -1;
  }
  if ((*out = strdup(t)) == NULL) {
    sk_yread_error(y, v, "out of memory");
    return -1;
  }
  return 0;
}

static int sk_nodemap_load_node(sk_yread_t *y, const sk_ynode_t *n,
                                const sk_nodemap_t *m, sk_nodemap_node_t *d)
{
  const sk_ynode_t *h;
  const char *t;
  if (sk_yread_want_map(y, n, "a node of 'node_map'") < 0)
    return -1;
  h = sk_yread_get(y, n, "host");
  t = sk_yread_text(h);
  if (t == NULL || h->len == 0 || h->len > SK_NODEMAP_HOST_MAX ||
      strlen(t) != h->len) {
    sk_yread_error(y, h ? h : n, "'host' must be a name of 1 to %d bytes",
                   SK_NODEMAP_HOST_MAX);
    return -1;
  }
  if (sk_nodemap_int(y, n, "ranks", 1, m->nranks, &d->ranks) < 0 ||
      sk_nodemap_int(y, n, "first_rank", 0, m->nranks - 1, &d->first) < 0 ||
      sk_nodemap_int(y, n, "cpus_online", 0, SK_CPUSET_MAX,
                     &d->cpus_online) < 0)
    return -1;
  if ((d->host = strdup(t)) == NULL) {
    sk_yread_error(y, n, "out of memory");
    return -1;
  }
  return 0;
}

static int sk_nodemap_load_nodes(sk_yread_t *y, const sk_ynode_t *node,
                                 sk_nodemap_t *m)
{
  const sk_ynode_t *seq = sk_yread_get(y, node, "nodes");
  size_t i, n;
  if (seq == NULL || sk_yread_want_seq(y, seq, "'nodes'") < 0) {
    if (seq == NULL)
      sk_yread_error(y, node, "'node_map' lacks 'nodes'");
    return -1;
  }
  n = sk_yread_len(seq);
  if (n == 0 || n > (size_t)m->nranks) {
    sk_yread_error(y, seq, "'nodes' must list 1 to %ld nodes, not %lu",
                   m->nranks, (unsigned long)n);
    return -1;
  }
  if ((m->nodes = calloc(n, sizeof *m->nodes)) == NULL) {
    sk_yread_error(y, seq, "out of memory");
    return -1;
  }
  for (i = 0; i < n; i++, m->nnodes++)
    if (sk_nodemap_load_node(y, sk_yread_item(y, seq, i), m,
                             &m->nodes[i]) < 0)
      return -1;
  return 0;
}

/* One run; *next is the rank it must start at. */
static int sk_nodemap_load_run(sk_yread_t *y, const sk_ynode_t *n,
                               sk_nodemap_t *m, long *next,
                               sk_nodemap_run_t *u)
{
  const sk_ynode_t *r;
  if (sk_yread_want_map(y, n, "a run of 'placement'") < 0)
    return -1;
  r = sk_yread_get(y, n, "ranks");
  if (r == NULL || r->kind != SK_YNODE_SEQ || sk_yread_len(r) != 2 ||
      sk_yread_integer(y, sk_yread_item(y, r, 0), "ranks", &u->first) < 0 ||
      sk_yread_integer(y, sk_yread_item(y, r, 1), "ranks", &u->last) < 0) {
    sk_yread_error(y, r ? r : n, "'ranks' must be [first, last]");
    return -1;
  }
  if (u->first != *next || u->last < u->first || u->last >= m->nranks) {
    sk_yread_error(y, r, "'ranks' must be [%ld, L] with %ld <= L < %ld: "
                   "the runs cover every rank once, in order", *next,
                   *next, m->nranks);
    return -1;
  }
  *next = u->last + 1;
  u->package = -1;
  if (sk_nodemap_int(y, n, "node", 0, (long)m->nnodes - 1, &u->node) < 0 ||
      sk_nodemap_int(y, n, "shared_memory", 0, m->shm_domains - 1,
                     &u->shm) < 0 ||
      sk_nodemap_int(y, n, "ncpus", 0, SK_CPUSET_MAX, &u->ncpus) < 0 ||
      sk_nodemap_bool(y, n, "pinned", &u->pinned) < 0 ||
      sk_nodemap_list(y, n, "cpus", &u->cpus) < 0 ||
      sk_nodemap_list(y, n, "packages", &u->packages) < 0 ||
      sk_nodemap_list(y, n, "numa", &u->numa) < 0)
    return -1;
  {
    sk_cpuset_t s;
    if (sk_cpuset_parse(u->packages, &s) == 0 && sk_cpuset_count(&s) == 1)
      u->package = sk_cpuset_first(&s);
  }
  return 0;
}

static int sk_nodemap_load_runs(sk_yread_t *y, const sk_ynode_t *node,
                                sk_nodemap_t *m)
{
  const sk_ynode_t *seq = sk_yread_get(y, node, "placement");
  size_t i, n;
  long next = 0;
  if (seq == NULL) {
    sk_yread_error(y, node, "'node_map' lacks 'placement'");
    return -1;
  }
  if (sk_yread_want_seq(y, seq, "'placement'") < 0)
    return -1;
  n = sk_yread_len(seq);
  if (n == 0 || n > (size_t)m->nranks) {
    sk_yread_error(y, seq, "'placement' must hold 1 to %ld runs, not %lu",
                   m->nranks, (unsigned long)n);
    return -1;
  }
  if ((m->runs = calloc(n, sizeof *m->runs)) == NULL) {
    sk_yread_error(y, seq, "out of memory");
    return -1;
  }
  /* all n counted at once: a run refused half-way has copied some of
   * its lists, which sk_nodemap_free() frees with the others */
  m->nruns = n;
  for (i = 0; i < n; i++)
    if (sk_nodemap_load_run(y, sk_yread_item(y, seq, i), m, &next,
                            &m->runs[i]) < 0)
      return -1;
  if (next != m->nranks) {
    sk_yread_error(y, seq, "'placement' ends at rank %ld: the run has %ld "
                   "ranks", next - 1, m->nranks);
    return -1;
  }
  return 0;
}

/* The nodes' counts and first ranks must be what the runs say. */
static int sk_nodemap_load_counts(sk_yread_t *y, const sk_ynode_t *node,
                                  const sk_nodemap_t *m)
{
  long *count = calloc(m->nnodes, sizeof *count), *first;
  size_t i;
  int rc = 0;
  if (count == NULL || (first = malloc(m->nnodes * sizeof *first)) == NULL) {
    free(count);
    sk_yread_error(y, node, "out of memory");
    return -1;
  }
  for (i = 0; i < m->nnodes; i++)
    first[i] = -1;
  for (i = 0; i < m->nruns; i++) {
    const sk_nodemap_run_t *u = &m->runs[i];
    count[u->node] += u->last - u->first + 1;
    if (first[u->node] < 0)
      first[u->node] = u->first;
  }
  for (i = 0; rc == 0 && i < m->nnodes; i++)
    if (count[i] != m->nodes[i].ranks || first[i] != m->nodes[i].first) {
      sk_yread_error(y, node, "'node_map' node %lu has %ld ranks from rank "
                     "%ld by 'placement', not %ld from %ld",
                     (unsigned long)i, count[i], first[i],
                     m->nodes[i].ranks, m->nodes[i].first);
      rc = -1;
    }
  free(count);
  free(first);
  return rc;
}

int sk_nodemap_load(sk_yread_t *y, const sk_ynode_t *node, sk_nodemap_t *m)
{
  sk_nodemap_init(m);
  if (sk_yread_want_map(y, node, "'node_map'") < 0)
    return -1;
  if (sk_nodemap_int(y, node, "ranks", 1, INT_MAX, &m->nranks) < 0 ||
      sk_nodemap_int(y, node, "shared_memory_domains", 1, m->nranks,
                     &m->shm_domains) < 0 ||
      sk_nodemap_bool(y, node, "shared_memory_agrees", &m->shm_agrees) < 0 ||
      sk_nodemap_load_nodes(y, node, m) < 0 ||
      sk_nodemap_load_runs(y, node, m) < 0 ||
      sk_nodemap_load_counts(y, node, m) < 0) {
    sk_nodemap_free(m);
    return -1;
  }
  return 0;
}

int sk_nodemap_load_root(sk_yread_t *y, const sk_ynode_t *root,
                         sk_nodemap_t *m, int *found)
{
  const sk_ynode_t *node = sk_yread_get(y, root, "node_map");
  const sk_ynode_t *procs = sk_yread_get(y, sk_yread_get(y, root,
                                                         "factors"),
                                         "processes");
  double np;
  sk_nodemap_init(m);
  *found = node != NULL;
  if (node == NULL)
    return 0;
  if (sk_nodemap_load(y, node, m) != 0)
    return -1;
  if (procs != NULL && procs->kind == SK_YNODE_SCALAR &&
      (procs->flags & SK_YNODE_NUMBER) && procs->num != (double)m->nranks) {
    np = procs->num;
    sk_yread_error(y, sk_yread_get(y, node, "ranks"), "'node_map' has %ld "
                   "ranks, but factors.processes is %.0f", m->nranks, np);
    sk_nodemap_free(m);
    return -1;
  }
  return 0;
}
