/*
 * engine_check.h -- the few assertions the engine's C unit tests share.
 *
 * A failed check prints file:line and the expression and counts; the test
 * program ends with sk_check_done(), which turns the count into the exit
 * status the automake harness reads (0 pass, 1 fail).
 */
#ifndef SK_ENGINE_CHECK_H
#define SK_ENGINE_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int sk_check_failures;

#define SK_CHECK(cond) do { \
    if (!(cond)) { \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      sk_check_failures++; \
    } \
  } while (0)

/* Equal to within a relative 1e-12 (exact up to the last bits of rounding). */
#define SK_CHECK_NEAR(got, want) do { \
    double sk_g_ = (got), sk_w_ = (want); \
    if (!(fabs(sk_g_ - sk_w_) <= 1e-12 * fabs(sk_w_) || sk_g_ == sk_w_)) { \
      fprintf(stderr, "%s:%d: %s = %.17g, want %.17g\n", __FILE__, __LINE__, \
              #got, sk_g_, sk_w_); \
      sk_check_failures++; \
    } \
  } while (0)

#define SK_CHECK_STR(got, want) do { \
    const char *sk_g_ = (got), *sk_w_ = (want); \
    if (sk_g_ == NULL || strcmp(sk_g_, sk_w_) != 0) { \
      fprintf(stderr, "%s:%d: %s = \"%s\", want \"%s\"\n", __FILE__, __LINE__, \
              #got, sk_g_ ? sk_g_ : "(null)", sk_w_); \
      sk_check_failures++; \
    } \
  } while (0)

static int sk_check_done(void)
{
  if (sk_check_failures)
    fprintf(stderr, "%d check(s) failed\n", sk_check_failures);
  return sk_check_failures ? 1 : 0;
}

#endif
