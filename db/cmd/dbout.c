/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dbout.c -- numbers and escaped text for skampi-db's output (dbout.h).
 */
#include <config.h>

#include "dbout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csvcell.h"
#include "escape.h"

void sk_dbout_num(char buf[32], double v)
{
  int prec;
  if (isnan(v)) {
    buf[0] = '\0';
    return;
  }
  for (prec = 6; prec < 17; prec++) {
    snprintf(buf, 32, "%.*g", prec, v);
    if (strtod(buf, NULL) == v)
      return;
  }
  snprintf(buf, 32, "%.17g", v);
}

void sk_dbout_text(FILE *f, const char *format, const char *text)
{
  char *e = sk_escape_text(text);
  fprintf(f, format, e ? e : "?");
  free(e);
}

void sk_dbout_csv(FILE *f, const char *text)
{
  /* control characters escaped first (a leading tab becomes "\t", no
   * formula), then the one cell of every CSV */
  char *e = sk_escape_text(text);
  char *c = e ? sk_csvcell(e) : NULL;
  fputs(c ? c : "?", f);
  free(c);
  free(e);
}

void sk_dbout_bytes(char buf[32], double v)
{
  if (v >= 1048576 && fmod(v, 1048576) == 0)
    snprintf(buf, 32, "%.0f MiB", v / 1048576);
  else if (v >= 1024 && fmod(v, 1024) == 0)
    snprintf(buf, 32, "%.0f KiB", v / 1024);
  else
    sk_dbout_num(buf, v);
}

void sk_dbout_time(char buf[32], double s)
{
  static const char *const units[] = {"s", "ms", "\xc2\xb5s", "ns"};
  int u = 0;
  if (!isfinite(s)) {
    snprintf(buf, 32, "-");
    return;
  }
  while (u < 3 && fabs(s) < 1 && s != 0) {
    s *= 1000;
    u++;
  }
  snprintf(buf, 32, "%.3g %s", s, units[u]);
}
