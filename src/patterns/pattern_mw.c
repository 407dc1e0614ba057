/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_mw.c -- the master-worker pattern (§3.1) and its seven
 * instances of Fig. 2.
 *
 * The exchange (doc/engine.md, "Master-worker"): rank 0 is the master,
 * ranks 1..W the workers (W = size - 1).  The master's message of
 * `length` bytes is cut into C chunks of equal size (C = the argument of
 * a Chunks suite, else Default_Chunks, 0 meaning one per worker); chunk k
 * goes to worker 1 + k mod W, in rounds of at most W chunks.  In a round
 * the master hands out its chunks, then collects one result per chunk: the
 * worker returns the chunk it received, unchanged, as its result.  The
 * time is the master's for all rounds.  Instances differ in how the
 * master receives (10-12, sending with MPI_Send) or sends (13-16,
 * receiving with MPI_Recv from each worker in turn); workers always
 * MPI_Recv and MPI_Send.
 */
#include <config.h>

#include <stdlib.h>

#include "dtype.h"
#include "pattern.h"
#include "pattern_coll.h"

#define SK_MW_TAG 4

/* Chunks of the point, and one chunk's elements in the send and the
 * receive pattern (whole elements of the coarser one). */
static int sk_mw_chunks(const sk_pctx_t *c, int *sc, int *rc)
{
  int n = c->chunks > 0 ? c->chunks : c->size - 1;
  int q = c->count < c->rcvcount ? c->count : c->rcvcount;
  int qc = n > 0 ? q / n : 0;
  *sc = q > 0 ? qc * (c->count / q) : 0;
  *rc = q > 0 ? qc * (c->rcvcount / q) : 0;
  return n;
}

/* ---- what the instances share (inlined into each) --------------------- */

/* The worker of chunk k. */
static inline int sk_mw_to(const sk_pctx_t *c, int k)
{
  return 1 + k % (c->size - 1);
}

/* Chunk k of the master's message, and its result slot. */
static inline char *sk_mw_out(sk_pctx_t *c, int k, int sc)
{
  return sk_coll_seg(c->sbuf, k, sc, c->sext);
}

static inline char *sk_mw_in(sk_pctx_t *c, int k, int rc)
{
  return sk_coll_seg(c->rbuf, k, rc, c->rext);
}

/* A worker: receives each of its chunks and returns it. */
static void sk_mw_worker(sk_pctx_t *c, int n, int rc)
{
  int w = c->size - 1, k;
  for (k = c->rank - 1; k < n; k += w) {
    MPI_Recv(c->rbuf, rc, c->rcvtype, 0, SK_MW_TAG, c->comm,
             MPI_STATUS_IGNORE);
    MPI_Send(c->rbuf, rc, c->rcvtype, 0, SK_MW_TAG, c->comm);
  }
}

/* Chunks k0..k1-1 out with MPI_Send. */
static inline void sk_mw_send_all(sk_pctx_t *c, int k0, int k1, int sc)
{
  int k;
  for (k = k0; k < k1; k++)
    MPI_Send(sk_mw_out(c, k, sc), sc, c->dtype, sk_mw_to(c, k), SK_MW_TAG,
             c->comm);
}

/* Their results with a receive posted before the chunks go out. */
static inline void sk_mw_post(sk_pctx_t *c, int k0, int k1, int rc)
{
  int k;
  for (k = k0; k < k1; k++)
    MPI_Irecv(sk_mw_in(c, k, rc), rc, c->rcvtype, sk_mw_to(c, k),
              SK_MW_TAG, c->comm, &c->reqs[k - k0]);
}

/* Their results with MPI_Recv from each worker in turn. */
static inline void sk_mw_recv_all(sk_pctx_t *c, int k0, int k1, int rc)
{
  int k;
  for (k = k0; k < k1; k++)
    MPI_Recv(sk_mw_in(c, k, rc), rc, c->rcvtype, sk_mw_to(c, k), SK_MW_TAG,
             c->comm, MPI_STATUS_IGNORE);
}

