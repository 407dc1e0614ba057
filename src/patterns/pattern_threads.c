/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_threads.c -- threaded instances on the ping-pong pair
 * (doc/engine.md, "Threads"): Threads threads per process, thread i of
 * one process talking to thread i of the other on a communicator of
 * their own.
 *
 * A point's setup makes Threads duplicates of the pair's communicator
 * (MPI_Comm_dup, untimed, in the same order on both processes) and a
 * team of Threads members (src/engine/team.h: Threads - 1 threads besides
 * the caller, made once per point); the teardown ends them.  A repetition
 * is one round of the team: every thread does its part at once, and the
 * round ends when the last is done, so the time on the timing process
 * (rank 0) spans the slowest thread.  Thread i receives into slots of
 * its own of the receive buffer (buffers SLOTS: Threads slots, or
 * Threads x Window for the message rate), one span apart; all send from
 * the one send buffer, which MPI-3 lets concurrent sends share.  With
 * Threads > 1 the MPI library must provide MPI_THREAD_MULTIPLE: src/launch.c
 * asks for it and the checker refuses such suites where it is not given.
 */
#include <config.h>

#include <stdlib.h>

#include "dtype.h"
#include "pattern.h"
#include "team.h"

enum { SK_THR_TAG = 7, SK_THR_ACK_TAG = 8 };

typedef struct sk_thr {
  sk_pctx_t *c;              /* the point's context (borrowed) */
  MPI_Comm *comm;            /* threads communicators */
  MPI_Request *rq;           /* message rate: window requests per thread */
  MPI_Status *st;
  sk_team_t *team;
} sk_thr_t;

/* Slot k (0 .. slots-1) of the receive buffer: a span apart. */
static char *sk_thr_slot(const sk_pctx_t *c, long k)
{
  return c->rbuf + (size_t)k * (size_t)c->span;
}

static void sk_thr_teardown(sk_pctx_t *c)
{
  sk_thr_t *t = c->priv;
  int i;
  if (t == NULL)
    return;
  sk_team_stop(t->team);
  for (i = 0; t->comm != NULL && i < c->threads; i++)
    if (t->comm[i] != MPI_COMM_NULL)
      MPI_Comm_free(&t->comm[i]);
  free(t->comm);
  free(t->rq);
  free(t->st);
  free(t);
  c->priv = NULL;
}

/* The communicators, room for `per` requests per thread, and the team
 * that runs fn.  -1 (nothing left) when memory is short or a thread
 * cannot be made; the duplicates are made on every process alike. */
static int sk_thr_setup(sk_pctx_t *c, long per, sk_team_fn fn)
{
  sk_thr_t *t = calloc(1, sizeof *t);
  size_t n = (size_t)(c->threads > 0 ? c->threads : 1), r = n * (size_t)per;
  size_t i;
  int ok;
  c->priv = t;
  if (t != NULL) {
    t->c = c;
    t->comm = malloc(n * sizeof *t->comm);
    t->rq = malloc(r * sizeof *t->rq);
    t->st = malloc(r * sizeof *t->st);
  }
  for (i = 0; t != NULL && t->comm != NULL && i < n; i++)
    MPI_Comm_dup(c->comm, &t->comm[i]);
  ok = t != NULL && t->comm != NULL && t->rq != NULL && t->st != NULL &&
       (t->team = sk_team_start((int)n, fn, t)) != NULL;
  if (!ok)
    sk_thr_teardown(c);
  return ok ? 0 : -1;
}

/* ---- concurrent round trips ------------------------------------------- */

/* Thread i: rank 0 sends and receives back, rank 1 the other way round,
 * on communicator i, into slot i. */
