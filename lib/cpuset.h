/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cpuset.h -- a set of small numbers (CPUs, packages, NUMA nodes) and
 * its list form "0-3,6,8-9", as Linux writes cpulist files and skampi
 * writes them in a result's node map (no MPI, no system calls).
 *
 * A set holds the numbers 0 .. SK_CPUSET_MAX - 1 (1 KiB of bits): more
 * than the CPUs of any node we know of (Linux's CPU_SETSIZE is 1024).
 * The parser is for untrusted text: it refuses rather than guesses.
 */
#ifndef SK_CPUSET_H
#define SK_CPUSET_H

#include <stddef.h>

#define SK_CPUSET_MAX 8192

typedef struct sk_cpuset {
  unsigned long long w[SK_CPUSET_MAX / 64];
} sk_cpuset_t;

void sk_cpuset_clear(sk_cpuset_t *s);
/* Adds n; a number >= SK_CPUSET_MAX is ignored (and -1 returned). */
int sk_cpuset_add(sk_cpuset_t *s, long n);
int sk_cpuset_has(const sk_cpuset_t *s, long n);
/* How many numbers are in s. */
long sk_cpuset_count(const sk_cpuset_t *s);
/* The smallest number in s, -1 when s is empty. */
long sk_cpuset_first(const sk_cpuset_t *s);
int sk_cpuset_equal(const sk_cpuset_t *a, const sk_cpuset_t *b);
/* Whether a and b have a number in common. */
int sk_cpuset_overlap(const sk_cpuset_t *a, const sk_cpuset_t *b);
/* *a = *a | *b. */
void sk_cpuset_union(sk_cpuset_t *a, const sk_cpuset_t *b);

/* Reads "0-3,6,8-9" (also "" for the empty set, a trailing newline, and
 * ranges of one number "5-5") into *s.  -1, *s cleared, for anything
 * else: a blank, a sign, a descending range "3-1", a number of more
 * than 5 digits or >= SK_CPUSET_MAX, an empty item ",,", text longer
 * than 64 KiB. */
int sk_cpuset_parse(const char *text, sk_cpuset_t *s);

/* s in list form, a new string the caller frees ("" for the empty set);
 * NULL when memory ran out. */
char *sk_cpuset_format(const sk_cpuset_t *s);

#endif
