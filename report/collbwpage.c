/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * collbwpage.c -- drawing the collective bandwidth page.
 *
 * Two panels against the argument (message length on log axes, or
 * processes on a linear one): above, the bandwidth per process (mean
 * payload / mean time) of every suite; below, the bandwidth per host
 * (the payload of that host's processes / mean time), one curve per
 * suite and host, the host told by the dash pattern and the symbol.
 */
#include <config.h>

#include "collbwpage.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collbw.h"
#include "csv.h"
#include "gp.h"
#include "modelpage.h"
#include "msg.h"
#include "rout.h"
#include "units.h"

/* Hosts drawn on the page (the CSV has them all). */
#define SK_CBP_HOSTS 8

static int sk_cbp_keep(const sk_rfile_suite_t *s, sk_rfile_arg_t arg)
{
  return s->arg == arg && sk_rfile_plottable(s) && sk_collbw_known(s);
}

static int sk_cbp_plan_arg(const sk_inputs_t *in, sk_pages_t *out, size_t f,
                           sk_rfile_arg_t arg, const char *slug)
{
  const sk_rfile_t *r = in->files[f];
  sk_page_t *p = NULL;
  size_t i, n = 0;
  for (i = 0; i < r->nsuites; i++) {
    const sk_rfile_suite_t *s = &r->suites[i];
    char text[256];
    if (!sk_cbp_keep(s, arg))
      continue;
    if (!p && !(p = sk_pages_add(out, SK_PAGE_COLLBW,
                                 "bandwidth of collective operations", slug)))
      return -1;
    p->file = f;
    p->arg = arg;
    p->xlog = p->ylog = arg == SK_RESULT_ARG_LENGTH;
    snprintf(text, sizeof text, "%s \xc2\xb7 %s", s->name, s->instance);
    if (sk_pages_add_series(p, f, s, (int)(n++ % SK_PAGES_COLOURS) + 1, 1,
                            text) < 0)
      return -1;
  }
  return 0;
}

int sk_collbwpage_plan(const sk_inputs_t *in, sk_pages_t *out, size_t f)
{
  char slug[64];
  snprintf(slug, sizeof slug, "collbw-%lu", (unsigned long)f + 1);
  if (sk_cbp_plan_arg(in, out, f, SK_RESULT_ARG_LENGTH, slug) < 0)
    return -1;
  snprintf(slug, sizeof slug, "collbw-nodes-%lu", (unsigned long)f + 1);
  return sk_cbp_plan_arg(in, out, f, SK_RESULT_ARG_NODES, slug);
}

/* The distinct hosts of R in rank order, at most CAP; their number. */
static size_t sk_cbp_hosts(const sk_rfile_t *r, const char **out,
                           size_t cap)
{
  size_t i, j, n = 0;
  for (i = 0; i < r->nhosts; i++) {
    for (j = 0; j < n && strcmp(out[j], r->hosts[i]) != 0; j++)
      ;
    if (j == n && n < cap)
      out[n++] = r->hosts[i];
  }
  return n;
}

/* Payload (per process when HOST is NULL, else of HOST's processes) and
 * bandwidth of point P; -1 when there is none. */
static int sk_cbp_value(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                        const sk_rfile_point_t *p, const char *host,
                        long *procs, double *bytes, double *bw)
{
  double n;
  if (sk_collbw_point(r, s, p, procs, &n) < 0)
    return -1;
  *bytes = host ? sk_collbw_host_bytes(s, *procs, n, r->hosts, r->nhosts,
                                       host)
                : sk_collbw_process_bytes(s, *procs, n);
  if (!isfinite(*bytes) || !(p->mean > 0) || !isfinite(p->mean))
    return -1;
  *bw = *bytes / p->mean;
  return 0;
}

/* A value that the page's axes can show. */
static int sk_cbp_drawable(const sk_page_t *page, const sk_rfile_t *r,
                           const sk_rfile_suite_t *s,
                           const sk_rfile_point_t *p, const char *host,
                           double *bw)
{
  long procs;
  double bytes;
  if (sk_cbp_value(r, s, p, host, &procs, &bytes, bw) < 0 ||
      !isfinite(p->argument))
    return -1;
  if ((page->xlog && p->argument <= 0) || (page->ylog && *bw <= 0))
    return -1;
  return 0;
}

typedef struct sk_cbp_range {
  double xlo, xhi, yhi, ylo;
  size_t n;
} sk_cbp_range_t;

static void sk_cbp_grow(sk_cbp_range_t *g, double x, double y)
{
  g->xlo = fmin(g->xlo, x);
  g->xhi = fmax(g->xhi, x);
  g->ylo = fmin(g->ylo, y);
  g->yhi = fmax(g->yhi, y);
  g->n++;
}

/* Range of one panel: per process (nhosts 0) or of the given hosts. */
static void sk_cbp_range(const sk_page_t *page, const sk_rfile_t *r,
                         const char **hosts, size_t nhosts,
                         sk_cbp_range_t *g)
{
  size_t k, i, h;
  double bw;
  g->xlo = g->ylo = INFINITY;
  g->xhi = g->yhi = -INFINITY;
  g->n = 0;
  for (k = 0; k < page->nseries; k++) {
    const sk_rfile_suite_t *s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++)
      for (h = 0; h < (nhosts ? nhosts : 1); h++)
        if (sk_cbp_drawable(page, r, s, &s->points[i],
                            nhosts ? hosts[h] : NULL, &bw) == 0)
          sk_cbp_grow(g, s->points[i].argument, bw);
  }
  if (g->n == 0)
    g->xlo = g->ylo = 1, g->xhi = g->yhi = 10;
}

