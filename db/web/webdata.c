/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webdata.c -- facets, suites, series and comparisons for skampi-db
 * serve (webdata.h).
 */
#include <config.h>

#include "webdata.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobhead.h"
#include "grow.h"
#include "runfloor.h"

const char *const sk_webdata_facet_name[SK_WEBDATA_NFACETS] = {
  "machine", "library", "processes", "tag", "month"
};

void sk_webdata_runs_init(sk_webdata_runs_t *w, sk_wbuf_t *out)
{
  memset(w, 0, sizeof *w);
  w->out = out;
}

static int sk_webdata_push(sk_webdata_facet_t *f, const char *value)
{
  if (SK_GROW(f->v, f->cap, f->n + 1, 256) != 0)
    return -1;
  if (!(f->v[f->n].value = strdup(value)))
    return -1;
  f->v[f->n++].count = 1;
  return 0;
}

const char *sk_webdata_np(char buf[32], long processes)
{
  if (processes < 0)
    snprintf(buf, 32, "?");
  else
    snprintf(buf, 32, "%ld", processes);
  return buf;
}

const char *sk_webdata_month(char buf[32], const char *start_time)
{
  snprintf(buf, 32, "%.7s", start_time);
  return buf;
}

int sk_webdata_count(sk_webdata_runs_t *w, const sk_store_runrow_t *x)
{
  char b1[32], b2[32];
  size_t i;
  w->nruns++;
  if (sk_webdata_push(&w->facet[SK_WEBDATA_MACHINE], x->machine) < 0 ||
      sk_webdata_push(&w->facet[SK_WEBDATA_LIBRARY], x->library) < 0 ||
      sk_webdata_push(&w->facet[SK_WEBDATA_NP],
                      sk_webdata_np(b1, x->processes)) < 0 ||
      sk_webdata_push(&w->facet[SK_WEBDATA_MONTH],
                      sk_webdata_month(b2, x->start_time)) < 0)
    return -1;
  for (i = 0; i < x->ntags; i++)
    if (sk_webdata_push(&w->facet[SK_WEBDATA_TAG], x->tags[i]) < 0)
      return -1;
  return 0;
}

static int sk_webdata_cmp(const void *a, const void *b)
{
  const sk_webdata_fv_t *x = a, *y = b;
  return strcmp(x->value, y->value);
}

/* Process counts sort as numbers. */
static int sk_webdata_cmp_np(const void *a, const void *b)
{
  const sk_webdata_fv_t *x = a, *y = b;
  long u = atol(x->value), v = atol(y->value);
  return u < v ? -1 : u > v;
}

void sk_webdata_facets_done(sk_webdata_runs_t *w)
{
  size_t f, i, k;
  for (f = 0; f < SK_WEBDATA_NFACETS; f++) {
    sk_webdata_facet_t *x = &w->facet[f];
    if (x->n == 0)
      continue;
    qsort(x->v, x->n, sizeof *x->v, sk_webdata_cmp);
    for (i = 1, k = 0; i < x->n; i++) {
      if (strcmp(x->v[i].value, x->v[k].value) == 0) {
        x->v[k].count++;
        free(x->v[i].value);
      } else
        x->v[++k] = x->v[i];
    }
    x->n = k + 1;
    if (f == SK_WEBDATA_NP)
      qsort(x->v, x->n, sizeof *x->v, sk_webdata_cmp_np);
  }
}

void sk_webdata_runs_free(sk_webdata_runs_t *w)
{
  size_t f, i;
  for (f = 0; f < SK_WEBDATA_NFACETS; f++) {
    for (i = 0; i < w->facet[f].n; i++)
      free(w->facet[f].v[i].value);
    free(w->facet[f].v);
  }
  memset(w->facet, 0, sizeof w->facet);
}

/* ---- suites ------------------------------------------------------------ */

static int sk_webdata_suite_add(void *arg, const char *name,
                                const char *instance, const char *argument,
                                long runs)
{
  sk_webdata_suites_t *s = arg;
  sk_webdata_suite_t *g;
  if (SK_GROW(s->v, s->cap, s->n + 1, 64) != 0)
    return -1;
  g = s->v;
  g[s->n].name = strdup(name);
  g[s->n].instance = strdup(instance);
  g[s->n].argument = strdup(argument);
  g[s->n].runs = runs;
  s->n++;
  return g[s->n - 1].name && g[s->n - 1].instance && g[s->n - 1].argument
         ? 0 : -1;
}

