/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_nbr.c -- the neighbourhood collectives of MPI-3 (doc/engine.md,
 * "Neighbourhood collectives"): MPI_Neighbor_allgather(v) and
 * MPI_Neighbor_alltoall(v,w), and their nonblocking forms timed as post +
 * wait, like the other nonblocking collectives.
 *
 * The engine hands them a communicator with the suite's topology (the
 * descriptor's .topology; src/engine/topology.c), made once per suite.
 * The setup of a point (untimed) asks the communicator for its
 * neighbours -- MPI_Cart_shift per dimension for a Cartesian grid, in
 * the order the standard gives (the -1 then the +1 neighbour of
 * dimension 0, 1, ...), MPI_Dist_graph_neighbors for a graph -- and
 * gathers every process's destinations, which the check needs.
 *
 * Buffers: block j of the send buffer goes to destination j (one block
 * for the allgathers), block i of the receive buffer comes from source
 * i; a block is one message of `length` bytes laid out as Alltoall lays
 * its blocks.  The v- and w-variants move the same blocks through their
 * count and displacement arrays (equal counts: Count_Distribution does
 * not apply).
 *
 * The check (untimed, after the setup): the block that process r sends
 * to its destination j carries seed r*D + j + 1 (D: the most
 * destinations of any process), the allgathers' one block seed r + 1.
 * Block i received from source s must hold the seed of a block s sent
 * to this process; where s sends to it more than once (a ring or a
 * periodic dimension of 1 or 2 processes) each of those blocks must
 * arrive exactly once, in whichever order the library pairs them.
 */
#include <config.h>

#include <stdlib.h>

#include "dtype.h"
#include "pattern.h"
#include "pattern_coll.h"

/* The neighbours of this process and the arrays of the v/w calls. */
typedef struct sk_nbr {
  int in, out;             /* sources and destinations */
  int most;                /* D: the most destinations of any process */
  int *src, *dst;          /* in and out entries */
  int *alldst;             /* size * most: every process's destinations,
                            * -1 beyond its own count */
  int *match;              /* check: the block each source's block was */
  int *scounts, *sdispls, *rcounts, *rdispls;   /* elements */
  MPI_Aint *swdispls, *rwdispls;                /* bytes (w) */
  MPI_Datatype *stypes, *rtypes;                /* (w) */
} sk_nbr_t;

static void sk_nbr_teardown(sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  if (n != NULL) {
    free(n->src);
    free(n->dst);
    free(n->alldst);
    free(n->match);
    free(n->scounts);
    free(n->sdispls);
    free(n->rcounts);
    free(n->rdispls);
    free(n->swdispls);
    free(n->rwdispls);
    free(n->stypes);
    free(n->rtypes);
    free(n);
  }
  c->priv = NULL;
}

/* Room for in sources and out destinations and the call's arrays. */
static int sk_nbr_alloc(sk_nbr_t *n)
{
  size_t i = (size_t)(n->in > 0 ? n->in : 1);
  size_t o = (size_t)(n->out > 0 ? n->out : 1);
  n->src = malloc(i * sizeof *n->src);
  n->dst = malloc(o * sizeof *n->dst);
  n->match = calloc(i, sizeof *n->match);
  n->scounts = malloc(o * sizeof *n->scounts);
  n->sdispls = malloc(o * sizeof *n->sdispls);
  n->rcounts = malloc(i * sizeof *n->rcounts);
  n->rdispls = malloc(i * sizeof *n->rdispls);
  n->swdispls = malloc(o * sizeof *n->swdispls);
  n->rwdispls = malloc(i * sizeof *n->rwdispls);
  n->stypes = malloc(o * sizeof *n->stypes);
  n->rtypes = malloc(i * sizeof *n->rtypes);
  return n->src && n->dst && n->match && n->scounts && n->sdispls &&
         n->rcounts && n->rdispls && n->swdispls && n->rwdispls &&
         n->stypes && n->rtypes ? 0 : -1;
}

/* The neighbour counts of comm's topology (-1: it has none). */
static int sk_nbr_counts(MPI_Comm comm, sk_nbr_t *n)
{
  int kind, nd, weighted;
  MPI_Topo_test(comm, &kind);
  if (kind == MPI_CART) {
    MPI_Cartdim_get(comm, &nd);
    n->in = n->out = 2 * nd;
    return 0;
  }
  if (kind == MPI_DIST_GRAPH) {
    MPI_Dist_graph_neighbors_count(comm, &n->in, &n->out, &weighted);
    return 0;
  }
  return -1;
}

