/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_pair.c -- the keys that place pairs of processes (Pair,
 * Pairs_Placement): written in a suite whose instance they do not apply
 * to, they are refused; and at run time, when the node map of the run is
 * known (sk_check_options_t.nodes, rank 0), a pair or a placement that
 * the run does not have is refused where it is written, before anything
 * is measured; with Missing_Pair = Leave_Out the suite is left out
 * instead (sk_suite_t.skip_absent), with a note at the value.  A preamble
 * default is blamed once per file, and only for the suites it applies
 * to.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_int.h"
#include "nodemap.h"
#include "pairs.h"

/* The bits of sk_check_t.reported for these rules (check_resolve.c's
 * take the low bits, check_topology.c bit 24). */
#define SK_PAIR_RULE_BIT (1ul << 25)
#define SK_PLACE_RULE_BIT (1ul << 26)

/* Where to point for a value of kv: the suite's, else the preamble line
 * (once per rule), else nowhere (a built-in default never fails). */
static const sk_span_t *sk_pair_where(sk_check_t *c, const sk_kv_t *kv,
                                      unsigned long bit)
{
  if (kv->origin == SK_ORIGIN_SUITE)
    return &kv->span;
  if (kv->origin != SK_ORIGIN_PREAMBLE || (c->reported & bit))
    return NULL;
  c->reported |= bit;
  return &kv->span;
}

/* "all 4 on host 'vm'" or "on 3 hosts" for a message. */
static void sk_pair_hosts(const sk_nodemap_t *m, char *buf, size_t size)
{
  if (m->nnodes == 1)
    snprintf(buf, size, "all %ld on host '%.64s'", m->nranks,
             m->nodes[0].host);
  else
    snprintf(buf, size, "on %lu hosts, one process each",
             (unsigned long)m->nnodes);
}

/* 1 when the run has no pair of selection sel, with why in buf[0..size),
 * else 0. */
static int sk_pair_missing(const sk_nodemap_t *m, long sel, char *buf,
                           size_t size)
{
  static const sk_nodemap_pairkind_t kind[] = {
    SK_NODEMAP_INTER_NODE, SK_NODEMAP_INTER_NODE, SK_NODEMAP_INTRA_NODE,
    SK_NODEMAP_INTRA_SOCKET};
  char where[128];
  long pair[2];
  if (sel <= SK_PAIR_MAX_LATENCY || sel > SK_PAIR_INTRA_SOCKET ||
      sk_nodemap_pair(m, kind[sel], pair) == 0)
    return 0;
  sk_pair_hosts(m, where, sizeof where);
  if (sel == SK_PAIR_INTRA_SOCKET &&
      sk_nodemap_pair(m, SK_NODEMAP_INTRA_NODE, pair) != 0)
    sel = SK_PAIR_INTRA_NODE;    /* the reason is the nodes, not binding */
  if (sel == SK_PAIR_INTER_NODE)
    snprintf(buf, size, "no two processes of this run are on different "
             "nodes (%s)", where);
  else if (sel == SK_PAIR_INTRA_NODE)
    snprintf(buf, size, "no two processes of this run share a node (%s)",
             where);
  else
    snprintf(buf, size, "no two processes of one node are bound to the "
             "same socket (%ld of %ld processes pinned; bind them, e.g. "
             "mpiexec -bind-to core)", sk_nodemap_pinned(m), m->nranks);
  return 1;
}

/* 1 when placement pl is impossible in this run, with why in
 * buf[0..size), else 0. */
static int sk_pair_place_missing(const sk_nodemap_t *m, long pl, char *buf,
                                 size_t size)
{
  const sk_nodemap_node_t *a = &m->nodes[m->runs[0].node];
  if (pl == SK_PAIRS_ACROSS_NODES && m->nnodes < 2) {
    snprintf(buf, size, "k pairs across two nodes need processes on two "
             "nodes: the %ld processes of this run are all on host "
             "'%.64s'", m->nranks, a->host);
    return 1;
  }
  if (pl == SK_PAIRS_WITHIN_NODE && a->ranks < 2) {
    snprintf(buf, size, "k pairs within one node need two processes on "
             "the node of rank 0, host '%.64s', which has %ld", a->host,
             a->ranks);
    return 1;
  }
  return 0;
}

/* Missing_Pair = Leave_Out: suite out is left out for why (the value kv
 * this run lacks, named in it), with a note at kv (at the suite's name
 * for a preamble default): not refused. */
