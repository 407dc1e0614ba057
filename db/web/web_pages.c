/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web_pages.c -- the pages of skampi-db serve: 1 runs, 2 suites, 3 the
 * plot, and the comparison.  Server-rendered HTML; every value from the
 * database passes through sk_wbuf_html() or sk_wbuf_url(); the scripts
 * are /static/app.js (no inline script).  The query string carries the
 * whole view, so a link reloads the same page.
 */
#include <config.h>

#include "web.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise.h"
#include "webdata.h"
#include "webpage.h"

/* Where the pages link to: the server's paths, or (PUB) the files of a
 * static site made by skampi-db publish, relative to the page. */
const char *sk_page_to(int pub, const char *what)
{
  static const char *const srv[] = {"/static/", "/", "/suites", "/plot",
                                    "/compare", "/history"};
  static const char *const sta[] = {"", "index.html", "suites.html",
                                    "plot.html", "compare.html",
                                    "history.html"};
  static const char *const key[] = {"static", "runs", "suites", "plot",
                                    "compare", "history"};
  size_t i;
  for (i = 0; i < sizeof key / sizeof *key; i++)
    if (strcmp(what, key[i]) == 0)
      return pub ? sta[i] : srv[i];
  return "";
}

void sk_page_head(sk_wbuf_t *b, const char *page, const char *title,
                  int dygraphs, int pub)
{
  const char *s = sk_page_to(pub, "static");
  sk_wbuf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
               "<meta charset=\"utf-8\">");
  /* first in <head>: it applies to what comes after it */
  if (pub)
    sk_wbuf_puts(b, "<meta http-equiv=\"Content-Security-Policy\" "
                 "content=\"" SK_PAGE_CSP "\">");
  sk_wbuf_puts(b, "<meta name=\"viewport\" content=\"width=device-width\">"
               "<link rel=\"icon\" href=\"data:,\">");
  sk_wbuf_printf(b, "<title>%s \xc2\xb7 skampi-db</title>", title);
  if (dygraphs)
    sk_wbuf_printf(b, "<link rel=\"stylesheet\" "
                   "href=\"%sdygraph.min.css\">"
                   "<script src=\"%sdygraph.min.js\" defer></script>", s, s);
  sk_wbuf_printf(b, "<link rel=\"stylesheet\" href=\"%sstyle.css\">"
                 "<script src=\"%sapp.js\" defer></script>"
                 "</head><body data-page=\"%s\"%s><header><b>skampi-db</b>"
                 "<nav>", s, s, page, pub ? " data-static=\"1\"" : "");
}

/* The steps in the header; SEL (may be NULL) carried along.  The static
 * site (PUB) has its history, and a comparison when it was published
 * with one. */
void sk_page_nav(sk_wbuf_t *b, int step, const char *sel, int pub)
{
  static const char *const names[] = {"1 Runs", "2 Suites", "3 Plot"};
  int i;
  for (i = 0; i < 3; i++) {
    if (i + 1 == step)
      sk_wbuf_printf(b, "<span class=\"on\" id=\"step%d\">%s</span>",
                     i + 1, names[i]);
    else if (pub && i == 1)   /* app.js adds the selection */
      sk_wbuf_printf(b, "<a id=\"step2\" href=\"suites.html\">%s</a>",
                     names[i]);
    else if (i == 0 || (i == 1 && sel && *sel)) {
      sk_wbuf_printf(b, "<a id=\"step%d\" href=\"%s?sel=", i + 1,
                     sk_page_to(pub, i ? "suites" : "runs"));
      sk_wbuf_url(b, sel ? sel : "");
      sk_wbuf_printf(b, "\">%s</a>", names[i]);
    } else
      sk_wbuf_printf(b, "<span id=\"step%d\">%s</span>", i + 1, names[i]);
  }
  if (!pub || (pub & SK_PAGE_COMPARE))
    sk_wbuf_printf(b, "<a href=\"%s\" id=\"navcompare\"%s>Compare</a>",
                   sk_page_to(pub, "compare"),
                   step == 4 ? " class=\"on\"" : "");
  sk_wbuf_printf(b, "<a href=\"%s\" id=\"navhistory\"%s>History</a>"
                 "</nav></header><main>", sk_page_to(pub, "history"),
                 step == 5 ? " class=\"on\"" : "");
}

