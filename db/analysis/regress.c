/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * regress.c -- gathering, testing and grouping the points of two sets of
 * runs (regress.h).
 */
#include <config.h>

#include "regress.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fdr.h"
#include "grow.h"
#include "hlshift.h"
#include "msg.h"
#include "stats.h"
#include "wilcoxon.h"

/* Samples larger than this are thinned to this many evenly spaced order
 * statistics before the Hodges-Lehmann interval (m n differences). */
#define SK_REGRESS_THIN 2000

/* ---- the points, found by key ------------------------------------------ */

typedef struct sk_regress_index {
  char **keys;
  size_t *at;            /* index into points */
  size_t cap, n;
} sk_regress_index_t;

static uint64_t sk_regress_hash(const char *s)
{
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

static int sk_regress_grow(sk_regress_index_t *ix)
{
  sk_regress_index_t big = {NULL, NULL, ix->cap ? 2 * ix->cap : 1024, 0};
  size_t i, j;
  big.keys = calloc(big.cap, sizeof *big.keys);
  big.at = calloc(big.cap, sizeof *big.at);
  if (!big.keys || !big.at) {
    free(big.keys);
    free(big.at);
    return -1;
  }
  for (i = 0; i < ix->cap; i++) {
    if (!ix->keys[i])
      continue;
    j = sk_regress_hash(ix->keys[i]) & (big.cap - 1);
    while (big.keys[j])
      j = (j + 1) & (big.cap - 1);
    big.keys[j] = ix->keys[i];
    big.at[j] = ix->at[i];
  }
  big.n = ix->n;
  free(ix->keys);
  free(ix->at);
  *ix = big;
  return 0;
}

/* The slot of KEY: its point, or the empty slot where it goes. */
static size_t sk_regress_slot(const sk_regress_index_t *ix, const char *key)
{
  size_t j = sk_regress_hash(key) & (ix->cap - 1);
  while (ix->keys[j] && strcmp(ix->keys[j], key) != 0)
    j = (j + 1) & (ix->cap - 1);
  return j;
}

/* ---- gathering ---------------------------------------------------------- */

typedef struct sk_regress_ctx {
  sk_store_t *st;
  sk_regress_t *r;
  int side;
  const sk_store_suite_t *suite;
  long np;
  int fail;
  size_t match;          /* the suite's pair + 1, 0: none */
} sk_regress_ctx_t;

/* Appends add[0..k) to *v of *n values, room for *cap. */
static int sk_regress_append(double **v, size_t *n, size_t *cap,
                             const double *add, size_t k)
{
  if (!k)
    return 0;
  if (sk_grow(v, cap, *n + k, sizeof **v, 16) != 0)
    return -1;
  memcpy(*v + *n, add, k * sizeof *add);
  *n += k;
  return 0;
}

/* "A vs B", the name of a matched pair of suites. */
static char *sk_regress_pair(const sk_regress_ctx_t *c)
{
  const sk_regress_t *r = c->r;
  size_t n = strlen(r->match[0][c->match - 1]) +
             strlen(r->match[1][c->match - 1]) + 5;
  char *s = malloc(n);
  if (s)
    snprintf(s, n, "%s vs %s", r->match[0][c->match - 1],
             r->match[1][c->match - 1]);
  return s;
}

/* The point of KEY, made when new (only the baseline makes points: a
 * point of the candidate only is counted and dropped). */
static sk_regress_point_t *sk_regress_find(sk_regress_ctx_t *c,
                                           const char *key,
                                           const sk_store_point_t *p)
{
  sk_regress_t *r = c->r;
  sk_regress_index_t *ix = r->index;
  sk_regress_point_t *pt;
  size_t j;
  if ((ix->n + 1) * 2 > ix->cap && sk_regress_grow(ix) < 0)
    return NULL;
  j = sk_regress_slot(ix, key);
  if (ix->keys[j])
    return &r->points[ix->at[j]];
  if (c->side == 1) {
    r->only[1]++;
    return NULL;
  }
  if (SK_GROW(r->points, r->cappoints, r->npoints + 1, 64) != 0)
    return NULL;
  pt = memset(&r->points[r->npoints], 0, sizeof *pt);
  pt->suite = c->match ? sk_regress_pair(c) : strdup(c->suite->name);
  pt->instance = strdup(c->suite->instance);
  pt->parameters = strdup(c->suite->parameters);
  pt->argument = p->argument;
  pt->processes = p->processes >= 0 ? p->processes : c->np;
  pt->bytes = strcmp(c->suite->argument_name, "length") == 0;
  pt->noarg = strcmp(c->suite->argument_name, "none") == 0;
  if (!(ix->keys[j] = strdup(key)))
    return NULL;
  ix->at[j] = r->npoints++;
  ix->n++;
  return pt;
}

static int sk_regress_point(void *arg, const sk_store_point_t *p)
{
  sk_regress_ctx_t *c = arg;
  const sk_store_suite_t *s = c->suite;
  sk_regress_point_t *pt;
  sk_regress_side_t *side;
  double med = isnan(p->median) ? p->mean : p->median;
  char *key;
  size_t len = strlen(s->name) + strlen(s->instance) +
               strlen(s->parameters) + 80;
  if (!(key = malloc(len)))
    return -1;
  if (c->match)   /* a pair of suites: by argument and processes only */
    snprintf(key, len, "\x1d%zu\x1f%.17g\x1f%ld", c->match, p->argument,
             p->processes >= 0 ? p->processes : c->np);
  else
    snprintf(key, len, "%s\x1f%s\x1f%s\x1f%.17g\x1f%ld", s->name,
             s->instance, s->parameters, p->argument,
             p->processes >= 0 ? p->processes : c->np);
  pt = sk_regress_find(c, key, p);
  free(key);
  if (!pt)
    return c->side == 1 ? 0 : -1;
  side = &pt->side[c->side];
  /* a merged file stands for the runs it merged */
  if (p->run_medians)
    return sk_regress_append(&side->runs, &side->nruns, &side->capruns,
                             p->run_medians, p->nrun_medians);
  if (sk_regress_append(&side->runs, &side->nruns, &side->capruns, &med,
                        1) < 0)
    return -1;
  return sk_regress_append(&side->raw, &side->nraw, &side->capraw, p->raw,
                           p->nraw);
}

static int sk_regress_suite(void *arg, int64_t run,
                            const sk_store_suite_t *s, long npoints)
{
  sk_regress_ctx_t *c = arg;
  size_t k;
  (void)npoints;
  c->suite = s;
  c->match = 0;
  for (k = 0; k < c->r->nmatch && !c->match; k++)
    if (strcmp(c->r->match[c->side][k], s->name) == 0)
      c->match = k + 1;
  if (c->r->nmatch && !c->match)
    return 0;       /* with pairs of suites, the others are left out */
  return sk_store_points(c->st, run, s->name, sk_regress_point, c);
}

static int sk_regress_has(const int64_t *ids, size_t n, int64_t id)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (ids[i] == id)
      return 1;
  return 0;
}

