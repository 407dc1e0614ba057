/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_rma.c -- one-sided communication (MPI-3 RMA): MPI_Put, MPI_Get,
 * MPI_Accumulate, MPI_Get_accumulate, MPI_Fetch_and_op and
 * MPI_Compare_and_swap on the ping-pong pair (doc/engine.md, "One-sided
 * communication").
 *
 * Rank 0 of the pair is the origin, rank 1 the target (both are origins
 * of the bidirectional put).  A point's setup makes the window
 * (RMA_Window) over a message's span on each process and opens what the
 * synchronization (RMA_Sync) keeps open across repetitions (a first
 * fence, MPI_Win_lock_all); its teardown closes and frees them.  A
 * repetition is: open the access epoch, the operations, complete them:
 *   Fence           the operations, MPI_Win_fence on both;
 *   Lock            MPI_Win_lock (shared), the operations, MPI_Win_unlock;
 *   Lock_All_Flush  the operations, MPI_Win_flush (under lock_all);
 *   PSCW            origin MPI_Win_start, the operations, MPI_Win_complete;
 *                   target MPI_Win_post, MPI_Win_wait.
 * A latency instance issues one operation, a bandwidth instance
 * RMA_Window_Ops of them to the same target displacement, and its time is
 * the origin's repetition divided by that count.
 *
 * Data go out in the send pattern (dtype, count) and arrive in the
 * receive pattern (rcvtype, rcvcount); the accumulating operations use
 * the reduction's predefined type and MPI_SUM (the checker refuses
 * anything else: MPI_Accumulate takes no user operation).  The untimed
 * check before each point fills the origin's data and the target's
 * window, runs one repetition and checks what the target's window (put,
 * accumulate) or the origin's buffer (get, fetch) holds, the window's
 * public and private copies brought together by the synchronization
 * itself (fence, MPI_Win_sync, a lock of one's own window).
 */
#include <config.h>

#include "pattern_rma.h"

#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "pattern.h"
#include "reduce.h"

/* What one operation of an instance is, for run() and the check. */
typedef enum {
  SK_RMA_PUT, SK_RMA_GET, SK_RMA_ACC, SK_RMA_GET_ACC, SK_RMA_FAO, SK_RMA_CAS
} sk_rma_kind_t;

typedef struct sk_rma {
  MPI_Win win;
  char *base;            /* this process's window memory */
  MPI_Aint size;         /* its bytes: one message's span */
  MPI_Aint disp;         /* the peer's window as a target displacement
                          * (Dynamic: its address) */
  MPI_Group peer;        /* PSCW: the peer alone */
  long ops;              /* operations per repetition */
  int bidir;             /* both processes are origins */
  sk_rma_kind_t kind;
  /* Compare_and_swap's compare value: one element of the reduction's
   * predefined type (at most a long double complex) */
  _Alignas(16) char cmp[64];
} sk_rma_t;

const char sk_rma_shared_refusal[] =
    "RMA_Window = Shared needs the processes of a point on one "
    "shared-memory node (MPI_COMM_TYPE_SHARED): MPI_Win_allocate_shared "
    "cannot span nodes; choose Create, Allocate or Dynamic";

/* ---- windows ------------------------------------------------------------ */

int sk_rma_one_node(MPI_Comm comm)
{
  MPI_Comm shm;
  int size, ssize, all, one;
  MPI_Comm_size(comm, &size);
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shm);
  MPI_Comm_size(shm, &ssize);
  MPI_Comm_free(&shm);
  one = ssize == size;
  MPI_Allreduce(&one, &all, 1, MPI_INT, MPI_LAND, comm);
  return all;
}

/* The memory MPI allocates for a window of size bytes: a multiple of
 * SK_RMA_ROUND.  MPICH 4.0.2 misplaces RMA into an MPI_Win_allocate
 * window whose size is not a multiple of 16 on a node (a put to rank 1
 * of an 8-byte window landed in rank 0's, one to a 72-byte window
 * nowhere); the untimed check found it. */
#define SK_RMA_ROUND 64

static MPI_Aint sk_rma_rounded(MPI_Aint size)
{
  return (size + SK_RMA_ROUND - 1) / SK_RMA_ROUND * SK_RMA_ROUND;
}

void sk_rma_win_make(MPI_Comm comm, int kind, MPI_Aint size, char *mem,
                     MPI_Win *win, char **base)
{
  *base = mem;
  switch (kind) {
  case SK_RMA_WIN_ALLOCATE:
    MPI_Win_allocate(sk_rma_rounded(size), 1, MPI_INFO_NULL, comm, base,
                     win);
    break;
  case SK_RMA_WIN_DYNAMIC:
    MPI_Win_create_dynamic(MPI_INFO_NULL, comm, win);
    if (size > 0)
      MPI_Win_attach(*win, mem, size);
    break;
  case SK_RMA_WIN_SHARED:
    MPI_Win_allocate_shared(sk_rma_rounded(size), 1, MPI_INFO_NULL, comm,
                            base, win);
    break;
  default:
    MPI_Win_create(mem, size, 1, MPI_INFO_NULL, comm, win);
    break;
  }
}

