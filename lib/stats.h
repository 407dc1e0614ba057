/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stats.h -- the statistics of one measurement point (no MPI here).
 *
 * §4.1 of the SKaMPI paper: the mean x̄ = Σx/n, the standard deviation
 * σ = sqrt(Σ(x - x̄)²/n) (divisor n, not n - 1) and the standard error of
 * the mean σ/√n.  Outliers are handled by cutting the Cut_Quantile
 * fraction of the fastest and of the slowest repetitions before the mean.
 * Nothing here allocates: the engine calls these functions between
 * repetitions on arrays it allocated before the point.
 *
 * n == 0 has one answer everywhere: a value of no repetitions is 0, not
 * NaN.  No caller prints such a 0: the engine never summarises an empty
 * point, and the readers of result files (merge, compare) refuse an
 * empty list before they ask for its statistics.
 */
#ifndef SK_STATS_H
#define SK_STATS_H

#include <stddef.h>

typedef struct sk_stats {
  size_t n;          /* repetitions given */
  size_t kept;       /* repetitions left after the cut */
  size_t cut;        /* repetitions cut, both ends together (n - kept) */
  double mean;       /* of the kept repetitions */
  double se;         /* standard error σ/√kept of the kept repetitions */
  double min;        /* of all n repetitions */
  double median;     /* of all n repetitions */
  double max;        /* of all n repetitions */
  double q1, q3;     /* first and third quartiles of all n repetitions
                      * (sk_stats_quantile) */
  size_t lo_cut;     /* repetitions removed at the fast end */
} sk_stats_t;

/* Which repetitions sk_stats_filter() leaves out (values as in plan.h's
 * sk_filter_t: 0 Cut_Quantile, 1 Tukey, 2 none). */
enum {
  SK_STATS_FILTER_CUT = 0,
  SK_STATS_FILTER_TUKEY = 1,
  SK_STATS_FILTER_NONE = 2
};

/* Mean of x[0..n); 0 when n == 0. */
double sk_stats_mean(const double *x, size_t n);

/* Standard error σ/√n with σ of divisor n; 0 when n < 2. */
double sk_stats_stderr(const double *x, size_t n);

/* Median of an ascending array; the mean of the two middle values when n
 * is even; 0 when n == 0. */
double sk_stats_median(const double *sorted, size_t n);

/* Median of x[0..n) in any order, x untouched (of a sorted copy); 0 when
 * n == 0, as sk_stats_median(); NaN when out of memory. */
double sk_stats_median_of(const double *x, size_t n);

/* How many repetitions are cut at EACH end: floor(q * n), but never so
 * many that nothing is left (q is in [0, 0.5)). */
size_t sk_stats_cut_count(size_t n, double q);

/* The spread of x[0..n) (n >= 1, unsorted, left as it is): its least,
 * median and largest value, and the index of the largest (the first of
 * equal ones).  scratch holds n doubles (a sorted copy is made there).
 * -1 when n == 0 or a value is NaN. */
int sk_stats_spread(const double *x, size_t n, double *scratch,
                    double *min, double *median, double *max,
                    size_t *argmax);

/* Sorts x[0..n) ascending in place (heapsort: no allocation). */
void sk_stats_sort(double *x, size_t n);

/* The p-quantile (0 <= p <= 1) of an ascending array by linear
 * interpolation between order statistics: with h = (n - 1) p, the value
 * sorted[floor h] + (h - floor h) (sorted[floor h + 1] - sorted[floor h])
 * (Hyndman & Fan's definition 7, R's default).  0 when n == 0. */
double sk_stats_quantile(const double *sorted, size_t n, double p);

/* The five-number summary of x[0..n) in any order: box[0..5) = min, Q1,
 * median, Q3, max, each by sk_stats_quantile (so the median of an even n
 * is interpolated exactly as the quartiles are).  x is copied into work
 * (room for n; may be x itself) and sorted there.  All five 0 when n == 0. */
void sk_stats_box(const double *x, size_t n, double *work, double box[5]);

/* The kept repetitions of an ascending array are a contiguous range
 * sorted[*first .. *first + *kept); this finds it.  filter: 0 cuts
 * floor(q n) at each end (sk_stats_cut_count), 1 keeps the values within
 * Tukey's fences [Q1 - 1.5 IQR, Q3 + 1.5 IQR], 2 keeps all. */
void sk_stats_filter(const double *sorted, size_t n, int filter, double q,
                     size_t *first, size_t *kept);

/* Like sk_stats_summarize with the given filter (see sk_stats_filter). */
int sk_stats_summarize_filter(const double *sorted, size_t n, int filter,
                              double q, sk_stats_t *out);

/* Fills *out from the ascending array sorted[0..n) with cut quantile q.
 * Returns -1 (and leaves *out zeroed) when n == 0. */
int sk_stats_summarize(const double *sorted, size_t n, double q,
                       sk_stats_t *out);

#endif
