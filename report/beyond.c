/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * beyond.c -- planning and drawing the pages of the instances beyond the
 * SKaMPI patterns, except the model page itself (modelpage.c).
 *
 * A rate page draws the `rate` of every point of the Length suites that
 * record one in the same unit (bandwidth in bytes/s; round trips per
 * second), on log axes.  The overlap page draws the overlap percentage
 * of every Length suite whose points record one (the nonblocking overlap
 * instances) against the message length, on a linear axis from 0 to 100,
 * and writes the three times behind it to a CSV.  The broadcast-methods
 * page draws the five
 * methods of types 65-69 against their argument, with the spread of
 * OL_i over the destinations (median, min to max) beside the maximum,
 * like Fig. 11 of de Supinski & Karonis; its CSV holds the same.
 * The tail-latency page is tailpage.c's.
 */
#include <config.h>

#include "beyond.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collbwpage.h"
#include "csv.h"
#include "gp.h"
#include "model.h"
#include "modelpage.h"
#include "rankpage.h"
#include "rout.h"
#include "stats.h"
#include "tailpage.h"
#include "units.h"

#define SK_BY_BCAST_FIRST 65
#define SK_BY_BCAST_LAST 69
#define SK_BY_BCAST_OL 69

/* ---- planning --------------------------------------------------------- */

static int sk_by_rate_suite(const sk_rfile_suite_t *s, const char *unit)
{
  return s->rate_unit && strcmp(s->rate_unit, unit) == 0 &&
         s->arg == SK_RESULT_ARG_LENGTH && sk_rfile_plottable(s);
}

static int sk_by_bcast_suite(const sk_rfile_suite_t *s)
{
  return s->type >= SK_BY_BCAST_FIRST && s->type <= SK_BY_BCAST_LAST &&
         sk_rfile_plottable(s);
}

/* The legend of a broadcast method: what it bounds. */
static const char *sk_by_bcast_role(long type)
{
  static const char *const roles[] = {
    "send latency at the root (flawed)", "lower bound: broadcast rounds",
    "upper bound: broadcast + barrier",
    "upper bound: broadcast + acknowledgement", "OL = max_i OL_i (Fig. 9)"};
  return roles[type - SK_BY_BCAST_FIRST];
}

/* One page of FILE with the suites passing KEEP (and UNIT) as series. */
static int sk_by_page(const sk_inputs_t *in, sk_pages_t *out, size_t file,
                      sk_page_kind_t kind, const char *title,
                      const char *slug, int (*keep)(const sk_rfile_suite_t *,
                                                    const char *),
                      const char *unit)
{
  const sk_rfile_t *r = in->files[file];
  sk_page_t *p = NULL;
  size_t i, n = 0;
  char text[256];
  for (i = 0; i < r->nsuites; i++) {
    const sk_rfile_suite_t *s = &r->suites[i];
    if (!keep(s, unit) || (p && s->arg != p->arg))
      continue;
    if (!p && !(p = sk_pages_add(out, kind, title, slug)))
      return -1;
    p->file = file;
    p->arg = s->arg;
    p->xlog = s->arg == SK_RESULT_ARG_LENGTH;
    p->ylog = kind == SK_PAGE_RATE;
    snprintf(text, sizeof text, "%s \xc2\xb7 %s", s->name,
             kind == SK_PAGE_BCAST ? sk_by_bcast_role(s->type) : s->instance);
    if (sk_pages_add_series(p, file, s, (int)(n % SK_PAGES_COLOURS) + 1, 1,
                            text) < 0)
      return -1;
    n++;
  }
  return 0;
}

static int sk_by_keep_rate(const sk_rfile_suite_t *s, const char *unit)
{
  return sk_by_rate_suite(s, unit);
}

static int sk_by_keep_bcast(const sk_rfile_suite_t *s, const char *unit)
{
  (void)unit;
  return sk_by_bcast_suite(s);
}

/* A Length suite some of whose points record an overlap percentage. */
static int sk_by_keep_overlap(const sk_rfile_suite_t *s, const char *unit)
{
  size_t i;
  (void)unit;
  if (s->arg != SK_RESULT_ARG_LENGTH)
    return 0;
  for (i = 0; i < s->npoints; i++)
    if (isfinite(sk_rfile_extras(&s->points[i])->ovl_percent))
      return 1;
  return 0;
}

