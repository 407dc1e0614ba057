/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_nbc.h -- what the nonblocking and the persistent collectives
 * share (pattern_nbc.c, pattern_persist.c).
 */
#ifndef SK_PATTERN_NBC_H
#define SK_PATTERN_NBC_H

#include "pattern.h"

/* Alltoallw's arrays beside c->counts / c->rcounts (c->priv). */
typedef struct sk_nbc_w {
  int *sdispls, *rdispls;          /* bytes */
  MPI_Datatype *stypes, *rtypes;
} sk_nbc_w_t;

/* Alltoallw: counts, byte displacements and types as Alltoall lays the
 * blocks out; the teardown frees them (and is safe after a failed
 * setup). */
int sk_nbc_w_setup(sk_pctx_t *c);
void sk_nbc_w_teardown(sk_pctx_t *c);

/* The setup, teardown and check of the operations without a blocking
 * instance: Alltoallw, Reduce_scatter_block (counts[0] elements per
 * process), Exscan. */
extern const sk_inst_ops_t sk_nbc_base_alltoallw;
extern const sk_inst_ops_t sk_nbc_base_rsb;
extern const sk_inst_ops_t sk_nbc_base_exscan;

/* The overlap point's setup: base's setup (on every process or none),
 * then t_pure (c->ovl_pure) as the median time of pure(), the
 * computation's iterations (c->ovl_iters) and t_cpu (c->ovl_cpu).
 * Collective over c->comm; -1 on every process when base's setup failed
 * on any. */
int sk_nbc_overlap_setup(sk_pctx_t *c, const sk_inst_ops_t *base,
                         void (*pure)(sk_pctx_t *));

/* The computation with c->test_calls MPI_Test of *r spread through it,
 * then MPI_Wait(r). */
void sk_nbc_overlap_wait(sk_pctx_t *c, MPI_Request *r);

#endif
