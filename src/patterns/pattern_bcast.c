/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_bcast.c -- the broadcast benchmark methods of de Supinski &
 * Karonis (1999): four flawed ones (their Fig. 2) and the accurate
 * per-destination method of their Fig. 9.  Rank 0 of the communicator is
 * the root; the message is `length` bytes, sent from the root's send
 * buffer in the send pattern and received in the receive pattern.
 * doc/engine.md says what each one's time is and why it errs.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "dtype.h"
#include "pattern.h"
#include "timer.h"
#include "pattern_beyond.h"

enum { SK_BC_ACK_TAG = 5, SK_BC_RTL_TAG = 6 };

/* The root sends in the send pattern, the others receive in theirs
 * (the same data: the type signatures match). */
static void sk_bc_bcast(sk_pctx_t *c, int root)
{
  if (c->rank == root)
    MPI_Bcast(c->sbuf, c->count, c->dtype, root, c->comm);
  else
    MPI_Bcast(c->rbuf, c->rcvcount, c->rcvtype, root, c->comm);
}

static void sk_bc_ack_send(sk_pctx_t *c)
{
  MPI_Send(NULL, 0, MPI_BYTE, 0, SK_BC_ACK_TAG, c->comm);
}

static void sk_bc_ack_recv(sk_pctx_t *c, int from)
{
  MPI_Recv(NULL, 0, MPI_BYTE, from, SK_BC_ACK_TAG, c->comm,
           MPI_STATUS_IGNORE);
}

/* ---- the four flawed methods -------------------------------------------- */

/* Send latency: the root's own time of a broadcast. */
static void sk_bc_send_latency(sk_pctx_t *c)
{
  sk_bc_bcast(c, 0);
}

/* A broadcast round: every process is the root once. */
static void sk_bc_rounds(sk_pctx_t *c)
{
  int root;
  for (root = 0; root < c->size; root++)
    sk_bc_bcast(c, root);
}

static void sk_bc_barrier(sk_pctx_t *c)
{
  sk_bc_bcast(c, 0);
  MPI_Barrier(c->comm);
}

/* Every destination acknowledges; the root waits for all of them. */
static void sk_bc_ack(sk_pctx_t *c)
{
  int i;
  sk_bc_bcast(c, 0);
  if (c->rank == 0)
    for (i = 1; i < c->size; i++)
      sk_bc_ack_recv(c, MPI_ANY_SOURCE);
  else
    sk_bc_ack_send(c);
}

/* t0, run, t1 divided by the processes: one broadcast of a round. */
static double sk_bc_rep_per_root(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  *local = sk_pattern_rep_once(r) / r->ctx->size;
  return *local;
}

/* ---- integrity checks (untimed) --------------------------------------- */

/* Every root r broadcasts sequence r + 1 in turn: what a process holds
 * last came from the last root, or from the one before when it is the
 * last root itself. */
static int sk_bc_verify_rounds(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int last = c->rank == c->size - 1 ? c->size - 2 : c->size - 1;
  if (sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1))
    return -1;
  ops->run(c);
  return last < 0 ? 0 : sk_dtype_verify(c->rbuf, c->rcvcount, c->rcvtype,
                                        (unsigned)last + 1);
}

const sk_inst_ops_t sk_inst_bc_send_latency = {
  .run = sk_bc_send_latency, .rep = sk_pattern_rep_local,
  .timing = "root_local", .verify = sk_pattern_verify_from_root};
const sk_inst_ops_t sk_inst_bc_rounds = {
  .run = sk_bc_rounds, .rep = sk_bc_rep_per_root,
  .timing = "per_root_of_round", .verify = sk_bc_verify_rounds};
const sk_inst_ops_t sk_inst_bc_barrier = {
  .run = sk_bc_barrier, .rep = sk_pattern_rep_local,
  .timing = "root_local", .verify = sk_pattern_verify_from_root};
const sk_inst_ops_t sk_inst_bc_ack = {
  .run = sk_bc_ack, .rep = sk_pattern_rep_local,
  .timing = "root_local", .verify = sk_pattern_verify_from_root};

/* ---- OL_i: per destination (Fig. 9) --------------------------------------- */

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_RTL_SCALE=K multiplies every
 * RTL_i by K (1 to 1e9), so that tests/mpi/beyond.sh can make every OL_i
 * come out below 0 and see the repetitions counted invalid. */
static double sk_bc_test_rtl_scale(void)
{
  const char *v = getenv("SKAMPI_TEST_RTL_SCALE");
  double k = v != NULL ? atof(v) : 1.0;
  return k >= 1.0 && k <= 1e9 ? k : 1.0;
}

/* The state of a point: on the root RTL_i and the OL_i of the current
 * repetition, per destination i (index 0 unused). */
typedef struct sk_bc_ol {
  double *rtl;
  double *ol;
  int rtl_known;
} sk_bc_ol_t;

/* The smallest round trip of an empty message between the root and i,
 * on the root; i answers.  Everybody else waits in the barrier.  The
 * smallest, not the median: a round trip is only ever made longer (a
 * preempted process, a busy network), and a correction made too large
 * by it would take more off E_i than the acknowledgement cost. */
