/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_topology.c -- the neighbourhood collectives' topology keys
 * (Neighbor_Topology, Neighbor_Degree, ...) against the processes of the
 * run: a random k-regular graph exists only for k < P and k*P even, and
 * the run would otherwise fail when the suite starts.  The rule applies
 * to the suites of the family's instances only, so that a preamble
 * default does not trouble the other suites.
 */
#include <config.h>

#include <string.h>

#include "check_int.h"
#include "nbrgraph.h"

/* The bit of sk_check_t.reported for this rule (check_resolve.c's rules
 * take the low bits): a preamble default is blamed once per file. */
#define SK_TOPO_RULE_BIT (1ul << 24)

/* Where to point: the value the suite wrote, else the preamble line that
 * set one, else the suite's name; NULL when the preamble line was
 * blamed already. */
static const sk_span_t *sk_topo_where(sk_check_t *c, const sk_ast_item_t *it,
                                      const sk_kv_t *a, const sk_kv_t *b)
{
  if (a->origin == SK_ORIGIN_SUITE)
    return &a->span;
  if (b->origin == SK_ORIGIN_SUITE)
    return &b->span;
  if (a->origin != SK_ORIGIN_PREAMBLE && b->origin != SK_ORIGIN_PREAMBLE)
    return &it->span;
  if (c->reported & SK_TOPO_RULE_BIT)
    return NULL;
  c->reported |= SK_TOPO_RULE_BIT;
  return a->origin == SK_ORIGIN_PREAMBLE ? &a->span : &b->span;
}

void sk_check_topology(sk_check_t *c, const sk_ast_item_t *it,
                       const sk_kv_t *kv)
{
  const sk_kv_t *t = &kv[SK_KEY_TYPE], *topo = &kv[SK_KEY_NEIGHBOR_TOPOLOGY];
  const sk_kv_t *k = &kv[SK_KEY_NEIGHBOR_DEGREE];
  const sk_span_t *at;
  const char *why;
  if (t->origin == SK_ORIGIN_NONE || t->inst == NULL ||
      strcmp(sk_instance_family(t->inst), "neighborhood collective") != 0 ||
      topo->origin == SK_ORIGIN_NONE || topo->l != SK_TOPO_RANDOM_REGULAR ||
      k->origin == SK_ORIGIN_NONE)
    return;
  why = sk_nbrgraph_regular_why(c->nprocs, k->l);
  if (why == NULL || (at = sk_topo_where(c, it, k, topo)) == NULL)
    return;
  sk_diag_error(c->diag, c->sink.file, *at, "Neighbor_Topology = "
                "Random_Regular with Neighbor_Degree = %ld on %d processes: "
                "%s", k->l, c->nprocs, why);
}