/* The neighbours themselves, in the order the collectives use. */
static void sk_nbr_lists(MPI_Comm comm, sk_nbr_t *n)
{
  int kind, d;
  MPI_Topo_test(comm, &kind);
  if (kind == MPI_CART) {
    for (d = 0; d < n->in / 2; d++) {
      MPI_Cart_shift(comm, d, 1, &n->src[2 * d], &n->src[2 * d + 1]);
      n->dst[2 * d] = n->src[2 * d];
      n->dst[2 * d + 1] = n->src[2 * d + 1];
    }
  } else {
    /* Open MPI's MPI_UNWEIGHTED is the address 2, which gcc takes for
     * an array of no bytes written by the call (MPI never writes it). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
    MPI_Dist_graph_neighbors(comm, n->in, n->src, MPI_UNWEIGHTED, n->out,
                             n->dst, MPI_UNWEIGHTED);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  }
}

/* Every process's destinations into n->alldst (collective). */
static int sk_nbr_gather(sk_pctx_t *c, sk_nbr_t *n)
{
  int *mine, k, rc;
  MPI_Allreduce(&n->out, &n->most, 1, MPI_INT, MPI_MAX, c->comm);
  n->most = n->most > 0 ? n->most : 1;
  mine = malloc((size_t)n->most * sizeof *mine);
  n->alldst = malloc((size_t)n->most * (size_t)c->size * sizeof *n->alldst);
  rc = mine != NULL && n->alldst != NULL ? 0 : -1;
  MPI_Allreduce(MPI_IN_PLACE, &rc, 1, MPI_INT, MPI_MIN, c->comm);
  if (rc == 0) {
    for (k = 0; k < n->most; k++)
      mine[k] = k < n->out ? n->dst[k] : -1;
    MPI_Allgather(mine, n->most, MPI_INT, n->alldst, n->most, MPI_INT,
                  c->comm);
  }
  free(mine);
  return rc;
}

/* Block j out and block i in: one message each, as Alltoall lays them. */
static void sk_nbr_arrays(const sk_pctx_t *c, sk_nbr_t *n)
{
  int k;
  for (k = 0; k < n->out; k++) {
    n->scounts[k] = c->count;
    n->sdispls[k] = k * c->count;
    n->swdispls[k] = (MPI_Aint)k * c->count * c->sext;
    n->stypes[k] = c->dtype;
  }
  for (k = 0; k < n->in; k++) {
    n->rcounts[k] = c->rcvcount;
    n->rdispls[k] = k * c->rcvcount;
    n->rwdispls[k] = (MPI_Aint)k * c->rcvcount * c->rext;
    n->rtypes[k] = c->rcvtype;
  }
}

/* The setup of every neighbourhood instance (collective over c->comm:
 * the engine agrees on the result). */
static int sk_nbr_setup(sk_pctx_t *c)
{
  sk_nbr_t *n = calloc(1, sizeof *n);
  int ok;
  c->priv = n;
  ok = n != NULL && sk_nbr_counts(c->comm, n) == 0 && sk_nbr_alloc(n) == 0;
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, c->comm);
  if (ok) {
    sk_nbr_lists(c->comm, n);
    ok = sk_nbr_gather(c, n) == 0;     /* the same on every process */
  }
  if (!ok) {
    sk_nbr_teardown(c);
    return -1;
  }
  sk_nbr_arrays(c, n);
  return 0;
}

/* ---- the integrity checks ----------------------------------------------- */

/* The seed of the block process r sends to its destination j: r*D + j
 * + 1, in unsigned arithmetic (it may wrap on a huge run; it stays
 * distinct enough for the check). */
static unsigned sk_nbr_seed(const sk_nbr_t *n, int r, int j)
{
  return (unsigned)r * (unsigned)n->most + (unsigned)j + 1u;
}

/* Does received block i hold a block its source s sent here (and one not
 * matched to an earlier block from s)?  Records which in n->match.  The
 * candidates that do not match note no wrong byte; when none matches,
 * the first one's mismatch is noted (sk_dtype_wrong()). */
static int sk_nbr_block_ok(const sk_pctx_t *c, sk_nbr_t *n, int i)
{
  int s = n->src[i], j, e, taken, tried = 0;
  const char *at = sk_coll_seg(c->rbuf, i, c->rcvcount, c->rext);
  sk_dtype_wrong_t before = *sk_dtype_wrong(), first = before;
  for (j = 0; j < n->most; j++) {
    if (n->alldst[(long)s * n->most + j] != c->rank)
      continue;
    for (taken = 0, e = 0; e < i; e++)
      taken |= n->src[e] == s && n->match[e] == j;
    if (taken)
      continue;
    sk_dtype_wrong_reset();
    if (sk_dtype_verify(at, c->rcvcount, c->rcvtype,
                        sk_nbr_seed(n, s, j)) == 0) {
      sk_dtype_wrong_restore(&before);
      n->match[i] = j;
      return 0;
    }
    if (tried++ == 0)
      first = *sk_dtype_wrong();
  }
  sk_dtype_wrong_restore(before.found || tried == 0 ? &before : &first);
  return -1;
}

static int sk_nbr_verify_alltoall(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  int j, rc = 0;
  for (j = 0; j < n->out; j++)
    rc |= sk_dtype_fill(sk_coll_seg(c->sbuf, j, c->count, c->sext),
                        c->count, c->dtype, sk_nbr_seed(n, c->rank, j));
  ops->run(c);    /* a collective: made even where a fill failed */
  if (rc)
    return -1;
  for (j = 0; j < n->in; j++)
    rc |= sk_nbr_block_ok(c, n, j);
  return rc;
}

static int sk_nbr_verify_allgather(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  int i, rc = 0;
  rc = sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1);
  ops->run(c);    /* a collective: made even where the fill failed */
  if (rc)
    return -1;
  for (i = 0; i < n->in; i++)
    rc |= sk_dtype_verify(sk_coll_seg(c->rbuf, i, c->rcvcount, c->rext),
                          c->rcvcount, c->rcvtype,
                          (unsigned)n->src[i] + 1);
  return rc;
}

