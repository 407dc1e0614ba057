/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * shuffle.c -- SplitMix64 and Fisher-Yates.
 */
#include <config.h>

#include "shuffle.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

void sk_shuffle_init(sk_shuffle_t *g, uint64_t seed)
{
  g->state = seed;
}

/* SplitMix64 (Steele, Lea, Flood 2014): a Weyl sequence through a
 * 64-bit finalizer. */
uint64_t sk_shuffle_next(sk_shuffle_t *g)
{
  uint64_t z = (g->state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void sk_shuffle_longs(sk_shuffle_t *g, long *x, size_t n)
{
  size_t i;
  for (i = n; i > 1; i--) {
    size_t j = (size_t)(sk_shuffle_next(g) % (uint64_t)i);
    long t = x[i - 1];
    x[i - 1] = x[j];
    x[j] = t;
  }
}

void sk_shuffle_pairs(sk_shuffle_t *g, long *x, size_t n)
{
  size_t i;
  for (i = n; i > 1; i--) {
    size_t j = (size_t)(sk_shuffle_next(g) % (uint64_t)i);
    long a = x[2 * (i - 1)], b = x[2 * (i - 1) + 1];
    x[2 * (i - 1)] = x[2 * j];
    x[2 * (i - 1) + 1] = x[2 * j + 1];
    x[2 * j] = a;
    x[2 * j + 1] = b;
  }
}

uint64_t sk_shuffle_seed_now(void)
{
  struct timespec ts;
  sk_shuffle_t g;
  clock_gettime(CLOCK_REALTIME, &ts);
  sk_shuffle_init(&g, (uint64_t)ts.tv_sec * UINT64_C(1000000000) +
                      (uint64_t)ts.tv_nsec + ((uint64_t)getpid() << 40));
  /* one step, and keep it below 2^53 so a YAML reader's double holds it */
  return sk_shuffle_next(&g) >> 11;
}

int sk_shuffle_parse_seed(const char *s, uint64_t *seed)
{
  char *end;
  unsigned long long v;
  if (*s < '0' || *s > '9')
    return -1;
  errno = 0;
  v = strtoull(s, &end, 10);
  if (errno != 0 || *end != '\0' || v > SK_SHUFFLE_SEED_MAX)
    return -1;
  *seed = (uint64_t)v;
  return 0;
}
