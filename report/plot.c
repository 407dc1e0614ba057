/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot.c -- the gnuplot script: its header and the x-y data pages.
 *
 * A suite, comparison or group page has a time panel (y: mean with the
 * standard error as bars) and, for message-length variations on suite
 * and comparison pages, a bandwidth panel beneath it.  Each series is
 * written as four datablocks: all drawable points (the line), initial
 * points, refined points and points that missed epsilon (a ring around
 * the point).  Empty blocks are left out, because gnuplot warns about a
 * plot element without points.  Values are written already scaled to
 * the axis unit, so the plot commands need no arithmetic.
 */
#include <config.h>

#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beyond.h"
#include "floor.h"
#include "gp.h"
#include "instance.h"
#include "single.h"
#include "title.h"
#include "subtitle.h"
#include "suitekey.h"
#include "units.h"

#define SK_PLOT_MAX_TICS 14
#define SK_PLOT_RING "#000000"
#define SK_PLOT_MODES "#7a0177"   /* multi-modal points */

/* What one panel draws and over which range. */
typedef struct sk_plot_view {
  const sk_page_t *page;
  int bw;                  /* y is bandwidth, not time */
  int xlog, ylog;
  sk_units_scale_t yu;
  double xlo, xhi;         /* of drawable arguments */
  double ylo, yhi;         /* of the error bars, base units */
  double vlo, vhi;         /* of the values */
  size_t shown, hidden;    /* drawable points, points a log axis drops */
  size_t hidden_x;         /* of them, at argument 0 (or below) on log x */
  size_t bands, merged;    /* points with a band; of them merged ones */
  int floor;               /* $tF holds the floor (sk_plot_floor()); 2:
                            * a floor without the cache line (a run not
                            * quiet, lib/floor.h) */
} sk_plot_view_t;

/* A merged point (several runs): the median over the runs with its
 * confidence interval leads, not the mean. */
static int sk_plot_merged(const sk_rfile_point_t *p)
{
  return isfinite(p->median) && isfinite(p->ci_low) &&
         isfinite(p->ci_high) && p->ci_low <= p->median &&
         p->median <= p->ci_high;
}

/* Value and bar of point P on view V; 0 when it can be drawn. */
static int sk_plot_value(const sk_plot_view_t *v, const sk_rfile_point_t *p,
                         double *val, double *lo, double *hi)
{
  double se = fabs(p->se);
  if (!isfinite(p->mean) || !isfinite(p->argument) || !isfinite(se))
    return -1;
  if (v->xlog && p->argument <= 0)
    return -2;
  if ((v->ylog || v->bw) && p->mean <= 0)
    return -1;
  if (v->bw && !(p->bytes >= 0))
    return -1;
  if (!v->bw && sk_plot_merged(p)) {
    *val = p->median;
    *lo = p->ci_low;
    *hi = p->ci_high;
    if (v->ylog && *val <= 0)
      return -1;
  } else if (!v->bw) {
    *val = p->mean;
    *lo = p->mean - se;
    *hi = p->mean + se;
  } else {
    *val = p->bytes / p->mean;
    *lo = p->bytes / (p->mean + se);
    *hi = p->mean > se ? p->bytes / (p->mean - se) : 2 * *val;
  }
  /* A bar reaching zero or below has no place on a log axis. */
  if (v->ylog && *lo < *val / 100)
    *lo = *val / 100;
  return (v->ylog && *val <= 0) ? -1 : 0;
}

/* The band of point P on a time view: the CI of a merged point's
 * median, else the quartiles of the repetitions; 0 when it has one. */
static int sk_plot_band(const sk_plot_view_t *v, const sk_rfile_point_t *p,
                        double val, double *lo, double *hi)
{
  if (v->bw)
    return -1;
  if (sk_plot_merged(p)) {
    *lo = p->ci_low;
    *hi = p->ci_high;
  } else if (isfinite(p->q1) && isfinite(p->q3) && p->q1 <= p->q3) {
    *lo = p->q1;
    *hi = p->q3;
  } else
    return -1;
  if (v->ylog && *lo < val / 100)
    *lo = val / 100;
  return v->ylog && *hi <= 0 ? -1 : 0;
}

static void sk_plot_grow(double *lo, double *hi, double v)
{
  if (v < *lo)
    *lo = v;
  if (v > *hi)
    *hi = v;
}

