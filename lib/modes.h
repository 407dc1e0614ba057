/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * modes.h -- are the repetitions of a point one group or several?  (no
 * MPI, no I/O, no allocation)
 *
 * Method (doc/statistics.md, "Modes"): a Gaussian kernel density of the
 * LOGARITHMS of the times (a mode of 0.3 µs and one of 1.4 µs are then
 * shaped alike), with Silverman's bandwidth
 *
 *     h = 0.9 · min(s, IQR / 1.34) · n^(-1/5)
 *
 * (s the standard deviation, IQR the inter-quartile range of the logs;
 * the positive one of the two when the other is 0), but never below the
 * timer's relative resolution at the median nor below two grid steps.
 * It is evaluated on SK_MODES_GRID points from min - 3h to max + 3h
 * (the samples linearly binned first).  Every local maximum starts a
 * group; the groups are bounded by the density's minima between the
 * maxima.  Then neighbouring groups are merged, one at a time, while
 *
 *   - a group holds less than SK_MODES_MIN_SHARE of the samples (it is
 *     merged across the shallower of its two valleys), or
 *   - the shallowest valley is not deep enough: its density is above
 *     SK_MODES_VALLEY times the lower of its two neighbouring peaks, or
 *   - more than SK_MODES_MAX groups are left.
 *
 * Silverman's rule assumes one normal group; over several modes its
 * spread is the distance between them and blurs near modes into one.
 * So when a pass finds more than one group, the next pass uses the
 * largest of Silverman's bandwidths of each group alone, up to
 * SK_MODES_PASSES passes or until the number of modes stays.
 *
 * What is left are the modes: each one's location is the median of its
 * samples (in seconds, not logs), its share the fraction of all samples.
 * Times that are not all positive are taken as they are, not as logs.
 * Fewer than SK_MODES_MIN_N samples are not tested: one mode.
 */
#ifndef SK_MODES_H
#define SK_MODES_H

#include <stddef.h>

#define SK_MODES_MAX 4          /* modes reported at most */
#define SK_MODES_MIN_N 40       /* fewer samples are not tested */
#define SK_MODES_MIN_SHARE 0.05 /* a smaller group is no mode */
#define SK_MODES_PASSES 4       /* bandwidths tried at most */
#define SK_MODES_BW 0.9         /* Silverman's factor */
#define SK_MODES_VALLEY 0.5     /* a valley above half the lower peak
                                 * does not separate two modes */
#define SK_MODES_GRID 1024      /* points the density is evaluated at */

typedef struct sk_mode {
  double location;   /* median of the group's samples */
  double share;      /* count / n */
  size_t count;      /* samples in the group */
  double lo, hi;     /* the group's smallest and largest sample */
} sk_mode_t;

typedef struct sk_modes {
  int n;                        /* modes found (1: unimodal or untested) */
  sk_mode_t mode[SK_MODES_MAX]; /* ascending by location */
  int tested;                   /* 0: too few samples or all equal */
  int log_scale;                /* 1: the density is of log(time) */
  double bandwidth;             /* h on that scale */
} sk_modes_t;

/* The modes of the ascending samples sorted[0..n).  resolution: the
 * smallest time difference the timer can show (MPI_Wtick()), or 0.
 * Returns -1 when n == 0 (then out->n == 0), else 0. */
int sk_modes_find(const double *sorted, size_t n, double resolution,
                  sk_modes_t *out);

#endif
