/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * batch.h -- how many calls one timed region holds (Batch), so that a
 * region lasts well above what the timer can resolve (no MPI here).
 *
 * The SKaMPI paper asks for at least MPI_Wtick/ε of measured time, so
 * that the clock's tick is at most a fraction ε of it.  skampi asks it
 * of every timed region, and of the timer's cost as well: a region of k
 * calls, read as t1 - t0, must last at least
 *
 *     target = max(tick, overhead) / ε
 *
 * (tick: the timer's resolution, factors.timer_resolution; overhead:
 * the empty measurement, factors.timer_overhead; ε: Standard_error), so
 * that neither the tick nor the error of the overhead subtracted from
 * it weighs more than ε.  What must last that long is the calls
 * themselves, not what a region costs once whatever it holds (a first
 * call after a barrier pays for cold code and caches): the time per call
 * is the difference of the shortest regions of two sizes, divided by
 * the difference of their calls.  From k = Batch (1 by default) the
 * engine times SK_BATCH_TRIALS regions of k calls, tells sk_batch_step()
 * the shortest, and tries the k it asks for until it says done; the
 * point then measures with that k.  doc/engine.md, "Batch".
 *
 * What is left of a region after the overhead is subtracted is resolved
 * when it is at least max(tick, overhead) (sk_batch_floor()); a point
 * whose median is not keeps the overhead in its times and is marked
 * `resolved: false` (doc/output-format.md).
 */
#ifndef SK_BATCH_H
#define SK_BATCH_H

/* The most calls a region holds (Batch's own upper bound). */
#define SK_BATCH_MAX 1000000L

/* Trials of a region at each k: the shortest counts, so that one trial
 * slowed by another task does not make k too small. */
#define SK_BATCH_TRIALS 3

/* Seconds a region must last: max(tick, overhead) / eps, with eps taken
 * as at most 0.5 (and 0.5 when it is not above 0) and at least 0.01: a
 * Standard_error of 1e-9 asks for a precision of the mean, which the
 * repetitions give, not for regions of 27 s. */
double sk_batch_target(double tick, double overhead, double eps);

/* The least time, in seconds per region, that is left after the
 * overhead is subtracted and still resolved: max(tick, overhead). */
double sk_batch_floor(double tick, double overhead);

/* The search for k of one point. */
typedef struct sk_batch {
  double target;        /* s the calls of a region must last */
  long least, cap;      /* Batch, and SK_BATCH_MAX */
  long k;               /* the calls of the next trial */
  long kp;              /* the trial before: its calls (0: none) */
  double rp;            /*   and its shortest region */
  int steps;            /* trials so far */
  long chosen;          /* done: the k to measure with */
  double calls;         /* done: s of the calls of a region of `chosen`
                         * (chosen x the time per call; the region
                         * itself where one trial sufficed; NaN where no
                         * trial had a value) */
} sk_batch_t;

/* A search from k = least (at least 1), within cap. */
void sk_batch_start(sk_batch_t *b, double target, long least, long cap);

/* The shortest of the trial regions of b->k calls lasted `region` s (t1
 * - t0 as read; NaN: none had a value).  1 when done (b->chosen,
 * b->calls), 0 when the next trial is of b->k calls.  Done when:
 * - no trial had a value, or the first region already lasts 10 times the
 *   target (whatever it cost once, its calls last the target): k stays;
 * - the time per call c from two trials gives the k whose calls last the
 *   target, ceil(target / c) (at least least), and k has reached it;
 * - k is at cap, or after SK_BATCH_STEPS trials.
 * Otherwise k grows: to the k the time so far asks for with 10% to
 * spare, at least twice, at most 16 times it (so that one trial's noise
 * cannot send it to cap), at most cap.  A difference that is not above
 * 0 (noise as large as the calls) grows k by 16. */
int sk_batch_step(sk_batch_t *b, double region);

/* Trials of a point at most. */
#define SK_BATCH_STEPS 8

#endif
