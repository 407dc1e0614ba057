/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web_hist.c -- the history page of skampi-db serve and of the static
 * site: drop-downs of the suites and arguments the chosen runs have, a
 * whole suite over time (every argument a row of a heat strip, app.js
 * draws it from /api/suite-history or data/history/K.json) beside one
 * point's history with its change points (/api/history); an argument
 * off the grid gets the nearest ones offered.
 */
#include <config.h>

#include "web.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "webdata.h"
#include "webpage.h"

typedef struct sk_hist_opts {
  sk_wbuf_t *b;
  const char *want;               /* the argument asked for, as text */
  double wantv;
  int picked;
  const char *kind;               /* the suite's argument name */
} sk_hist_opts_t;

/* An argument as the drop-down shows it: bytes as 8 B, 1 KiB, 2 MiB;
 * processes, chunks; a suite without variation's 0 as such. */
static void sk_hist_label(char buf[48], double a, const char *kind)
{
  int bytes = kind && strcmp(kind, "length") == 0;
  if (kind && strcmp(kind, "none") == 0)
    snprintf(buf, 48, "(no variation)");
  else if (bytes && a >= 1048576 && fmod(a, 1048576) == 0)
    snprintf(buf, 48, "%.0f MiB", a / 1048576);
  else if (bytes && a >= 1024 && fmod(a, 1024) == 0)
    snprintf(buf, 48, "%.0f KiB", a / 1024);
  else
    snprintf(buf, 48, "%.15g%s", a, bytes ? " B" : kind && strcmp(kind,
             "nodes") == 0 ? " processes" : kind && strcmp(kind, "chunks")
             == 0 ? " chunks" : "");
}

static int sk_hist_arg_option(void *arg, double argument, long runs)
{
  sk_hist_opts_t *o = arg;
  char v[40], label[48];
  int on = o->want && argument == o->wantv;
  snprintf(v, sizeof v, "%.17g", argument);
  sk_hist_label(label, argument, o->kind);
  o->picked |= on;
  sk_wbuf_printf(o->b, "<option value=\"%s\"%s>%s (%ld run%s)</option>", v,
                 on ? " selected" : "", label, runs, runs == 1 ? "" : "s");
  return o->b->failed ? -1 : 0;
}

/* The form: the runs, a drop-down of their suites, one of the suite's
 * arguments (each with how many runs have it). */
static int sk_hist_form(sk_web_req_t *r, const char *sel, const char *suite,
                        const char *arg)
{
  sk_wbuf_t *b = &r->out;
  sk_webdata_suites_t s;
  sk_sel_t ss;
  sk_hist_opts_t o = {b, arg, NAN, 0, NULL};
  size_t i;
  char *end, kind[16] = "";
  if (sk_web_selection(r, "sel", 1, &ss) < 0)
    return -1;
  if (sk_webdata_suites(r->st, &ss, &s) < 0) {
    sk_sel_free(&ss);
    sk_web_fail_msg(r, 500, "cannot list the suites");
    return -1;
  }
  sk_wbuf_puts(b, "<form method=\"get\" action=\"/history\" id=\"hform\" "
               "class=\"bar\"><label>Runs <input name=\"sel\" id=\"hsel\" "
               "size=\"24\" value=\"");
  sk_wbuf_html(b, sel ? sel : "");
  sk_wbuf_puts(b, "\" placeholder=\"machine=... (empty: all)\"></label> "
               "<label>Suite <select name=\"suite\" id=\"hsuite\">"
               "<option value=\"\">choose a suite</option>");
  for (i = 0; i < s.n; i++) {
    int on = suite && strcmp(suite, s.v[i].name) == 0;
    if (on)
      snprintf(kind, sizeof kind, "%s", s.v[i].argument);
    sk_wbuf_puts(b, "<option value=\"");
    sk_wbuf_html(b, s.v[i].name);
    sk_wbuf_printf(b, "\"%s>", on ? " selected" : "");
    sk_wbuf_html(b, s.v[i].name);
    sk_wbuf_printf(b, " (%ld run%s)</option>", s.v[i].runs,
                   s.v[i].runs == 1 ? "" : "s");
  }
  sk_webdata_suites_free(&s);
  sk_wbuf_puts(b, "</select></label> <label>Argument <select name=\"argument\""
               " id=\"harg\"><option value=\"\">the whole suite</option>");
  if (arg && *arg)
    o.wantv = strtod(arg, &end);
  o.kind = kind;
  if (suite && *suite &&
      sk_store_suite_arguments(r->st, &ss, suite, sk_hist_arg_option, &o)
      < 0) {
    sk_sel_free(&ss);
    sk_web_fail_msg(r, 500, "cannot list the arguments");
    return -1;
  }
  sk_sel_free(&ss);
  if (arg && *arg && !o.picked) {   /* off the grid: kept, app.js offers */
    sk_wbuf_puts(b, "<option value=\"");
    sk_wbuf_html(b, arg);
    sk_wbuf_puts(b, "\" selected>");
    sk_wbuf_html(b, arg);
    sk_wbuf_puts(b, " (not on the grid)</option>");
  }
  sk_wbuf_puts(b, "</select></label> <button type=\"submit\">Show</button>"
               "</form>");
  return 0;
}

