/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * medci.h -- a distribution-free confidence interval of a median, from
 * order statistics (no MPI, no I/O, no allocation).
 *
 * For n values of a continuous distribution with median m, sorted
 * x_(1) <= ... <= x_(n), the number K of values below m is
 * binomial(n, 1/2), so the interval [x_(l), x_(u)] holds m with
 * probability
 *
 *     C(l, u) = P(l <= K <= u - 1) = Σ_{k=l}^{u-1} binom(n, k) / 2^n
 *
 * whatever the distribution.  We take the symmetric ranks u = n + 1 - l,
 * where C = 1 - 2 P(K <= l - 1), and the largest l whose C still reaches
 * the level: the shortest symmetric interval with coverage >= level.
 * When even l = 1 (the minimum and the maximum) falls short -- n <= 5 at
 * 95% -- the interval is [min, max] with its exact, smaller coverage
 * (n = 5: 1 - 2/32 = 93.75%) and `short_of_level` is set.  With ties the
 * true coverage is at least C.
 */
#ifndef SK_MEDCI_H
#define SK_MEDCI_H

#include <stddef.h>

typedef struct sk_medci {
  size_t lo_rank, hi_rank;  /* l and u, 1-based: lower = sorted[l - 1] */
  double lower, upper;      /* x_(l), x_(u) */
  double median;            /* sk_stats_median() of the values */
  double coverage;          /* C(l, u), exact */
  int short_of_level;       /* 1: no interval reaches the level; this is
                             * [min, max] with its smaller coverage */
  double rel_halfwidth;     /* max(median - lower, upper - median) /
                             * median (0 when both are 0, INFINITY when
                             * only the median is 0) */
} sk_medci_t;

/* P(K <= k) for K binomial(n, 1/2); 1 when k >= n.  Summed in log space
 * so that n of a million repetitions does not underflow 2^-n. */
double sk_medci_binom_cdf(size_t n, size_t k);

/* The ranks alone: *l, *u (1-based) and the coverage, for n >= 1 and
 * 0 < level < 1.  Returns 1 when the level is reached, 0 when it is not
 * (l = 1, u = n), -1 for bad arguments. */
int sk_medci_ranks(size_t n, double level, size_t *l, size_t *u,
                   double *coverage);

/* The interval of the ascending values sorted[0..n) at the given level
 * (0.95 for 95%).  Returns -1 when n == 0 or the level is not in (0, 1),
 * else 0 with *out filled. */
int sk_medci(const double *sorted, size_t n, double level, sk_medci_t *out);

#endif
