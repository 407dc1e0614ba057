/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_support.c -- the keys an instance must support to run with
 * them: In_Place (an MPI_IN_PLACE form), Root other than Fixed (a
 * rooted collective of the library; Rotate not where the root is fixed
 * when the request is made) and Verify (data to check).  The instance's
 * descriptor says what it supports (sk_check_options_t.supports).  A
 * suite that sets such a key for an instance that cannot take it is
 * refused at the value; a preamble default applies to the suites whose
 * instance can take it, and the others keep the built-in default (so
 * that `@Verify yes` does not fail the barrier).  A rank as Root must
 * also exist at every point of a Nodes suite.
 */
#include <config.h>

#include <stdio.h>

#include "check_int.h"

/* The bit of sk_check_t.reported for a preamble Root that a Nodes suite
 * cannot take (check_resolve.c's rules take the low bits,
 * check_topology.c bit 24): blamed once, at its line. */
#define SK_SUPPORT_NODES_BIT (1ul << 25)

/* A key the instance cannot take: refused where the suite set it (1);
 * a preamble default falls back to the built-in one (0). */
static int sk_support_refuse(sk_check_t *c, sk_kv_t *kv, sk_key_id_t id)
{
  if (kv->origin == SK_ORIGIN_SUITE)
    return 1;
  *kv = c->builtin[id];
  return 0;
}

/* "Rotate" or the rank, for messages. */
static const char *sk_support_root(long root, char *buf, size_t size)
{
  if (root == SK_ROOT_ROTATE)
    snprintf(buf, size, "Rotate");
  else
    snprintf(buf, size, "%ld", root);
  return buf;
}

/* A rank as Root against a Nodes suite's smallest communicator. */
static void sk_support_nodes(sk_check_t *c, const sk_ast_item_t *it,
                             const sk_kv_t *kv)
{
  const sk_kv_t *root = &kv[SK_KEY_ROOT], *var = &kv[SK_KEY_VARIATION];
  const sk_kv_t *start = &kv[SK_KEY_START_ARGUMENT];
  sk_span_t at = root->origin == SK_ORIGIN_NONE ? it->span : root->span;
  if (root->l <= 0 || var->origin == SK_ORIGIN_NONE ||
      var->l != SK_VARIATION_NODES || start->origin == SK_ORIGIN_NONE ||
      root->l < start->l)
    return;
  if (root->origin == SK_ORIGIN_PREAMBLE) {
    if (c->reported & SK_SUPPORT_NODES_BIT)
      return;
    c->reported |= SK_SUPPORT_NODES_BIT;
  }
  sk_diag_error(c->diag, c->sink.file, at, "Root %ld is not a rank of the "
                "first point's %ld processes (Variation = Nodes from "
                "Start_Argument %ld)", root->l, start->l, start->l);
}

/* Root against the instance. */
static void sk_support_check_root(sk_check_t *c, sk_kv_t *kv,
                                  const char *name, unsigned have)
{
  sk_kv_t *root = &kv[SK_KEY_ROOT];
  char r[32];
  if (root->origin == SK_ORIGIN_NONE || root->l == 0)
    return;
  sk_support_root(root->l, r, sizeof r);
  if (!(have & SK_SUPPORT_ROOT)) {
    if (sk_support_refuse(c, root, SK_KEY_ROOT))
      sk_diag_error(c->diag, c->sink.file, root->span, "Root = %s does not "
                    "apply to %s: only the MPI library's rooted collectives "
                    "take a root", r, name);
  } else if (root->l == SK_ROOT_ROTATE && !(have & SK_SUPPORT_ROTATE)) {
    if (sk_support_refuse(c, root, SK_KEY_ROOT))
      sk_diag_error(c->diag, c->sink.file, root->span, "Root = Rotate does "
                    "not apply to %s: a persistent collective's root is "
                    "fixed when its request is made", name);
  }
}

void sk_check_support(sk_check_t *c, const sk_ast_item_t *it, sk_kv_t *kv)
{
  const sk_kv_t *t = &kv[SK_KEY_TYPE];
  sk_kv_t *ip = &kv[SK_KEY_IN_PLACE], *ver = &kv[SK_KEY_VERIFY];
  unsigned have;
  if (t->origin == SK_ORIGIN_NONE || t->inst == NULL)
    return;
  have = c->supports != NULL ? c->supports(t->inst->number) : ~0u;
  if (ip->origin != SK_ORIGIN_NONE && ip->l &&
      !(have & SK_SUPPORT_IN_PLACE) &&
      sk_support_refuse(c, ip, SK_KEY_IN_PLACE))
    sk_diag_error(c->diag, c->sink.file, ip->span, "In_Place = yes does not "
                  "apply to %s: it has no MPI_IN_PLACE form", t->inst->name);
  sk_support_check_root(c, kv, t->inst->name, have);
  sk_support_nodes(c, it, kv);
  if (ver->origin != SK_ORIGIN_NONE && ver->l &&
      !(have & SK_SUPPORT_VERIFY) && sk_support_refuse(c, ver, SK_KEY_VERIFY))
    sk_diag_error(c->diag, c->sink.file, ver->span, "Verify = yes does not "
                  "apply to %s: it has no data to check", t->inst->name);
}