static int sk_by_keep_model(const sk_rfile_suite_t *s, const char *unit)
{
  (void)unit;
  return s->type == SK_MODEL_TYPE && s->npoints > 0;
}

/* The model page lists its suites as series (for the CSV) but plots
 * from the model; its series may vary different arguments. */
static int sk_by_model_page(const sk_inputs_t *in, sk_pages_t *out,
                            size_t f, const char *slug)
{
  const sk_rfile_t *r = in->files[f];
  sk_page_t *p;
  size_t i, n = 0;
  if (!sk_model_has_data(r))
    return 0;
  if (!(p = sk_pages_add(out, SK_PAGE_MODEL, "max-rate model: concurrent "
                         "ping-pong pairs", slug)))
    return -1;
  p->file = f;
  p->arg = SK_RESULT_ARG_LENGTH;
  p->xlog = p->ylog = 1;
  for (i = 0; i < r->nsuites; i++)
    if (sk_by_keep_model(&r->suites[i], NULL) &&
        sk_pages_add_series(p, f, &r->suites[i],
                            (int)(n++ % SK_PAGES_COLOURS) + 1, 1,
                            r->suites[i].name) < 0)
      return -1;
  return 0;
}

/* A Length ping-pong suite whose pair the node map chose (Pair =
 * Inter_Node, Intra_Node, Intra_Socket), with points. */
static int sk_by_placed(const sk_rfile_suite_t *s)
{
  return s->pair[0] >= 0 && s->arg == SK_RESULT_ARG_LENGTH &&
         (strcmp(s->pair_selection, "Inter_Node") == 0 ||
          strcmp(s->pair_selection, "Intra_Node") == 0 ||
          strcmp(s->pair_selection, "Intra_Socket") == 0) &&
         sk_rfile_plottable(s);
}

/* The placement pages of file f: for each instance with two or more
 * placed suites (the default suite's Pingpong_Intra_Node and
 * Pingpong_Inter_Node on two nodes), one page drawing them together, in
 * the order of the file, each curve's legend its suite, pair and
 * whether the pair crosses nodes (the subtitle says where each ran). */
static int sk_by_placed_pages(const sk_inputs_t *in, sk_pages_t *out,
                              size_t f)
{
  const sk_rfile_t *r = in->files[f];
  char slug[128], title[160], text[160];
  sk_page_t *p;
  size_t i, j, n;
  for (i = 0; i < r->nsuites; i++) {
    const sk_rfile_suite_t *s = &r->suites[i];
    if (!sk_by_placed(s))
      continue;
    for (j = 0; j < i && !(sk_by_placed(&r->suites[j]) &&
                           strcmp(r->suites[j].instance, s->instance) == 0);
         j++)
      ;
    if (j < i)            /* its instance has its page already */
      continue;
    for (n = 0, j = i; j < r->nsuites; j++)
      n += sk_by_placed(&r->suites[j]) &&
           strcmp(r->suites[j].instance, s->instance) == 0;
    if (n < 2)
      continue;
    snprintf(slug, sizeof slug, "placement-%lu-%.60s", (unsigned long)f + 1,
             s->name);
    snprintf(title, sizeof title, "ping-pong by pair placement: %.60s",
             s->instance);
    if (!(p = sk_pages_add(out, SK_PAGE_PLACED, title, slug)))
      return -1;
    p->file = f;
    sk_pages_axes_length(p);
    for (n = 0, j = i; j < r->nsuites; j++) {
      const sk_rfile_suite_t *t = &r->suites[j];
      if (!sk_by_placed(t) || strcmp(t->instance, s->instance) != 0)
        continue;
      snprintf(text, sizeof text, "%.40s \xc2\xb7 pair %ld\xe2\x80\x93%ld%s",
               t->name, t->pair[0], t->pair[1],
               t->pair_inter > 0 ? ", inter-node"
               : t->pair_inter == 0 ? ", intra-node" : "");
      if (sk_pages_add_series(p, f, t, (int)(n % SK_PAGES_COLOURS) + 1, 1,
                              text) < 0)
        return -1;
      n++;
    }
  }
  return 0;
}