static void sk_plot_view_init(sk_plot_view_t *v, const sk_page_t *page,
                              int bw, int ylog)
{
  const sk_rfile_suite_t *s;
  double val, lo, hi;
  size_t k, i;
  int r;
  memset(v, 0, sizeof *v);
  v->page = page;
  v->bw = bw;
  v->xlog = page->xlog;
  v->ylog = ylog;
  v->xlo = v->ylo = v->vlo = INFINITY;
  v->xhi = v->yhi = v->vhi = -INFINITY;
  for (k = 0; k < page->nseries; k++) {
    s = page->series[k].suite;
    for (i = 0; i < s->npoints; i++) {
      r = sk_plot_value(v, &s->points[i], &val, &lo, &hi);
      if (r < 0) {
        v->hidden++;
        v->hidden_x += r == -2;
        continue;
      }
      v->shown++;
      sk_plot_grow(&v->xlo, &v->xhi, s->points[i].argument);
      sk_plot_grow(&v->vlo, &v->vhi, val);
      sk_plot_grow(&v->ylo, &v->yhi, lo);
      sk_plot_grow(&v->ylo, &v->yhi, hi);
      if (sk_plot_band(v, &s->points[i], val, &lo, &hi) == 0) {
        sk_plot_grow(&v->ylo, &v->yhi, lo);
        sk_plot_grow(&v->ylo, &v->yhi, hi);
        v->bands++;
        v->merged += sk_plot_merged(&s->points[i]);
      }
    }
  }
  if (v->shown == 0)
    v->xlo = v->ylo = v->vlo = 1, v->xhi = v->yhi = v->vhi = 10;
  v->yu = bw ? sk_units_rate(v->vhi) : sk_units_time(v->vlo, v->vhi, ylog);
}

/* Does point P belong to datablock SUBSET ('a'll, 'i'nitial, 'r'efined,
 * 'm'issed epsilon)? */
static int sk_plot_in(const sk_rfile_point_t *p, char subset)
{
  switch (subset) {
  case 'i': return !p->refined;
  case 'r': return p->refined;
  case 'm': return !p->eps_met;
  case 'o': return p->nmodes >= 2;
  }
  return 1;
}

static size_t sk_plot_count(const sk_plot_view_t *v, const sk_series_t *s,
                            char subset)
{
  double val, lo, hi;
  size_t i, n = 0;
  for (i = 0; i < s->suite->npoints; i++)
    if (sk_plot_in(&s->suite->points[i], subset) &&
        sk_plot_value(v, &s->suite->points[i], &val, &lo, &hi) == 0)
      n++;
  return n;
}

/* $<prefix><k><subset>: x value bar-low bar-high, in axis units. */
static void sk_plot_block(FILE *f, const sk_plot_view_t *v,
                          const sk_series_t *s, char prefix, size_t k,
                          char subset)
{
  const sk_rfile_point_t *p;
  double val, lo, hi, u = v->yu.factor;
  size_t i;
  fprintf(f, "$%c%lu%c << EOD\n", prefix, (unsigned long)k, subset);
  for (i = 0; i < s->suite->npoints; i++) {
    p = &s->suite->points[i];
    if (!sk_plot_in(p, subset) || sk_plot_value(v, p, &val, &lo, &hi) < 0)
      continue;
    sk_gp_num(f, p->argument);
    fputc(' ', f);
    sk_gp_num(f, val * u);
    fputc(' ', f);
    sk_gp_num(f, lo * u);
    fputc(' ', f);
    sk_gp_num(f, hi * u);
    fputc('\n', f);
  }
  fputs("EOD\n", f);
}

/* $<prefix><k>q: x band-low band-high of the points with a band; with F
 * NULL only their number. */
static size_t sk_plot_band_block(FILE *f, const sk_plot_view_t *v,
                                 const sk_series_t *s, char prefix, size_t k)
{
  const sk_rfile_point_t *p;
  double val, lo, hi, u = v->yu.factor;
  size_t i, n = 0;
  for (i = 0; i < s->suite->npoints; i++) {
    p = &s->suite->points[i];
    if (sk_plot_value(v, p, &val, &lo, &hi) < 0 ||
        sk_plot_band(v, p, val, &lo, &hi) < 0)
      continue;
    if (!f) {
      n++;
      continue;
    }
    if (n++ == 0)
      fprintf(f, "$%c%luq << EOD\n", prefix, (unsigned long)k);
    sk_gp_num(f, p->argument);
    fputc(' ', f);
    sk_gp_num(f, lo * u);
    fputc(' ', f);
    sk_gp_num(f, hi * u);
    fputc('\n', f);
  }
  if (n && f)
    fputs("EOD\n", f);
  return n;
}

/* $<prefix><k>l: x location of every mode of the multi-modal points;
 * with F NULL only their number. */
static size_t sk_plot_mode_block(FILE *f, const sk_plot_view_t *v,
                                 const sk_series_t *s, char prefix, size_t k)
{
  const sk_rfile_point_t *p;
  double val, lo, hi, u = v->yu.factor;
  size_t i, j, n = 0;
  for (i = 0; i < s->suite->npoints; i++) {
    p = &s->suite->points[i];
    if (v->bw || p->nmodes < 2 || sk_plot_value(v, p, &val, &lo, &hi) < 0)
      continue;
    for (j = 0; j < p->nmodes; j++) {
      if (!isfinite(p->modes[2 * j]) || (v->ylog && p->modes[2 * j] <= 0))
        continue;
      if (!f) {
        n++;
        continue;
      }
      if (n++ == 0)
        fprintf(f, "$%c%lul << EOD\n", prefix, (unsigned long)k);
      sk_gp_num(f, p->argument);
      fputc(' ', f);
      sk_gp_num(f, p->modes[2 * j] * u);
      fputc('\n', f);
    }
  }
  if (n && f)
    fputs("EOD\n", f);
  return n;
}