/* ---- the calls ------------------------------------------------------------ */

/* The descriptor of instance fn whose run() is sk_nbr_run_fn. */
#define SK_NBR_DESC(fn, check) \
  const sk_inst_ops_t sk_inst_nbr_##fn = { \
    .run = sk_nbr_run_##fn, .setup = sk_nbr_setup, \
    .teardown = sk_nbr_teardown, .verify = check, .topology = 1};

/* An instance whose function the library lacks (configure found none):
 * the checker and the engine refuse it, its run() is never called. */
#define SK_NBR_MISSING(fn, name) \
  static void sk_nbr_run_##fn(sk_pctx_t *c) \
  { \
    (void)c; \
  } \
  const sk_inst_ops_t sk_inst_nbr_##fn = { \
    .run = sk_nbr_run_##fn, .topology = 1, .unavailable = name};

#ifdef HAVE_MPI_NEIGHBOR_ALLGATHER
static void sk_nbr_run_allgather(sk_pctx_t *c)
{
  MPI_Neighbor_allgather(c->sbuf, c->count, c->dtype, c->rbuf, c->rcvcount,
                         c->rcvtype, c->comm);
}
SK_NBR_DESC(allgather, sk_nbr_verify_allgather)
#else
SK_NBR_MISSING(allgather, "MPI_Neighbor_allgather")
#endif

#ifdef HAVE_MPI_NEIGHBOR_ALLGATHERV
static void sk_nbr_run_allgatherv(sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  MPI_Neighbor_allgatherv(c->sbuf, c->count, c->dtype, c->rbuf, n->rcounts,
                          n->rdispls, c->rcvtype, c->comm);
}
SK_NBR_DESC(allgatherv, sk_nbr_verify_allgather)
#else
SK_NBR_MISSING(allgatherv, "MPI_Neighbor_allgatherv")
#endif

