/*
 * pattern_collective.c -- the collective instances of Fig. 2 that this
 * engine implements so far.
 *
 * Every process of the communicator takes part; rank 0 is the root.
 * `length` is the message of ONE process (doc/engine.md gives the exact
 * meaning per operation).  Reductions use MPI_SUM on rtype (the base type
 * when it is arithmetic, MPI_INT otherwise).  The timing around run() is
 * the collective pattern's (sk_pattern_rep_max_local or _root_barrier).
 */
#include <stdlib.h>

#include "pattern.h"

/* ---- buffer needs ----------------------------------------------------- */

static void sk_coll_need_one(long len, int p, size_t *s, size_t *r)
{
  (void)p;
  *s = (size_t)len;
  *r = 0;
}

static void sk_coll_need_none(long len, int p, size_t *s, size_t *r)
{
  (void)len;
  (void)p;
  *s = 0;
  *r = 0;
}

static void sk_coll_need_gather(long len, int p, size_t *s, size_t *r)
{
  *s = (size_t)len;
  *r = (size_t)len * (size_t)p;
}

static void sk_coll_need_scatter(long len, int p, size_t *s, size_t *r)
{
  *s = (size_t)len * (size_t)p;
  *r = (size_t)len;
}

static void sk_coll_need_alltoall(long len, int p, size_t *s, size_t *r)
{
  *s = (size_t)len * (size_t)p;
  *r = (size_t)len * (size_t)p;
}

/* ---- the instances ---------------------------------------------------- */

static void sk_coll_bcast(sk_pctx_t *c)
{
  MPI_Bcast(c->sbuf, c->count, c->dtype, 0, c->comm);
}

static void sk_coll_barrier(sk_pctx_t *c)
{
  MPI_Barrier(c->comm);
}

static void sk_coll_reduce(sk_pctx_t *c)
{
  MPI_Reduce(c->sbuf, c->rbuf, c->rcount, c->rtype, MPI_SUM, 0, c->comm);
}

static void sk_coll_allreduce(sk_pctx_t *c)
{
  MPI_Allreduce(c->sbuf, c->rbuf, c->rcount, c->rtype, MPI_SUM, c->comm);
}

static void sk_coll_scan(sk_pctx_t *c)
{
  MPI_Scan(c->sbuf, c->rbuf, c->rcount, c->rtype, MPI_SUM, c->comm);
}

static void sk_coll_alltoall(sk_pctx_t *c)
{
  MPI_Alltoall(c->sbuf, c->count, c->dtype, c->rbuf, c->count, c->dtype,
               c->comm);
}

static void sk_coll_gather(sk_pctx_t *c)
{
  MPI_Gather(c->sbuf, c->count, c->dtype, c->rbuf, c->count, c->dtype, 0,
             c->comm);
}

static void sk_coll_scatter(sk_pctx_t *c)
{
  MPI_Scatter(c->sbuf, c->count, c->dtype, c->rbuf, c->count, c->dtype, 0,
              c->comm);
}

static void sk_coll_allgather(sk_pctx_t *c)
{
  MPI_Allgather(c->sbuf, c->count, c->dtype, c->rbuf, c->count, c->dtype,
                c->comm);
}

static void sk_coll_reduce_scatter(sk_pctx_t *c)
{
  MPI_Reduce_scatter(c->sbuf, c->rbuf, c->counts, c->rtype, MPI_SUM,
                     c->comm);
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

static void sk_coll_reduce_scatter_teardown(sk_pctx_t *c)
{
  free(c->counts);
  c->counts = NULL;
}

const sk_inst_ops_t sk_inst_coll_bcast = {
  .run = sk_coll_bcast, .need = sk_coll_need_one};
const sk_inst_ops_t sk_inst_coll_barrier = {
  .run = sk_coll_barrier, .need = sk_coll_need_none};
const sk_inst_ops_t sk_inst_coll_reduce = {.run = sk_coll_reduce};
const sk_inst_ops_t sk_inst_coll_allreduce = {.run = sk_coll_allreduce};
const sk_inst_ops_t sk_inst_coll_scan = {.run = sk_coll_scan};
const sk_inst_ops_t sk_inst_coll_alltoall = {
  .run = sk_coll_alltoall, .need = sk_coll_need_alltoall};
const sk_inst_ops_t sk_inst_coll_gather = {
  .run = sk_coll_gather, .need = sk_coll_need_gather};
const sk_inst_ops_t sk_inst_coll_scatter = {
  .run = sk_coll_scatter, .need = sk_coll_need_scatter};
const sk_inst_ops_t sk_inst_coll_allgather = {
  .run = sk_coll_allgather, .need = sk_coll_need_gather};
const sk_inst_ops_t sk_inst_coll_reduce_scatter = {
  .run = sk_coll_reduce_scatter, .setup = sk_coll_reduce_scatter_setup,
  .teardown = sk_coll_reduce_scatter_teardown};
