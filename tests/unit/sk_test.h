/*
 * sk_test.h -- the few macros the C unit tests share.
 *
 * A failed check prints "file:line: what was expected, and the values",
 * counts the failure and lets the test go on, so one run shows every
 * failure.  main() ends with `return sk_test_result();`: 0 when all checks
 * passed, 1 otherwise (the automake harness reads the exit status).
 */
#ifndef SK_TEST_H
#define SK_TEST_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int sk_test_failures;
static int sk_test_checks;

static inline int sk_test_fail_(const char *file, int line)
{
  sk_test_failures++;
  fprintf(stderr, "%s:%d: check failed: ", file, line);
  return 0;
}

/* SK_CHECK(cond): cond must hold. */
#define SK_CHECK(cond)                                                   \
  do {                                                                   \
    sk_test_checks++;                                                    \
    if (!(cond)) {                                                       \
      sk_test_fail_(__FILE__, __LINE__);                                 \
      fprintf(stderr, "%s\n", #cond);                                    \
    }                                                                    \
  } while (0)

/* SK_CHECK_INT(got, want): integers (any width) are equal. */
#define SK_CHECK_INT(got, want)                                          \
  do {                                                                   \
    long long sk_g_ = (long long)(got), sk_w_ = (long long)(want);      \
    sk_test_checks++;                                                    \
    if (sk_g_ != sk_w_) {                                                \
      sk_test_fail_(__FILE__, __LINE__);                                 \
      fprintf(stderr, "%s == %s: got %lld, want %lld\n", #got, #want,    \
              sk_g_, sk_w_);                                             \
    }                                                                    \
  } while (0)

/* SK_CHECK_NEAR(got, want, tol): |got - want| <= tol. */
#define SK_CHECK_NEAR(got, want, tol)                                    \
  do {                                                                   \
    double sk_g_ = (got), sk_w_ = (want);                                \
    sk_test_checks++;                                                    \
    if (!(fabs(sk_g_ - sk_w_) <= (tol))) {                               \
      sk_test_fail_(__FILE__, __LINE__);                                 \
      fprintf(stderr, "%s ~ %s: got %.17g, want %.17g (tol %g)\n", #got, \
              #want, sk_g_, sk_w_, (double)(tol));                       \
    }                                                                    \
  } while (0)

/* SK_CHECK_STR(got, want): C strings are equal; NULL only equals NULL. */
#define SK_CHECK_STR(got, want)                                          \
  do {                                                                   \
    const char *sk_g_ = (got), *sk_w_ = (want);                          \
    sk_test_checks++;                                                    \
    if (!(sk_g_ == sk_w_ || (sk_g_ && sk_w_ && !strcmp(sk_g_, sk_w_)))) {\
      sk_test_fail_(__FILE__, __LINE__);                                 \
      fprintf(stderr, "%s == %s: got \"%s\", want \"%s\"\n", #got,      \
              #want, sk_g_ ? sk_g_ : "(null)", sk_w_ ? sk_w_ : "(null)");\
    }                                                                    \
  } while (0)

/* SK_CHECK_LONGS(got, ngot, want, nwant): two arrays of long are equal;
 * on failure both are printed. */
#define SK_CHECK_LONGS(got, ngot, want, nwant)                           \
  do {                                                                   \
    sk_test_checks++;                                                    \
    if (!sk_test_longs_equal_((got), (ngot), (want), (nwant))) {         \
      sk_test_fail_(__FILE__, __LINE__);                                 \
      fprintf(stderr, "%s == %s\n", #got, #want);                        \
      sk_test_print_longs_("  got ", (got), (ngot));                     \
      sk_test_print_longs_("  want", (want), (nwant));                   \
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

/* The exit status of a test program; prints a one-line summary. */
static inline int sk_test_result(void)
{
  fprintf(stderr, "%d of %d checks failed\n", sk_test_failures,
          sk_test_checks);
  return sk_test_failures ? 1 : 0;
}

#endif
