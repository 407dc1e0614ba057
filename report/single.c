/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * single.c -- the dot plot of suites that vary nothing.
 */
#include <config.h>

#include "single.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gp.h"
#include "units.h"

#define SK_SINGLE_LEFT 0.30

/* Row of suite NAME on this page, -1 when it is on another page. */
static int sk_single_row(const sk_page_t *p, const char *name)
{
  size_t i;
  for (i = 0; i < p->count; i++)
    if (strcmp(p->names[p->first + i], name) == 0)
      return (int)i;
  return -1;
}

/* The point of a single suite: the first one (there is one). */
static const sk_rfile_point_t *sk_single_point(const sk_series_t *s)
{
  const sk_rfile_point_t *p = &s->suite->points[0];
  return (isfinite(p->mean) && p->mean > 0) ? p : NULL;
}

/* Files with a drawable point on this page, in file order. */
static size_t sk_single_files(const sk_page_t *p, size_t *files, size_t max)
{
  size_t k, j, n = 0;
  for (k = 0; k < p->nseries; k++) {
    if (sk_single_row(p, p->series[k].suite->name) < 0 ||
        !sk_single_point(&p->series[k]))
      continue;
    for (j = 0; j < n && files[j] != p->series[k].file; j++)
      ;
    if (j == n && n < max)
      files[n++] = p->series[k].file;
  }
  return n;
}

static void sk_single_range(const sk_page_t *p, double *lo, double *hi,
                            size_t *hidden)
{
  const sk_rfile_point_t *pt;
  size_t k;
  *lo = INFINITY;
  *hi = -INFINITY;
  *hidden = 0;
  for (k = 0; k < p->nseries; k++) {
    if (sk_single_row(p, p->series[k].suite->name) < 0)
      continue;
    pt = sk_single_point(&p->series[k]);
    if (!pt) {
      (*hidden)++;
      continue;
    }
    *lo = fmin(*lo, fmax(pt->mean - fabs(pt->se), pt->mean / 100));
    *hi = fmax(*hi, pt->mean + fabs(pt->se));
  }
  if (*lo > *hi)
    *lo = 1e-6, *hi = 1e-5;
}

/* $g<i><subset>: time, row, bar low, bar high for file FILES[I]; 'a'
 * all points, 'm' those that missed epsilon.  Returns the row count. */
static size_t sk_single_block(FILE *f, const sk_page_t *p, size_t file,
                              double offset, double u, char subset, size_t i)
{
  const sk_rfile_point_t *pt;
  size_t k, n = 0;
  int row;
  for (k = 0; k < p->nseries; k++) {
    row = sk_single_row(p, p->series[k].suite->name);
    pt = sk_single_point(&p->series[k]);
    if (p->series[k].file != file || row < 0 || !pt ||
        (subset == 'm' && pt->eps_met))
      continue;
    if (n++ == 0)
      fprintf(f, "$g%lu%c << EOD\n", (unsigned long)i, subset);
    sk_gp_num(f, pt->mean * u);
    fprintf(f, " %.4f ", (double)(p->count - (size_t)row) + offset);
    sk_gp_num(f, fmax(pt->mean - fabs(pt->se), pt->mean / 100) * u);
    fputc(' ', f);
    sk_gp_num(f, (pt->mean + fabs(pt->se)) * u);
    fputc('\n', f);
  }
  if (n)
    fputs("EOD\n", f);
  return n;
}

