/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fdr.c -- Benjamini-Hochberg adjusted p-values (fdr.h).
 */
#include <config.h>

#include "fdr.h"

#include <math.h>
#include <stdlib.h>

typedef struct sk_fdr_item {
  double p;
  size_t at;
} sk_fdr_item_t;

static int sk_fdr_cmp(const void *a, const void *b)
{
  const sk_fdr_item_t *x = a, *y = b;
  if (x->p != y->p)
    return x->p < y->p ? -1 : 1;
  return (x->at > y->at) - (x->at < y->at);
}

int sk_fdr_bh(const double *p, size_t n, double *adj)
{
  sk_fdr_item_t *v = malloc((n ? n : 1) * sizeof *v);
  size_t i, m = 0;
  double run = 1.0, a;
  if (!v)
    return -1;
  for (i = 0; i < n; i++) {
    if (isnan(p[i]))
      continue;
    if (!(p[i] >= 0 && p[i] <= 1)) {
      free(v);
      return -1;
    }
    v[m].p = p[i];
    v[m++].at = i;
  }
  for (i = 0; i < n; i++)
    if (isnan(p[i]))
      adj[i] = NAN;
  qsort(v, m, sizeof *v, sk_fdr_cmp);
  /* from the largest down: the running minimum makes adj monotone */
  for (i = m; i-- > 0;) {
    a = (double)m * v[i].p / (double)(i + 1);
    if (a < run)
      run = a;
    adj[v[i].at] = run;
  }
  free(v);
  return 0;
}
