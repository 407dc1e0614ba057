/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * yread_stream.c -- time lib/yread on a large result file: `suites` is
 * streamed and every point's numbers are read, as lib/rfile_load.c does.
 *
 *   awk -f tests/bench/big-result.awk > /tmp/big.yaml
 *   cc -O2 -Wall -Wextra -Ilib -o /tmp/yread_stream \
 *     tests/bench/yread_stream.c lib/yread.c lib/yread_get.c lib/msg.c \
 *     $(pkg-config --cflags --libs yaml-0.1) -lm
 *   /usr/bin/time -v /tmp/yread_stream /tmp/big.yaml
 * Prints the suites, the points and the sum of the means.
 */
#include <config.h>

#include <stdio.h>

#include "yread.h"

typedef struct {
  size_t suites, points;
  double sum;
} totals_t;

static int on_suite(sk_yread_t *y, const char *key, size_t index,
                    sk_ynode_t *suite, void *arg)
{
  static const char *const keys[] = {"argument", "mean", "stderr", "min",
                                     "median", "max", "q1", "q3"};
  sk_ynode_t *pts = sk_yread_get(y, suite, "points"), *p;
  totals_t *t = arg;
  size_t i, k;
  double v;
  long n;
  (void)key;
  (void)index;
  t->suites++;
  for (i = 0; i < sk_yread_len(pts); i++) {
    p = sk_yread_item(y, pts, i);
    for (k = 0; k < sizeof keys / sizeof *keys; k++)
      if (sk_yread_number(y, sk_yread_get(y, p, keys[k]), keys[k], &v) == 0
          && k == 1)
        t->sum += v;
    sk_yread_integer(y, sk_yread_get(y, p, "repetitions"), "repetitions",
                     &n);
    t->points++;
  }
  return 0;
}

int main(int argc, char **argv)
{
  totals_t t = {0, 0, 0};
  sk_yread_t y;
  int rc;
  if (argc != 2)
    return 2;
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", on_suite, &t);
  rc = sk_yread_file(&y, argv[1]);
  printf("rc %d errors %d end_marker %d suites %zu points %zu sum %.6g\n",
         rc, y.errors, y.end_marker, t.suites, t.points, t.sum);
  sk_yread_done(&y);
  return rc == 0 && y.errors == 0 ? 0 : 1;
}
