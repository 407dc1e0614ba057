/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * suggest.c -- the closest known name to a misspelt one.
 */
#include <config.h>

#include "suggest.h"

#include <ctype.h>
#include <string.h>

#define SK_SUGGEST_MAXLEN 64

static int sk_suggest_min3(int a, int b, int c)
{
  int m = a < b ? a : b;
  return m < c ? m : c;
}

static int sk_suggest_eq(char a, char b)
{
  return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/* Optimal string alignment distance: Levenshtein plus the swap of two
 * neighbouring letters ("MEMROY" is 1 away from "MEMORY"), on three rows
 * of the dynamic-programming table. */
int sk_suggest_distance(const char *a, const char *b)
{
  int rows[3][SK_SUGGEST_MAXLEN + 1];
  int *pp = rows[0], *p = rows[1], *c = rows[2], *t;
  size_t la = strlen(a), lb = strlen(b), i, j;
  if (la > SK_SUGGEST_MAXLEN || lb > SK_SUGGEST_MAXLEN)
    return -1;
  for (j = 0; j <= lb; j++)
    p[j] = (int)j;
  for (i = 1; i <= la; i++) {
    c[0] = (int)i;
    for (j = 1; j <= lb; j++) {
      int cost = !sk_suggest_eq(a[i - 1], b[j - 1]);
      c[j] = sk_suggest_min3(p[j] + 1, c[j - 1] + 1, p[j - 1] + cost);
      if (i > 1 && j > 1 && sk_suggest_eq(a[i - 1], b[j - 2]) &&
          sk_suggest_eq(a[i - 2], b[j - 1]) && pp[j - 2] + 1 < c[j])
        c[j] = pp[j - 2] + 1;
    }
    t = pp;
    pp = p;
    p = c;
    c = t;
  }
  return p[lb];
}

void sk_suggest_init(sk_suggest_t *s, const char *word)
{
  s->word = word;
  s->best = NULL;
  s->best_distance = -1;
}

void sk_suggest_add(sk_suggest_t *s, const char *candidate)
{
  int d = sk_suggest_distance(s->word, candidate);
  if (d >= 0 && (s->best == NULL || d < s->best_distance)) {
    s->best = candidate;
    s->best_distance = d;
  }
}

const char *sk_suggest_best(const sk_suggest_t *s)
{
  int limit = (int)strlen(s->word) / 3;
  if (limit < 1)
    limit = 1;
  if (limit > 4)
    limit = 4;
  if (s->best == NULL || s->best_distance > limit)
    return NULL;
  return s->best;
}