static void sk_single_axes(FILE *f, const sk_page_t *p, double lo, double hi,
                           sk_units_scale_t u)
{
  double tics[12];
  size_t i, n;
  lo = lo * u.factor / 1.5;
  hi = hi * u.factor * 1.5;
  n = sk_units_log10_tics(lo, hi, tics, 10);
  sk_gp_margins(f, SK_SINGLE_LEFT, SK_GP_RIGHT, SK_GP_TOP, SK_GP_BOTTOM);
  fputs("set logscale x 10\nset format x '%g'\nset xtics (", f);
  for (i = 0; i < n; i++) {
    sk_gp_num(f, tics[i]);
    fputs(i + 1 < n ? ", " : ")\n", f);
  }
  fprintf(f, "set xrange [%.17g:%.17g]\nset xlabel 'time [%s]'\n", lo, hi,
          u.name);
  fprintf(f, "set yrange [0.4:%.1f]\nset ytics (", (double)p->count + 0.6);
  for (i = 0; i < p->count; i++) {
    sk_gp_text_mid(f, p->names[p->first + i], 44);
    fprintf(f, " %lu%s", (unsigned long)(p->count - i),
            i + 1 < p->count ? ", " : ")\n");
  }
  fputs("set grid xtics ytics lc rgb '#dddddd' lw 1 dt 1\n"
        "set tics nomirror\n", f);
  fprintf(f, "set key at screen %.3f,%.3f left top Left reverse samplen 1 "
          "spacing 1.25 font ',9' box lc rgb '#bbbbbb' width 1\n",
          SK_GP_KEY_X, SK_GP_TOP);
}

static void sk_single_plot(FILE *f, const sk_inputs_t *in,
                           const size_t *files, const size_t *missed,
                           size_t nf)
{
  size_t i;
  const char *c;
  fputs("plot \\\n", f);
  for (i = 0; i < nf; i++) {
    c = sk_gp_colour(sk_pages_file_colour(files[i]));
    fprintf(f, "%s  $g%lua using 1:2:3:4 with xerrorbars lc rgb '%s' pt 7 "
            "ps 0.9 lw 1.2 title ", i ? ", \\\n" : "", (unsigned long)i, c);
    sk_gp_text(f, in->labels[files[i]], 50);
    if (missed[i])
      fprintf(f, ", \\\n  $g%lum using 1:2 with points lc rgb '#000000' "
              "pt 6 ps 2 lw 1.5 notitle", (unsigned long)i);
  }
  for (i = 0; i < nf && !missed[i]; i++)
    ;
  if (i < nf)
    fputs(", \\\n  keyentry with points pt 6 ps 2 lw 1.5 lc rgb '#000000' "
          "title '\xce\xb5 not met'", f);
  fputc('\n', f);
}

void sk_single_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                    size_t npages)
{
  size_t files[64], missed[64], nf, i, hidden;
  double lo, hi, off, width;
  sk_units_scale_t u;
  char sub[160], note[160];
  nf = sk_single_files(page, files, 64);
  sk_single_range(page, &lo, &hi, &hidden);
  u = sk_units_time(lo, hi, 1);
  width = nf > 1 ? fmin(0.5 / (double)nf, 0.18) : 0;
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  for (i = 0; i < nf; i++) {
    off = ((double)(nf - 1) / 2 - (double)i) * width;
    sk_single_block(f, page, files[i], off, u.factor, 'a', i);
    missed[i] = sk_single_block(f, page, files[i], off, u.factor, 'm', i);
  }
  snprintf(sub, sizeof sub, "suites without a variation: one time per "
           "suite and result file, \xc2\xb1 standard error%s",
           page->continued ? " (continued)" : "");
  sk_gp_page_begin(f);
  sk_gp_frame(f, page, npages, "Single measurements", sub, NULL, NULL,
              NULL);
  if (hidden) {
    snprintf(note, sizeof note, "%lu time%s of zero or less cannot be "
             "shown on the log axis (see the CSV)", (unsigned long)hidden,
             hidden == 1 ? "" : "s");
    sk_gp_label(f, SK_GP_KEY_X, 0.06, "left", 8, 0, "#b00000", note, 0);
  }
  sk_single_axes(f, page, lo, hi, u);
  if (nf == 0)
    fputs("plot 1e300 notitle\n", f);
  else
    sk_single_plot(f, in, files, missed, nf);
  fputs("unset multiplot\n", f);
}