void sk_rma_win_free(int kind, MPI_Aint size, char *mem, MPI_Win *win)
{
  if (kind == SK_RMA_WIN_DYNAMIC && size > 0)
    MPI_Win_detach(*win, mem);
  MPI_Win_free(win);
}

/* ---- epochs ------------------------------------------------------------- */

static int sk_rma_origin(const sk_pctx_t *c, const sk_rma_t *r)
{
  return c->rank == 0 || r->bidir;
}

static int sk_rma_target(const sk_pctx_t *c, const sk_rma_t *r)
{
  return c->rank != 0 || r->bidir;
}

/* Opens a repetition's epochs (Fence and Lock_All_Flush have theirs
 * open already). */
static void sk_rma_open(sk_pctx_t *c, sk_rma_t *r)
{
  if (c->rma_sync == SK_RMA_SYNC_LOCK && sk_rma_origin(c, r)) {
    MPI_Win_lock(MPI_LOCK_SHARED, c->peer, 0, r->win);
  } else if (c->rma_sync == SK_RMA_SYNC_PSCW) {
    if (sk_rma_target(c, r))
      MPI_Win_post(r->peer, 0, r->win);
    if (sk_rma_origin(c, r))
      MPI_Win_start(r->peer, 0, r->win);
  }
}

/* Completes the repetition's operations. */
static void sk_rma_close(sk_pctx_t *c, sk_rma_t *r)
{
  switch (c->rma_sync) {
  case SK_RMA_SYNC_FENCE:
    MPI_Win_fence(0, r->win);
    break;
  case SK_RMA_SYNC_LOCK:
    if (sk_rma_origin(c, r))
      MPI_Win_unlock(c->peer, r->win);
    break;
  case SK_RMA_SYNC_LOCK_ALL:
    if (sk_rma_origin(c, r))
      MPI_Win_flush(c->peer, r->win);
    break;
  default:
    if (sk_rma_origin(c, r))
      MPI_Win_complete(r->win);
    if (sk_rma_target(c, r))
      MPI_Win_wait(r->win);
    break;
  }
}

/* Untimed: after it, what RMA put into this process's window is in its
 * memory and what the process stored there is what RMA reads.  Both
 * processes call it. */
static void sk_rma_settle(sk_pctx_t *c, sk_rma_t *r)
{
  switch (c->rma_sync) {
  case SK_RMA_SYNC_FENCE:
    MPI_Win_fence(0, r->win);
    break;
  case SK_RMA_SYNC_LOCK:
    MPI_Barrier(c->comm);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, c->rank, 0, r->win);
    MPI_Win_unlock(c->rank, r->win);
    MPI_Barrier(c->comm);
    break;
  case SK_RMA_SYNC_LOCK_ALL:
    MPI_Win_sync(r->win);
    MPI_Barrier(c->comm);
    MPI_Win_sync(r->win);
    break;
  default:
    MPI_Barrier(c->comm);
    break;
  }
}

/* ---- operations ----------------------------------------------------------- */

static void sk_rma_op(sk_pctx_t *c, sk_rma_t *r)
{
  switch (r->kind) {
  case SK_RMA_PUT:
    MPI_Put(c->sbuf, c->count, c->dtype, c->peer, r->disp, c->rcvcount,
            c->rcvtype, r->win);
    break;
  case SK_RMA_GET:
    MPI_Get(c->rbuf, c->rcvcount, c->rcvtype, c->peer, r->disp, c->count,
            c->dtype, r->win);
    break;
  case SK_RMA_ACC:
    MPI_Accumulate(c->sbuf, c->rcount, c->rtype, c->peer, r->disp,
                   c->rcount, c->rtype, c->rop, r->win);
    break;
  case SK_RMA_GET_ACC:
    MPI_Get_accumulate(c->sbuf, c->rcount, c->rtype, c->rbuf, c->rcount,
                       c->rtype, c->peer, r->disp, c->rcount, c->rtype,
                       c->rop, r->win);
    break;
  case SK_RMA_FAO:
    MPI_Fetch_and_op(c->sbuf, c->rbuf, c->rtype, c->peer, r->disp, c->rop,
                     r->win);
    break;
  default:
    MPI_Compare_and_swap(c->sbuf, r->cmp, c->rbuf, c->rtype, c->peer,
                         r->disp, r->win);
    break;
  }
}

