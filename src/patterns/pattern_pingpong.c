/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_pingpong.c -- the ten ping-pong instances (Fig. 2) and the
 * choice of the pair.
 *
 * A repetition is one exchange between rank 0 (the timing process) and
 * rank 1 of the pair communicator: rank 0 sends a message of `length`
 * bytes and receives one back; rank 1 receives, then sends.  The time
 * is taken at rank 0, so it is a ROUND TRIP (doc/engine.md).
 */
#include <config.h>

#include "pattern_pingpong.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dtype.h"
#include "pattern.h"
#include "timer.h"
#include "stats.h"
#include "tournament.h"

#define SK_PP_TAG 1

/* ---- the halves of an exchange (inlined into each instance) ---------- */

static inline void sk_pp_send(sk_pctx_t *c)
{
#if SK_HAVE_LARGE_P2P
  if (c->large) {
    MPI_Send_c(c->sbuf, c->lcount, c->dtype, c->peer, SK_PP_TAG, c->comm);
    return;
  }
#endif
  MPI_Send(c->sbuf, c->count, c->dtype, c->peer, SK_PP_TAG, c->comm);
}

static inline void sk_pp_ssend(sk_pctx_t *c)
{
#if SK_HAVE_LARGE_P2P
  if (c->large) {
    MPI_Ssend_c(c->sbuf, c->lcount, c->dtype, c->peer, SK_PP_TAG, c->comm);
    return;
  }
#endif
  MPI_Ssend(c->sbuf, c->count, c->dtype, c->peer, SK_PP_TAG, c->comm);
}

static inline void sk_pp_bsend(sk_pctx_t *c)
{
  MPI_Bsend(c->sbuf, c->count, c->dtype, c->peer, SK_PP_TAG, c->comm);
}