/* A merged file whose runs are also selected would count them twice:
 * the runs are used, the merged file is skipped. */
static int sk_regress_skip(sk_store_t *st, int64_t run, const int64_t *ids,
                           size_t n)
{
  int64_t *members;
  size_t k, i;
  int skip = 0;
  if (sk_store_campaign_runs(st, run, &members, &k) < 0)
    return -1;
  for (i = 0; i < k && !skip; i++)
    skip = sk_regress_has(ids, n, members[i]);
  free(members);
  return skip;
}

static int sk_regress_side(sk_regress_ctx_t *c, const int64_t *ids,
                           size_t n)
{
  sk_store_info_t info;
  size_t i;
  int skip;
  for (i = 0; i < n; i++) {
    if ((skip = sk_regress_skip(c->st, ids[i], ids, n)) < 0)
      return -1;
    if (skip || sk_store_info(c->st, ids[i], &info) < 0)
      continue;
    c->np = info.processes;
    if (strcmp(info.kind, "merged") == 0)
      c->r->nmerged[c->side]++;
    else
      c->r->nruns[c->side]++;
    sk_store_info_free(&info);
    if (sk_store_suites(c->st, ids[i], sk_regress_suite, c) < 0)
      return -1;
  }
  return 0;
}

/* ---- testing ----------------------------------------------------------- */

