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

/* A point's persistent request: init() after base's setup (on every
 * process or none), its time on the timing process in init_time. */
static int sk_pers_setup(sk_pctx_t *c, const sk_inst_ops_t *base,
                         void (*init)(sk_pctx_t *, MPI_Request *))
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
  init(c, &c->preq[0]);
  c->init_time = sk_timer_now() - t;
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
  SK_PERS_OPS(fn, init, base, red, sk_pers_verify_##fn, NULL, ip, rooted_)
#define SK_PERS_NOCHECK(fn, init, base) \
  SK_PERS_OPS(fn, init, base, 0, NULL, NULL, 0, 0)
/* ... and one that a library is known to break (sk_inst_fault_t). */
#define SK_PERS_FAULTY(fn, init, base, red, fault, ip, rooted_) \
  SK_PERS_CHECK(fn, base) \
  SK_PERS_OPS(fn, init, base, red, sk_pers_verify_##fn, fault, ip, rooted_)
#define SK_PERS_OPS(fn, init, base, red, check, fault, ip, rooted_) \
  static int sk_pers_setup_##fn(sk_pctx_t *c) \
  { \
    return sk_pers_setup(c, &(base), init); \
  } \
  static void sk_pers_teardown_##fn(sk_pctx_t *c) \
  { \
    sk_pers_teardown(c, &(base)); \
  } \
  const sk_inst_ops_t sk_inst_pers_##fn = { \
    .run = sk_pers_run, .setup = sk_pers_setup_##fn, \
    .teardown = sk_pers_teardown_##fn, .verify = check, \
    .reduces = red, .persistent = 1, .faulty = fault, .in_place = ip, \
    .rooted = rooted_};

/* The checker and the engine refuse the instance (.unavailable,
 * sk_pattern_unavailable()), so its run() is never called. */
#define SK_PERS_MISSING(fn, name) \
  const sk_inst_ops_t sk_inst_pers_##fn = { \
    .run = sk_pers_run, .persistent = 1, .unavailable = name};

/* ---- point-to-point: a ping-pong of persistent requests ----------------- */

/* Both requests of a side (MPI-1: every library has them). */
static void sk_pers_pp_init(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Send_init(c->sbuf, c->count, c->dtype, c->peer, SK_PERS_TAG, c->comm,
                &r[0]);
  MPI_Recv_init(c->rbuf, c->rcvcount, c->rcvtype, c->peer, SK_PERS_TAG,
                c->comm, &r[1]);
}

static const sk_inst_ops_t sk_pers_pp_base = {.setup = NULL};

