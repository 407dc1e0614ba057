/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_query.c -- skampi-db suites and query: what the selected runs
 * measured, and the points of chosen suites, one series per run.
 */
#include <config.h>

#include "dbcmd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbout.h"
#include "emit.h"
#include "grow.h"
#include "msg.h"
#include "runfloor.h"
#include "suggest.h"
#include "wbuf.h"
#include "web.h"
#include "webdata.h"

/* ---- suites ------------------------------------------------------------ */

typedef struct sk_suites_row {
  char *name, *instance;
  long runs, points;
  int64_t last_run;
} sk_suites_row_t;

typedef struct sk_suites_acc {
  sk_suites_row_t *rows;
  size_t n, cap;
} sk_suites_acc_t;

static int sk_suites_add(void *arg, int64_t run, const sk_store_suite_t *s,
                         long npoints)
{
  sk_suites_acc_t *a = arg;
  sk_suites_row_t *grown;
  size_t i;
  for (i = 0; i < a->n; i++)
    if (strcmp(a->rows[i].name, s->name) == 0 &&
        strcmp(a->rows[i].instance, s->instance) == 0)
      break;
  if (i == a->n) {
    if (SK_GROW(a->rows, a->cap, a->n + 1, 16) != 0)
      return -1;
    grown = a->rows;
    grown[i].name = strdup(s->name);
    grown[i].instance = strdup(s->instance);
    grown[i].runs = grown[i].points = 0;
    grown[i].last_run = 0;
    a->n++;
    if (!grown[i].name || !grown[i].instance)
      return -1;
  }
  if (a->rows[i].last_run != run)
    a->rows[i].runs++;
  a->rows[i].last_run = run;
  a->rows[i].points += npoints;
  return 0;
}

/* suites --format json: /api/suites's shape. */
static int sk_suites_json(sk_store_t *st, const sk_sel_t *sel)
{
  sk_webdata_suites_t s;
  sk_wbuf_t b = {NULL, 0, 0, 0};
  if (sk_webdata_suites(st, sel, &s) < 0)
    return SK_DB_STORE;
  sk_webdata_suites_json(&b, &s);
  sk_webdata_suites_free(&s);
  return sk_dbcmd_write(&b);
}

int sk_dbcmd_suites(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_sel_t sel = {NULL, 0, 0};
  sk_suites_acc_t acc = {NULL, 0, 0};
  int64_t *ids = NULL;
  size_t i, n = 0;
  int rc = SK_DB_OK;
  if (sk_dbcmd_selection(c->args, c->nargs, &sel) < 0) {
    sk_sel_free(&sel);
    return SK_DB_USAGE;
  }
  if (c->format == SK_DB_JSON) {
    rc = sk_suites_json(st, &sel);
    sk_sel_free(&sel);
    return rc;
  }
  if (sk_store_select(st, &sel, &ids, &n) < 0)
    rc = SK_DB_STORE;
  for (i = 0; rc == SK_DB_OK && i < n; i++)
    if (sk_store_suites(st, ids[i], sk_suites_add, &acc) < 0)
      rc = SK_DB_STORE;
  if (rc == SK_DB_OK && acc.n)
    printf("%-32s  %-28s  %5s  %7s\n", "suite", "instance", "runs",
           "points");
  for (i = 0; i < acc.n; i++) {
    if (rc == SK_DB_OK) {
      sk_dbout_text(stdout, "%-32s  ", acc.rows[i].name);
      sk_dbout_text(stdout, "%-28s  ", acc.rows[i].instance);
      printf("%5ld  %7ld\n", acc.rows[i].runs, acc.rows[i].points);
    }
    free(acc.rows[i].name);
    free(acc.rows[i].instance);
  }
  if (rc == SK_DB_OK && n == 0)
    fprintf(stderr, "%s: no run matches\n", sk_msg_program());
  free(acc.rows);
  free(ids);
  sk_sel_free(&sel);
  return rc;
}

/* ---- query ------------------------------------------------------------- */

typedef struct sk_query {
  const sk_dbcmd_t *c;
  const sk_store_info_t *run;
  const char *suite;
  sk_emit_t *e;
  long npoints;
} sk_query_t;

