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
  double cost;                    /* s the measurement took; NaN */
} sk_floor_t;

/* The limits of r's run in *f: 0, or -1 when the file has none (or
 * none usable: every value must be a finite positive number, the
 * lengths whole, at most SK_FLOOR_LENGTHS of them). */
int sk_floor_limits(const sk_rfile_t *r, sk_floor_t *f);

/* Seconds of one copy of n bytes at best: the best time of the longest
 * measured length not above n (copying more never takes less); 0 below
 * the shortest. */
double sk_floor_copy_time(const sk_floor_t *f, double n);

/* The floor of point p of suite s, s; NaN where no floor is sound: a
 * ping-pong of round-trip timing between two ranks of one host (the
 * cache-line term only for the pair 0, 1, whose cores were measured):
 *   2 (line + copy_time(n))
 * one cache-line transfer and one copy of the message each way. */
double sk_floor_point(const sk_floor_t *f, const sk_rfile_t *r,
                      const sk_rfile_suite_t *s, const sk_rfile_point_t *p);

/* The point's time the floor is held against: its median, else its
 * mean; NaN when it has none. */
double sk_floor_value(const sk_rfile_point_t *p);

#endif