static int sk_pers_pp_setup(sk_pctx_t *c)
{
  return sk_pers_setup(c, &sk_pers_pp_base, sk_pers_pp_init);
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
static void sk_pers_init_barrier(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Barrier_init(c->comm, MPI_INFO_NULL, r);
}
SK_PERS_NOCHECK(barrier, sk_pers_init_barrier, sk_inst_coll_barrier)
#else
SK_PERS_MISSING(barrier, "MPI_Barrier_init")
#endif

#ifdef HAVE_MPI_BCAST_INIT
static void sk_pers_init_bcast(sk_pctx_t *c, MPI_Request *r)
{
  if (c->rank == c->root)
    MPI_Bcast_init(c->sbuf, c->count, c->dtype, c->root, c->comm,
                   MPI_INFO_NULL, r);
  else
    MPI_Bcast_init(c->rbuf, c->rcvcount, c->rcvtype, c->root, c->comm,
                   MPI_INFO_NULL, r);
}
SK_PERS(bcast, sk_pers_init_bcast, sk_inst_coll_bcast, 0, 0, 1)
#else
SK_PERS_MISSING(bcast, "MPI_Bcast_init")
#endif

#ifdef HAVE_MPI_REDUCE_INIT
static void sk_pers_init_reduce(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Reduce_init(sk_pctx_root_in(c), c->rbuf, c->rcount, c->rtype, c->rop,
                  c->root, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(reduce, sk_pers_init_reduce, sk_inst_coll_reduce, 1, 1, 1)
#else
SK_PERS_MISSING(reduce, "MPI_Reduce_init")
#endif

#ifdef HAVE_MPI_ALLREDUCE_INIT
static void sk_pers_init_allreduce(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Allreduce_init(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm,
                     MPI_INFO_NULL, r);
}
SK_PERS(allreduce, sk_pers_init_allreduce, sk_inst_coll_allreduce, 1, 1, 0)
#else
SK_PERS_MISSING(allreduce, "MPI_Allreduce_init")
#endif

#ifdef HAVE_MPI_ALLTOALL_INIT
static void sk_pers_init_alltoall(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Alltoall_init(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
                    c->rcvtype, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(alltoall, sk_pers_init_alltoall, sk_inst_coll_alltoall, 0, 1, 0)
#else
SK_PERS_MISSING(alltoall, "MPI_Alltoall_init")
#endif

#ifdef HAVE_MPI_ALLTOALLV_INIT
static void sk_pers_init_alltoallv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Alltoallv_init(sk_pctx_in(c), c->counts, c->displs, c->dtype, c->rbuf,
                     c->rcounts, c->rdispls, c->rcvtype, c->comm,
                     MPI_INFO_NULL, r);
}
SK_PERS(alltoallv, sk_pers_init_alltoallv, sk_inst_coll_alltoallv, 0, 1, 0)
#else
SK_PERS_MISSING(alltoallv, "MPI_Alltoallv_init")
#endif

#ifdef HAVE_MPI_ALLTOALLW_INIT
static void sk_pers_init_alltoallw(sk_pctx_t *c, MPI_Request *r)
{
  sk_nbc_w_t *w = c->priv;
  MPI_Alltoallw_init(sk_pctx_in(c), c->counts, w->sdispls, w->stypes, c->rbuf,
                     c->rcounts, w->rdispls, w->rtypes, c->comm,
                     MPI_INFO_NULL, r);
}
SK_PERS(alltoallw, sk_pers_init_alltoallw, sk_nbc_base_alltoallw, 0, 1, 0)
#else
SK_PERS_MISSING(alltoallw, "MPI_Alltoallw_init")
#endif

#ifdef HAVE_MPI_ALLGATHER_INIT
static const sk_inst_fault_t sk_pers_mpich40_allgather = {
  "MPICH Version: 4.0", "aborts in an assertion on its second MPI_Start"};
static void sk_pers_init_allgather(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Allgather_init(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
                     c->rcvtype, c->comm, MPI_INFO_NULL, r);
}
SK_PERS_FAULTY(allgather, sk_pers_init_allgather, sk_inst_coll_allgather, 0,
               &sk_pers_mpich40_allgather, 1, 0)
#else
SK_PERS_MISSING(allgather, "MPI_Allgather_init")
#endif

#ifdef HAVE_MPI_ALLGATHERV_INIT
static void sk_pers_init_allgatherv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Allgatherv_init(sk_pctx_in(c), c->counts[c->rank], c->dtype, c->rbuf,
                      c->rcounts, c->rdispls, c->rcvtype, c->comm,
                      MPI_INFO_NULL, r);
}
SK_PERS(allgatherv, sk_pers_init_allgatherv, sk_inst_coll_allgatherv, 0, 1, 0)
#else
SK_PERS_MISSING(allgatherv, "MPI_Allgatherv_init")
#endif

#ifdef HAVE_MPI_GATHER_INIT
static const sk_inst_fault_t sk_pers_mpich40_gather = {
  "MPICH Version: 4.0", "delivers no data to the root"};
static void sk_pers_init_gather(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Gather_init(sk_pctx_root_in(c), c->count, c->dtype, c->rbuf,
                  c->rcvcount, c->rcvtype, c->root, c->comm, MPI_INFO_NULL,
                  r);
}
SK_PERS_FAULTY(gather, sk_pers_init_gather, sk_inst_coll_gather, 0,
               &sk_pers_mpich40_gather, 1, 1)
#else
SK_PERS_MISSING(gather, "MPI_Gather_init")
#endif

#ifdef HAVE_MPI_GATHERV_INIT
static void sk_pers_init_gatherv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Gatherv_init(sk_pctx_root_in(c), c->counts[c->rank], c->dtype,
                   c->rbuf, c->rcounts, c->rdispls, c->rcvtype, c->root,
                   c->comm, MPI_INFO_NULL, r);
}
SK_PERS(gatherv, sk_pers_init_gatherv, sk_inst_coll_gatherv, 0, 1, 1)
#else
SK_PERS_MISSING(gatherv, "MPI_Gatherv_init")
#endif

#ifdef HAVE_MPI_SCATTER_INIT
static void sk_pers_init_scatter(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Scatter_init(c->sbuf, c->count, c->dtype, sk_pctx_root_out(c),
                   c->rcvcount, c->rcvtype, c->root, c->comm, MPI_INFO_NULL,
                   r);
}
SK_PERS(scatter, sk_pers_init_scatter, sk_inst_coll_scatter, 0, 1, 1)
#else
SK_PERS_MISSING(scatter, "MPI_Scatter_init")
#endif

#ifdef HAVE_MPI_SCATTERV_INIT
static void sk_pers_init_scatterv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Scatterv_init(c->sbuf, c->counts, c->displs, c->dtype,
                    sk_pctx_root_out(c), c->rcounts[c->rank], c->rcvtype,
                    c->root, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(scatterv, sk_pers_init_scatterv, sk_inst_coll_scatterv, 0, 1, 1)
#else
SK_PERS_MISSING(scatterv, "MPI_Scatterv_init")
#endif

#ifdef HAVE_MPI_REDUCE_SCATTER_INIT
static void sk_pers_init_reduce_scatter(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Reduce_scatter_init(sk_pctx_in(c), c->rbuf, c->counts, c->rtype, c->rop,
                          c->comm, MPI_INFO_NULL, r);
}
SK_PERS(reduce_scatter, sk_pers_init_reduce_scatter, sk_inst_coll_reduce_scatter, 1, 1, 0)
#else
SK_PERS_MISSING(reduce_scatter, "MPI_Reduce_scatter_init")
#endif

#ifdef HAVE_MPI_REDUCE_SCATTER_BLOCK_INIT
static void sk_pers_init_reduce_scatter_block(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Reduce_scatter_block_init(sk_pctx_in(c), c->rbuf, c->counts[0], c->rtype,
                                c->rop, c->comm, MPI_INFO_NULL, r);
}
SK_PERS(reduce_scatter_block, sk_pers_init_reduce_scatter_block, sk_nbc_base_rsb, 1, 1, 0)
#else
SK_PERS_MISSING(reduce_scatter_block, "MPI_Reduce_scatter_block_init")
#endif

#ifdef HAVE_MPI_SCAN_INIT
static void sk_pers_init_scan(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Scan_init(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm,
                MPI_INFO_NULL, r);
}
SK_PERS(scan, sk_pers_init_scan, sk_inst_coll_scan, 1, 1, 0)
#else
SK_PERS_MISSING(scan, "MPI_Scan_init")
#endif

#ifdef HAVE_MPI_EXSCAN_INIT
static void sk_pers_init_exscan(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Exscan_init(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm,
                  MPI_INFO_NULL, r);
}
SK_PERS(exscan, sk_pers_init_exscan, sk_nbc_base_exscan, 1, 1, 0)
#else
SK_PERS_MISSING(exscan, "MPI_Exscan_init")
#endif