int sk_webdata_suites(sk_store_t *st, const sk_sel_t *sel,
                      sk_webdata_suites_t *s)
{
  int64_t *ids = NULL;
  memset(s, 0, sizeof *s);
  if (sk_store_select(st, sel, &ids, &s->nruns) < 0)
    return -1;
  free(ids);
  if (sk_store_suite_counts(st, sel, sk_webdata_suite_add, s) < 0) {
    sk_webdata_suites_free(s);
    return -1;
  }
  return 0;
}

void sk_webdata_suites_free(sk_webdata_suites_t *s)
{
  size_t i;
  for (i = 0; i < s->n; i++) {
    free(s->v[i].name);
    free(s->v[i].instance);
    free(s->v[i].argument);
  }
  free(s->v);
  memset(s, 0, sizeof *s);
}

void sk_webdata_suites_json(sk_wbuf_t *b, const sk_webdata_suites_t *s)
{
  size_t i;
  sk_wbuf_printf(b, "{\"runs\":%zu,\"instances\":[", s->nruns);
  for (i = 0; i < s->n; i++) {
    const sk_webdata_suite_t *x = &s->v[i];
    int first = i == 0 || strcmp(x->instance, s->v[i - 1].instance) != 0;
    if (first) {
      sk_wbuf_puts(b, i ? "]},{\"instance\":" : "{\"instance\":");
      sk_wbuf_json_str(b, x->instance);
      sk_wbuf_puts(b, ",\"suites\":[");
    } else
      sk_wbuf_puts(b, ",");
    sk_wbuf_puts(b, "{\"name\":");
    sk_wbuf_json_str(b, x->name);
    sk_wbuf_puts(b, ",\"argument\":");
    sk_wbuf_json_str(b, x->argument);
    sk_wbuf_printf(b, ",\"runs\":%ld}", x->runs);
  }
  sk_wbuf_puts(b, s->n ? "]}]}\n" : "]}\n");
}

/* ---- series ------------------------------------------------------------ */

typedef struct sk_webdata_pts {
  sk_store_point_t *v;
  size_t n, cap;
  size_t all;           /* points in or out of the x range */
  double xmin, xmax;
} sk_webdata_pts_t;

static int sk_webdata_pt(void *arg, const sk_store_point_t *p)
{
  sk_webdata_pts_t *a = arg;
  a->all++;
  if (!(p->argument >= a->xmin && p->argument <= a->xmax))
    return 0;
  if (SK_GROW(a->v, a->cap, a->n + 1, 64) != 0)
    return -1;
  a->v[a->n] = *p;
  a->v[a->n].raw = a->v[a->n].run_medians = a->v[a->n].run_means = NULL;
  a->n++;
  return 0;
}

typedef struct sk_webdata_find {
  const char *name;
  sk_store_suite_t *out;
  int found;
} sk_webdata_find_t;

static int sk_webdata_meta_fn(void *arg, int64_t run,
                              const sk_store_suite_t *s, long npoints)
{
  sk_webdata_find_t *f = arg;
  sk_store_suite_t *o = f->out;
  (void)run;
  (void)npoints;
  if (f->found || strcmp(s->name, f->name) != 0)
    return 0;
  f->found = 1;
  *o = *s;
  o->name = strdup(s->name);
  o->instance = strdup(s->instance);
  o->pattern = strdup(s->pattern);
  o->status = strdup(s->status);
  o->argument_name = strdup(s->argument_name);
  o->parameters = strdup(s->parameters);
  return o->name && o->instance && o->pattern && o->status &&
         o->argument_name && o->parameters ? 0 : -1;
}

int sk_webdata_meta(sk_store_t *st, int64_t run, const char *name,
                    sk_store_suite_t *out)
{
  sk_webdata_find_t f = {name, out, 0};
  memset(out, 0, sizeof *out);
  if (sk_store_suites(st, run, sk_webdata_meta_fn, &f) < 0) {
    sk_webdata_meta_free(out);
    return -1;
  }
  return f.found ? 0 : 1;
}

void sk_webdata_meta_free(sk_store_suite_t *m)
{
  free((char *)m->name);
  free((char *)m->instance);
  free((char *)m->pattern);
  free((char *)m->status);
  free((char *)m->argument_name);
  free((char *)m->parameters);
  memset(m, 0, sizeof *m);
}