static void sk_plot_data(FILE *f, const sk_plot_view_t *v, char prefix)
{
  static const char subsets[] = "airmo";
  size_t k, j;
  for (k = 0; k < v->page->nseries; k++) {
    for (j = 0; j < 5; j++)
      if (sk_plot_count(v, &v->page->series[k], subsets[j]) > 0)
        sk_plot_block(f, v, &v->page->series[k], prefix, k, subsets[j]);
    sk_plot_band_block(f, v, &v->page->series[k], prefix, k);
    sk_plot_mode_block(f, v, &v->page->series[k], prefix, k);
  }
}

/* Linear ticks over [lo, hi]; sizes step by round numbers of the
 * largest binary unit that still gives 8 of them (0, 200 KiB, 400 KiB). */
static void sk_plot_linear_tics(FILE *f, const char *axis, double lo,
                                double hi, int bytes, int integer)
{
  double tics[SK_PLOT_MAX_TICS + 1], unit = 1, step, t;
  size_t n = 0;
  while (bytes && hi / (unit * 1024) >= 8)
    unit *= 1024;
  step = sk_units_step((hi - lo) / unit, integer ? 12 : 8,
                       integer && unit == 1) * unit;
  for (t = ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9 &&
       n < SK_PLOT_MAX_TICS; t += step)
    tics[n++] = fabs(t) < step * 1e-9 ? 0 : t;
  sk_gp_tic_list(f, axis, tics, n, bytes);
}

static void sk_plot_xaxis(FILE *f, const sk_plot_view_t *v, int label)
{
  static const char *const names[] = {"", "message length [bytes]",
                                      "processes", "chunks"};
  int bytes = v->page->arg == SK_RESULT_ARG_LENGTH;
  double tics[SK_PLOT_MAX_TICS], lo = v->xlo, hi = v->xhi, pad;
  size_t n;
  if (v->xlog) {
    if (lo == hi) {
      lo /= 2;
      hi *= 2;
    } else {
      lo /= 1.15;
      hi *= 1.15;
    }
    n = sk_units_log2_tics(lo, hi, tics, 12);
    /* A short count axis (2..16 processes) gets every whole number. */
    if (!bytes && v->xhi - v->xlo < SK_PLOT_MAX_TICS - 1)
      for (n = 0, pad = ceil(v->xlo); pad <= v->xhi; pad += 1)
        tics[n++] = pad;
    if (n == 0) {
      tics[n++] = v->xlo;
      if (v->xhi > v->xlo)
        tics[n++] = v->xhi;
    }
    fputs("set logscale x 2\nset format x '%g'\n", f);
    sk_gp_tic_list(f, "x", tics, n, bytes);
  } else {
    pad = hi > lo ? (hi - lo) * 0.04 : (lo > 0 ? lo * 0.5 : 1);
    lo -= pad;
    hi += pad;
    sk_plot_linear_tics(f, "x", lo, hi, bytes, 1);
  }
  fprintf(f, "set xrange [%.17g:%.17g]\n", lo, hi);
  if (label)
    fprintf(f, "set xlabel '%s'\n", names[v->page->arg]);
}

static void sk_plot_yaxis(FILE *f, const sk_plot_view_t *v)
{
  double tics[SK_PLOT_MAX_TICS], lo = v->ylo * v->yu.factor;
  double hi = v->yhi * v->yu.factor;
  size_t n;
  if (v->ylog) {
    if (lo == hi) {
      lo /= 2;
      hi *= 2;
    } else {
      lo /= 1.25;
      hi *= 1.25;
    }
    n = sk_units_log10_tics(lo, hi, tics, 10);
    fputs("set logscale y 10\nset format y '%g'\n", f);
    sk_gp_tic_list(f, "y", tics, n, 0);
  } else {
    lo = 0;
    hi = hi > 0 ? hi * 1.08 : 1;
    fputs("set ytics autofreq\nset format y '%g'\n", f);
  }
  fprintf(f, "set yrange [%.17g:%.17g]\n", lo, hi);
  fprintf(f, "set ylabel '%s [%s]'\n", v->bw ? "bandwidth" : "time",
          v->yu.name);
}

/* The plot elements of series K: line (titled), initial and refined
 * points with bars, rings for missed epsilon. */