/* At most SK_REGRESS_THIN evenly spaced order statistics of v, sorted,
 * into a new array. */
static double *sk_regress_thin(const double *v, size_t n, size_t *out)
{
  double *s = malloc((n ? n : 1) * sizeof *s), *t;
  size_t i, k = n < SK_REGRESS_THIN ? n : SK_REGRESS_THIN;
  if (!s)
    return NULL;
  memcpy(s, v, n * sizeof *v);
  sk_stats_sort(s, n);
  if (k == n) {
    *out = n;
    return s;
  }
  if ((t = malloc(k * sizeof *t)) != NULL)
    for (i = 0; i < k; i++)
      t[i] = s[(size_t)((double)i * (double)(n - 1) / (double)(k - 1))];
  free(s);
  *out = k;
  return t;
}

static void sk_regress_test(sk_regress_t *r, sk_regress_point_t *pt)
{
  const sk_regress_side_t *a = &pt->side[0], *b = &pt->side[1];
  const double *x = a->runs, *y = b->runs;
  double *tx = NULL, *ty = NULL;
  size_t m = a->nruns, n = b->nruns, tm, tn;
  sk_wilcoxon_t w;
  sk_hl_t h;
  pt->p = pt->q = pt->ratio = pt->low = pt->high = pt->coverage = NAN;
  pt->min_p = NAN;
  pt->method = SK_REGRESS_RUNS;
  if (m < 3 || n < 3) {
    pt->method = a->nraw && b->nraw ? SK_REGRESS_SAMPLES : SK_REGRESS_NONE;
    x = a->raw, m = a->nraw, y = b->raw, n = b->nraw;
  }
  r->tested[pt->method]++;
  pt->before = sk_stats_median_of(pt->side[0].runs, pt->side[0].nruns);
  pt->after = sk_stats_median_of(pt->side[1].runs, pt->side[1].nruns);
  if (pt->method == SK_REGRESS_NONE) {
    /* no test: the change is shown as the ratio of the medians */
    if (pt->before > 0)
      pt->ratio = pt->after / pt->before;
    return;
  }
  pt->min_p = sk_wilcoxon_min_p(m, n);
  if (sk_wilcoxon_test(x, m, y, n, SK_WILCOXON_AUTO, &w) == 0)
    pt->p = w.p_two_sided;
  tx = sk_regress_thin(x, m, &tm);
  ty = sk_regress_thin(y, n, &tn);
  if (tx && ty && sk_hl_ratio(tx, tm, ty, tn, r->conf, &h) == 0) {
    pt->ratio = h.estimate;
    pt->low = h.low;
    pt->high = h.high;
    pt->coverage = h.coverage;
  }
  free(tx);
  free(ty);
}

/* The smallest and largest of v[0..n). */
static void sk_regress_range(const double *v, size_t n, double *lo,
                             double *hi)
{
  size_t i;
  *lo = INFINITY;
  *hi = -INFINITY;
  for (i = 0; i < n; i++) {
    *lo = fmin(*lo, v[i]);
    *hi = fmax(*hi, v[i]);
  }
}

/* A change the test did not confirm, yet larger than both sides' noise:
 * every value of one side beyond every value of the other (no overlap
 * of the sides' ranges), and at least min_effect. */
static int sk_regress_beyond(const sk_regress_t *r,
                             const sk_regress_point_t *pt)
{
  const sk_regress_side_t *a = &pt->side[0], *b = &pt->side[1];
  int raw = pt->method == SK_REGRESS_SAMPLES;
  double a0, a1, b0, b1;
  if (a->nruns == 0 || b->nruns == 0 || isnan(pt->ratio) ||
      fabs(pt->ratio - 1) < r->min_effect)
    return 0;
  /* the values the test was made on: the samples when it was */
  sk_regress_range(raw ? a->raw : a->runs, raw ? a->nraw : a->nruns, &a0,
                   &a1);
  sk_regress_range(raw ? b->raw : b->runs, raw ? b->nraw : b->nruns, &b0,
                   &b1);
  return b0 > a1 || b1 < a0;
}