static const char *const sk_query_cols[] = {
  "run", "kind", "machine", "library", "np", "start_time", "suite",
  "argument", "processes", "mean", "stderr", "median", "q1", "q3", "min",
  "max", "repetitions", "eps_met", "runs", "ci_low", "ci_high",
  "ci_coverage", "modes", "overlap_pure", "overlap_with_computation",
  "overlap_computation", "overlap_percent", "init_time", "free_time",
  "p50", "p90", "p99", "p999", "p50_low", "p50_high", "p90_low",
  "p90_high", "p99_low", "p99_high", "p999_low", "p999_high", "resolved",
  NULL
};



static void sk_query_csv_num(double v)
{
  char b[32];
  sk_dbout_num(b, v);
  printf(",%s", b);
}

/* The percentiles' columns after free_time, as sk_query_cols names them:
 * p50 .. p999, then the low and high of each. */
static void sk_query_csv_tail(const sk_store_point_t *p)
{
  int k;
  for (k = 0; k < 4; k++)
    sk_query_csv_num(p->pct[k]);
  for (k = 0; k < 4; k++) {
    sk_query_csv_num(p->pct_low[k]);
    sk_query_csv_num(p->pct_high[k]);
  }
}

static void sk_query_csv_long(long v)
{
  if (v < 0)
    fputs(",", stdout);
  else
    printf(",%ld", v);
}

static int sk_query_csv(void *arg, const sk_store_point_t *p)
{
  sk_query_t *q = arg;
  const sk_store_info_t *r = q->run;
  printf("%lld,%s,", (long long)r->id, r->kind);
  sk_dbout_csv(stdout, r->machine);
  fputc(',', stdout);
  sk_dbout_csv(stdout, r->library);
  sk_query_csv_long(r->processes);
  fputc(',', stdout);
  sk_dbout_csv(stdout, r->start_time);
  fputc(',', stdout);
  sk_dbout_csv(stdout, q->suite);
  sk_query_csv_num(p->argument);
  sk_query_csv_long(p->processes);
  sk_query_csv_num(p->mean);
  sk_query_csv_num(p->se);
  sk_query_csv_num(p->median);
  sk_query_csv_num(p->q1);
  sk_query_csv_num(p->q3);
  sk_query_csv_num(p->min);
  sk_query_csv_num(p->max);
  sk_query_csv_long(p->repetitions);
  printf(",%s", p->eps_met < 0 ? "" : p->eps_met ? "true" : "false");
  sk_query_csv_long(p->runs);
  sk_query_csv_num(p->ci_low);
  sk_query_csv_num(p->ci_high);
  sk_query_csv_num(p->ci_coverage);
  sk_query_csv_long(p->modes);
  sk_query_csv_num(p->ovl_pure);
  sk_query_csv_num(p->ovl_with);
  sk_query_csv_num(p->ovl_cpu);
  sk_query_csv_num(p->ovl_percent);
  sk_query_csv_num(p->init_time);
  sk_query_csv_num(p->free_time);
  sk_query_csv_tail(p);
  /* false: below the timer's resolution, no measurement (schema 8) */
  printf(",%s", p->unresolved ? "false" : "true");
  putchar('\n');
  q->npoints++;
  return 0;
}

static int sk_query_kv_num(sk_emit_t *e, const char *key, double v)
{
  return isnan(v) ? 0 : sk_emit_kv_double(e, key, v);
}

static int sk_query_kv_long(sk_emit_t *e, const char *key, long v)
{
  return v < 0 ? 0 : sk_emit_kv_long(e, key, v);
}