static void sk_plot_series(FILE *f, const sk_plot_view_t *v, char prefix,
                           size_t k, int key)
{
  const sk_series_t *s = &v->page->series[k];
  const char *c = sk_gp_colour(s->colour);
  unsigned long K = (unsigned long)k;
  if (sk_plot_band_block(NULL, v, s, prefix, k))
    fprintf(f, "  $%c%luq using 1:2:3 with filledcurves fc rgb '%s' "
            "fs transparent solid 0.18 noborder notitle, \\\n", prefix, K, c);
  fprintf(f, "  $%c%lua using 1:2 with lines lc rgb '%s' dt %d lw 1.5 ",
          prefix, K, c, s->dash);
  if (key) {
    fputs("title ", f);
    sk_gp_text(f, s->title, 50);
  } else
    fputs("notitle", f);
  if (sk_plot_count(v, s, 'i'))
    fprintf(f, ", \\\n  $%c%lui using 1:2:3:4 with yerrorbars lc rgb '%s' "
            "pt 7 ps 0.55 lw 1 notitle", prefix, K, c);
  if (sk_plot_count(v, s, 'r'))
    fprintf(f, ", \\\n  $%c%lur using 1:2:3:4 with yerrorbars lc rgb '%s' "
            "pt 8 ps 0.8 lw 1 notitle", prefix, K, c);
  if (sk_plot_count(v, s, 'm'))
    fprintf(f, ", \\\n  $%c%lum using 1:2 with points lc rgb '%s' pt 6 "
            "ps 1.9 lw 1.5 notitle", prefix, K, SK_PLOT_RING);
  if (!v->bw && sk_plot_count(v, s, 'o'))
    fprintf(f, ", \\\n  $%c%luo using 1:2 with points lc rgb '%s' pt 12 "
            "ps 2.2 lw 1.5 notitle", prefix, K, SK_PLOT_MODES);
  if (sk_plot_mode_block(NULL, v, s, prefix, k))
    fprintf(f, ", \\\n  $%c%lul using 1:2 with points lc rgb '%s' pt 1 "
            "ps 0.9 lw 1 notitle", prefix, K, SK_PLOT_MODES);
}

static size_t sk_plot_total(const sk_plot_view_t *v, char subset)
{
  size_t k, n = 0;
  for (k = 0; k < v->page->nseries; k++)
    n += sk_plot_count(v, &v->page->series[k], subset);
  return n;
}

/* What the line of the time view shows: "median of the runs" for merged
 * points, else the statistic of the first suite (all the same) or of
 * each suite. */
static void sk_plot_statistic(const sk_plot_view_t *v, char *buf,
                              size_t size)
{
  char other[128];
  size_t k;
  if (v->merged > 0 && v->merged == v->bands) {
    snprintf(buf, size, "median of the runs");
    return;
  }
  sk_subtitle_statistic(v->page->series[0].suite, buf, size);
  for (k = 1; k < v->page->nseries; k++) {
    sk_subtitle_statistic(v->page->series[k].suite, other, sizeof other);
    if (strcmp(buf, other) != 0) {
      snprintf(buf, size, "mean after the outlier filter of each suite");
      return;
    }
  }
}

/* The lowest coverage of the merged points' intervals, in percent; 0
 * when none says. */
static double sk_plot_coverage(const sk_plot_view_t *v)
{
  double c = INFINITY;
  size_t k, i;
  for (k = 0; k < v->page->nseries; k++)
    for (i = 0; i < v->page->series[k].suite->npoints; i++) {
      const sk_rfile_point_t *p = &v->page->series[k].suite->points[i];
      if (sk_plot_merged(p) && isfinite(p->ci_coverage))
        c = fmin(c, p->ci_coverage);
    }
  return isfinite(c) ? 100 * c : 0;
}

/* The legend of the statistic, its band and its bars. */
static void sk_plot_spread_key(FILE *f, const sk_plot_view_t *v)
{
  char stat[192], band[160];
  double cov;
  sk_plot_statistic(v, band, sizeof band);
  snprintf(stat, sizeof stat, "line: %s", band);
  fputs(", \\\n  keyentry with lines lw 1.5 lc rgb '#444444' title ", f);
  sk_gp_text(f, stat, 0);
  cov = sk_plot_coverage(v);
  if (v->merged > 0) {
    if (cov > 0)
      snprintf(band, sizeof band, "band: confidence interval of the "
               "median (coverage %.1f%% or more)", cov);
    else
      snprintf(band, sizeof band, "band: confidence interval of the "
               "median");
    fprintf(f, ", \\\n  keyentry with filledcurves fc rgb '#444444' "
            "fs transparent solid 0.18 noborder title '%s'", band);
  }
  if (v->bands > v->merged)
    fputs(", \\\n  keyentry with filledcurves fc rgb '#444444' "
          "fs transparent solid 0.18 noborder title 'band: quartiles "
          "q1\xe2\x80\x93q3 of the repetitions'", f);
}

