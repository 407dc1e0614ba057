/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * publish.c -- skampi-db publish DIR [SELECTION]: the three steps of the
 * web interface as a static site for any web server, or none (opened
 * from file://): doc/database.md, "A static site".
 *
 * The layout, every name made here (suites are numbered, never named):
 *   .skampi-publish              the manifest: every file publish
 *                                wrote here (pubdir.h)
 *   index.html suites.html plot.html, app.js style.css, dygraph.min.*
 *   data/runs.json               /api/runs of the published runs
 *   data/suites.json             /api/suites, each suite with its
 *                                number K, the runs that have it and
 *                                the blocks their series are in
 *   data/series/K-B.json         /api/series of suite K for the runs
 *                                with id / SK_PUBLISH_BLOCK == B
 *   data/history/K.json          every argument of suite K over the
 *                                runs (oldest first) with their change
 *                                points (history.html)
 *   data/compare.json            the comparison of --baseline and
 *                                --candidate (compare.html), when asked
 *   csv/K.csv, svg/K.svg         the downloads of suite K
 * Every data/ file has a twin X.js (the same JSON as the argument of
 * skampiData("X", ...)) that app.js loads with a script element where
 * fetch() cannot read files (file://).  The files stay bounded for
 * thousands of runs: (suites) x (runs / SK_PUBLISH_BLOCK) series files.
 */
#include <config.h>

#include "publish.h"

#include <math.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbplot.h"
#include "dbstatus.h"
#include "history.h"
#include "regress.h"
#include "webpage.h"
#include "escape.h"
#include "grow.h"
#include "msg.h"
#include "pubdir.h"
#include "web.h"
#include "webdata.h"

#define SK_PUBLISH_BLOCK 256    /* runs of one series file */
#define SK_PUBLISH_SVG_RUNS 16  /* the latest runs a suite's SVG draws */
#define SK_PUBLISH_CP_RUNS 200  /* change points of a history of at most
                                 * this many runs (the search costs the
                                 * square of them) */

typedef struct sk_pub {
  sk_store_t *st;
  const char *path;             /* DIR, as given */
  sk_pubdir_t *pd;
  int dir, data, series, csv, svg, hist;  /* handles of pd */
  int64_t *ids;                 /* the published runs, sorted */
  int64_t *by_time;             /* the same, oldest first */
  size_t n, files;
  char tmp[4096];               /* a private directory for gnuplot */
} sk_pub_t;

/* One suite's series, gathered block by block. */
typedef struct sk_pub_suite {
  sk_wbuf_t json, csv;
  size_t count;                 /* series in json */
  int64_t *ids;                 /* runs with points of the suite */
  size_t n, cap;
} sk_pub_suite_t;

static int sk_pub_id_cmp(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* NAME.json and its twin NAME.js (skampiData(KEY, JSON)) in DIR. */
static int sk_pub_data(sk_pub_t *p, int dir, const char *name,
                       const char *key, sk_wbuf_t *b)
{
  char file[128];
  sk_wbuf_t js = {NULL, 0, 0, 0};
  int rc;
  if (b->failed) {
    sk_msg_error("out of memory");
    return -1;
  }
  snprintf(file, sizeof file, "%s.json", name);
  if (sk_pubdir_write(p->pd, dir, file, b->data, b->len) < 0)
    return -1;
  sk_wbuf_printf(&js, "skampiData(\"%s\", ", key);
  sk_wbuf_put(&js, b->data, b->len);
  sk_wbuf_puts(&js, ");\n");
  snprintf(file, sizeof file, "%s.js", name);
  rc = js.failed ? -1 : sk_pubdir_write(p->pd, dir, file, js.data, js.len);
  sk_wbuf_free(&js);
  p->files += 2;
  return rc;
}

static int sk_pub_series_fn(void *arg, const sk_webdata_series_t *s)
{
  sk_pub_suite_t *u = arg;
  if (SK_GROW(u->ids, u->cap, u->n + 1, 64) != 0)
    return -1;
  u->ids[u->n++] = s->run->id;
  if (sk_api_series_one(&u->json, s, u->count++ == 0) < 0 ||
      sk_api_series_csv_one(&u->csv, s) < 0)
    return -1;
  return 0;
}

/* The series of suite NAME for the runs ids[0..n) (one block) into U. */
static int sk_pub_block(sk_pub_t *p, const char *name, const int64_t *ids,
                        size_t n, sk_pub_suite_t *u)
{
  sk_webdata_query_t q;
  char *ranges = sk_webdata_ranges(ids, n), *w, *save = NULL;
  int rc = 0;
  memset(&q, 0, sizeof q);
  q.suites[0] = name;
  q.nsuites = 1;
  q.xmin = -INFINITY;
  q.xmax = INFINITY;
  if (!ranges) {
    sk_msg_error("out of memory");
    return -1;
  }
  for (w = strtok_r(ranges, " ", &save); w && rc == 0;
       w = strtok_r(NULL, " ", &save))
    rc = sk_sel_add(&q.sel, w);
  if (rc == 0 && sk_webdata_series(p->st, &q, sk_pub_series_fn, u) != 0)
    rc = -1;
  sk_sel_free(&q.sel);
  free(ranges);
  return rc;
}

/* The suite's SVG: its latest runs drawn by skampi-db plot's code. */
static int sk_pub_svg(sk_pub_t *p, size_t k, const char *name,
                      const sk_pub_suite_t *u)
{
  char path[4200], err[1200], file[64];
  size_t from = u->n > SK_PUBLISH_SVG_RUNS ? u->n - SK_PUBLISH_SVG_RUNS : 0;
  int rc;
  snprintf(path, sizeof path, "%s/%zu.svg", p->tmp, k);
  if (sk_dbplot_draw(p->st, u->ids + from, u->n - from, &name, 1, NAN, NAN, 1,
                     path, err, sizeof err) < 0) {
    sk_msg_error("%s", err);
    unlink(path);
    return -1;
  }
  snprintf(file, sizeof file, "%zu.svg", k);
  rc = sk_pubdir_copy(p->pd, p->svg, file, path);
  unlink(path);
  p->files++;
  return rc;
}

/* data/history/K.json: suite K over the published runs, every argument,
 * with the change points of the histories short enough to search. */
static int sk_pub_history(sk_pub_t *p, size_t k, const char *name,
                          const char *kind)
{
  sk_history_grid_t g;
  sk_history_gridcp_t *cps = NULL;
  sk_wbuf_t b = {NULL, 0, 0, 0};
  char file[64], key[80];
  size_t ncps = 0;
  int rc = -1;
  if (sk_history_grid(p->st, p->by_time, p->n, name, &g) == 0 &&
      sk_history_grid_changes(&g, SK_PUBLISH_CP_RUNS, &cps, &ncps) == 0) {
    sk_history_grid_json(&b, &g, kind, cps, ncps);
    snprintf(file, sizeof file, "%zu", k);
    snprintf(key, sizeof key, "history/%zu", k);
    rc = sk_pub_data(p, p->hist, file, key, &b);
  } else
    sk_msg_error("cannot read the history of suite %zu", k + 1);
  sk_wbuf_free(&b);
  free(cps);
  sk_history_grid_free(&g);
  return rc;
}

/* Suite K: its series files (one per block of runs), CSV and SVG; the
 * runs that have it into U. */
static int sk_pub_suite(sk_pub_t *p, size_t k, const char *name,
                        const char *kind, sk_pub_suite_t *u,
                        sk_wbuf_t *blocks)
{
  size_t i = 0, j, nb = 0;
  char file[64], key[80];
  sk_api_series_csv_head(&u->csv);
  while (i < p->n) {
    int64_t b = p->ids[i] / SK_PUBLISH_BLOCK;
    for (j = i; j < p->n && p->ids[j] / SK_PUBLISH_BLOCK == b; j++)
      ;
    sk_wbuf_free(&u->json);
    u->count = 0;
    sk_wbuf_puts(&u->json, "{\"series\":[");
    if (sk_pub_block(p, name, p->ids + i, j - i, u) < 0)
      return -1;
    if (u->count) {
      sk_wbuf_printf(&u->json, "],\"count\":%zu,\"found\":%zu}\n", u->count,
                     u->count);
      snprintf(file, sizeof file, "%zu-%lld", k, (long long)b);
      snprintf(key, sizeof key, "series/%s", file);
      if (sk_pub_data(p, p->series, file, key, &u->json) < 0)
        return -1;
      sk_wbuf_printf(blocks, "%s%lld", nb++ ? "," : "", (long long)b);
    }
    i = j;
  }
  snprintf(file, sizeof file, "%zu.csv", k);
  if (u->csv.failed || sk_pubdir_write(p->pd, p->csv, file, u->csv.data,
                                       u->csv.len) < 0)
    return -1;
  p->files++;
  if (sk_pub_history(p, k, name, kind) < 0)
    return -1;
  return u->n ? sk_pub_svg(p, k, name, u) : 0;
}

/* One entry of suites.json (/api/suites's suite, with file, ids and
 * blocks). */
static void sk_pub_suite_json(sk_wbuf_t *b, const sk_webdata_suite_t *x,
                              size_t k, const sk_pub_suite_t *u,
                              const sk_wbuf_t *blocks)
{
  char *ids = sk_webdata_ranges(u->ids, u->n);
  sk_wbuf_puts(b, "{\"name\":");
  sk_wbuf_json_str(b, x->name);
  sk_wbuf_puts(b, ",\"argument\":");
  sk_wbuf_json_str(b, x->argument);
  sk_wbuf_printf(b, ",\"runs\":%ld,\"file\":%zu,\"ids\":", x->runs, k);
  sk_wbuf_json_str(b, ids ? ids : "");
  sk_wbuf_puts(b, ",\"blocks\":[");
  sk_wbuf_put(b, blocks->data ? blocks->data : "", blocks->len);
  sk_wbuf_puts(b, "]}");
  if (!ids)
    b->failed = 1;
  free(ids);
}

static void sk_pub_progress(size_t k, size_t n, const char *name)
{
  char *e = sk_escape_text(name);
  fprintf(stderr, "skampi-db: publish: suite %zu of %zu: %s\n", k + 1, n,
          e ? e : "?");
  free(e);
}

/* Every suite of the selection, then data/suites.json. */
static int sk_pub_suites(sk_pub_t *p, const sk_sel_t *sel, int quiet,
                         size_t *nsuites)
{
  sk_webdata_suites_t s;
  sk_wbuf_t out = {NULL, 0, 0, 0};
  size_t i;
  int rc = 0;
  if (sk_webdata_suites(p->st, sel, &s) < 0)
    return -1;
  *nsuites = s.n;
  sk_wbuf_printf(&out, "{\"runs\":%zu,\"block\":%d,\"instances\":[",
                 s.nruns, SK_PUBLISH_BLOCK);
  for (i = 0; rc == 0 && i < s.n; i++) {
    const sk_webdata_suite_t *x = &s.v[i];
    sk_pub_suite_t u;
    sk_wbuf_t blocks = {NULL, 0, 0, 0};
    memset(&u, 0, sizeof u);
    if (!quiet)
      sk_pub_progress(i, s.n, x->name);
    rc = sk_pub_suite(p, i, x->name, x->argument, &u, &blocks);
    if (i == 0 || strcmp(x->instance, s.v[i - 1].instance) != 0) {
      sk_wbuf_puts(&out, i ? "]},{\"instance\":" : "{\"instance\":");
      sk_wbuf_json_str(&out, x->instance);
      sk_wbuf_puts(&out, ",\"suites\":[");
    } else
      sk_wbuf_puts(&out, ",");
    sk_pub_suite_json(&out, x, i, &u, &blocks);
    sk_wbuf_free(&blocks);
    sk_wbuf_free(&u.json);
    sk_wbuf_free(&u.csv);
    free(u.ids);
  }
  sk_wbuf_puts(&out, s.n ? "]}]}\n" : "]}\n");
  if (rc == 0)
    rc = sk_pub_data(p, p->data, "suites", "suites", &out);
  sk_wbuf_free(&out);
  sk_webdata_suites_free(&s);
  return rc;
}

/* The runs of one side of the comparison: its selection's runs that
 * are published, into *out (the caller's to free). */
static int sk_pub_side(sk_pub_t *p, const char *opt, const char *text,
                       int64_t **out, size_t *n)
{
  sk_sel_t sel = {NULL, 0, 0};
  char *copy = strdup(text), *w, *save = NULL;
  int64_t *all = NULL;
  size_t i, k = 0, nall = 0;
  int rc = 0;
  *out = NULL;
  *n = 0;
  if (!copy)
    return -1;
  for (w = strtok_r(copy, " \t", &save); w && rc == 0;
       w = strtok_r(NULL, " \t", &save))
    rc = sk_sel_add(&sel, w);
  free(copy);
  if (rc == 0 && sk_store_select(p->st, &sel, &all, &nall) < 0)
    rc = -1;
  sk_sel_free(&sel);
  if (rc < 0)
    return -1;
  for (i = 0; i < nall; i++)
    if (bsearch(&all[i], p->ids, p->n, sizeof *p->ids, sk_pub_id_cmp))
      all[k++] = all[i];
  if (k == 0) {
    sk_msg_error("%s selects no published run", opt);
    free(all);
    return -1;
  }
  *out = all;
  *n = k;
  return 0;
}

/* data/compare.json: /api/compare's answer for the two selections, with
 * them and the runs of both sides (the plot links). */
static int sk_pub_compare(sk_pub_t *p, const sk_publish_opts_t *o)
{
  sk_regress_t x;
  sk_wbuf_t b = {NULL, 0, 0, 0};
  int64_t *a = NULL, *c = NULL, *both;
  size_t na = 0, nc = 0;
  char *ids = NULL;
  int rc = -1;
  memset(&x, 0, sizeof x);
  x.fdr = o->fdr > 0 ? o->fdr : 0.05;
  x.min_effect = o->min_effect > 0 ? o->min_effect : 0.05;
  x.conf = 0.95;
  if (sk_pub_side(p, "--baseline", o->baseline, &a, &na) < 0 ||
      sk_pub_side(p, "--candidate", o->candidate, &c, &nc) < 0 ||
      sk_regress_run(p->st, a, na, c, nc, &x) < 0)
    goto out;
  if ((both = malloc((na + nc ? na + nc : 1) * sizeof *both)) != NULL) {
    if (na)
      memcpy(both, a, na * sizeof *a);
    if (nc)
      memcpy(both + na, c, nc * sizeof *c);
    ids = sk_webdata_ranges(both, na + nc);
    free(both);
  }
  sk_wbuf_puts(&b, "{\"baseline\":");
  sk_wbuf_json_str(&b, o->baseline);
  sk_wbuf_puts(&b, ",\"candidate\":");
  sk_wbuf_json_str(&b, o->candidate);
  sk_wbuf_puts(&b, ",\"ids\":");
  sk_wbuf_json_str(&b, ids ? ids : "");
  sk_wbuf_puts(&b, ",\"comparison\":");
  sk_api_compare_json(&b, &x);
  sk_wbuf_puts(&b, "}\n");
  rc = sk_pub_data(p, p->data, "compare", "compare", &b);
out:
  sk_regress_free(&x);
  sk_wbuf_free(&b);
  free(ids);
  free(a);
  free(c);
  return rc;
}

/* The pages, the scripts and styles, data/runs.json, the comparison. */
static int sk_pub_pages(sk_pub_t *p, const sk_sel_t *sel,
                        const sk_publish_opts_t *o)
{
  static const char *const page[] = {"runs", "suites", "plot", "history",
                                     "compare"};
  static const char *const file[] = {"index.html", "suites.html",
                                     "plot.html", "history.html",
                                     "compare.html"};
  char src[4200];
  sk_wbuf_t b = {NULL, 0, 0, 0};
  size_t i, npages = o->baseline ? 5 : 4;
  int rc = 0, pub = o->baseline ? SK_PAGE_COMPARE : 0;
  for (i = 0; rc == 0 && i < npages; i++) {
    sk_wbuf_free(&b);
    if (sk_page_static(p->st, sel, page[i], pub, &b) < 0 || b.failed)
      rc = -1;
    else
      rc = sk_pubdir_write(p->pd, p->dir, file[i], b.data, b.len);
  }
  p->files += npages - 3;
  if (rc == 0 && o->baseline && sk_pub_compare(p, o) < 0)
    rc = -1;
  sk_wbuf_free(&b);
  if (rc == 0 && sk_api_runs_json(p->st, sel, &b) < 0)
    rc = -1;
  if (rc == 0)
    rc = sk_pub_data(p, p->data, "runs", "runs", &b);
  sk_wbuf_free(&b);
  for (i = 0; rc == 0 && i < 4; i++) {
    static const char *const f[] = {"app.js", "style.css", "dygraph.min.js",
                                    "dygraph.min.css"};
    char web[PATH_MAX];
    snprintf(src, sizeof src, "%s/%s", i < 2 ? sk_web_files_dir(web,
             sizeof web) : SK_DYGRAPHS_DIR, f[i]);
    rc = sk_pubdir_copy(p->pd, p->dir, f[i], src);
  }
  p->files += 7;
  return rc;
}

static int sk_pub_open(sk_pub_t *p, int force)
{
  const char *t = getenv("TMPDIR");
  if (!(p->pd = sk_pubdir_open(p->path, force)))
    return -1;
  p->dir = SK_PUBDIR_ROOT;
  p->files = 1;
  if ((p->data = sk_pubdir_sub(p->pd, p->dir, "data")) < 0 ||
      (p->series = sk_pubdir_sub(p->pd, p->data, "series")) < 0 ||
      (p->hist = sk_pubdir_sub(p->pd, p->data, "history")) < 0 ||
      (p->csv = sk_pubdir_sub(p->pd, p->dir, "csv")) < 0 ||
      (p->svg = sk_pubdir_sub(p->pd, p->dir, "svg")) < 0)
    return -1;
  snprintf(p->tmp, sizeof p->tmp, "%s/skampi-publish-XXXXXX",
           t && *t && strlen(t) < 1024 ? t : "/tmp");
  if (!mkdtemp(p->tmp)) {
    sk_msg_error("cannot make a temporary directory for gnuplot");
    p->tmp[0] = '\0';
    return -1;
  }
  return 0;
}

static void sk_pub_close(sk_pub_t *p)
{
  sk_pubdir_close(p->pd);
  if (p->tmp[0])
    rmdir(p->tmp);
  free(p->ids);
  free(p->by_time);
}

int sk_publish(sk_store_t *st, const char *dir, const sk_sel_t *sel,
               const sk_publish_opts_t *o)
{
  sk_pub_t p;
  size_t nsuites = 0;
  int rc = SK_DB_OK;
  memset(&p, 0, sizeof p);
  p.st = st;
  p.path = dir;
  if (sk_store_select(st, sel, &p.ids, &p.n) < 0)
    return SK_DB_STORE;
  if (!(p.by_time = malloc((p.n ? p.n : 1) * sizeof *p.by_time))) {
    free(p.ids);
    sk_msg_error("out of memory");
    return SK_DB_FAILED;
  }
  if (p.n)
    memcpy(p.by_time, p.ids, p.n * sizeof *p.ids);   /* oldest first */
  if (p.n)
    qsort(p.ids, p.n, sizeof *p.ids, sk_pub_id_cmp);
  if ((o->baseline != NULL) != (o->candidate != NULL)) {
    sk_msg_error("publish takes --baseline and --candidate together");
    sk_pub_close(&p);
    return SK_DB_USAGE;
  }
  if (sk_pub_open(&p, o->force) < 0 || sk_pub_pages(&p, sel, o) < 0 ||
      sk_pub_suites(&p, sel, o->quiet, &nsuites) < 0 ||
      sk_pubdir_finish(p.pd) < 0)
    rc = SK_DB_FAILED;
  else if (!o->quiet) {
    char *e = sk_escape_text(p.path);
    printf("published %zu run%s, %zu suite%s (%zu files) into %s\n", p.n,
           p.n == 1 ? "" : "s", nsuites, nsuites == 1 ? "" : "s", p.files,
           e ? e : "?");
    free(e);
  }
  sk_pub_close(&p);
  return rc;
}
