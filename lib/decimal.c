/*
 * decimal.c -- decimal numbers: the check and the value (decimal.h).
 */
#include <config.h>

#include "decimal.h"

#include <float.h>
#include <stdint.h>
#include <stdlib.h>

#define SK_DECIMAL_DIGIT(c) ((c) >= '0' && (c) <= '9')

int sk_decimal_is(const char *t, size_t len, int whole)
{
  size_t i = 0, d = 0, e = 0;
  if (i < len && (t[i] == '-' || t[i] == '+'))
    i++;
  for (; i < len && SK_DECIMAL_DIGIT(t[i]); i++)
    d++;
  if (whole)
    return d > 0 && i == len;
  if (i < len && t[i] == '.')
    for (i++; i < len && SK_DECIMAL_DIGIT(t[i]); i++)
      d++;
  if (d == 0)
    return 0;
  if (i < len && (t[i] == 'e' || t[i] == 'E')) {
    i++;
    if (i < len && (t[i] == '-' || t[i] == '+'))
      i++;
    for (; i < len && SK_DECIMAL_DIGIT(t[i]); i++)
      e++;
    if (e == 0)
      return 0;
  }
  return i == len;
}

#if FLT_EVAL_METHOD == 0
/* The powers of ten a double holds exactly. */
static const double sk_decimal_pow10[23] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
  1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* The significant digits of T as an integer *M (at most 19 of them)
 * and the power of ten they are to be scaled by; 0 when there are more
 * digits or the exponent is far out (strtod() decides those). */
static int sk_decimal_split(const char *t, size_t len, uint64_t *m,
                            long *exp10)
{
  size_t i = 0;
  int nd = 0, point = 0, neg;
  long e = 0, x = 0;
  *m = 0;
  if (t[i] == '-' || t[i] == '+')
    i++;
  for (; i < len && (SK_DECIMAL_DIGIT(t[i]) || t[i] == '.'); i++) {
    if (t[i] == '.') {
      point = 1;
      continue;
    }
    e -= point;             /* a digit after the point: one place down */
    if (*m == 0 && t[i] == '0')
      continue;             /* a leading zero adds no digit */
    if (++nd > 19)
      return 0;
    *m = *m * 10 + (uint64_t)(t[i] - '0');
  }
  if (i < len) {            /* the exponent: e, its sign, its digits */
    neg = t[++i] == '-';
    if (t[i] == '-' || t[i] == '+')
      i++;
    for (; i < len; i++) {
      x = 10 * x + (t[i] - '0');
      if (x > 100000)
        return 0;
    }
    e += neg ? -x : x;
  }
  *exp10 = e;
  return 1;
}
#endif

double sk_decimal_value(const char *t, size_t len)
{
#if FLT_EVAL_METHOD == 0
  /* Both operands exact and one correctly rounded operation: the
   * nearest double, as strtod() rounds (Clinger 1990). */
  uint64_t m;
  long e;
  double v;
  if (sk_decimal_split(t, len, &m, &e) && m <= (UINT64_C(1) << 53) &&
      e >= -22 && e <= 22) {
    v = e < 0 ? (double)m / sk_decimal_pow10[-e]
              : (double)m * sk_decimal_pow10[e];
    return t[0] == '-' ? -v : v;
  }
#else
  (void)len;
#endif
  return strtod(t, NULL);
}
