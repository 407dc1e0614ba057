/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_decimal.c -- decimal numbers (lib/decimal.h): which text is one,
 * and a value bit for bit what strtod() gives, on the fast path and off
 * it.
 */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "sk_test.h"

/* sk_decimal_value(T) and strtod(T) are the same double (bits: the sign
 * of zero counts). */
static int same_as_strtod(const char *t)
{
  double a = sk_decimal_value(t, strlen(t)), b = strtod(t, NULL), c = -1;
  return memcmp(&a, &b, sizeof a) == 0 &&
         sk_decimal_parse(t, strlen(t), &c) == 1 &&
         memcmp(&c, &b, sizeof c) == 0;
}

static void test_is(void)
{
  static const char *const yes[] = {"0", "-1", "+1", "1.5", ".5", "5.",
                                    "1e3", "1E-3", "-2.5e+10", "007"};
  static const char *const no[] = {"", "-", ".", "e3", "1e", "1e+", "0x10",
                                   " 1", "1 ", "nan", "inf", ".inf", "1.2.3",
                                   "1,5", "--1", "1e3.5"};
  double v = 42;
  size_t i;
  for (i = 0; i < sizeof yes / sizeof *yes; i++)
    SK_CHECK_MSG(sk_decimal_is(yes[i], strlen(yes[i]), 0), "'%s'", yes[i]);
  for (i = 0; i < sizeof no / sizeof *no; i++) {
    SK_CHECK_MSG(!sk_decimal_is(no[i], strlen(no[i]), 0), "'%s'", no[i]);
    SK_CHECK_MSG(!sk_decimal_parse(no[i], strlen(no[i]), &v) && v == 42,
                 "'%s'", no[i]);
  }
  SK_CHECK(sk_decimal_is("-12", 3, 1));
  SK_CHECK(!sk_decimal_is("1.0", 3, 1));
  SK_CHECK(!sk_decimal_is("1e3", 3, 1));
  SK_CHECK(!sk_decimal_is("-", 1, 1));
  SK_CHECK(!sk_decimal_is("", 0, 1));
  /* only LEN bytes count */
  SK_CHECK(sk_decimal_is("12x", 2, 0));
}

/* Hand-picked: the values skampi writes, zeros, the edges of the fast
 * path (2^53, 19 digits, 10^+-22) and beyond them (strtod decides). */
static void test_edges(void)
{
  static const char *const v[] = {
    "0", "-0", "+0", "0.0", "-0.0", "0e999999", "1", "-1", "8", "100",
    "1.000000e-06", "1.234567e-06", "9.999999e-01", "2.500000e+00",
    "0.1", "0.2", "0.3", "3.14159", ".5", "5.", "007", "1e22", "1e23",
    "1e-22", "1e-23", "9007199254740992", "9007199254740993",
    "9007199254740991.5", "1234567890123456789", "12345678901234567890",
    "0.000000000000000000000000001", "123456789e-30", "1e308", "1e309",
    "-1e309", "1e-320", "1e-400", "4.9406564584124654e-324",
    "2.2250738585072014e-308", "1.7976931348623157e308",
    "17976931348623157e292", "1e100000", "1e-100000", "3e-5", "1E+3",
    "123.456e1", "0.000001e6"};
  size_t i;
  for (i = 0; i < sizeof v / sizeof *v; i++)
    SK_CHECK_MSG(same_as_strtod(v[i]), "'%s': %.17g, strtod %.17g", v[i],
                 sk_decimal_value(v[i], strlen(v[i])), strtod(v[i], NULL));
}

/* Many numbers in the writer's "%.6e" and "%.17g" and random digit
 * strings with random exponents: every one as strtod() has it. */
static void test_random(void)
{
  uint64_t x = 88172645463325252ull;
  char t[64];
  int i, bad = 0;
  for (i = 0; i < 200000; i++) {
    double d;
    int k, nd;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    memcpy(&d, &x, sizeof d);
    if (!isfinite(d))
      continue;
    switch (i % 4) {
    case 0:
      snprintf(t, sizeof t, "%.6e", d);
      break;
    case 3:             /* times as skampi writes them: the fast path */
      snprintf(t, sizeof t, "%.6e",
               ldexp((double)(x >> 11), -53) * pow(10, (int)(x % 16) - 12));
      break;
    case 1:
      snprintf(t, sizeof t, "%.17g", ldexp((double)(x >> 11), -40));
      break;
    default:            /* up to 21 digits, a point somewhere, e-30..30 */
      nd = 1 + (int)(x % 21);
      for (k = 0; k < nd; k++)
        t[k] = (char)('0' + (x >> (3 * k)) % 10);
      t[nd] = '\0';
      if (x % 2)
        t[(x >> 5) % (unsigned)nd] = '.';
      snprintf(t + nd, sizeof t - (size_t)nd, "e%d", (int)((x >> 20) % 61) - 30);
      break;
    }
    if (!sk_decimal_is(t, strlen(t), 0))
      continue;         /* "%.17g" of 0 has no exponent: still decimal */
    if (!same_as_strtod(t) && bad++ < 10)
      SK_CHECK_MSG(0, "'%s': %.17g, strtod %.17g", t,
                   sk_decimal_value(t, strlen(t)), strtod(t, NULL));
  }
  SK_CHECK_INT(bad, 0);
}

int main(void)
{
  test_is();
  test_edges();
  test_random();
  return sk_test_result();
}