#ifdef HAVE_MPI_NEIGHBOR_ALLTOALL
static void sk_nbr_run_alltoall(sk_pctx_t *c)
{
  MPI_Neighbor_alltoall(c->sbuf, c->count, c->dtype, c->rbuf, c->rcvcount,
                        c->rcvtype, c->comm);
}
SK_NBR_DESC(alltoall, sk_nbr_verify_alltoall)
#else
SK_NBR_MISSING(alltoall, "MPI_Neighbor_alltoall")
#endif

#ifdef HAVE_MPI_NEIGHBOR_ALLTOALLV
static void sk_nbr_run_alltoallv(sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  MPI_Neighbor_alltoallv(c->sbuf, n->scounts, n->sdispls, c->dtype, c->rbuf,
                         n->rcounts, n->rdispls, c->rcvtype, c->comm);
}
SK_NBR_DESC(alltoallv, sk_nbr_verify_alltoall)
#else
SK_NBR_MISSING(alltoallv, "MPI_Neighbor_alltoallv")
#endif

#ifdef HAVE_MPI_NEIGHBOR_ALLTOALLW
static void sk_nbr_run_alltoallw(sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  MPI_Neighbor_alltoallw(c->sbuf, n->scounts, n->swdispls, n->stypes,
                         c->rbuf, n->rcounts, n->rwdispls, n->rtypes,
                         c->comm);
}
SK_NBR_DESC(alltoallw, sk_nbr_verify_alltoall)
#else
SK_NBR_MISSING(alltoallw, "MPI_Neighbor_alltoallw")
#endif

/* ---- nonblocking: post + wait ----------------------------------------------- */

#ifdef HAVE_MPI_INEIGHBOR_ALLGATHER
static void sk_nbr_run_iallgather(sk_pctx_t *c)
{
  MPI_Request r;
  MPI_Ineighbor_allgather(c->sbuf, c->count, c->dtype, c->rbuf, c->rcvcount,
                          c->rcvtype, c->comm, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}
SK_NBR_DESC(iallgather, sk_nbr_verify_allgather)
#else
SK_NBR_MISSING(iallgather, "MPI_Ineighbor_allgather")
#endif

#ifdef HAVE_MPI_INEIGHBOR_ALLGATHERV
static void sk_nbr_run_iallgatherv(sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  MPI_Request r;
  MPI_Ineighbor_allgatherv(c->sbuf, c->count, c->dtype, c->rbuf, n->rcounts,
                           n->rdispls, c->rcvtype, c->comm, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}
SK_NBR_DESC(iallgatherv, sk_nbr_verify_allgather)
#else
SK_NBR_MISSING(iallgatherv, "MPI_Ineighbor_allgatherv")
#endif

#ifdef HAVE_MPI_INEIGHBOR_ALLTOALL
static void sk_nbr_run_ialltoall(sk_pctx_t *c)
{
  MPI_Request r;
  MPI_Ineighbor_alltoall(c->sbuf, c->count, c->dtype, c->rbuf, c->rcvcount,
                         c->rcvtype, c->comm, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}
SK_NBR_DESC(ialltoall, sk_nbr_verify_alltoall)
#else
SK_NBR_MISSING(ialltoall, "MPI_Ineighbor_alltoall")
#endif

#ifdef HAVE_MPI_INEIGHBOR_ALLTOALLV
static void sk_nbr_run_ialltoallv(sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  MPI_Request r;
  MPI_Ineighbor_alltoallv(c->sbuf, n->scounts, n->sdispls, c->dtype, c->rbuf,
                          n->rcounts, n->rdispls, c->rcvtype, c->comm, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}
SK_NBR_DESC(ialltoallv, sk_nbr_verify_alltoall)
#else
SK_NBR_MISSING(ialltoallv, "MPI_Ineighbor_alltoallv")
#endif

#ifdef HAVE_MPI_INEIGHBOR_ALLTOALLW
static void sk_nbr_run_ialltoallw(sk_pctx_t *c)
{
  sk_nbr_t *n = c->priv;
  MPI_Request r;
  MPI_Ineighbor_alltoallw(c->sbuf, n->scounts, n->swdispls, n->stypes,
                          c->rbuf, n->rcounts, n->rwdispls, n->rtypes,
                          c->comm, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
}
SK_NBR_DESC(ialltoallw, sk_nbr_verify_alltoall)
#else
SK_NBR_MISSING(ialltoallw, "MPI_Ineighbor_alltoallw")
#endif