static void sk_pair_leave_out(sk_check_t *c, const sk_ast_item_t *it,
                              const sk_kv_t *kv, sk_suite_t *out,
                              const char *why)
{
  const sk_span_t *at = kv->origin == SK_ORIGIN_SUITE ? &kv->span
                                                      : &it->span;
  char text[480];
  snprintf(text, sizeof text, "left out: %s", why);
  sk_diag_remark(c->diag, c->sink.file, *at, "suite '%s': %s (%s = %s)",
                 it->name, text, sk_suitekey_name(SK_KEY_MISSING_PAIR),
                 sk_suitekey_value(SK_KEY_MISSING_PAIR,
                                   SK_MISSING_PAIR_LEAVE_OUT));
  if (out == NULL || out->skip != NULL)
    return;
  if ((out->skip = strdup(text)) == NULL) {
    c->nomem = 1;
    return;
  }
  out->skip_absent = 1;
  out->skip_loc = sk_check_loc(*at);
}

/* A pair or placement this run lacks (the value kv, why in `why`):
 * refused at the value, or the suite left out (Missing_Pair). */
static void sk_pair_lacking(sk_check_t *c, const sk_ast_item_t *it,
                            const sk_kv_t *kv, sk_key_id_t id, int leave,
                            sk_suite_t *out, const char *why,
                            unsigned long bit)
{
  const sk_span_t *at;
  char text[400];
  snprintf(text, sizeof text, "%s = %s: %s", sk_suitekey_name(id),
           sk_suitekey_value(id, kv->l), why);
  if (leave)
    sk_pair_leave_out(c, it, kv, out, text);
  else if ((at = sk_pair_where(c, kv, bit)) != NULL)
    sk_diag_error(c->diag, c->sink.file, *at, "%s", text);
}

void sk_check_pair(sk_check_t *c, const sk_ast_item_t *it,
                   const sk_kv_t *kv, sk_suite_t *out)
{
  const sk_kv_t *t = &kv[SK_KEY_TYPE], *pair = &kv[SK_KEY_PAIR];
  const sk_kv_t *pl = &kv[SK_KEY_PAIRS_PLACEMENT];
  const sk_kv_t *miss = &kv[SK_KEY_MISSING_PAIR];
  char buf[320];
  int pingpong, pairs, leave;
  if (t->origin == SK_ORIGIN_NONE || t->inst == NULL)
    return;
  pingpong = sk_instance_pattern(t->inst->pattern)->pair;
  pairs = t->inst->payload == SK_PAYLOAD_PAIRS;
  if (!pingpong && pair->origin == SK_ORIGIN_SUITE)
    sk_diag_error(c->diag, c->sink.file, pair->span, "%s applies to the "
                  "suites of one ping-pong pair (pattern %s), not to "
                  "%s (pattern %s)", sk_suitekey_name(SK_KEY_PAIR),
                  sk_instance_pattern_name(SK_PATTERN_PINGPONG),
                  t->inst->name, sk_instance_pattern_name(t->inst->pattern));
  if (!pairs && pl->origin == SK_ORIGIN_SUITE)
    sk_diag_error(c->diag, c->sink.file, pl->span, "%s applies to the "
                  "instances of concurrent pairs (Multipair_Pingpong), not "
                  "to %s", sk_suitekey_name(SK_KEY_PAIRS_PLACEMENT),
                  t->inst->name);
  if (!pingpong && !pairs && miss->origin == SK_ORIGIN_SUITE)
    sk_diag_error(c->diag, c->sink.file, miss->span, "%s applies to the "
                  "suites that place pairs by the node map (%s, %s), not "
                  "to %s", sk_suitekey_name(SK_KEY_MISSING_PAIR),
                  sk_suitekey_name(SK_KEY_PAIR),
                  sk_suitekey_name(SK_KEY_PAIRS_PLACEMENT), t->inst->name);
  if (c->nodes == NULL || c->nodes->nranks == 0)
    return;
  leave = miss->origin != SK_ORIGIN_NONE &&
          miss->l == SK_MISSING_PAIR_LEAVE_OUT;
  if (pingpong && pair->origin != SK_ORIGIN_NONE &&
      sk_pair_missing(c->nodes, pair->l, buf, sizeof buf))
    sk_pair_lacking(c, it, pair, SK_KEY_PAIR, leave, out, buf,
                    SK_PAIR_RULE_BIT);
  if (pairs && pl->origin != SK_ORIGIN_NONE &&
      sk_pair_place_missing(c->nodes, pl->l, buf, sizeof buf))
    sk_pair_lacking(c, it, pl, SK_KEY_PAIRS_PLACEMENT, leave, out, buf,
                    SK_PLACE_RULE_BIT);
}
