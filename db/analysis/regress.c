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
#include "medci.h"
#include "msg.h"
#include "runfloor.h"
#include "stats.h"
#include "wilcoxon.h"

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

/* The private part of a comparison: its points by key, and the suites
 * (and suites at a process count) each side measured, as a bit per side
 * in at[], to say why a point of one side is not in the other. */
typedef struct sk_regress_priv {
  sk_regress_index_t points, suites, suitenp;
} sk_regress_priv_t;

/* Marks KEY as measured by SIDE. */
static int sk_regress_mark(sk_regress_index_t *ix, const char *key, int side)
{
  size_t j;
  if ((ix->n + 1) * 2 > ix->cap && sk_regress_grow(ix) < 0)
    return -1;
  j = sk_regress_slot(ix, key);
  if (!ix->keys[j]) {
    if (!(ix->keys[j] = strdup(key)))
      return -1;
    ix->at[j] = 0;
    ix->n++;
  }
  ix->at[j] |= (size_t)1 << side;
  return 0;
}

/* The sides that measured KEY, a bit each. */
static size_t sk_regress_marks(const sk_regress_index_t *ix, const char *key)
{
  size_t j;
  if (!ix->cap)
    return 0;
  j = sk_regress_slot(ix, key);
  return ix->keys[j] ? ix->at[j] : 0;
}

static void sk_regress_index_free(sk_regress_index_t *ix)
{
  size_t i;
  for (i = 0; i < ix->cap; i++)
    free(ix->keys[i]);
  free(ix->keys);
  free(ix->at);
}

/* A suite's key for the marks: its pair of suites (MATCH + 1), or its
 * name, instance and parameters; with NP >= 0 also the process count.
 * The caller frees it. */
