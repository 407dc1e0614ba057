/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_persist.c -- persistent operations of MPI-4 (doc/engine.md,
 * "Persistent operations").
 *
 * A point's setup makes the persistent request once (MPI_Xxx_init, after
 * the blocking collective's own setup) and its teardown frees it
 * (MPI_Request_free); a repetition is MPI_Start + MPI_Wait, timed like
 * the blocking collective.  The one-off costs are the timing process's
 * time of the *_init call(s) (after a barrier) and of MPI_Request_free,
 * recorded per point (init_time, free_time).  Buffers, counts and the
 * integrity check are the blocking collective's: the request is bound to
 * the same buffers the check fills.
 *
 * configure looks for every MPI_Xxx_init in the MPI library (Open MPI
 * 4.1 implements MPI 3.1 and has none); an instance whose function is
 * missing names it in its descriptor (.unavailable), `skampi --list`
 * marks it and the checker refuses a suite of it.
 */
#include <config.h>

#include <stdlib.h>

#include "pattern.h"
#include "pattern_coll.h"
#include "pattern_nbc.h"
#include "timer.h"

#define SK_PERS_TAG 1
/* What a failed first start of a collective request says (.refusal). */
#define SK_PERS_REFUSAL "the persistent request failed on some processes " \
  "in one of its first MPI_Start calls (an MPI error there); the " \
  "processes that waited for its data gave up"

#define SK_PERS_FAULT_TAG 2

static void sk_pers_teardown(sk_pctx_t *c, const sk_inst_ops_t *base);

/* The processes that failed tell every other one on `side` (one empty
 * message each); after the verdict every process takes the messages
 * meant for it, so none is left behind. */
static void sk_pers_tell(MPI_Comm side, int size, int rank, int failed)
{
  MPI_Request *reqs = failed ? malloc((size_t)size * sizeof *reqs) : NULL;
  int i, n = 0, senders = 0, mine;
  for (i = 0; failed && i < size; i++)
    if (i != rank && reqs != NULL)
      MPI_Isend(NULL, 0, MPI_BYTE, i, SK_PERS_FAULT_TAG, side, &reqs[n++]);
    else if (i != rank)   /* no memory: an empty message goes eagerly */
      MPI_Send(NULL, 0, MPI_BYTE, i, SK_PERS_FAULT_TAG, side);
  MPI_Allreduce(&failed, &senders, 1, MPI_INT, MPI_SUM, side);
  for (mine = senders - failed; mine > 0; mine--)
    MPI_Recv(NULL, 0, MPI_BYTE, MPI_ANY_SOURCE, SK_PERS_FAULT_TAG, side,
             MPI_STATUS_IGNORE);
  for (i = 0; i < n; i++)
    MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
  free(reqs);
}

/* The starts sk_pers_trial() makes before the point is measured. */
#define SK_PERS_TRIALS 2

/* One MPI_Start of the request and its completion, untimed and guarded:
 * a library may fail the operation on some processes (an error from
 * MPI_Start or MPI_Test) while the others wait for data that never
 * comes, as MPICH 4.0.2's MPI_Scatter_init does on its second start
 * from 3 processes on.  A process that fails tells the others on a
 * communicator of its own; one that waits gives up when told and
 * abandons its request (an active request cannot be freed).  0 on every
 * process when the request completed everywhere, else -1 on every
 * process. */
static int sk_pers_trial(sk_pctx_t *c, MPI_Comm side, int ok)
{
  int done = 0, told = 0, all = 0;
  if (ok && MPI_Start(&c->preq[0]) != MPI_SUCCESS)
    ok = 0;
  while (ok && !done && !told) {
    if (MPI_Test(&c->preq[0], &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
      ok = 0;
    else if (!done)
      MPI_Iprobe(MPI_ANY_SOURCE, SK_PERS_FAULT_TAG, side, &told,
                 MPI_STATUS_IGNORE);
  }
  if (told && !done)
    c->preq[0] = MPI_REQUEST_NULL;      /* abandoned */
  sk_pers_tell(side, c->size, c->rank, !ok);
  ok = ok && !told;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, side);
  return all ? 0 : -1;
}

/* The request's first SK_PERS_TRIALS starts, each guarded
 * (sk_pers_trial()); `ok` 0: its init failed here.  A failure sets
 * c->refused (the descriptor's .refusal says what it means). */
static int sk_pers_trials(sk_pctx_t *c, int ok)
{
  MPI_Comm side;
  int k, rc = 0;
  MPI_Comm_dup(c->comm, &side);
  for (k = 0; k < SK_PERS_TRIALS && rc == 0; k++)
    rc = sk_pers_trial(c, side, ok);
  MPI_Comm_free(&side);
  c->refused = rc != 0;
  return rc;
}

/* A point's persistent request: init() after base's setup (on every
 * process or none), its time on the timing process in init_time; with
 * `first`, its first starts guarded (sk_pers_trials()).  On -1 (on every
 * process) the request and base's setup are undone. */
static int sk_pers_setup(sk_pctx_t *c, const sk_inst_ops_t *base,
                         int (*init)(sk_pctx_t *, MPI_Request *), int first)
{
  int ok = base->setup == NULL || base->setup(c) == 0, all;
  double t;
  c->preq[0] = c->preq[1] = MPI_REQUEST_NULL;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, c->comm);
  if (!all) {
    if (ok && base->teardown != NULL)
      base->teardown(c);
    return -1;
  }
  MPI_Barrier(c->comm);
  t = sk_timer_now();
  ok = init(c, &c->preq[0]) == MPI_SUCCESS;
  c->init_time = sk_timer_now() - t;
  if (!ok)
    c->preq[0] = MPI_REQUEST_NULL;
  if (first && sk_pers_trials(c, ok) != 0) {
    sk_pers_teardown(c, base);
    return -1;
  }
  return 0;
}

