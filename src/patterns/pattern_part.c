/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_part.c -- partitioned point-to-point of MPI-4 on the ping-pong
 * pair (doc/engine.md, "Partitioned point-to-point").
 *
 * Each process of the pair holds two partitioned requests for a point,
 * made in the setup after a barrier (untimed; the timing process's time
 * of the two *_init calls is the point's init_time) and freed in the
 * teardown: a send of Partitions partitions to its peer
 * (MPI_Psend_init) and a receive of as many from it (MPI_Precv_init),
 * one tag each way.  A partition is c->part_count elements of the send
 * pattern, c->part_rcvcount of the receive pattern: an equal share of
 * the message's whole units.  A repetition is a round trip, rank 0
 * first; the instances differ in how a side marks its partitions ready
 * and learns that the peer's have arrived.
 *
 * configure looks for the four functions (Open MPI 4.1 implements MPI
 * 3.1 and has none of them); without them every instance of the family
 * names MPI_Psend_init as missing (.unavailable), `skampi --list` marks
 * it and the checker refuses a suite of it.
 */
#include <config.h>

#include "pattern.h"

#include "dtype.h"
#include "timer.h"

#if defined HAVE_MPI_PSEND_INIT && defined HAVE_MPI_PRECV_INIT && \
    defined HAVE_MPI_PREADY && defined HAVE_MPI_PARRIVED
#define SK_PART_BUILT 1
#else
#define SK_PART_BUILT 0
#endif

/* What every point of the family records beside its time. */
#define SK_PART_NOTE \
  "partitioned: the message goes as Partitions partitions, each an equal " \
  "share of its whole units (a length that is not a multiple of " \
  "Partitions units sent the multiple below it); persistent.init_time " \
  "is MPI_Psend_init + MPI_Precv_init on the timing process"

#if SK_PART_BUILT

enum { SK_PART_TAG_UP = 5, SK_PART_TAG_DOWN = 6 };

/* c->preq[0] the send, c->preq[1] the receive. */
enum { SK_PART_SEND = 0, SK_PART_RECV = 1 };

static int sk_part_setup(sk_pctx_t *c)
{
  int out = c->rank == 0 ? SK_PART_TAG_UP : SK_PART_TAG_DOWN;
  int in = c->rank == 0 ? SK_PART_TAG_DOWN : SK_PART_TAG_UP;
  double t;
  MPI_Barrier(c->comm);
  t = sk_timer_now();
  MPI_Psend_init(c->sbuf, c->partitions, c->part_count, c->dtype, c->peer,
                 out, c->comm, MPI_INFO_NULL, &c->preq[SK_PART_SEND]);
  MPI_Precv_init(c->rbuf, c->partitions, c->part_rcvcount, c->rcvtype,
                 c->peer, in, c->comm, MPI_INFO_NULL,
                 &c->preq[SK_PART_RECV]);
  c->init_time = sk_timer_now() - t;
  return 0;
}

static void sk_part_teardown(sk_pctx_t *c)
{
  double t = sk_timer_now();
  MPI_Request_free(&c->preq[SK_PART_SEND]);
  MPI_Request_free(&c->preq[SK_PART_RECV]);
  c->free_time = sk_timer_now() - t;
}

/* Each side sends its rank's sequence in its partitions; after one
 * repetition the receive buffer's partitions hold the peer's. */
static int sk_part_verify(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  MPI_Count n = c->part_count * c->partitions;
  if (sk_dtype_fill(c->sbuf, n, c->dtype, (unsigned)c->rank + 1) != 0)
    return -1;
  ops->run(c);
  return sk_dtype_verify(c->rbuf, c->part_rcvcount * c->partitions,
                         c->rcvtype, (unsigned)c->peer + 1);
}

/* The send: started, every partition marked ready in order, completed. */
static inline void sk_part_send(sk_pctx_t *c)
{
  int i;
  MPI_Start(&c->preq[SK_PART_SEND]);
  for (i = 0; i < c->partitions; i++)
    MPI_Pready(i, c->preq[SK_PART_SEND]);
  MPI_Wait(&c->preq[SK_PART_SEND], MPI_STATUS_IGNORE);
}

#define SK_PART_INSTANCE(fn, run_fn) \
  const sk_inst_ops_t sk_inst_##fn = { \
    .run = (run_fn), .setup = sk_part_setup, .teardown = sk_part_teardown, \
    .verify = sk_part_verify, .persistent = 1, .note = SK_PART_NOTE};

#else

static void sk_part_missing(sk_pctx_t *c)
{
  (void)c;
}

/* The checker and the engine refuse the instance, so its run() is never
 * called. */
#define SK_PART_INSTANCE(fn, run_fn) \
  const sk_inst_ops_t sk_inst_##fn = { \
    .run = sk_part_missing, .unavailable = "MPI_Psend_init"};

#endif

/* ---- the instances ---------------------------------------------------- */

#if SK_PART_BUILT
/* Rank 0 starts its receive, sends, and waits for the answer; rank 1
 * receives (its receive started, completed by MPI_Wait), then sends. */
static void sk_part_pingpong(sk_pctx_t *c)
{
  MPI_Start(&c->preq[SK_PART_RECV]);
  if (c->rank == 0)
    sk_part_send(c);
  MPI_Wait(&c->preq[SK_PART_RECV], MPI_STATUS_IGNORE);
  if (c->rank != 0)
    sk_part_send(c);
}
#endif
SK_PART_INSTANCE(part_pingpong, sk_part_pingpong)

#if SK_PART_BUILT
/* The receive polled with MPI_Parrived, partition by partition in
 * order, before the MPI_Wait that completes it: what a consumer of the
 * partitions as they come does. */
static void sk_part_recv_parrived(sk_pctx_t *c)
{
  int i, flag;
  for (i = 0; i < c->partitions; i++)
    do
      MPI_Parrived(c->preq[SK_PART_RECV], i, &flag);
    while (!flag);
  MPI_Wait(&c->preq[SK_PART_RECV], MPI_STATUS_IGNORE);
}

static void sk_part_pingpong_parrived(sk_pctx_t *c)
{
  MPI_Start(&c->preq[SK_PART_RECV]);
  if (c->rank == 0)
    sk_part_send(c);
  sk_part_recv_parrived(c);
  if (c->rank != 0)
    sk_part_send(c);
}
#endif
SK_PART_INSTANCE(part_pingpong_parrived, sk_part_pingpong_parrived)
