/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * refine.h -- the arguments a suite measures: the initial grid of a scale
 * and the adaptive refinement of SKaMPI §4.2 (no MPI, no I/O).
 *
 * The engine asks sk_refine_next() for an argument, measures it and hands
 * the time back with sk_refine_record(), until sk_refine_next() returns 0.
 * doc/refinement.md states every rule precisely; this header only names
 * them.  A refiner owns all its memory; every pointer argument is borrowed.
 */
#ifndef SK_REFINE_H
#define SK_REFINE_H

#include <stddef.h>

#include "plan.h"   /* SK_UNSET, sk_suite_t */

/* No grid, initial or refined, ever holds more points than this.  It also
 * bounds the total when Max_Steps is unset (or larger). */
#define SK_REFINE_MAX_POINTS (1L << 20)

typedef struct sk_refine sk_refine_t;

typedef struct sk_refine_params {
  long start, end;        /* Start_Argument, End_Argument: 0 <= start <= end */
  int log_scale;          /* 1: Fixed_log / Dynamic_log, 0: linear */
  int dynamic;            /* 1: Dynamic_*: refine after the initial grid */
  double stepwidth;       /* log: factor gamma > 1; linear: step > 0 */
  long max_steps;         /* bound on the points refinement adds to the
                           * initial grid, or SK_UNSET */
  long min_distance;      /* >= 0, or SK_UNSET (= 0) */
  long max_distance;      /* >= 1, or SK_UNSET (no bound) */
  double epsilon;         /* Standard_error; > 0 when dynamic */
  long first;             /* log scale from 0: the point after 0 (the
                           * smallest length that sends data); <= 1: 1 */
} sk_refine_params_t;

/* Why a refiner stopped; see doc/refinement.md. */
typedef enum {
  SK_REFINE_RUNNING,      /* not stopped yet */
  SK_REFINE_STOP_GRID,    /* fixed scale or replay: the grid is done */
  SK_REFINE_STOP_EPSILON, /* every segment's error estimate is below epsilon */
  SK_REFINE_STOP_MAX_STEPS,   /* the point budget is spent */
  SK_REFINE_STOP_RESOLUTION   /* errors >= epsilon remain, none splittable */
} sk_refine_stop_t;

/* NULL when the parameters are usable; otherwise a static English sentence
 * naming the offending suite key (for the semantic check's diagnostics). */
const char *sk_refine_params_check(const sk_refine_params_t *p);

/* The refinement keys of a resolved suite (Scale, Start_Argument, ...). */
void sk_refine_params_from_suite(const sk_suite_t *s, sk_refine_params_t *p);

/* The number of points of the initial grid, or -1 for bad parameters. */
long sk_refine_grid_size(const sk_refine_params_t *p);

/* A refiner for a suite; NULL on bad parameters or out of memory. */
sk_refine_t *sk_refine_new(const sk_refine_params_t *p);

/* A refiner that hands out exactly args[0..n-1], in that order, as initial
 * points, and nothing else (to measure the grid of an earlier run again).
 * NULL when n == 0, n > SK_REFINE_MAX_POINTS, an argument is negative, or
 * out of memory.  The arguments are copied. */
sk_refine_t *sk_refine_new_replay(const long *args, size_t n);

/* The next argument to measure: returns 1 and sets *arg and *refined (0 for
 * a point of the initial grid, 1 for one added by refinement); 0 when the
 * suite is done (and on every later call); -1 when the previous argument
 * was not recorded yet, or out of memory.  `refined` may be NULL. */
int sk_refine_next(sk_refine_t *r, long *arg, int *refined);

/* The measured time of the argument sk_refine_next() just returned.
 * -1 (and nothing changes) when no argument is pending, arg is not that
 * argument, or time is not finite. */
int sk_refine_record(sk_refine_t *r, long arg, double time);

/* The points recorded so far, in measurement order: up to cap of them go
 * to args[] and refined[] (either may be NULL).  Returns how many there
 * are in total. */
size_t sk_refine_grid(const sk_refine_t *r, long *args, int *refined,
                      size_t cap);

/* Why the refiner stopped (SK_REFINE_RUNNING until next() returned 0). */
sk_refine_stop_t sk_refine_stop_reason(const sk_refine_t *r);

/* "running", "grid", "epsilon", "max_steps", "resolution". */
const char *sk_refine_stop_name(sk_refine_stop_t s);

/* For a dynamic refiner that has stopped: the largest error estimate of
 * any segment of the final grid (it can be HUGE_VAL); 0 otherwise. */
double sk_refine_worst_error(const sk_refine_t *r);

void sk_refine_free(sk_refine_t *r);

#endif
