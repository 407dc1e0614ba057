/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nodemap.c -- the node map in memory: building it rank by rank, and
 * the questions the engine and the report ask of it (nodemap.h).  The
 * file form is nodemap_io.c's.
 */
#include <config.h>

#include "nodemap.h"

#include "grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The builder's hash tables: host name -> node, domain leader -> shm
 * index (open addressing, grown at half full), so that adding P ranks
 * costs O(P), not O(P x nodes). */
typedef struct sk_nodemap_slot {
  const char *host;        /* the node's name (its storage), or NULL */
  long leader;             /* a domain's leader, -1: empty */
  long index;
} sk_nodemap_slot_t;

struct sk_nodemap_build {
  sk_nodemap_slot_t *hosts, *domains;
  size_t hcap, dcap, ndomains;
  size_t runcap, nodecap;
};

void sk_nodemap_init(sk_nodemap_t *m)
{
  memset(m, 0, sizeof *m);
  m->shm_agrees = 1;
}

static void sk_nodemap_free_build(sk_nodemap_t *m)
{
  if (m->build == NULL)
    return;
  free(m->build->hosts);
  free(m->build->domains);
  free(m->build);
  m->build = NULL;
}

void sk_nodemap_free(sk_nodemap_t *m)
{
  size_t i;
  if (m == NULL)
    return;
  for (i = 0; i < m->nnodes; i++)
    free(m->nodes[i].host);
  for (i = 0; i < m->nruns; i++) {
    free(m->runs[i].cpus);
    free(m->runs[i].packages);
    free(m->runs[i].numa);
  }
  free(m->nodes);
  free(m->runs);
  sk_nodemap_free_build(m);
  sk_nodemap_init(m);
}

/* FNV-1a of a string, or of a long's bytes. */
static size_t sk_nodemap_hash(const void *p, size_t n)
{
  const unsigned char *s = p;
  size_t h = 1469598103934665603ull & (size_t)-1, i;
  for (i = 0; i < n; i++)
    h = (h ^ s[i]) * (size_t)1099511628211ull;
  return h;
}

/* The slot of host (found, or the empty one it goes to). */
static sk_nodemap_slot_t *sk_nodemap_host_slot(sk_nodemap_slot_t *t,
                                               size_t cap, const char *host)
{
  size_t i = sk_nodemap_hash(host, strlen(host)) & (cap - 1);
  while (t[i].host != NULL && strcmp(t[i].host, host) != 0)
    i = (i + 1) & (cap - 1);
  return &t[i];
}

static sk_nodemap_slot_t *sk_nodemap_domain_slot(sk_nodemap_slot_t *t,
                                                 size_t cap, long leader)
{
  size_t i = sk_nodemap_hash(&leader, sizeof leader) & (cap - 1);
  while (t[i].leader != -1 && t[i].leader != leader)
    i = (i + 1) & (cap - 1);
  return &t[i];
}

/* Doubles a table once it is half full; -1 on no memory. */
static int sk_nodemap_grow(sk_nodemap_slot_t **t, size_t *cap, size_t used,
                           int by_host)
{
  sk_nodemap_slot_t *old = *t, *nt, *s;
  size_t oldcap = *cap, ncap = oldcap ? 2 * oldcap : 64, i;
  if (2 * (used + 1) <= oldcap)
    return 0;
  if ((nt = malloc(ncap * sizeof *nt)) == NULL)
    return -1;
  for (i = 0; i < ncap; i++) {
    nt[i].host = NULL;
    nt[i].leader = -1;
  }
  for (i = 0; i < oldcap; i++) {
    if (by_host ? old[i].host == NULL : old[i].leader == -1)
      continue;
    s = by_host ? sk_nodemap_host_slot(nt, ncap, old[i].host)
                : sk_nodemap_domain_slot(nt, ncap, old[i].leader);
    *s = old[i];
  }
  free(old);
  *t = nt;
  *cap = ncap;
  return 0;
}

/* The node of host, added when new; -1 on no memory. */
static long sk_nodemap_node_index(sk_nodemap_t *m, const char *host,
                                  long rank, long online)
{
  struct sk_nodemap_build *b = m->build;
  sk_nodemap_slot_t *s;
  sk_nodemap_node_t *n;
  if (sk_nodemap_grow(&b->hosts, &b->hcap, m->nnodes, 1) != 0)
    return -1;
  s = sk_nodemap_host_slot(b->hosts, b->hcap, host);
  if (s->host != NULL)
    return s->index;
  if (SK_GROW(m->nodes, b->nodecap, m->nnodes + 1, 8) != 0)
    return -1;
  n = &m->nodes[m->nnodes];
  if ((n->host = strndup(host, SK_NODEMAP_HOST_MAX)) == NULL)
    return -1;
  n->ranks = 0;
  n->first = rank;
  n->cpus_online = online > 0 ? online : 0;
  s->host = n->host;
  s->index = (long)m->nnodes++;
  return s->index;
}

/* The shared-memory domain of leader, numbered when new; -1 on no
 * memory. */
