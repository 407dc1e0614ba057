/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_beyond.c -- instances beyond the SKaMPI patterns:
 * concurrent ping-pong pairs for the max-rate model (Gropp, Olson &
 * Samfass), the broadcast benchmark methods of de Supinski & Karonis
 * (the four flawed ones and the per-destination OL_i method of their
 * Fig. 9), and the two-process bandwidth and round-trip-rate tests.
 *
 * Each instance brings its own repetition timing (sk_inst_ops_t.rep) and,
 * where it has one, the rate of a point (sk_inst_ops_t.rate_unit; the
 * bytes of a bandwidth are the payload class of the instance's row).  Data go
 * out in the send datatype pattern (dtype, count) and arrive in the
 * receive pattern (rcvtype, rcvcount), checked untimed before every
 * point (sk_inst_ops_t.verify); acknowledgements are empty.
 * doc/engine.md gives the exact timing of each.
 */
#include <config.h>

#include "pattern_beyond.h"

#include <stdlib.h>

#include "dtype.h"
#include "pattern.h"
#include "timer.h"

enum { SK_BY_TAG = 3, SK_BY_ACK_TAG = 4 };

/* ---- repetition timings ---------------------------------------------- */

/* t0, run, t1 on every process, divided by the window: the time of one
 * message (or one round trip) of the window. */
static double sk_by_rep_window(void *rep, double *local)
{
  *local = sk_pattern_rep_once(rep) / SK_BEYOND_WINDOW;
  return *local;
}

/* ---- k concurrent ping-pong pairs --------------------------------------- */

/* Rank i < k of the communicator pairs with rank i + k (k = size / 2);
 * an odd last process stays idle.  The engine orders the communicator
 * so that these are world ranks i and floor(P/2) + i (src/engine/pairs.h):
 * every pair crosses the two halves of the world, whatever k is. */
static int sk_by_multipair_setup(sk_pctx_t *c)
{
  int k = c->size / 2;
  if (k < 1)
    return -1;
  if (c->rank < k)
    c->peer = c->rank + k;
  else if (c->rank < 2 * k)
    c->peer = c->rank - k;
  else
    c->peer = -1;
  return 0;
}

static void sk_by_multipair(sk_pctx_t *c)
{
  int k = c->size / 2;
  if (c->rank < k) {
    MPI_Send(c->sbuf, c->count, c->dtype, c->peer, SK_BY_TAG, c->comm);
    MPI_Recv(c->rbuf, c->rcvcount, c->rcvtype, c->peer, SK_BY_TAG, c->comm,
             MPI_STATUS_IGNORE);
  } else if (c->rank < 2 * k) {
    MPI_Recv(c->rbuf, c->rcvcount, c->rcvtype, c->peer, SK_BY_TAG, c->comm,
             MPI_STATUS_IGNORE);
    MPI_Send(c->sbuf, c->count, c->dtype, c->peer, SK_BY_TAG, c->comm);
  }
}

/* Integrity: each process sends its rank's sequence and, when it has a
 * peer, must have received the peer's (ping-pong pairs, round trips). */
static int sk_by_verify_both(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  if (sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1))
    return -1;
  ops->run(c);
  if (c->peer < 0)
    return 0;
  return sk_dtype_verify(c->rbuf, c->rcvcount, c->rcvtype,
                         (unsigned)c->peer + 1);
}

const sk_inst_ops_t sk_inst_by_multipair = {
  .run = sk_by_multipair, .setup = sk_by_multipair_setup,
  .rep = sk_pattern_rep_max_local, .timing = "max_over_pairs",
  .rate_unit = "B/s",
  .verify = sk_by_verify_both, .pairs = 1,
  .note = "pairs: world rank i with world rank h + i, h = floor(P/2) of "
          "the P processes of the run, for the k pairs of a point (across "
          "the two halves); each point lists its pairs and whether they "
          "cross hosts"};

/* ---- k concurrent pairs: message rate with a window --------------------- */

/* A window of Window sends per pair, completed together, then an empty
 * acknowledgement back: the lower process of each pair MPI_Isends the
 * window and MPI_Waitalls it, the upper one has a receive in flight for
 * every message of it (each in its own slot of the receive buffer,
 * buffers SLOTS), waits for them all and acknowledges. */
typedef struct sk_by_rate {
  MPI_Request *rq;
  MPI_Status *st;
} sk_by_rate_t;

