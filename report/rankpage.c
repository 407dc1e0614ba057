/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rankpage.c -- planning, drawing and the CSV of the per-rank page
 * (rankpage.h; the numbers are rankgrid.c's).
 *
 * Left, the ranks by arguments as an image (gnuplot `with image`): one
 * pixel per rank and point, coloured by log2 of its time over the
 * point's median, from 1/4 (blue) through 1 (near white) to 4 (red);
 * grey where a rank has no time.  Right, the same per node (the median
 * rank of each node), and the slowest ranks named.  The script holds one
 * number per pixel, so it grows as ranks x points, never with a curve
 * per rank: 1,024 ranks of 40 points are 40,960 numbers.
 */
#include <config.h>

#include "rankpage.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "gp.h"
#include "rankgrid.h"
#include "rout.h"
#include "units.h"

/* Colour scale: log2 of the ratio, clipped to +-2 (1/4 to 4 times the
 * median). */
#define SK_RP_CLIP 2.0
/* Written for "no value": beyond the colour scale, made NaN in the plot
 * (a NaN in a matrix makes gnuplot warn). */
#define SK_RP_NONE 99

int sk_rankpage_plan(const sk_inputs_t *in, sk_pages_t *out, size_t f)
{
  const sk_rfile_t *r = in->files[f];
  char title[300], slug[96];
  size_t i;
  for (i = 0; i < r->nsuites; i++) {
    const sk_rfile_suite_t *s = &r->suites[i];
    sk_page_t *p;
    if (!sk_rankgrid_has(s))
      continue;
    snprintf(title, sizeof title, "per-rank times: %s", s->name);
    snprintf(slug, sizeof slug, "ranks-%lu-%.60s", (unsigned long)f + 1,
             s->name);
    if (!(p = sk_pages_add(out, SK_PAGE_RANKS, title, slug)))
      return -1;
    p->file = f;
    p->arg = s->arg;
    if (sk_pages_add_series(p, f, s, 1, 1, s->name) < 0)
      return -1;
  }
  return 0;
}

/* ---- the images ---------------------------------------------------------- */

/* One heat map: v[i * stride + j] for rows 0..nr-1, columns 0..nc-1. */
typedef struct sk_rp_image {
  const double *v;
  size_t nr, nc, stride;
  size_t rbin, cbin;       /* rows and columns per pixel */
  size_t dup_r, dup_c;     /* 2: a lone row or column drawn twice (an
                            * image needs 2 x 2 pixels) */
} sk_rp_image_t;

static void sk_rp_image_init(sk_rp_image_t *m, const double *v, size_t nr,
                             size_t nc)
{
  m->v = v;
  m->nr = nr;
  m->nc = m->stride = nc;
  m->rbin = (nr + SK_RANKPAGE_MAX_ROWS - 1) / SK_RANKPAGE_MAX_ROWS;
  m->cbin = (nc + SK_RANKPAGE_MAX_COLS - 1) / SK_RANKPAGE_MAX_COLS;
  m->rbin = m->rbin ? m->rbin : 1;
  m->cbin = m->cbin ? m->cbin : 1;
  m->dup_r = (nr + m->rbin - 1) / m->rbin == 1 ? 2 : 1;
  m->dup_c = (nc + m->cbin - 1) / m->cbin == 1 ? 2 : 1;
}

/* The pixel of bin (a, b): the largest log2 ratio in it, clipped; NaN
 * when none. */
static double sk_rp_pixel(const sk_rp_image_t *m, size_t a, size_t b)
{
  double best = NAN, x;
  size_t i, j;
  for (i = a * m->rbin; i < (a + 1) * m->rbin && i < m->nr; i++)
    for (j = b * m->cbin; j < (b + 1) * m->cbin && j < m->nc; j++) {
      x = m->v[i * m->stride + j];
      if (isfinite(x) && x > 0 && !(log2(x) <= best))
        best = log2(x);
    }
  return isnan(best) ? best : fmax(-SK_RP_CLIP, fmin(SK_RP_CLIP, best));
}

static void sk_rp_matrix(FILE *f, const char *name, const sk_rp_image_t *m)
{
  size_t rows = (m->nr + m->rbin - 1) / m->rbin;
  size_t cols = (m->nc + m->cbin - 1) / m->cbin, a, b, d, e;
  fprintf(f, "$%s << EOD\n", name);
  for (a = 0; a < rows; a++)
    for (d = 0; d < m->dup_r; d++) {
      for (b = 0; b < cols; b++)
        for (e = 0; e < m->dup_c; e++) {
          double x = sk_rp_pixel(m, a, b);
          if (b + e > 0)
            fputc(' ', f);
          if (isnan(x))
            fprintf(f, "%d", SK_RP_NONE);
          else
            fprintf(f, "%.3g", x);
        }
      fputc('\n', f);
    }
  fputs("EOD\n", f);
}

/* x tics: at most 12 arguments, in the page's units. */
static void sk_rp_xtics(FILE *f, const sk_rankgrid_t *g)
{
  size_t step = (g->ncols + 11) / 12, j;
  char buf[48];
  fputs("set xtics (", f);
  for (j = 0; j < g->ncols; j += step) {
    double a = g->col[j]->argument;
    if (g->suite->arg == SK_RESULT_ARG_LENGTH)
      sk_units_bytes(a, buf, sizeof buf);
    else
      snprintf(buf, sizeof buf, "%.15g", a);
    fprintf(f, "%s", j ? ", " : "");
    sk_gp_text(f, buf, 0);
    fprintf(f, " %lu", (unsigned long)j);
  }
  fputs(") rotate by 30 right font ',8'\n", f);
}

/* Whole-number y tics, at most about 10: steps of 1, 2, 5, 10, 20, ... */
static void sk_rp_ytics(FILE *f, size_t n)
{
  static const size_t mant[3] = {1, 2, 5};
  size_t step = 1, decade = 1, i = 0;
  while (n / step > 10) {
    if (++i == 3) {
      i = 0;
      decade *= 10;
    }
    step = mant[i] * decade;
  }
  fprintf(f, "set ytics 0,%lu\n", (unsigned long)step);
}

/* y tics: the host names when there are few nodes. */
static void sk_rp_node_tics(FILE *f, const sk_rankgrid_t *g)
{
  size_t k;
  if (g->nnodes > 24) {
    sk_rp_ytics(f, g->nnodes);
    return;
  }
  fputs("set ytics (", f);
  for (k = 0; k < g->nnodes; k++) {
    fputs(k ? ", " : "", f);
    sk_gp_text(f, g->hosts[k], 14);
    fprintf(f, " %lu", (unsigned long)k);
  }
  fputs(")\n", f);
}

/* One image NAME in the box l, r, t, b (screen). */
static void sk_rp_panel(FILE *f, const char *name, const sk_rp_image_t *m,
                        double l, double r, double t, double b,
                        const char *ylabel)
{
  /* pixel k of the data: k bins on, centred on its bin (a lone row or
   * column is two half pixels) */
  double pw = m->dup_c == 2 ? 0.5 : (double)m->cbin;
  double ph = m->dup_r == 2 ? 0.5 : (double)m->rbin;
  double ox = m->dup_c == 2 ? -0.25 : 0.5 * ((double)m->cbin - 1);
  double oy = m->dup_r == 2 ? -0.25 : 0.5 * ((double)m->rbin - 1);
  fprintf(f, "set lmargin at screen %.3f\nset rmargin at screen %.3f\n"
          "set tmargin at screen %.3f\nset bmargin at screen %.3f\n",
          l, r, t, b);
  fprintf(f, "set xrange [-0.5:%.17g]\nset yrange [%.17g:-0.5]\n",
          (double)m->nc - 0.5, (double)m->nr - 0.5);
  if (strcmp(name, "x") == 0)
    sk_rp_ytics(f, m->nr);
  fprintf(f, "set ylabel '%s'\nset tics out nomirror font ',8'\n", ylabel);
  fputs("set object 1 rectangle from graph 0,0 to graph 1,1 behind "
        "fillcolor rgb '#c8c8c8' fillstyle solid noborder\n", f);
  fprintf(f, "plot $%s matrix using ($1*%.17g+%.17g):($2*%.17g+%.17g):"
          "($3 > 9 ? NaN : $3) with image notitle\n", name, pw, ox, ph, oy);
  fputs("unset object 1\nunset label\n", f);
}

/* The colour scale of both images. */
static void sk_rp_palette(FILE *f)
{
  fprintf(f, "unset logscale\nset grid noxtics noytics\n"
          "set cbrange [%g:%g]\n", -SK_RP_CLIP, SK_RP_CLIP);
  fputs("set palette defined (-2 '#2166ac', -1 '#92c5de', 0 '#f7f7f7', "
        "1 '#f4a582', 2 '#b2182b')\n", f);
  fputs("set cbtics ('1/4' -2, '1/2' -1, '1' 0, '2' 1, '4' 2) "
        "font ',8'\nset cblabel 'time / median of the ranks' "
        "font ',9'\n", f);
}

/* "rank 513 (n7): 1.82x the median, up to 3.1x at 64 KiB" lines. */
static void sk_rp_slowest(FILE *f, const sk_rankgrid_t *g, double x,
                          double y)
{
  size_t i, n = g->nrows < SK_RANKPAGE_SLOWEST ? g->nrows
                                               : SK_RANKPAGE_SLOWEST;
  char line[256], arg[48];
  sk_gp_label(f, x, y, "left", 9, 1, NULL, "slowest ranks (geometric mean "
              "of their ratios)", 0);
  for (i = 0; i < n; i++) {
    size_t row = g->slowest[i];
    double a = g->col[g->worst_col[row]]->argument;
    if (isnan(g->geo[row]))
      break;
    if (g->suite->arg == SK_RESULT_ARG_LENGTH)
      sk_units_bytes(a, arg, sizeof arg);
    else
      snprintf(arg, sizeof arg, "%.15g", a);
    snprintf(line, sizeof line, "rank %ld%s%.32s%s: %.3g\xc3\x97, up to "
             "%.3g\xc3\x97 at %s", g->world[row],
             g->node[row] >= 0 ? " (" : "",
             g->node[row] >= 0 ? g->hosts[g->node[row]] : "",
             g->node[row] >= 0 ? ")" : "", g->geo[row], g->worst[row], arg);
    sk_gp_label(f, x, y - 0.024 * (double)(i + 1), "left", 8, 0,
                g->geo[row] >= 1.5 ? "#b2182b" : NULL, line, 0);
  }
}

static void sk_rp_subtitle(const sk_rankgrid_t *g, char *buf, size_t size)
{
  size_t len;
  snprintf(buf, size, "%lu rank%s \xc2\xb7 %lu point%s", (unsigned long)
           g->nrows, g->nrows == 1 ? "" : "s", (unsigned long)g->ncols,
           g->ncols == 1 ? "" : "s");
  len = strlen(buf);
  if (g->nnodes > 0)
    snprintf(buf + len, size - len, " \xc2\xb7 %lu node%s",
             (unsigned long)g->nnodes, g->nnodes == 1 ? "" : "s");
  len = strlen(buf);
  if (g->nrows > SK_RANKPAGE_MAX_ROWS && len < size)
    snprintf(buf + len, size - len, " \xc2\xb7 each pixel row the slowest "
             "of %lu ranks", (unsigned long)((g->nrows +
             SK_RANKPAGE_MAX_ROWS - 1) / SK_RANKPAGE_MAX_ROWS));
}

void sk_rankpage_draw(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                      size_t npages)
{
  const sk_rfile_suite_t *s = page->series[0].suite;
  sk_rankgrid_t g;
  sk_rp_image_t rm, nm;
  char sub[256];
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  if (sk_rankgrid_build(in->files[page->file], s, &g) != 0) {
    sk_gp_page_begin(f);
    sk_gp_frame(f, page, npages, page->title, in->labels[page->file],
                "out of memory for the per-rank grid", NULL, NULL);
    sk_gp_blank_plot(f);
    fputs("unset multiplot\n", f);
    return;
  }
  sk_rp_image_init(&rm, g.ratio, g.nrows, g.ncols);
  sk_rp_image_init(&nm, g.node_ratio, g.nnodes, g.ncols);
  sk_rp_matrix(f, "x", &rm);
  if (g.nnodes > 0)
    sk_rp_matrix(f, "n", &nm);
  sk_gp_page_begin(f);
  sk_rp_subtitle(&g, sub, sizeof sub);
  sk_gp_frame(f, page, npages, page->title, in->labels[page->file],
              "each pixel: a rank's own time at one argument over the "
              "median of all ranks there (node_times)", sub, NULL);
  sk_rp_palette(f);
  sk_rp_xtics(f, &g);
  fprintf(f, "set colorbox user origin screen 0.625,%.3f size screen "
          "0.012,%.3f\n", SK_GP_BOTTOM, SK_GP_TOP - SK_GP_BOTTOM);
  sk_rp_panel(f, "x", &rm, 0.07, 0.60, SK_GP_TOP, SK_GP_BOTTOM + 0.04,
              "rank");
  fputs("unset colorbox\n", f);
  sk_rp_slowest(f, &g, 0.70, g.nnodes > 0 ? 0.40 : SK_GP_TOP);
  if (g.nnodes > 0) {
    sk_rp_node_tics(f, &g);
    sk_rp_panel(f, "n", &nm, 0.76, 0.97, SK_GP_TOP, 0.50, "node");
  } else {
    sk_gp_blank_plot(f);
  }
  fputs("unset multiplot\n", f);
  sk_rankgrid_free(&g);
}

/* ---- CSV ----------------------------------------------------------------- */

static void sk_rp_host(FILE *f, const sk_rankgrid_t *g, long node)
{
  if (node >= 0)
    sk_csv_field(f, g->hosts[node]);
}

/* One row per rank and point: its time, the point's median, the ratio
 * drawn (before the colour scale clips it). */
static void sk_rp_csv_ranks(FILE *f, const sk_rankgrid_t *g)
{
  size_t i, j;
  fputs("suite,argument,rank,node,host,time,median,ratio\n", f);
  for (j = 0; j < g->ncols; j++)
    for (i = 0; i < g->nrows; i++) {
      const sk_rfile_point_t *p = g->col[j];
      sk_csv_field(f, g->suite->name);
      fputc(',', f);
      sk_csv_num(f, p->argument);
      fprintf(f, ",%ld,", g->world[i]);
      if (g->node[i] >= 0)
        fprintf(f, "%ld", g->node[i]);
      fputc(',', f);
      sk_rp_host(f, g, g->node[i]);
      fputc(',', f);
      if (i < p->nnode)
        sk_csv_num(f, p->node_times[i]);
      fputc(',', f);
      sk_csv_num(f, g->median[j]);
      fputc(',', f);
      sk_csv_num(f, sk_rankgrid_at(g, i, j));
      fputc('\n', f);
    }
}

/* One row per node and point: its ranks and their median ratio. */
static void sk_rp_csv_nodes(FILE *f, const sk_rankgrid_t *g)
{
  size_t k, j;
  fputs("suite,argument,node,host,ranks,median_ratio\n", f);
  for (j = 0; j < g->ncols; j++)
    for (k = 0; k < g->nnodes; k++) {
      sk_csv_field(f, g->suite->name);
      fputc(',', f);
      sk_csv_num(f, g->col[j]->argument);
      fprintf(f, ",%lu,", (unsigned long)k);
      sk_csv_field(f, g->hosts[k]);
      fprintf(f, ",%ld,", g->node_ranks[k]);
      sk_csv_num(f, g->node_ratio[k * g->ncols + j]);
      fputc('\n', f);
    }
}

/* Every rank, slowest first. */
static void sk_rp_csv_slowest(FILE *f, const sk_rankgrid_t *g)
{
  size_t i;
  fputs("order,rank,node,host,geomean_ratio,worst_ratio,worst_argument\n",
        f);
  for (i = 0; i < g->nrows; i++) {
    size_t row = g->slowest[i];
    fprintf(f, "%lu,%ld,", (unsigned long)i + 1, g->world[row]);
    if (g->node[row] >= 0)
      fprintf(f, "%ld", g->node[row]);
    fputc(',', f);
    sk_rp_host(f, g, g->node[row]);
    fputc(',', f);
    sk_csv_num(f, g->geo[row]);
    fputc(',', f);
    sk_csv_num(f, g->worst[row]);
    fputc(',', f);
    if (!isnan(g->worst[row]))
      sk_csv_num(f, g->col[g->worst_col[row]]->argument);
    fputc('\n', f);
  }
}

int sk_rankpage_csv(const char *dir, const sk_inputs_t *in,
                    const sk_page_t *page)
{
  void (*const write[3])(FILE *, const sk_rankgrid_t *) = {
    sk_rp_csv_ranks, sk_rp_csv_nodes, sk_rp_csv_slowest};
  static const char *const what[3] = {"ranks", "nodes", "slowest"};
  sk_rankgrid_t g;
  sk_outfile_t *h;
  int i, rc = 0;
  if (sk_rankgrid_build(in->files[page->file], page->series[0].suite, &g)
      != 0)
    return -1;
  for (i = 0; rc == 0 && i < 3; i++) {
    if ((h = sk_csv_open(dir, in, page, what[i])) == NULL) {
      rc = -1;
      break;
    }
    write[i](h->fp, &g);
    rc = sk_rout_commit(h);
  }
  sk_rankgrid_free(&g);
  return rc;
}
