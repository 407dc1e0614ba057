/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web_plot.c -- the downloads skampi-db serve draws with gnuplot (the
 * PDF and SVG of the plot on the page, by skampi-db plot's code,
 * dbplot.h) and a point's history with its change points (history.h):
 * /api/plot.pdf, /api/plot.svg, /api/history and the /history page.
 */
#include <config.h>

#include "web.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbplot.h"
#include "history.h"
#include "webdata.h"

/* ---- /api/plot.pdf and .svg -------------------------------------------- */

/* Reads PATH whole into r->out. */
static int sk_plot_slurp(sk_web_req_t *r, const char *path)
{
  char buf[65536];
  FILE *f = fopen(path, "rb");
  size_t n;
  if (!f)
    return -1;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    sk_wbuf_put(&r->out, buf, n);
  n = (size_t)ferror(f);
  fclose(f);
  return n || r->out.failed ? -1 : 0;
}

/* A fresh private directory for one drawing (gnuplot writes there). */
static int sk_plot_tmpdir(char dir[256])
{
  const char *t = getenv("TMPDIR");
  snprintf(dir, 256, "%s/skampi-web.XXXXXX", t && *t ? t : "/tmp");
  return mkdtemp(dir) ? 0 : -1;
}

/* The answer to a drawing made at PATH in DIR (DRAWN < 0: it failed,
 * ERR says why): its bytes, downloaded as PDF_NAME or SVG_NAME by EXT;
 * the file and DIR are removed either way. */
static void sk_plot_answer(sk_web_req_t *r, int drawn, const char *err,
                           const char *dir, const char *path,
                           const char *ext, const char *pdf_name,
                           const char *svg_name)
{
  int pdf = strcmp(ext, "pdf") == 0;
  /* nothing to plot is the request's doing; a drawing that took too
   * long is a limit of the server, not a failure */
  if (drawn < 0)
    sk_web_fail(r, drawn == SK_DBPLOT_NOTHING ? 400 : drawn == SK_DBPLOT_SLOW
                ? 503 : 500, "%s", err[0] ? err : "gnuplot failed");
  else if (sk_plot_slurp(r, path) < 0)
    sk_web_fail(r, 500, "cannot read the drawing");
  else {
    r->type = pdf ? "application/pdf" : "image/svg+xml";
    r->filename = pdf ? pdf_name : svg_name;
  }
  unlink(path);
  rmdir(dir);
}

static int sk_api_plot(sk_web_req_t *r, const char *ext)
{
  sk_sel_t sel;
  const char *suites[SK_WEBDATA_SUITES];
  size_t nsuites = sk_web_args(r, "suite", suites, SK_WEBDATA_SUITES), n = 0;
  int64_t *ids = NULL;
  double xmin, xmax;
  char dir[256], path[300], err[512];
  int rc;
  if (sk_web_selection(r, "sel", 0, &sel) < 0)
    return 0;
  if (nsuites == 0 || nsuites > SK_WEBDATA_SUITES) {
    sk_sel_free(&sel);
    return sk_web_fail(r, 400, "choose 1 to %d suites (parameter 'suite')",
                       SK_WEBDATA_SUITES);
  }
  if (sk_web_number(r, "xmin", NAN, &xmin) < 0 ||
      sk_web_number(r, "xmax", NAN, &xmax) < 0) {
    sk_sel_free(&sel);
    return 0;
  }
  rc = sk_store_select(r->st, &sel, &ids, &n);
  sk_sel_free(&sel);
  if (rc < 0)
    return sk_web_fail_msg(r, 500, "cannot select runs");
  if (n == 0 || n * nsuites > SK_WEBDATA_MAX_SERIES) {
    free(ids);
    return sk_web_fail(r, 400, n ? "the selection has %zu series; at most "
                       "%d are drawn at once" : "sel selects no run",
                       n * nsuites, SK_WEBDATA_MAX_SERIES);
  }
  if (sk_plot_tmpdir(dir) < 0) {
    free(ids);
    return sk_web_fail(r, 500, "cannot make a temporary directory: %s",
                       strerror(errno));
  }
  snprintf(path, sizeof path, "%s/plot.%s", dir, ext);
  err[0] = '\0';
  rc = sk_dbplot_draw(r->st, ids, n, suites, nsuites, xmin, xmax,
                      sk_web_flag(r, "logx", 1), path, err, sizeof err);
  sk_plot_answer(r, rc, err, dir, path, ext, "skampi-plot.pdf",
                 "skampi-plot.svg");
  free(ids);
  return 0;
}

