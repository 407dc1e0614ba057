/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * wilcoxon.h -- the Wilcoxon rank-sum (Mann-Whitney U) test of two
 * independent samples, as used to compare two MPI libraries, machines or
 * settings per measurement point (Hunold & Carpen-Amarie §5.2).
 * No MPI, no I/O.
 *
 * The samples are plain numbers (in skampi: per-run median times in
 * seconds, but the test only looks at their order, so any unit works).
 * Every pointer argument is borrowed; nothing is kept after a call.
 * doc/statistics.md gives every formula and convention exactly.
 */
#ifndef SK_WILCOXON_H
#define SK_WILCOXON_H

#include <stddef.h>

/* Samples of at most this size (each) use the exact null distribution
 * when there are no ties (method SK_WILCOXON_AUTO), and SK_WILCOXON_EXACT
 * accepts no larger samples. */
#define SK_WILCOXON_EXACT_MAX 50

typedef enum {
  SK_WILCOXON_AUTO,   /* exact when both n <= EXACT_MAX and no ties */
  SK_WILCOXON_EXACT,  /* exact null distribution; refused with ties */
  SK_WILCOXON_NORMAL  /* normal approximation, tie + continuity corrected */
} sk_wilcoxon_method_t;

typedef struct sk_wilcoxon {
  size_t n1, n2;          /* sizes of sample A and sample B */
  double rank_sum_a;      /* sum of the (mid)ranks of A in the pooled sample */
  double u_a;             /* U of A: #pairs (a, b) with a > b, ties count 1/2 */
  int has_ties;           /* some value occurs more than once (pooled) */
  sk_wilcoxon_method_t method;  /* EXACT or NORMAL: what was used */
  double p_two_sided;     /* H1: A and B differ in location */
  double p_less;          /* H1: A tends to be smaller than B ("A faster") */
  double p_greater;       /* H1: A tends to be larger than B */
} sk_wilcoxon_t;

/* Tests sample a[0..n1-1] against b[0..n2-1] and fills *out.  Returns -1
 * (and leaves *out unspecified) when n1 or n2 is 0, a value is NaN or
 * infinite, SK_WILCOXON_EXACT is asked for with ties or a sample larger
 * than SK_WILCOXON_EXACT_MAX, or memory runs out. */
int sk_wilcoxon_test(const double *a, size_t n1, const double *b, size_t n2,
                     sk_wilcoxon_method_t method, sk_wilcoxon_t *out);

/* The smallest two-sided p-value any two samples of sizes n1 and n2 can
 * give (the test's power floor): every value of one sample below every
 * value of the other.  Exact (both sizes at most SK_WILCOXON_EXACT_MAX)
 * it is 2 / C(n1 + n2, n1), at most 1: 0.1 for 3 and 3, 0.0571 for 4
 * and 3, 0.0286 for 4 and 4, 0.00794 for 5 and 5; beyond, the normal
 * approximation's at U = 0.  1 when a size is 0. */
double sk_wilcoxon_min_p(size_t n1, size_t n2);

/* Significance stars of a p-value: "***" for p <= 0.001, "**" for
 * p <= 0.01, "*" for p <= 0.05, "" otherwise (also for NaN).  The string
 * is static. */
const char *sk_wilcoxon_stars(double p);

/* "exact" or "normal" (static). */
const char *sk_wilcoxon_method_name(sk_wilcoxon_method_t m);

#endif