int sk_webdata_floors(const sk_runfloor_t *rf, const sk_store_suite_t *meta,
                      const sk_store_point_t *pts, size_t n, double **v,
                      size_t *cap)
{
  size_t i;
  if (SK_GROW(*v, *cap, n + 1, 64) != 0)
    return -1;
  for (i = 0; i < n; i++)
    (*v)[i] = pts[i].unresolved ? NAN
              : sk_runfloor_point(rf, meta->position, meta->name,
                                  pts[i].argument, pts[i].processes);
  return 0;
}

int sk_webdata_series(sk_store_t *st, sk_webdata_query_t *q,
                      sk_webdata_series_fn fn, void *arg)
{
  double *floors = NULL;
  size_t capfloors = 0;
  sk_webdata_pts_t pts;
  sk_webdata_series_t s;
  int64_t *ids = NULL;
  size_t n = 0, i, k;
  int rc = 0;
  q->nseries = 0;
  /* a merged file and its runs never both count (a group's legend says
   * how many runs it has): the runs are drawn */
  if (sk_store_select(st, &q->sel, &ids, &n) < 0 ||
      sk_store_dedupe(st, ids, &n) < 0) {
    free(ids);
    return -1;
  }
  if (n * q->nsuites > SK_WEBDATA_MAX_SERIES) {
    q->nseries = n * q->nsuites;
    free(ids);
    return -2;
  }
  memset(&pts, 0, sizeof pts);
  pts.xmin = q->xmin;
  pts.xmax = q->xmax;
  for (i = 0; rc == 0 && i < n; i++) {
    sk_store_info_t o;
    sk_runfloor_t *rf;
    if (sk_store_info(st, ids[i], &o) < 0) {
      rc = -1;
      break;
    }
    rf = sk_runfloor_load(st, ids[i]);
    for (k = 0; rc == 0 && k < q->nsuites; k++) {
      pts.n = pts.all = 0;
      if (sk_store_points_only(st, ids[i], q->suites[k], sk_webdata_pt,
                               &pts) < 0)
        rc = -1;
      else if (pts.all) {
        /* numbered whatever the x range, so that hide= means the same
         * series zoomed or not */
        sk_store_suite_t meta;
        int m = sk_webdata_meta(st, ids[i], q->suites[k], &meta);
        s.run = &o;
        s.suite = q->suites[k];
        s.points = pts.v;
        s.n = pts.n;
        s.index = q->nseries++;
        s.meta = m == 0 ? &meta : NULL;
        s.floors = NULL;
        if (m < 0 || (m == 0 && rf &&
                      sk_webdata_floors(rf, &meta, pts.v, pts.n, &floors,
                                        &capfloors) < 0))
          rc = -1;
        else if (!q->hide[s.index] && pts.n) {
          s.floors = m == 0 && rf ? floors : NULL;
          rc = fn(arg, &s);
        }
        if (m == 0)
          sk_webdata_meta_free(&meta);
      }
    }
    sk_runfloor_free(rf);
    sk_store_info_free(&o);
  }
  free(floors);
  free(pts.v);
  free(ids);
  return rc;
}

/* ---- a run, a comparison ------------------------------------------------ */

int sk_web_flag(sk_web_req_t *r, const char *key, int def)
{
  const char *v = sk_web_arg(r, key);
  if (v && strcmp(v, "1") == 0)
    return 1;
  if (v && strcmp(v, "0") == 0)
    return 0;
  return def;
}

/* One node of the run's node map as JSON. */
static int sk_webdata_node_json(void *arg, const sk_store_node_t *n)
{
  sk_wbuf_t *b = arg;
  sk_wbuf_printf(b, "%s{\"node\":%ld,\"host\":", n->node ? "," : "",
                 n->node);
  sk_wbuf_json_str(b, n->host);
  sk_wbuf_printf(b, ",\"ranks\":%ld,\"first_rank\":%ld,"
                 "\"cpus_online\":%ld}", n->ranks, n->first_rank,
                 n->cpus_online);
  return b->failed ? -1 : 0;
}