static int sk_query_yaml(void *arg, const sk_store_point_t *p)
{
  sk_query_t *q = arg;
  sk_emit_t *e = q->e;
  int rc = sk_emit_map_begin(e), k;
  if (p->argument == floor(p->argument) && fabs(p->argument) < 1e15)
    rc |= sk_emit_kv_long(e, "argument", (long)p->argument);
  else
    rc |= sk_query_kv_num(e, "argument", p->argument);
  rc |= sk_query_kv_long(e, "processes", p->processes);
  rc |= sk_query_kv_num(e, "mean", p->mean);
  rc |= sk_query_kv_num(e, "stderr", p->se);
  rc |= sk_query_kv_num(e, "median", p->median);
  rc |= sk_query_kv_num(e, "q1", p->q1);
  rc |= sk_query_kv_num(e, "q3", p->q3);
  rc |= sk_query_kv_num(e, "min", p->min);
  rc |= sk_query_kv_num(e, "max", p->max);
  rc |= sk_query_kv_long(e, "repetitions", p->repetitions);
  if (p->eps_met >= 0)
    rc |= sk_emit_kv_bool(e, "eps_met", (int)p->eps_met);
  if (p->unresolved)     /* below the timer's resolution: no measurement */
    rc |= sk_emit_kv_bool(e, "resolved", 0);
  rc |= sk_query_kv_long(e, "runs", p->runs);
  rc |= sk_query_kv_num(e, "ci_low", p->ci_low);
  rc |= sk_query_kv_num(e, "ci_high", p->ci_high);
  rc |= sk_query_kv_num(e, "ci_coverage", p->ci_coverage);
  rc |= sk_query_kv_long(e, "modes", p->modes);
  rc |= sk_query_kv_num(e, "overlap_pure", p->ovl_pure);
  rc |= sk_query_kv_num(e, "overlap_with_computation", p->ovl_with);
  rc |= sk_query_kv_num(e, "overlap_computation", p->ovl_cpu);
  rc |= sk_query_kv_num(e, "overlap_percent", p->ovl_percent);
  rc |= sk_query_kv_num(e, "init_time", p->init_time);
  rc |= sk_query_kv_num(e, "free_time", p->free_time);
  for (k = 0; k < 4; k++)
    rc |= sk_query_kv_num(e, sk_query_cols[29 + k], p->pct[k]);
  for (k = 0; k < 8; k++)
    rc |= sk_query_kv_num(e, sk_query_cols[33 + k],
                          k % 2 ? p->pct_high[k / 2] : p->pct_low[k / 2]);
  rc |= sk_emit_map_end(e);
  q->npoints++;
  return rc ? -1 : 0;
}

/* The head of one series in YAML; its points follow. */
static int sk_query_yaml_series(sk_emit_t *e, const sk_store_info_t *r,
                                const char *suite)
{
  int rc = sk_emit_map_begin(e);
  rc |= sk_emit_kv_long(e, "run", (long)r->id);
  rc |= sk_emit_kv_str(e, "kind", r->kind);
  rc |= sk_emit_kv_str(e, "suite", suite);
  rc |= sk_emit_kv_str(e, "machine", r->machine);
  rc |= sk_emit_kv_str(e, "library", r->library);
  rc |= sk_query_kv_long(e, "processes", r->processes);
  rc |= sk_emit_kv_str(e, "start_time", r->start_time);
  rc |= sk_emit_kv_str(e, "tags", r->tags);
  if (r->campaign_id)
    rc |= sk_emit_kv_long(e, "campaign", (long)r->campaign_id);
  rc |= sk_emit_str(e, "points");
  rc |= sk_emit_seq_begin(e);
  return rc ? -1 : 0;
}

static int sk_query_run(sk_store_t *st, sk_query_t *q, int64_t id)
{
  sk_store_info_t info;
  size_t k;
  int rc = 0;
  if (sk_store_info(st, id, &info) < 0)
    return -1;
  q->run = &info;
  for (k = 0; rc == 0 && k < q->c->nsuites; k++) {
    q->suite = q->c->suites[k];
    if (q->e) {
      rc = sk_query_yaml_series(q->e, &info, q->suite);
      rc |= sk_store_points(st, id, q->suite, sk_query_yaml, q);
      rc |= sk_emit_seq_end(q->e) | sk_emit_map_end(q->e);
    } else
      rc = sk_store_points(st, id, q->suite, sk_query_csv, q);
  }
  sk_store_info_free(&info);
  return rc;
}

/* ---- query --format json: /api/series's shape ------------------------- */

typedef struct sk_query_pts {
  sk_store_point_t *v;
  size_t n, cap;
} sk_query_pts_t;

static int sk_query_pt(void *arg, const sk_store_point_t *p)
{
  sk_query_pts_t *a = arg;
  if (SK_GROW(a->v, a->cap, a->n + 1, 64) != 0)
    return -1;
  a->v[a->n] = *p;
  a->v[a->n].raw = a->v[a->n].run_medians = a->v[a->n].run_means = NULL;
  a->n++;
  return 0;
}

