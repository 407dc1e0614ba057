/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * verify.c -- Verify = yes: every repetition's data checked (verify.h).
 */
#include <config.h>

#include "verify.h"

#include <stdio.h>
#include <string.h>

/* The run() the instance's check calls: the timed repetition, after a
 * barrier of the point's processes, so that none is still checking the
 * last repetition or filling this one while another times (a ping-pong
 * has no barrier of its own: rank 1's check would run on rank 0's
 * clock). */
static void sk_verify_run(sk_pctx_t *c)
{
  sk_verify_t *v = c->vstate;
  if (v->before != NULL)
    v->before(v->before_ctx);
  MPI_Barrier(c->comm);
  v->sample = v->rep(v->rep_ctx, v->local);
  v->ran = 1;
}

void sk_verify_init(sk_verify_t *v, const sk_inst_ops_t *ops, sk_pctx_t *ctx,
                    sk_measure_rep_fn rep, void *rep_ctx,
                    void (*before)(void *), void *before_ctx, long warmup)
{
  memset(v, 0, sizeof *v);
  v->ops = *ops;
  v->ops.run = sk_verify_run;
  v->real = ops;
  v->ctx = ctx;
  v->rep = rep;
  v->rep_ctx = rep_ctx;
  v->before = before;
  v->before_ctx = before_ctx;
  v->warmup = warmup;
  ctx->vstate = v;
}

double sk_verify_rep(void *p, double *local)
{
  sk_verify_t *v = p;
  int ok;
  v->round++;
  v->ran = 0;
  v->local = local;
  sk_dtype_set_round((unsigned long)v->round);
  sk_dtype_wrong_reset();
  ok = v->real->verify(&v->ops, v->ctx) == 0;
  /* every process makes the repetition, whatever its check did */
  if (!v->ran)
    sk_verify_run(v->ctx);
  if (!ok && v->failed == 0) {
    v->failed = v->round;
    v->wrong = *sk_dtype_wrong();
  }
  return v->sample;
}

void sk_verify_done(sk_verify_t *v)
{
  sk_dtype_set_round(0);
  v->ctx->vstate = NULL;
}

/* Which of the suite's buffers holds p, its name and p's offset in it;
 * NULL when neither does. */
static const char *sk_verify_buffer(const char *p, const char *sbuf,
                                    size_t ssize, const char *rbuf,
                                    size_t rsize, long *off)
{
  if (p >= rbuf && p < rbuf + rsize) {
    *off = (long)(p - rbuf);
    return "its receive buffer (recvbuf)";
  }
  if (p >= sbuf && p < sbuf + ssize) {
    *off = (long)(p - sbuf);
    return "its send buffer (sendbuf)";
  }
  *off = -1;
  return NULL;
}

void sk_verify_describe(const sk_verify_t *v, long argument, int process,
                        const char *sbuf, size_t ssize, const char *rbuf,
                        size_t rsize, char *msg, size_t size)
{
  const sk_dtype_wrong_t *w = &v->wrong;
  const char *buf;
  char rep[64], head[160];
  long off;
  if (v->failed <= v->warmup)
    snprintf(rep, sizeof rep, "warm-up repetition %ld", v->failed);
  else
    snprintf(rep, sizeof rep, "repetition %ld", v->failed - v->warmup);
  snprintf(head, sizeof head, "Verify: at argument %ld, %s, process %d",
           argument, rep, process);
  if (!w->found) {
    snprintf(msg, size, "%s: its data could not be checked (out of memory)",
             head);
    return;
  }
  buf = sk_verify_buffer(w->at != NULL ? w->at : w->msg, sbuf, ssize, rbuf,
                         rsize, &off);
  if (buf == NULL)
    snprintf(msg, size, "%s: byte %ld of the data of a message in a buffer "
             "of the instance's own is 0x%02x, expected 0x%02x", head,
             w->index, w->got, w->want);
  else if (w->at != NULL)
    snprintf(msg, size, "%s: byte %ld of %s is 0x%02x, expected 0x%02x",
             head, off, buf, w->got, w->want);
  else
    snprintf(msg, size, "%s: byte %ld of the data of the message at byte "
             "%ld of %s is 0x%02x, expected 0x%02x", head, w->index, off,
             buf, w->got, w->want);
}
