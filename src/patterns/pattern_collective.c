/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_collective.c -- the library's collective operations of Fig. 2
 * (the v-variants and the hand-written ones are in pattern_collv.c).
 *
 * Every process of the communicator takes part; rank 0 is the root.
 * `length` is the message of ONE process (doc/engine.md gives the exact
 * meaning per operation).  Data go out in the send datatype pattern
 * (dtype, count) and arrive in the receive pattern (rcvtype, rcvcount).
 * Reductions use rtype and rop (src/engine/reduce.h: MPI_SUM on a builtin
 * type, or skampi's own sum over the send pattern).  The timing around
 * run() is the collective pattern's (sk_pattern_rep_max_local or
 * _root_barrier).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "pattern.h"
#include "pattern_coll.h"
#include "reduce.h"

/* Fills a receive buffer before a check: bytes MPI must not touch. */
#define SK_COLL_MARK 0xA5

/* Segment i of a buffer of elements of extent ext, count each. */
char *sk_coll_seg(char *buf, long i, int count, MPI_Aint ext)
{
  return buf + i * (long)count * (long)ext;
}

/* ---- the instances ---------------------------------------------------- */

/* The root sends in the send pattern, the others receive in theirs. */
static void sk_coll_bcast(sk_pctx_t *c)
{
#if SK_HAVE_LARGE_BCAST
  if (c->large) {
    if (c->rank == c->root)
      MPI_Bcast_c(c->sbuf, c->lcount, c->dtype, c->root, c->comm);
    else
      MPI_Bcast_c(c->rbuf, c->lrcvcount, c->rcvtype, c->root, c->comm);
    return;
  }
#endif
  if (c->rank == c->root)
    MPI_Bcast(c->sbuf, c->count, c->dtype, c->root, c->comm);
  else
    MPI_Bcast(c->rbuf, c->rcvcount, c->rcvtype, c->root, c->comm);
}

static void sk_coll_barrier(sk_pctx_t *c)
{
  MPI_Barrier(c->comm);
}

static void sk_coll_reduce(sk_pctx_t *c)
{
#if SK_HAVE_LARGE_REDUCE
  if (c->large) {
    MPI_Reduce_c(sk_pctx_root_in(c), c->rbuf, c->lrcount, c->rtype, c->rop,
                 c->root, c->comm);
    return;
  }
#endif
  MPI_Reduce(sk_pctx_root_in(c), c->rbuf, c->rcount, c->rtype, c->rop,
             c->root, c->comm);
}

static void sk_coll_allreduce(sk_pctx_t *c)
{
#if SK_HAVE_LARGE_ALLREDUCE
  if (c->large) {
    MPI_Allreduce_c(sk_pctx_in(c), c->rbuf, c->lrcount, c->rtype, c->rop,
                    c->comm);
    return;
  }
#endif
  MPI_Allreduce(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop,
                c->comm);
}

/* Allreduce built from two collectives (Fig. 2 "Reduce-Bcast"). */
static void sk_coll_reduce_bcast(sk_pctx_t *c)
{
  MPI_Reduce(c->sbuf, c->rbuf, c->rcount, c->rtype, c->rop, 0, c->comm);
  MPI_Bcast(c->rbuf, c->rcount, c->rtype, 0, c->comm);
}

static void sk_coll_scan(sk_pctx_t *c)
{
  MPI_Scan(sk_pctx_in(c), c->rbuf, c->rcount, c->rtype, c->rop, c->comm);
}

static void sk_coll_alltoall(sk_pctx_t *c)
{
  MPI_Alltoall(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
               c->rcvtype, c->comm);
}

static void sk_coll_gather(sk_pctx_t *c)
{
  MPI_Gather(sk_pctx_root_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
             c->rcvtype, c->root, c->comm);
}

static void sk_coll_scatter(sk_pctx_t *c)
{
  MPI_Scatter(c->sbuf, c->count, c->dtype, sk_pctx_root_out(c), c->rcvcount,
              c->rcvtype, c->root, c->comm);
}

static void sk_coll_allgather(sk_pctx_t *c)
{
  MPI_Allgather(sk_pctx_in(c), c->count, c->dtype, c->rbuf, c->rcvcount,
                c->rcvtype, c->comm);
}

static void sk_coll_reduce_scatter(sk_pctx_t *c)
{
  MPI_Reduce_scatter(sk_pctx_in(c), c->rbuf, c->counts, c->rtype, c->rop,
                     c->comm);
}

/* Reduce_scatter built from two collectives (Fig. 2 line 44,
 * "MPI_Reduce-MPI_Scatterv"): the sum at rank 0, then its shares out.
 * The root keeps its share where it is (MPI_IN_PLACE); the others'
 * receive buffers are free, for MPI_Reduce writes only the root's. */
static void sk_coll_reduce_scatterv(sk_pctx_t *c)
{
  MPI_Reduce(c->sbuf, c->rbuf, c->rcount, c->rtype, c->rop, 0, c->comm);
  MPI_Scatterv(c->rbuf, c->counts, c->displs, c->rtype,
               c->rank == 0 ? MPI_IN_PLACE : c->rbuf, c->counts[c->rank],
               c->rtype, 0, c->comm);
}