static long sk_nodemap_domain_index(sk_nodemap_t *m, long leader)
{
  struct sk_nodemap_build *b = m->build;
  sk_nodemap_slot_t *s;
  if (sk_nodemap_grow(&b->domains, &b->dcap, b->ndomains, 0) != 0)
    return -1;
  s = sk_nodemap_domain_slot(b->domains, b->dcap, leader);
  if (s->leader == -1) {
    s->leader = leader;
    s->index = (long)b->ndomains++;
  }
  return s->index;
}

/* The one package of a list, or -1. */
static long sk_nodemap_one_package(const char *packages)
{
  sk_cpuset_t s;
  if (sk_cpuset_parse(packages, &s) != 0 || sk_cpuset_count(&s) != 1)
    return -1;
  return sk_cpuset_first(&s);
}

static int sk_nodemap_run_like(const sk_nodemap_run_t *u, long node,
                               long shm, const sk_nodemap_rec_t *r,
                               int pinned)
{
  return u->node == node && u->shm == shm && u->ncpus == r->ncpus &&
         u->pinned == pinned && strcmp(u->cpus, r->cpus) == 0 &&
         strcmp(u->packages, r->packages) == 0 &&
         strcmp(u->numa, r->numa) == 0;
}

/* A new run for rank of record r; -1 on no memory. */
static int sk_nodemap_new_run(sk_nodemap_t *m, long rank, long node,
                              long shm, const sk_nodemap_rec_t *r,
                              int pinned)
{
  struct sk_nodemap_build *b = m->build;
  sk_nodemap_run_t *u;
  if (SK_GROW(m->runs, b->runcap, m->nruns + 1, 16) != 0)
    return -1;
  u = &m->runs[m->nruns];
  memset(u, 0, sizeof *u);
  u->first = u->last = rank;
  u->node = node;
  u->shm = shm;
  u->ncpus = r->ncpus;
  u->pinned = pinned;
  u->cpus = strdup(r->cpus);
  u->packages = strdup(r->packages);
  u->numa = strdup(r->numa);
  u->package = sk_nodemap_one_package(r->packages);
  m->nruns++;
  return u->cpus && u->packages && u->numa ? 0 : -1;
}

int sk_nodemap_add(sk_nodemap_t *m, const sk_nodemap_rec_t *r)
{
  long rank = m->nranks, node, shm;
  sk_nodemap_run_t *last;
  char host[SK_NODEMAP_HOST_MAX + 1];
  int pinned;
  if (m->build == NULL && (m->build = calloc(1, sizeof *m->build)) == NULL)
    return -1;
  /* the name as the map keeps it, so that look-ups match what is kept */
  snprintf(host, sizeof host, "%s", r->host);
  if ((node = sk_nodemap_node_index(m, host, rank, r->online)) < 0 ||
      (shm = sk_nodemap_domain_index(m, r->shm_leader)) < 0)
    return -1;
  pinned = r->ncpus > 0 && r->online > 0 && r->ncpus < r->online;
  last = m->nruns > 0 ? &m->runs[m->nruns - 1] : NULL;
  if (last != NULL && sk_nodemap_run_like(last, node, shm, r, pinned))
    last->last = rank;
  else if (sk_nodemap_new_run(m, rank, node, shm, r, pinned) != 0)
    return -1;
  m->nodes[node].ranks++;
  m->nranks++;
  return 0;
}

/* Do the shared-memory domains make the same partition as the nodes?
 * They do when every node has one domain and there are as many domains
 * as nodes. */
static int sk_nodemap_agree(const sk_nodemap_t *m)
{
  long *dom = malloc(m->nnodes * sizeof *dom);
  size_t i;
  int ok = (size_t)m->shm_domains == m->nnodes;
  if (dom == NULL)
    return 0;
  for (i = 0; i < m->nnodes; i++)
    dom[i] = -1;
  for (i = 0; ok && i < m->nruns; i++) {
    const sk_nodemap_run_t *u = &m->runs[i];
    if (dom[u->node] == -1)
      dom[u->node] = u->shm;
    ok = dom[u->node] == u->shm;
  }
  free(dom);
  return ok;
}

void sk_nodemap_finish(sk_nodemap_t *m)
{
  if (m->build != NULL)
    m->shm_domains = (long)m->build->ndomains;
  sk_nodemap_free_build(m);
  m->shm_agrees = sk_nodemap_agree(m);
}

/* ---- questions ---------------------------------------------------------- */

const sk_nodemap_run_t *sk_nodemap_find(const sk_nodemap_t *m, long r)
{
  size_t lo = 0, hi = m->nruns;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r < m->runs[mid].first)
      hi = mid;
    else if (r > m->runs[mid].last)
      lo = mid + 1;
    else
      return &m->runs[mid];
  }
  return NULL;
}

long sk_nodemap_node_of(const sk_nodemap_t *m, long r)
{
  const sk_nodemap_run_t *u = sk_nodemap_find(m, r);
  return u != NULL ? u->node : -1;
}