int sk_beyond_pages(const sk_inputs_t *in, sk_pages_t *out)
{
  char slug[64];
  size_t f;
  for (f = 0; f < in->n; f++) {
    unsigned long F = (unsigned long)f + 1;
    snprintf(slug, sizeof slug, "model-%lu", F);
    if (sk_by_model_page(in, out, f, slug) < 0)
      return -1;
    snprintf(slug, sizeof slug, "bcast-methods-%lu", F);
    if (sk_by_page(in, out, f, SK_PAGE_BCAST, "broadcast benchmark methods",
                   slug, sk_by_keep_bcast, NULL) < 0)
      return -1;
    snprintf(slug, sizeof slug, "bandwidth-%lu", F);
    if (sk_by_page(in, out, f, SK_PAGE_RATE, "bandwidth", slug,
                   sk_by_keep_rate, "B/s") < 0)
      return -1;
    snprintf(slug, sizeof slug, "roundtrip-rate-%lu", F);
    if (sk_by_page(in, out, f, SK_PAGE_RATE, "round-trip rate", slug,
                   sk_by_keep_rate, "1/s") < 0 ||
        sk_collbwpage_plan(in, out, f) < 0)
      return -1;
    snprintf(slug, sizeof slug, "overlap-%lu", F);
    if (sk_by_page(in, out, f, SK_PAGE_OVERLAP, "nonblocking collectives: "
                   "overlap of a computation", slug, sk_by_keep_overlap,
                   NULL) < 0 ||
        sk_rankpage_plan(in, out, f) < 0 ||
        sk_tailpage_plan(in, out, f) < 0 ||
        sk_by_placed_pages(in, out, f) < 0)
      return -1;
  }
  return 0;
}

int sk_beyond_is_page(const sk_page_t *page)
{
  return page->kind == SK_PAGE_MODEL || page->kind == SK_PAGE_BCAST ||
         page->kind == SK_PAGE_RATE || page->kind == SK_PAGE_COLLBW ||
         page->kind == SK_PAGE_OVERLAP || page->kind == SK_PAGE_RANKS ||
         page->kind == SK_PAGE_TAIL;
}

/* ---- drawing ------------------------------------------------------------ */

/* A rate page of bytes per second. */
static int sk_by_bytes_page(const sk_page_t *page)
{
  return page->kind == SK_PAGE_RATE && page->nseries > 0 &&
         page->series[0].suite->rate_unit &&
         strcmp(page->series[0].suite->rate_unit, "B/s") == 0;
}

/* The y value of point P on PAGE (base units), 0 when it can be drawn.
 * A bandwidth is the point's bytes over its time, the one formula of
 * the suite pages' bandwidth panel and of the CSV (lib/collbw.h), not
 * the `rate` the file may state. */
static int sk_by_value(const sk_page_t *page, const sk_rfile_point_t *p,
                       double *y)
{
  if (page->kind == SK_PAGE_RATE && sk_by_bytes_page(page))
    *y = p->mean > 0 ? p->bytes / p->mean : NAN;
  else
    *y = page->kind == SK_PAGE_RATE ? p->rate
         : page->kind == SK_PAGE_OVERLAP ? sk_rfile_extras(p)->ovl_percent
                                              : p->mean;
  if (!isfinite(*y) || !isfinite(p->argument))
    return -1;
  if ((page->ylog && *y <= 0) || (page->xlog && p->argument <= 0))
    return -1;
  return 0;
}

static int sk_by_is_ol(const sk_page_t *page, const sk_rfile_suite_t *s);
static int sk_by_dest_drawable(const sk_page_t *page,
                               const sk_rfile_point_t *p, double d[3],
                               long *slowest);

/* The range of the drawable values (the spread of OL_i included); the
 * number of them. */
static size_t sk_by_range(const sk_page_t *page, double *xlo, double *xhi,
                          double *ylo, double *yhi)
{
  size_t k, i, n = 0;
  double y, d[3];
  long slow;
  *xlo = *ylo = INFINITY;
  *xhi = *yhi = -INFINITY;
  for (k = 0; k < page->nseries; k++) {
    const sk_rfile_suite_t *s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++) {
      if (sk_by_value(page, &s->points[i], &y) < 0)
        continue;
      n++;
      *xlo = fmin(*xlo, s->points[i].argument);
      *xhi = fmax(*xhi, s->points[i].argument);
      *ylo = fmin(*ylo, y);
      *yhi = fmax(*yhi, y);
      if (sk_by_is_ol(page, s) &&
          sk_by_dest_drawable(page, &s->points[i], d, &slow) == 0) {
        *ylo = fmin(*ylo, d[0]);
        *yhi = fmax(*yhi, d[2]);
      }
    }
  }
  return n;
}

