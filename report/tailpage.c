/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tailpage.c -- the tail-latency page (tailpage.h).
 *
 * One curve pair per suite, in the suite's colour: P50 solid, P99
 * dashed, against the message length on log axes.  A merged file's
 * points carry each percentile's interval over the runs, drawn as error
 * bars.  The CSV holds all four percentiles (P90 and P99.9 too) and the
 * intervals.
 */
#include <config.h>

#include "tailpage.h"

#include <math.h>

#include "csv.h"
#include "gp.h"
#include "modelpage.h"
#include "rout.h"
#include "units.h"

/* The percentiles drawn: P50 and P99 (indexes of sk_rfile_tail_t). */
static const int sk_tp_drawn[2] = {0, 2};

/* A Length suite with at least one point that has percentiles. */
static int sk_tp_keep(const sk_rfile_suite_t *s)
{
  size_t i;
  if (s->arg != SK_RESULT_ARG_LENGTH || !sk_rfile_plottable(s))
    return 0;
  for (i = 0; i < s->npoints; i++)
    if (s->points[i].tail != NULL)
      return 1;
  return 0;
}

int sk_tailpage_plan(const sk_inputs_t *in, sk_pages_t *out, size_t f)
{
  const sk_rfile_t *r = in->files[f];
  sk_page_t *p = NULL;
  size_t i, n = 0;
  char slug[64], text[256];
  snprintf(slug, sizeof slug, "tail-%lu", (unsigned long)f + 1);
  for (i = 0; i < r->nsuites; i++) {
    const sk_rfile_suite_t *s = &r->suites[i];
    if (!sk_tp_keep(s))
      continue;
    if (!p && !(p = sk_pages_add(out, SK_PAGE_TAIL, "tail latency: P50 and "
                                 "P99 of the repetitions", slug)))
      return -1;
    p->file = f;
    p->arg = SK_RESULT_ARG_LENGTH;
    p->xlog = p->ylog = 1;
    snprintf(text, sizeof text, "%s \xc2\xb7 %s", s->name, s->instance);
    if (sk_pages_add_series(p, f, s, (int)(n++ % SK_PAGES_COLOURS) + 1, 1,
                            text) < 0)
      return -1;
  }
  return 0;
}

/* Percentile k of point P and its interval (lo, hi: NaN without one);
 * 0 when it can be drawn on the page's log axes. */
static int sk_tp_value(const sk_rfile_point_t *p, int k, double *y,
                       double *lo, double *hi)
{
  const sk_rfile_tail_t *t = sk_rfile_tail(p);
  *y = t->p[k];
  *lo = t->lo[k];
  *hi = t->hi[k];
  if (!isfinite(*y) || !(*y > 0) || !isfinite(p->argument) ||
      !(p->argument > 0))
    return -1;
  if (!(*lo > 0) || !isfinite(*hi))
    *lo = *hi = NAN;
  return 0;
}

/* The range of every drawable value, intervals included. */
static size_t sk_tp_range(const sk_page_t *page, double *xlo, double *xhi,
                          double *ylo, double *yhi)
{
  size_t k, i, n = 0;
  int j;
  double y, lo, hi;
  *xlo = *ylo = INFINITY;
  *xhi = *yhi = -INFINITY;
  for (k = 0; k < page->nseries; k++) {
    const sk_rfile_suite_t *s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++)
      for (j = 0; j < 2; j++) {
        if (sk_tp_value(&s->points[i], sk_tp_drawn[j], &y, &lo, &hi) < 0)
          continue;
        n++;
        *xlo = fmin(*xlo, s->points[i].argument);
        *xhi = fmax(*xhi, s->points[i].argument);
        *ylo = fmin(*ylo, isnan(lo) ? y : fmin(lo, y));
        *yhi = fmax(*yhi, isnan(hi) ? y : fmax(hi, y));
      }
  }
  if (n == 0)
    *xlo = *ylo = 1, *xhi = *yhi = 10;
  return n;
}

/* $t<k>_<j>: x y low high of percentile sk_tp_drawn[j] of series k (the
 * interval is the value itself where there is none). */
static void sk_tp_data(FILE *f, const sk_page_t *page, size_t k, int j,
                       double u)
{
  const sk_rfile_suite_t *s = page->series[k].suite;
  size_t i;
  double y, lo, hi;
  fprintf(f, "$t%lu_%d << EOD\n", (unsigned long)k, j);
  for (i = 0; i < s->npoints; i++) {
    if (sk_tp_value(&s->points[i], sk_tp_drawn[j], &y, &lo, &hi) < 0)
      continue;
    sk_gp_num(f, s->points[i].argument);
    fputc(' ', f);
    sk_gp_num(f, y * u);
    fputc(' ', f);
    sk_gp_num(f, (isnan(lo) ? y : lo) * u);
    fputc(' ', f);
    sk_gp_num(f, (isnan(hi) ? y : hi) * u);
    fputc('\n', f);
  }
  fputs("EOD\n", f);
}

