/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_collv.c -- the v-variants of the collectives and the
 * hand-written gathers and scatters of Fig. 2.
 *
 * Count distribution (Count_Distribution, doc/engine.md): the p processes
 * together move p messages of `length` bytes; under Equal every process
 * has one message, under Increasing process i has i+1 of p(p+1)/2 equal
 * parts of the total (the last one the rounding rest).  Shares are whole
 * elements of the coarser of the send and receive patterns.  Alltoallv
 * rotates the shares so that every process sends and receives the total
 * of one row: process j sends share (i + j) mod p to process i.
 *
 * The hand-written instances do what the library's collective does with
 * point-to-point messages, so the report can put the two side by side
 * (Fig. 7 of the SKaMPI paper); the root's own part goes through an
 * MPI_Sendrecv to itself.
 */
#include <config.h>

#include <limits.h>
#include <stdlib.h>

#include "dtype.h"
#include "pattern.h"
#include "pattern_coll.h"

#define SK_COLLV_TAG 3

/* ---- counts and displacements (setup, untimed) ------------------------- */

/* displs[i] = counts[0] + ... + counts[i-1], summed in 64 bits; the
 * checker keeps the sum an int for the instances that pass displs to
 * MPI (SK_REQ_DISPL_ELEMENTS), the others never read one beyond it. */
static void sk_collv_prefix(const int *counts, int *displs, int n)
{
  long long sum = 0;
  int i;
  for (i = 0; i < n; i++) {
    displs[i] = sum > INT_MAX ? INT_MAX : (int)sum;
    sum += counts[i];
  }
}

/* Process i's share in elements of the send and of the receive type,
 * from shares of the coarser of the two (sk_pattern_shares()). */
static void sk_collv_scale(const sk_pctx_t *c, int sh, int *s, int *r)
{
  int q = c->count < c->rcvcount ? c->count : c->rcvcount;
  *s = q > 0 ? sh * (c->count / q) : 0;
  *r = q > 0 ? sh * (c->rcvcount / q) : 0;
}

/* Every process's share (of the coarser type) into c->counts. */
static void sk_collv_all_shares(sk_pctx_t *c)
{
  int q = c->count < c->rcvcount ? c->count : c->rcvcount;
  sk_pattern_shares(c->distribution, (long)q * c->size, c->size, c->counts);
}

static int sk_collv_alloc(sk_pctx_t *c)
{
  size_t n = (size_t)c->size;
  c->counts = malloc(n * sizeof *c->counts);
  c->displs = malloc(n * sizeof *c->displs);
  c->rcounts = malloc(n * sizeof *c->rcounts);
  c->rdispls = malloc(n * sizeof *c->rdispls);
  c->reqs = malloc((n + 1) * sizeof *c->reqs);
  c->stats = malloc((n + 1) * sizeof *c->stats);
  if (c->counts && c->displs && c->rcounts && c->rdispls && c->reqs &&
      c->stats)
    return 0;
  sk_coll_free_arrays(c);
  return -1;
}

/* counts[i] / rcounts[i]: process i's share in send / receive elements. */
static int sk_collv_setup(sk_pctx_t *c)
{
  int i;
  if (sk_collv_alloc(c) != 0)
    return -1;
  sk_collv_all_shares(c);
  for (i = 0; i < c->size; i++)
    sk_collv_scale(c, c->counts[i], &c->counts[i], &c->rcounts[i]);
  sk_collv_prefix(c->counts, c->displs, c->size);
  sk_collv_prefix(c->rcounts, c->rdispls, c->size);
  return 0;
}

/* The gathers without v: every process's share is one message. */
static int sk_collv_setup_equal(sk_pctx_t *c)
{
  int d = c->distribution, rc;
  c->distribution = SK_DIST_EQUAL;
  rc = sk_collv_setup(c);
  c->distribution = d;
  return rc;
}

/* Alltoallv: to process i goes share (i + me) mod p, from process j comes
 * share (me + j) mod p. */
static int sk_collv_setup_alltoallv(sk_pctx_t *c)
{
  int i;
  if (sk_collv_alloc(c) != 0)
    return -1;
  sk_collv_all_shares(c);
  for (i = 0; i < c->size; i++)      /* the shares, for the moment */
    c->displs[i] = c->counts[i];
  for (i = 0; i < c->size; i++)
    sk_collv_scale(c, c->displs[(int)(((long long)i + c->rank) % c->size)],
                   &c->counts[i], &c->rcounts[i]);
  sk_collv_prefix(c->counts, c->displs, c->size);
  sk_collv_prefix(c->rcounts, c->rdispls, c->size);
  return 0;
}

/* ---- the library's v-variants ------------------------------------------ */

