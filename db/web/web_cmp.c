/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web_cmp.c -- the comparison page of skampi-db serve and of the static
 * site: a form (the server's), then a frame app.js fills from the API's
 * answer (/api/compare, or data/compare.json of a static site): the
 * summary first ("3 slower, 1 faster, 40 not significant, ..."), what
 * changed grouped by suite with adjacent sizes merged, worst first, and
 * every point in a table that sorts by any column and filters by text
 * and verdict.
 */
#include <config.h>

#include "web.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "webdata.h"
#include "webpage.h"

static void sk_cmp_form(sk_wbuf_t *b, const char *base, const char *cand)
{
  sk_wbuf_puts(b, "<form method=\"get\" action=\"/compare\" class=\"bar\">"
               "<label>Baseline <input name=\"baseline\" size=\"30\" "
               "value=\"");
  sk_wbuf_html(b, base ? base : "");
  sk_wbuf_puts(b, "\" placeholder=\"tag=phase=before\"></label> <label>"
               "Candidate <input name=\"candidate\" size=\"30\" value=\"");
  sk_wbuf_html(b, cand ? cand : "");
  sk_wbuf_puts(b, "\" placeholder=\"tag=phase=after\"></label> <button "
               "type=\"submit\">Compare</button></form>"
               "<p class=\"hint\" id=\"andor\">In a selection, words of "
               "one key are alternatives (OR: <code>12 14</code> is run 12 "
               "or run 14, <code>tag=lib=a tag=lib=b</code> either value); "
               "words of different keys, and tags of different names, must "
               "all hold (AND: <code>tag=lib=a tag=os=b</code> both tags). "
               "The two sides may not share a run.</p>");
}

/* The frame app.js fills: SRC is where the comparison is (a URL of the
 * API, or a data file's key), IDS the runs of both sides (for the plot
 * links). */
static void sk_cmp_frame(sk_wbuf_t *b, const char *src, const char *ids,
                         int pub, const sk_regress_t *x)
{
  char text[SK_REGRESS_TEXT];
  sk_wbuf_puts(b, "<div id=\"cmp\" data-src=\"");
  sk_wbuf_html(b, src);
  sk_wbuf_puts(b, "\" data-ids=\"");
  sk_wbuf_html(b, ids ? ids : "");
  sk_wbuf_printf(b, "\" data-plot=\"%s\"><p id=\"summary\" class=\"summary\">",
                 sk_page_to(pub, "plot"));
  /* the server writes the summary and the power's message itself, so
   * that they are there before (or without) the script */
  if (x) {
    sk_regress_summary_text(x, text, sizeof text);
    if (x->inconclusive)   /* never shown as a pass */
      sk_wbuf_puts(b, "<span class=\"warn\">");
    sk_wbuf_html(b, text);
    if (x->inconclusive)
      sk_wbuf_puts(b, "</span>");
  } else
    sk_wbuf_puts(b, "loading\xe2\x80\xa6");
  sk_wbuf_puts(b, "</p><p id=\"sides\" class=\"hint\"></p><p id=\"power\"");
  if (x && x->inconclusive) {
    sk_regress_inconclusive_text(x, text, sizeof text);
    sk_wbuf_puts(b, " class=\"warn\">");
    sk_wbuf_html(b, text);
  } else
    sk_wbuf_puts(b, ">");
  sk_wbuf_printf(b, "</p><ol id=\"findings\"></ol>"
                 "<div class=\"bar\"><label>Filter <input type=\"search\" "
                 "id=\"cmpfilter\" placeholder=\"suite or argument\"></label> "
                 "<label>Verdict <select id=\"cmpverdict\"><option value=\"\">"
                 "all</option></select></label> <span id=\"cmpcount\">"
                 "</span> <a id=\"cmpcsv\" href=\"#\" download=\"skampi-"
                 "compare.csv\">CSV of what is shown</a></div>"
                 "<table class=\"cmp sortable\" id=\"points\"><thead><tr>");
  {
    static const char *const col[][2] = {
      {"verdict", "verdict"}, {"suite", "suite"}, {"argument", "argument"},
      {"processes", "np"}, {"runs", "runs"}, {"before", "median before"},
      {"after", "median after"}, {"change", "after / before"},
      {"floor_ratio", "after / floor"}, {"p", "p"},
      {"q", "q"},
      {"min_p", "min. p"}};
    size_t i;
    for (i = 0; i < sizeof col / sizeof *col; i++)
      sk_wbuf_printf(b, "<th data-key=\"%s\" tabindex=\"0\" title=\"sort\">"
                     "%s</th>", col[i][0], col[i][1]);
  }
  sk_wbuf_puts(b, "</tr></thead><tbody></tbody></table><p class=\"hint\">"
               "Wilcoxon rank-sum per point (on the runs' medians, or on "
               "the raw samples where a side has fewer than 3 runs), the "
               "false-discovery rate controlled (q).  One estimator per "
               "row: before and after are each side's median of the values "
               "tested, the change their ratio, with the interval of that "
               "ratio in the CSV; after / floor is the candidate's median "
               "as a multiple of its floor, the least time any MPI could "
               "take there on that node (runs with @LIMITS, ping-pong "
               "points).  A point below the timer's resolution on either "
               "side is not comparable: listed, never tested.  A "
               "comparison is inconclusive when a "
               "change at one point alone could not reach the "
               "false-discovery rate with these runs; it then names the "
               "runs per side that could.  Click a column to sort by "
               "it.</p></div>");
}

int sk_page_compare(sk_web_req_t *r)
{
  sk_wbuf_t *b = &r->out, src = {NULL, 0, 0, 0};
  const char *base = sk_web_arg(r, "baseline");
  const char *cand = sk_web_arg(r, "candidate");
  const char *keys[] = {"baseline", "candidate", "fdr", "min_effect"};
  sk_regress_t x;
  char *ids = NULL;
  size_t i;
  int have = base && *base && cand && *cand;
  /* the comparison is made here once, so that a bad selection is a page
   * with its message, and its runs give the plot links */
  if (have && sk_webdata_compare(r, &x, &ids) < 0)
    return 0;
  sk_page_head(b, "compare", "Compare", 0, SK_PAGE_SERVER);
  sk_page_nav(b, 4, NULL, SK_PAGE_SERVER);
  sk_wbuf_puts(b, "<h1>Compare <small>what changed from a baseline to a "
               "candidate</small></h1>");
  sk_cmp_form(b, base, cand);
  if (have) {
    sk_wbuf_puts(&src, "/api/compare?");
    for (i = 0; i < sizeof keys / sizeof *keys; i++) {
      const char *v = sk_web_arg(r, keys[i]);
      if (!v)
        continue;
      sk_wbuf_printf(&src, "%s%s=", i ? "&" : "", keys[i]);
      sk_wbuf_url(&src, v);
    }
    sk_wbuf_puts(&src, "");
    sk_cmp_frame(b, src.data ? src.data : "", ids, SK_PAGE_SERVER, &x);
    sk_regress_free(&x);
  } else
    sk_wbuf_puts(b, "<p class=\"hint\">Two selections of runs, such as "
                 "<code>tag=phase=before</code> and <code>tag=phase=after"
                 "</code>, or run ids.</p>");
  sk_wbuf_free(&src);
  free(ids);
  sk_page_tail(b);
  r->type = "text/html; charset=utf-8";
  return 0;
}

int sk_page_compare_static(sk_wbuf_t *b, int pub)
{
  sk_page_head(b, "compare", "Compare", 0, pub);
  sk_page_nav(b, 4, NULL, pub);
  sk_wbuf_puts(b, "<h1>Compare <small id=\"of\">what changed from a "
               "baseline to a candidate</small></h1>");
  sk_cmp_frame(b, "compare", "", pub, NULL);
  sk_page_tail(b);
  return b->failed ? -1 : 0;
}