/* Legend lines for the symbols, after the series. */
static void sk_plot_symbol_key(FILE *f, const sk_plot_view_t *v)
{
  if (!v->bw)
    sk_plot_spread_key(f, v);
  fputs(", \\\n  keyentry with points pt 7 ps 0.55 lc rgb '#444444' "
        "title 'initial point'", f);
  fputs(", \\\n  keyentry with points pt 8 ps 0.8 lc rgb '#444444' "
        "title 'refined point (adaptive)'", f);
  if (sk_plot_total(v, 'm'))
    fprintf(f, ", \\\n  keyentry with points pt 6 ps 1.9 lw 1.5 lc rgb "
            "'%s' title '\xce\xb5 not met'", SK_PLOT_RING);
  if (!v->bw && sk_plot_total(v, 'o'))
    fprintf(f, ", \\\n  keyentry with points pt 12 ps 2.2 lw 1.5 lc rgb "
            "'%s' title 'several modes (+: their locations)'", SK_PLOT_MODES);
  if (v->merged == 0 || v->merged < v->shown)
    fputs(", \\\n  keyentry with yerrorbars pt 0 lc rgb '#444444' "
          "title '\xc2\xb1 standard error'", f);
  if (v->merged > 0)
    fputs(", \\\n  keyentry with yerrorbars pt 0 lc rgb '#444444' "
          "title 'bars: confidence interval of the median'", f);
}

static void sk_plot_panel(FILE *f, const sk_plot_view_t *v, double top,
                          double bottom, int key, int xlabel, char prefix)
{
  size_t k;
  sk_gp_margins(f, SK_GP_LEFT, SK_GP_RIGHT, top, bottom);
  fputs("unset logscale\nunset xlabel\nset grid xtics ytics lc rgb "
        "'#dddddd' lw 1 dt 1\nset border lw 1\nset tics nomirror\n", f);
  sk_plot_xaxis(f, v, xlabel);
  sk_plot_yaxis(f, v);
  if (key)
    fprintf(f, "set key at screen %.3f,%.3f left top Left reverse "
            "samplen 2.5 spacing 1.25 font ',9' box lc rgb '#bbbbbb' "
            "width 1\n", SK_GP_KEY_X, top);
  else
    fputs("unset key\n", f);
  if (v->shown == 0) {
    sk_gp_label(f, (SK_GP_LEFT + SK_GP_RIGHT) / 2, (top + bottom) / 2,
                "center", 12, 0, "#990000", "no point can be drawn on "
                "these axes", 0);
    fputs("plot 1e300 notitle\n", f);
    return;
  }
  fputs("plot \\\n", f);
  for (k = 0; k < v->page->nseries; k++) {
    fputs(k ? ", \\\n" : "", f);
    sk_plot_series(f, v, prefix, k, key);
  }
  if (v->floor)
    fprintf(f, ", \\\n  $%cF using 1:2 with lines lc rgb '#444444' dt 2 "
            "lw 1.2 title 'floor (node limits%s)'", prefix,
            v->floor == 2 ? "; copy only: a noisy run" : "");
  if (key)
    sk_plot_symbol_key(f, v);
  fputs("\n", f);
}

/* The instance's summary, or for concurrent pairs placed by
 * Pairs_Placement (its pairs_placement) what that placement makes: the
 * row's summary describes the default, pairs across the halves. */
static const char *sk_plot_summary(const sk_rfile_suite_t *s,
                                   const sk_instance_t *inst)
{
  switch (*s->pairs_selection
          ? sk_suitekey_value_of(SK_KEY_PAIRS_PLACEMENT, s->pairs_selection)
          : 0) {
  case 1:
    return "k concurrent ping-pong pairs across two nodes (the i-th process "
           "of node A with the i-th of node B); max over pairs";
  case 2:
    return "k concurrent ping-pong pairs within one node (of its first n "
           "processes the i-th with the (k+i)-th); max over pairs";
  default:
    return inst ? inst->summary : "";
  }
}

/* "Pingpong_Send_Recv (type 1, pingpong: MPI_Send / MPI_Recv)". */
static void sk_plot_instance(const sk_rfile_suite_t *s, char *buf,
                             size_t size)
{
  const sk_instance_t *inst = sk_instance_by_name(s->instance);
  char type[32] = "";
  if (s->type >= 0)
    snprintf(type, sizeof type, "type %ld, ", s->type);
  snprintf(buf, size, "%s (%s%s%s%s)", *s->instance ? s->instance : "?",
           type, s->pattern, inst ? ": " : "", sk_plot_summary(s, inst));
}

