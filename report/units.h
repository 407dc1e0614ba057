/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * units.h -- units and tick labels for the axes of skampi-report.
 *
 * Pure functions, no gnuplot: times in seconds are shown in s, ms, µs or
 * ns chosen from the range; message sizes as 1, 512, 1 KiB, 1 MiB;
 * bandwidth in B/s, KiB/s, MiB/s or GiB/s.
 */
#ifndef SK_UNITS_H
#define SK_UNITS_H

#include <stddef.h>

typedef struct sk_units_scale {
  double factor;           /* multiply a value in base units by this */
  const char *name;        /* "µs" (UTF-8), "MiB/s", ... */
} sk_units_scale_t;

/* Time unit for values in seconds spanning [lo, hi].  On a log axis the
 * smallest value is at least 1 (no "0.001" ticks) unless the largest
 * would pass 100000; on a linear axis the largest is at least 1. */
sk_units_scale_t sk_units_time(double lo, double hi, int logscale);

/* Bandwidth unit (binary prefixes) for rates up to HI bytes/s. */
sk_units_scale_t sk_units_rate(double hi);

/* A byte count as a tick label: "0", "512", "1 KiB", "1.5 MiB". */
void sk_units_bytes(double v, char *buf, size_t size);

/* Powers of two for a log axis of sizes in [lo, hi] (lo > 0): every
 * 1st, 2nd, 5th, 10th or 20th power, the first step giving at most MAX
 * ticks, so that 1 KiB and 1 MiB stay on the grid when the step allows.
 * Returns the number of ticks written to TICS. */
size_t sk_units_log2_tics(double lo, double hi, double *tics, size_t max);

/* Ticks for a log axis over [lo, hi] (0 < lo < hi), at most MAX: decades
 * for a wide range, 1-2-5 steps for one to a few decades, and evenly
 * spaced round values inside a single decade (where gnuplot's own log
 * ticks would leave the axis almost bare). */
size_t sk_units_log10_tics(double lo, double hi, double *tics, size_t max);

/* A step of 1, 2 or 5 times a power of ten giving at most MAX ticks over
 * RANGE; at least 1 when INTEGER. */
double sk_units_step(double range, int max, int integer);

/* The shortest decimal text that reads back as exactly V ("1.234e-06",
 * "1024"); "nan", "inf", "-inf" for the special values. */
void sk_units_num(double v, char *buf, size_t size);

#endif