/* $c<k> (per process) or $h<k>_<h> (host h): x, bandwidth in U. */
static void sk_cbp_block(FILE *f, const sk_page_t *page,
                         const sk_rfile_t *r, size_t k, const char *host,
                         size_t h, double u)
{
  const sk_rfile_suite_t *s = page->series[k].suite;
  size_t i;
  double bw;
  if (host)
    fprintf(f, "$h%lu_%lu << EOD\n", (unsigned long)k, (unsigned long)h);
  else
    fprintf(f, "$c%lu << EOD\n", (unsigned long)k);
  for (i = 0; i < s->npoints; i++)
    if (sk_cbp_drawable(page, r, s, &s->points[i], host, &bw) == 0) {
      sk_gp_num(f, s->points[i].argument);
      fputc(' ', f);
      sk_gp_num(f, bw * u);
      fputc('\n', f);
    }
  fputs("EOD\n", f);
}

static void sk_cbp_axes(FILE *f, const sk_page_t *page,
                        const sk_cbp_range_t *g, const sk_units_scale_t *u,
                        double top, double bottom, const char *what,
                        int xlabel)
{
  sk_gp_margins(f, SK_GP_LEFT, SK_GP_RIGHT, top, bottom);
  fputs("unset logscale\nset grid xtics ytics lc rgb '#dddddd'\n"
        "set tics nomirror\n", f);
  if (page->xlog) {
    fputs("set logscale x 2\n", f);
    sk_modelpage_bytes_tics(f, g->xlo, g->xhi);
    fprintf(f, "set xrange [%.17g:%.17g]\n", g->xlo / 1.2, g->xhi * 1.2);
  } else
    sk_gp_count_axis(f, g->xlo, g->xhi);
  fprintf(f, "set xlabel '%s'\n", !xlabel ? "" : page->xlog
          ? "message length [bytes]" : "processes");
  if (page->ylog)
    fprintf(f, "set logscale y 10\nset format y '%%g'\n"
            "set yrange [%.17g:%.17g]\n", g->ylo * u->factor / 1.5,
            g->yhi * u->factor * 1.5);
  else
    fprintf(f, "set format y '%%g'\nset yrange [0:%.17g]\n",
            g->yhi > 0 ? g->yhi * u->factor * 1.1 : 1);
  fprintf(f, "set ylabel '%s [%s]'\n", what, u->name);
  fprintf(f, "set key at screen %.3f,%.3f left top Left reverse samplen 3 "
          "spacing 1.2 font ',8' box lc rgb '#bbbbbb'\n", SK_GP_KEY_X, top);
}

/* One panel's plot command: per process (nhosts 0) or per host. */
static void sk_cbp_plot(FILE *f, const sk_page_t *page, const char **hosts,
                        size_t nhosts, size_t drawn)
{
  size_t k, h, m = 0;
  if (drawn == 0) {
    fputs("unset key\nplot 1e300 notitle\n", f);
    return;
  }
  fputs("plot \\\n", f);
  for (k = 0; k < page->nseries; k++)
    for (h = 0; h < (nhosts ? nhosts : 1); h++) {
      const sk_series_t *s = &page->series[k];
      char title[300];
      if (nhosts)
        fprintf(f, "%s  $h%lu_%lu using 1:2 with linespoints lc rgb '%s' "
                "dt %lu pt %lu ps 0.6 lw 1.5 title ", m++ ? ", \\\n" : "",
                (unsigned long)k, (unsigned long)h, sk_gp_colour(s->colour),
                (unsigned long)h + 1, (unsigned long)(h % 6) + 4);
      else
        fprintf(f, "%s  $c%lu using 1:2 with linespoints lc rgb '%s' pt 7 "
                "ps 0.5 lw 1.5 title ", m++ ? ", \\\n" : "",
                (unsigned long)k, sk_gp_colour(s->colour));
      snprintf(title, sizeof title, "%s%s%s", s->title, nhosts ? " @ " : "",
               nhosts ? hosts[h] : "");
      sk_gp_text(f, title, 55);
    }
  fputs("\n", f);
}