static inline void sk_pp_isend(sk_pctx_t *c)
{
  MPI_Request rq;
#if SK_HAVE_LARGE_P2P
  if (c->large)
    MPI_Isend_c(c->sbuf, c->lcount, c->dtype, c->peer, SK_PP_TAG, c->comm,
                &rq);
  else
#endif
  MPI_Isend(c->sbuf, c->count, c->dtype, c->peer, SK_PP_TAG, c->comm, &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
}

static inline void sk_pp_issend(sk_pctx_t *c)
{
  MPI_Request rq;
#if SK_HAVE_LARGE_P2P
  if (c->large)
    MPI_Issend_c(c->sbuf, c->lcount, c->dtype, c->peer, SK_PP_TAG, c->comm,
                 &rq);
  else
#endif
  MPI_Issend(c->sbuf, c->count, c->dtype, c->peer, SK_PP_TAG, c->comm, &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
}

static inline void sk_pp_recv(sk_pctx_t *c)
{
#if SK_HAVE_LARGE_P2P
  if (c->large) {
    MPI_Recv_c(c->rbuf, c->lrcvcount, c->rcvtype, c->peer, SK_PP_TAG,
               c->comm, MPI_STATUS_IGNORE);
    return;
  }
#endif
  MPI_Recv(c->rbuf, c->rcvcount, c->rcvtype, c->peer, SK_PP_TAG, c->comm,
           MPI_STATUS_IGNORE);
}

static inline void sk_pp_recv_anytag(sk_pctx_t *c)
{
#if SK_HAVE_LARGE_P2P
  if (c->large) {
    MPI_Recv_c(c->rbuf, c->lrcvcount, c->rcvtype, c->peer, MPI_ANY_TAG,
               c->comm, MPI_STATUS_IGNORE);
    return;
  }
#endif
  MPI_Recv(c->rbuf, c->rcvcount, c->rcvtype, c->peer, MPI_ANY_TAG, c->comm,
           MPI_STATUS_IGNORE);
}

static inline void sk_pp_irecv(sk_pctx_t *c)
{
  MPI_Request rq;
#if SK_HAVE_LARGE_P2P
  if (c->large)
    MPI_Irecv_c(c->rbuf, c->lrcvcount, c->rcvtype, c->peer, SK_PP_TAG,
                c->comm, &rq);
  else
#endif
  MPI_Irecv(c->rbuf, c->rcvcount, c->rcvtype, c->peer, SK_PP_TAG, c->comm,
            &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
}

static inline void sk_pp_iprobe_recv(sk_pctx_t *c)
{
  int flag = 0;
  while (!flag)
    MPI_Iprobe(c->peer, SK_PP_TAG, c->comm, &flag, MPI_STATUS_IGNORE);
  sk_pp_recv(c);
}

/* Integrity: each side sends its rank's sequence; after one repetition
 * the receive buffer holds the peer's (in the receive layout). */
static int sk_pp_verify(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  if (sk_dtype_fill(c->sbuf, sk_pctx_scount(c), c->dtype,
                    (unsigned)c->rank + 1) != 0)
    return -1;
  ops->run(c);
  return sk_dtype_verify(c->rbuf, sk_pctx_rcvcount(c), c->rcvtype,
                         (unsigned)c->peer + 1);
}

/* Sendrecv_replace receives into the send buffer, in the send layout. */
static int sk_pp_verify_replace(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  if (sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1) != 0)
    return -1;
  ops->run(c);
  return sk_dtype_verify(c->sbuf, c->count, c->dtype, (unsigned)c->peer + 1);
}

/* An instance: rank 0 sends then receives, rank 1 receives then sends. */
#define SK_PP_INSTANCE(fn, SEND, RECV, SETUP, TEARDOWN, LARGE) \
  static void sk_pp_run_##fn(sk_pctx_t *c) \
  { \
    if (c->rank == 0) { \
      SEND(c); \
      RECV(c); \
    } else { \
      RECV(c); \
      SEND(c); \
    } \
  } \
  const sk_inst_ops_t sk_inst_##fn = {.run = sk_pp_run_##fn, \
                                      .setup = SETUP, .teardown = TEARDOWN, \
                                      .verify = sk_pp_verify, \
                                      .large_count = (LARGE), \
                                      .large_count_built = \
                                        SK_HAVE_LARGE_P2P};

/* MPI_Bsend needs an attached buffer: room for two messages, attached
 * before the point and detached after it (untimed); buffers BSEND in
 * instances.def counts it. */
static int sk_pp_bsend_setup(sk_pctx_t *c)
{
  return sk_pattern_attach(c, 2, c->count);
}

SK_PP_INSTANCE(pp_send_recv, sk_pp_send, sk_pp_recv, NULL, NULL,
               "MPI_Send_c, MPI_Recv_c")
SK_PP_INSTANCE(pp_send_recv_anytag, sk_pp_send, sk_pp_recv_anytag, NULL,
               NULL, "MPI_Send_c, MPI_Recv_c")
SK_PP_INSTANCE(pp_send_irecv, sk_pp_send, sk_pp_irecv, NULL, NULL,
               "MPI_Send_c, MPI_Irecv_c")
SK_PP_INSTANCE(pp_send_iprobe_recv, sk_pp_send, sk_pp_iprobe_recv, NULL,
               NULL, "MPI_Send_c, MPI_Recv_c")
SK_PP_INSTANCE(pp_ssend_recv, sk_pp_ssend, sk_pp_recv, NULL, NULL,
               "MPI_Ssend_c, MPI_Recv_c")
SK_PP_INSTANCE(pp_isend_recv, sk_pp_isend, sk_pp_recv, NULL, NULL,
               "MPI_Isend_c, MPI_Recv_c")
SK_PP_INSTANCE(pp_issend_recv, sk_pp_issend, sk_pp_recv, NULL, NULL,
               "MPI_Issend_c, MPI_Recv_c")
/* the attach buffer's size is an int: no large-count path */
SK_PP_INSTANCE(pp_bsend_recv, sk_pp_bsend, sk_pp_recv, sk_pp_bsend_setup,
               sk_pattern_detach, NULL)

/* MPI_Sendrecv on both sides at once: both messages cross concurrently,
 * so a repetition is one exchange rather than two sequential trips. */
static void sk_pp_run_sendrecv(sk_pctx_t *c)
{
  MPI_Sendrecv(c->sbuf, c->count, c->dtype, c->peer, SK_PP_TAG,
               c->rbuf, c->rcvcount, c->rcvtype, c->peer, SK_PP_TAG,
               c->comm, MPI_STATUS_IGNORE);
}

static void sk_pp_run_sendrecv_replace(sk_pctx_t *c)
{
  MPI_Sendrecv_replace(c->sbuf, c->count, c->dtype, c->peer, SK_PP_TAG,
                       c->peer, SK_PP_TAG, c->comm, MPI_STATUS_IGNORE);
}

const sk_inst_ops_t sk_inst_pp_sendrecv = {
  .run = sk_pp_run_sendrecv, .timing = "exchange", .verify = sk_pp_verify};
const sk_inst_ops_t sk_inst_pp_sendrecv_replace = {
  .run = sk_pp_run_sendrecv_replace, .timing = "exchange",
  .verify = sk_pp_verify_replace};

/* ---- the choice of the pair ------------------------------------------ */

enum { SK_PP_PROBE_WARM = 10, SK_PP_PROBE_REPS = 25, SK_PP_PROBE_TAG = 2 };

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_SLOW_PAIR=A,B makes every
 * timed probe round trip between world ranks A and B 50 ms slower (the
 * higher rank sleeps before it answers), so that tests/mpi/pair3.sh can
 * check that the slowest pair is the one chosen.  50 ms, because three
 * busy-polling processes on two busy cores make any round trip last
 * about 10 ms. */
static int sk_pp_test_slow(int a, int b)
{
  const char *v = getenv("SKAMPI_TEST_SLOW_PAIR");
  int x, y;
  if (v == NULL || sscanf(v, "%d,%d", &x, &y) != 2)
    return 0;
  return (x == a && y == b) || (x == b && y == a);
}

static void sk_pp_test_sleep(void)
{
  struct timespec ts = {0, 50000000};
  nanosleep(&ts, NULL);
}

/* Median round trip of 8 bytes between me and other, timed on the lower
 * rank of the two (the higher one's value is not used). */
static double sk_pp_probe(MPI_Comm comm, int me, int other)
{
  double x[SK_PP_PROBE_REPS], buf = 0.0;
  int k, slow = sk_pp_test_slow(me, other);
  for (k = -SK_PP_PROBE_WARM; k < SK_PP_PROBE_REPS; k++) {
    double t0 = sk_timer_now();
    if (me < other) {
      MPI_Send(&buf, 1, MPI_DOUBLE, other, SK_PP_PROBE_TAG, comm);
      MPI_Recv(&buf, 1, MPI_DOUBLE, other, SK_PP_PROBE_TAG, comm,
               MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&buf, 1, MPI_DOUBLE, other, SK_PP_PROBE_TAG, comm,
               MPI_STATUS_IGNORE);
      if (slow && k >= 0)
        sk_pp_test_sleep();
      MPI_Send(&buf, 1, MPI_DOUBLE, other, SK_PP_PROBE_TAG, comm);
    }
    if (k >= 0)
      x[k] = sk_timer_now() - t0;
  }
  sk_stats_sort(x, SK_PP_PROBE_REPS);
  return sk_stats_median(x, SK_PP_PROBE_REPS);
}

/* sk_pp_probe as the probe of sk_tournament_play(); ARG is the comm. */
static double sk_pp_probe_of(int me, int other, void *arg)
{
  return sk_pp_probe(*(MPI_Comm *)arg, me, other);
}

/* The largest of every process's best probe, as MPI_MAXLOC on the pair
 * index lo * p + hi would find it, without a 64-bit index: MAXLOC over
 * (latency, lo) -- every process offers only pairs it is the lower rank
 * of, so lo is its own rank -- then the winner tells its hi. */
static void sk_pp_best_of_all(MPI_Comm comm, int p, int me,
                              const sk_tournament_best_t *mine,
                              sk_tournament_best_t *all)
{
  struct { double latency; int rank; } in, out;
  int pair[2];
  long long hi = -1;
  sk_tournament_pair(mine, p, pair);
  in.latency = mine->index < 0 ? -1.0 : mine->latency;
  in.rank = me;
  MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, comm);
  if (me == out.rank)
    hi = mine->index < 0 ? -1 : pair[1];
  MPI_Bcast(&hi, 1, MPI_LONG_LONG, out.rank, comm);
  all->latency = out.latency;
  all->index = hi < 0 ? -1 : (long long)out.rank * p + hi;
}

/* The rounds of lib/tournament.h (sk_tournament_play(), which
 * tests/unit/test_tournament.c runs with a table of latencies): in each,
 * every process probes its partner of that round, all pairs at once,
 * with no barrier between rounds (a process early into a round waits in
 * its first warm-up exchange, which is not timed).  Each process keeps
 * the largest of the probes it timed; sk_pp_best_of_all() finds the
 * largest of all. */
int sk_pingpong_choose_pair(MPI_Comm comm, int pair[2], double *latency)
{
  sk_tournament_best_t mine, all;
  int p, me;
  MPI_Comm_size(comm, &p);
  MPI_Comm_rank(comm, &me);
  pair[0] = 0;
  pair[1] = 1;
  *latency = NAN;
  if (p <= 2)
    return 0;
  sk_tournament_play(p, me, sk_pp_probe_of, &comm, &mine);
  sk_pp_best_of_all(comm, p, me, &mine, &all);
  sk_tournament_pair(&all, p, pair);
  *latency = all.latency;
  return 0;
}
