/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * copyrate.c -- the machine's copy rate, measured apart from skampi for
 * tests/mpi/suites-p2.sh: memcpy of 1 KiB to 4 MiB, each size copied
 * back and forth in loops of about a millisecond for about 50 ms, the
 * best loop of each size; prints the best rate of any size in bytes per
 * second.  A sanity bound, not a benchmark: another task only slows it.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The best rate of copies of n bytes between a and b, B/s. */
static double best_rate(char *a, char *b, size_t n)
{
  double best = 0.0, t0 = now(), start, el;
  long loops = 1, i;
  while (now() - t0 < 0.05) {
    start = now();
    for (i = 0; i < loops; i++) {
      memcpy(b, a, n);
      memcpy(a, b, n);
    }
    el = now() - start;
    if (el < 1e-3)
      loops *= 2;
    else if (2.0 * (double)n * (double)loops / el > best)
      best = 2.0 * (double)n * (double)loops / el;
  }
  return best;
}

int main(void)
{
  size_t max = 4u << 20, n;
  char *a = malloc(max), *b = malloc(max);
  double best = 0.0, r;
  if (a == NULL || b == NULL)
    return 1;
  memset(a, 1, max);
  memset(b, 2, max);
  for (n = 1024; n <= max; n *= 4)
    if ((r = best_rate(a, b, n)) > best)
      best = r;
  printf("%.6g\n", best);
  free(a);
  free(b);
  return best > 0.0 ? 0 : 1;
}