void sk_collbwpage_draw(FILE *f, const sk_inputs_t *in,
                        const sk_page_t *page, size_t npages)
{
  const sk_rfile_t *r = in->files[page->file];
  const char *hosts[SK_CBP_HOSTS];
  size_t nh = sk_cbp_hosts(r, hosts, SK_CBP_HOSTS), k, h;
  sk_cbp_range_t gp, gh;
  sk_units_scale_t up, uh;
  char sub[256];
  sk_cbp_range(page, r, NULL, 0, &gp);
  sk_cbp_range(page, r, hosts, nh, &gh);
  up = sk_units_rate(gp.yhi);
  uh = sk_units_rate(gh.yhi);
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  for (k = 0; k < page->nseries; k++) {
    sk_cbp_block(f, page, r, k, NULL, 0, up.factor);
    for (h = 0; h < nh; h++)
      sk_cbp_block(f, page, r, k, hosts[h], h, uh.factor);
  }
  sk_gp_page_begin(f);
  snprintf(sub, sizeof sub, "%lu host%s, %lu rank%s (factors.hosts)%s",
           (unsigned long)nh, nh == 1 ? "" : "s", (unsigned long)r->nhosts,
           r->nhosts == 1 ? "" : "s",
           nh == 0 ? ": no bandwidth per host" : "");
  sk_gp_frame(f, page, npages, page->title, in->labels[page->file],
              "bytes per operation: what a process must send of its own "
              "data plus what it must receive of others' (doc/report.md)",
              sub, NULL);
  sk_cbp_axes(f, page, &gp, &up, SK_GP_TOP, 0.50, "bandwidth per process",
              0);
  sk_cbp_plot(f, page, NULL, 0, gp.n);
  fputs("unset label\n", f);
  sk_cbp_axes(f, page, &gh, &uh, 0.42, SK_GP_BOTTOM, "bandwidth per host",
              1);
  sk_cbp_plot(f, page, hosts, nh, gh.n);
  fputs("unset multiplot\n", f);
}

/* ---- CSV ------------------------------------------------------------- */

/* One row: scope "process" (HOST NULL) or "host". */
static void sk_cbp_csv_row(FILE *f, const sk_rfile_t *r,
                           const sk_rfile_suite_t *s,
                           const sk_rfile_point_t *p, const char *host)
{
  long procs, ranks = 0, i;
  double bytes, bw;
  if (sk_cbp_value(r, s, p, host, &procs, &bytes, &bw) < 0)
    return;
  for (i = 0; host && i < procs; i++)
    ranks += strcmp(r->hosts[i], host) == 0;
  sk_csv_field(f, s->name);
  fputc(',', f);
  sk_csv_field(f, s->instance);
  fputc(',', f);
  sk_csv_num(f, p->argument);
  fprintf(f, ",%ld,", procs);
  sk_csv_num(f, p->mean);
  fprintf(f, ",%s,", host ? "host" : "process");
  if (host)
    sk_csv_field(f, host);
  fprintf(f, ",%ld,", host ? ranks : procs);
  sk_csv_num(f, bytes);
  fputc(',', f);
  sk_csv_num(f, bw);
  fputc('\n', f);
}

static void sk_cbp_csv_rows(FILE *f, const sk_inputs_t *in,
                            const sk_page_t *page)
{
  const sk_rfile_t *r = in->files[page->file];
  const char **hosts = calloc(r->nhosts ? r->nhosts : 1, sizeof *hosts);
  size_t nh = hosts ? sk_cbp_hosts(r, hosts, r->nhosts) : 0, k, i, h;
  fputs("suite,instance,argument,processes,mean,scope,host,ranks,bytes,"
        "bandwidth\n", f);
  for (k = 0; k < page->nseries; k++) {
    const sk_rfile_suite_t *s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++) {
      sk_cbp_csv_row(f, r, s, &s->points[i], NULL);
      for (h = 0; h < nh; h++)
        sk_cbp_csv_row(f, r, s, &s->points[i], hosts[h]);
    }
  }
  free(hosts);
}

int sk_collbwpage_csv(const char *dir, const sk_inputs_t *in,
                      const sk_page_t *page)
{
  sk_outfile_t *h = sk_csv_open(dir, in, page, "bandwidth");
  if (!h)
    return -1;
  sk_cbp_csv_rows(h->fp, in, page);
  return sk_rout_commit(h);
}
