/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * verify.h -- Verify = yes: the data of every repetition checked
 * (doc/engine.md, "Verification").
 *
 * An instance's untimed integrity check (sk_inst_ops_t.verify) fills the
 * send data, runs one repetition and checks what arrived.  Under Verify
 * the engine calls that check for every repetition, with a descriptor
 * whose run() is the timed repetition itself (the pattern's timing
 * around the instance's run()): the fill comes before the timing starts
 * and the check after it ends, and a barrier of the point's processes
 * separates the fill from the timing, so that no process checks or
 * fills while another times; the timed region is the one measured
 * without Verify.  Each repetition has a round of its own
 * (sk_dtype_set_round()), so its data differ from the last one's and a
 * buffer that was not written is caught.  The first wrong byte is kept
 * with its repetition; the engine fails the suite with it after the
 * point.  Nothing here allocates; the checks themselves do, untimed.
 */
#ifndef SK_VERIFY_H
#define SK_VERIFY_H

#include <stddef.h>

#include "dtype.h"
#include "measure.h"
#include "pattern.h"

typedef struct sk_verify {
  sk_inst_ops_t ops;          /* the instance's descriptor with run()
                               * replaced by the timed repetition */
  const sk_inst_ops_t *real;  /* the instance's descriptor (borrowed) */
  sk_pctx_t *ctx;             /* borrowed; ctx->vstate points here */
  sk_measure_rep_fn rep;      /* the timed repetition and its state */
  void *rep_ctx;
  void (*before)(void *);     /* right before the timed repetition, after
                               * the fill (Cache = Cold's flush), or NULL */
  void *before_ctx;
  double *local;              /* where the repetition's own time goes */
  double sample;              /* what the timed repetition returned */
  int ran;                    /* the check called run() */
  long round;                 /* repetitions so far, warm-ups included */
  long warmup;                /* @CACHEWARMUP: the first ones are these */
  long failed;                /* the first repetition (1-based, warm-ups
                               * included) whose check failed, or 0 */
  sk_dtype_wrong_t wrong;     /* its first wrong byte (found 0: the check
                               * could not be made, out of memory) */
} sk_verify_t;

/* Prepares v for a point of the instance ops on ctx, timed by rep on
 * rep_ctx, with before() (or NULL) between the fill and the timing;
 * sets ctx->vstate.  warmup: the untimed repetitions the point starts
 * with. */
void sk_verify_init(sk_verify_t *v, const sk_inst_ops_t *ops, sk_pctx_t *ctx,
                    sk_measure_rep_fn rep, void *rep_ctx,
                    void (*before)(void *), void *before_ctx, long warmup);

/* One repetition: the round, the instance's fill, the timed repetition,
 * its check.  An sk_measure_rep_fn on an sk_verify_t: returns the timed
 * repetition's sample. */
double sk_verify_rep(void *v, double *local);

/* After the point: the round back to 0 (the fixed data of the untimed
 * integrity check), ctx->vstate cleared. */
void sk_verify_done(sk_verify_t *v);

/* The suite's message for a failed check of v on world rank `process`
 * at `argument`, into msg (doc/engine.md states it):
 *   Verify: at argument A, repetition R, process P: byte B of its
 *   receive buffer (recvbuf) is 0xGG, expected 0xWW
 * "send buffer (sendbuf)" where the data arrive there
 * (Sendrecv_replace), "warm-up repetition R" for one of @CACHEWARMUP;
 * where a derived datatype hides the byte's address: "byte K of the data
 * of the message at byte B of its receive buffer (recvbuf)"; and where
 * the check could not be made: "its data could not be checked (out of
 * memory)".  sbuf and rbuf (ssize, rsize bytes) are the suite's
 * buffers. */
void sk_verify_describe(const sk_verify_t *v, long argument, int process,
                        const char *sbuf, size_t ssize, const char *rbuf,
                        size_t rsize, char *msg, size_t size);

#endif
