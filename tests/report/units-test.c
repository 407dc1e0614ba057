/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * units-test.c -- the unit and tick choices of report/units.c.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "units.h"
#include "../unit/sk_test.h"

static void check_bytes(double v, const char *want)
{
  char buf[32];
  sk_units_bytes(v, buf, sizeof buf);
  SK_CHECK_MSG(strcmp(buf, want) == 0, "bytes %g: got '%s', want '%s'", v,
               buf, want);
}

static void check_num(double v, const char *want)
{
  char buf[40];
  sk_units_num(v, buf, sizeof buf);
  SK_CHECK_MSG(strcmp(buf, want) == 0, "num %g: got '%s', want '%s'", v, buf,
               want);
}

static void check_time(double lo, double hi, int logscale, const char *want)
{
  const char *got = sk_units_time(lo, hi, logscale).name;
  SK_CHECK_MSG(strcmp(got, want) == 0, "time unit of %g..%g: got '%s', "
               "want '%s'", lo, hi, got, want);
}

/* TICS must equal the WANT list of N values (to 1e-9 relative). */
static void check_tics(const char *what, const double *tics, size_t n,
                       const double *want, size_t nwant)
{
  size_t i;
  SK_CHECK_MSG(n == nwant, "%s: %zu ticks, want %zu", what, n, nwant);
  if (n != nwant)
    return;
  for (i = 0; i < n; i++)
    SK_CHECK_MSG(!(fabs(tics[i] - want[i]) > 1e-9 * want[i]),
                 "%s: tick %zu is %g, want %g", what, i, tics[i], want[i]);
}

static void test_log2(void)
{
  double t[16];
  static const double all[] = {1, 4, 16, 64, 256, 1024, 4096, 16384, 65536,
                               262144, 1048576};
  static const double few[] = {8, 16, 32, 64};
  static const double wide[] = {1, 32, 1024, 32768, 1048576, 33554432,
                                1073741824};
  check_tics("1..1MiB", t, sk_units_log2_tics(0.9, 1.1e6, t, 12), all, 11);
  check_tics("8..64", t, sk_units_log2_tics(7, 70, t, 12), few, 4);
  check_tics("1..1GiB", t, sk_units_log2_tics(1, 1.1e9, t, 12), wide, 7);
}

static void test_log10(void)
{
  double t[16];
  static const double decades125[] = {1, 2, 5, 10, 20, 50, 100};
  static const double inside[] = {1.2, 1.3, 1.4, 1.5, 1.6, 1.7};
  static const double decades[] = {1e-3, 1e-2, 1e-1, 1, 10, 100, 1e3, 1e4,
                                   1e5};
  check_tics("0.85..170", t, sk_units_log10_tics(0.85, 170, t, 10),
             decades125, 7);
  check_tics("1.15..1.75", t, sk_units_log10_tics(1.15, 1.75, t, 10),
             inside, 6);
  check_tics("1e-3..2e5", t, sk_units_log10_tics(1e-3, 2e5, t, 10),
             decades, 9);
}

int main(void)
{
  check_bytes(1, "1");
  check_bytes(512, "512");
  check_bytes(1024, "1 KiB");
  check_bytes(1536, "1.5 KiB");
  check_bytes(1048576, "1 MiB");
  check_bytes(1073741824, "1 GiB");
  check_num(1.234e-06, "1.234e-06");
  check_num(0.1, "0.1");
  check_num(1024, "1024");
  check_num(1.0 / 3, "0.3333333333333333");
  check_num(NAN, "nan");
  check_time(1.5e-6, 1e-4, 1, "\xc2\xb5s");
  check_time(1.5e-6, 2.0, 1, "ms");
  check_time(1e-3, 2e-3, 0, "ms");
  check_time(1e-9, 9e-4, 0, "\xc2\xb5s");
  check_time(3e-9, 8e-9, 1, "ns");
  check_time(2, 50, 1, "s");
  SK_CHECK_STR(sk_units_rate(900).name, "B/s");
  SK_CHECK_STR(sk_units_rate(5e9).name, "GiB/s");
  SK_CHECK_STR(sk_units_rate(2e8).name, "MiB/s");
  SK_CHECK(sk_units_step(7.3, 8, 0) == 1);
  SK_CHECK(sk_units_step(0.3, 8, 1) == 1);
  SK_CHECK(sk_units_step(4000, 8, 0) == 500);
  test_log2();
  test_log10();
  return sk_test_result();
}