static void sk_thr_roundtrip(void *arg, int i)
{
  sk_thr_t *t = arg;
  sk_pctx_t *c = t->c;
  if (c->rank == 0) {
    MPI_Send(c->sbuf, c->count, c->dtype, c->peer, SK_THR_TAG, t->comm[i]);
    MPI_Recv(sk_thr_slot(c, i), c->rcvcount, c->rcvtype, c->peer,
             SK_THR_TAG, t->comm[i], MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(sk_thr_slot(c, i), c->rcvcount, c->rcvtype, c->peer,
             SK_THR_TAG, t->comm[i], MPI_STATUS_IGNORE);
    MPI_Send(c->sbuf, c->count, c->dtype, c->peer, SK_THR_TAG, t->comm[i]);
  }
}

static int sk_thr_pingpong_setup(sk_pctx_t *c)
{
  return sk_thr_setup(c, 1, sk_thr_roundtrip);
}

static void sk_thr_run(sk_pctx_t *c)
{
  sk_thr_t *t = c->priv;
  sk_team_run(t->team);
}

/* Each side sends its rank's sequence; every thread's slot holds the
 * peer's after one repetition. */
static int sk_thr_verify_slots(const sk_inst_ops_t *ops, sk_pctx_t *c,
                               long slots)
{
  long k;
  int rc = 0;
  if (sk_dtype_fill(c->sbuf, c->count, c->dtype, (unsigned)c->rank + 1))
    return -1;
  ops->run(c);
  for (k = 0; k < slots; k++)
    rc |= sk_dtype_verify(sk_thr_slot(c, k), c->rcvcount, c->rcvtype,
                          (unsigned)c->peer + 1);
  return rc;
}

static int sk_thr_verify_pingpong(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  return sk_thr_verify_slots(ops, c, c->threads);
}

const sk_inst_ops_t sk_inst_thr_pingpong = {
  .run = sk_thr_run, .setup = sk_thr_pingpong_setup,
  .teardown = sk_thr_teardown, .verify = sk_thr_verify_pingpong,
  .timing = "round_trip_of_threads",
  .note = "threads: Threads threads per process, thread i of the pair's "
          "two processes on a communicator of their own; a repetition is "
          "one round trip of every thread at once, timed on rank 0 until "
          "its last thread is done"};

/* ---- a message rate of threads ---------------------------------------- */

/* Thread i: rank 0 posts Window sends on communicator i and completes
 * them, then takes an empty acknowledgement; rank 1 has a receive in
 * flight for each (slots i*Window ...), completes them and acknowledges. */
static void sk_thr_window(void *arg, int i)
{
  sk_thr_t *t = arg;
  sk_pctx_t *c = t->c;
  int w = (int)c->window, k;
  MPI_Request *rq = t->rq + (size_t)i * (size_t)w;
  MPI_Status *st = t->st + (size_t)i * (size_t)w;
  if (c->rank == 0) {
    for (k = 0; k < w; k++)
      MPI_Isend(c->sbuf, c->count, c->dtype, c->peer, SK_THR_TAG, t->comm[i],
                &rq[k]);
    MPI_Waitall(w, rq, st);
    MPI_Recv(NULL, 0, MPI_BYTE, c->peer, SK_THR_ACK_TAG, t->comm[i],
             MPI_STATUS_IGNORE);
  } else {
    for (k = 0; k < w; k++)
      MPI_Irecv(sk_thr_slot(c, (long)i * w + k), c->rcvcount, c->rcvtype,
                c->peer, SK_THR_TAG, t->comm[i], &rq[k]);
    MPI_Waitall(w, rq, st);
    MPI_Send(NULL, 0, MPI_BYTE, c->peer, SK_THR_ACK_TAG, t->comm[i]);
  }
}

static int sk_thr_rate_setup(sk_pctx_t *c)
{
  return c->window < 1 ? -1 : sk_thr_setup(c, c->window, sk_thr_window);
}

/* t0, a round, t1 on each process, over the messages of the round: the
 * time of one message of all the threads' windows. */
static double sk_thr_rep_rate(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  double n = (double)r->ctx->threads * (double)r->ctx->window;
  *local = sk_pattern_rep_once(r) / n;
  return *local;
}

/* Rank 0 sends its sequence; every slot of rank 1 holds it. */
static int sk_thr_verify_rate(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int rc = sk_thr_verify_slots(ops, c, c->rank == 0
                                           ? 0 : c->threads * c->window);
  return rc;
}

const sk_inst_ops_t sk_inst_thr_msgrate = {
  .run = sk_thr_run, .setup = sk_thr_rate_setup,
  .teardown = sk_thr_teardown, .rep = sk_thr_rep_rate,
  .verify = sk_thr_verify_rate, .timing = "per_message_of_threads",
  .rate_unit = "B/s",
  .note = "threads: Threads threads per process, thread i of the pair's "
          "two processes on a communicator of their own; a repetition is a "
          "window of Window messages from every thread of rank 0 and an "
          "empty acknowledgement each, timed per message of all threads, so "
          "messages per second are rate / length"};