static void sk_tp_axes(FILE *f, double xlo, double xhi, double ylo,
                       double yhi, const char *unit)
{
  fprintf(f, "set lmargin at screen %.3f\nset rmargin at screen %.3f\n"
          "set tmargin at screen %.3f\nset bmargin at screen %.3f\n",
          SK_GP_LEFT, SK_GP_RIGHT, SK_GP_TOP, SK_GP_BOTTOM);
  fputs("set grid xtics ytics lc rgb '#dddddd'\nset tics nomirror\n"
        "set logscale x 2\n", f);
  sk_modelpage_bytes_tics(f, xlo, xhi);
  fprintf(f, "set xrange [%.17g:%.17g]\n", xlo / 1.2, xhi * 1.2);
  fputs("set xlabel 'message length [bytes]'\n", f);
  fprintf(f, "set logscale y 10\nset format y '%%g'\n"
          "set yrange [%.17g:%.17g]\n", ylo / 1.5, yhi * 1.5);
  fprintf(f, "set ylabel 'time [%s]'\n", unit);
  fprintf(f, "set key at screen %.3f,%.3f left top Left reverse "
          "samplen 3 spacing 1.25 font ',9' box lc rgb '#bbbbbb'\n",
          SK_GP_KEY_X, SK_GP_TOP);
}

static void sk_tp_plot(FILE *f, const sk_page_t *page, size_t drawn)
{
  static const char *const names[2] = {"P50", "P99"};
  size_t k;
  int j;
  char title[300];
  if (drawn == 0) {
    fputs("unset key\nplot 1e300 notitle\n", f);
    return;
  }
  fputs("plot \\\n", f);
  for (k = 0; k < page->nseries; k++)
    for (j = 0; j < 2; j++) {
      const sk_series_t *s = &page->series[k];
      fprintf(f, "%s  $t%lu_%d using 1:2:3:4 with yerrorlines lc rgb '%s' "
              "dt %d pt %d ps 0.5 lw 1.5 title ", k || j ? ", \\\n" : "",
              (unsigned long)k, j, sk_gp_colour(s->colour), j ? 2 : 1,
              j ? 6 : 7);
      snprintf(title, sizeof title, "%s %s", names[j], s->title);
      sk_gp_text(f, title, 60);
    }
  fputs("\n", f);
}

void sk_tailpage_draw(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                      size_t npages)
{
  double xlo, xhi, ylo, yhi;
  size_t k, n = sk_tp_range(page, &xlo, &xhi, &ylo, &yhi);
  sk_units_scale_t u = sk_units_time(ylo, yhi, 1);
  int j;
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  for (k = 0; k < page->nseries; k++)
    for (j = 0; j < 2; j++)
      sk_tp_data(f, page, k, j, u.factor);
  sk_gp_page_begin(f);
  sk_gp_frame(f, page, npages, page->title, in->labels[page->file],
              "P50 solid, P99 dashed: quantiles of every valid repetition "
              "of a point (Percentiles = yes); a merged point's bars: the "
              "interval of the median over the runs",
              "P90 and P99.9 are in the CSV", NULL);
  sk_tp_axes(f, xlo, xhi, ylo * u.factor, yhi * u.factor, u.name);
  sk_tp_plot(f, page, n);
  fputs("unset multiplot\n", f);
}

/* ---- CSV ------------------------------------------------------------- */

static void sk_tp_csv_row(FILE *f, const sk_rfile_suite_t *s,
                          const sk_rfile_point_t *p)
{
  const sk_rfile_tail_t *t = sk_rfile_tail(p);
  int k;
  sk_csv_field(f, s->name);
  fputc(',', f);
  sk_csv_field(f, s->instance);
  fputc(',', f);
  sk_csv_num(f, p->argument);
  for (k = 0; k < SK_RFILE_TAIL_N; k++) {
    fputc(',', f);
    sk_csv_num(f, t->p[k]);
  }
  for (k = 0; k < SK_RFILE_TAIL_N; k++) {
    fputc(',', f);
    sk_csv_num(f, t->lo[k]);
    fputc(',', f);
    sk_csv_num(f, t->hi[k]);
  }
  fputc('\n', f);
}

int sk_tailpage_csv(const char *dir, const sk_inputs_t *in,
                    const sk_page_t *page)
{
  size_t k, i;
  sk_outfile_t *h = sk_csv_open(dir, in, page, NULL);
  if (!h)
    return -1;
  fputs("suite,instance,argument,p50,p90,p99,p999,p50_low,p50_high,"
        "p90_low,p90_high,p99_low,p99_high,p999_low,p999_high\n", h->fp);
  for (k = 0; k < page->nseries; k++) {
    const sk_rfile_suite_t *s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++)
      if (s->points[i].tail != NULL)
        sk_tp_csv_row(h->fp, s, &s->points[i]);
  }
  return sk_rout_commit(h);
}