static int sk_by_rate_setup(sk_pctx_t *c)
{
  sk_by_rate_t *b;
  if (sk_by_multipair_setup(c) != 0 || c->window < 1)
    return -1;
  b = c->priv = calloc(1, sizeof *b);
  if (b == NULL)
    return -1;
  b->rq = malloc((size_t)c->window * sizeof *b->rq);
  b->st = malloc((size_t)c->window * sizeof *b->st);
  return b->rq != NULL && b->st != NULL ? 0 : -1;
}

static void sk_by_rate_teardown(sk_pctx_t *c)
{
  sk_by_rate_t *b = c->priv;
  if (b != NULL) {
    free(b->rq);
    free(b->st);
  }
  free(b);
  c->priv = NULL;
}

static void sk_by_rate(sk_pctx_t *c)
{
  sk_by_rate_t *b = c->priv;
  int k = c->size / 2, w = (int)c->window, i;
  if (c->rank < k) {
    for (i = 0; i < w; i++)
      MPI_Isend(c->sbuf, c->count, c->dtype, c->peer, SK_BY_TAG, c->comm,
                &b->rq[i]);
    MPI_Waitall(w, b->rq, b->st);
    MPI_Recv(NULL, 0, MPI_BYTE, c->peer, SK_BY_ACK_TAG, c->comm,
             MPI_STATUS_IGNORE);
  } else if (c->rank < 2 * k) {
    for (i = 0; i < w; i++)
      MPI_Irecv(c->rbuf + (size_t)i * (size_t)c->span, c->rcvcount,
                c->rcvtype, c->peer, SK_BY_TAG, c->comm, &b->rq[i]);
    MPI_Waitall(w, b->rq, b->st);
    MPI_Send(NULL, 0, MPI_BYTE, c->peer, SK_BY_ACK_TAG, c->comm);
  }
}

/* The slowest process's window over the window: the time of one message
 * of every pair at once. */
static double sk_by_rep_rate(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  double w = (double)r->ctx->window;
  double t = sk_pattern_rep_max_local(rep, local);
  *local /= w;
  return t / w;
}

/* The lower process of each pair sends its rank's sequence; every slot
 * of the upper one must hold it. */
static int sk_by_verify_rate(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int k = c->size / 2, rc = 0;
  long i;
  if (sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1))
    return -1;
  ops->run(c);
  if (c->rank < k || c->peer < 0)
    return 0;
  for (i = 0; i < c->window; i++)
    rc |= sk_dtype_verify(c->rbuf + (size_t)i * (size_t)c->span,
                          c->rcvcount, c->rcvtype, (unsigned)c->peer + 1);
  return rc;
}

const sk_inst_ops_t sk_inst_by_msgrate = {
  .run = sk_by_rate, .setup = sk_by_rate_setup,
  .teardown = sk_by_rate_teardown, .rep = sk_by_rep_rate,
  .timing = "max_over_pairs_per_message", .rate_unit = "B/s",
  .verify = sk_by_verify_rate, .pairs = 1,
  .note = "pairs: world rank i with world rank h + i, h = floor(P/2) of "
          "the P processes of the run, for the k pairs of a point (across "
          "the two halves); each point lists its pairs and whether they "
          "cross hosts.  A repetition is a window of Window messages per "
          "pair and one empty acknowledgement; its time is per message, "
          "so messages per second over all pairs are rate / length"};

/* ---- two processes: bandwidth and round-trip rate --------------------- */

static void sk_by_send(sk_pctx_t *c, char *buf)
{
  MPI_Send(buf, c->count, c->dtype, c->peer, SK_BY_TAG, c->comm);
}

static void sk_by_recv(sk_pctx_t *c, char *buf)
{
  MPI_Recv(buf, c->rcvcount, c->rcvtype, c->peer, SK_BY_TAG, c->comm,
           MPI_STATUS_IGNORE);
}

static void sk_by_ack_send(sk_pctx_t *c, int to)
{
  MPI_Send(NULL, 0, MPI_BYTE, to, SK_BY_ACK_TAG, c->comm);
}

static void sk_by_ack_recv(sk_pctx_t *c, int from)
{
  MPI_Recv(NULL, 0, MPI_BYTE, from, SK_BY_ACK_TAG, c->comm,
           MPI_STATUS_IGNORE);
}

/* A window of sends closed by one (empty) acknowledgement. */
static void sk_by_uni(sk_pctx_t *c)
{
  int i;
  if (c->rank == 0) {
    for (i = 0; i < SK_BEYOND_WINDOW; i++)
      sk_by_send(c, c->sbuf);
    sk_by_ack_recv(c, c->peer);
  } else {
    for (i = 0; i < SK_BEYOND_WINDOW; i++)
      sk_by_recv(c, c->rbuf);
    sk_by_ack_send(c, c->peer);
  }
}

