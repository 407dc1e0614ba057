/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * decimal.c -- decimal numbers: the check and the value (decimal.h).
 */
#include <config.h>

#include "decimal.h"

#include <float.h>
#include <stdint.h>
#include <stdlib.h>

#define SK_DECIMAL_DIGIT(c) ((c) >= '0' && (c) <= '9')

/* A decimal read so far: its significant digits as an integer (while
 * there are at most 19 of them) and the power of ten they are scaled by. */
typedef struct sk_decimal {
  uint64_t m;
  long e;
  int nd;                   /* significant digits */
  int fits;                 /* m holds them all and e is moderate */
} sk_decimal_t;

static inline void sk_decimal_digit(sk_decimal_t *d, char c)
{
  if (d->m == 0 && c == '0')
    return;                 /* a leading zero adds no digit */
  if (++d->nd > 19)
    d->fits = 0;
  else
    d->m = d->m * 10 + (uint64_t)(c - '0');
}

/* 1 when T is [-+]digits[.digits][e[-+]digits] with a digit before the
 * e, with *D its digits and scale. */
static int sk_decimal_scan(const char *t, size_t len, sk_decimal_t *d)
{
  size_t i = 0, start;
  long x = 0;
  int seen = 0, neg;
  d->m = 0;
  d->e = 0;
  d->nd = 0;
  d->fits = 1;
  if (i < len && (t[i] == '-' || t[i] == '+'))
    i++;
  for (; i < len && SK_DECIMAL_DIGIT(t[i]); i++, seen++)
    sk_decimal_digit(d, t[i]);
  if (i < len && t[i] == '.')
    for (i++; i < len && SK_DECIMAL_DIGIT(t[i]); i++, seen++) {
      sk_decimal_digit(d, t[i]);
      d->e--;               /* a digit after the point: one place down */
    }
  if (seen == 0)
    return 0;
  if (i < len && (t[i] == 'e' || t[i] == 'E')) {
    neg = ++i < len && t[i] == '-';
    if (i < len && (t[i] == '-' || t[i] == '+'))
      i++;
    for (start = i; i < len && SK_DECIMAL_DIGIT(t[i]); i++)
      if (x <= 100000)      /* beyond: strtod() decides */
        x = 10 * x + (t[i] - '0');
    if (i == start)
      return 0;
    if (x > 100000)
      d->fits = 0;
    d->e += neg ? -x : x;
  }
  return i == len;
}

int sk_decimal_is(const char *t, size_t len, int whole)
{
  sk_decimal_t d;
  size_t i = 0;
  if (!whole)
    return sk_decimal_scan(t, len, &d);
  if (i < len && (t[i] == '-' || t[i] == '+'))
    i++;
  if (i == len)
    return 0;
  for (; i < len && SK_DECIMAL_DIGIT(t[i]); i++)
    continue;
  return i == len;
}

#if FLT_EVAL_METHOD == 0
/* The powers of ten a double holds exactly. */
static const double sk_decimal_pow10[23] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
  1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};
#endif

/* The value of the scanned decimal T. */
static double sk_decimal_convert(const char *t, const sk_decimal_t *d)
{
#if FLT_EVAL_METHOD == 0
  /* At most 2^53 and a power of ten up to 10^22: both operands exact
   * and one correctly rounded operation, so the nearest double, as
   * strtod() rounds (Clinger 1990). */
  double v;
  if (d->fits && d->m <= (UINT64_C(1) << 53) && d->e >= -22 && d->e <= 22) {
    v = d->e < 0 ? (double)d->m / sk_decimal_pow10[-d->e]
                 : (double)d->m * sk_decimal_pow10[d->e];
    return t[0] == '-' ? -v : v;
  }
#else
  (void)d;
#endif
  return strtod(t, NULL);
}

double sk_decimal_value(const char *t, size_t len)
{
  sk_decimal_t d;
  sk_decimal_scan(t, len, &d);
  return sk_decimal_convert(t, &d);
}

int sk_decimal_parse(const char *t, size_t len, double *out)
{
  sk_decimal_t d;
  /* most text that is no number fails at its first byte */
  if (len == 0 || !(SK_DECIMAL_DIGIT(t[0]) || t[0] == '-' || t[0] == '+' ||
                    t[0] == '.') || !sk_decimal_scan(t, len, &d))
    return 0;
  *out = sk_decimal_convert(t, &d);
  return 1;
}
