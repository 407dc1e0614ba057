/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webdata.h -- what the API (web_api.c) and the pages (web_pages.c) of
 * skampi-db serve both gather: the facets of the run list, the suites of
 * a selection, the series of chosen suites, a comparison.
 */
#ifndef SK_WEBDATA_H
#define SK_WEBDATA_H

#include <stddef.h>

#include "regress.h"
#include "store.h"
#include "web.h"

/* ---- facets of the run list ------------------------------------------- */
enum {
  SK_WEBDATA_MACHINE, SK_WEBDATA_LIBRARY, SK_WEBDATA_NP, SK_WEBDATA_TAG,
  SK_WEBDATA_MONTH, SK_WEBDATA_NFACETS
};
extern const char *const sk_webdata_facet_name[SK_WEBDATA_NFACETS];

typedef struct sk_webdata_fv {
  char *value;
  size_t count;
} sk_webdata_fv_t;

typedef struct sk_webdata_facet {
  sk_webdata_fv_t *v;   /* values seen, then (facets_done) distinct */
  size_t n, cap;
} sk_webdata_facet_t;

typedef struct sk_webdata_runs {
  sk_wbuf_t *out;       /* borrowed: where the caller writes */
  sk_webdata_facet_t facet[SK_WEBDATA_NFACETS];
  size_t nruns;
} sk_webdata_runs_t;

void sk_webdata_runs_init(sk_webdata_runs_t *w, sk_wbuf_t *out);
/* Counts run X into the facets (and nruns). */
int sk_webdata_count(sk_webdata_runs_t *w, const sk_store_runrow_t *x);
/* Sorts each facet's values and counts them. */
void sk_webdata_facets_done(sk_webdata_runs_t *w);
void sk_webdata_runs_free(sk_webdata_runs_t *w);
/* A run's facet value: the np and the month as text into buf[32]. */
const char *sk_webdata_np(char buf[32], long processes);
const char *sk_webdata_month(char buf[32], const char *start_time);

/* ---- suites of a selection -------------------------------------------- */
typedef struct sk_webdata_suite {
  char *name, *instance, *argument;
  long runs;
} sk_webdata_suite_t;

typedef struct sk_webdata_suites {
  sk_webdata_suite_t *v;
  size_t n, nruns;      /* nruns: runs selected */
  size_t cap;
} sk_webdata_suites_t;

int sk_webdata_suites(sk_store_t *st, const sk_sel_t *sel,
                      sk_webdata_suites_t *s);
void sk_webdata_suites_free(sk_webdata_suites_t *s);
/* /api/suites's answer: {"runs": N, "instances": [{"instance": I,
 * "suites": [{"name", "argument", "runs"}, ...]}, ...]}. */
void sk_webdata_suites_json(sk_wbuf_t *b, const sk_webdata_suites_t *s);

/* ---- series ----------------------------------------------------------- */
#define SK_WEBDATA_SUITES 32        /* suite parameters taken */
#define SK_WEBDATA_MAX_SERIES 500   /* series answered at once */

typedef struct sk_webdata_query {
  sk_sel_t sel;
  const char *suites[SK_WEBDATA_SUITES];
  size_t nsuites;
  double xmin, xmax;    /* points with xmin <= argument <= xmax */
  unsigned char hide[SK_WEBDATA_MAX_SERIES];  /* series left out, by index */
  size_t nseries;       /* out: series found */
} sk_webdata_query_t;

typedef struct sk_webdata_series {
  const sk_store_info_t *run;
  const char *suite;
  const sk_store_point_t *points;
  size_t n, index;      /* index: 0 for the first series */
  const sk_store_suite_t *meta;   /* the run's suite (its instance,
                                   * argument, status, ...); NULL when
                                   * not read */
  const double *floors; /* each point's floor, s (NaN: none; runfloor.h);
                         * NULL: the run has no limits */
} sk_webdata_series_t;

typedef int (*sk_webdata_series_fn)(void *arg, const sk_webdata_series_t *s);
/* Calls FN for each (run, suite) of Q with points in the x range, runs
 * oldest first, suites in Q's order.  Every (run, suite) with points
 * (in the range or not) is numbered in this order (index); those Q
 * hides are counted but left out.  0; -1 error (message given); -2
 * more than SK_WEBDATA_MAX_SERIES runs x suites (q->nseries says how
 * many), before any FN. */
int sk_webdata_series(sk_store_t *st, sk_webdata_query_t *q,
                      sk_webdata_series_fn fn, void *arg);

/* The floor of each of the N points PTS of the suite META of the run
 * whose floors are RF (runfloor.h), s, NaN where none (a point below the
 * timer's resolution has none), into *V of *CAP values (grown; the
 * caller frees).  0, or -1 out of memory. */
struct sk_runfloor;
int sk_webdata_floors(const struct sk_runfloor *rf,
                      const sk_store_suite_t *meta,
                      const sk_store_point_t *pts, size_t n, double **v,
                      size_t *cap);

/* The suite NAME of RUN as stored (a copy, sk_webdata_meta_free()): 0,
 * 1 when the run has no such suite, -1 on error. */
int sk_webdata_meta(sk_store_t *st, int64_t run, const char *name,
                    sk_store_suite_t *out);
void sk_webdata_meta_free(sk_store_suite_t *m);

/* ---- the rest ---------------------------------------------------------- */
/* The request's argument KEY as a flag: "1" 1, "0" 0, else DEF. */
int sk_web_flag(sk_web_req_t *r, const char *key, int def);

/* A run as JSON (its node map too, read from ST), without its suites;
 * -1 when the node map cannot be read. */
int sk_webdata_info_json(sk_wbuf_t *b, sk_store_t *st,
                         const sk_store_info_t *o);
/* Run ID as JSON with its suites (suite_list: name, instance, pattern,
 * status, argument, points), as /api/runs/ID answers and show --format
 * json prints; -1 when there is no such run (message given). */
int sk_webdata_run_json(sk_store_t *st, int64_t id, sk_wbuf_t *b);

/* The comparison of the request's baseline and candidate (fdr and
 * min_effect optional); -1 with the error answer made.  When IDS is not
 * NULL, *ids is the runs of both sides as a selection ("1-5 11"), the
 * caller's to free. */
int sk_webdata_compare(sk_web_req_t *r, sk_regress_t *x, char **ids);

/* The run ids V[0..n) as a selection of ids and ranges, sorted; the
 * caller's to free; NULL when out of memory. */
char *sk_webdata_ranges(const int64_t *v, size_t n);

#endif
