/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_nbc.c -- the nonblocking collectives of MPI-3, in two
 * measurements each (doc/engine.md, "Nonblocking collectives"):
 *
 *   MPI_Ixxx          post and wait at once, timed like the blocking
 *                     collective (the collective pattern's timing);
 *   MPI_Ixxx_Overlap  post, a computation calibrated to last as long as
 *                     post + wait alone (t_pure), then wait; with
 *                     Overlap_Test_Calls = n the computation is cut into
 *                     n + 1 pieces with an MPI_Test between them.
 *
 * Buffers, counts and the integrity check are the blocking collective's
 * (its descriptor's setup, teardown and verify: verify runs the
 * nonblocking run() in place of the blocking one).  The calibration is
 * untimed setup work: t_pure and t_cpu are medians of SK_NBC_CAL_REPS
 * repetitions of barrier, t0, the work, t1, each the largest time of any
 * process -- the same timing (max_local) the overlap point is measured
 * with, so the three times compare.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "pattern.h"
#include "pattern_coll.h"
#include "pattern_nbc.h"
#include "reduce.h"
#include "timer.h"

/* ---- the computation ---------------------------------------------------- */

enum { SK_NBC_CAL_REPS = 9 };

/* Where the computation's result goes, so the compiler keeps the loop. */
static volatile double sk_nbc_sink = 1.0;

/* iters steps of a dependent multiply-add: no memory traffic, so it does
 * not compete with the transfer for memory bandwidth. */
static void sk_nbc_compute(long iters)
{
  double x = sk_nbc_sink;
  long i;
  for (i = 0; i < iters; i++)
    x = x * 0.9999999 + 1e-7;
  sk_nbc_sink = x;
}

void sk_nbc_overlap_wait(sk_pctx_t *c, MPI_Request *r)
{
  long k, n = c->test_calls, piece = c->ovl_iters / (n + 1);
  int flag;
  for (k = 0; k < n; k++) {
    sk_nbc_compute(piece);
    MPI_Test(r, &flag, MPI_STATUS_IGNORE);
  }
  sk_nbc_compute(c->ovl_iters - n * piece);
  MPI_Wait(r, MPI_STATUS_IGNORE);
}

static void sk_nbc_cpu(sk_pctx_t *c)
{
  sk_nbc_compute(c->ovl_iters);
}

static int sk_nbc_by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median over repetitions of the largest time of any process for
 * barrier, t0, f, t1 (after one untimed call of f). */
static double sk_nbc_time(sk_pctx_t *c, void (*f)(sk_pctx_t *))
{
  double x[SK_NBC_CAL_REPS], t;
  int k;
  f(c);
  for (k = 0; k < SK_NBC_CAL_REPS; k++) {
    MPI_Barrier(c->comm);
    t = sk_timer_now();
    f(c);
    t = sk_timer_now() - t;
    MPI_Allreduce(&t, &x[k], 1, MPI_DOUBLE, MPI_MAX, c->comm);
  }
  qsort(x, SK_NBC_CAL_REPS, sizeof x[0], sk_nbc_by_value);
  return x[SK_NBC_CAL_REPS / 2];
}

/* Iterations of the computation that last `target` seconds here: the
 * step's cost from a run of at least 100 us. */
static long sk_nbc_iters(double target)
{
  long n = 64;
  double t;
  for (;;) {
    t = sk_timer_now();
    sk_nbc_compute(n);
    t = sk_timer_now() - t;
    if (t >= 1e-4 || n >= (1L << 40))
      break;
    n *= 2;
  }
  if (!(t > 0.0) || !(target > 0.0))
    return 1;
  t = target / (t / (double)n);
  return t < 1.0 ? 1 : t > 1e15 ? (long)1e15 : (long)t;
}

int sk_nbc_overlap_setup(sk_pctx_t *c, const sk_inst_ops_t *base,
                         void (*pure)(sk_pctx_t *))
{
  int ok = base->setup == NULL || base->setup(c) == 0, all;
  double t;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, c->comm);
  if (!all) {
    if (ok && base->teardown != NULL)
      base->teardown(c);
    return -1;
  }
  c->ovl_pure = sk_nbc_time(c, pure);
  c->ovl_iters = sk_nbc_iters(c->ovl_pure);
  c->ovl_cpu = sk_nbc_time(c, sk_nbc_cpu);
  /* one correction: the step costs more in a long run (clock, caches) */
  if (c->ovl_cpu > 0.0) {
    t = (double)c->ovl_iters * c->ovl_pure / c->ovl_cpu;
    c->ovl_iters = t < 1.0 ? 1 : (long)t;
    c->ovl_cpu = sk_nbc_time(c, sk_nbc_cpu);
  }
  return 0;
}