/* "complete · 27 points (7 refined, 1 missed ε) · 12.4 s". */
static int sk_plot_status(const sk_rfile_suite_t *s, char *buf, size_t size)
{
  size_t i, refined = 0, missed = 0, len;
  for (i = 0; i < s->npoints; i++) {
    refined += s->points[i].refined != 0;
    missed += !s->points[i].eps_met;
  }
  snprintf(buf, size, "status %s%s%s \xc2\xb7 %lu points (%lu refined, "
           "%lu missed \xce\xb5)", *s->status ? s->status : "?",
           *s->message ? ": " : "", s->message, (unsigned long)s->npoints,
           (unsigned long)refined, (unsigned long)missed);
  len = strlen(buf);
  if (s->elapsed >= 0)
    snprintf(buf + len, size - len, " \xc2\xb7 %.3g s", s->elapsed);
  len = strlen(buf);
  if (s->nunmeasured > 0)
    snprintf(buf + len, size - len, " \xc2\xb7 %ld left unmeasured",
             s->nunmeasured);
  len = strlen(buf);
  if (s->noise_verdict != NULL) {
    /* "machine noisy (worst rank 24% CPU; EVIDENCE)": the degree first */
    const char *d = strcmp(s->noise_verdict, "quiet") != 0 &&
                    s->noise_degree != NULL ? s->noise_degree : "";
    const char *ev = s->noise_evidence;
    snprintf(buf + len, size - len, " \xc2\xb7 machine %s%s%s%s%s%s",
             s->noise_verdict, *d || *ev ? " (" : "", d, *d && *ev ? "; "
             : "", ev, *d || *ev ? ")" : "");
  }
  return (*s->status && strcmp(s->status, "complete") != 0) || missed ||
         (s->noise_verdict != NULL && strcmp(s->noise_verdict, "quiet") != 0);
}

/* Do two suites have the same resolved parameters? */
static int sk_plot_same_params(const sk_rfile_suite_t *a,
                               const sk_rfile_suite_t *b)
{
  size_t i;
  const char *v;
  if (a->nparams != b->nparams)
    return 0;
  for (i = 0; i < a->nparams; i++) {
    v = sk_rfile_param(b, a->params[i].key);
    if (!v || strcmp(v, a->params[i].value) != 0)
      return 0;
  }
  return 1;
}

/* The value of suite key KEY when every curve of P has the same one. */
static const char *sk_plot_common_param(const sk_page_t *p, sk_key_id_t key)
{
  const char *v = sk_rfile_key(p->series[0].suite, key), *w;
  size_t k;
  for (k = 1; v && k < p->nseries; k++) {
    w = sk_rfile_key(p->series[k].suite, key);
    if (!w || strcmp(v, w) != 0)
      return NULL;
  }
  return v;
}

static void sk_plot_suite_frame(FILE *f, const sk_inputs_t *in,
                                const sk_page_t *p, size_t npages)
{
  const sk_rfile_suite_t *s = p->series[0].suite;
  char inst[512], sub1[1024], params[512], sub3[1024];
  size_t k, i, missed = 0, differ = 0;
  int warn = 0;
  sk_plot_instance(s, inst, sizeof inst);
  sk_subtitle_settings(s, params, sizeof params);
  if (p->kind == SK_PAGE_SUITE) {
    snprintf(sub1, sizeof sub1, "%s \xc2\xb7 %s", inst,
             in->labels[p->file]);
    warn = sk_plot_status(s, sub3, sizeof sub3);
  } else {
    snprintf(sub1, sizeof sub1, "%s \xc2\xb7 compared over %lu result "
             "files", inst, (unsigned long)p->nseries);
    for (k = 0; k < p->nseries; k++) {
      differ += !sk_plot_same_params(s, p->series[k].suite);
      for (i = 0; i < p->series[k].suite->npoints; i++)
        missed += !p->series[k].suite->points[i].eps_met;
    }
    snprintf(sub3, sizeof sub3, "parameters as in %s%s \xc2\xb7 %lu point%s "
             "missed \xce\xb5", in->labels[p->series[0].file],
             differ ? " (they differ between the files)" : "",
             (unsigned long)missed, missed == 1 ? "" : "s");
    warn = missed > 0;
  }
  sk_gp_frame(f, p, npages, p->title, sub1, params, sub3,
              warn ? "#b00000" : NULL);
}

static void sk_plot_group_frame(FILE *f, const sk_inputs_t *in,
                                const sk_page_t *p, size_t npages)
{
  char sub1[1024], sub2[1024], len_text[96] = "";
  const char *m = p->arg == SK_RESULT_ARG_LENGTH ? NULL
                  : sk_plot_common_param(p, SK_KEY_DEFAULT_MESSAGE_LENGTH);
  size_t k, len, files = 0;
  for (k = 0; k < in->n; k++) {
    for (len = 0; len < p->nseries; len++)
      if (p->series[len].file == k)
        break;
    files += len < p->nseries;
  }
  if (m)
    snprintf(len_text, sizeof len_text, " \xc2\xb7 message length %s bytes",
             m);
  snprintf(sub1, sizeof sub1, "group of %s \xc2\xb7 %lu curves from %lu "
           "result file%s \xc2\xb7 variation %s%s", in->params->path,
           (unsigned long)p->nseries, (unsigned long)files,
           files == 1 ? "" : "s", sk_rfile_arg_name(p->arg), len_text);
  snprintf(sub2, sizeof sub2, "%s", files == 1 ? in->labels[p->series[0].file]
           : "colour: result file; dash pattern: suite");
  sk_gp_frame(f, p, npages, p->title, sub1, sub2, NULL, NULL);
}