static double sk_bc_rtl(sk_pctx_t *c, int i)
{
  double least = INFINITY;
  int k;
  for (k = 0; k < SK_BEYOND_RTL_REPS; k++) {
    double t0 = sk_timer_now();
    if (c->rank == 0) {
      MPI_Send(NULL, 0, MPI_BYTE, i, SK_BC_RTL_TAG, c->comm);
      MPI_Recv(NULL, 0, MPI_BYTE, i, SK_BC_RTL_TAG, c->comm,
               MPI_STATUS_IGNORE);
    } else if (c->rank == i) {
      MPI_Recv(NULL, 0, MPI_BYTE, 0, SK_BC_RTL_TAG, c->comm,
               MPI_STATUS_IGNORE);
      MPI_Send(NULL, 0, MPI_BYTE, 0, SK_BC_RTL_TAG, c->comm);
    }
    least = fmin(least, sk_timer_now() - t0);
  }
  MPI_Barrier(c->comm);
  return least * sk_bc_test_rtl_scale();
}

static void sk_bc_ol_teardown(sk_pctx_t *c)
{
  sk_bc_ol_t *s = c->priv;
  if (s != NULL) {
    free(s->rtl);
    free(s->ol);
    free(s);
  }
  c->priv = NULL;
}

/* Memory only: a process that fails here must not leave the others in a
 * collective, so RTL_i is measured in the first repetition instead. */
static int sk_bc_ol_setup(sk_pctx_t *c)
{
  sk_bc_ol_t *s = calloc(1, sizeof *s);
  c->priv = s;
  if (s != NULL && c->size >= 2) {
    s->rtl = calloc((size_t)c->size, sizeof *s->rtl);
    s->ol = calloc((size_t)c->size, sizeof *s->ol);
    if (s->rtl != NULL && s->ol != NULL)
      return 0;
  }
  sk_bc_ol_teardown(c);
  return -1;
}

/* Untimed, once per point: RTL_i for every destination i (the correction
 * of OL_i). */
static void sk_bc_ol_rtl(sk_pctx_t *c)
{
  sk_bc_ol_t *s = c->priv;
  int i;
  for (i = 1; i < c->size; i++)
    s->rtl[i] = sk_bc_rtl(c, i);
  s->rtl_known = 1;
}

/* One E_i: an untimed broadcast + acknowledgement pair first (so that a
 * violation of the method's assumptions has a consistent effect), then
 * the timed one.  On the root, E_i - RTL_i / 2 is OL_i. */
static void sk_bc_ol_dest(sk_pctx_t *c, int i)
{
  sk_bc_ol_t *s = c->priv;
  int k;
  double t1 = 0.0;
  MPI_Barrier(c->comm);
  for (k = 0; k < 2; k++) {
    if (k == 1)
      t1 = sk_timer_now();
    sk_bc_bcast(c, 0);
    if (c->rank == 0)
      sk_bc_ack_recv(c, i);
    else if (c->rank == i)
      sk_bc_ack_send(c);
  }
  if (c->rank == 0)
    s->ol[i] = sk_timer_now() - t1 - c->overhead - s->rtl[i] / 2.0;
}

static void sk_bc_ol_run(sk_pctx_t *c)
{
  int i;
  for (i = 1; i < c->size; i++)
    sk_bc_ol_dest(c, i);
}

/* What OL_i was corrected by: RTL_i per destination (the root's is 0). */
static void sk_bc_ol_round_trips(const sk_pctx_t *c, double *rtl)
{
  const sk_bc_ol_t *s = c->priv;
  int i;
  rtl[0] = 0.0;
  for (i = 1; i < c->size; i++)
    rtl[i] = s->rtl[i];
}

/* The sample is max_i OL_i; process i's own time is its OL_i (the root's
 * is the maximum), so the engine gathers OL_i per destination.  A
 * repetition in which some OL_i is not above 0 -- E_i shorter than half
 * the smallest round trip, which the method's assumptions rule out -- is
 * invalid: NaN on every process (counted, left out of every statistic),
 * never a negative time. */
static double sk_bc_ol_rep(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  sk_pctx_t *c = r->ctx;
  sk_bc_ol_t *s = c->priv;
  double max = 0.0;
  int i, bad = 0;
  if (!s->rtl_known)
    sk_bc_ol_rtl(c);
  r->ops->run(c);
  if (c->rank == 0) {
    max = s->ol[1];
    for (i = 1; i < c->size; i++) {
      bad |= !(s->ol[i] > 0.0);
      if (s->ol[i] > max)
        max = s->ol[i];
    }
    s->ol[0] = max;
    for (i = 0; bad && i < c->size; i++)
      s->ol[i] = NAN;
  }
  MPI_Scatter(s->ol, 1, MPI_DOUBLE, local, 1, MPI_DOUBLE, 0, c->comm);
  return bad ? NAN : max;
}

const sk_inst_ops_t sk_inst_bc_ol = {
  .run = sk_bc_ol_run, .setup = sk_bc_ol_setup,
  .teardown = sk_bc_ol_teardown, .rep = sk_bc_ol_rep,
  .timing = "max_per_destination", .node_times = 1,
  .round_trips = sk_bc_ol_round_trips,
  .invalid_why = "OL_i = E_i - RTL_i/2 was not above 0 for some destination "
                 "i (its broadcast and acknowledgement took less than half "
                 "the smallest round trip)",
  .verify = sk_pattern_verify_from_root};