/* The panels: the whole suite's heat strip and one point's history. */
static void sk_hist_panels(sk_wbuf_t *b, int pub)
{
  sk_wbuf_printf(b, "<p id=\"nearest\" class=\"error\" hidden></p>"
                 "<section id=\"wholesuite\" hidden><h2>The whole suite "
                 "<small>every argument (a row) in every run (a column, "
                 "oldest first)</small></h2><div id=\"heatwrap\"><canvas "
                 "id=\"heat\" width=\"900\" height=\"200\"></canvas></div>"
                 "<p id=\"heatinfo\" class=\"hint\">Colour: the run's value "
                 "against the row's median (blue faster, red slower, grey "
                 "no point); click a row to follow that argument.</p>"
                 "</section><section id=\"onepoint\" hidden><h2>One point "
                 "<small id=\"pointname\"></small></h2><p class=\"bar\">"
                 "<span id=\"status\">loading\xe2\x80\xa6</span> %s</p>"
                 "<div id=\"graph\"></div><p class=\"hint\">The median of "
                 "each run (its quartiles as the band), runs by start time; "
                 "a dashed line marks a change point (E-divisive means, "
                 "permutation test).</p><table class=\"cmp\" id=\"cps\">"
                 "<thead><tr><th>change at run</th><th>start</th><th>before"
                 "</th><th>after</th><th>change</th><th>p</th></tr></thead>"
                 "<tbody></tbody></table></section>",
                 pub ? "<a id=\"hcsv\" href=\"#\" download=\"skampi-history."
                 "csv\">CSV of what is shown</a>"
                 : "<a id=\"hcsv\" href=\"#\" download=\"skampi-history.csv\">"
                 "CSV of what is shown</a> <a id=\"hpdf\" href=\"#\" "
                 "download>PDF</a> <a id=\"hsvg\" href=\"#\" download>SVG"
                 "</a>");
}

int sk_page_history(sk_web_req_t *r)
{
  sk_wbuf_t *b = &r->out;
  const char *sel = sk_web_arg(r, "sel");
  const char *suite = sk_web_arg(r, "suite");
  const char *arg = sk_web_arg(r, "argument");
  sk_page_head(b, "history", "History", 1, SK_PAGE_SERVER);
  sk_page_nav(b, 5, NULL, SK_PAGE_SERVER);
  sk_wbuf_puts(b, "<h1>History <small>a suite over time, one point with "
               "its change points</small></h1>");
  if (sk_hist_form(r, sel, suite, arg) < 0)
    return 0;
  sk_hist_panels(b, 0);
  sk_page_tail(b);
  r->type = "text/html; charset=utf-8";
  return 0;
}

int sk_page_history_static(sk_wbuf_t *b, int pub)
{
  sk_page_head(b, "history", "History", 1, pub);
  sk_page_nav(b, 5, NULL, pub);
  sk_wbuf_puts(b, "<h1>History <small>a suite over time, one point with "
               "its change points</small></h1><form method=\"get\" "
               "action=\"history.html\" id=\"hform\" class=\"bar\"><label>"
               "Suite <select name=\"suite\" id=\"hsuite\"><option value=\"\">"
               "choose a suite</option></select></label> <label>Argument "
               "<select name=\"argument\" id=\"harg\"><option value=\"\">the "
               "whole suite</option></select></label> <button type=\"submit\">"
               "Show</button></form>");
  sk_hist_panels(b, pub);
  sk_page_tail(b);
  return b->failed ? -1 : 0;
}