int sk_api_plot_pdf(sk_web_req_t *r)
{
  return sk_api_plot(r, "pdf");
}

int sk_api_plot_svg(sk_web_req_t *r)
{
  return sk_api_plot(r, "svg");
}

/* ---- /api/history ------------------------------------------------------- */

/* The arguments of SUITE next to ARG in the request's runs, for an
 * answer that names them: 0, or -1 (answered). */
static int sk_plot_around(sk_web_req_t *r, const char *suite, double arg,
                             double *lo, double *hi)
{
  sk_sel_t sel;
  int rc;
  if (sk_web_selection(r, "sel", 1, &sel) < 0)
    return -1;
  rc = sk_history_nearest(r->st, &sel, suite, arg, lo, hi);
  sk_sel_free(&sel);
  if (rc < 0) {
    sk_web_fail_msg(r, 500, "cannot read the arguments");
    return -1;
  }
  return 0;
}

/* 404 for a history without points, with the arguments the suite has
 * nearest to ARG: {"error": ..., "nearest": [below, above]}. */
static void sk_plot_nearest(sk_web_req_t *r, const char *suite,
                               double arg)
{
  double lo = NAN, hi = NAN;
  if (sk_plot_around(r, suite, arg, &lo, &hi) < 0)
    return;
  r->status = 404;
  r->no_store = 1;
  sk_wbuf_puts(&r->out, "{\"error\":");
  if (isnan(lo) && isnan(hi))
    sk_wbuf_json_str(&r->out, "no selected run has this suite");
  else
    sk_wbuf_json_str(&r->out, "the suite has no point at this argument");
  sk_wbuf_puts(&r->out, ",\"nearest\":[");
  if (!isnan(lo))
    sk_wbuf_json_num(&r->out, lo);
  if (!isnan(hi)) {
    sk_wbuf_puts(&r->out, isnan(lo) ? "" : ",");
    sk_wbuf_json_num(&r->out, hi);
  }
  sk_wbuf_puts(&r->out, "]}\n");
}

/* The history the request asks for; -1 with the answer made. */
static int sk_history_req(sk_web_req_t *r, sk_history_t *h)
{
  sk_sel_t sel;
  const char *suite = sk_web_arg(r, "suite");
  int64_t *ids = NULL;
  size_t n = 0;
  double arg;
  char err[512];
  int rc;
  memset(h, 0, sizeof *h);
  if (sk_web_selection(r, "sel", 1, &sel) < 0)
    return -1;
  if (!suite || !*suite || !sk_web_arg(r, "argument")) {
    sk_sel_free(&sel);
    sk_web_fail(r, 400, "history needs the parameters 'suite' and "
                "'argument'");
    return -1;
  }
  if (sk_web_number(r, "argument", 0, &arg) < 0) {
    sk_sel_free(&sel);
    return -1;
  }
  rc = sk_store_select(r->st, &sel, &ids, &n);
  sk_sel_free(&sel);
  if (rc < 0) {
    sk_web_fail_msg(r, 500, "cannot select runs");
    return -1;
  }
  err[0] = '\0';
  rc = sk_history_build(r->st, ids, n, suite, arg, h, err, sizeof err);
  free(ids);
  if (rc < 0) {
    sk_history_free(h);
    sk_web_fail(r, 400, "%s", err[0] ? err : "no history");
    return -1;
  }
  if (h->npoints == 0) {
    sk_history_free(h);
    sk_plot_nearest(r, suite, arg);
    return -1;
  }
  return 0;
}

