/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * regress_text.c -- the words of a comparison (regress.h): the names of
 * methods and verdicts, the overall verdict, the sentences of an
 * inconclusive comparison, of points not matched and of overlapping
 * sides, the summary, and the findings worst first.
 */
#include <config.h>

#include "regress.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sk_regress_overall(const sk_regress_t *r)
{
  if (r->slower)
    return "slower";
  if (r->inconclusive)
    return "inconclusive";
  return r->faster ? "faster" : "not significant";
}

void sk_regress_inconclusive_text(const sk_regress_t *r, char *buf,
                                  size_t size)
{
  char runs[64], need[96], pts[64];
  size_t len;
  if (r->power_runs[0] == r->power_runs[1])
    snprintf(runs, sizeof runs, "%zu run%s per side", r->power_runs[0],
             r->power_runs[0] == 1 ? "" : "s");
  else
    snprintf(runs, sizeof runs, "%zu and %zu runs", r->power_runs[0],
             r->power_runs[1]);
  if (r->need > 0)
    snprintf(need, sizeof need, "use at least %zu runs per side", r->need);
  else
    snprintf(need, sizeof need, "no number of runs up to 1000 can");
  if (r->ntested == 0) {
    snprintf(buf, size, "inconclusive: no point could be tested (%s); "
             "%s", runs, need);
    return;
  }
  snprintf(pts, sizeof pts, "%zu point%s", r->ntested,
           r->ntested == 1 ? "" : "s");
  len = (size_t)snprintf(buf, size, "inconclusive: with %s a change at "
                         "one of %s cannot reach q \xe2\x89\xa4 %g (smallest "
                         "p %.3g \xc3\x97 %zu test%s); %s", runs, pts,
                         r->fdr, r->best_p, r->ntested,
                         r->ntested == 1 ? "" : "s", need);
  if (r->max_points > 0 && len < size)
    snprintf(buf + len, size - len, ", or compare at most %zu point%s",
             r->max_points, r->max_points == 1 ? "" : "s");
}

void sk_regress_unmatched_text(const sk_regress_t *r, int side, char *buf,
                               size_t size)
{
  static const char *const why[3][2] = {
    {"at arguments the candidate did not measure (different grids: "
     "measure both with skampi-run --grid-from)",
     "at arguments the baseline did not measure (different grids: "
     "measure both with skampi-run --grid-from)"},
    {"at process counts the candidate did not run",
     "at process counts the baseline did not run"},
    {"of suites the candidate lacks", "of suites the baseline lacks"}};
  const char *name[2] = {"baseline", "candidate"};
  size_t len, k, parts = 0;
  if (size)
    buf[0] = '\0';
  if (!r->only[side] || !size)
    return;
  len = (size_t)snprintf(buf, size, "%zu point%s of the %s %s not in the "
                         "%s:", r->only[side], r->only[side] == 1 ? "" : "s",
                         name[side], r->only[side] == 1 ? "is" : "are",
                         name[1 - side]);
  for (k = 0; k < 3 && len < size; k++)
    if (r->unmatched[side][k])
      len += (size_t)snprintf(buf + len, size - len, "%s %zu %s",
                              parts++ ? "," : "", r->unmatched[side][k],
                              why[k][side]);
}

void sk_regress_overlap_text(const char *why, char *buf, size_t size)
{
  snprintf(buf, size, "the baseline and the candidate share %s: a set "
           "compared with itself cannot show a change; choose selections "
           "without a run in common (a merged file counts as its runs)",
           why);
}

const char *sk_regress_method_name(sk_regress_method_t m)
{
  static const char *const names[] = {"none", "runs", "samples"};
  return names[m];
}

const char *sk_regress_verdict_name(sk_regress_verdict_t v)
{
  static const char *const names[] = {"inconclusive", "not significant",
                                      "slower", "faster"};
  return names[v];
}

const char *sk_regress_verdict_slug(sk_regress_verdict_t v)
{
  static const char *const names[] = {"inconclusive", "not_significant",
                                      "slower", "faster"};
  return names[v];
}

/* ---- the summary -------------------------------------------------------- */

/* The verdicts worst first: what got slower, faster, then the points
 * without a change and those without a test. */
static const sk_regress_verdict_t sk_regress_order[] = {
  SK_REGRESS_SLOWER, SK_REGRESS_FASTER, SK_REGRESS_NOT_SIGNIFICANT,
  SK_REGRESS_INCONCLUSIVE
};

size_t sk_regress_count(const sk_regress_t *r, sk_regress_verdict_t v)
{
  size_t i, n = 0;
  for (i = 0; i < r->npoints; i++)
    n += r->points[i].verdict == v;
  return n;
}

void sk_regress_summary_text(const sk_regress_t *r, char *buf, size_t size)
{
  size_t i, len = 0, n;
  if (size)
    buf[0] = '\0';
  for (i = 0; i < sizeof sk_regress_order / sizeof *sk_regress_order; i++)
    if ((n = sk_regress_count(r, sk_regress_order[i])) && len < size)
      len += (size_t)snprintf(buf + len, size - len, "%s%zu %s",
                              len ? ", " : "", n,
                              sk_regress_verdict_name(sk_regress_order[i]));
  if (r->nunresolved && len < size)
    len += (size_t)snprintf(buf + len, size - len, "%s%zu not comparable "
                            "(%s)", len ? ", " : "", r->nunresolved,
                            SK_REGRESS_UNRESOLVED_WHY);
  if (len == 0 && size)
    snprintf(buf, size, "no point in both");
}

void sk_regress_finding_floor(const sk_regress_t *r,
                              const sk_regress_finding_t *f, double *lo,
                              double *hi)
{
  size_t i;
  *lo = *hi = NAN;
  for (i = f->first; i <= f->last; i++) {
    double v = r->points[i].floor_ratio[1];
    if (isfinite(v)) {
      *lo = isnan(*lo) ? v : fmin(*lo, v);
      *hi = isnan(*hi) ? v : fmax(*hi, v);
    }
  }
}

const char *sk_regress_unresolved_side(const sk_regress_point_t *p)
{
  if (p->side[0].unresolved && p->side[1].unresolved)
    return "both";
  return p->side[0].unresolved ? "baseline" : "candidate";
}

/* Slower before faster; the larger change first. */
static int sk_regress_worse(const void *a, const void *b)
{
  const sk_regress_finding_t *x = a, *y = b;
  double dx = fabs(log(x->ratio)), dy = fabs(log(y->ratio));
  if (x->verdict != y->verdict)
    return x->verdict == SK_REGRESS_SLOWER ? -1 : 1;
  if (dx != dy)
    return dx > dy ? -1 : 1;
  return (x->first > y->first) - (x->first < y->first);
}

size_t *sk_regress_worst_first(const sk_regress_t *r)
{
  sk_regress_finding_t *f = malloc((r->nfindings + 1) * sizeof *f);
  size_t *order = malloc((r->nfindings + 1) * sizeof *order), i, k;
  if (!f || !order) {
    free(f);
    free(order);
    return NULL;
  }
  if (r->nfindings > 0)   /* no findings: findings may be NULL */
    memcpy(f, r->findings, r->nfindings * sizeof *f);
  qsort(f, r->nfindings, sizeof *f, sk_regress_worse);
  for (i = 0; i < r->nfindings; i++)
    for (k = 0; k < r->nfindings; k++)
      if (r->findings[k].first == f[i].first) {
        order[i] = k;
        break;
      }
  free(f);
  return order;
}