/* Every series of the runs IDS, each written out as it is read. */
static int sk_query_json(sk_store_t *st, const sk_dbcmd_t *c,
                         const int64_t *ids, size_t n, long *npoints)
{
  sk_query_pts_t pts = {NULL, 0, 0};
  sk_wbuf_t b = {NULL, 0, 0, 0};
  size_t i, k, count = 0, capfloors = 0;
  double *floors = NULL;
  int rc = SK_DB_OK;
  fputs("{\"series\":[", stdout);
  for (i = 0; rc == SK_DB_OK && i < n; i++) {
    sk_store_info_t o;
    sk_runfloor_t *rf;
    if (sk_store_info(st, ids[i], &o) < 0) {
      rc = SK_DB_STORE;
      break;
    }
    rf = sk_runfloor_load(st, ids[i]);
    for (k = 0; rc == SK_DB_OK && k < c->nsuites; k++) {
      sk_webdata_series_t x;
      pts.n = 0;
      if (sk_store_points_only(st, ids[i], c->suites[k], sk_query_pt,
                               &pts) < 0) {
        rc = SK_DB_STORE;
        break;
      }
      if (!pts.n)
        continue;
      sk_store_suite_t meta;
      int m = sk_webdata_meta(st, ids[i], c->suites[k], &meta);
      x.run = &o;
      x.suite = c->suites[k];
      x.points = pts.v;
      x.n = pts.n;
      x.index = count;
      x.meta = m == 0 ? &meta : NULL;
      x.floors = NULL;
      if (m == 0 && rf && sk_webdata_floors(rf, &meta, pts.v, pts.n,
                                            &floors, &capfloors) == 0)
        x.floors = floors;
      *npoints += (long)pts.n;
      sk_api_series_one(&b, &x, count++ == 0);
      if (m == 0)
        sk_webdata_meta_free(&meta);
      rc = m < 0 ? SK_DB_STORE : sk_dbcmd_write(&b);
    }
    sk_runfloor_free(rf);
    sk_store_info_free(&o);
  }
  free(floors);
  free(pts.v);
  printf("],\"count\":%zu,\"found\":%zu}\n", count, count);
  return rc;
}

int sk_dbcmd_query(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_sel_t sel = {NULL, 0, 0};
  sk_query_t q = {c, NULL, NULL, NULL, 0};
  int64_t *ids = NULL;
  size_t i, n = 0;
  int rc = SK_DB_OK;
  if (c->nsuites == 0) {
    sk_msg_error("query needs --suite NAME (see skampi-db suites)");
    return SK_DB_USAGE;
  }
  if (sk_dbcmd_selection(c->args, c->nargs, &sel) < 0) {
    sk_sel_free(&sel);
    return SK_DB_USAGE;
  }
  if (sk_store_select(st, &sel, &ids, &n) < 0)
    rc = SK_DB_STORE;
  for (i = 0; rc == SK_DB_OK && n && i < c->nsuites; i++)
    rc = sk_dbcmd_suite_known(st, &sel, c->suites[i]);
  if (rc != SK_DB_OK)
    ;
  else if (c->format == SK_DB_JSON) {
    rc = sk_query_json(st, c, ids, n, &q.npoints);
    n = 0;
  } else if (c->format == SK_DB_YAML) {
    q.e = sk_emit_open(stdout);
    if (!q.e || sk_emit_map_begin(q.e) || sk_emit_str(q.e, "series") ||
        sk_emit_seq_begin(q.e))
      rc = SK_DB_FAILED;
  } else {
    for (i = 0; sk_query_cols[i]; i++)
      printf("%s%s", i ? "," : "", sk_query_cols[i]);
    putchar('\n');
  }
  for (i = 0; rc == SK_DB_OK && i < n; i++)
    if (sk_query_run(st, &q, ids[i]) < 0)
      rc = SK_DB_STORE;
  if (q.e && (sk_emit_seq_end(q.e) | sk_emit_map_end(q.e) |
              sk_emit_close(q.e)) && rc == SK_DB_OK)
    rc = SK_DB_FAILED;
  fflush(stdout);
  if (rc == SK_DB_OK && q.npoints == 0)
    fprintf(stderr, "%s: no points: %s\n", sk_msg_program(),
            n ? "no selected run has the suite" : "no run matches");
  free(ids);
  sk_sel_free(&sel);
  return rc;
}