/* ---- the posts ------------------------------------------------------------ */

static void sk_nbc_ibarrier(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Ibarrier(c->comm, r);
}

static void sk_nbc_ibcast(sk_pctx_t *c, MPI_Request *r)
{
  if (c->rank == c->root)
    MPI_Ibcast(c->sbuf, c->count, c->dtype, c->root, c->comm, r);
  else
    MPI_Ibcast(c->rbuf, c->rcvcount, c->rcvtype, c->root, c->comm, r);
}

static void sk_nbc_ireduce(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Ireduce(sk_pctx_root_in(c), c->rbuf, c->rcount, c->rtype, c->rop,
              c->root, c->comm, r);
}

static void sk_nbc_iallreduce(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Iallreduce(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop,
                 c->comm, r);
}

static void sk_nbc_ialltoall(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Ialltoall(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
                c->rcvtype, c->comm, r);
}

static void sk_nbc_ialltoallv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Ialltoallv(sk_pctx_in(c), c->counts, c->displs, c->dtype, c->rbuf,
                 c->rcounts, c->rdispls, c->rcvtype, c->comm, r);
}

static void sk_nbc_ialltoallw(sk_pctx_t *c, MPI_Request *r)
{
  sk_nbc_w_t *w = c->priv;
  MPI_Ialltoallw(sk_pctx_in(c), c->counts, w->sdispls, w->stypes, c->rbuf,
                 c->rcounts, w->rdispls, w->rtypes, c->comm, r);
}

static void sk_nbc_iallgather(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Iallgather(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
                 c->rcvtype, c->comm, r);
}

static void sk_nbc_iallgatherv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Iallgatherv(sk_pctx_in(c), c->counts[c->rank], c->dtype, c->rbuf,
                  c->rcounts, c->rdispls, c->rcvtype, c->comm, r);
}

static void sk_nbc_igather(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Igather(sk_pctx_root_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
              c->rcvtype, c->root, c->comm, r);
}

static void sk_nbc_igatherv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Igatherv(sk_pctx_root_in(c), c->counts[c->rank], c->dtype, c->rbuf,
               c->rcounts, c->rdispls, c->rcvtype, c->root, c->comm, r);
}

static void sk_nbc_iscatter(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Iscatter(c->sbuf, c->count, c->dtype, sk_pctx_root_out(c),
               c->rcvcount, c->rcvtype, c->root, c->comm, r);
}

static void sk_nbc_iscatterv(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Iscatterv(c->sbuf, c->counts, c->displs, c->dtype, sk_pctx_root_out(c),
                c->rcounts[c->rank], c->rcvtype, c->root, c->comm, r);
}

static void sk_nbc_ireduce_scatter(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Ireduce_scatter(sk_pctx_in(c), c->rbuf, c->counts, c->rtype, c->rop,
                      c->comm, r);
}

static void sk_nbc_ireduce_scatter_block(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Ireduce_scatter_block(sk_pctx_in(c), c->rbuf, c->counts[0], c->rtype,
                            c->rop, c->comm, r);
}

static void sk_nbc_iscan(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Iscan(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm, r);
}

static void sk_nbc_iexscan(sk_pctx_t *c, MPI_Request *r)
{
  MPI_Iexscan(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm,
              r);
}

/* ---- the operations without a blocking instance --------------------------- */

/* Alltoallw as Alltoall: every block count elements, displacements in
 * bytes, one type per peer; the check is Alltoall's. */
int sk_nbc_w_setup(sk_pctx_t *c)
{
  size_t n = (size_t)c->size;
  sk_nbc_w_t *w = calloc(1, sizeof *w);
  int i;
  c->counts = malloc(n * sizeof *c->counts);
  c->rcounts = malloc(n * sizeof *c->rcounts);
  if (w != NULL) {
    w->sdispls = malloc(n * sizeof *w->sdispls);
    w->rdispls = malloc(n * sizeof *w->rdispls);
    w->stypes = malloc(n * sizeof *w->stypes);
    w->rtypes = malloc(n * sizeof *w->rtypes);
  }
  c->priv = w;
  if (w == NULL || !c->counts || !c->rcounts || !w->sdispls ||
      !w->rdispls || !w->stypes || !w->rtypes) {
    sk_nbc_w_teardown(c);
    return -1;
  }
  for (i = 0; i < c->size; i++) {
    c->counts[i] = c->count;
    c->rcounts[i] = c->rcvcount;
    w->sdispls[i] = (int)((long)i * c->count * (long)c->sext);
    w->rdispls[i] = (int)((long)i * c->rcvcount * (long)c->rext);
    w->stypes[i] = c->dtype;
    w->rtypes[i] = c->rcvtype;
  }
  return 0;
}