/* Frees the point's requests (their time in free_time), then base's. */
static void sk_pers_teardown(sk_pctx_t *c, const sk_inst_ops_t *base)
{
  double t = sk_timer_now();
  int i;
  for (i = 0; i < 2; i++)
    if (c->preq[i] != MPI_REQUEST_NULL)
      MPI_Request_free(&c->preq[i]);
  c->free_time = sk_timer_now() - t;
  if (base->teardown != NULL)
    base->teardown(c);
}

static void sk_pers_run(sk_pctx_t *c)
{
  MPI_Start(&c->preq[0]);
  MPI_Wait(&c->preq[0], MPI_STATUS_IGNORE);
}

/* The descriptor sk_inst_pers_fn of the persistent form of base, whose
 * request init makes; NOCHECK for one that moves no data, else CHECK.
 * IP: the request honours In_Place; ROOTED: it takes the root from
 * c->root (fixed for the point, as the request is: Root = Rotate is
 * refused, sk_pattern_supports()). */
#define SK_PERS_CHECK(fn, base) \
  static int sk_pers_verify_##fn(const sk_inst_ops_t *ops, sk_pctx_t *c) \
  { \
    return (base).verify(ops, c); \
  }
#define SK_PERS(fn, init, base, red, ip, rooted_) \
  SK_PERS_CHECK(fn, base) \
  SK_PERS_OPS(fn, init, base, red, sk_pers_verify_##fn, ip, rooted_)
#define SK_PERS_NOCHECK(fn, init, base) \
  SK_PERS_OPS(fn, init, base, 0, NULL, 0, 0)
#define SK_PERS_OPS(fn, init, base, red, check, ip, rooted_) \
  static int sk_pers_setup_##fn(sk_pctx_t *c) \
  { \
    return sk_pers_setup(c, &(base), init, 1); \
  } \
  static void sk_pers_teardown_##fn(sk_pctx_t *c) \
  { \
    sk_pers_teardown(c, &(base)); \
  } \
  const sk_inst_ops_t sk_inst_pers_##fn = { \
    .run = sk_pers_run, .setup = sk_pers_setup_##fn, \
    .teardown = sk_pers_teardown_##fn, .verify = check, \
    .reduces = red, .persistent = 1, .refusal = SK_PERS_REFUSAL, \
    .in_place = ip, .rooted = rooted_};

/* The checker and the engine refuse the instance (.unavailable,
 * sk_pattern_unavailable()), so its run() is never called. */
#define SK_PERS_MISSING(fn, name) \
  const sk_inst_ops_t sk_inst_pers_##fn = { \
    .run = sk_pers_run, .persistent = 1, .unavailable = name};

/* ---- point-to-point: a ping-pong of persistent requests ----------------- */

/* Both requests of a side (MPI-1: every library has them). */
static int sk_pers_pp_init(sk_pctx_t *c, MPI_Request *r)
{
  int rc = MPI_Send_init(c->sbuf, c->count, c->dtype, c->peer, SK_PERS_TAG,
                         c->comm, &r[0]);
  int rc2 = MPI_Recv_init(c->rbuf, c->rcvcount, c->rcvtype, c->peer,
                          SK_PERS_TAG, c->comm, &r[1]);
  return rc != MPI_SUCCESS ? rc : rc2;
}

static const sk_inst_ops_t sk_pers_pp_base = {.setup = NULL};

static int sk_pers_pp_setup(sk_pctx_t *c)
{
  return sk_pers_setup(c, &sk_pers_pp_base, sk_pers_pp_init, 0);
}

static void sk_pers_pp_teardown(sk_pctx_t *c)
{
  sk_pers_teardown(c, &sk_pers_pp_base);
}

/* As Pingpong_Send_Recv: rank 0 sends then receives, rank 1 receives
 * then sends. */
