/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * wilcoxon-p.c -- prints src/wilcoxon's p-values for two samples given on
 * the command line, so that tests/tools/compare.sh can check the CSV of
 * skampi-report --compare against the module it must use.
 *
 *   wilcoxon-p "a1 a2 ..." "b1 b2 ..."
 *   -> P_TWO_SIDED,P_LESS,P_GREATER,METHOD   (%.17g)
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "wilcoxon.h"

static size_t parse(const char *s, double *v, size_t max)
{
  size_t n = 0;
  char *end;
  while (n < max) {
    v[n] = strtod(s, &end);
    if (end == s)
      break;
    n++;
    s = end;
  }
  return n;
}

int main(int argc, char **argv)
{
  double a[256], b[256];
  size_t na, nb;
  sk_wilcoxon_t w;
  if (argc != 3)
    return 2;
  na = parse(argv[1], a, 256);
  nb = parse(argv[2], b, 256);
  if (sk_wilcoxon_test(a, na, b, nb, SK_WILCOXON_AUTO, &w) != 0)
    return 1;
  printf("%.17g,%.17g,%.17g,%s\n", w.p_two_sided, w.p_less, w.p_greater,
         sk_wilcoxon_method_name(w.method));
  return 0;
}