static void sk_rma_run(sk_pctx_t *c)
{
  sk_rma_t *r = c->priv;
  long i;
  sk_rma_open(c, r);
  if (sk_rma_origin(c, r))
    for (i = 0; i < r->ops; i++)
      sk_rma_op(c, r);
  sk_rma_close(c, r);
}

/* A bandwidth instance's time: the origin's repetition per operation. */
static double sk_rma_rep_window(void *rep, double *local)
{
  sk_pattern_rep_t *p = rep;
  sk_rma_t *r = p->ctx->priv;
  *local = sk_pattern_rep_once(p) / (double)r->ops;
  return *local;
}

/* ---- a point ---------------------------------------------------------------- */

/* The peer's window as a target displacement: 0, or on a dynamic window
 * the address of the memory it attached. */
static void sk_rma_disp(sk_pctx_t *c, sk_rma_t *r)
{
  MPI_Aint mine = 0;
  r->disp = 0;
  if (c->rma_window != SK_RMA_WIN_DYNAMIC)
    return;
  if (r->base != NULL)
    MPI_Get_address(r->base, &mine);
  MPI_Sendrecv(&mine, 1, MPI_AINT, c->peer, 7, &r->disp, 1, MPI_AINT,
               c->peer, 7, c->comm, MPI_STATUS_IGNORE);
}

/* Makes the window and opens what stays open through the point; -1
 * (c->refused set) when RMA_Window = Shared and the pair is not on one
 * node, -1 when memory is short or the suite is not what the checker
 * lets through (an atomic of more than one element, a user operation). */
static int sk_rma_setup(sk_pctx_t *c, sk_rma_kind_t kind, int bandwidth,
                        int bidir)
{
  sk_rma_t *r;
  MPI_Group all;
  int atomic = kind == SK_RMA_FAO || kind == SK_RMA_CAS, ok, both, one;
  if (c->size != 2 || (atomic && c->rcount != 1) ||
      (kind >= SK_RMA_ACC && (c->red == NULL || c->red->own)))
    return -1;    /* alike on both processes */
  one = c->rma_window != SK_RMA_WIN_SHARED || sk_rma_one_node(c->comm);
  r = calloc(1, sizeof *r);
  ok = r != NULL;
  /* both or neither go on to the collective window creation */
  MPI_Allreduce(&ok, &both, 1, MPI_INT, MPI_LAND, c->comm);
  if (!both || !one) {
    free(r);
    c->refused = !one;
    return -1;
  }
  r->kind = kind;
  r->ops = bandwidth && c->rma_ops > 1 ? c->rma_ops : 1;
  r->bidir = bidir;
  r->size = c->span > 0 ? (MPI_Aint)c->span : 0;
  r->peer = MPI_GROUP_NULL;
  sk_rma_win_make(c->comm, c->rma_window, r->size, c->rbuf, &r->win,
                  &r->base);
  sk_rma_disp(c, r);
  if (c->rma_sync == SK_RMA_SYNC_PSCW) {
    MPI_Comm_group(c->comm, &all);
    MPI_Group_incl(all, 1, &c->peer, &r->peer);
    MPI_Group_free(&all);
  } else if (c->rma_sync == SK_RMA_SYNC_FENCE) {
    MPI_Win_fence(0, r->win);
  } else if (c->rma_sync == SK_RMA_SYNC_LOCK_ALL) {
    MPI_Win_lock_all(0, r->win);
  }
  c->priv = r;
  return 0;
}

static void sk_rma_teardown(sk_pctx_t *c)
{
  sk_rma_t *r = c->priv;
  if (r == NULL)
    return;
  if (c->rma_sync == SK_RMA_SYNC_FENCE)
    MPI_Win_fence(MPI_MODE_NOSUCCEED, r->win);
  else if (c->rma_sync == SK_RMA_SYNC_LOCK_ALL)
    MPI_Win_unlock_all(r->win);
  if (r->peer != MPI_GROUP_NULL)
    MPI_Group_free(&r->peer);
  /* A passive target (Lock, Lock_All_Flush) takes no part in its peer's
   * last operations: detaching a dynamic window's memory before they
   * are done made Open MPI fail a bidirectional put with
   * MPI_ERR_RMA_RANGE.  The memory goes only when both are done. */
  if (c->rma_window == SK_RMA_WIN_DYNAMIC)
    MPI_Barrier(c->comm);
  sk_rma_win_free(c->rma_window, r->size, c->rbuf, &r->win);
  free(r);
  c->priv = NULL;
}

/* ---- the untimed check ---------------------------------------------------- */