int sk_webdata_info_json(sk_wbuf_t *b, sk_store_t *st,
                         const sk_store_info_t *o)
{
  int rc = 0;
  const struct { const char *k, *v; } f[] = {
    {"kind", o->kind}, {"status", o->status}, {"start_time", o->start_time},
    {"end_time", o->end_time}, {"machine", o->machine},
    {"hosts", o->hosts}, {"library", o->library},
    {"library_version", o->library_version},
    {"mpi_version", o->mpi_version}, {"compiler", o->compiler},
    {"cflags", o->cflags}, {"variables", o->variables},
    {"suite_path", o->suite_path}, {"suite_sha256", o->suite_sha256},
    {"skampi_version", o->skampi_version}, {"source", o->source},
    {"imported", o->imported}, {"sha256", o->sha256}, {"tags", o->tags},
    {"members", o->members}};
  size_t i;
  sk_wbuf_printf(b, "{\"id\":%lld,\"machine_id\":%lld,\"campaign\":%lld,"
                 "\"suites\":%ld,\"points\":%ld,\"bytes\":%ld,"
                 "\"processes\":", (long long)o->id,
                 (long long)o->machine_id, (long long)o->campaign_id,
                 o->nsuites, o->npoints, o->original_len);
  if (o->processes < 0)
    sk_wbuf_puts(b, "null");
  else
    sk_wbuf_printf(b, "%ld", o->processes);
  for (i = 0; i < sizeof f / sizeof *f; i++) {
    sk_wbuf_json_key(b, f[i].k, 0);
    sk_wbuf_json_str(b, f[i].v);
  }
  sk_wbuf_json_key(b, "node_map", 0);
  if (o->node_count < 0) {
    sk_wbuf_puts(b, "null");
  } else {
    sk_wbuf_printf(b, "{\"nodes\":%ld,\"pinned_ranks\":%ld,"
                   "\"shared_memory_domains\":%ld,"
                   "\"shared_memory_agrees\":%s,\"node\":[",
                   o->node_count, o->pinned_ranks, o->shm_domains,
                   o->shm_agrees ? "true" : "false");
    rc = sk_store_nodes(st, o->id, sk_webdata_node_json, b);
    sk_wbuf_puts(b, "]}");
  }
  sk_wbuf_puts(b, "}\n");
  return rc;
}

static int sk_webdata_suite_json(void *arg, int64_t run,
                                 const sk_store_suite_t *s, long npoints)
{
  sk_wbuf_t *b = arg;
  (void)run;
  sk_wbuf_puts(b, b->len && b->data[b->len - 1] == '[' ? "{\"name\":"
                                                        : ",{\"name\":");
  sk_wbuf_json_str(b, s->name);
  sk_wbuf_json_key(b, "instance", 0);
  sk_wbuf_json_str(b, s->instance);
  sk_wbuf_json_key(b, "pattern", 0);
  sk_wbuf_json_str(b, s->pattern);
  sk_wbuf_json_key(b, "status", 0);
  sk_wbuf_json_str(b, s->status);
  sk_wbuf_json_key(b, "argument", 0);
  sk_wbuf_json_str(b, s->argument_name);
  sk_wbuf_printf(b, ",\"points\":%ld}", npoints);
  return b->failed ? -1 : 0;
}

/* ,"batch": the batch system's job of run ID as an object of texts in
 * file order, or null when no batch system started it. */
static int sk_webdata_batch_json(sk_store_t *st, int64_t id, sk_wbuf_t *b)
{
  sk_rfile_kv_t *kv;
  size_t i, n;
  if (sk_jobhead_of_run(st, id, &kv, &n) < 0)
    return -1;
  sk_wbuf_puts(b, ",\"batch\":");
  if (n == 0)
    sk_wbuf_puts(b, "null");
  for (i = 0; i < n; i++) {
    sk_wbuf_puts(b, i ? "," : "{");
    sk_wbuf_json_str(b, kv[i].key);
    sk_wbuf_puts(b, ":");
    sk_wbuf_json_str(b, kv[i].value);
  }
  if (n > 0)
    sk_wbuf_puts(b, "}");
  sk_jobhead_free(kv, n);
  return b->failed ? -1 : 0;
}

int sk_webdata_run_json(sk_store_t *st, int64_t id, sk_wbuf_t *b)
{
  sk_store_info_t o;
  if (sk_store_info(st, id, &o) < 0)
    return -1;
  if (sk_webdata_info_json(b, st, &o) < 0) {
    sk_store_info_free(&o);
    return -1;
  }
  sk_store_info_free(&o);
  /* the object's closing brace and newline give way to its suites */
  if (b->len >= 2 && b->data[b->len - 2] == '}')
    b->len -= 2;
  if (sk_webdata_batch_json(st, id, b) < 0)
    return -1;
  sk_wbuf_puts(b, ",\"suite_list\":[");
  if (sk_store_suites(st, id, sk_webdata_suite_json, b) < 0)
    return -1;
  sk_wbuf_puts(b, "]}\n");
  return b->failed ? -1 : 0;
}

