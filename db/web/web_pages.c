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
#include "wilcoxon.h"

/* Where the pages link to: the server's paths, or (PUB) the files of a
 * static site made by skampi-db publish, relative to the page. */
static const char *sk_page_to(int pub, const char *what)
{
  static const char *const srv[] = {"/static/", "/", "/suites", "/plot"};
  static const char *const sta[] = {"", "index.html", "suites.html",
                                    "plot.html"};
  static const char *const key[] = {"static", "runs", "suites", "plot"};
  size_t i;
  for (i = 0; i < sizeof key / sizeof *key; i++)
    if (strcmp(what, key[i]) == 0)
      return pub ? sta[i] : srv[i];
  return "";
}

static void sk_page_head(sk_wbuf_t *b, const char *page, const char *title,
                         int dygraphs, int pub)
{
  const char *s = sk_page_to(pub, "static");
  sk_wbuf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
               "<meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width\">"
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
 * site (PUB) has the three steps only. */
static void sk_page_nav(sk_wbuf_t *b, int step, const char *sel, int pub)
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
  if (pub)
    sk_wbuf_puts(b, "</nav></header><main>");
  else
    sk_wbuf_printf(b, "<a href=\"/compare\"%s>Compare</a>"
                   "<a href=\"/history\"%s>History</a></nav></header><main>",
                   step == 4 ? " class=\"on\"" : "",
                   step == 5 ? " class=\"on\"" : "");
}

