/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hlshift.h -- the Hodges-Lehmann estimate of the shift between two
 * samples and its distribution-free confidence interval (Hollander &
 * Wolfe, ch. 4; R's wilcox.test(conf.int = TRUE)), and the same for a
 * ratio of positive values, on their logarithms.  No MPI, no I/O;
 * doc/statistics.md has the formulas.
 *
 * Shift: candidate y minus baseline x.  The estimate is the median of the
 * m n differences y_j - x_i; the interval is [d(k), d(mn + 1 - k)] of the
 * sorted differences, k from the null distribution of the Mann-Whitney U
 * (exact for m, n <= SK_HL_EXACT_MAX, else its normal approximation), so
 * it covers the true shift with probability at least CONF whatever the
 * distribution, when the samples differ by a shift.
 */
#ifndef SK_HLSHIFT_H
#define SK_HLSHIFT_H

#include <stddef.h>

#define SK_HL_EXACT_MAX 50
/* The most differences formed (m n); larger samples are refused. */
#define SK_HL_MAX_PAIRS 4000000u

typedef struct sk_hl {
  double estimate;      /* median of the differences (ratio: of ratios) */
  double low, high;     /* the interval */
  double coverage;      /* its coverage, 1 - 2 P(U <= k - 1): >= conf
                         * unless the samples are too small for conf
                         * (then k = 1, the smallest and largest
                         * difference, and the coverage says how much);
                         * the normal approximation's when not exact */
  size_t k;             /* the interval's order statistic */
  int exact;            /* 1 exact null distribution, 0 normal */
} sk_hl_t;

/* Shift of y[0..n) against x[0..m) at confidence CONF (0 < conf < 1).
 * -1 when m or n is 0, m n > SK_HL_MAX_PAIRS, a value is not finite, or
 * memory runs out. */
int sk_hl_shift(const double *x, size_t m, const double *y, size_t n,
                double conf, sk_hl_t *out);

/* The ratio y / x: the shift of the logarithms, given back as factors
 * (estimate 1.23 = 23% larger).  -1 also when a value is not > 0. */
int sk_hl_ratio(const double *x, size_t m, const double *y, size_t n,
                double conf, sk_hl_t *out);

/* P(U <= u) under the null hypothesis for samples of m and n values
 * without ties, exactly (m, n <= SK_HL_EXACT_MAX); NaN otherwise. */
double sk_hl_u_cdf(size_t m, size_t n, double u);

#endif
