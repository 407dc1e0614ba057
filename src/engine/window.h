/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * window.h -- window-based synchronization of collective repetitions
 * (measurement scheme MS4 of Hunold & Carpen-Amarie).
 *
 * The clocks are synchronized first (clocksync.h).  Rank 0 broadcasts a
 * start time S on the reference clock; repetition i of an anchor starts
 * when the reference clock shows S + i * W on every process (each waits
 * for its own local equivalent of that time).  A repetition is invalid
 * when a process arrived after its start time (late) or when a process
 * finished after S + (i + 1) * W (overrun); invalid repetitions return a
 * NaN sample, which measure.c counts and leaves out.  After an invalid
 * repetition every process re-anchors: S becomes the slowest end plus W
 * and i restarts at 0, so one late window does not make every later one
 * late.  After every repetition one MPI_Allreduce (inside the window,
 * outside the timed region) combines times and flags.
 */
#ifndef SK_WINDOW_H
#define SK_WINDOW_H

#include <mpi.h>

#include "clocksync.h"
#include "pattern.h"
#include "plan.h"

typedef struct sk_window {
  sk_pattern_rep_t rep;            /* the instance and its context */
  const sk_clocksync_t *clock;     /* borrowed */
  sk_coll_timing_t timing;         /* Max_Local or Global_Span */
  double window;                   /* W, s */
  double start;                    /* S, reference clock */
  long index;                      /* i of the next repetition */
  int anchored;                    /* S is set */
  void (*between)(void *);         /* untimed work before a repetition
                                    * (it must fit in the window too) */
  void *between_ctx;
} sk_window_t;

/* The window derived from a pilot: SK_WINDOW_PILOT_REPS barrier-started
 * repetitions, each timed with the Allreduce that follows it (and the
 * between hook before it); W is
 * SK_WINDOW_PILOT_FACTOR times the median of the slowest process's times,
 * at least SK_WINDOW_MIN.  The median, because one preempted pilot
 * repetition must not stretch every window of the point (repetitions
 * that need more than W are counted invalid instead).  Collective; every
 * process gets W. */
#define SK_WINDOW_PILOT_REPS 20
#define SK_WINDOW_PILOT_FACTOR 3.0
#define SK_WINDOW_MIN 20e-6
double sk_window_pilot(sk_window_t *w);

/* Starts a new point: the next repetition re-anchors. */
void sk_window_reset(sk_window_t *w);

/* The repetition function for sk_measure_point(): ctx is an
 * sk_window_t.  Rank 0 gets the sample (NaN when invalid). */
double sk_window_rep(void *ctx, double *local);

#endif
