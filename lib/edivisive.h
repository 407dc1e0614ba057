/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * edivisive.h -- change points of a series (a point's time over many
 * runs) by E-divisive means (Matteson & James 2014) on ranks, with a
 * permutation test.  No MPI, no I/O; doc/statistics.md has the details.
 *
 * The values are replaced by their ranks (midranks for ties), so one
 * wild run or a bimodal machine moves the statistic no more than any
 * other value.  For a segment x[a..b) and a split t, with d(i, j) =
 * |r_i - r_j| of the ranks, L = x[a..t) of size p and R = x[t..b) of
 * size q:
 *     E(t) = 2/(pq) Σ_{L×R} d - 1/C(p,2) Σ_{pairs in L} d
 *                             - 1/C(q,2) Σ_{pairs in R} d
 *     Q(t) = pq/(p+q) E(t)
 * The split is the t of largest Q (both sides >= min_size).  It is
 * significant when few permutations of the segment reach that largest Q:
 * p = (1 + #{perm: max Q >= observed}) / (1 + permutations).  A change
 * point is kept when p <= alpha AND the medians of the two sides differ
 * by at least min_effect (relative to the left side's median), and the
 * search goes on in both sides (binary segmentation).
 */
#ifndef SK_EDIVISIVE_H
#define SK_EDIVISIVE_H

#include <stddef.h>
#include <stdint.h>

typedef struct sk_ediv_opts {
  double alpha;          /* p-value needed (0.001) */
  double min_effect;     /* relative change of the median needed (0.05) */
  size_t permutations;   /* 1999; at least 1/alpha - 1 to reach alpha */
  size_t min_size;       /* fewest values on each side of a split (3) */
  uint64_t seed;         /* of the permutations: the same series and
                          * seed give the same answer */
} sk_ediv_opts_t;

/* The defaults above. */
void sk_ediv_defaults(sk_ediv_opts_t *o);

typedef struct sk_ediv_cp {
  size_t at;             /* the first value after the change */
  double p;              /* the permutation p-value */
  double before, after;  /* medians of the segment's two sides */
} sk_ediv_cp_t;

/* Change points of x[0..n) into *out (the caller's to free, ascending
 * by at), their number in *nout.  -1 when a value is not finite or
 * memory runs out. */
int sk_ediv_find(const double *x, size_t n, const sk_ediv_opts_t *o,
                 sk_ediv_cp_t **out, size_t *nout);

/* Q at every split of d[0..n) (a segment's ranks) into q[0..n]; q[t] is
 * -1 where a side would be smaller than min_size.  The largest t. */
size_t sk_ediv_stat(const double *r, size_t n, size_t min_size, double *q);

#endif