void sk_history_json(sk_wbuf_t *b, const sk_history_t *hist)
{
  const sk_history_t h = *hist;
  char text[512];
  size_t i;
  sk_wbuf_puts(b, "{\"suite\":");
  sk_wbuf_json_str(b, h.suite);
  sk_wbuf_json_key(b, "argument", 0);
  sk_wbuf_json_num(b, h.argument);
  sk_history_matched_text(&h, text, sizeof text);
  sk_wbuf_printf(b, ",\"runs_selected\":%zu,\"runs_other_arguments\":%zu,"
                 "\"runs_without_suite\":%zu,\"merged_left_out\":%zu,"
                 "\"runs_unresolved\":%zu,\"matched\":", h.selected,
                 h.other_args, h.no_suite, h.merged_out, h.unresolved);
  sk_wbuf_json_str(b, text);
  sk_wbuf_puts(b, ",\"points\":[");
  for (i = 0; i < h.npoints; i++) {
    const sk_history_point_t *p = &h.points[i];
    sk_wbuf_printf(b, "%s{\"run\":%lld,\"start_time\":", i ? "," : "",
                   (long long)p->run);
    sk_wbuf_json_str(b, p->start_time);
    sk_wbuf_json_key(b, "value", 0);
    sk_wbuf_json_num(b, p->value);
    sk_wbuf_json_key(b, "q1", 0);
    sk_wbuf_json_num(b, p->q1);
    sk_wbuf_json_key(b, "q3", 0);
    sk_wbuf_json_num(b, p->q3);
    sk_wbuf_puts(b, "}");
  }
  sk_wbuf_puts(b, "],\"change_points\":[");
  for (i = 0; i < h.ncps; i++) {
    const sk_history_cp_t *c = &h.cps[i];
    sk_wbuf_printf(b, "%s{\"at\":%zu,\"run\":%lld", i ? "," : "", c->at,
                   (long long)c->run);
    sk_wbuf_json_key(b, "start_time", 0);
    sk_wbuf_json_str(b, c->at < h.npoints ? h.points[c->at].start_time
                                          : NULL);
    sk_wbuf_json_key(b, "p", 0);
    sk_wbuf_json_num(b, c->p);
    sk_wbuf_json_key(b, "before", 0);
    sk_wbuf_json_num(b, c->before);
    sk_wbuf_json_key(b, "after", 0);
    sk_wbuf_json_num(b, c->after);
    sk_wbuf_puts(b, "}");
  }
  sk_wbuf_puts(b, "]}\n");
}

int sk_api_history(sk_web_req_t *r)
{
  sk_history_t h;
  if (sk_history_req(r, &h) < 0)
    return 0;
  sk_history_json(&r->out, &h);
  sk_history_free(&h);
  return 0;
}

static int sk_api_history_draw(sk_web_req_t *r, const char *ext)
{
  sk_history_t h;
  char dir[256], path[300], err[512];
  if (sk_history_req(r, &h) < 0)
    return 0;
  if (sk_plot_tmpdir(dir) < 0) {
    sk_history_free(&h);
    return sk_web_fail(r, 500, "cannot make a temporary directory: %s",
                       strerror(errno));
  }
  snprintf(path, sizeof path, "%s/history.%s", dir, ext);
  err[0] = '\0';
  sk_plot_answer(r, sk_history_plot(&h, path, err, sizeof err), err, dir,
                 path, ext, "skampi-history.pdf", "skampi-history.svg");
  sk_history_free(&h);
  return 0;
}

int sk_api_history_pdf(sk_web_req_t *r)
{
  return sk_api_history_draw(r, "pdf");
}

int sk_api_history_svg(sk_web_req_t *r)
{
  return sk_api_history_draw(r, "svg");
}

/* ---- /api/arguments: a suite's arguments in the chosen runs ------------ */

typedef struct sk_args_out {
  sk_wbuf_t *b;
  size_t n;
} sk_args_out_t;

static int sk_api_argument_fn(void *arg, double argument, long runs)
{
  sk_args_out_t *o = arg;
  sk_wbuf_puts(o->b, o->n++ ? ",{\"argument\":" : "{\"argument\":");
  sk_wbuf_json_num(o->b, argument);
  sk_wbuf_printf(o->b, ",\"runs\":%ld}", runs);
  return o->b->failed ? -1 : 0;
}

/* The argument name of the suite NAME among the chosen runs ("length"). */
typedef struct sk_args_kind {
  const char *name;
  char kind[16];
} sk_args_kind_t;

static int sk_api_args_kind(void *arg, const char *name, const char *instance,
                            const char *argument_name, long runs)
{
  sk_args_kind_t *k = arg;
  (void)instance;
  (void)runs;
  if (!k->kind[0] && strcmp(name, k->name) == 0)
    snprintf(k->kind, sizeof k->kind, "%s", argument_name);
  return 0;
}

