/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * timer.h -- the clock every timed region reads (`skampi --timer`).
 *
 *   MPI_Wtime   the MPI library's clock (the default)
 *   monotonic   clock_gettime(CLOCK_MONOTONIC)
 *   rdtscp      the x86-64 time-stamp counter read with RDTSCP, only when
 *               /proc/cpuinfo lists constant_tsc and nonstop_tsc (the
 *               counter then ticks at a fixed rate in every power state);
 *               its rate is calibrated against CLOCK_MONOTONIC.
 *
 * One timer per run, chosen before any measurement; sk_timer_now() is
 * then what the patterns, the window sync and the clock sync read.
 */
#ifndef SK_TIMER_H
#define SK_TIMER_H

#include <stddef.h>

typedef enum {
  SK_TIMER_WTIME = 0,
  SK_TIMER_MONOTONIC,
  SK_TIMER_RDTSCP
} sk_timer_kind_t;

typedef struct sk_timer_info {
  sk_timer_kind_t kind;
  const char *name;          /* "MPI_Wtime", "CLOCK_MONOTONIC", "RDTSCP" */
  double resolution;         /* s: MPI_Wtick, clock_getres, 1/frequency */
  double frequency;          /* RDTSCP: ticks per second, else 0 */
  double calibration_time;   /* RDTSCP: s of monotonic time used, else 0 */
} sk_timer_info_t;

/* "MPI_Wtime", "monotonic" or "rdtscp" (ignoring case) into *kind; -1
 * for anything else. */
int sk_timer_parse(const char *name, sk_timer_kind_t *kind);

/* Whether this machine's /proc/cpuinfo text (cpuinfo) allows RDTSCP:
 * NULL when it does, else why not (a static string). */
const char *sk_timer_rdtscp_refusal(const char *cpuinfo);

/* Selects the timer (calibrating RDTSCP, about 50 ms).  wtime and wtick
 * are MPI_Wtime and MPI_Wtick's values (this module needs no MPI).  -1
 * with a static message in *why when the timer cannot be used here. */
int sk_timer_select(sk_timer_kind_t kind, double (*wtime)(void),
                    double wtick, const char **why);

/* Seconds on the selected timer (CLOCK_MONOTONIC until one is
 * selected). */
double sk_timer_now(void);

/* What was selected, for the result file. */
const sk_timer_info_t *sk_timer_info(void);

#endif
