/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * shuffle.h -- the random order of `skampi --shuffle[=SEED]` (no MPI).
 *
 * A 64-bit SplitMix generator: the same seed gives the same sequence on
 * every machine, so a recorded seed replays the order of a run.  The
 * shuffle is Fisher-Yates from the last element down: for i = n-1 .. 1,
 * j = next() mod (i + 1), swap x[i] and x[j].
 */
#ifndef SK_SHUFFLE_H
#define SK_SHUFFLE_H

#include <stddef.h>
#include <stdint.h>

typedef struct sk_shuffle {
  uint64_t state;
} sk_shuffle_t;

void sk_shuffle_init(sk_shuffle_t *g, uint64_t seed);

/* The next 64 random bits. */
uint64_t sk_shuffle_next(sk_shuffle_t *g);

/* Puts x[0..n) in random order. */
void sk_shuffle_longs(sk_shuffle_t *g, long *x, size_t n);

/* Puts the n pairs x[2i], x[2i+1] in random order, each pair kept
 * together (the same draws as sk_shuffle_longs() on n elements). */
void sk_shuffle_pairs(sk_shuffle_t *g, long *x, size_t n);

/* A seed from the clock and the process id, for --shuffle without one. */
uint64_t sk_shuffle_seed_now(void);

/* Seeds stay below 2^53 so that any YAML reader (a double) keeps them. */
#define SK_SHUFFLE_SEED_MAX 9007199254740991ULL

/* SEED of --shuffle=SEED: a decimal number 0 .. SK_SHUFFLE_SEED_MAX; -1
 * otherwise. */
int sk_shuffle_parse_seed(const char *s, uint64_t *seed);

#endif