/* The spread of OL_i over the destinations of a Bcast_OL point: the
 * point's `destinations`, or (a file of Node_Times = yes, or an older
 * one) computed from node_times[1..]; -1 when it has neither. */
static int sk_by_dest(const sk_rfile_point_t *p, double d[3], long *slowest)
{
  const sk_rfile_extras_t *x = sk_rfile_extras(p);
  double *tmp;
  size_t at;
  int rc;
  if (isfinite(x->dest_max)) {
    d[0] = x->dest_min;
    d[1] = x->dest_median;
    d[2] = x->dest_max;
    *slowest = x->dest_slowest;
    return 0;
  }
  if (p->nnode < 2 || !(tmp = malloc((p->nnode - 1) * sizeof *tmp)))
    return -1;
  rc = sk_stats_spread(p->node_times + 1, p->nnode - 1, tmp, &d[0], &d[1],
                       &d[2], &at);
  free(tmp);
  *slowest = (long)at + 1;
  return rc;
}

/* A point's OL_i spread that a page of ylog can draw. */
static int sk_by_dest_drawable(const sk_page_t *page,
                               const sk_rfile_point_t *p, double d[3],
                               long *slowest)
{
  if (sk_by_dest(p, d, slowest) != 0 || !isfinite(p->argument))
    return -1;
  return page->ylog && !(d[0] > 0) ? -1 : 0;
}

static int sk_by_is_ol(const sk_page_t *page, const sk_rfile_suite_t *s)
{
  return page->kind == SK_PAGE_BCAST && s->type == SK_BY_BCAST_OL;
}

/* $s<k>: x y per drawable point of series K; $o<k>: x median min max of
 * OL_i over the destinations of each point of a Bcast_OL series: one
 * line per point, whatever the process count (not one per destination,
 * which at 1,024 processes would be a million dots). */
static void sk_by_data(FILE *f, const sk_page_t *page, size_t k, double u)
{
  const sk_rfile_suite_t *s = page->series[k].suite;
  size_t i, j;
  double y, d[3];
  long slow;
  fprintf(f, "$s%lu << EOD\n", (unsigned long)k);
  for (i = 0; i < s->npoints; i++)
    if (sk_by_value(page, &s->points[i], &y) == 0) {
      sk_gp_num(f, s->points[i].argument);
      fputc(' ', f);
      sk_gp_num(f, y * u);
      fputc('\n', f);
    }
  fputs("EOD\n", f);
  if (!sk_by_is_ol(page, s))
    return;
  fprintf(f, "$o%lu << EOD\n", (unsigned long)k);
  for (i = 0; i < s->npoints; i++)
    if (sk_by_dest_drawable(page, &s->points[i], d, &slow) == 0) {
      static const int col[3] = {1, 0, 2};   /* median, min, max */
      sk_gp_num(f, s->points[i].argument);
      for (j = 0; j < 3; j++) {
        fputc(' ', f);
        sk_gp_num(f, d[col[j]] * u);
      }
      fputc('\n', f);
    }
  fputs("EOD\n", f);
}

