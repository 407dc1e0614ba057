/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * redval.c -- the values of a reduction's integrity check (redval.h).
 */
#include <config.h>

#include "redval.h"

#include <stdio.h>

void sk_redval_choose(long long exact, int procs, sk_redval_t *v)
{
  long long b = exact / SK_REDVAL_SCALE, p = procs;
  v->bound = b;
  /* p (p + 1) / 2 <= b without overflow: p <= INT_MAX, so p (p + 1)
   * is below 2^62 */
  if (p * (p + 1) / 2 <= b)
    v->mode = SK_REDVAL_DISTINCT;
  else if (p <= b)
    v->mode = SK_REDVAL_ONES;
  else
    v->mode = SK_REDVAL_FIRST;
}

long long sk_redval_of(const sk_redval_t *v, int rank)
{
  switch (v->mode) {
  case SK_REDVAL_DISTINCT: return (long long)rank + 1;
  case SK_REDVAL_ONES: return 1;
  default: return rank < v->bound ? 1 : 0;
  }
}

long long sk_redval_upto(const sk_redval_t *v, int ranks)
{
  long long n = ranks;
  switch (v->mode) {
  case SK_REDVAL_DISTINCT: return n * (n + 1) / 2;
  case SK_REDVAL_ONES: return n;
  default: return n < v->bound ? n : v->bound;
  }
}

void sk_redval_describe(const sk_redval_t *v, char *buf, size_t size)
{
  if (v->mode == SK_REDVAL_DISTINCT)
    snprintf(buf, size, "%s", "");
  else if (v->mode == SK_REDVAL_ONES)
    snprintf(buf, size, "every process adds 1");
  else
    snprintf(buf, size, "processes 0 ... %lld add 1, the others 0",
             v->bound - 1);
}
