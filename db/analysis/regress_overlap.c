/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * regress_overlap.c -- whether the two sides of a comparison share runs,
 * a merged file counted as the runs it merged (regress.h,
 * sk_regress_overlap()): a set compared with itself shows nothing.
 */
#include <config.h>

#include "regress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "msg.h"

/* The runs of IDS, a merged file also as the runs it merged, sorted. */
static int sk_regress_expand(sk_store_t *st, const int64_t *ids, size_t n,
                             int64_t **out, size_t *nout)
{
  int64_t *v = NULL, *members;
  size_t cap = 0, cnt = 0, i, k;
  for (i = 0; i < n; i++) {
    if (sk_store_campaign_runs(st, ids[i], &members, &k) < 0 ||
        SK_GROW(v, cap, cnt + k + 1, 64) != 0) {
      free(v);
      return -1;
    }
    v[cnt++] = ids[i];
    if (k)
      memcpy(v + cnt, members, k * sizeof *members);
    cnt += k;
    free(members);
  }
  for (i = 1; i < cnt; i++) {     /* insertion sort: few runs */
    int64_t t = v[i];
    for (k = i; k > 0 && v[k - 1] > t; k--)
      v[k] = v[k - 1];
    v[k] = t;
  }
  *out = v;
  *nout = cnt;
  return 0;
}

int sk_regress_overlap(sk_store_t *st, const int64_t *base, size_t nbase,
                       const int64_t *cand, size_t ncand, char *why,
                       size_t size)
{
  int64_t *a = NULL, *b = NULL;
  size_t na, nb, i, j = 0, shared = 0, len = 0;
  if (sk_regress_expand(st, base, nbase, &a, &na) < 0 ||
      sk_regress_expand(st, cand, ncand, &b, &nb) < 0) {
    free(a);
    sk_msg_error("cannot read the campaigns of the runs compared");
    return -1;
  }
  if (size)
    why[0] = '\0';
  for (i = 0; i < na; i++) {
    if (i > 0 && a[i] == a[i - 1])
      continue;
    while (j < nb && b[j] < a[i])
      j++;
    if (j < nb && b[j] == a[i] && ++shared <= 8 && len < size)
      len += (size_t)snprintf(why + len, size - len, "%s%lld",
                              shared > 1 ? ", " : "", (long long)a[i]);
  }
  if (shared > 8 && len < size)
    snprintf(why + len, size - len, ", ...");
  free(a);
  free(b);
  if (shared && size) {
    char *ids = strdup(why);
    snprintf(why, size, "%zu run%s (%s)", shared, shared == 1 ? "" : "s",
             ids ? ids : "");
    free(ids);
  }
  return shared > 0;
}