static void sk_by_axes(FILE *f, const sk_page_t *page, double xlo,
                       double xhi, double ylo, double yhi,
                       const char *ylabel)
{
  sk_gp_margins(f, SK_GP_LEFT, SK_GP_RIGHT, SK_GP_TOP, SK_GP_BOTTOM);
  fputs("set grid xtics ytics lc rgb '#dddddd'\nset tics nomirror\n", f);
  if (page->xlog) {
    fputs("set logscale x 2\n", f);
    sk_modelpage_bytes_tics(f, xlo, xhi);
    fprintf(f, "set xrange [%.17g:%.17g]\n", xlo / 1.2, xhi * 1.2);
    fputs("set xlabel 'message length [bytes]'\n", f);
  } else {
    sk_gp_count_axis(f, xlo, xhi);
    fprintf(f, "set xlabel '%s'\n", page->arg == SK_RESULT_ARG_NODES
            ? "processes" : sk_rfile_arg_name(page->arg));
  }
  if (page->ylog)
    fprintf(f, "set logscale y 10\nset format y '%%g'\n"
            "set yrange [%.17g:%.17g]\n", ylo / 1.5,
            yhi * 1.5);
  else if (page->kind == SK_PAGE_OVERLAP)
    fputs("set yrange [0:105]\nset ytics 0,20,100\n", f);
  else
    fprintf(f, "set yrange [0:%.17g]\n", yhi > 0 ? yhi * 1.1 : 1);
  fputs("set ylabel ", f);
  sk_gp_text(f, ylabel, 0);
  fprintf(f, "\nset key at screen %.3f,%.3f left top Left reverse "
          "samplen 2.5 spacing 1.25 font ',9' box lc rgb '#bbbbbb'\n",
          SK_GP_KEY_X, SK_GP_TOP);
}

static void sk_by_plot(FILE *f, const sk_page_t *page)
{
  size_t k;
  fputs("plot \\\n", f);
  for (k = 0; k < page->nseries; k++) {
    const sk_series_t *s = &page->series[k];
    fprintf(f, "%s  $s%lu using 1:2 with linespoints lc rgb '%s' pt 7 "
            "ps 0.5 lw 1.5 title ", k ? ", \\\n" : "", (unsigned long)k,
            sk_gp_colour(s->colour));
    sk_gp_text(f, s->title, 60);
    if (sk_by_is_ol(page, s->suite))
      fprintf(f, ", \\\n  $o%lu using 1:2:3:4 with yerrorbars lc rgb '%s' "
              "pt 1 ps 0.8 title 'OL_i over the destinations i: median, "
              "min to max'", (unsigned long)k, sk_gp_colour(s->colour));
  }
  fputs("\n", f);
}

/* Rate and broadcast-method pages. */
static void sk_by_xy_page(FILE *f, const sk_inputs_t *in,
                          const sk_page_t *page, size_t npages)
{
  double xlo, xhi, ylo, yhi;
  size_t k, n = sk_by_range(page, &xlo, &xhi, &ylo, &yhi);
  int bytes = sk_by_bytes_page(page);
  sk_units_scale_t u = {1.0, "round trips/s"};
  char ylabel[96], sub[512];
  if (n == 0)
    xlo = ylo = 1, xhi = yhi = 10;
  if (page->kind == SK_PAGE_BCAST)
    u = sk_units_time(0, yhi, 0);
  else if (page->kind == SK_PAGE_OVERLAP)
    u.name = "%";
  else if (bytes)
    u = sk_units_rate(yhi);
  snprintf(ylabel, sizeof ylabel, "%s [%s]", page->kind == SK_PAGE_BCAST
           ? "time per broadcast" : page->kind == SK_PAGE_OVERLAP
           ? "overlap" : bytes ? "bandwidth" : "rate", u.name);
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  for (k = 0; k < page->nseries; k++)
    sk_by_data(f, page, k, u.factor);
  sk_gp_page_begin(f);
  snprintf(sub, sizeof sub, "%s", page->kind == SK_PAGE_BCAST
           ? "rounds give a lower bound of OL, barrier and acknowledgement "
             "upper bounds; OL_i = E_i - RTL_i/2 per destination"
           : page->kind == SK_PAGE_OVERLAP
           ? "100 max(0, min(1, (t_pure + t_cpu - t_ovrl) / min(t_pure, "
             "t_cpu))), a computation as long as the operation between "
             "post and wait"
           : bytes ? "bytes per second: bidirectional counts both "
             "directions; Send_Repeated may be buffered by the library"
           : "round trips (MPI_Send + MPI_Recv) per second");
  sk_gp_frame(f, page, npages, page->title, in->labels[page->file], sub,
              NULL, NULL);
  sk_by_axes(f, page, xlo, xhi, ylo * u.factor,
             yhi * u.factor, ylabel);
  sk_by_plot(f, page);
  fputs("unset multiplot\n", f);
}