/* A placement page: one instance's ping-pong suites of one file, each
 * its pair placed by the node map: the instance and the file, every
 * curve's pair and where it ran ("Pingpong_Inter_Node: pair 0–4
 * (Inter_Node: node0 ↔ node1, inter-node)"), and the settings of the
 * first curve's suite. */
static void sk_plot_placed_frame(FILE *f, const sk_inputs_t *in,
                                 const sk_page_t *p, size_t npages)
{
  const sk_rfile_suite_t *s = p->series[0].suite;
  char inst[512], sub1[1024], pairs[1024], where[256], params[512];
  char sub3[640];
  size_t k, i, missed = 0, len = 0;
  sk_plot_instance(s, inst, sizeof inst);
  for (k = 0; k < p->nseries; k++)
    for (i = 0; i < p->series[k].suite->npoints; i++)
      missed += !p->series[k].suite->points[i].eps_met;
  snprintf(sub1, sizeof sub1, "%s \xc2\xb7 %s \xc2\xb7 %lu point%s missed "
           "\xce\xb5", inst, in->labels[p->file], (unsigned long)missed,
           missed == 1 ? "" : "s");
  pairs[0] = '\0';
  for (k = 0; k < p->nseries && len + 1 < sizeof pairs; k++) {
    sk_subtitle_pair(p->series[k].suite, where, sizeof where);
    len += (size_t)snprintf(pairs + len, sizeof pairs - len, "%s%.40s: %s",
                            k ? " \xc2\xb7 " : "",
                            p->series[k].suite->name, where);
  }
  sk_subtitle_settings(s, params, sizeof params);
  snprintf(sub3, sizeof sub3, "settings of %.40s: %s", s->name, params);
  sk_gp_frame(f, p, npages, p->title, sub1, pairs, sub3, NULL);
}

/* A note under the plot when log axes had to leave points out, in two
 * lines: how many, and why (at argument 0 on a log x axis, a zero or
 * negative value on a log y axis). */
static void sk_plot_hidden_note(FILE *f, const sk_plot_view_t *v)
{
  char a[96], b[160];
  size_t x = v->hidden_x, y = v->hidden - v->hidden_x;
  const char *arg = sk_rfile_arg_name(v->page->arg);
  if (v->hidden == 0)
    return;
  snprintf(a, sizeof a, "%lu point%s cannot be shown on the log axes:",
           (unsigned long)v->hidden, v->hidden == 1 ? "" : "s");
  if (y == 0)
    snprintf(b, sizeof b, "at %s 0 (see the CSV)", arg);
  else if (x == 0)
    snprintf(b, sizeof b, "with a zero or negative value (see the CSV)");
  else
    snprintf(b, sizeof b, "%lu at %s 0, %lu with a zero or negative value "
             "(see the CSV)", (unsigned long)x, arg, (unsigned long)y);
  sk_gp_label(f, SK_GP_KEY_X, 0.085, "left", 8, 0, "#b00000", a, 0);
  sk_gp_label(f, SK_GP_KEY_X, 0.06, "left", 8, 0, "#b00000", b, 0);
}

/* A note under the key when a suite of the page measured less than it
 * asked (the result's `clipped`: Memory_Fit = Clip on the run's
 * processes), in two short lines; the first such suite of the page. */
static void sk_plot_clip_note(FILE *f, const sk_page_t *p)
{
  const sk_rfile_suite_t *s = NULL;
  char a[96], b[128];
  size_t k;
  for (k = 0; k < p->nseries && s == NULL; k++)
    if (p->series[k].suite->clip_key[0] != '\0' &&
        p->series[k].suite->clip_asked > 0 &&
        p->series[k].suite->clip_largest >= 0)
      s = p->series[k].suite;
  if (s == NULL)
    return;
  snprintf(a, sizeof a, "%s %ld clipped to %ld", s->clip_key,
           s->clip_asked, s->clip_largest);
  snprintf(b, sizeof b, "(the most that fits in %s here)",
           strcmp(s->clip_limit, "displacements") == 0
               ? "the int displacements" : "@MEMORY");
  sk_gp_label(f, SK_GP_KEY_X, 0.13, "left", 8, 0, "#b00000", a, 0);
  sk_gp_label(f, SK_GP_KEY_X, 0.105, "left", 8, 0, "#b00000", b, 0);
}

#define SK_PLOT_FLOOR_LABELS 14

/* A suite page of a ping-pong with floors (lib/floor.h): $tF, the
 * floor of each drawn point, the y range grown to hold it, and above
 * the points, a step apart on the x axis, each one's median's multiple
 * of the floor ("3.1x"). */