static void sk_collv_scatterv(sk_pctx_t *c)
{
  MPI_Scatterv(c->sbuf, c->counts, c->displs, c->dtype, sk_pctx_root_out(c),
               c->rcounts[c->rank], c->rcvtype, c->root, c->comm);
}

static void sk_collv_gatherv(sk_pctx_t *c)
{
  MPI_Gatherv(sk_pctx_root_in(c), c->counts[c->rank], c->dtype, c->rbuf,
              c->rcounts, c->rdispls, c->rcvtype, c->root, c->comm);
}

static void sk_collv_allgatherv(sk_pctx_t *c)
{
  MPI_Allgatherv(sk_pctx_in(c), c->counts[c->rank], c->dtype, c->rbuf,
                 c->rcounts, c->rdispls, c->rcvtype, c->comm);
}

/* In place, what goes to process i waits in the receive buffer, in
 * rcounts[i] elements at rdispls[i]: the shares are rotated so that
 * this is also what i receives from here. */
static void sk_collv_alltoallv(sk_pctx_t *c)
{
  MPI_Alltoallv(sk_pctx_in(c), c->counts, c->displs, c->dtype, c->rbuf,
                c->rcounts, c->rdispls, c->rcvtype, c->comm);
}

/* ---- hand-written ------------------------------------------------------ */

/* The root's own part of a gather: to itself. */
static void sk_collv_self(sk_pctx_t *c, int scount, char *dst, int rcount)
{
  MPI_Sendrecv(c->sbuf, scount, c->dtype, 0, SK_COLLV_TAG, dst, rcount,
               c->rcvtype, 0, SK_COLLV_TAG, c->comm, MPI_STATUS_IGNORE);
}

static void sk_collv_gather_send_recv(sk_pctx_t *c)
{
  int i;
  if (c->rank != 0) {
    MPI_Send(c->sbuf, c->count, c->dtype, 0, SK_COLLV_TAG, c->comm);
    return;
  }
  sk_collv_self(c, c->count, c->rbuf, c->rcvcount);
  for (i = 1; i < c->size; i++)
    MPI_Recv(sk_coll_seg(c->rbuf, i, c->rcvcount, c->rext), c->rcvcount,
             c->rcvtype, i, SK_COLLV_TAG, c->comm, MPI_STATUS_IGNORE);
}

static void sk_collv_gather_isend_irecv(sk_pctx_t *c)
{
  int i;
  MPI_Isend(c->sbuf, c->count, c->dtype, 0, SK_COLLV_TAG, c->comm,
            &c->reqs[c->size]);
  if (c->rank == 0) {
    for (i = 0; i < c->size; i++)
      MPI_Irecv(sk_coll_seg(c->rbuf, i, c->rcvcount, c->rext), c->rcvcount,
                c->rcvtype, i, SK_COLLV_TAG, c->comm, &c->reqs[i]);
    MPI_Waitall(c->size + 1, c->reqs, c->stats);
  } else {
    MPI_Wait(&c->reqs[c->size], MPI_STATUS_IGNORE);
  }
}

static void sk_collv_gatherv_send_recv(sk_pctx_t *c)
{
  int i;
  if (c->rank != 0) {
    MPI_Send(c->sbuf, c->counts[c->rank], c->dtype, 0, SK_COLLV_TAG,
             c->comm);
    return;
  }
  sk_collv_self(c, c->counts[0], c->rbuf, c->rcounts[0]);
  for (i = 1; i < c->size; i++)
    MPI_Recv(c->rbuf + (long)c->rdispls[i] * c->rext, c->rcounts[i],
             c->rcvtype, i, SK_COLLV_TAG, c->comm, MPI_STATUS_IGNORE);
}

static void sk_collv_scatterv_send_recv(sk_pctx_t *c)
{
  int i;
  if (c->rank != 0) {
    MPI_Recv(c->rbuf, c->rcounts[c->rank], c->rcvtype, 0, SK_COLLV_TAG,
             c->comm, MPI_STATUS_IGNORE);
    return;
  }
  MPI_Sendrecv(c->sbuf, c->counts[0], c->dtype, 0, SK_COLLV_TAG, c->rbuf,
               c->rcounts[0], c->rcvtype, 0, SK_COLLV_TAG, c->comm,
               MPI_STATUS_IGNORE);
  for (i = 1; i < c->size; i++)
    MPI_Send(c->sbuf + (long)c->displs[i] * c->sext, c->counts[i],
             c->dtype, i, SK_COLLV_TAG, c->comm);
}

/* ---- integrity checks (untimed) ---------------------------------------- */

static char *sk_collv_sseg(sk_pctx_t *c, int i)
{
  return c->sbuf + (long)c->displs[i] * c->sext;
}