static void sk_page_end(sk_web_req_t *r)
{
  sk_wbuf_puts(&r->out, "</main></body></html>\n");
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
  sk_wbuf_printf(b, "</td><td class=\"num\">%s</td><td>", np);
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
               "</th><th>np</th><th>start</th><th>kind</th><th>noise</th>"
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

int sk_page_suites(sk_web_req_t *r)
{
  sk_webdata_suites_t s;
  sk_sel_t sel;
  sk_wbuf_t *b = &r->out;
  const char *v = sk_web_arg(r, "sel");
  const char *picked[SK_WEBDATA_SUITES];
  size_t i, k, npicked = sk_web_args(r, "suite", picked, SK_WEBDATA_SUITES);
  if (npicked > SK_WEBDATA_SUITES)
    npicked = SK_WEBDATA_SUITES;
  if (sk_web_selection(r, "sel", 0, &sel) < 0)
    return 0;
  if (sk_webdata_suites(r->st, &sel, &s) < 0) {
    sk_sel_free(&sel);
    return sk_web_fail_msg(r, 500, "cannot list the suites");
  }
  sk_sel_free(&sel);
  sk_page_head(b, "suites", "Suites", 0, 0);
  sk_page_nav(b, 2, v, 0);
  sk_wbuf_printf(b, "<h1>2 \xc2\xb7 Choose suites <small>of %zu run%s: ",
                 s.nruns, s.nruns == 1 ? "" : "s");
  sk_wbuf_html(b, v);
  sk_wbuf_puts(b, "</small></h1><form method=\"get\" action=\"/plot\" "
               "id=\"suites\"><input type=\"hidden\" name=\"sel\" value=\"");
  sk_wbuf_html(b, v);
  sk_wbuf_puts(b, "\"><table class=\"suites\"><thead><tr><th></th><th>suite"
               "</th><th>argument</th><th>runs that have it</th></tr>"
               "</thead>");
  for (i = 0; i < s.n; i++) {
    const sk_webdata_suite_t *x = &s.v[i];
    int on = 0;
    if (i == 0 || strcmp(x->instance, s.v[i - 1].instance) != 0) {
      sk_wbuf_puts(b, i ? "</tbody><tbody>" : "<tbody>");
      sk_wbuf_puts(b, "<tr class=\"group\"><th colspan=\"4\">");
      sk_wbuf_html(b, x->instance);
      sk_wbuf_puts(b, "</th></tr>");
    }
    for (k = 0; k < npicked; k++)
      on |= strcmp(picked[k], x->name) == 0;
    sk_wbuf_puts(b, "<tr><td><input type=\"checkbox\" name=\"suite\" "
                 "value=\"");
    sk_wbuf_html(b, x->name);
    sk_wbuf_printf(b, "\"%s></td><td>", on ? " checked" : "");
    sk_wbuf_html(b, x->name);
    sk_wbuf_puts(b, "</td><td>");
    sk_wbuf_html(b, x->argument);
    sk_wbuf_printf(b, "</td><td class=\"num\">%ld of %zu</td></tr>",
                   x->runs, s.nruns);
  }
  sk_wbuf_puts(b, s.n ? "</tbody></table>" : "</table><p>The selected "
               "runs have no suites.</p>");
  sk_wbuf_puts(b, "<p class=\"bar\"><button type=\"submit\">Plot \xe2\x86\x92"
               "</button></p></form>");
  sk_page_end(r);
  sk_webdata_suites_free(&s);
  return 0;
}

/* ---- step 3: the plot --------------------------------------------------- */

/* Step 3 below its heading: the controls, the graph, the legend.  The
 * static site's downloads are the files of each chosen suite (app.js
 * fills them in); the server's are of what is shown. */
static void sk_page_plot_body(sk_wbuf_t *b, int pub)
{
  sk_wbuf_puts(b, "<div class=\"bar\">"
               "<label><input type=\"checkbox\" id=\"logx\"> log x</label> "
               "<label><input type=\"checkbox\" id=\"logy\"> log y</label> "
               "<label><input type=\"checkbox\" id=\"p99\"> P99</label> "
               "<button type=\"button\" id=\"reset\">Reset zoom</button> ");
  if (pub)
    sk_wbuf_puts(b, "<span id=\"downloads\"></span> ");
  else
    sk_wbuf_puts(b, "<a id=\"csv\" href=\"#\" download>CSV of what is "
                 "shown</a> <a id=\"pdf\" href=\"#\" download>PDF</a> "
                 "<a id=\"svg\" href=\"#\" download>SVG</a> ");
  sk_wbuf_puts(b, "<span id=\"range\"></span> <span id=\"status\">loading"
               "\xe2\x80\xa6</span></div>"
               "<div id=\"graph\"></div><p class=\"hint\">Drag to zoom, "
               "double-click to reset; click a legend entry to hide or show "
               "its series.  Line: median; band: confidence interval when "
               "the point has one, else quartiles.</p>"
               "<ul id=\"legend\"></ul>");
}

int sk_page_plot(sk_web_req_t *r)
{
  sk_wbuf_t *b = &r->out;
  sk_sel_t sel;
  const char *v = sk_web_arg(r, "sel");
  const char *suites[SK_WEBDATA_SUITES];
  size_t i, n = sk_web_args(r, "suite", suites, SK_WEBDATA_SUITES);
  if (sk_web_selection(r, "sel", 0, &sel) < 0)
    return 0;
  sk_sel_free(&sel);
  if (n == 0 || n > SK_WEBDATA_SUITES)
    return sk_web_fail(r, 400, "choose 1 to %d suites (parameter 'suite')",
                       SK_WEBDATA_SUITES);
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

/* ---- the comparison ----------------------------------------------------- */

static void sk_page_time(sk_wbuf_t *b, double s)
{
  static const char *const units[] = {"s", "ms", "\xc2\xb5s", "ns"};
  int u = 0;
  if (isnan(s)) {
    sk_wbuf_puts(b, "\xe2\x80\x93");
    return;
  }
  while (u < 3 && fabs(s) < 1 && s != 0) {
    s *= 1000;
    u++;
  }
  sk_wbuf_printf(b, "%.3g %s", s, units[u]);
}

static void sk_page_pct(sk_wbuf_t *b, double ratio)
{
  if (isnan(ratio))
    sk_wbuf_puts(b, "\xe2\x80\x93");
  else
    sk_wbuf_printf(b, "%+.1f%%", 100 * (ratio - 1));
}

/* A link to step 3 with the runs of both sides, the finding's suite and
 * its range of arguments. */
static void sk_page_finding_plot(sk_wbuf_t *b, const sk_regress_t *x,
                                 const sk_regress_finding_t *f,
                                 const char *ids)
{
  const sk_regress_point_t *a = &x->points[f->first];
  const sk_regress_point_t *z = &x->points[f->last];
  sk_wbuf_puts(b, "<a href=\"/plot?sel=");
  sk_wbuf_url(b, ids);
  sk_wbuf_puts(b, "&amp;suite=");
  sk_wbuf_url(b, a->suite);
  if (!a->noarg && a->argument > 0 && z->argument > a->argument)
    sk_wbuf_printf(b, "&amp;x0=%.17g&amp;x1=%.17g", a->argument / 2,
                   z->argument * 2);
  sk_wbuf_puts(b, "\">plot</a>");
}

/* A p or q: "–" where there was no test, never "nan". */
static void sk_page_p(sk_wbuf_t *b, double p)
{
  if (isnan(p))
    sk_wbuf_puts(b, "\xe2\x80\x93");
  else
    sk_wbuf_printf(b, "%.3g", p);
}

/* The comparison's power, and "inconclusive" when no point could be
 * significant with these runs. */
static void sk_page_power(sk_wbuf_t *b, const sk_regress_t *x)
{
  char text[256];
  if (!isnan(x->min_q))
    sk_wbuf_printf(b, "<p>Power: %zu vs %zu values at best give p &ge; "
                   "%.3g, so q &ge; %.3g at best.</p>", x->power_runs[0],
                   x->power_runs[1], x->min_q, x->min_q);
  if (!x->inconclusive)
    return;
  sk_regress_inconclusive_text(x, text, sizeof text);
  sk_wbuf_puts(b, "<p class=\"warn\">");
  sk_wbuf_html(b, text);
  sk_wbuf_puts(b, ".</p>");
}

static void sk_page_findings(sk_wbuf_t *b, const sk_regress_t *x,
                             const char *ids)
{
  size_t i;
  sk_page_power(b, x);
  if (!x->nfindings) {
    if (!x->inconclusive)
      sk_wbuf_puts(b, "<p class=\"ok\">No significant change.</p>");
    return;
  }
  sk_wbuf_puts(b, "<table class=\"cmp\"><thead><tr><th>verdict</th><th>"
               "suite</th><th>from</th><th>to</th><th>np</th><th>change</th>"
               "<th>interval</th><th>q</th><th></th><th></th></tr></thead>"
               "<tbody>");
  for (i = 0; i < x->nfindings; i++) {
    const sk_regress_finding_t *f = &x->findings[i];
    const sk_regress_point_t *a = &x->points[f->first];
    sk_wbuf_printf(b, "<tr class=\"%s\"><td>%s</td><td>",
                   sk_regress_verdict_slug(f->verdict),
                   sk_regress_verdict_name(f->verdict));
    sk_wbuf_html(b, a->suite);
    sk_wbuf_printf(b, "</td><td class=\"num\">%.6g</td><td class=\"num\">"
                   "%.6g</td><td class=\"num\">%ld</td><td class=\"num\">",
                   a->argument, x->points[f->last].argument, a->processes);
    sk_page_pct(b, f->ratio);
    sk_wbuf_puts(b, "</td><td class=\"num\">[");
    sk_page_pct(b, f->low);
    sk_wbuf_puts(b, ", ");
    sk_page_pct(b, f->high);
    sk_wbuf_printf(b, "]</td><td class=\"num\">%.3g</td><td class=\"stars\">"
                   "%s</td><td>", f->q, sk_wilcoxon_stars(f->q));
    if (ids)
      sk_page_finding_plot(b, x, f, ids);
    sk_wbuf_puts(b, "</td></tr>");
  }
  sk_wbuf_puts(b, "</tbody></table>");
}

static void sk_page_points(sk_wbuf_t *b, const sk_regress_t *x)
{
  size_t i;
  sk_wbuf_printf(b, "<details><summary>All %zu points compared</summary>"
                 "<table class=\"cmp\"><thead><tr><th>suite</th><th>"
                 "argument</th><th>np</th><th>runs</th><th>method</th><th>"
                 "before</th><th>after</th><th>change</th><th>p</th><th>q"
                 "</th><th></th><th>verdict</th><th>min. p</th></tr>"
                 "</thead><tbody>", x->npoints);
  for (i = 0; i < x->npoints; i++) {
    const sk_regress_point_t *p = &x->points[i];
    sk_wbuf_printf(b, "<tr class=\"%s%s\"><td>",
                   sk_regress_verdict_slug(p->verdict),
                   p->beyond ? " beyond" : "");
    sk_wbuf_html(b, p->suite);
    sk_wbuf_printf(b, "</td><td class=\"num\">%.6g</td><td class=\"num\">"
                   "%ld</td><td class=\"num\">%zu / %zu</td><td>%s</td>"
                   "<td class=\"num\">", p->argument, p->processes,
                   p->side[0].nruns, p->side[1].nruns,
                   sk_regress_method_name(p->method));
    sk_page_time(b, p->before);
    sk_wbuf_puts(b, "</td><td class=\"num\">");
    sk_page_time(b, p->after);
    sk_wbuf_puts(b, "</td><td class=\"num\">");
    sk_page_pct(b, p->ratio);
    sk_wbuf_puts(b, "</td><td class=\"num\">");
    sk_page_p(b, p->p);
    sk_wbuf_puts(b, "</td><td class=\"num\">");
    sk_page_p(b, p->q);
    sk_wbuf_printf(b, "</td><td class=\"stars\">%s</td><td>%s%s</td>"
                   "<td class=\"num\">", isnan(p->q) ? ""
                   : sk_wilcoxon_stars(p->q),
                   sk_regress_verdict_name(p->verdict),
                   p->beyond ? ", beyond both sides' noise" : "");
    sk_page_p(b, p->min_p);
    sk_wbuf_puts(b, "</td></tr>");
  }
  sk_wbuf_puts(b, "</tbody></table></details>");
}

static void sk_page_compare_form(sk_wbuf_t *b, const char *base,
                                 const char *cand)
{
  sk_wbuf_puts(b, "<form method=\"get\" action=\"/compare\" class=\"bar\">"
               "<label>Baseline <input name=\"baseline\" size=\"30\" "
               "value=\"");
  sk_wbuf_html(b, base ? base : "");
  sk_wbuf_puts(b, "\" placeholder=\"tag=phase=before\"></label> <label>"
               "Candidate <input name=\"candidate\" size=\"30\" value=\"");
  sk_wbuf_html(b, cand ? cand : "");
  sk_wbuf_puts(b, "\" placeholder=\"tag=phase=after\"></label> <button "
               "type=\"submit\">Compare</button></form>");
}

int sk_page_compare(sk_web_req_t *r)
{
  sk_wbuf_t *b = &r->out;
  const char *base = sk_web_arg(r, "baseline");
  const char *cand = sk_web_arg(r, "candidate");
  sk_regress_t x;
  char *ids = NULL;
  int have = base && *base && cand && *cand;
  if (have && sk_webdata_compare(r, &x, &ids) < 0)
    return 0;
  sk_page_head(b, "compare", "Compare", 0, 0);
  sk_page_nav(b, 4, NULL, 0);
  sk_wbuf_puts(b, "<h1>Compare <small>what changed from a baseline to a "
               "candidate</small></h1>");
  sk_page_compare_form(b, base, cand);
  if (have) {
    sk_wbuf_printf(b, "<p>Baseline %zu run%s, candidate %zu run%s; "
                   "Wilcoxon rank-sum per point, false-discovery rate %g, "
                   "smallest change %g%%; %zu slower, %zu faster.  Stars: "
                   "* q &le; 0.05, ** q &le; 0.01, *** q &le; 0.001.</p>",
                   x.nruns[0], x.nruns[0] == 1 ? "" : "s", x.nruns[1],
                   x.nruns[1] == 1 ? "" : "s", x.fdr, 100 * x.min_effect,
                   x.slower, x.faster);
    sk_page_findings(b, &x, ids);
    sk_page_points(b, &x);
    sk_regress_free(&x);
    free(ids);
  }
  sk_page_end(r);
  return 0;
}

/* ---- a point's history -------------------------------------------------- */

static void sk_page_history_form(sk_wbuf_t *b, const char *sel,
                                 const char *suite, const char *arg)
{
  sk_wbuf_puts(b, "<form method=\"get\" action=\"/history\" "
               "class=\"bar\"><label>Runs <input name=\"sel\" size=\"24\" "
               "value=\"");
  sk_wbuf_html(b, sel ? sel : "");
  sk_wbuf_puts(b, "\" placeholder=\"machine=... (empty: all)\"></label> "
               "<label>Suite <input name=\"suite\" size=\"16\" value=\"");
  sk_wbuf_html(b, suite ? suite : "");
  sk_wbuf_puts(b, "\"></label> <label>Argument <input name=\"argument\" "
               "size=\"8\" value=\"");
  sk_wbuf_html(b, arg ? arg : "");
  sk_wbuf_puts(b, "\"></label> <button type=\"submit\">Show</button></form>");
}

int sk_page_history(sk_web_req_t *r)
{
  sk_wbuf_t *b = &r->out;
  const char *sel = sk_web_arg(r, "sel");
  const char *suite = sk_web_arg(r, "suite");
  const char *arg = sk_web_arg(r, "argument");
  int have = suite && *suite && arg && *arg;
  sk_page_head(b, "history", "History", have, 0);
  sk_page_nav(b, 5, NULL, 0);
  sk_wbuf_puts(b, "<h1>History <small>one point over time, change points "
               "marked</small></h1>");
  sk_page_history_form(b, sel, suite, arg);
  if (have)
    sk_wbuf_puts(b, "<p class=\"bar\"><span id=\"status\">loading"
                 "\xe2\x80\xa6</span> <a id=\"hpdf\" href=\"#\" download>"
                 "PDF</a> <a id=\"hsvg\" href=\"#\" download>SVG</a></p>"
                 "<div id=\"graph\"></div><p class=\"hint\">The median of "
                 "each run (its quartiles as the band), runs by start time; "
                 "a dashed line marks a change point (E-divisive means, "
                 "permutation test).</p><table class=\"cmp\" id=\"cps\">"
                 "<thead><tr><th>change at run</th><th>start</th><th>before"
                 "</th><th>after</th><th>change</th><th>p</th></tr></thead>"
                 "<tbody></tbody></table>");
  sk_page_end(r);
  return 0;
}

/* ---- the static site (skampi-db publish) ------------------------------- */

int sk_page_static(sk_store_t *st, const sk_sel_t *sel, const char *page,
                   sk_wbuf_t *b)
{
  sk_page_runs_t p;
  int rc = 0;
  if (strcmp(page, "runs") == 0) {
    memset(&p, 0, sizeof p);
    rc = sk_page_runs_build(st, sel, &p, "", 1, b);
    sk_wbuf_free(&p.rows);
    sk_webdata_runs_free(&p.w);
    return rc;
  }
  if (strcmp(page, "suites") == 0) {
    /* app.js fills the table from data/suites.json */
    sk_page_head(b, "suites", "Suites", 0, 1);
    sk_page_nav(b, 2, NULL, 1);
    sk_wbuf_puts(b, "<h1>2 \xc2\xb7 Choose suites <small id=\"of\">"
                 "</small></h1><form method=\"get\" action=\"plot.html\" "
                 "id=\"suites\"><input type=\"hidden\" name=\"sel\" "
                 "id=\"sel\" value=\"\"><table class=\"suites\"><thead><tr>"
                 "<th></th><th>suite</th><th>argument</th><th>runs that have "
                 "it</th></tr></thead></table><p id=\"status\">loading"
                 "\xe2\x80\xa6</p><p class=\"bar\"><button type=\"submit\">"
                 "Plot \xe2\x86\x92</button></p></form>");
  } else {
    sk_page_head(b, "plot", "Plot", 1, 1);
    sk_page_nav(b, 3, NULL, 1);
    sk_wbuf_puts(b, "<h1>3 \xc2\xb7 Plot <small id=\"of\"></small></h1>");
    sk_page_plot_body(b, 1);
  }
  sk_wbuf_puts(b, "</main></body></html>\n");
  return b->failed ? -1 : 0;
}