static void sk_pers_pp_run(sk_pctx_t *c)
{
  int first = c->rank == 0 ? 0 : 1;
  MPI_Start(&c->preq[first]);
  MPI_Wait(&c->preq[first], MPI_STATUS_IGNORE);
  MPI_Start(&c->preq[1 - first]);
  MPI_Wait(&c->preq[1 - first], MPI_STATUS_IGNORE);
}

static int sk_pers_pp_verify(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_inst_pp_send_recv.verify(ops, c);
}

const sk_inst_ops_t sk_inst_pers_pp_send_recv = {
  .run = sk_pers_pp_run, .setup = sk_pers_pp_setup,
  .teardown = sk_pers_pp_teardown, .verify = sk_pers_pp_verify,
  .persistent = 1};

/* ---- the collectives ------------------------------------------------------ */

/* Faults found by these instances (doc/engine.md, "Persistent
 * operations"): MPICH 4.0.2 aborts in an assertion (ref_count >= 0) on
 * the second MPI_Start of an allgather of a derived datatype -- the
 * whole run with it -- and its persistent gather leaves the root's
 * buffer untouched. */

#ifdef HAVE_MPI_BARRIER_INIT
static int sk_pers_init_barrier(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Barrier_init(c->comm, MPI_INFO_NULL, r);
}
SK_PERS_NOCHECK(barrier, sk_pers_init_barrier, sk_inst_coll_barrier)
#else
SK_PERS_MISSING(barrier, "MPI_Barrier_init")
#endif

#ifdef HAVE_MPI_BCAST_INIT
static int sk_pers_init_bcast(sk_pctx_t *c, MPI_Request *r)
{
  if (c->rank == c->root)
    return MPI_Bcast_init(c->sbuf, c->count, c->dtype, c->root, c->comm,
                          MPI_INFO_NULL, r);
  return MPI_Bcast_init(c->rbuf, c->rcvcount, c->rcvtype, c->root,
                        c->comm, MPI_INFO_NULL, r);
}
SK_PERS(bcast, sk_pers_init_bcast, sk_inst_coll_bcast, 0, 0, 1)
#else
SK_PERS_MISSING(bcast, "MPI_Bcast_init")
#endif