/* A communicator made and freed again: the cost of MPI_Comm_split. */
static void sk_coll_comm_split(sk_pctx_t *c)
{
  MPI_Comm n;
  MPI_Comm_split(c->comm, 0, c->rank, &n);
  MPI_Comm_free(&n);
}

/* Memory bandwidth baseline: every process copies length bytes. */
static void sk_coll_memcpy(sk_pctx_t *c)
{
  memcpy(c->rbuf, c->sbuf, (size_t)c->length);
}

/* Every process gets rcount / size elements of the reduced vector. */
static int sk_coll_reduce_scatter_setup(sk_pctx_t *c)
{
  int i;
  c->counts = malloc((size_t)c->size * sizeof *c->counts);
  if (c->counts == NULL)
    return -1;
  for (i = 0; i < c->size; i++)
    c->counts[i] = c->rcount / c->size;
  return 0;
}

/* The shares of MPI_Reduce_scatter, and where each starts in the
 * reduced vector (in elements) for MPI_Scatterv. */
static int sk_coll_reduce_scatterv_setup(sk_pctx_t *c)
{
  int i;
  if (sk_coll_reduce_scatter_setup(c) < 0)
    return -1;
  c->displs = malloc((size_t)c->size * sizeof *c->displs);
  if (c->displs == NULL) {
    sk_coll_free_arrays(c);
    return -1;
  }
  for (i = 0; i < c->size; i++)
    c->displs[i] = i * c->counts[i];
  return 0;
}

void sk_coll_free_arrays(sk_pctx_t *c)
{
  free(c->counts);
  free(c->displs);
  free(c->rcounts);
  free(c->rdispls);
  free(c->reqs);
  free(c->stats);
  c->counts = c->displs = c->rcounts = c->rdispls = NULL;
  c->reqs = NULL;
  c->stats = NULL;
}


/* ---- integrity checks (untimed) --------------------------------------- */

int sk_coll_in_place_here(const sk_pctx_t *c, int rooted)
{
  return c->in_place && (!rooted || c->rank == c->root);
}

/* Gather and allgather: process i's data land in segment i, at the
 * root (everyone = 0) or on every process (everyone = 1).  In place, a
 * process's own data wait in its segment of the receive buffer. */
static int sk_coll_gathered(const sk_inst_ops_t *ops, sk_pctx_t *c,
                            int everyone)
{
  int i, rc = 0, fill;
  if (sk_coll_in_place_here(c, !everyone))
    fill = sk_dtype_fill(sk_coll_seg(c->rbuf, c->rank, c->rcvcount, c->rext),
                         c->rcvcount, c->rcvtype, (unsigned)c->rank + 1);
  else
    fill = sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1);
  ops->run(c);      /* a collective: made even where the fill failed */
  if (fill != 0)
    return -1;
  if (c->rank != c->root && !everyone)
    return 0;
  for (i = 0; i < c->size; i++)
    rc |= sk_dtype_verify(sk_coll_seg(c->rbuf, i, c->rcvcount, c->rext),
                          c->rcvcount, c->rcvtype, (unsigned)i + 1);
  return rc;
}

static int sk_coll_verify_gather(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_coll_gathered(ops, c, 0);
}

static int sk_coll_verify_allgather(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_coll_gathered(ops, c, 1);
}

/* Segment i of the root goes to process i; in place the root's own
 * segment stays where it is and nothing arrives there. */
static int sk_coll_verify_scatter(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int i, fill = 0;
  for (i = 0; c->rank == c->root && i < c->size; i++)
    fill |= sk_dtype_fill(sk_coll_seg(c->sbuf, i, c->count, c->sext),
                          c->count, c->dtype, (unsigned)i + 1);
  ops->run(c);
  if (fill != 0)
    return -1;
  if (sk_coll_in_place_here(c, 1))
    return 0;
  return sk_dtype_verify(c->rbuf, c->rcvcount, c->rcvtype,
                         (unsigned)c->rank + 1);
}

/* Reductions: process i adds i + 1 in every scalar, the receive buffer
 * is marked first; `count` elements at rbuf must hold `want`, the gaps
 * between their scalars the mark.  In place (at the root only when
 * rooted), the i + 1 wait in the marked receive buffer. */
int sk_coll_reduced(const sk_inst_ops_t *ops, sk_pctx_t *c, MPI_Count count,
                    long long want, int check, int rooted)
{
  memset(c->rbuf, SK_COLL_MARK,
         (size_t)sk_pctx_rcount(c) * (size_t)c->red->extent);
  sk_reduce_fill(c->red, sk_coll_in_place_here(c, rooted) ? c->rbuf
                                                          : c->sbuf,
                 sk_pctx_rcount(c), c->rank + 1);
  ops->run(c);
  return check ? sk_reduce_check(c->red, c->rbuf, count, want,
                                 SK_COLL_MARK) : 0;
}