static char *sk_regress_skey(size_t match, const char *name,
                             const char *instance, const char *parameters,
                             long np)
{
  size_t len = strlen(name) + strlen(instance) + strlen(parameters) + 64;
  char *key = malloc(len);
  int at;
  if (!key)
    return NULL;
  if (match)
    at = snprintf(key, len, "\x1d%zu", match);
  else
    at = snprintf(key, len, "%s\x1f%s\x1f%s", name, instance, parameters);
  if (np >= 0)
    snprintf(key + at, len - (size_t)at, "\x1e%ld", np);
  return key;
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
  int gave;              /* the run gave a point */
  sk_runfloor_t *floors; /* the run's floors, NULL: none */
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

/* The point of KEY, made when new (by either side: a point of one side
 * only is counted once, and why, when the points are tested). */
static sk_regress_point_t *sk_regress_find(sk_regress_ctx_t *c,
                                           const char *key,
                                           const sk_store_point_t *p)
{
  sk_regress_t *r = c->r;
  sk_regress_index_t *ix = &((sk_regress_priv_t *)r->index)->points;
  sk_regress_point_t *pt;
  size_t j;
  if ((ix->n + 1) * 2 > ix->cap && sk_regress_grow(ix) < 0)
    return NULL;
  j = sk_regress_slot(ix, key);
  if (ix->keys[j])
    return &r->points[ix->at[j]];
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
  pt->match = c->match;
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
  sk_regress_priv_t *priv = c->r->index;
  sk_regress_point_t *pt;
  sk_regress_side_t *side;
  double med = isnan(p->median) ? p->mean : p->median;
  long np = p->processes >= 0 ? p->processes : c->np;
  char *key, *skey;
  size_t len;
  /* a pair of suites (the key's start): by argument and processes only */
  if (!(skey = sk_regress_skey(c->match, s->name, s->instance,
                               s->parameters, np)))
    return -1;
  len = strlen(skey) + 40;
  if (sk_regress_mark(&priv->suitenp, skey, c->side) < 0 ||
      !(key = malloc(len))) {
    free(skey);
    return -1;
  }
  snprintf(key, len, "%s\x1f%.17g", skey, p->argument);
  free(skey);
  pt = sk_regress_find(c, key, p);
  free(key);
  if (!pt)
    return -1;
  c->gave = 1;
  side = &pt->side[c->side];
  side->unresolved += p->unresolved != 0;
  if (c->floors) {
    double fl = sk_runfloor_point(c->floors, s->position, s->name,
                                  p->argument, p->processes);
    if (isfinite(fl) && sk_regress_append(&side->floors, &side->nfloors,
                                          &side->capfloors, &fl, 1) < 0)
      return -1;
  }
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

/* What the suite of a pair is (regress.h: quantity), the first time. */
static int sk_regress_quantity(sk_regress_ctx_t *c, const sk_store_suite_t *s)
{
  static const char key[] = "Peer_Quantity=";
  char **q = &c->r->quantity[c->side][c->match - 1];
  const char *at = s->parameters, *end;
  if (*q || c->match > SK_REGRESS_MATCH_MAX)
    return 0;
  for (; at && *at; at = end + (*end != '\0')) {
    end = strchr(at, '\n');
    if (!end)
      end = at + strlen(at);
    if (strncmp(at, key, sizeof key - 1) == 0) {
      *q = strndup(at + sizeof key - 1, (size_t)(end - at) - (sizeof key - 1));
      return *q ? 0 : -1;
    }
  }
  *q = strdup(s->pattern && strcmp(s->pattern, "pingpong") == 0
              ? "round trip, as skampi measures it" : "time as skampi "
              "measures it");
  return *q ? 0 : -1;
}

static int sk_regress_suite(void *arg, int64_t run,
                            const sk_store_suite_t *s, long npoints)
{
  sk_regress_ctx_t *c = arg;
  char *skey;
  size_t k;
  int rc;
  (void)npoints;
  c->suite = s;
  c->match = 0;
  for (k = 0; k < c->r->nmatch && !c->match; k++)
    if (strcmp(c->r->match[c->side][k], s->name) == 0)
      c->match = k + 1;
  if (c->r->nmatch && !c->match)
    return 0;       /* with pairs of suites, the others are left out */
  if (!(skey = sk_regress_skey(c->match, s->name, s->instance,
                               s->parameters, -1)))
    return -1;
  rc = sk_regress_mark(&((sk_regress_priv_t *)c->r->index)->suites, skey,
                       c->side);
  free(skey);
  if (rc < 0 || (c->match && sk_regress_quantity(c, s) < 0))
    return -1;
  return sk_store_points(c->st, run, s->name, sk_regress_point, c);
}

/* The runs of one side; a merged file whose runs are selected too would
 * count them twice: the runs are used, the merged file left out
 * (sk_store_dedupe()). */
static int sk_regress_side(sk_regress_ctx_t *c, const int64_t *sel,
                           size_t n)
{
  sk_store_info_t info;
  int64_t *ids = malloc((n ? n : 1) * sizeof *ids);
  size_t i;
  int rc = 0;
  if (!ids)
    return -1;
  if (n)
    memcpy(ids, sel, n * sizeof *ids);
  if (sk_store_dedupe(c->st, ids, &n) < 0)
    n = 0, rc = -1;
  for (i = 0; rc == 0 && i < n; i++) {
    if (sk_store_info(c->st, ids[i], &info) < 0)
      continue;
    c->np = info.processes;
    c->gave = 0;
    c->floors = sk_runfloor_load(c->st, ids[i]);
    rc = sk_store_suites(c->st, ids[i], sk_regress_suite, c);
    sk_runfloor_free(c->floors);
    c->floors = NULL;
    if (rc < 0) {
      sk_store_info_free(&info);
      break;
    }
    /* the runs counted are those that gave a point, as the rows count */
    if (!c->gave)
      c->r->nidle[c->side]++;
    else if (strcmp(info.kind, "merged") == 0)
      c->r->nmerged[c->side]++;
    else
      c->r->nruns[c->side]++;
    sk_store_info_free(&info);
  }
  free(ids);
  return rc;
}

/* ---- testing ----------------------------------------------------------- */

/* A sorted copy of v[0..n) (NULL: out of memory). */
static double *sk_regress_sorted(const double *v, size_t n)
{
  double *s = malloc((n ? n : 1) * sizeof *s);
  if (!s)
    return NULL;
  memcpy(s, v, n * sizeof *v);
  sk_stats_sort(s, n);
  return s;
}

/* Before, after and their ratio from one estimator: each side's median
 * of the values X and Y, the ratio after / before, and its interval from
 * the two medians' intervals at sqrt(conf) each (the sides are
 * independent, so both hold with probability at least their product,
 * and then the ratio lies between low and high). */
static void sk_regress_medians(const sk_regress_t *r, sk_regress_point_t *pt,
                               const double *x, size_t m, const double *y,
                               size_t n, int interval)
{
  double *sx = sk_regress_sorted(x, m), *sy = sk_regress_sorted(y, n);
  double level = sqrt(r->conf);
  sk_medci_t a, b;
  if (sx && sy && m && n) {
    pt->before = sk_stats_median(sx, m);
    pt->after = sk_stats_median(sy, n);
    if (pt->before > 0 && pt->after >= 0)
      pt->ratio = pt->after / pt->before;
    if (interval && !isnan(pt->ratio) && sx[0] > 0 &&
        sk_medci(sx, m, level, &a) == 0 && sk_medci(sy, n, level, &b) == 0) {
      pt->low = b.lower / a.upper;
      pt->high = b.upper / a.lower;
      pt->coverage = a.coverage * b.coverage;
    }
  }
  free(sx);
  free(sy);
}

/* Each side's floor (the median of its runs' floors) and its median as
 * a multiple of it. */
static void sk_regress_floors(sk_regress_point_t *pt)
{
  const double v[2] = {pt->before, pt->after};
  int k;
  for (k = 0; k < 2; k++) {
    const sk_regress_side_t *sd = &pt->side[k];
    double *sorted = sd->nfloors ? sk_regress_sorted(sd->floors, sd->nfloors)
                                 : NULL;
    pt->floor[k] = sorted ? sk_stats_median(sorted, sd->nfloors) : NAN;
    pt->floor_ratio[k] = pt->floor[k] > 0 && isfinite(v[k])
                         ? v[k] / pt->floor[k] : NAN;
    free(sorted);
  }
}

static void sk_regress_test(sk_regress_t *r, sk_regress_point_t *pt)
{
  const sk_regress_side_t *a = &pt->side[0], *b = &pt->side[1];
  const double *x = a->runs, *y = b->runs;
  size_t m = a->nruns, n = b->nruns;
  sk_wilcoxon_t w;
  pt->p = pt->q = pt->ratio = pt->low = pt->high = pt->coverage = NAN;
  pt->before = pt->after = pt->min_p = NAN;
  pt->method = SK_REGRESS_RUNS;
  if (m < 3 || n < 3) {
    pt->method = a->nraw && b->nraw ? SK_REGRESS_SAMPLES : SK_REGRESS_NONE;
    if (pt->method == SK_REGRESS_SAMPLES)
      x = a->raw, m = a->nraw, y = b->raw, n = b->nraw;
  }
  r->tested[pt->method]++;
  sk_regress_medians(r, pt, x, m, y, n, pt->method != SK_REGRESS_NONE);
  sk_regress_floors(pt);
  if (pt->method == SK_REGRESS_NONE)
    return;     /* no test: the medians' ratio without an interval */
  pt->min_p = sk_wilcoxon_min_p(m, n);
  if (sk_wilcoxon_test(x, m, y, n, SK_WILCOXON_AUTO, &w) == 0)
    pt->p = w.p_two_sided;
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

/* The smallest p a test of PT's runs could give: the power counts
 * runs, whatever the test was made on, since one run is one sample of the
 * machine (its repetitions are not independent of its conditions). */
static double sk_regress_floor(const sk_regress_point_t *pt)
{
  return sk_wilcoxon_min_p(pt->side[0].nruns, pt->side[1].nruns);
}

/* A point's verdict: significant (q <= fdr) with an effect of at least
 * min_effect is slower or faster; not significant when it could have
 * been (a change at this point alone could reach fdr after the
 * correction over every point tested, with its runs: ntested
 * sk_regress_floor() <= fdr), else inconclusive. */
static void sk_regress_judge(sk_regress_t *r, sk_regress_point_t *pt)
{
  if (isnan(pt->q) || isnan(pt->ratio))
    pt->verdict = SK_REGRESS_INCONCLUSIVE;
  else if (pt->q <= r->fdr)
    pt->verdict = fabs(pt->ratio - 1) < r->min_effect
                  ? SK_REGRESS_NOT_SIGNIFICANT
                  : pt->ratio > 1 ? SK_REGRESS_SLOWER : SK_REGRESS_FASTER;
  else if ((double)r->ntested * sk_regress_floor(pt) > r->fdr)
    pt->verdict = SK_REGRESS_INCONCLUSIVE;
  else
    pt->verdict = SK_REGRESS_NOT_SIGNIFICANT;
  pt->beyond = (pt->verdict == SK_REGRESS_INCONCLUSIVE ||
                pt->verdict == SK_REGRESS_NOT_SIGNIFICANT) &&
               sk_regress_beyond(r, pt);
  r->ninconclusive += pt->verdict == SK_REGRESS_INCONCLUSIVE;
  r->nbeyond += pt->beyond;
}

/* The runs per side whose test, of TESTS points, can take one point
 * alone to q <= level (at most 1000; 0 beyond). */
static size_t sk_regress_need(double level, size_t tests)
{
  size_t m;
  for (m = 1; m <= 1000; m++)
    if ((double)tests * sk_wilcoxon_min_p(m, m) <= level)
      return m;
  return 0;
}

/* The comparison's power (regress.h): the point of the smallest min_p,
 * what a change at it alone could reach after the correction over every
 * point tested, and the runs or points that would let one be found. */
static void sk_regress_power(sk_regress_t *r)
{
  size_t i;
  r->best_p = r->min_q = NAN;
  r->ntested = 0;
  for (i = 0; i < r->npoints; i++) {
    const sk_regress_point_t *pt = &r->points[i];
    double floor_p = sk_regress_floor(pt);
    if (isnan(pt->p))
      continue;
    r->ntested++;
    if (isnan(r->best_p) || floor_p < r->best_p) {
      r->best_p = floor_p;
      r->power_runs[0] = pt->side[0].nruns;
      r->power_runs[1] = pt->side[1].nruns;
    }
  }
  if (!isnan(r->best_p)) {
    /* BH's q of the smallest of m p-values, the others unchanged (larger
     * p), is m p; k points changed alike get m p / k */
    r->min_q = fmin(1.0, (double)r->ntested * r->best_p);
    if (r->best_p <= r->fdr) {
      r->max_points = (size_t)floor(r->fdr / r->best_p * (1 + 1e-12));
      r->together = (size_t)ceil((double)r->ntested * r->best_p / r->fdr *
                                 (1 - 1e-12));
    }
  }
  r->inconclusive = isnan(r->min_q) || r->min_q > r->fdr;
  /* without a test, the runs that would let a change at one of these
   * points be found */
  r->need = sk_regress_need(r->fdr, r->ntested ? r->ntested
                                    : r->npoints ? r->npoints : 1);
  for (i = 0; isnan(r->best_p) && i < r->npoints; i++) {
    /* no test at all: the counts of a point */
    r->power_runs[0] = r->points[i].side[0].nruns;
    r->power_runs[1] = r->points[i].side[1].nruns;
    break;
  }
}

int sk_regress_status(const sk_regress_t *r)
{
  if (r->slower)
    return SK_DB_REGRESSED;
  return r->inconclusive ? SK_DB_INCONCLUSIVE : SK_DB_OK;
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

static void sk_regress_point_free(sk_regress_point_t *pt)
{
  int k;
  free(pt->suite);
  free(pt->instance);
  free(pt->parameters);
  for (k = 0; k < 2; k++) {
    free(pt->side[k].runs);
    free(pt->side[k].raw);
    free(pt->side[k].floors);
  }
}

/* Why point PT of SIDE alone is not in the other side (regress.h). */
static int sk_regress_why(const sk_regress_t *r, const sk_regress_point_t *pt,
                          int side)
{
  const sk_regress_priv_t *priv = r->index;
  size_t other = (size_t)1 << (1 - side), marks;
  char *key = sk_regress_skey(pt->match, pt->suite, pt->instance,
                              pt->parameters, pt->processes);
  if (!key)
    return -1;
  marks = sk_regress_marks(&priv->suitenp, key);
  free(key);
  if (marks & other)
    return SK_REGRESS_GRID;
  if (!(key = sk_regress_skey(pt->match, pt->suite, pt->instance,
                              pt->parameters, -1)))
    return -1;
  marks = sk_regress_marks(&priv->suites, key);
  free(key);
  return marks & other ? SK_REGRESS_NP : SK_REGRESS_SUITE;
}

/* Moves PT, in both sides but below the timer's resolution on one side
 * or both, to the points not comparable: never tested, so never in the
 * family of the false-discovery rate. */
static int sk_regress_set_aside(sk_regress_t *r, sk_regress_point_t *pt)
{
  sk_regress_point_t *u;
  if (SK_GROW(r->unresolved, r->capunresolved, r->nunresolved + 1, 16) != 0)
    return -1;
  u = &r->unresolved[r->nunresolved++];
  *u = *pt;
  u->method = SK_REGRESS_NONE;
  u->verdict = SK_REGRESS_INCONCLUSIVE;
  u->p = u->q = u->ratio = u->low = u->high = u->coverage = NAN;
  u->min_p = NAN;
  /* each side's median of its runs, for the listing */
  u->before = u->after = NAN;
  if (pt->side[0].nruns && pt->side[1].nruns)
    sk_regress_medians(r, u, pt->side[0].runs, pt->side[0].nruns,
                       pt->side[1].runs, pt->side[1].nruns, 0);
  u->ratio = NAN;
  /* no measurement: never put against a floor */
  u->floor[0] = u->floor[1] = u->floor_ratio[0] = u->floor_ratio[1] = NAN;
  return 0;
}

/* Drops the points of one side only, counting why, and sets aside those
 * below the timer's resolution; tests the others.  A slot whose point
 * moved or was freed is zeroed at once, so that on an error return
 * sk_regress_free() (over the old count) frees each point once. */
static int sk_regress_analyse(sk_regress_t *r)
{
  double *p, *q;
  size_t i, k = 0;
  int side, why;
  for (i = 0; i < r->npoints; i++) {
    sk_regress_point_t *pt = &r->points[i];
    if (pt->side[0].nruns && pt->side[1].nruns &&
        (pt->side[0].unresolved || pt->side[1].unresolved)) {
      if (sk_regress_set_aside(r, pt) < 0)
        return -1;
      memset(pt, 0, sizeof *pt);
      continue;
    }
    if (pt->side[0].nruns && pt->side[1].nruns) {
      if (k != i) {
        r->points[k] = *pt;
        memset(pt, 0, sizeof *pt);
      }
      k++;
      continue;
    }
    side = pt->side[0].nruns ? 0 : 1;
    if ((why = sk_regress_why(r, pt, side)) < 0)
      return -1;
    r->only[side]++;
    r->unmatched[side][why]++;
    sk_regress_point_free(pt);
    memset(pt, 0, sizeof *pt);
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
  for (i = 0; i < k; i++)
    r->points[i].q = q[i];
  free(p);
  free(q);
  sk_regress_power(r);
  for (i = 0; i < k; i++)
    sk_regress_judge(r, &r->points[i]);
  return sk_regress_group(r);
}

int sk_regress_run(sk_store_t *st, const int64_t *base, size_t nbase,
                   const int64_t *cand, size_t ncand, sk_regress_t *r)
{
  sk_regress_ctx_t c = {st, r, 0, NULL, -1, 0, 0, 0, NULL};
  sk_regress_priv_t *priv = calloc(1, sizeof *priv);
  r->index = priv;
  if (!priv || sk_regress_grow(&priv->points) < 0 ||
      sk_regress_grow(&priv->suites) < 0 ||
      sk_regress_grow(&priv->suitenp) < 0 ||
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
  sk_regress_priv_t *priv = r->index;
  size_t i;
  for (i = 0; i < r->npoints; i++)
    sk_regress_point_free(&r->points[i]);
  free(r->points);
  for (i = 0; i < r->nunresolved; i++)
    sk_regress_point_free(&r->unresolved[i]);
  free(r->unresolved);
  free(r->findings);
  for (i = 0; i < SK_REGRESS_MATCH_MAX; i++) {
    free(r->quantity[0][i]);
    free(r->quantity[1][i]);
  }
  if (priv) {
    sk_regress_index_free(&priv->points);
    sk_regress_index_free(&priv->suites);
    sk_regress_index_free(&priv->suitenp);
  }
  free(priv);
  memset(r, 0, sizeof *r);
}
