/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * result_place.c -- pairs, placements and the node map in the result
 * file (result_place.h).
 */
#include <config.h>

#include "result_place.h"

#include "nodemap.h"

/* true, false, or null for -1 (unknown). */
static int sk_result_tristate(sk_emit_t *e, const char *key, int v)
{
  sk_emit_str(e, key);
  return v < 0 ? sk_emit_null(e) : sk_emit_bool(e, v);
}

/* [a, b], a null for -1. */
static int sk_result_two(sk_emit_t *e, const char *key, const long v[2])
{
  int i;
  sk_emit_str(e, key);
  sk_emit_flow_seq_begin(e);
  for (i = 0; i < 2; i++)
    if (v[i] < 0)
      sk_emit_null(e);
    else
      sk_emit_long(e, v[i]);
  return sk_emit_seq_end(e);
}

static int sk_result_hosts(sk_emit_t *e, const char *const hosts[2])
{
  sk_emit_str(e, "hosts");
  sk_emit_flow_seq_begin(e);
  sk_emit_str(e, hosts[0]);
  sk_emit_str(e, hosts[1]);
  return sk_emit_seq_end(e);
}

int sk_result_emit_pair_place(sk_emit_t *e, const sk_pair_place_t *pp)
{
  if (pp->selection == NULL)
    return 0;
  sk_emit_str(e, "pair_placement");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "selection", pp->selection);
  if (pp->nodes[0] >= 0 && pp->nodes[1] >= 0) {
    sk_result_hosts(e, pp->hosts);
    sk_result_two(e, "nodes", pp->nodes);
    sk_emit_kv_str(e, "placement", pp->same_node == 1 ? "intra_node"
                                                      : "inter_node");
    sk_result_tristate(e, "same_socket", pp->same_socket);
    sk_emit_kv_bool(e, "same_shared_memory", pp->shm[0] == pp->shm[1]);
  }
  return sk_emit_map_end(e);
}

int sk_result_emit_pairs_place(sk_emit_t *e, const sk_pairs_info_t *pi)
{
  if (pi->selection == NULL)
    return 0;
  sk_emit_str(e, "pairs_placement");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "selection", pi->selection);
  sk_emit_kv_long(e, "most_processes", pi->most);
  if (pi->nodes[0] >= 0) {
    sk_result_two(e, "nodes", pi->nodes);
    sk_result_hosts(e, pi->hosts);
  }
  return sk_emit_map_end(e);
}

int sk_result_emit_nodes(sk_emit_t *e, const sk_result_t *r)
{
  if (r->nodes == NULL || r->nodes->nranks == 0)
    return 0;
  return sk_nodemap_emit(e, r->nodes);
}
