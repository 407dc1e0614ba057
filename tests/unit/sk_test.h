/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sk_test.h -- the one assertion kit of every C test under tests/.
 *
 * A failed check prints "file:line: check failed: EXPRESSION" and, where
 * the macro knows them, the values it compared; it counts the failure and
 * lets the test go on, so one run shows every failure.  main() ends with
 * `return sk_test_result();`: 0 when all checks passed, 1 otherwise (the
 * automake harness reads the exit status).
 *
 *   SK_CHECK(cond)                         cond holds
 *   SK_CHECK_MSG(cond, fmt, ...)           cond holds; on failure also
 *                                          prints the printf-style message
 *                                          (the case a helper is checking)
 *   SK_CHECK_INT(got, want)                integers (any width) are equal
 *   SK_CHECK_NEAR(got, want, tol)          |got - want| <= tol (absolute)
 *   SK_CHECK_REL(got, want, rel)           |got - want| <= rel * |want|,
 *                                          or got == want (relative)
 *   SK_CHECK_STR(got, want)                C strings are equal; NULL only
 *                                          equals NULL
 *   SK_CHECK_LONGS(got, ngot, want, nwant) arrays of long are equal
 *   sk_test_result()                       the exit status; prints
 *                                          "N of M checks failed"
 *
 * Every macro evaluates each argument once.  A NaN is never near, nor
 * relatively close to, anything.  sk_test_failures may be read: an MPI
 * test sums it over the ranks so that every rank exits alike.
 */
#ifndef SK_TEST_H
#define SK_TEST_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int sk_test_failures;
static int sk_test_checks;

/* Counts a failure and starts its message. */
static inline void sk_test_fail_(const char *file, int line, const char *expr)
{
  sk_test_failures++;
  fprintf(stderr, "%s:%d: check failed: %s", file, line, expr);
}

#define SK_CHECK(cond)                                                   \
  do {                                                                   \
    sk_test_checks++;                                                    \
    if (!(cond)) {                                                       \
      sk_test_fail_(__FILE__, __LINE__, #cond);                          \
      fprintf(stderr, "\n");                                             \
    }                                                                    \
  } while (0)

#define SK_CHECK_MSG(cond, ...)                                          \
  do {                                                                   \
    sk_test_checks++;                                                    \
    if (!(cond)) {                                                       \
      sk_test_fail_(__FILE__, __LINE__, #cond);                          \
      fprintf(stderr, ": ");                                             \
      fprintf(stderr, __VA_ARGS__);                                      \
      fprintf(stderr, "\n");                                             \
    }                                                                    \
  } while (0)

#define SK_CHECK_INT(got, want)                                          \
  do {                                                                   \
    long long sk_g_ = (long long)(got), sk_w_ = (long long)(want);      \
    sk_test_checks++;                                                    \
    if (sk_g_ != sk_w_) {                                                \
      sk_test_fail_(__FILE__, __LINE__, #got " == " #want);              \
      fprintf(stderr, ": got %lld, want %lld\n", sk_g_, sk_w_);          \
    }                                                                    \
  } while (0)

#define SK_CHECK_NEAR(got, want, tol)                                    \
  do {                                                                   \
    double sk_g_ = (got), sk_w_ = (want), sk_t_ = (tol);                 \
    sk_test_checks++;                                                    \
    if (!(fabs(sk_g_ - sk_w_) <= sk_t_)) {                               \
      sk_test_fail_(__FILE__, __LINE__, #got " ~ " #want);               \
      fprintf(stderr, ": got %.17g, want %.17g (tol %g)\n", sk_g_,       \
              sk_w_, sk_t_);                                             \
    }                                                                    \
  } while (0)

#define SK_CHECK_REL(got, want, rel)                                     \
  do {                                                                   \
    double sk_g_ = (got), sk_w_ = (want), sk_r_ = (rel);                 \
    sk_test_checks++;                                                    \
    if (!(fabs(sk_g_ - sk_w_) <= sk_r_ * fabs(sk_w_) || sk_g_ == sk_w_)) {\
      sk_test_fail_(__FILE__, __LINE__, #got " ~ " #want);               \
      fprintf(stderr, ": got %.17g, want %.17g (rel %g)\n", sk_g_,       \
              sk_w_, sk_r_);                                             \
    }                                                                    \
  } while (0)

#define SK_CHECK_STR(got, want)                                          \
  do {                                                                   \
    const char *sk_g_ = (got), *sk_w_ = (want);                          \
    sk_test_checks++;                                                    \
    if (!(sk_g_ == sk_w_ || (sk_g_ && sk_w_ && !strcmp(sk_g_, sk_w_)))) {\
      sk_test_fail_(__FILE__, __LINE__, #got " == " #want);              \
      fprintf(stderr, ": got \"%s\", want \"%s\"\n",                     \
              sk_g_ ? sk_g_ : "(null)", sk_w_ ? sk_w_ : "(null)");       \
    }                                                                    \
  } while (0)

#define SK_CHECK_LONGS(got, ngot, want, nwant)                           \
  do {                                                                   \
    const long *sk_ga_ = (got), *sk_wa_ = (want);                        \
    size_t sk_gn_ = (ngot), sk_wn_ = (nwant);                            \
    sk_test_checks++;                                                    \
    if (!sk_test_longs_equal_(sk_ga_, sk_gn_, sk_wa_, sk_wn_)) {         \
      sk_test_fail_(__FILE__, __LINE__, #got " == " #want);              \
      fprintf(stderr, "\n");                                             \
      sk_test_print_longs_("  got ", sk_ga_, sk_gn_);                    \
      sk_test_print_longs_("  want", sk_wa_, sk_wn_);                    \
    }                                                                    \
  } while (0)

static inline int sk_test_longs_equal_(const long *a, size_t na,
                                       const long *b, size_t nb)
{
  if (na != nb)
    return 0;
  for (size_t i = 0; i < na; i++)
    if (a[i] != b[i])
      return 0;
  return 1;
}

static inline void sk_test_print_longs_(const char *label, const long *a,
                                        size_t n)
{
  fprintf(stderr, "%s (%zu):", label, n);
  for (size_t i = 0; i < n; i++)
    fprintf(stderr, " %ld", a[i]);
  fprintf(stderr, "\n");
}

static inline int sk_test_result(void)
{
  fprintf(stderr, "%d of %d checks failed\n", sk_test_failures,
          sk_test_checks);
  return sk_test_failures ? 1 : 0;
}

#endif
