/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * redval.h -- the values a reduction's integrity check contributes,
 * chosen so that the result MPI computes is defined at every process
 * count (no MPI here: the arithmetic, tested alone in
 * tests/unit/test_redval.c).
 *
 * MPI leaves an integer sum that overflows undefined (one library
 * wraps, another saturates), and a floating sum is exact only while
 * every partial sum is a whole number the type holds exactly.  So for a
 * scalar type that holds every whole number 0 ... exact (exact: 127 for
 * an 8-bit integer, signed or not; 2^24 for float; 2^53 for double) the
 * P processes contribute, with bound B = exact / SK_REDVAL_SCALE (Verify
 * multiplies a round's values by 1 ... SK_REDVAL_SCALE):
 *   distinct   process k adds k + 1, while P (P + 1) / 2 <= B: a lost
 *              or doubled contribution, or one from the wrong process,
 *              shows;
 *   ones       every process adds 1, while P <= B: a lost or doubled
 *              contribution shows, one from the wrong process not;
 *   first      processes 0 ... B - 1 add 1, the others 0: only a lost or
 *              doubled contribution of those B shows (the claim narrows,
 *              and the suite's note says so: sk_redval_describe()).
 * Every contribution is 0 or more, so every partial sum of any order of
 * additions lies between 0 and the total, which is at most B: with the
 * scale at most exact.  P is 1 ... INT_MAX.
 */
#ifndef SK_REDVAL_H
#define SK_REDVAL_H

#include <stddef.h>

#define SK_REDVAL_SCALE 5

typedef enum {
  SK_REDVAL_DISTINCT,
  SK_REDVAL_ONES,
  SK_REDVAL_FIRST
} sk_redval_mode_t;

typedef struct sk_redval {
  sk_redval_mode_t mode;
  long long bound;       /* B: the largest total allowed */
} sk_redval_t;

/* The contributions of procs processes (1 ... INT_MAX) in a type exact
 * up to `exact` (at least SK_REDVAL_SCALE). */
void sk_redval_choose(long long exact, int procs, sk_redval_t *v);

/* What process `rank` contributes (before Verify's scale). */
long long sk_redval_of(const sk_redval_t *v, int rank);

/* The sum of the contributions of processes 0 ... ranks - 1 (ranks 0
 * ... P): the result of a reduction over P processes is
 * sk_redval_upto(v, P), of an inclusive scan at process k
 * sk_redval_upto(v, k + 1), of an exclusive one sk_redval_upto(v, k). */
long long sk_redval_upto(const sk_redval_t *v, int ranks);

/* The words of the note of a check that is not distinct: "every process
 * adds 1" or "processes 0 ... B-1 add 1, the others 0"; "" for
 * distinct. */
void sk_redval_describe(const sk_redval_t *v, char *buf, size_t size);

#endif