void sk_nbc_w_teardown(sk_pctx_t *c)
{
  sk_nbc_w_t *w = c->priv;
  if (w != NULL) {
    free(w->sdispls);
    free(w->rdispls);
    free(w->stypes);
    free(w->rtypes);
    free(w);
  }
  c->priv = NULL;
  sk_coll_free_arrays(c);
}

static int sk_nbc_verify_alltoall(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_inst_coll_alltoall.verify(ops, c);
}

const sk_inst_ops_t sk_nbc_base_alltoallw = {
  .setup = sk_nbc_w_setup, .teardown = sk_nbc_w_teardown,
  .verify = sk_nbc_verify_alltoall};

/* Exscan: process i > 0 holds 1 + ... + i; process 0's buffer is
 * undefined. */
static int sk_nbc_verify_exscan(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_coll_reduced(ops, c, c->rcount,
                         (long long)c->rank * ((long long)c->rank + 1) / 2,
                         c->rank != 0, 0);
}

/* Reduce_scatter_block: Reduce_scatter's counts (all equal) and check. */
static int sk_nbc_rsb_setup(sk_pctx_t *c)
{
  return sk_inst_coll_reduce_scatter.setup(c);
}

static int sk_nbc_rsb_verify(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_inst_coll_reduce_scatter.verify(ops, c);
}

const sk_inst_ops_t sk_nbc_base_rsb = {
  .setup = sk_nbc_rsb_setup, .teardown = sk_coll_free_arrays,
  .verify = sk_nbc_rsb_verify};
const sk_inst_ops_t sk_nbc_base_exscan = {.verify = sk_nbc_verify_exscan};

/* ---- the descriptors ------------------------------------------------------ */

/* A base's setup and teardown, called through its descriptor. */
#define SK_NBC_BASE_FNS(fn, base) \
  static int sk_nbc_setup_##fn(sk_pctx_t *c) \
  { \
    return (base).setup != NULL ? (base).setup(c) : 0; \
  } \
  static void sk_nbc_teardown_##fn(sk_pctx_t *c) \
  { \
    if ((base).teardown != NULL) \
      (base).teardown(c); \
  }

/* sk_nbc_verify_fn: base's check (for the operations that move data). */
#define SK_NBC_CHECK(fn, base) \
  static int sk_nbc_verify_##fn(const sk_inst_ops_t *ops, sk_pctx_t *c) \
  { \
    return (base).verify(ops, c); \
  }

/* MPI_Ixxx (nbc_fn) and MPI_Ixxx_Overlap (ovl_fn) of post function post
 * over the blocking descriptor base; red: a reduction; check: the
 * integrity check (SK_NBC_CHECK), NULL for one that moves no data; ip:
 * the post honours In_Place; rooted: it takes the root from c->root. */
#define SK_NBC(fn, post, base, red, check, ip, rooted_) \
  SK_NBC_BASE_FNS(fn, base) \
  static void sk_nbc_run_##fn(sk_pctx_t *c) \
  { \
    MPI_Request r; \
    post(c, &r); \
    MPI_Wait(&r, MPI_STATUS_IGNORE); \
  } \
  static void sk_nbc_ovl_run_##fn(sk_pctx_t *c) \
  { \
    MPI_Request r; \
    post(c, &r); \
    sk_nbc_overlap_wait(c, &r); \
  } \
  static int sk_nbc_ovl_setup_##fn(sk_pctx_t *c) \
  { \
    return sk_nbc_overlap_setup(c, &(base), sk_nbc_run_##fn); \
  } \
  const sk_inst_ops_t sk_inst_nbc_##fn = { \
    .run = sk_nbc_run_##fn, .setup = sk_nbc_setup_##fn, \
    .teardown = sk_nbc_teardown_##fn, .verify = check, \
    .reduces = red, .in_place = ip, .rooted = rooted_}; \
  const sk_inst_ops_t sk_inst_ovl_##fn = { \
    .run = sk_nbc_ovl_run_##fn, .setup = sk_nbc_ovl_setup_##fn, \
    .teardown = sk_nbc_teardown_##fn, .verify = check, \
    .reduces = red, .overlap = 1, .rep = sk_pattern_rep_max_local, \
    .timing = "max_local", .in_place = ip, .rooted = rooted_};