void sk_page_tail(sk_wbuf_t *b)
{
  sk_wbuf_puts(b, "</main></body></html>\n");
}

static void sk_page_end(sk_web_req_t *r)
{
  sk_page_tail(&r->out);
  r->type = "text/html; charset=utf-8";
}

/* ---- step 1: runs ------------------------------------------------------- */

typedef struct sk_page_runs {
  sk_webdata_runs_t w;
  sk_wbuf_t rows;
  int64_t *picked;      /* runs the sel argument chose: checked */
  size_t npicked;
} sk_page_runs_t;

static int sk_page_id_cmp(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* Whether the sel argument chose ID (picked is sorted by id). */
static int sk_page_picked(const sk_page_runs_t *p, int64_t id)
{
  return p->npicked && bsearch(&id, p->picked, p->npicked,
                               sizeof *p->picked, sk_page_id_cmp) != NULL;
}

static void sk_page_attr(sk_wbuf_t *b, const char *name, const char *v)
{
  sk_wbuf_printf(b, " data-%s=\"", name);
  sk_wbuf_html(b, v);
  sk_wbuf_puts(b, "\"");
}

static int sk_page_run_row(void *arg, const sk_store_runrow_t *x)
{
  sk_page_runs_t *p = arg;
  sk_wbuf_t *b = &p->rows;
  char np[32], month[32];
  size_t i;
  int v;
  if (sk_webdata_count(&p->w, x) < 0)
    return -1;
  sk_wbuf_printf(b, "<tr data-id=\"%lld\"", (long long)x->id);
  sk_page_attr(b, "machine", x->machine);
  sk_page_attr(b, "library", x->library);
  sk_page_attr(b, "processes", sk_webdata_np(np, x->processes));
  sk_page_attr(b, "month", sk_webdata_month(month, x->start_time));
  sk_wbuf_puts(b, " data-tag=\"");
  for (i = 0; i < x->ntags; i++) {
    sk_wbuf_html(b, x->tags[i]);
    sk_wbuf_puts(b, "\n");
  }
  sk_wbuf_printf(b, "\"><td><input type=\"checkbox\" class=\"pick\" "
                 "value=\"%lld\" aria-label=\"run %lld\"%s></td>"
                 "<td class=\"num\">%lld</td><td>", (long long)x->id,
                 (long long)x->id, sk_page_picked(p, x->id) ? " checked" : "",
                 (long long)x->id);
  sk_wbuf_html(b, x->machine);
  sk_wbuf_puts(b, "</td><td>");
  sk_wbuf_html(b, x->library);
  sk_wbuf_printf(b, "</td><td class=\"num\">%s</td>", np);
  /* the nodes of its node map, "–" for a file without one */
  if (x->nodes < 0)
    sk_wbuf_puts(b, "<td class=\"num nodes\">\xe2\x80\x93</td><td>");
  else
    sk_wbuf_printf(b, "<td class=\"num nodes\">%ld</td><td>", x->nodes);
  sk_wbuf_html(b, x->start_time);
  sk_wbuf_puts(b, "</td><td>");
  sk_wbuf_html(b, x->kind);
  if (x->campaign)
    sk_wbuf_printf(b, " (campaign %lld)", (long long)x->campaign);
  /* one of lib/noise.h's words (whatever the database holds) or "–" */
  v = sk_noise_parse(x->verdict);
  sk_wbuf_printf(b, "</td><td class=\"verdict %s\">%s", v < 0 ? "none"
                 : sk_noise_name((sk_noise_verdict_t)v), v < 0
                 ? "\xe2\x80\x93" : sk_noise_name((sk_noise_verdict_t)v));
  sk_wbuf_puts(b, "</td><td>");
  for (i = 0; i < x->ntags; i++) {
    sk_wbuf_puts(b, "<span class=\"tag\">");
    sk_wbuf_html(b, x->tags[i]);
    sk_wbuf_puts(b, "</span> ");
  }
  sk_wbuf_puts(b, "</td></tr>\n");
  return b->failed ? -1 : 0;
}

static void sk_page_facets(sk_wbuf_t *b, const sk_webdata_runs_t *w)
{
  static const char *const label[SK_WEBDATA_NFACETS] = {
    "Machine", "MPI library", "Processes", "Tag", "Month"};
  size_t f, i;
  sk_wbuf_puts(b, "<div class=\"facets\">");
  for (f = 0; f < SK_WEBDATA_NFACETS; f++) {
    sk_wbuf_printf(b, "<label>%s <select class=\"facet\" data-facet=\"%s\">"
                   "<option value=\"\">all</option>", label[f],
                   sk_webdata_facet_name[f]);
    for (i = 0; i < w->facet[f].n; i++) {
      sk_wbuf_puts(b, "<option value=\"");
      sk_wbuf_html(b, w->facet[f].v[i].value);
      sk_wbuf_puts(b, "\">");
      sk_wbuf_html(b, w->facet[f].v[i].value);
      sk_wbuf_printf(b, " (%zu)</option>", w->facet[f].v[i].count);
    }
    sk_wbuf_puts(b, "</select></label> ");
  }
  sk_wbuf_puts(b, "<label>Search <input type=\"search\" id=\"search\" "
               "placeholder=\"any text of a row\"></label></div>");
}

/* Step 1 into B: the runs of LIST (NULL: every run), those of PICKED
 * (sorted ids) checked, V the selection field's text; 0, or -1 when the
 * database failed (message captured). */
static int sk_page_runs_build(sk_store_t *st, const sk_sel_t *list,
                              sk_page_runs_t *p, const char *v, int pub,
                              sk_wbuf_t *b)
{
  sk_webdata_runs_init(&p->w, b);
  if (sk_store_run_rows(st, list, sk_page_run_row, p) < 0 || p->rows.failed)
    return -1;
  sk_webdata_facets_done(&p->w);
  sk_page_head(b, "runs", "Runs", 0, pub);
  sk_page_nav(b, 1, v, pub);
  sk_wbuf_printf(b, "<h1>1 \xc2\xb7 Choose runs <small>%zu in the "
                 "%s</small></h1>", p->w.nruns,
                 pub ? "published database" : "database");
  sk_page_facets(b, &p->w);
  sk_wbuf_printf(b, "<form method=\"get\" action=\"%s\" id=\"next\" "
                 "class=\"bar\"><label>Selection <input name=\"sel\" "
                 "id=\"sel\" size=\"40\" value=\"",
                 sk_page_to(pub, "suites"));
  sk_wbuf_html(b, v ? v : "");
  sk_wbuf_printf(b, "\" placeholder=\"%s\">"
               "</label> <button type=\"submit\">Next: suites \xe2\x86\x92"
               "</button> <span id=\"count\"></span></form>"
               "<table class=\"runs\"><thead><tr><th><input type=\"checkbox\""
               " id=\"all\" title=\"select all shown\" aria-label=\"select "
               "all shown\"></th><th>run</th><th>machine</th><th>library"
               "</th><th>np</th><th>nodes</th><th>start</th><th>kind</th>"
               "<th>noise</th>"
               "<th>tags</th>"
               "</tr></thead><tbody>",
               pub ? "run ids: 1-4 7" : "ids, machine=..., np=..., tag=K=V");
  sk_wbuf_put(b, p->rows.data ? p->rows.data : "", p->rows.len);
  sk_wbuf_puts(b, "</tbody></table>");
  if (!p->w.nruns)
    sk_wbuf_puts(b, pub ? "<p>No runs were published.</p>"
                 : "<p>The database has no runs yet: "
                 "<code>skampi-db import FILE...</code></p>");
  sk_wbuf_puts(b, "</main></body></html>\n");
  return 0;
}

int sk_page_runs(sk_web_req_t *r)
{
  sk_page_runs_t p;
  sk_sel_t sel;
  const char *v = sk_web_arg(r, "sel");
  memset(&p, 0, sizeof p);
  if (sk_web_selection(r, "sel", 1, &sel) < 0)
    return 0;
  if (v && *v && sk_store_select(r->st, &sel, &p.picked, &p.npicked) < 0) {
    sk_sel_free(&sel);
    return sk_web_fail_msg(r, 500, "cannot select runs");
  }
  sk_sel_free(&sel);
  if (p.npicked)
    qsort(p.picked, p.npicked, sizeof *p.picked, sk_page_id_cmp);
  if (sk_page_runs_build(r->st, NULL, &p, v, 0, &r->out) < 0)
    sk_web_fail_msg(r, 500, "cannot list the runs");
  else
    r->type = "text/html; charset=utf-8";
  sk_wbuf_free(&p.rows);
  sk_webdata_runs_free(&p.w);
  free(p.picked);
  return 0;
}

/* ---- step 2: suites ----------------------------------------------------- */

/* The bar above the table: a filter, all or none, the count and the
 * Plot button, where the eye is; the limits for app.js to explain
 * (data-max suites, data-series series, data-runs runs). */
static void sk_page_suites_bar(sk_wbuf_t *b, size_t nruns)
{
  sk_wbuf_printf(b, "<div class=\"bar sticky\" id=\"suitebar\" "
                 "data-max=\"%d\" data-series=\"%d\" data-runs=\"%zu\">"
                 "<label>Filter <input type=\"search\" id=\"filter\" "
                 "placeholder=\"name, instance or argument\"></label> "
                 "<button type=\"button\" id=\"selall\">All shown</button> "
                 "<button type=\"button\" id=\"selnone\">None</button> "
                 "<span id=\"chosen\"></span> "
                 "<button type=\"submit\" id=\"plotbtn\" class=\"go\">Plot "
                 "\xe2\x86\x92</button> <span id=\"limit\" class=\"error\" "
                 "hidden></span></div>", SK_WEBDATA_SUITES,
                 SK_WEBDATA_MAX_SERIES, nruns);
}

/* The table's head; its rows follow (the server's, or app.js's from
 * data/suites.json on the static site). */
static void sk_page_suites_head(sk_wbuf_t *b)
{
  sk_wbuf_puts(b, "<table class=\"suites\"><thead><tr><th></th><th>suite"
               "</th><th>instance</th><th>argument</th><th>runs that have "
               "it</th></tr></thead><tbody>");
}

/* One row: a suite, its instance, what it varies, N of M runs. */
static void sk_page_suite_row(sk_wbuf_t *b, const sk_webdata_suite_t *x,
                              size_t nruns, int on)
{
  sk_wbuf_puts(b, "<tr><td><input type=\"checkbox\" name=\"suite\" value=\"");
  sk_wbuf_html(b, x->name);
  sk_wbuf_printf(b, "\"%s aria-label=\"", on ? " checked" : "");
  sk_wbuf_html(b, x->name);
  sk_wbuf_puts(b, "\"></td><td class=\"name\">");
  sk_wbuf_html(b, x->name);
  sk_wbuf_puts(b, "</td><td>");
  if (strcmp(x->instance, x->name) != 0)
    sk_wbuf_html(b, x->instance);
  sk_wbuf_puts(b, "</td><td>");
  sk_wbuf_html(b, x->argument);
  sk_wbuf_printf(b, "</td><td class=\"num\">%ld of %zu runs</td></tr>",
                 x->runs, nruns);
}

int sk_page_suites(sk_web_req_t *r)
{
  sk_webdata_suites_t s;
  sk_sel_t sel;
  sk_wbuf_t *b = &r->out;
  const char *v = sk_web_arg(r, "sel");
  const char *picked[SK_WEBDATA_SUITES * 4];
  size_t i, k, npicked = sk_web_args(r, "suite", picked,
                                     SK_WEBDATA_SUITES * 4);
  if (npicked > SK_WEBDATA_SUITES * 4)
    npicked = SK_WEBDATA_SUITES * 4;
  if (sk_web_selection(r, "sel", 0, &sel) < 0)
    return 0;
  if (sk_webdata_suites(r->st, &sel, &s) < 0) {
    sk_sel_free(&sel);
    return sk_web_fail_msg(r, 500, "cannot list the suites");
  }
  sk_sel_free(&sel);
  sk_page_head(b, "suites", "Suites", 0, 0);
  sk_page_nav(b, 2, v, 0);
  sk_wbuf_printf(b, "<h1>2 \xc2\xb7 Choose suites <small>%zu suite%s of "
                 "%zu run%s: ", s.n, s.n == 1 ? "" : "s", s.nruns,
                 s.nruns == 1 ? "" : "s");
  sk_wbuf_html(b, v);
  sk_wbuf_puts(b, "</small></h1><form method=\"get\" action=\"/plot\" "
               "id=\"suites\"><input type=\"hidden\" name=\"sel\" value=\"");
  sk_wbuf_html(b, v);
  sk_wbuf_puts(b, "\">");
  sk_page_suites_bar(b, s.nruns);
  sk_page_suites_head(b);
  for (i = 0; i < s.n; i++) {
    int on = 0;
    for (k = 0; k < npicked; k++)
      on |= strcmp(picked[k], s.v[i].name) == 0;
    sk_page_suite_row(b, &s.v[i], s.nruns, on);
  }
  sk_wbuf_puts(b, s.n ? "</tbody></table>" : "</tbody></table><p>The "
               "selected runs have no suites.</p>");
  sk_wbuf_puts(b, "</form>");
  sk_page_end(r);
  sk_webdata_suites_free(&s);
  return 0;
}

/* ---- step 3: the plot --------------------------------------------------- */

/* Step 3 below its heading: the controls, the graph with its hover box,
 * the ratio panel, the legend and the marks.  app.js fills them; the
 * static site's downloads are made by app.js from what is shown, the
 * server's are its API's answers for what is shown. */
static void sk_page_plot_body(sk_wbuf_t *b, int pub)
{
  sk_wbuf_puts(b, "<div class=\"bar\">"
               "<label>Group by <select id=\"group\"></select></label> "
               "<label title=\"the bytes each point moves over its time\">"
               "<input type=\"checkbox\" id=\"bw\"> bandwidth</label> "
               "<label><input type=\"checkbox\" id=\"logx\"> log x</label> "
               "<label><input type=\"checkbox\" id=\"logy\"> log y</label> "
               "<label><input type=\"checkbox\" id=\"p99\"> P99</label> "
               "<label title=\"each point divided by its floor, the least "
               "time any MPI could take there on the run's node\"><input "
               "type=\"checkbox\" id=\"floor\"> against the floor</label> "
               "<label>Ratio to <select id=\"baseline\"></select></label> "
               "<button type=\"button\" id=\"reset\">Reset zoom</button> ");
  if (pub)
    sk_wbuf_puts(b, "<a id=\"csv\" href=\"#\" download=\"skampi-plot.csv\">"
                 "CSV of what is shown</a> <span id=\"downloads\"></span> ");
  else
    sk_wbuf_puts(b, "<a id=\"csv\" href=\"#\" download>CSV of what is "
                 "shown</a> <a id=\"pdf\" href=\"#\" download>PDF</a> "
                 "<a id=\"svg\" href=\"#\" download>SVG</a> ");
  sk_wbuf_puts(b, "<span id=\"range\"></span> <span id=\"status\">loading"
               "\xe2\x80\xa6</span></div>"
               "<div id=\"plotwrap\"><div id=\"graph\"></div>"
               "<div id=\"hover\" hidden></div></div>"
               "<div id=\"ratiowrap\" hidden><p class=\"hint\" id=\"ratiohead\">"
               "</p><div id=\"ratio\"></div></div>"
               "<ul id=\"legend\"></ul><p id=\"marks\" class=\"hint\"></p>"
               "<p id=\"floornote\" class=\"hint\" hidden></p>"
               "<p class=\"hint\">Each line is the median of a group's runs "
               "at each argument, its band the range of those runs (one "
               "run: its own confidence interval, else its quartiles).  "
               "Drag to zoom, double-click to reset, hover for the values; "
               "click a legend entry to hide or show it.  Marked points: "
               "\xe2\x97\x8b missed \xce\xb5 (the target standard error), "
               "\xe2\x96\xb3 cut short (its suite stopped early), "
               "\xe2\x97\x87 several modes.</p>");
}

/* A plot of too many suites, or none: the page says so and leads back
 * to step 2 with the choice kept. */
static int sk_page_plot_refused(sk_web_req_t *r, const char *v,
                                const char *const *suites, size_t n,
                                size_t given)
{
  sk_wbuf_t *b = &r->out;
  size_t i;
  r->status = 400;
  sk_page_head(b, "plot", "Plot", 0, 0);
  sk_page_nav(b, 3, v, 0);
  sk_wbuf_puts(b, "<h1>3 \xc2\xb7 Plot</h1><p class=\"error\" id=\"refused\">");
  if (given == 0)
    sk_wbuf_puts(b, "No suite was chosen: choose at least one in step 2.");
  else
    sk_wbuf_printf(b, "%zu suites were chosen; a plot shows at most %d at "
                   "once.  Go back and uncheck %zu of them, or use the "
                   "filter to plot a family at a time.", given,
                   SK_WEBDATA_SUITES, given - SK_WEBDATA_SUITES);
  sk_wbuf_puts(b, "</p><p><a id=\"back\" href=\"/suites?sel=");
  sk_wbuf_url(b, v ? v : "");
  for (i = 0; i < n; i++) {
    sk_wbuf_puts(b, "&amp;suite=");
    sk_wbuf_url(b, suites[i]);
  }
  sk_wbuf_puts(b, "\">\xe2\x86\x90 Back to step 2, your choice kept</a></p>");
  sk_page_end(r);
  r->no_store = 1;
  return 0;
}

int sk_page_plot(sk_web_req_t *r)
{
  sk_wbuf_t *b = &r->out;
  sk_sel_t sel;
  const char *v = sk_web_arg(r, "sel");
  const char *suites[SK_WEBDATA_SUITES * 4];
  size_t i, n = sk_web_args(r, "suite", suites, SK_WEBDATA_SUITES * 4);
  if (sk_web_selection(r, "sel", 0, &sel) < 0)
    return 0;
  sk_sel_free(&sel);
  if (n == 0 || n > SK_WEBDATA_SUITES)
    return sk_page_plot_refused(r, v, suites, n < SK_WEBDATA_SUITES * 4 ? n
                                : SK_WEBDATA_SUITES * 4, n);
  sk_page_head(b, "plot", "Plot", 1, 0);
  sk_page_nav(b, 3, v, 0);
  sk_wbuf_puts(b, "<h1>3 \xc2\xb7 Plot <small>");
  for (i = 0; i < n; i++) {
    sk_wbuf_puts(b, i ? ", " : "");
    sk_wbuf_html(b, suites[i]);
  }
  sk_wbuf_puts(b, " of ");
  sk_wbuf_html(b, v);
  sk_wbuf_puts(b, "</small></h1>");
  sk_page_plot_body(b, 0);
  sk_page_end(r);
  return 0;
}

/* ---- the static site (skampi-db publish) ------------------------------- */

int sk_page_static(sk_store_t *st, const sk_sel_t *sel, const char *page,
                   int pub, sk_wbuf_t *b)
{
  sk_page_runs_t p;
  int rc = 0;
  pub |= SK_PAGE_STATIC;
  if (strcmp(page, "runs") == 0) {
    memset(&p, 0, sizeof p);
    rc = sk_page_runs_build(st, sel, &p, "", pub, b);
    sk_wbuf_free(&p.rows);
    sk_webdata_runs_free(&p.w);
    return rc;
  }
  if (strcmp(page, "compare") == 0)
    return sk_page_compare_static(b, pub);
  if (strcmp(page, "history") == 0)
    return sk_page_history_static(b, pub);
  if (strcmp(page, "suites") == 0) {
    /* app.js fills the table from data/suites.json */
    sk_page_head(b, "suites", "Suites", 0, pub);
    sk_page_nav(b, 2, NULL, pub);
    sk_wbuf_puts(b, "<h1>2 \xc2\xb7 Choose suites <small id=\"of\">"
                 "</small></h1><form method=\"get\" action=\"plot.html\" "
                 "id=\"suites\"><input type=\"hidden\" name=\"sel\" "
                 "id=\"sel\" value=\"\">");
    sk_page_suites_bar(b, 0);
    sk_page_suites_head(b);
    sk_wbuf_puts(b, "</tbody></table><p id=\"status\">loading"
                 "\xe2\x80\xa6</p></form>");
  } else {
    sk_page_head(b, "plot", "Plot", 1, pub);
    sk_page_nav(b, 3, NULL, pub);
    sk_wbuf_puts(b, "<h1>3 \xc2\xb7 Plot <small id=\"of\"></small></h1>");
    sk_page_plot_body(b, 1);
  }
  sk_page_tail(b);
  return b->failed ? -1 : 0;
}
