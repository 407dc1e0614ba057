/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web_api.c -- the JSON API of skampi-db serve (doc/database.md, "The
 * web interface"): the runs with their facets, the suites of a
 * selection, the series of chosen suites (JSON and CSV), a comparison.
 */
#include <config.h>

#include "web.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "payload.h"
#include "regress.h"
#include "webdata.h"
#include "wilcoxon.h"

/* ---- /api/runs -------------------------------------------------------- */

static int sk_api_run_json(void *arg, const sk_store_runrow_t *x)
{
  sk_webdata_runs_t *w = arg;
  sk_wbuf_t *b = w->out;
  size_t i;
  if (sk_webdata_count(w, x) < 0)
    return -1;
  sk_wbuf_printf(b, "%s{\"id\":%lld,\"kind\":", w->nruns > 1 ? "," : "",
                 (long long)x->id);
  sk_wbuf_json_str(b, x->kind);
  sk_wbuf_json_key(b, "machine", 0);
  sk_wbuf_json_str(b, x->machine);
  sk_wbuf_json_key(b, "library", 0);
  sk_wbuf_json_str(b, x->library);
  sk_wbuf_json_key(b, "library_version", 0);
  sk_wbuf_json_str(b, x->library_version);
  sk_wbuf_json_key(b, "processes", 0);
  if (x->processes < 0)
    sk_wbuf_puts(b, "null");
  else
    sk_wbuf_printf(b, "%ld", x->processes);
  sk_wbuf_json_key(b, "nodes", 0);
  if (x->nodes < 0)
    sk_wbuf_puts(b, "null");
  else
    sk_wbuf_printf(b, "%ld", x->nodes);
  sk_wbuf_json_key(b, "start_time", 0);
  sk_wbuf_json_str(b, x->start_time);
  sk_wbuf_json_key(b, "status", 0);
  sk_wbuf_json_str(b, x->status);
  sk_wbuf_json_key(b, "verdict", 0);
  if (*x->verdict)
    sk_wbuf_json_str(b, x->verdict);
  else
    sk_wbuf_puts(b, "null");
  sk_wbuf_printf(b, ",\"campaign\":%lld,\"tags\":{", (long long)x->campaign);
  for (i = 0; i < x->ntags; i++) {
    const char *eq = strchr(x->tags[i], '=');
    size_t k = eq ? (size_t)(eq - x->tags[i]) : strlen(x->tags[i]);
    char *key = strndup(x->tags[i], k);
    if (i)
      sk_wbuf_puts(b, ",");
    sk_wbuf_json_str(b, key ? key : "");
    sk_wbuf_puts(b, ":");
    sk_wbuf_json_str(b, eq ? eq + 1 : "");
    free(key);
  }
  sk_wbuf_puts(b, "}}");
  return b->failed ? -1 : 0;
}

static void sk_api_facets_json(sk_wbuf_t *b, sk_webdata_runs_t *w)
{
  size_t f, i;
  sk_wbuf_puts(b, ",\"facets\":{");
  for (f = 0; f < SK_WEBDATA_NFACETS; f++) {
    const sk_webdata_facet_t *x = &w->facet[f];
    sk_wbuf_printf(b, "%s\"%s\":[", f ? "," : "", sk_webdata_facet_name[f]);
    for (i = 0; i < x->n; i++) {
      sk_wbuf_puts(b, i ? ",{\"value\":" : "{\"value\":");
      sk_wbuf_json_str(b, x->v[i].value);
      sk_wbuf_printf(b, ",\"count\":%zu}", x->v[i].count);
    }
    sk_wbuf_puts(b, "]");
  }
  sk_wbuf_puts(b, "}");
}

/* The whole list is answered from the thread's cache while the database
 * is unchanged: it is the first request of every visit, and building it
 * for 10,000 runs takes longer than copying it. */
static int sk_api_runs_cached(sk_web_req_t *r, long long version)
{
  sk_web_cache_t *c = r->cache;
  if (!c || version < 0 || !c->data || c->version != version)
    return 0;
  sk_wbuf_put(&r->out, c->data, c->len);
  return 1;
}

static void sk_api_runs_keep(sk_web_req_t *r, long long version)
{
  sk_web_cache_t *c = r->cache;
  if (!c || version < 0 || r->out.failed || r->status != 200)
    return;
  free(c->data);
  c->data = malloc(r->out.len ? r->out.len : 1);
  c->len = c->data ? r->out.len : 0;
  c->version = version;
  if (c->data && r->out.len)
    memcpy(c->data, r->out.data, r->out.len);
}

int sk_api_runs_json(sk_store_t *st, const sk_sel_t *sel, sk_wbuf_t *b)
{
  sk_webdata_runs_t w;
  int rc = 0;
  sk_webdata_runs_init(&w, b);
  sk_wbuf_puts(b, "{\"runs\":[");
  if (sk_store_run_rows(st, sel, sk_api_run_json, &w) < 0)
    rc = -1;
  else {
    sk_webdata_facets_done(&w);
    sk_wbuf_puts(b, "]");
    sk_api_facets_json(b, &w);
    sk_wbuf_printf(b, ",\"count\":%zu}\n", w.nruns);
  }
  sk_webdata_runs_free(&w);
  return rc;
}

int sk_api_runs(sk_web_req_t *r)
{
  sk_sel_t sel;
  const char *v = sk_web_arg(r, "sel");
  int has = v && *v;
  long long version = has ? -1 : sk_store_data_version(r->st);
  if (sk_api_runs_cached(r, version))
    return 0;
  if (sk_web_selection(r, "sel", 1, &sel) < 0)
    return 0;
  if (sk_api_runs_json(r->st, has ? &sel : NULL, &r->out) < 0)
    sk_web_fail_msg(r, 500, "cannot list the runs");
  else
    sk_api_runs_keep(r, version);
  sk_sel_free(&sel);
  return 0;
}

/* ---- /api/runs/ID ----------------------------------------------------- */

int sk_api_run(sk_web_req_t *r)
{
  sk_store_info_t o;
  char *end;
  long long id;
  errno = 0;
  id = strtoll(r->tail, &end, 10);
  if (errno || end == r->tail || *end || id < 1)
    return sk_web_fail(r, 404, "no such run (a run is /api/runs/ID)");
  if (sk_store_info(r->st, id, &o) < 0)
    return sk_web_fail_msg(r, 404, "no such run");
  sk_store_info_free(&o);
  if (sk_webdata_run_json(r->st, id, &r->out) < 0)
    return sk_web_fail_msg(r, 500, "cannot read the run");
  return 0;
}

/* ---- /api/suites ------------------------------------------------------ */

int sk_api_suites(sk_web_req_t *r)
{
  sk_webdata_suites_t s;
  sk_sel_t sel;
  if (sk_web_selection(r, "sel", 1, &sel) < 0)
    return 0;
  if (sk_webdata_suites(r->st, &sel, &s) < 0) {
    sk_sel_free(&sel);
    return sk_web_fail_msg(r, 500, "cannot list the suites");
  }
  sk_webdata_suites_json(&r->out, &s);
  sk_webdata_suites_free(&s);
  sk_sel_free(&sel);
  return 0;
}

/* ---- /api/series and /api/series.csv ---------------------------------- */

static void sk_api_kv(sk_wbuf_t *b, const char *k, double v)
{
  sk_wbuf_json_key(b, k, 0);
  sk_wbuf_json_num(b, v);
}


static void sk_api_point_json(sk_wbuf_t *b, const sk_store_point_t *p,
                              int first, double bytes, double floor)
{
  const struct { const char *k; double v; } f[] = {
    {"argument", p->argument}, {"mean", p->mean}, {"stderr", p->se},
    {"median", p->median}, {"q1", p->q1}, {"q3", p->q3}, {"min", p->min},
    {"max", p->max}, {"ci_low", p->ci_low}, {"ci_high", p->ci_high},
    {"ci_coverage", p->ci_coverage}, {"overlap_pure", p->ovl_pure},
    {"overlap_with_computation", p->ovl_with},
    {"overlap_computation", p->ovl_cpu},
    {"overlap_percent", p->ovl_percent}, {"init_time", p->init_time},
    {"free_time", p->free_time}, {"p50", p->pct[0]}, {"p90", p->pct[1]},
    {"p99", p->pct[2]}, {"p999", p->pct[3]}, {"p50_low", p->pct_low[0]},
    {"p50_high", p->pct_high[0]}, {"p90_low", p->pct_low[1]},
    {"p90_high", p->pct_high[1]}, {"p99_low", p->pct_low[2]},
    {"p99_high", p->pct_high[2]}, {"p999_low", p->pct_low[3]},
    {"p999_high", p->pct_high[3]}};
  const struct { const char *k; long v; } n[] = {
    {"processes", p->processes}, {"repetitions", p->repetitions},
    {"runs", p->runs}, {"modes", p->modes}};
  size_t i;
  sk_wbuf_puts(b, first ? "{" : ",{");
  for (i = 0; i < sizeof f / sizeof *f; i++) {
    sk_wbuf_json_key(b, f[i].k, i == 0);
    sk_wbuf_json_num(b, f[i].v);
  }
  for (i = 0; i < sizeof n / sizeof *n; i++) {
    sk_wbuf_json_key(b, n[i].k, 0);
    if (n[i].v < 0)
      sk_wbuf_puts(b, "null");
    else
      sk_wbuf_printf(b, "%ld", n[i].v);
  }
  sk_wbuf_json_key(b, "bytes", 0);
  sk_wbuf_json_num(b, bytes);
  sk_wbuf_printf(b, ",\"eps_met\":%s,\"refined\":%s",
                 p->eps_met < 0 ? "null" : p->eps_met ? "true" : "false",
                 p->refined < 0 ? "null" : p->refined ? "true" : "false");
  /* only a point with a floor has one (runfloor.h) */
  if (isfinite(floor))
    sk_api_kv(b, "floor", floor);
  /* only a point below the timer's resolution says so: no measurement */
  sk_wbuf_puts(b, p->unresolved ? ",\"resolved\":false}" : "}");
}

static void sk_api_series_head(sk_wbuf_t *b, const sk_webdata_series_t *s,
                               int first)
{
  const sk_store_info_t *o = s->run;
  sk_wbuf_printf(b, "%s{\"run\":%lld,\"kind\":", first ? "" : ",",
                 (long long)o->id);
  sk_wbuf_json_str(b, o->kind);
  sk_wbuf_json_key(b, "suite", 0);
  sk_wbuf_json_str(b, s->suite);
  sk_wbuf_json_key(b, "machine", 0);
  sk_wbuf_json_str(b, o->machine);
  sk_wbuf_json_key(b, "library", 0);
  sk_wbuf_json_str(b, o->library);
  sk_wbuf_json_key(b, "processes", 0);
  if (o->processes < 0)
    sk_wbuf_puts(b, "null");
  else
    sk_wbuf_printf(b, "%ld", o->processes);
  sk_wbuf_json_key(b, "start_time", 0);
  sk_wbuf_json_str(b, o->start_time);
  sk_wbuf_json_key(b, "tags", 0);
  sk_wbuf_json_str(b, o->tags);
  sk_wbuf_printf(b, ",\"campaign\":%lld", (long long)o->campaign_id);
  sk_wbuf_json_key(b, "instance", 0);
  sk_wbuf_json_str(b, s->meta ? s->meta->instance : NULL);
  sk_wbuf_json_key(b, "argument_name", 0);
  sk_wbuf_json_str(b, s->meta ? s->meta->argument_name : NULL);
  sk_wbuf_json_key(b, "status", 0);
  sk_wbuf_json_str(b, s->meta ? s->meta->status : NULL);
  sk_wbuf_puts(b, ",\"points\":[");
}

typedef struct sk_api_out {
  sk_wbuf_t *b;
  size_t n;             /* series written */
} sk_api_out_t;

int sk_api_series_one(sk_wbuf_t *b, const sk_webdata_series_t *s,
                      int first)
{
  size_t i;
  sk_api_series_head(b, s, first);
  for (i = 0; i < s->n; i++)
    sk_api_point_json(b, &s->points[i], i == 0, s->meta
                      ? sk_payload_bytes(s->meta, s->run->processes,
                                         &s->points[i]) : NAN,
                      s->floors ? s->floors[i] : NAN);
  sk_wbuf_puts(b, "]}");
  return b->failed ? -1 : 0;
}

static int sk_api_series_json_fn(void *arg, const sk_webdata_series_t *s)
{
  sk_api_out_t *o = arg;
  return sk_api_series_one(o->b, s, o->n++ == 0);
}

/* hide=I,J,...: the series left out, numbered as they come (0 first);
 * -1 answered. */
static int sk_api_hide(sk_web_req_t *r, sk_webdata_query_t *q)
{
  const char *v = sk_web_arg(r, "hide");
  char *end;
  long i;
  while (v && *v) {
    errno = 0;
    i = strtol(v, &end, 10);
    if (errno || end == v || i < 0 || i >= SK_WEBDATA_MAX_SERIES ||
        (*end && *end != ',')) {
      sk_web_fail(r, 400, "parameter 'hide' takes series numbers 0 to %d "
                  "separated by commas", SK_WEBDATA_MAX_SERIES - 1);
      return -1;
    }
    q->hide[i] = 1;
    v = *end ? end + 1 : end;
  }
  return 0;
}

/* The selection, suites and x range of a series request; -1 answered. */
static int sk_api_series_req(sk_web_req_t *r, sk_webdata_query_t *q)
{
  memset(q, 0, sizeof *q);
  if (sk_web_selection(r, "sel", 0, &q->sel) < 0)
    return -1;
  q->nsuites = sk_web_args(r, "suite", q->suites, SK_WEBDATA_SUITES);
  if (q->nsuites == 0 || q->nsuites > SK_WEBDATA_SUITES) {
    sk_sel_free(&q->sel);
    sk_web_fail(r, 400, q->nsuites ? "at most %d suite parameters"
                : "missing parameter 'suite' (a suite name; repeatable, at "
                "most %d)", SK_WEBDATA_SUITES);
    return -1;
  }
  if (sk_api_hide(r, q) < 0 ||
      sk_web_number(r, "xmin", -INFINITY, &q->xmin) < 0 ||
      sk_web_number(r, "xmax", INFINITY, &q->xmax) < 0) {
    sk_sel_free(&q->sel);
    return -1;
  }
  return 0;
}

/* Runs Q with FN; the error answer when it fails. */
static int sk_api_series_run(sk_web_req_t *r, sk_webdata_query_t *q,
                             sk_webdata_series_fn fn, void *arg)
{
  int rc = sk_webdata_series(r->st, q, fn, arg);
  if (rc == -2)
    sk_web_fail(r, 400, "the selection has %zu series; at most %d are "
                "drawn at once", q->nseries, SK_WEBDATA_MAX_SERIES);
  else if (rc < 0)
    sk_web_fail_msg(r, 500, "cannot read the series");
  sk_sel_free(&q->sel);
  return rc;
}

int sk_api_series(sk_web_req_t *r)
{
  sk_webdata_query_t q;
  sk_api_out_t o = {&r->out, 0};
  if (sk_api_series_req(r, &q) < 0)
    return 0;
  sk_wbuf_puts(&r->out, "{\"series\":[");
  if (sk_api_series_run(r, &q, sk_api_series_json_fn, &o) == 0)
    sk_wbuf_printf(&r->out, "],\"count\":%zu,\"found\":%zu}\n", o.n,
                   q.nseries);
  return 0;
}

void sk_api_series_csv_head(sk_wbuf_t *b)
{
  sk_wbuf_puts(b, "run,kind,machine,library,np,start_time,suite,"
               "argument,processes,mean,stderr,median,q1,q3,min,max,"
               "repetitions,eps_met,runs,ci_low,ci_high,ci_coverage,modes,"
               "overlap_pure,overlap_with_computation,overlap_computation,"
               "overlap_percent,init_time,free_time,p50,p90,p99,p999,"
               "p50_low,p50_high,p90_low,p90_high,p99_low,p99_high,"
               "p999_low,p999_high,resolved\r\n");
}

int sk_api_series_csv_one(sk_wbuf_t *b, const sk_webdata_series_t *s)
{
  const sk_store_info_t *o = s->run;
  size_t i;
  for (i = 0; i < s->n; i++) {
    const sk_store_point_t *p = &s->points[i];
    const double v[] = {p->mean, p->se, p->median, p->q1, p->q3, p->min,
                        p->max};
    const double ex[] = {p->ovl_pure, p->ovl_with, p->ovl_cpu,
                         p->ovl_percent, p->init_time, p->free_time,
                         p->pct[0], p->pct[1], p->pct[2], p->pct[3],
                         p->pct_low[0], p->pct_high[0], p->pct_low[1],
                         p->pct_high[1], p->pct_low[2], p->pct_high[2],
                         p->pct_low[3], p->pct_high[3]};
    size_t k;
    sk_wbuf_printf(b, "%lld,", (long long)o->id);
    sk_wbuf_csv(b, o->kind);
    sk_wbuf_puts(b, ",");
    sk_wbuf_csv(b, o->machine);
    sk_wbuf_puts(b, ",");
    sk_wbuf_csv(b, o->library);
    if (o->processes < 0)
      sk_wbuf_puts(b, ",,");
    else
      sk_wbuf_printf(b, ",%ld,", o->processes);
    sk_wbuf_csv(b, o->start_time);
    sk_wbuf_puts(b, ",");
    sk_wbuf_csv(b, s->suite);
    sk_wbuf_puts(b, ",");
    sk_wbuf_csv_num(b, p->argument);
    if (p->processes < 0)
      sk_wbuf_puts(b, ",");
    else
      sk_wbuf_printf(b, ",%ld", p->processes);
    for (k = 0; k < sizeof v / sizeof *v; k++) {
      sk_wbuf_puts(b, ",");
      sk_wbuf_csv_num(b, v[k]);
    }
    if (p->repetitions < 0)
      sk_wbuf_puts(b, ",");
    else
      sk_wbuf_printf(b, ",%ld", p->repetitions);
    sk_wbuf_printf(b, ",%s", p->eps_met < 0 ? "" : p->eps_met ? "true"
                   : "false");
    if (p->runs < 0)
      sk_wbuf_puts(b, ",");
    else
      sk_wbuf_printf(b, ",%ld", p->runs);
    sk_wbuf_puts(b, ",");
    sk_wbuf_csv_num(b, p->ci_low);
    sk_wbuf_puts(b, ",");
    sk_wbuf_csv_num(b, p->ci_high);
    sk_wbuf_puts(b, ",");
    sk_wbuf_csv_num(b, p->ci_coverage);
    if (p->modes < 0)
      sk_wbuf_puts(b, ",");
    else
      sk_wbuf_printf(b, ",%ld", p->modes);
    for (k = 0; k < sizeof ex / sizeof *ex; k++) {
      sk_wbuf_puts(b, ",");
      sk_wbuf_csv_num(b, ex[k]);
    }
    sk_wbuf_puts(b, p->unresolved ? ",false\r\n" : ",true\r\n");
  }
  return b->failed ? -1 : 0;
}

static int sk_api_series_csv_fn(void *arg, const sk_webdata_series_t *s)
{
  return sk_api_series_csv_one(arg, s);
}

int sk_api_series_csv(sk_web_req_t *r)
{
  sk_webdata_query_t q;
  if (sk_api_series_req(r, &q) < 0)
    return 0;
  r->type = "text/csv; charset=utf-8";
  r->filename = "skampi-series.csv";
  sk_api_series_csv_head(&r->out);
  sk_api_series_run(r, &q, sk_api_series_csv_fn, &r->out);
  return 0;
}

/* ---- /api/compare ----------------------------------------------------- */

/* What a compared point's argument is: "length" (bytes), "none" (a
 * suite that varies nothing) or "other". */
static const char *sk_api_arg_kind(const sk_regress_point_t *p)
{
  return p->bytes ? "length" : p->noarg ? "none" : "other";
}

/* A point's object up to its run counts, left open: suite, instance,
 * argument_name, argument, processes, baseline_runs, candidate_runs. */
static void sk_api_point_head(sk_wbuf_t *b, const sk_regress_point_t *p,
                              int first)
{
  sk_wbuf_puts(b, first ? "{\"suite\":" : ",{\"suite\":");
  sk_wbuf_json_str(b, p->suite);
  sk_wbuf_json_key(b, "instance", 0);
  sk_wbuf_json_str(b, p->instance);
  sk_wbuf_printf(b, ",\"argument_name\":\"%s\"", sk_api_arg_kind(p));
  sk_api_kv(b, "argument", p->argument);
  sk_wbuf_printf(b, ",\"processes\":%ld,\"baseline_runs\":%zu,"
                 "\"candidate_runs\":%zu", p->processes, p->side[0].nruns,
                 p->side[1].nruns);
}

static void sk_api_compare_point(sk_wbuf_t *b, const sk_regress_point_t *p,
                                 int first)
{
  sk_api_point_head(b, p, first);
  sk_wbuf_printf(b, ",\"method\":\"%s\"", sk_regress_method_name(p->method));
  sk_api_kv(b, "before", p->before);
  sk_api_kv(b, "after", p->after);
  sk_api_kv(b, "ratio", p->ratio);
  sk_api_kv(b, "ratio_low", p->low);
  sk_api_kv(b, "ratio_high", p->high);
  sk_api_kv(b, "coverage", p->coverage);
  sk_api_kv(b, "p", p->p);
  sk_api_kv(b, "q", p->q);
  sk_wbuf_printf(b, ",\"stars\":\"%s\",\"verdict\":\"%s\"",
                 isnan(p->q) ? "" : sk_wilcoxon_stars(p->q),
                 sk_regress_verdict_name(p->verdict));
  sk_api_kv(b, "min_p", p->min_p);
  sk_wbuf_printf(b, ",\"beyond_noise\":%s", p->beyond ? "true" : "false");
  sk_api_kv(b, "floor", p->floor[1]);
  sk_api_kv(b, "floor_ratio", p->floor_ratio[1]);
  sk_api_kv(b, "baseline_floor", p->floor[0]);
  sk_api_kv(b, "baseline_floor_ratio", p->floor_ratio[0]);
  sk_wbuf_puts(b, "}");
}

/* The comparison's power and overall verdict (doc/database.md). */
static void sk_api_compare_power(sk_wbuf_t *b, const sk_regress_t *x)
{
  char text[SK_REGRESS_TEXT];
  sk_wbuf_printf(b, ",\"power\":{\"tests\":%zu", x->ntested);
  sk_api_kv(b, "min_p", x->best_p);
  sk_api_kv(b, "min_q", x->min_q);
  sk_wbuf_printf(b, ",\"baseline_values\":%zu,\"candidate_values\":%zu,"
                 "\"need_runs\":%zu,\"max_points\":%zu,"
                 "\"points_together\":%zu}", x->power_runs[0],
                 x->power_runs[1], x->need, x->max_points, x->together);
  sk_wbuf_printf(b, ",\"verdict\":\"%s\"", sk_regress_overall(x));
  if (x->inconclusive) {
    sk_regress_inconclusive_text(x, text, sizeof text);
    sk_wbuf_json_key(b, "message", 0);
    sk_wbuf_json_str(b, text);
  }
  sk_wbuf_printf(b, ",\"inconclusive_points\":%zu,"
                 "\"beyond_noise_points\":%zu", x->ninconclusive,
                 x->nbeyond);
}

/* What each side's suite of a pair (compare --match) is. */
static void sk_api_quantities(sk_wbuf_t *b, const sk_regress_t *x)
{
  size_t k;
  int side;
  sk_wbuf_puts(b, ",\"quantities\":[");
  for (k = 0; k < x->nmatch && k < SK_REGRESS_MATCH_MAX; k++) {
    sk_wbuf_puts(b, k ? ",{" : "{");
    for (side = 0; side < 2; side++) {
      sk_wbuf_json_key(b, side ? "candidate_suite" : "baseline_suite",
                       side == 0);
      sk_wbuf_json_str(b, x->match[side][k]);
      sk_wbuf_json_key(b, side ? "candidate" : "baseline", 0);
      if (x->quantity[side][k])
        sk_wbuf_json_str(b, x->quantity[side][k]);
      else
        sk_wbuf_puts(b, "null");
    }
    sk_wbuf_puts(b, "}");
  }
  sk_wbuf_puts(b, "]");
}

/* Why points of one side are not in the other: the sentences, and the
 * counts by reason. */
static void sk_api_unmatched(sk_wbuf_t *b, const sk_regress_t *x)
{
  static const char *const key[2] = {"unmatched_baseline",
                                     "unmatched_candidate"};
  char text[SK_REGRESS_TEXT];
  int side;
  for (side = 0; side < 2; side++) {
    sk_regress_unmatched_text(x, side, text, sizeof text);
    sk_wbuf_json_key(b, key[side], 0);
    sk_wbuf_printf(b, "{\"grid\":%zu,\"processes\":%zu,\"suite\":%zu,"
                   "\"message\":", x->unmatched[side][SK_REGRESS_GRID],
                   x->unmatched[side][SK_REGRESS_NP],
                   x->unmatched[side][SK_REGRESS_SUITE]);
    sk_wbuf_json_str(b, text);
    sk_wbuf_puts(b, "}");
  }
}

/* The points not comparable: below the timer's resolution on the side
 * named (regress.h: unresolved). */
static void sk_api_unresolved(sk_wbuf_t *b, const sk_regress_t *x)
{
  size_t i;
  sk_wbuf_printf(b, ",\"not_comparable_points\":%zu,\"not_comparable\":[",
                 x->nunresolved);
  for (i = 0; i < x->nunresolved; i++) {
    const sk_regress_point_t *p = &x->unresolved[i];
    sk_api_point_head(b, p, i == 0);
    sk_wbuf_printf(b, ",\"unresolved\":\"%s\",\"reason\":\"%s\"",
                   sk_regress_unresolved_side(p), SK_REGRESS_UNRESOLVED_WHY);
    sk_api_kv(b, "before", p->before);
    sk_api_kv(b, "after", p->after);
    sk_wbuf_puts(b, "}");
  }
  sk_wbuf_puts(b, "]");
}

/* The least and the most of a finding's candidate medians against their
 * floors (null where none of its points has a floor). */
static void sk_api_finding_floor(sk_wbuf_t *b, const sk_regress_t *x,
                                 const sk_regress_finding_t *f)
{
  double lo, hi;
  sk_regress_finding_floor(x, f, &lo, &hi);
  sk_api_kv(b, "floor_ratio_low", lo);
  sk_api_kv(b, "floor_ratio_high", hi);
}

void sk_api_compare_json(sk_wbuf_t *b, const sk_regress_t *x)
{
  char summary[256];
  size_t i, *order = sk_regress_worst_first(x);
  sk_wbuf_printf(b, "{\"baseline_runs\":%zu,\"candidate_runs\":%zu,"
                 "\"baseline_merged\":%zu,\"candidate_merged\":%zu,"
                 "\"baseline_idle\":%zu,\"candidate_idle\":%zu",
                 x->nruns[0], x->nruns[1], x->nmerged[0], x->nmerged[1],
                 x->nidle[0], x->nidle[1]);
  sk_api_kv(b, "fdr", x->fdr);
  sk_api_kv(b, "min_effect", x->min_effect);
  sk_api_compare_power(b, x);
  sk_regress_summary_text(x, summary, sizeof summary);
  sk_wbuf_json_key(b, "summary", 0);
  sk_wbuf_json_str(b, summary);
  sk_wbuf_printf(b, ",\"slower\":%zu,\"faster\":%zu,\"findings\":[",
                 x->slower, x->faster);
  for (i = 0; i < x->nfindings; i++) {
    /* worst first: the slower, the larger change first */
    const sk_regress_finding_t *f = &x->findings[order ? order[i] : i];
    sk_wbuf_printf(b, "%s{\"verdict\":\"%s\",\"suite\":", i ? "," : "",
                   sk_regress_verdict_name(f->verdict));
    sk_wbuf_json_str(b, x->points[f->first].suite);
    sk_wbuf_printf(b, ",\"argument\":\"%s\"",
                   sk_api_arg_kind(&x->points[f->first]));
    sk_api_kv(b, "from", x->points[f->first].argument);
    sk_api_kv(b, "to", x->points[f->last].argument);
    sk_wbuf_printf(b, ",\"processes\":%ld", x->points[f->first].processes);
    sk_api_kv(b, "ratio", f->ratio);
    sk_api_kv(b, "ratio_low", f->low);
    sk_api_kv(b, "ratio_high", f->high);
    sk_api_kv(b, "q", f->q);
    sk_api_finding_floor(b, x, f);
    sk_wbuf_printf(b, ",\"stars\":\"%s\",\"points\":%zu}",
                   sk_wilcoxon_stars(f->q), f->last - f->first + 1);
  }
  free(order);
  sk_wbuf_printf(b, "],\"only_baseline\":%zu,\"only_candidate\":%zu",
                 x->only[0], x->only[1]);
  sk_api_unmatched(b, x);
  sk_api_unresolved(b, x);
  sk_api_quantities(b, x);
  sk_wbuf_puts(b, ",\"estimator\":");
  sk_wbuf_json_str(b, SK_REGRESS_ESTIMATOR);
  sk_wbuf_puts(b, ",\"points\":[");
  for (i = 0; i < x->npoints; i++)
    sk_api_compare_point(b, &x->points[i], i == 0);
  sk_wbuf_puts(b, "]}\n");
}

int sk_api_compare(sk_web_req_t *r)
{
  sk_regress_t x;
  if (sk_webdata_compare(r, &x, NULL) < 0)
    return 0;
  sk_api_compare_json(&r->out, &x);
  sk_regress_free(&x);
  return 0;
}