/* One round of the master: chunks k0..k1-1 out, their results in. */
typedef void sk_mw_round_fn(sk_pctx_t *c, int k0, int k1, int sc, int rc);

/* A repetition: the master's rounds of at most W chunks, or a worker's
 * share (inlined with the instance's round). */
static inline void sk_mw_run(sk_pctx_t *c, sk_mw_round_fn *round)
{
  int sc, rc, n = sk_mw_chunks(c, &sc, &rc), w = c->size - 1, k0;
  if (c->rank != 0) {
    sk_mw_worker(c, n, rc);
    return;
  }
  for (k0 = 0; k0 < n; k0 += w)
    round(c, k0, k0 + w < n ? k0 + w : n, sc, rc);
}

/* ---- the instances: one round of the master each ---------------------- */

/* 10: a receive posted per chunk, completed with MPI_Wait each. */
static void sk_mw_round_wait(sk_pctx_t *c, int k0, int k1, int sc, int rc)
{
  int k;
  sk_mw_post(c, k0, k1, rc);
  sk_mw_send_all(c, k0, k1, sc);
  for (k = k0; k < k1; k++)
    MPI_Wait(&c->reqs[k - k0], MPI_STATUS_IGNORE);
}

/* 11: a receive posted per chunk, completed with MPI_Waitany. */
static void sk_mw_round_waitany(sk_pctx_t *c, int k0, int k1, int sc,
                                int rc)
{
  int k, idx;
  sk_mw_post(c, k0, k1, rc);
  sk_mw_send_all(c, k0, k1, sc);
  for (k = k0; k < k1; k++)
    MPI_Waitany(k1 - k0, c->reqs, &idx, MPI_STATUS_IGNORE);
}

/* 12: results with MPI_Recv from MPI_ANY_SOURCE, in any order. */
static void sk_mw_round_recv_anysource(sk_pctx_t *c, int k0, int k1, int sc,
                                       int rc)
{
  int k;
  sk_mw_send_all(c, k0, k1, sc);
  for (k = k0; k < k1; k++)
    MPI_Recv(sk_mw_in(c, k, rc), rc, c->rcvtype, MPI_ANY_SOURCE, SK_MW_TAG,
             c->comm, MPI_STATUS_IGNORE);
}

/* 13: chunks out with MPI_Send. */
static void sk_mw_round_send(sk_pctx_t *c, int k0, int k1, int sc, int rc)
{
  sk_mw_send_all(c, k0, k1, sc);
  sk_mw_recv_all(c, k0, k1, rc);
}

/* 14: chunks out with MPI_Ssend. */
static void sk_mw_round_ssend(sk_pctx_t *c, int k0, int k1, int sc, int rc)
{
  int k;
  for (k = k0; k < k1; k++)
    MPI_Ssend(sk_mw_out(c, k, sc), sc, c->dtype, sk_mw_to(c, k), SK_MW_TAG,
              c->comm);
  sk_mw_recv_all(c, k0, k1, rc);
}

/* 15: chunks out with MPI_Isend, all completed before the results. */
static void sk_mw_round_isend(sk_pctx_t *c, int k0, int k1, int sc, int rc)
{
  int k;
  for (k = k0; k < k1; k++)
    MPI_Isend(sk_mw_out(c, k, sc), sc, c->dtype, sk_mw_to(c, k), SK_MW_TAG,
              c->comm, &c->reqs[k - k0]);
  MPI_Waitall(k1 - k0, c->reqs, c->stats);
  sk_mw_recv_all(c, k0, k1, rc);
}