int sk_api_arguments(sk_web_req_t *r)
{
  sk_sel_t sel;
  const char *suite = sk_web_arg(r, "suite");
  sk_args_out_t o = {&r->out, 0};
  sk_args_kind_t kind;
  if (!suite || !*suite)
    return sk_web_fail(r, 400, "missing parameter 'suite'");
  if (sk_web_selection(r, "sel", 1, &sel) < 0)
    return 0;
  memset(&kind, 0, sizeof kind);
  kind.name = suite;
  if (sk_store_suite_counts(r->st, &sel, sk_api_args_kind, &kind) < 0) {
    sk_sel_free(&sel);
    return sk_web_fail_msg(r, 500, "cannot list the suites");
  }
  sk_wbuf_puts(&r->out, "{\"suite\":");
  sk_wbuf_json_str(&r->out, suite);
  sk_wbuf_json_key(&r->out, "argument_name", 0);
  sk_wbuf_json_str(&r->out, kind.kind[0] ? kind.kind : NULL);
  sk_wbuf_puts(&r->out, ",\"arguments\":[");
  if (sk_store_suite_arguments(r->st, &sel, suite, sk_api_argument_fn,
                               &o) < 0) {
    sk_sel_free(&sel);
    r->out.len = 0;
    return sk_web_fail_msg(r, 500, "cannot list the arguments");
  }
  sk_wbuf_puts(&r->out, "]}\n");
  sk_sel_free(&sel);
  return 0;
}

/* ---- /api/suite-history: every argument of a suite over the runs ------- */

void sk_history_grid_json(sk_wbuf_t *b, const sk_history_grid_t *g,
                          const char *kind, const sk_history_gridcp_t *cps,
                          size_t ncps)
{
  size_t i, k;
  sk_wbuf_puts(b, "{\"suite\":");
  sk_wbuf_json_str(b, g->suite);
  sk_wbuf_json_key(b, "argument_name", 0);
  sk_wbuf_json_str(b, kind);
  sk_wbuf_printf(b, ",\"omitted_runs\":%zu,\"omitted_arguments\":%s,"
                 "\"runs\":[", g->omitted, g->dropped_args ? "true"
                 : "false");
  for (i = 0; i < g->nruns; i++) {
    sk_wbuf_printf(b, "%s{\"run\":%lld,\"start_time\":", i ? "," : "",
                   (long long)g->run[i]);
    sk_wbuf_json_str(b, g->start[i]);
    sk_wbuf_puts(b, "}");
  }
  sk_wbuf_puts(b, "],\"arguments\":[");
  for (k = 0; k < g->nargs; k++) {
    sk_wbuf_puts(b, k ? "," : "");
    sk_wbuf_json_num(b, g->args[k]);
  }
  sk_wbuf_puts(b, "],\"values\":[");
  for (k = 0; k < g->nargs; k++) {
    sk_wbuf_puts(b, k ? ",[" : "[");
    for (i = 0; i < g->nruns; i++) {
      sk_wbuf_puts(b, i ? "," : "");
      sk_wbuf_json_num(b, g->values[k * g->nruns + i]);
    }
    sk_wbuf_puts(b, "]");
  }
  sk_wbuf_puts(b, "],\"change_points\":[");
  for (k = 0; k < ncps; k++) {
    sk_wbuf_printf(b, "%s{\"row\":%zu,\"column\":%zu", k ? "," : "",
                   cps[k].row, cps[k].column);
    sk_wbuf_json_key(b, "p", 0);
    sk_wbuf_json_num(b, cps[k].p);
    sk_wbuf_json_key(b, "before", 0);
    sk_wbuf_json_num(b, cps[k].before);
    sk_wbuf_json_key(b, "after", 0);
    sk_wbuf_json_num(b, cps[k].after);
    sk_wbuf_puts(b, "}");
  }
  sk_wbuf_puts(b, "]}\n");
}

int sk_api_suite_history(sk_web_req_t *r)
{
  sk_sel_t sel;
  const char *suite = sk_web_arg(r, "suite");
  sk_history_grid_t g;
  int64_t *ids = NULL;
  size_t n = 0;
  sk_args_kind_t kind;
  int rc;
  if (!suite || !*suite)
    return sk_web_fail(r, 400, "missing parameter 'suite'");
  if (sk_web_selection(r, "sel", 1, &sel) < 0)
    return 0;
  memset(&kind, 0, sizeof kind);
  kind.name = suite;
  rc = sk_store_select(r->st, &sel, &ids, &n);
  if (rc == 0)
    rc = sk_store_suite_counts(r->st, &sel, sk_api_args_kind, &kind);
  sk_sel_free(&sel);
  if (rc < 0)
    return sk_web_fail_msg(r, 500, "cannot select runs");
  rc = sk_history_grid(r->st, ids, n, suite, &g);
  free(ids);
  if (rc < 0) {
    sk_history_grid_free(&g);
    return sk_web_fail_msg(r, 500, "cannot read the suite's history");
  }
  sk_history_grid_json(&r->out, &g, kind.kind[0] ? kind.kind : NULL, NULL,
                       0);
  sk_history_grid_free(&g);
  return 0;
}
