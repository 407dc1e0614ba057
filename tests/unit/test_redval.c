/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_redval.c -- the values of a reduction's check (lib/redval.h):
 * for every scalar type skampi reduces and every process count 1 ...
 * INT_MAX, the total times Verify's largest scale is a whole number the
 * type holds exactly, so MPI defines every partial sum of any order.
 *
 * The proof is analytic: every contribution is 0 or more, so every
 * partial sum lies between 0 and the total; the total is checked against
 * the bound for P = 1 ... 5000, around every switch of mode, at every
 * power of two and at INT_MAX, and the bound's formula itself
 * (sk_redval_upto() against the sum of sk_redval_of()) is checked
 * term by term where it can be and at the switch points beyond.
 */
#include <config.h>

#include <limits.h>
#include <stdint.h>

#include "redval.h"
#include "sk_test.h"

/* the whole numbers each kind of scalar holds exactly from 0 on */
static const long long exact[] = {
  127,                      /* 8-bit integers, signed or not */
  32767,                    /* 16-bit */
  2147483647LL,             /* 32-bit */
  9223372036854775807LL,    /* 64-bit */
  16777216LL,               /* float: 2^24 */
  9007199254740992LL        /* double and long double: 2^53 */
};
#define NKINDS (sizeof exact / sizeof exact[0])

/* The bound and the prefix formula at procs processes. */
static void check_at(long long ex, int procs)
{
  sk_redval_t v;
  long long total, k;
  sk_redval_choose(ex, procs, &v);
  total = sk_redval_upto(&v, procs);
  SK_CHECK_MSG(total >= 0 && total <= ex / SK_REDVAL_SCALE,
               "exact %lld P %d total %lld", ex, procs, total);
  SK_CHECK_MSG(total * SK_REDVAL_SCALE <= ex, "exact %lld P %d", ex, procs);
  /* the prefix formula at the places where the mode's terms change */
  for (k = 0; k < 4; k++) {
    long long at[] = {0, procs - 1, v.bound - 1, v.bound};
    int r = at[k] < 0 ? 0 : at[k] >= procs ? procs - 1 : (int)at[k];
    SK_CHECK_MSG(sk_redval_upto(&v, r + 1) - sk_redval_upto(&v, r) ==
                 sk_redval_of(&v, r), "exact %lld P %d rank %d", ex, procs,
                 r);
    SK_CHECK(sk_redval_of(&v, r) >= 0);
  }
}

/* Term by term: the sum of the contributions, and a float and a double
 * sum of the scaled contributions in both orders, exact. */
static void check_terms(long long ex, int procs)
{
  sk_redval_t v;
  long long sum = 0, t;
  float ff = 0, fb = 0;
  double df = 0, db = 0;
  int k, s = SK_REDVAL_SCALE;
  sk_redval_choose(ex, procs, &v);
  for (k = 0; k < procs; k++) {
    t = sk_redval_of(&v, k);
    SK_CHECK(t >= 0);
    sum += t;
    SK_CHECK(sum == sk_redval_upto(&v, k + 1));
    if (ex == exact[4]) {
      ff += (float)(s * t);
      fb += (float)(s * sk_redval_of(&v, procs - 1 - k));
    }
    if (ex == exact[5]) {
      df += (double)(s * t);
      db += (double)(s * sk_redval_of(&v, procs - 1 - k));
    }
  }
  if (ex == exact[4])
    SK_CHECK(ff == (float)(s * sum) && fb == ff &&
             (long long)ff == s * sum);
  if (ex == exact[5])
    SK_CHECK(df == db && (long long)df == s * sum);
}

int main(void)
{
  size_t i;
  int p, b;
  sk_redval_t v;
  char note[80];
  for (i = 0; i < NKINDS; i++) {
    for (p = 1; p <= 5000; p++) {
      check_at(exact[i], p);
      if (p <= 300)
        check_terms(exact[i], p);
    }
    for (b = 0; b < 31; b++) {
      check_at(exact[i], 1 << b);
      check_at(exact[i], (1 << b) + 1);
    }
    check_at(exact[i], INT_MAX);
    check_at(exact[i], INT_MAX - 1);
    /* around the switches: the largest P with P (P + 1) / 2 <= B, and
     * P = B */
    sk_redval_choose(exact[i], 1, &v);
    for (p = 1; p < INT_MAX / 2 &&
         (long long)p * (p + 1) / 2 <= v.bound; p *= 2)
      ;
    for (b = p / 2; b < INT_MAX / 2 && (long long)(b + 1) * (b + 2) / 2 <=
         v.bound; b++)
      ;
    for (p = b - 1; p <= b + 2; p++) {
      check_at(exact[i], p);
      if (p < 5000)
        check_terms(exact[i], p);
    }
    sk_redval_choose(exact[i], b, &v);
    SK_CHECK_INT(v.mode, SK_REDVAL_DISTINCT);
    sk_redval_choose(exact[i], b + 1, &v);
    SK_CHECK_MSG(v.mode != SK_REDVAL_DISTINCT || b >= INT_MAX / 2,
                 "exact %lld P %d", exact[i], b + 1);
    if (v.bound < INT_MAX) {
      check_at(exact[i], (int)v.bound - 1);
      check_at(exact[i], (int)v.bound);
      check_at(exact[i], (int)v.bound + 1);
    }
  }
  /* by hand, int8 (127 / 5 = 25): 6 * 7 / 2 = 21 <= 25 < 7 * 8 / 2 */
  sk_redval_choose(127, 6, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_DISTINCT);
  SK_CHECK_INT(sk_redval_upto(&v, 6), 21);
  sk_redval_choose(127, 7, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_ONES);
  sk_redval_choose(127, 16, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_ONES);
  SK_CHECK_INT(sk_redval_upto(&v, 16), 16);
  SK_CHECK_INT(sk_redval_upto(&v, 5), 5);
  sk_redval_choose(127, 25, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_ONES);
  sk_redval_choose(127, 26, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_FIRST);
  SK_CHECK_INT(sk_redval_upto(&v, 26), 25);
  SK_CHECK_INT(sk_redval_of(&v, 24), 1);
  SK_CHECK_INT(sk_redval_of(&v, 25), 0);
  sk_redval_describe(&v, note, sizeof note);
  SK_CHECK_STR(note, "processes 0 ... 24 add 1, the others 0");
  sk_redval_choose(127, 16, &v);
  sk_redval_describe(&v, note, sizeof note);
  SK_CHECK_STR(note, "every process adds 1");
  /* int32 at INT_MAX processes: 429496729 of them add 1 */
  sk_redval_choose(2147483647LL, INT_MAX, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_FIRST);
  SK_CHECK_INT(sk_redval_upto(&v, INT_MAX), 429496729LL);
  /* int32 distinct up to P = 29308: 29308 * 29309 / 2 * 5 <= 2^31 - 1 */
  sk_redval_choose(2147483647LL, 29308, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_DISTINCT);
  sk_redval_choose(2147483647LL, 29309, &v);
  SK_CHECK_INT(v.mode, SK_REDVAL_ONES);
  return sk_test_result();
}
