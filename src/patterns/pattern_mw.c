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
#include <stdlib.h>

#include "dtype.h"
#include "pattern.h"
#include "pattern_coll.h"

#define SK_MW_TAG 4

typedef enum {
  SK_MW_WAIT, SK_MW_WAITANY, SK_MW_ANYSOURCE,
  SK_MW_SEND, SK_MW_SSEND, SK_MW_ISEND, SK_MW_BSEND
} sk_mw_kind_t;

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

static void sk_mw_worker(sk_pctx_t *c, int n, int rc)
{
  int w = c->size - 1, k;
  for (k = c->rank - 1; k < n; k += w) {
    MPI_Recv(c->rbuf, rc, c->rcvtype, 0, SK_MW_TAG, c->comm,
             MPI_STATUS_IGNORE);
    MPI_Send(c->rbuf, rc, c->rcvtype, 0, SK_MW_TAG, c->comm);
  }
}

static void sk_mw_give(sk_pctx_t *c, sk_mw_kind_t kind, int k, int sc)
{
  char *p = sk_coll_seg(c->sbuf, k, sc, c->sext);
  int w = 1 + k % (c->size - 1);
  switch (kind) {
  case SK_MW_SSEND:
    MPI_Ssend(p, sc, c->dtype, w, SK_MW_TAG, c->comm);
    break;
  case SK_MW_ISEND:
    MPI_Isend(p, sc, c->dtype, w, SK_MW_TAG, c->comm,
              &c->reqs[k % (c->size - 1)]);
    break;
  case SK_MW_BSEND:
    MPI_Bsend(p, sc, c->dtype, w, SK_MW_TAG, c->comm);
    break;
  default:
    MPI_Send(p, sc, c->dtype, w, SK_MW_TAG, c->comm);
  }
}

/* Results of chunks k0..k1-1 with pre-posted receives (Wait, Waitany). */
static void sk_mw_post(sk_pctx_t *c, int k0, int k1, int rc)
{
  int k;
  for (k = k0; k < k1; k++)
    MPI_Irecv(sk_coll_seg(c->rbuf, k, rc, c->rext), rc, c->rcvtype,
              1 + k % (c->size - 1), SK_MW_TAG, c->comm, &c->reqs[k - k0]);
}

static void sk_mw_collect(sk_pctx_t *c, sk_mw_kind_t kind, int k0, int k1,
                          int rc)
{
  int k, idx;
  for (k = k0; k < k1; k++) {
    char *p = sk_coll_seg(c->rbuf, k, rc, c->rext);
    if (kind == SK_MW_WAIT)
      MPI_Wait(&c->reqs[k - k0], MPI_STATUS_IGNORE);
    else if (kind == SK_MW_WAITANY)
      MPI_Waitany(k1 - k0, c->reqs, &idx, MPI_STATUS_IGNORE);
    else if (kind == SK_MW_ANYSOURCE)
      MPI_Recv(p, rc, c->rcvtype, MPI_ANY_SOURCE, SK_MW_TAG, c->comm,
               MPI_STATUS_IGNORE);
    else
      MPI_Recv(p, rc, c->rcvtype, 1 + k % (c->size - 1), SK_MW_TAG,
               c->comm, MPI_STATUS_IGNORE);
  }
}

static void sk_mw_master(sk_pctx_t *c, sk_mw_kind_t kind, int n, int sc,
                         int rc)
{
  int w = c->size - 1, k0, k;
  for (k0 = 0; k0 < n; k0 += w) {
    int k1 = k0 + w < n ? k0 + w : n;
    if (kind == SK_MW_WAIT || kind == SK_MW_WAITANY)
      sk_mw_post(c, k0, k1, rc);
    for (k = k0; k < k1; k++)
      sk_mw_give(c, kind, k, sc);
    if (kind == SK_MW_ISEND)
      MPI_Waitall(k1 - k0, c->reqs, c->stats);
    sk_mw_collect(c, kind, k0, k1, rc);
  }
}

static void sk_mw_run(sk_pctx_t *c, sk_mw_kind_t kind)
{
  int sc, rc, n = sk_mw_chunks(c, &sc, &rc);
  if (c->rank == 0)
    sk_mw_master(c, kind, n, sc, rc);
  else
    sk_mw_worker(c, n, rc);
}

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

#define SK_MW_INSTANCE(fn, KIND, SETUP, TEARDOWN, VERIFY) \
  static void sk_mw_run_##fn(sk_pctx_t *c) { sk_mw_run(c, KIND); } \
  const sk_inst_ops_t sk_inst_##fn = { \
    .run = sk_mw_run_##fn, .setup = SETUP, .teardown = TEARDOWN, \
    .verify = VERIFY, .timing = "master"};

SK_MW_INSTANCE(mw_wait, SK_MW_WAIT, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_waitany, SK_MW_WAITANY, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_recv_anysource, SK_MW_ANYSOURCE, sk_mw_setup,
               sk_coll_free_arrays, sk_mw_verify_any)
SK_MW_INSTANCE(mw_send, SK_MW_SEND, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_ssend, SK_MW_SSEND, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_isend, SK_MW_ISEND, sk_mw_setup, sk_coll_free_arrays,
               sk_mw_verify_each)
SK_MW_INSTANCE(mw_bsend, SK_MW_BSEND, sk_mw_bsend_setup,
               sk_mw_bsend_teardown, sk_mw_verify_each)