/* One side's runs; -1 with the answer made. */
static int sk_webdata_side(sk_web_req_t *r, const char *key, int64_t **ids,
                           size_t *n)
{
  sk_sel_t sel;
  int rc;
  if (sk_web_selection(r, key, 0, &sel) < 0)
    return -1;
  rc = sk_store_select(r->st, &sel, ids, n);
  sk_sel_free(&sel);
  if (rc < 0) {
    sk_web_fail_msg(r, 500, "cannot select runs");
    return -1;
  }
  if (*n == 0) {
    free(*ids);
    *ids = NULL;
    sk_web_fail(r, 400, "%s selects no run", key);
    return -1;
  }
  return 0;
}

static int sk_webdata_fraction(sk_web_req_t *r, const char *key, double def,
                               double *out)
{
  if (sk_web_number(r, key, def, out) < 0)
    return -1;
  if (!(*out > 0 && *out < 1)) {
    sk_web_fail(r, 400, "parameter '%s' takes a number between 0 and 1",
                key);
    return -1;
  }
  return 0;
}

static int sk_webdata_id_cmp(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

char *sk_webdata_ranges(const int64_t *v, size_t n)
{
  int64_t *s = malloc((n ? n : 1) * sizeof *s);
  sk_wbuf_t b = {NULL, 0, 0, 0};
  size_t i, j, len;
  if (!s)
    return NULL;
  if (n)
    memcpy(s, v, n * sizeof *s);
  qsort(s, n, sizeof *s, sk_webdata_id_cmp);
  sk_wbuf_puts(&b, "");
  for (i = 0; i < n; i = j + 1) {
    for (j = i; j + 1 < n && s[j + 1] <= s[j] + 1; j++)
      ;
    if (s[j] > s[i])
      sk_wbuf_printf(&b, "%s%lld-%lld", i ? " " : "", (long long)s[i],
                     (long long)s[j]);
    else
      sk_wbuf_printf(&b, "%s%lld", i ? " " : "", (long long)s[i]);
  }
  free(s);
  if (b.failed) {
    sk_wbuf_free(&b);
    return NULL;
  }
  return sk_wbuf_take(&b, &len);
}

/* Sides that share a run are refused (400), as compare refuses them. */
static int sk_webdata_disjoint(sk_web_req_t *r, const int64_t *a, size_t na,
                               const int64_t *b, size_t nb)
{
  char why[160], text[SK_REGRESS_TEXT];
  int rc = sk_regress_overlap(r->st, a, na, b, nb, why, sizeof why);
  if (rc < 0) {
    sk_web_fail_msg(r, 500, "cannot compare");
    return -1;
  }
  if (rc == 0)
    return 0;
  sk_regress_overlap_text(why, text, sizeof text);
  sk_web_fail(r, 400, "%s", text);
  return -1;
}

int sk_webdata_compare(sk_web_req_t *r, sk_regress_t *x, char **ids)
{
  int64_t *a = NULL, *b = NULL;
  size_t na = 0, nb = 0;
  int rc = -1;
  if (ids)
    *ids = NULL;
  memset(x, 0, sizeof *x);
  x->conf = 0.95;
  if (sk_webdata_fraction(r, "fdr", 0.05, &x->fdr) < 0 ||
      sk_webdata_fraction(r, "min_effect", 0.05, &x->min_effect) < 0 ||
      sk_webdata_side(r, "baseline", &a, &na) < 0 ||
      sk_webdata_side(r, "candidate", &b, &nb) < 0 ||
      sk_webdata_disjoint(r, a, na, b, nb) < 0)
    goto out;
  if (sk_regress_run(r->st, a, na, b, nb, x) < 0) {
    sk_regress_free(x);
    sk_web_fail_msg(r, 500, "cannot compare");
    goto out;
  }
  if (ids) {
    int64_t *both = realloc(a, (na + nb) * sizeof *both);
    if (both) {
      a = both;
      memcpy(a + na, b, nb * sizeof *b);
      *ids = sk_webdata_ranges(a, na + nb);
    }
  }
  rc = 0;
out:
  free(a);
  free(b);
  return rc;
}