/* The data before the checked repetition: the origin's message (the
 * sequence of its rank, or the value 1 for the accumulating ones), the
 * target's window (zero, or for get the sequence 2 in the send
 * pattern), the compare value and the result buffer. */
static int sk_rma_fill(sk_pctx_t *c, sk_rma_t *r)
{
  int rc = 0;
  if (sk_rma_target(c, r) && r->size > 0)
    memset(r->base, 0, (size_t)r->size);
  if (r->kind == SK_RMA_GET) {
    if (sk_rma_target(c, r))
      rc = sk_dtype_fill(r->base, c->count, c->dtype, 2);
    if (sk_rma_origin(c, r) && c->span > 0)
      memset(c->rbuf, 0, (size_t)c->span);
  } else if (r->kind == SK_RMA_PUT) {
    if (sk_rma_origin(c, r))
      rc = sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1);
  } else if (sk_rma_origin(c, r)) {
    sk_reduce_fill(c->red, c->sbuf, c->rcount, 1);
    sk_reduce_fill(c->red, c->rbuf, c->rcount, -1);
    sk_reduce_fill(c->red, r->cmp, 1, 0);
  }
  return rc;
}

/* What the checked repetition left: the peer's sequence in the target's
 * window (put), the sequence 2 in the origin's buffer (get), the sum of
 * the operations' ones in the target's window (accumulating), the value
 * before the only operation in the origin's result (fetching latency
 * instances: 0; a window of them may deliver its results in any order). */
static int sk_rma_check(sk_pctx_t *c, sk_rma_t *r)
{
  int rc = 0, target = sk_rma_target(c, r), origin = sk_rma_origin(c, r);
  long sum = r->kind == SK_RMA_CAS ? 1 : r->ops;
  switch (r->kind) {
  case SK_RMA_PUT:
    return target ? sk_dtype_verify(r->base, c->rcvcount, c->rcvtype,
                                    (unsigned)c->peer + 1) : 0;
  case SK_RMA_GET:
    return origin ? sk_dtype_verify(c->rbuf, c->rcvcount, c->rcvtype, 2) : 0;
  default:
    if (target)
      rc |= sk_reduce_check(c->red, r->base, c->rcount, (int)sum, 0);
    if (origin && r->kind != SK_RMA_ACC && r->ops == 1)
      rc |= sk_reduce_check(c->red, c->rbuf, c->rcount, 0, 0);
    return rc;
  }
}

static int sk_rma_verify(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  sk_rma_t *r = c->priv;
  int rc = sk_rma_fill(c, r);
  sk_rma_settle(c, r);
  ops->run(c);
  sk_rma_settle(c, r);
  return rc | sk_rma_check(c, r);
}

/* ---- the instances ------------------------------------------------------------ */

#define SK_RMA_LAT(fn, kind, red) \
  static int sk_rma_setup_##fn(sk_pctx_t *c) \
  { \
    return sk_rma_setup(c, kind, 0, 0); \
  } \
  const sk_inst_ops_t sk_inst_rma_##fn = { \
    .run = sk_rma_run, .setup = sk_rma_setup_##fn, \
    .teardown = sk_rma_teardown, .verify = sk_rma_verify, \
    .timing = "origin_completion", .reduces = red, \
    .refusal = sk_rma_shared_refusal};
#define SK_RMA_BW(fn, kind, red, bidir) \
  static int sk_rma_setup_##fn(sk_pctx_t *c) \
  { \
    return sk_rma_setup(c, kind, 1, bidir); \
  } \
  const sk_inst_ops_t sk_inst_rma_##fn = { \
    .run = sk_rma_run, .setup = sk_rma_setup_##fn, \
    .teardown = sk_rma_teardown, .verify = sk_rma_verify, \
    .rep = sk_rma_rep_window, .timing = "per_operation", \
    .rate_unit = "B/s", .reduces = red, \
    .refusal = sk_rma_shared_refusal};

SK_RMA_LAT(put, SK_RMA_PUT, 0)
SK_RMA_LAT(get, SK_RMA_GET, 0)
SK_RMA_LAT(acc, SK_RMA_ACC, 1)
SK_RMA_LAT(get_acc, SK_RMA_GET_ACC, 1)
SK_RMA_LAT(fetch_op, SK_RMA_FAO, 1)
SK_RMA_LAT(cas, SK_RMA_CAS, 1)
SK_RMA_BW(put_bw, SK_RMA_PUT, 0, 0)
SK_RMA_BW(get_bw, SK_RMA_GET, 0, 0)
SK_RMA_BW(acc_bw, SK_RMA_ACC, 1, 0)
SK_RMA_BW(get_acc_bw, SK_RMA_GET_ACC, 1, 0)
SK_RMA_BW(put_bi, SK_RMA_PUT, 0, 1)