void sk_beyond_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                    size_t npages)
{
  if (page->kind == SK_PAGE_MODEL)
    sk_modelpage_draw(f, in, page, npages);
  else if (page->kind == SK_PAGE_COLLBW)
    sk_collbwpage_draw(f, in, page, npages);
  else if (page->kind == SK_PAGE_RANKS)
    sk_rankpage_draw(f, in, page, npages);
  else if (page->kind == SK_PAGE_TAIL)
    sk_tailpage_draw(f, in, page, npages);
  else
    sk_by_xy_page(f, in, page, npages);
}

/* The first fields of a CSV row, each followed by its comma: suite,
 * instance, argument. */
static void sk_by_csv_lead(FILE *f, const sk_rfile_suite_t *s,
                           const sk_rfile_point_t *p)
{
  sk_csv_field(f, s->name);
  fputc(',', f);
  sk_csv_field(f, s->instance);
  fputc(',', f);
  sk_csv_num(f, p->argument);
  fputc(',', f);
}

/* The overlap page's CSV: per point the three times and the percentage
 * plotted. */
static int sk_by_overlap_csv(const char *dir, const sk_inputs_t *in,
                             const sk_page_t *page)
{
  size_t k, i;
  sk_outfile_t *h = sk_csv_open(dir, in, page, NULL);
  int rc;
  if (!h)
    return -1;
  fputs("suite,instance,argument,t_pure,t_cpu,t_ovrl,overlap_percent\n",
        h->fp);
  for (k = 0; k < page->nseries; k++) {
    const sk_rfile_suite_t *s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++) {
      const sk_rfile_point_t *p = &s->points[i];
      double y;
      if (sk_by_value(page, p, &y) < 0)
        continue;
      sk_by_csv_lead(h->fp, s, p);
      sk_csv_num(h->fp, sk_rfile_extras(p)->ovl_pure);
      fputc(',', h->fp);
      sk_csv_num(h->fp, sk_rfile_extras(p)->ovl_cpu);
      fputc(',', h->fp);
      sk_csv_num(h->fp, p->mean);
      fputc(',', h->fp);
      sk_csv_num(h->fp, y);
      fputc('\n', h->fp);
    }
  }
  rc = sk_rout_commit(h);
  return rc;
}

/* The broadcast-methods page's CSV: per point of every series its
 * argument and time (what the lines draw) and, for Bcast_OL, the spread
 * of OL_i over the destinations and the slowest destination (what the
 * bars draw); empty fields where a series has none. */
static int sk_by_bcast_csv(const char *dir, const sk_inputs_t *in,
                           const sk_page_t *page)
{
  size_t k, i, j;
  sk_outfile_t *h = sk_csv_open(dir, in, page, NULL);
  double y, d[3];
  long slow;
  if (!h)
    return -1;
  fputs("suite,instance,argument,mean,ol_min,ol_median,ol_max,"
        "slowest_destination\n", h->fp);
  for (k = 0; k < page->nseries; k++) {
    const sk_rfile_suite_t *s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++) {
      const sk_rfile_point_t *p = &s->points[i];
      int spread;
      if (sk_by_value(page, p, &y) < 0)
        continue;
      spread = sk_by_is_ol(page, s) &&
               sk_by_dest_drawable(page, p, d, &slow) == 0;
      sk_by_csv_lead(h->fp, s, p);
      sk_csv_num(h->fp, y);
      for (j = 0; j < 3; j++) {
        fputc(',', h->fp);
        if (spread)
          sk_csv_num(h->fp, d[j]);
      }
      fputc(',', h->fp);
      if (spread)
        fprintf(h->fp, "%ld", slow);
      fputc('\n', h->fp);
    }
  }
  return sk_rout_commit(h);
}

int sk_beyond_csv(const char *dir, const sk_inputs_t *in,
                  const sk_page_t *page)
{
  if (page->kind == SK_PAGE_BCAST)
    return sk_by_bcast_csv(dir, in, page);
  if (page->kind == SK_PAGE_COLLBW)
    return sk_collbwpage_csv(dir, in, page);
  if (page->kind == SK_PAGE_OVERLAP)
    return sk_by_overlap_csv(dir, in, page);
  if (page->kind == SK_PAGE_RANKS)
    return sk_rankpage_csv(dir, in, page);
  if (page->kind == SK_PAGE_TAIL)
    return sk_tailpage_csv(dir, in, page);
  if (page->kind != SK_PAGE_MODEL)
    return 0;
  return sk_modelpage_csv(dir, in, page);
}