int sk_nodemap_same_node(const sk_nodemap_t *m, long a, long b)
{
  long na = sk_nodemap_node_of(m, a), nb = sk_nodemap_node_of(m, b);
  return na < 0 || nb < 0 ? -1 : na == nb;
}

int sk_nodemap_same_socket(const sk_nodemap_t *m, long a, long b)
{
  const sk_nodemap_run_t *u = sk_nodemap_find(m, a);
  const sk_nodemap_run_t *v = sk_nodemap_find(m, b);
  if (u == NULL || v == NULL)
    return -1;
  if (u->node != v->node)
    return 0;
  if (u->package < 0 || v->package < 0)
    return -1;
  return u->package == v->package;
}

long sk_nodemap_pinned(const sk_nodemap_t *m)
{
  long n = 0;
  size_t i;
  for (i = 0; i < m->nruns; i++)
    if (m->runs[i].pinned)
      n += m->runs[i].last - m->runs[i].first + 1;
  return n;
}

/* The key that groups ranks for kind (-1: the rank does not qualify):
 * the node for intra-node pairs, node and package for intra-socket. */
static long sk_nodemap_group(const sk_nodemap_run_t *u,
                             sk_nodemap_pairkind_t kind)
{
  if (kind != SK_NODEMAP_INTRA_SOCKET)
    return u->node;
  if (u->package < 0)
    return -1;
  return u->node * SK_CPUSET_MAX + u->package;
}

/* The first rank in a group seen before (a) and the rank that joins it
 * (b) with the smallest b.  Groups are looked up in a small hash. */
static int sk_nodemap_pair_within(const sk_nodemap_t *m,
                                  sk_nodemap_pairkind_t kind, long pair[2])
{
  size_t cap = 64, i, h;
  long (*seen)[2] = NULL, g;
  int rc = -1;
  while (cap < 2 * m->nruns + 2)
    cap *= 2;
  if ((seen = malloc(cap * sizeof *seen)) == NULL)
    return -1;
  for (i = 0; i < cap; i++)
    seen[i][0] = -1;
  for (i = 0; rc != 0 && i < m->nruns; i++) {
    const sk_nodemap_run_t *u = &m->runs[i];
    if ((g = sk_nodemap_group(u, kind)) < 0)
      continue;
    for (h = sk_nodemap_hash(&g, sizeof g) & (cap - 1);
         seen[h][0] != -1 && seen[h][0] != g; h = (h + 1) & (cap - 1))
      ;
    if (seen[h][0] == g) {
      pair[0] = seen[h][1];
      pair[1] = u->first;
      rc = 0;
    } else if (u->last > u->first) {
      pair[0] = u->first;
      pair[1] = u->first + 1;
      rc = 0;
    } else {
      seen[h][0] = g;
      seen[h][1] = u->first;
    }
  }
  free(seen);
  return rc;
}

int sk_nodemap_pair(const sk_nodemap_t *m, sk_nodemap_pairkind_t kind,
                    long pair[2])
{
  size_t i;
  if (m->nruns == 0)
    return -1;
  if (kind != SK_NODEMAP_INTER_NODE)
    return sk_nodemap_pair_within(m, kind, pair);
  /* rank 0 and the first rank on another node */
  for (i = 1; i < m->nruns; i++)
    if (m->runs[i].node != m->runs[0].node) {
      pair[0] = 0;
      pair[1] = m->runs[i].first;
      return 0;
    }
  return -1;
}

/* ---- the title page's line -------------------------------------------- */

void sk_nodemap_summary(const sk_nodemap_t *m, char *buf, size_t size)
{
  long lo = m->nranks, hi = 0, pinned = sk_nodemap_pinned(m);
  size_t i, len;
  char pin[64];
  if (size == 0)
    return;
  for (i = 0; i < m->nnodes; i++) {
    lo = m->nodes[i].ranks < lo ? m->nodes[i].ranks : lo;
    hi = m->nodes[i].ranks > hi ? m->nodes[i].ranks : hi;
  }
  if (pinned == 0)
    snprintf(pin, sizeof pin, "not pinned");
  else if (pinned == m->nranks)
    snprintf(pin, sizeof pin, "pinned");
  else
    snprintf(pin, sizeof pin, "%ld of %ld ranks pinned", pinned, m->nranks);
  if (lo == hi)
    snprintf(buf, size, "%lu host%s \xc3\x97 %ld rank%s, %s",
             (unsigned long)m->nnodes, m->nnodes == 1 ? "" : "s", hi,
             hi == 1 ? "" : "s", pin);
  else
    snprintf(buf, size, "%lu hosts, %ld\xe2\x80\x93%ld ranks each, %s",
             (unsigned long)m->nnodes, lo, hi, pin);
  len = strlen(buf);
  if (!m->shm_agrees && len + 1 < size)
    snprintf(buf + len, size - len, "; MPI shared memory: %ld domain%s",
             m->shm_domains, m->shm_domains == 1 ? "" : "s");
}