SK_NBC(ibarrier, sk_nbc_ibarrier, sk_inst_coll_barrier, 0, NULL,
       0, 0)
SK_NBC_CHECK(ibcast, sk_inst_coll_bcast)
SK_NBC(ibcast, sk_nbc_ibcast, sk_inst_coll_bcast, 0, sk_nbc_verify_ibcast,
       0, 1)
SK_NBC_CHECK(ireduce, sk_inst_coll_reduce)
SK_NBC(ireduce, sk_nbc_ireduce, sk_inst_coll_reduce, 1, sk_nbc_verify_ireduce,
       1, 1)
SK_NBC_CHECK(iallreduce, sk_inst_coll_allreduce)
SK_NBC(iallreduce, sk_nbc_iallreduce, sk_inst_coll_allreduce, 1, sk_nbc_verify_iallreduce,
       1, 0)
SK_NBC_CHECK(ialltoall, sk_inst_coll_alltoall)
SK_NBC(ialltoall, sk_nbc_ialltoall, sk_inst_coll_alltoall, 0, sk_nbc_verify_ialltoall,
       1, 0)
SK_NBC_CHECK(ialltoallv, sk_inst_coll_alltoallv)
SK_NBC(ialltoallv, sk_nbc_ialltoallv, sk_inst_coll_alltoallv, 0, sk_nbc_verify_ialltoallv,
       1, 0)
SK_NBC_CHECK(ialltoallw, sk_nbc_base_alltoallw)
SK_NBC(ialltoallw, sk_nbc_ialltoallw, sk_nbc_base_alltoallw, 0, sk_nbc_verify_ialltoallw,
       1, 0)
SK_NBC_CHECK(iallgather, sk_inst_coll_allgather)
SK_NBC(iallgather, sk_nbc_iallgather, sk_inst_coll_allgather, 0, sk_nbc_verify_iallgather,
       1, 0)
SK_NBC_CHECK(iallgatherv, sk_inst_coll_allgatherv)
SK_NBC(iallgatherv, sk_nbc_iallgatherv, sk_inst_coll_allgatherv, 0, sk_nbc_verify_iallgatherv,
       1, 0)
SK_NBC_CHECK(igather, sk_inst_coll_gather)
SK_NBC(igather, sk_nbc_igather, sk_inst_coll_gather, 0, sk_nbc_verify_igather,
       1, 1)
SK_NBC_CHECK(igatherv, sk_inst_coll_gatherv)
SK_NBC(igatherv, sk_nbc_igatherv, sk_inst_coll_gatherv, 0, sk_nbc_verify_igatherv,
       1, 1)
SK_NBC_CHECK(iscatter, sk_inst_coll_scatter)
SK_NBC(iscatter, sk_nbc_iscatter, sk_inst_coll_scatter, 0, sk_nbc_verify_iscatter,
       1, 1)
SK_NBC_CHECK(iscatterv, sk_inst_coll_scatterv)
SK_NBC(iscatterv, sk_nbc_iscatterv, sk_inst_coll_scatterv, 0, sk_nbc_verify_iscatterv,
       1, 1)
SK_NBC_CHECK(ireduce_scatter, sk_inst_coll_reduce_scatter)
SK_NBC(ireduce_scatter, sk_nbc_ireduce_scatter, sk_inst_coll_reduce_scatter, 1, sk_nbc_verify_ireduce_scatter,
       1, 0)
SK_NBC_CHECK(ireduce_scatter_block, sk_nbc_base_rsb)
SK_NBC(ireduce_scatter_block, sk_nbc_ireduce_scatter_block, sk_nbc_base_rsb, 1, sk_nbc_verify_ireduce_scatter_block,
       1, 0)
SK_NBC_CHECK(iscan, sk_inst_coll_scan)
SK_NBC(iscan, sk_nbc_iscan, sk_inst_coll_scan, 1, sk_nbc_verify_iscan,
       1, 0)
SK_NBC_CHECK(iexscan, sk_nbc_base_exscan)
SK_NBC(iexscan, sk_nbc_iexscan, sk_nbc_base_exscan, 1, sk_nbc_verify_iexscan,
       1, 0)