static void sk_regress_judge(sk_regress_t *r, sk_regress_point_t *pt)
{
  if (isnan(pt->q) || isnan(pt->ratio) || !(pt->min_p <= r->fdr))
    pt->verdict = SK_REGRESS_INCONCLUSIVE;
  else if (pt->q > r->fdr || fabs(pt->ratio - 1) < r->min_effect)
    pt->verdict = SK_REGRESS_NOT_SIGNIFICANT;
  else
    pt->verdict = pt->ratio > 1 ? SK_REGRESS_SLOWER : SK_REGRESS_FASTER;
  pt->beyond = (pt->verdict == SK_REGRESS_INCONCLUSIVE ||
                pt->verdict == SK_REGRESS_NOT_SIGNIFICANT) &&
               sk_regress_beyond(r, pt);
  r->ninconclusive += pt->verdict == SK_REGRESS_INCONCLUSIVE;
  r->nbeyond += pt->beyond;
}

/* The runs per side whose test can reach p <= level (at most 1000;
 * 0 beyond). */
static size_t sk_regress_need(double level)
{
  size_t m;
  for (m = 1; m <= 1000; m++)
    if (sk_wilcoxon_min_p(m, m) <= level)
      return m;
  return 0;
}

/* The comparison's power (regress.h): the best point, whether any point
 * could be significant, and the runs that would let one be. */
static void sk_regress_power(sk_regress_t *r)
{
  size_t i, tested = 0;
  r->min_q = NAN;
  for (i = 0; i < r->npoints; i++) {
    const sk_regress_point_t *pt = &r->points[i];
    if (isnan(pt->min_p))
      continue;
    tested++;
    if (isnan(r->min_q) || pt->min_p < r->min_q) {
      r->min_q = pt->min_p;
      r->power_runs[0] = pt->method == SK_REGRESS_RUNS ? pt->side[0].nruns
                                                       : pt->side[0].nraw;
      r->power_runs[1] = pt->method == SK_REGRESS_RUNS ? pt->side[1].nruns
                                                       : pt->side[1].nraw;
    }
  }
  /* BH's q of a point is at least its p, and equals it when every point
   * is as significant: min_q is the best any point can do */
  r->inconclusive = isnan(r->min_q) || r->min_q > r->fdr;
  r->need = sk_regress_need(r->fdr);
  r->need_one = tested > 0 ? sk_regress_need(r->fdr / (double)tested)
                           : r->need;
  if (isnan(r->min_q)) {      /* no test at all: the counts of a point */
    for (i = 0; i < r->npoints; i++) {
      r->power_runs[0] = r->points[i].side[0].nruns;
      r->power_runs[1] = r->points[i].side[1].nruns;
      break;
    }
  }
}

int sk_regress_status(const sk_regress_t *r)
{
  if (r->slower)
    return SK_DB_REGRESSED;
  return r->inconclusive ? SK_DB_INCONCLUSIVE : SK_DB_OK;
}

void sk_regress_inconclusive_text(const sk_regress_t *r, char *buf,
                                  size_t size)
{
  char runs[64], need[48];
  if (r->power_runs[0] == r->power_runs[1])
    snprintf(runs, sizeof runs, "%zu run%s per side", r->power_runs[0],
             r->power_runs[0] == 1 ? "" : "s");
  else
    snprintf(runs, sizeof runs, "%zu and %zu runs", r->power_runs[0],
             r->power_runs[1]);
  if (r->need > 0)
    snprintf(need, sizeof need, "use at least %zu", r->need);
  else
    snprintf(need, sizeof need, "no number of runs up to 1000 can");
  snprintf(buf, size, "inconclusive: %s cannot show a change at "
           "q \xe2\x89\xa4 %g; %s", runs, r->fdr, need);
}

/* ---- grouping ---------------------------------------------------------- */

static int sk_regress_same_suite(const sk_regress_point_t *a,
                                 const sk_regress_point_t *b)
{
  return strcmp(a->suite, b->suite) == 0 &&
         strcmp(a->instance, b->instance) == 0 &&
         strcmp(a->parameters, b->parameters) == 0;
}

