/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * result_place.h -- where a suite's pairs ran, and the run's node map, in
 * the result file (doc/output-format.md: `pair_placement`,
 * `pairs_placement`, `node_map`); result.c's writer calls these.
 */
#ifndef SK_RESULT_PLACE_H
#define SK_RESULT_PLACE_H

#include "emit.h"
#include "result.h"

/* `pair_placement:` of a ping-pong suite; nothing when selection is
 * NULL. */
int sk_result_emit_pair_place(sk_emit_t *e, const sk_pair_place_t *pp);

/* `pairs_placement:` of a suite of concurrent pairs; nothing when
 * selection is NULL. */
int sk_result_emit_pairs_place(sk_emit_t *e, const sk_pairs_info_t *pi);

/* `node_map:` of the run; nothing when r->nodes is NULL or empty. */
int sk_result_emit_nodes(sk_emit_t *e, const sk_result_t *r);

#endif