/* 16: chunks out with MPI_Bsend (the buffer: sk_mw_bsend_setup). */
static void sk_mw_round_bsend(sk_pctx_t *c, int k0, int k1, int sc, int rc)
{
  int k;
  for (k = k0; k < k1; k++)
    MPI_Bsend(sk_mw_out(c, k, sc), sc, c->dtype, sk_mw_to(c, k), SK_MW_TAG,
              c->comm);
  sk_mw_recv_all(c, k0, k1, rc);
}

/* ---- untimed work around a point -------------------------------------- */

/* Requests for a round. */
static int sk_mw_setup(sk_pctx_t *c)
{
  c->reqs = malloc((size_t)(c->size + 1) * sizeof *c->reqs);
  c->stats = malloc((size_t)(c->size + 1) * sizeof *c->stats);
  return c->reqs != NULL && c->stats != NULL && c->size >= 2 ? 0 : -1;
}

/* A round gives at most min(C, W) chunks; one chunk more in the buffer
 * leaves MPI slack to reclaim the last round's.  Those chunks hold at
 * most two messages' data (min(C, W) chunks of length / C bytes, plus
 * one of at most length) and at most P headers: buffers BSEND_MW in
 * instances.def counts that. */
static int sk_mw_bsend_setup(sk_pctx_t *c)
{
  int sc, rc, n, w = c->size - 1;
  if (sk_mw_setup(c) != 0)
    return -1;
  n = sk_mw_chunks(c, &sc, &rc);
  if (sk_pattern_attach(c, (n < w ? n : w) + 1, sc) == 0)
    return 0;
  sk_coll_free_arrays(c);
  return -1;
}

static void sk_mw_bsend_teardown(sk_pctx_t *c)
{
  sk_pattern_detach(c);
  sk_coll_free_arrays(c);
}

/* Integrity: the master's chunk k carries seed k + 1 and must come back
 * into result slot k; with MPI_ANY_SOURCE the results of a round arrive in
 * any order, so every chunk carries the same seed. */
static int sk_mw_verify(const sk_inst_ops_t *ops, sk_pctx_t *c, int any)
{
  int sc, rc, n = sk_mw_chunks(c, &sc, &rc), k, bad = 0;
  for (k = 0; c->rank == 0 && k < n; k++)
    if (sk_dtype_fill(sk_coll_seg(c->sbuf, k, sc, c->sext), sc, c->dtype,
                      any ? 1u : (unsigned)k + 1) != 0)
      return -1;
  ops->run(c);
  for (k = 0; c->rank == 0 && k < n; k++)
    bad |= sk_dtype_verify(sk_coll_seg(c->rbuf, k, rc, c->rext), rc,
                           c->rcvtype, any ? 1u : (unsigned)k + 1);
  return bad;
}

static int sk_mw_verify_any(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_mw_verify(ops, c, 1);
}

static int sk_mw_verify_each(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_mw_verify(ops, c, 0);
}

/* An instance: its round inside the pattern's repetition. */
#define SK_MW_INSTANCE(fn, ROUND, SETUP, TEARDOWN, VERIFY) \
  static void sk_mw_run_##fn(sk_pctx_t *c) { sk_mw_run(c, ROUND); } \
  const sk_inst_ops_t sk_inst_##fn = { \
    .run = sk_mw_run_##fn, .setup = SETUP, .teardown = TEARDOWN, \
    .verify = VERIFY, .timing = "master"};

SK_MW_INSTANCE(mw_wait, sk_mw_round_wait, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_waitany, sk_mw_round_waitany, sk_mw_setup,
               sk_coll_free_arrays, sk_mw_verify_each)
SK_MW_INSTANCE(mw_recv_anysource, sk_mw_round_recv_anysource, sk_mw_setup,
               sk_coll_free_arrays, sk_mw_verify_any)
SK_MW_INSTANCE(mw_send, sk_mw_round_send, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_ssend, sk_mw_round_ssend, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_isend, sk_mw_round_isend, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_bsend, sk_mw_round_bsend, sk_mw_bsend_setup,
               sk_mw_bsend_teardown, sk_mw_verify_each)