static int sk_regress_dcmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void sk_regress_summary(sk_regress_t *r, sk_regress_finding_t *f)
{
  size_t i, n = f->last - f->first + 1;
  double *v = malloc(n * sizeof *v);
  f->low = INFINITY;
  f->high = -INFINITY;
  f->q = 0;
  for (i = 0; i < n; i++) {
    const sk_regress_point_t *pt = &r->points[f->first + i];
    if (v)
      v[i] = pt->ratio;
    f->low = fmin(f->low, pt->low);
    f->high = fmax(f->high, pt->high);
    f->q = fmax(f->q, pt->q);
  }
  if (v)
    qsort(v, n, sizeof *v, sk_regress_dcmp);
  f->ratio = v ? sk_stats_median(v, n) : NAN;
  free(v);
}

static int sk_regress_group(sk_regress_t *r)
{
  sk_regress_finding_t f;
  size_t i;
  for (i = 0; i < r->npoints; i = f.last + 1) {
    f.first = f.last = i;
    f.verdict = r->points[i].verdict;
    while (f.last + 1 < r->npoints &&
           r->points[f.last + 1].verdict == f.verdict &&
           sk_regress_same_suite(&r->points[f.last + 1], &r->points[i]))
      f.last++;
    if (f.verdict != SK_REGRESS_SLOWER && f.verdict != SK_REGRESS_FASTER)
      continue;
    sk_regress_summary(r, &f);
    if (SK_GROW(r->findings, r->capfindings, r->nfindings + 1, 16) != 0)
      return -1;
    r->findings[r->nfindings++] = f;
    if (f.verdict == SK_REGRESS_SLOWER)
      r->slower++;
    else
      r->faster++;
  }
  return 0;
}

/* ---- the comparison ---------------------------------------------------- */

/* Drops the points the candidate does not have; tests the others. */
static int sk_regress_analyse(sk_regress_t *r)
{
  double *p, *q;
  size_t i, k = 0;
  for (i = 0; i < r->npoints; i++) {
    if (r->points[i].side[1].nruns == 0) {
      r->only[0]++;
      free(r->points[i].suite);
      free(r->points[i].instance);
      free(r->points[i].parameters);
      free(r->points[i].side[0].runs);
      free(r->points[i].side[0].raw);
      continue;
    }
    r->points[k++] = r->points[i];
  }
  r->npoints = k;
  for (i = 0; i < r->npoints; i++)
    sk_regress_test(r, &r->points[i]);
  p = malloc((k ? k : 1) * sizeof *p);
  q = malloc((k ? k : 1) * sizeof *q);
  for (i = 0; p && i < k; i++)
    p[i] = r->points[i].p;
  if (!p || !q || sk_fdr_bh(p, k, q) < 0) {
    free(p);
    free(q);
    return -1;
  }
  for (i = 0; i < k; i++) {
    r->points[i].q = q[i];
    sk_regress_judge(r, &r->points[i]);
  }
  free(p);
  free(q);
  sk_regress_power(r);
  return sk_regress_group(r);
}

int sk_regress_run(sk_store_t *st, const int64_t *base, size_t nbase,
                   const int64_t *cand, size_t ncand, sk_regress_t *r)
{
  sk_regress_ctx_t c = {st, r, 0, NULL, -1, 0, 0};
  r->index = calloc(1, sizeof(sk_regress_index_t));
  if (!r->index || sk_regress_grow(r->index) < 0 ||
      sk_regress_side(&c, base, nbase) < 0 ||
      (c.side = 1, sk_regress_side(&c, cand, ncand) < 0) ||
      sk_regress_analyse(r) < 0) {
    sk_msg_error("the comparison failed (out of memory or a database "
                 "error)");
    return -1;
  }
  return 0;
}

void sk_regress_free(sk_regress_t *r)
{
  sk_regress_index_t *ix = r->index;
  size_t i;
  for (i = 0; i < r->npoints; i++) {
    free(r->points[i].suite);
    free(r->points[i].instance);
    free(r->points[i].parameters);
    free(r->points[i].side[0].runs);
    free(r->points[i].side[0].raw);
    free(r->points[i].side[1].runs);
    free(r->points[i].side[1].raw);
  }
  free(r->points);
  free(r->findings);
  for (i = 0; ix && i < ix->cap; i++)
    free(ix->keys[i]);
  if (ix) {
    free(ix->keys);
    free(ix->at);
  }
  free(ix);
  memset(r, 0, sizeof *r);
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
  if (len == 0 && size)
    snprintf(buf, size, "no point in both");
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