/* The bare repeated send: nothing makes the messages leave before the
 * clock stops, so the library may buffer ("cache") them. */
static void sk_by_send_repeated(sk_pctx_t *c)
{
  int i;
  for (i = 0; i < SK_BEYOND_WINDOW; i++) {
    if (c->rank == 0)
      sk_by_send(c, c->sbuf);
    else
      sk_by_recv(c, c->rbuf);
  }
}

static void sk_by_roundtrips(sk_pctx_t *c)
{
  int i;
  for (i = 0; i < SK_BEYOND_WINDOW; i++) {
    if (c->rank == 0) {
      sk_by_send(c, c->sbuf);
      sk_by_recv(c, c->rbuf);
    } else {
      sk_by_recv(c, c->rbuf);
      sk_by_send(c, c->sbuf);
    }
  }
}

/* Both processes send a window and receive one at the same time: each
 * message of the window lands in its own slot of the receive buffer. */
typedef struct sk_by_bi {
  MPI_Request rq[2 * SK_BEYOND_WINDOW];
  MPI_Status st[2 * SK_BEYOND_WINDOW];
} sk_by_bi_t;

/* Slot i of the window's receive buffer.  Slots lie one span apart, not
 * one length: a layout with gaps is wider than its data, and receives
 * in flight at once must not share a byte (buffers WINDOW hold 32
 * spans). */
static char *sk_by_slot(sk_pctx_t *c, int i)
{
  return c->rbuf + (size_t)i * (size_t)c->span;
}

static void sk_by_bi(sk_pctx_t *c)
{
  sk_by_bi_t *b = c->priv;
  MPI_Request *rq = b->rq;
  int i;
  for (i = 0; i < SK_BEYOND_WINDOW; i++)
    MPI_Irecv(sk_by_slot(c, i), c->rcvcount, c->rcvtype, c->peer, SK_BY_TAG,
              c->comm, &rq[i]);
  for (i = 0; i < SK_BEYOND_WINDOW; i++)
    MPI_Isend(c->sbuf, c->count, c->dtype, c->peer, SK_BY_TAG, c->comm,
              &rq[SK_BEYOND_WINDOW + i]);
  MPI_Waitall(2 * SK_BEYOND_WINDOW, rq, b->st);
}

/* Both send their rank's sequence; every slot must hold the peer's. */
static int sk_by_verify_bi(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int i, rc = 0;
  if (sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1))
    return -1;
  ops->run(c);
  for (i = 0; i < SK_BEYOND_WINDOW; i++)
    rc |= sk_dtype_verify(sk_by_slot(c, i), c->rcvcount, c->rcvtype,
                          (unsigned)c->peer + 1);
  return rc;
}

static int sk_by_bi_setup(sk_pctx_t *c)
{
  c->priv = malloc(sizeof(sk_by_bi_t));
  return c->priv == NULL ? -1 : 0;
}

static void sk_by_free_priv(sk_pctx_t *c)
{
  free(c->priv);
  c->priv = NULL;
}

static double sk_by_rate_transactions(long length, int nprocs, double t)
{
  (void)length;
  (void)nprocs;
  return t > 0.0 ? 1.0 / t : 0.0;
}

const sk_inst_ops_t sk_inst_by_bw_uni = {
  .run = sk_by_uni, .rep = sk_by_rep_window, .timing = "per_message",
  .rate_unit = "B/s",
  .verify = sk_pattern_verify_from_root};
const sk_inst_ops_t sk_inst_by_bw_bi = {
  .run = sk_by_bi, .setup = sk_by_bi_setup,
  .teardown = sk_by_free_priv, .rep = sk_by_rep_window,
  .timing = "per_message", .rate_unit = "B/s",
  .verify = sk_by_verify_bi};
const sk_inst_ops_t sk_inst_by_rt_rate = {
  .run = sk_by_roundtrips, .rep = sk_by_rep_window, .timing = "per_round_trip",
  .rate = sk_by_rate_transactions, .rate_unit = "1/s",
  .verify = sk_by_verify_both};
const sk_inst_ops_t sk_inst_by_send_repeated = {
  .run = sk_by_send_repeated, .rep = sk_by_rep_window,
  .timing = "per_message_cacheable", .rate_unit = "B/s",
  .verify = sk_pattern_verify_from_root};