#ifdef HAVE_MPI_REDUCE_INIT
static int sk_pers_init_reduce(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Reduce_init(sk_pctx_root_in(c), c->rbuf, c->rcount, c->rtype, c->rop,
                         c->root, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(reduce, sk_pers_init_reduce, sk_inst_coll_reduce, 1, 1, 1)
#else
SK_PERS_MISSING(reduce, "MPI_Reduce_init")
#endif

#ifdef HAVE_MPI_ALLREDUCE_INIT
static int sk_pers_init_allreduce(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Allreduce_init(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm,
                            MPI_INFO_NULL, r);
}
SK_PERS(allreduce, sk_pers_init_allreduce, sk_inst_coll_allreduce, 1, 1, 0)
#else
SK_PERS_MISSING(allreduce, "MPI_Allreduce_init")
#endif

#ifdef HAVE_MPI_ALLTOALL_INIT
static int sk_pers_init_alltoall(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Alltoall_init(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
                           c->rcvtype, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(alltoall, sk_pers_init_alltoall, sk_inst_coll_alltoall, 0, 1, 0)
#else
SK_PERS_MISSING(alltoall, "MPI_Alltoall_init")
#endif

#ifdef HAVE_MPI_ALLTOALLV_INIT
static int sk_pers_init_alltoallv(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Alltoallv_init(sk_pctx_in(c), c->counts, c->displs, c->dtype, c->rbuf,
                            c->rcounts, c->rdispls, c->rcvtype, c->comm,
                            MPI_INFO_NULL, r);
}
SK_PERS(alltoallv, sk_pers_init_alltoallv, sk_inst_coll_alltoallv, 0, 1, 0)
#else
SK_PERS_MISSING(alltoallv, "MPI_Alltoallv_init")
#endif

#ifdef HAVE_MPI_ALLTOALLW_INIT
static int sk_pers_init_alltoallw(sk_pctx_t *c, MPI_Request *r)
{
  sk_nbc_w_t *w = c->priv;
  return MPI_Alltoallw_init(sk_pctx_in(c), c->counts, w->sdispls, w->stypes, c->rbuf,
                            c->rcounts, w->rdispls, w->rtypes, c->comm,
                            MPI_INFO_NULL, r);
}
SK_PERS(alltoallw, sk_pers_init_alltoallw, sk_nbc_base_alltoallw, 0, 1, 0)
#else
SK_PERS_MISSING(alltoallw, "MPI_Alltoallw_init")
#endif

#ifdef HAVE_MPI_ALLGATHER_INIT
static int sk_pers_init_allgather(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Allgather_init(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
                            c->rcvtype, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(allgather, sk_pers_init_allgather, sk_inst_coll_allgather, 0, 1, 0)
#else
SK_PERS_MISSING(allgather, "MPI_Allgather_init")
#endif

#ifdef HAVE_MPI_ALLGATHERV_INIT
static int sk_pers_init_allgatherv(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Allgatherv_init(sk_pctx_in(c), c->counts[c->rank], c->dtype, c->rbuf,
                             c->rcounts, c->rdispls, c->rcvtype, c->comm,
                             MPI_INFO_NULL, r);
}
SK_PERS(allgatherv, sk_pers_init_allgatherv, sk_inst_coll_allgatherv, 0, 1, 0)
#else
SK_PERS_MISSING(allgatherv, "MPI_Allgatherv_init")
#endif

#ifdef HAVE_MPI_GATHER_INIT
static int sk_pers_init_gather(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Gather_init(sk_pctx_root_in(c), c->count, c->dtype, c->rbuf,
                         c->rcvcount, c->rcvtype, c->root, c->comm, MPI_INFO_NULL,
                         r);
}
SK_PERS(gather, sk_pers_init_gather, sk_inst_coll_gather, 0, 1, 1)
#else
SK_PERS_MISSING(gather, "MPI_Gather_init")
#endif

#ifdef HAVE_MPI_GATHERV_INIT
static int sk_pers_init_gatherv(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Gatherv_init(sk_pctx_root_in(c), c->counts[c->rank], c->dtype,
                          c->rbuf, c->rcounts, c->rdispls, c->rcvtype, c->root,
                          c->comm, MPI_INFO_NULL, r);
}
SK_PERS(gatherv, sk_pers_init_gatherv, sk_inst_coll_gatherv, 0, 1, 1)
#else
SK_PERS_MISSING(gatherv, "MPI_Gatherv_init")
#endif

#ifdef HAVE_MPI_SCATTER_INIT
static int sk_pers_init_scatter(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Scatter_init(c->sbuf, c->count, c->dtype, sk_pctx_root_out(c),
                          c->rcvcount, c->rcvtype, c->root, c->comm, MPI_INFO_NULL,
                          r);
}
SK_PERS(scatter, sk_pers_init_scatter, sk_inst_coll_scatter, 0, 1, 1)
#else
SK_PERS_MISSING(scatter, "MPI_Scatter_init")
#endif

#ifdef HAVE_MPI_SCATTERV_INIT
static int sk_pers_init_scatterv(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Scatterv_init(c->sbuf, c->counts, c->displs, c->dtype,
                           sk_pctx_root_out(c), c->rcounts[c->rank], c->rcvtype,
                           c->root, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(scatterv, sk_pers_init_scatterv, sk_inst_coll_scatterv, 0, 1, 1)
#else
SK_PERS_MISSING(scatterv, "MPI_Scatterv_init")
#endif

#ifdef HAVE_MPI_REDUCE_SCATTER_INIT
static int sk_pers_init_reduce_scatter(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Reduce_scatter_init(sk_pctx_in(c), c->rbuf, c->counts, c->rtype, c->rop,
                                 c->comm, MPI_INFO_NULL, r);
}
SK_PERS(reduce_scatter, sk_pers_init_reduce_scatter, sk_inst_coll_reduce_scatter, 1, 1, 0)
#else
SK_PERS_MISSING(reduce_scatter, "MPI_Reduce_scatter_init")
#endif

#ifdef HAVE_MPI_REDUCE_SCATTER_BLOCK_INIT
static int sk_pers_init_reduce_scatter_block(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Reduce_scatter_block_init(sk_pctx_in(c), c->rbuf, c->counts[0], c->rtype,
                                       c->rop, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(reduce_scatter_block, sk_pers_init_reduce_scatter_block, sk_nbc_base_rsb, 1, 1, 0)
#else
SK_PERS_MISSING(reduce_scatter_block, "MPI_Reduce_scatter_block_init")
#endif

#ifdef HAVE_MPI_SCAN_INIT
static int sk_pers_init_scan(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Scan_init(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm,
                       MPI_INFO_NULL, r);
}
SK_PERS(scan, sk_pers_init_scan, sk_inst_coll_scan, 1, 1, 0)
#else
SK_PERS_MISSING(scan, "MPI_Scan_init")
#endif

#ifdef HAVE_MPI_EXSCAN_INIT
static int sk_pers_init_exscan(sk_pctx_t *c, MPI_Request *r)
{
  return MPI_Exscan_init(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm,
                         MPI_INFO_NULL, r);
}
SK_PERS(exscan, sk_pers_init_exscan, sk_nbc_base_exscan, 1, 1, 0)
#else
SK_PERS_MISSING(exscan, "MPI_Exscan_init")
#endif