static char *sk_collv_rseg(sk_pctx_t *c, int i)
{
  return c->rbuf + (long)c->rdispls[i] * c->rext;
}

/* In place the root's own share stays where it is. */
static int sk_collv_verify_scatter(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int i, fill = 0;
  for (i = 0; c->rank == c->root && i < c->size; i++)
    fill |= sk_dtype_fill(sk_collv_sseg(c, i), c->counts[i], c->dtype,
                          (unsigned)i + 1);
  ops->run(c);
  if (fill != 0)
    return -1;
  if (sk_coll_in_place_here(c, 1))
    return 0;
  return sk_dtype_verify(c->rbuf, c->rcounts[c->rank], c->rcvtype,
                         (unsigned)c->rank + 1);
}

/* Gathers: process i's share lands at rdispls[i], at the root
 * (everyone = 0) or on every process (everyone = 1, Allgatherv); in
 * place a process's own share waits there. */
static int sk_collv_gathered(const sk_inst_ops_t *ops, sk_pctx_t *c,
                             int everyone)
{
  int i, rc = 0, fill;
  if (sk_coll_in_place_here(c, !everyone))
    fill = sk_dtype_fill(sk_collv_rseg(c, c->rank), c->rcounts[c->rank],
                         c->rcvtype, (unsigned)c->rank + 1);
  else
    fill = sk_dtype_fill(c->sbuf, c->counts[c->rank], c->dtype,
                         (unsigned)c->rank + 1);
  ops->run(c);      /* a collective: made even where the fill failed */
  if (fill != 0)
    return -1;
  if (c->rank != c->root && !everyone)
    return 0;
  for (i = 0; i < c->size; i++)
    rc |= sk_dtype_verify(sk_collv_rseg(c, i), c->rcounts[i], c->rcvtype,
                          (unsigned)i + 1);
  return rc;
}

static int sk_collv_verify_gather(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_collv_gathered(ops, c, 0);
}

static int sk_collv_verify_allgather(const sk_inst_ops_t *ops,
                                     sk_pctx_t *c)
{
  return sk_collv_gathered(ops, c, 1);
}

static int sk_collv_verify_alltoall(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int i, rc = 0, fill = 0;
  for (i = 0; i < c->size; i++)
    if (c->in_place)
      fill |= sk_dtype_fill(sk_collv_rseg(c, i), c->rcounts[i], c->rcvtype,
                            sk_coll_block_seed(c->rank, i, c->size));
    else
      fill |= sk_dtype_fill(sk_collv_sseg(c, i), c->counts[i], c->dtype,
                            sk_coll_block_seed(c->rank, i, c->size));
  ops->run(c);
  if (fill != 0)
    return -1;
  for (i = 0; i < c->size; i++)
    rc |= sk_dtype_verify(sk_collv_rseg(c, i), c->rcounts[i], c->rcvtype,
                          sk_coll_block_seed(i, c->rank, c->size));
  return rc;
}

/* The v-variants hold up to the total on one process (Increasing):
 * buffers ALL in instances.def.  The library's take In_Place and Root
 * (in_place, rooted); the hand-written ones neither. */
#define SK_COLLV_OPS(fn, run_, setup_, verify_, in_place_, rooted_) \
  const sk_inst_ops_t sk_inst_##fn = { \
    .run = run_, .setup = setup_, \
    .teardown = sk_coll_free_arrays, .verify = verify_, \
    .in_place = in_place_, .rooted = rooted_};

SK_COLLV_OPS(coll_scatterv, sk_collv_scatterv, sk_collv_setup,
             sk_collv_verify_scatter, 1, 1)
SK_COLLV_OPS(coll_gatherv, sk_collv_gatherv, sk_collv_setup,
             sk_collv_verify_gather, 1, 1)
SK_COLLV_OPS(coll_allgatherv, sk_collv_allgatherv, sk_collv_setup,
             sk_collv_verify_allgather, 1, 0)
SK_COLLV_OPS(coll_alltoallv, sk_collv_alltoallv, sk_collv_setup_alltoallv,
             sk_collv_verify_alltoall, 1, 0)
SK_COLLV_OPS(coll_gather_send_recv, sk_collv_gather_send_recv,
             sk_collv_setup_equal, sk_collv_verify_gather, 0, 0)
SK_COLLV_OPS(coll_gather_isend_irecv, sk_collv_gather_isend_irecv,
             sk_collv_setup_equal, sk_collv_verify_gather, 0, 0)
SK_COLLV_OPS(coll_gatherv_send_recv, sk_collv_gatherv_send_recv,
             sk_collv_setup, sk_collv_verify_gather, 0, 0)
SK_COLLV_OPS(coll_scatterv_send_recv, sk_collv_scatterv_send_recv,
             sk_collv_setup, sk_collv_verify_scatter, 0, 0)