/* 1 + 2 + ... + n, in 64 bits (n up to INT_MAX) */
static long long sk_coll_triangle(int n)
{
  return (long long)n * ((long long)n + 1) / 2;
}

static int sk_coll_verify_reduce(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_coll_reduced(ops, c, sk_pctx_rcount(c),
                         sk_coll_triangle(c->size), c->rank == c->root, 1);
}

/* Allreduce and Reduce_Bcast: every process has the sum. */
static int sk_coll_verify_allreduce(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_coll_reduced(ops, c, sk_pctx_rcount(c),
                         sk_coll_triangle(c->size), 1, 0);
}

static int sk_coll_verify_scan(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_coll_reduced(ops, c, c->rcount, sk_coll_triangle(c->rank + 1),
                         1, 0);
}

static int sk_coll_verify_reduce_scatter(const sk_inst_ops_t *ops,
                                         sk_pctx_t *c)
{
  return sk_coll_reduced(ops, c, c->counts[c->rank],
                         sk_coll_triangle(c->size), 1, 0);
}

/* Alltoall: the block from j to i carries seed j * size + i + 1; in
 * place the blocks wait in the receive buffer, in its pattern. */
static int sk_coll_verify_alltoall(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int i, rc = 0, fill = 0;
  for (i = 0; i < c->size; i++)
    if (c->in_place)
      fill |= sk_dtype_fill(sk_coll_seg(c->rbuf, i, c->rcvcount, c->rext),
                            c->rcvcount, c->rcvtype,
                            sk_coll_block_seed(c->rank, i, c->size));
    else
      fill |= sk_dtype_fill(sk_coll_seg(c->sbuf, i, c->count, c->sext),
                            c->count, c->dtype,
                            sk_coll_block_seed(c->rank, i, c->size));
  ops->run(c);
  if (fill != 0)
    return -1;
  for (i = 0; i < c->size; i++)
    rc |= sk_dtype_verify(sk_coll_seg(c->rbuf, i, c->rcvcount, c->rext),
                          c->rcvcount, c->rcvtype,
                          sk_coll_block_seed(i, c->rank, c->size));
  return rc;
}

const sk_inst_ops_t sk_inst_coll_bcast = {
  .run = sk_coll_bcast, .verify = sk_pattern_verify_from_root,
  SK_LARGE_COUNT("MPI_Bcast_c", SK_HAVE_LARGE_BCAST), .rooted = 1};
const sk_inst_ops_t sk_inst_coll_barrier = {.run = sk_coll_barrier};
const sk_inst_ops_t sk_inst_coll_reduce = {
  .run = sk_coll_reduce, .verify = sk_coll_verify_reduce, .reduces = 1,
  SK_LARGE_COUNT("MPI_Reduce_c", SK_HAVE_LARGE_REDUCE), .in_place = 1,
  .rooted = 1};
const sk_inst_ops_t sk_inst_coll_allreduce = {
  .run = sk_coll_allreduce, .verify = sk_coll_verify_allreduce,
  .reduces = 1, SK_LARGE_COUNT("MPI_Allreduce_c", SK_HAVE_LARGE_ALLREDUCE),
  .in_place = 1};
const sk_inst_ops_t sk_inst_coll_reduce_bcast = {
  .run = sk_coll_reduce_bcast, .verify = sk_coll_verify_allreduce,
  .reduces = 1};
const sk_inst_ops_t sk_inst_coll_scan = {
  .run = sk_coll_scan, .verify = sk_coll_verify_scan, .reduces = 1,
  .in_place = 1};
const sk_inst_ops_t sk_inst_coll_alltoall = {
  .run = sk_coll_alltoall, .verify = sk_coll_verify_alltoall,
  .in_place = 1};
const sk_inst_ops_t sk_inst_coll_gather = {
  .run = sk_coll_gather, .verify = sk_coll_verify_gather, .in_place = 1,
  .rooted = 1};
const sk_inst_ops_t sk_inst_coll_scatter = {
  .run = sk_coll_scatter, .verify = sk_coll_verify_scatter, .in_place = 1,
  .rooted = 1};
const sk_inst_ops_t sk_inst_coll_allgather = {
  .run = sk_coll_allgather, .verify = sk_coll_verify_allgather,
  .in_place = 1};
const sk_inst_ops_t sk_inst_coll_reduce_scatter = {
  .run = sk_coll_reduce_scatter, .setup = sk_coll_reduce_scatter_setup,
  .teardown = sk_coll_free_arrays,
  .verify = sk_coll_verify_reduce_scatter, .reduces = 1, .in_place = 1};
const sk_inst_ops_t sk_inst_coll_reduce_scatterv = {
  .run = sk_coll_reduce_scatterv, .setup = sk_coll_reduce_scatterv_setup,
  .teardown = sk_coll_free_arrays,
  .verify = sk_coll_verify_reduce_scatter, .reduces = 1};
const sk_inst_ops_t sk_inst_coll_comm_split = {
  .run = sk_coll_comm_split, .plain = "it moves no data"};
const sk_inst_ops_t sk_inst_coll_memcpy = {
  .run = sk_coll_memcpy, .plain = "it copies length bytes with memcpy"};
