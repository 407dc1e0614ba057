/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * decimal.h -- the decimal numbers a result file holds: which text is
 * one, and its value, correctly rounded like strtod() but without its
 * cost for the short numbers skampi writes ("1.234567e-06").
 */
#ifndef SK_DECIMAL_H
#define SK_DECIMAL_H

#include <stddef.h>

/* 1 when the LEN bytes at T are [-+]digits[.digits][e[-+]digits] with a
 * digit before the e (".5" and "5." too); with WHOLE, [-+]digits only.
 * Nothing else strtod() would take (hex, "nan", "infinity", white
 * space). */
int sk_decimal_is(const char *t, size_t len, int whole);

/* The value of the decimal T (sk_decimal_is(T, LEN, 0) holds, and
 * T[LEN] is NUL), the double nearest to it, as strtod() in the C locale
 * gives it: +-HUGE_VAL when it is too large, 0 or a subnormal when too
 * small.  Up to 19 significant digits with a decimal exponent within
 * +-22 of them is one exact multiplication or division (Clinger's fast
 * path); anything else goes to strtod(). */
double sk_decimal_value(const char *t, size_t len);

/* Both in one pass: 1 with *OUT the value when the LEN bytes at T
 * (T[LEN] is NUL) are a decimal, else 0 with *OUT untouched. */
int sk_decimal_parse(const char *t, size_t len, double *out);

#endif
