/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * units.c -- unit choice and tick labels.
 */
#include <config.h>

#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const sk_units_scale_t sk_units_times[] = {
  {1.0, "s"}, {1e3, "ms"}, {1e6, "\xc2\xb5s"}, {1e9, "ns"}
};

sk_units_scale_t sk_units_time(double lo, double hi, int logscale)
{
  size_t i, n = sizeof sk_units_times / sizeof sk_units_times[0];
  double ref = (logscale && lo > 0) ? lo : hi;
  if (!(ref > 0))
    return sk_units_times[2];
  for (i = 0; i + 1 < n; i++)
    if (ref * sk_units_times[i].factor >= 1.0)
      break;
  /* On a log axis a wide range would give "1e+06" ticks: step back. */
  while (logscale && i > 0 && hi * sk_units_times[i].factor > 1e5)
    i--;
  return sk_units_times[i];
}

sk_units_scale_t sk_units_rate(double hi)
{
  static const char *const names[] = {"B/s", "KiB/s", "MiB/s", "GiB/s",
                                      "TiB/s"};
  sk_units_scale_t u = {1.0, names[0]};
  size_t i;
  for (i = 1; i < 5 && hi >= 1024.0; i++) {
    hi /= 1024.0;
    u.factor /= 1024.0;
    u.name = names[i];
  }
  return u;
}

void sk_units_bytes(double v, char *buf, size_t size)
{
  static const char *const names[] = {"KiB", "MiB", "GiB", "TiB"};
  double x = v;
  int i = -1;
  while (i < 3 && fabs(x) >= 1024.0) {
    x /= 1024.0;
    i++;
  }
  if (i < 0)
    snprintf(buf, size, "%.4g", v);
  else
    snprintf(buf, size, "%.4g %s", x, names[i]);
}

size_t sk_units_log2_tics(double lo, double hi, double *tics, size_t max)
{
  static const int steps[] = {1, 2, 5, 10, 20};
  int k0 = (int)floor(log2(lo) + 1e-9), k1 = (int)ceil(log2(hi) - 1e-9);
  int s = 20, k;
  size_t i, n = 0;
  for (i = 0; i < 5; i++)
    if ((k1 - k0) / steps[i] + 1 <= (int)max) {
      s = steps[i];
      break;
    }
  /* Start on a multiple of the step so that 2^10 (1 KiB) is a tick. */
  k = k0 - ((k0 % s) + s) % s;
  for (; k <= k1 && n < max; k += s)
    if (ldexp(1.0, k) >= lo * (1 - 1e-9) && ldexp(1.0, k) <= hi * (1 + 1e-9))
      tics[n++] = ldexp(1.0, k);
  return n;
}

double sk_units_step(double range, int max, int integer)
{
  static const double nice[] = {1, 2, 5, 10};
  double raw, mag, step = 1;
  size_t i;
  if (!(range > 0) || max < 1)
    return 1;
  raw = range / max;
  mag = pow(10.0, floor(log10(raw)));
  for (i = 0; i < 4; i++) {
    step = nice[i] * mag;
    if (step >= raw * (1 - 1e-9))
      break;
  }
  if (integer && step < 1)
    step = 1;
  return step;
}

/* Multiples of a round step inside [lo, hi]. */
static size_t sk_units_linear_tics(double lo, double hi, double *tics,
                                   size_t max)
{
  double step = sk_units_step(hi - lo, (int)(max > 2 ? max - 1 : 1), 0);
  double v = ceil(lo / step - 1e-9) * step;
  size_t n = 0;
  for (; v <= hi * (1 + 1e-12) && n < max; v += step)
    tics[n++] = v;
  return n;
}

/* Powers of ten from 10^k0 to 10^k1 every S decades, inside [lo, hi]. */
static size_t sk_units_decades(double lo, double hi, int s, double *tics,
                               size_t max)
{
  int k0 = (int)floor(log10(lo)), k1 = (int)ceil(log10(hi)), k;
  size_t n = 0;
  double v;
  for (k = k0 - ((k0 % s) + s) % s; k <= k1; k += s) {
    v = pow(10.0, k);
    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9) && n < max)
      tics[n++] = v;
  }
  return n;
}

size_t sk_units_log10_tics(double lo, double hi, double *tics, size_t max)
{
  static const double mult[] = {1, 2, 5};
  int k0, k1, k, s = 1;
  size_t n = 0, i;
  double v;
  if (!(lo > 0) || !(hi > lo) || max == 0)
    return 0;
  if (hi / lo < 10)
    return sk_units_linear_tics(lo, hi, tics, max);
  k0 = (int)floor(log10(lo));
  k1 = (int)ceil(log10(hi));
  for (k = k0; k <= k1; k++)
    for (i = 0; i < 3; i++) {
      v = mult[i] * pow(10.0, k);
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9) && n++ < max)
        tics[n - 1] = v;
    }
  if (n <= max)
    return n;
  while ((size_t)((k1 - k0) / s + 1) > max)
    s++;
  return sk_units_decades(lo, hi, s, tics, max);
}

void sk_units_num(double v, char *buf, size_t size)
{
  int prec;
  if (isnan(v)) {
    snprintf(buf, size, "nan");
    return;
  }
  if (isinf(v)) {
    snprintf(buf, size, v < 0 ? "-inf" : "inf");
    return;
  }
  for (prec = 1; prec < 17; prec++) {
    snprintf(buf, size, "%.*g", prec, v);
    if (strtod(buf, NULL) == v)
      return;
  }
  snprintf(buf, size, "%.17g", v);
}
