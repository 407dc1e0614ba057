/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * floor.h -- the floor of a point: the least time any MPI could take
 * for it on the node whose limits the run measured (`@LIMITS yes`,
 * factors.limits; doc/engine.md, "The floors").  The one place the
 * floors are computed: the report and skampi-db use it.  No MPI.
 */
#ifndef SK_FLOOR_H
#define SK_FLOOR_H

#include <stddef.h>

#include "rfile.h"

#define SK_FLOOR_LENGTHS 64

typedef struct sk_floor {
  double line;                    /* one cache-line transfer, s (its best
                                   * over the batches); NaN: not measured */
  double line_median;             /* its median, s; NaN: not measured */
  size_t ncopy;                   /* copy lengths, ascending */
  double len[SK_FLOOR_LENGTHS];   /* bytes */
  double best[SK_FLOOR_LENGTHS];  /* the best copy rate there, B/s */
  double median[SK_FLOOR_LENGTHS];   /* the median copy rate, B/s */
  double all_rate;                /* all ranks' copy, B/s; NaN: none */
  long cpus[2];                   /* the cores of the cache line */
  int quiet;                      /* the run's noise verdict was quiet:
                                   * the line term counts in a floor */
  double cost;                    /* s the measurement took; NaN */
} sk_floor_t;

/* The limits of r's run in *f: 0, or -1 when the file has none (or
 * none usable: every value must be a finite positive number, the
 * lengths whole, at most SK_FLOOR_LENGTHS of them). */
int sk_floor_limits(const sk_rfile_t *r, sk_floor_t *f);

/* Seconds of one copy of n bytes at best: the time of the longest
 * measured length m not above n (copying more never takes less) at the
 * best rate measured at m or at any longer length (one length slowed
 * in every batch by another task raises no floor); 0 below the
 * shortest. */
double sk_floor_copy_time(const sk_floor_t *f, double n);

/* The line term of a floor of the pair a, b: the line's best when the
 * run was quiet and the pair is ranks 0 and 1, whose cores were
 * measured; else 0.  On a loaded (virtual) machine the line measured
 * before the suites bounds nothing later: on the 2-core test machine it
 * came out at 170 ns at load average 18 beside MPICH round trips of
 * 240 ns in the same run, and at 28 ns at load 6. */
double sk_floor_line(const sk_floor_t *f, long a, long b);

/* The floor of point p of suite s, s; NaN where no floor is sound: a
 * ping-pong of round-trip timing between two ranks of one host:
 *   2 (sk_floor_line() + copy_time(n))
 * one cache-line transfer and one copy of the message each way, one
 * after the other.  No floor for an exchange (MPI_Sendrecv on both
 * sides): the partner's message may have left before the repetition
 * began. */
double sk_floor_point(const sk_floor_t *f, const sk_rfile_t *r,
                      const sk_rfile_suite_t *s, const sk_rfile_point_t *p);

/* The point's time the report sets beside its floor ("× the floor"):
 * its median, else its mean; NaN when it has none, or when the timer
 * could not resolve it (`resolved: false`: no measurement to compare). */
double sk_floor_value(const sk_rfile_point_t *p);

/* The time a floor is a claim about: the point's fastest valid
 * repetition (`min`: of every valid one, those the cut left out
 * included, overhead subtracted); NaN when it has none or the timer
 * could not resolve it (`resolved: false`).  The strict test:
 * no repetition of any MPI may be faster than the floor, so the least
 * one is held against it, not a median that noise only raises. */
double sk_floor_least(const sk_rfile_point_t *p);

#endif