static void sk_plot_floor(FILE *f, const sk_inputs_t *in, sk_plot_view_t *v)
{
  const sk_page_t *page = v->page;
  const sk_rfile_t *r;
  const sk_rfile_suite_t *s;
  const sk_rfile_point_t *p;
  sk_floor_t fl;
  double val, lo, hi, u = v->yu.factor, x, m;
  char text[32];
  size_t i, n = 0;
  int pass;
  double last = -1, step = 1, data_lo = v->ylo;
  if (page->kind != SK_PAGE_SUITE || page->nseries != 1 ||
      page->series[0].file >= in->n ||
      sk_floor_limits(r = in->files[page->series[0].file], &fl) != 0)
    return;
  s = page->series[0].suite;
  if (v->xlog && v->xlo > 0 && v->xhi > v->xlo)
    step = pow(v->xhi / v->xlo, 1.0 / SK_PLOT_FLOOR_LABELS);
  /* pass 0: the datablock; pass 1: the labels */
  for (pass = 0; pass < 2; pass++) {
    if (pass == 1 && n > 0)
      fputs("EOD\n", f);
    for (i = 0; i < s->npoints; i++) {
      /* the labels from the longest message down: its label is shown */
      p = &s->points[pass == 0 ? i : s->npoints - 1 - i];
      x = sk_floor_point(&fl, r, s, p);
      m = sk_floor_value(p);
      if (!isfinite(x) || x <= 0 ||
          sk_plot_value(v, p, &val, &lo, &hi) < 0)
        continue;
      if (pass == 0) {
        if (n++ == 0)
          fputs("$tF << EOD\n", f);
        sk_gp_num(f, p->argument);
        fputc(' ', f);
        sk_gp_num(f, x * u);
        fputc('\n', f);
        /* two decades below the data at most: a floor of copies
         * alone is far below a short message's time */
        if (x < v->ylo)
          v->ylo = fmax(x, data_lo / 100);
        continue;
      }
      /* at most about SK_PLOT_FLOOR_LABELS labels across the axis: a
       * label only a step on from the last one, so none overlap */
      if (!isfinite(m) || (last > 0 && p->argument * step > last))
        continue;
      last = p->argument;
      snprintf(text, sizeof text,
               m / x < 1000 ? "%.3g\xc3\x97" : "%.0f\xc3\x97", m / x);
      fputs("set label ", f);
      sk_gp_text(f, text, 0);
      fputs(" at first ", f);
      sk_gp_num(f, p->argument);
      fputc(',', f);
      sk_gp_num(f, val * u);
      fputs(" center offset 0,0.9 font ',7' tc rgb '#444444'\n", f);
    }
  }
  v->floor = n == 0 ? 0 : fl.quiet ? 1 : 2;
  /* room above the highest point for its label */
  if (n > 0 && v->ylog)
    v->yhi *= 2;
}

void sk_plot_xy_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                     size_t npages)
{
  sk_plot_view_t t, b;
  int group = page->kind == SK_PAGE_GROUP;
  sk_plot_view_init(&t, page, group && page->bandwidth, page->ylog);
  sk_plot_view_init(&b, page, 1, 0);
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  sk_plot_data(f, &t, 't');
  if (page->bw_panel)
    sk_plot_data(f, &b, 'b');
  sk_gp_page_begin(f);
  if (group)
    sk_plot_group_frame(f, in, page, npages);
  else if (page->kind == SK_PAGE_PLACED)
    sk_plot_placed_frame(f, in, page, npages);
  else
    sk_plot_suite_frame(f, in, page, npages);
  sk_plot_hidden_note(f, &t);
  sk_plot_clip_note(f, page);
  sk_plot_floor(f, in, &t);
  if (!page->bw_panel) {
    sk_plot_panel(f, &t, SK_GP_TOP, SK_GP_BOTTOM, 1, 1, 't');
  } else {
    sk_plot_panel(f, &t, SK_GP_TOP, 0.50, 1, 0, 't');
    fputs("unset label\n", f);
    sk_plot_panel(f, &b, 0.42, SK_GP_BOTTOM, 0, 1, 'b');
  }
  fputs("unset multiplot\n", f);
}

int sk_plot_script(FILE *f, const sk_inputs_t *in, const sk_pages_t *pages,
                   const char *pdf_gp)
{
  const sk_page_t *p;
  size_t i;
  sk_gp_header(f, pdf_gp);
  for (i = 0; i < pages->n; i++) {
    p = &pages->page[i];
    if (p->kind == SK_PAGE_TITLE)
      sk_title_page(f, in, p, pages->n);
    else if (p->kind == SK_PAGE_SINGLE)
      sk_single_page(f, in, p, pages->n);
    else if (sk_beyond_is_page(p))
      sk_beyond_page(f, in, p, pages->n);
    else
      sk_plot_xy_page(f, in, p, pages->n);
  }
  fputs("unset output\n", f);
  return ferror(f) ? -1 : 0;
}
