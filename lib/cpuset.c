/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cpuset.c -- sets of small numbers and their list form (cpuset.h).
 */
#include <config.h>

#include "cpuset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SK_CPUSET_WORDS (SK_CPUSET_MAX / 64)
#define SK_CPUSET_TEXT_MAX 65536

void sk_cpuset_clear(sk_cpuset_t *s)
{
  memset(s, 0, sizeof *s);
}

int sk_cpuset_add(sk_cpuset_t *s, long n)
{
  if (n < 0 || n >= SK_CPUSET_MAX)
    return -1;
  s->w[n / 64] |= 1ull << (n % 64);
  return 0;
}

int sk_cpuset_has(const sk_cpuset_t *s, long n)
{
  return n >= 0 && n < SK_CPUSET_MAX && (s->w[n / 64] >> (n % 64)) & 1u;
}

long sk_cpuset_count(const sk_cpuset_t *s)
{
  long n = 0;
  size_t i;
  for (i = 0; i < SK_CPUSET_WORDS; i++)
    n += __builtin_popcountll(s->w[i]);
  return n;
}

long sk_cpuset_first(const sk_cpuset_t *s)
{
  size_t i;
  for (i = 0; i < SK_CPUSET_WORDS; i++)
    if (s->w[i] != 0)
      return (long)(i * 64) + __builtin_ctzll(s->w[i]);
  return -1;
}

int sk_cpuset_equal(const sk_cpuset_t *a, const sk_cpuset_t *b)
{
  return memcmp(a->w, b->w, sizeof a->w) == 0;
}

int sk_cpuset_overlap(const sk_cpuset_t *a, const sk_cpuset_t *b)
{
  size_t i;
  for (i = 0; i < SK_CPUSET_WORDS; i++)
    if (a->w[i] & b->w[i])
      return 1;
  return 0;
}

void sk_cpuset_union(sk_cpuset_t *a, const sk_cpuset_t *b)
{
  size_t i;
  for (i = 0; i < SK_CPUSET_WORDS; i++)
    a->w[i] |= b->w[i];
}

/* A number of 1 to 5 digits at *p, below SK_CPUSET_MAX; advances *p. */
static int sk_cpuset_number(const char **p, long *out)
{
  const char *s = *p;
  long v = 0;
  int digits = 0;
  while (*s >= '0' && *s <= '9') {
    if (++digits > 5)
      return -1;
    v = 10 * v + (*s++ - '0');
  }
  if (digits == 0 || v >= SK_CPUSET_MAX)
    return -1;
  *p = s;
  *out = v;
  return 0;
}

/* One item "a" or "a-b" at *p into s. */
static int sk_cpuset_item(const char **p, sk_cpuset_t *s)
{
  long a, b, i;
  if (sk_cpuset_number(p, &a) != 0)
    return -1;
  b = a;
  if (**p == '-') {
    (*p)++;
    if (sk_cpuset_number(p, &b) != 0 || b < a)
      return -1;
  }
  for (i = a; i <= b; i++)
    sk_cpuset_add(s, i);
  return 0;
}

int sk_cpuset_parse(const char *text, sk_cpuset_t *s)
{
  const char *p = text;
  size_t n = strnlen(text, SK_CPUSET_TEXT_MAX + 1);
  sk_cpuset_clear(s);
  if (n > SK_CPUSET_TEXT_MAX)
    return -1;
  if (n > 0 && text[n - 1] == '\n')
    n--;
  if (n == 0)
    return 0;
  for (;;) {
    if (sk_cpuset_item(&p, s) != 0)
      break;
    if ((size_t)(p - text) == n)
      return 0;
    if (*p++ != ',')
      break;
  }
  sk_cpuset_clear(s);
  return -1;
}

char *sk_cpuset_format(const sk_cpuset_t *s)
{
  /* the longest list has ranges of two, "0-1,3-4,...": at most 10
   * characters for every 3 numbers, so fewer than 4 a number */
  size_t cap = (size_t)SK_CPUSET_MAX * 4 + 1, len = 0;
  char *buf = malloc(cap), *out;
  long i = 0, j;
  if (buf == NULL)
    return NULL;
  buf[0] = '\0';
  while (i < SK_CPUSET_MAX) {
    if (!sk_cpuset_has(s, i)) {
      i++;
      continue;
    }
    for (j = i; j + 1 < SK_CPUSET_MAX && sk_cpuset_has(s, j + 1); j++)
      ;
    len += (size_t)snprintf(buf + len, cap - len, j == i ? "%s%ld"
                            : "%s%ld-%ld", len ? "," : "", i, j);
    i = j + 1;
  }
  out = strdup(buf);            /* the list's own size, not the bound's */
  free(buf);
  return out;
}
