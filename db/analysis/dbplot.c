/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dbplot.c -- one plot of many series from the database (dbplot.h),
 * drawn with skampi-report's gnuplot pieces.
 */
#include <config.h>

#include "dbplot.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "gnuplot.h"
#include "gp.h"
#include "grow.h"
#include "msg.h"
#include "outfile.h"
#include "rout.h"
#include "units.h"

#define SK_DBPLOT_KEY 70        /* characters of a legend entry */

int sk_dbplot_format(const char *path, char *err, size_t errlen)
{
  size_t n = path ? strlen(path) : 0;
  if (n > 4 && strcmp(path + n - 4, ".pdf") == 0)
    return 0;
  if (n > 4 && strcmp(path + n - 4, ".svg") == 0)
    return 1;
  return sk_msg_why(err, errlen, "the plot's file name must end in "
                       ".pdf or .svg");
}

/* ---- the series -------------------------------------------------------- */

typedef struct sk_dbplot_series {
  char *title;
  double *x, *y, *lo, *hi;
  size_t n, cap;
} sk_dbplot_series_t;

typedef struct sk_dbplot {
  sk_dbplot_series_t *s;
  size_t n, cap;
  double xmin, xmax;
  char *xname;                  /* the first suite's argument name */
  int bytes;                    /* its unit is bytes */
  int logx;                     /* asked for a log x axis */
  int xlog;                     /* drawn on one: some x > 0 */
  size_t nonpos;                /* points at x <= 0 a log axis leaves out */
} sk_dbplot_t;

/* Room for one more point in the four arrays, which grow together. */
static int sk_dbplot_grow(sk_dbplot_series_t *s)
{
  size_t cx = s->cap, cy = s->cap, clo = s->cap, chi = s->cap;
  if (SK_GROW(s->x, cx, s->n + 1, 32) != 0 ||
      SK_GROW(s->y, cy, s->n + 1, 32) != 0 ||
      SK_GROW(s->lo, clo, s->n + 1, 32) != 0 ||
      SK_GROW(s->hi, chi, s->n + 1, 32) != 0)
    return -1;
  s->cap = cx;
  return 0;
}

/* The drawn value of P and its bar. */
static void sk_dbplot_value(const sk_store_point_t *p, double *y,
                            double *lo, double *hi)
{
  *y = isfinite(p->median) ? p->median : p->mean;
  if (isfinite(p->q1) && isfinite(p->q3)) {
    *lo = p->q1;
    *hi = p->q3;
  } else if (isfinite(p->se)) {
    *lo = *y - p->se;
    *hi = *y + p->se;
  } else
    *lo = *hi = *y;
}

static int sk_dbplot_point(void *arg, const sk_store_point_t *p)
{
  sk_dbplot_t *d = arg;
  sk_dbplot_series_t *s = &d->s[d->n - 1];
  double y, lo, hi;
  /* below the timer's resolution: no measurement, not drawn */
  if (!isfinite(p->argument) || p->argument < d->xmin ||
      p->argument > d->xmax || p->unresolved)
    return 0;
  sk_dbplot_value(p, &y, &lo, &hi);
  if (!isfinite(y))
    return 0;
  if (s->n == s->cap && sk_dbplot_grow(s) < 0)
    return -1;
  s->x[s->n] = p->argument;
  s->y[s->n] = y;
  s->lo[s->n] = isfinite(lo) ? lo : y;
  s->hi[s->n] = isfinite(hi) ? hi : y;
  s->n++;
  return 0;
}

typedef struct sk_dbplot_find {
  const char *name;
  sk_dbplot_t *d;
} sk_dbplot_find_t;

/* Remembers the argument name of the first suite called NAME. */
static int sk_dbplot_suite(void *arg, int64_t run, const sk_store_suite_t *s,
                           long npoints)
{
  sk_dbplot_find_t *f = arg;
  (void)run;
  (void)npoints;
  if (f->d->xname || strcmp(s->name, f->name) != 0 || !s->argument_name)
    return 0;
  f->d->xname = strdup(s->argument_name);
  f->d->bytes = strcmp(s->argument_name, "length") == 0 ||
                strcmp(s->argument_name, "bytes") == 0;
  return f->d->xname ? 0 : -1;
}

/* "run 12: MACHINE, LIBRARY, np 2, 2026-11-22" (+ " - SUITE"). */
static char *sk_dbplot_title(const sk_store_info_t *r, const char *suite,
                             int with_suite)
{
  char np[32] = "", *t;
  size_t len;
  if (r->processes > 0)
    snprintf(np, sizeof np, ", np %ld", r->processes);
  len = strlen(r->machine ? r->machine : "") +
        strlen(r->library ? r->library : "") + strlen(suite) + 128;
  if (!(t = malloc(len)))
    return NULL;
  snprintf(t, len, "%s %lld: %s, %s%s, %.10s%s%s",
           strcmp(r->kind, "merged") == 0 ? "merged" : "run",
           (long long)r->id, r->machine ? r->machine : "?",
           r->library ? r->library : "?", np,
           r->start_time ? r->start_time : "", with_suite ? " - " : "",
           with_suite ? suite : "");
  return t;
}

static int sk_dbplot_series(sk_store_t *st, sk_dbplot_t *d, int64_t run,
                            const char *suite, int with_suite)
{
  sk_store_info_t info;
  sk_dbplot_series_t *grown;
  sk_dbplot_find_t find = {suite, d};
  int rc;
  if (sk_store_info(st, run, &info) < 0)
    return -1;
  if (SK_GROW(d->s, d->cap, d->n + 1, 8) != 0) {
    sk_store_info_free(&info);
    return -1;
  }
  grown = d->s;
  memset(&grown[d->n], 0, sizeof *grown);
  grown[d->n].title = sk_dbplot_title(&info, suite, with_suite);
  d->n++;
  rc = grown[d->n - 1].title ? 0 : -1;
  if (rc == 0)
    rc = sk_store_points(st, run, suite, sk_dbplot_point, d);
  if (rc == 0 && !d->xname)
    rc = sk_store_suites(st, run, sk_dbplot_suite, &find);
  sk_store_info_free(&info);
  return rc;
}

static void sk_dbplot_free(sk_dbplot_t *d)
{
  size_t i;
  for (i = 0; i < d->n; i++) {
    free(d->s[i].title);
    free(d->s[i].x);
    free(d->s[i].y);
    free(d->s[i].lo);
    free(d->s[i].hi);
  }
  free(d->s);
  free(d->xname);
}

/* ---- the script -------------------------------------------------------- */

/* Whether the plot of D shows its point K of series I. */
static int sk_dbplot_shown(const sk_dbplot_t *d, size_t i, size_t k)
{
  return !d->xlog || d->s[i].x[k] > 0;
}

/* How many points of series I the plot shows. */
static size_t sk_dbplot_nshown(const sk_dbplot_t *d, size_t i)
{
  size_t k, n = 0;
  for (k = 0; k < d->s[i].n; k++)
    n += (size_t)sk_dbplot_shown(d, i, k);
  return n;
}

/* Decides the x axis: log when asked and some x is positive (the points
 * at x <= 0 are left out and counted). */
static void sk_dbplot_decide(sk_dbplot_t *d)
{
  size_t i, k;
  d->xlog = 0;
  d->nonpos = 0;
  for (i = 0; d->logx && i < d->n; i++)
    for (k = 0; k < d->s[i].n; k++)
      d->xlog |= d->s[i].x[k] > 0;
  for (i = 0; d->xlog && i < d->n; i++)
    for (k = 0; k < d->s[i].n; k++)
      d->nonpos += !(d->s[i].x[k] > 0);
}

static void sk_dbplot_range(const sk_dbplot_t *d, double r[4])
{
  size_t i, k;
  r[0] = r[2] = INFINITY;
  r[1] = r[3] = -INFINITY;
  for (i = 0; i < d->n; i++)
    for (k = 0; k < d->s[i].n; k++) {
      if (!sk_dbplot_shown(d, i, k))
        continue;
      r[0] = fmin(r[0], d->s[i].x[k]);
      r[1] = fmax(r[1], d->s[i].x[k]);
      r[2] = fmin(r[2], fmin(d->s[i].lo[k], d->s[i].y[k]));
      r[3] = fmax(r[3], fmax(d->s[i].hi[k], d->s[i].y[k]));
    }
}

/* The axis label of an argument name as stored ("length"). */
static const char *sk_dbplot_xlabel(const sk_dbplot_t *d)
{
  if (!d->xname || strcmp(d->xname, "none") == 0)
    return "argument";
  if (d->bytes)
    return "message length [bytes]";
  if (strcmp(d->xname, "nodes") == 0)
    return "processes";
  return d->xname;
}

static void sk_dbplot_xaxis(FILE *f, const sk_dbplot_t *d, const double r[4])
{
  double tics[16];
  size_t n;
  if (d->xlog && r[0] > 0) {
    double lo = r[0] / 1.15, hi = r[1] * 1.15;
    n = sk_units_log2_tics(lo, hi, tics, 12);
    fputs("set logscale x 2\n", f);
    if (n)
      sk_gp_tic_list(f, "x", tics, n, d->bytes);
    fprintf(f, "set xrange [%.17g:%.17g]\n", lo, hi);
  } else {
    /* an argument of 0 (a suite that varies nothing): linear, padded */
    double pad = r[1] > r[0] ? (r[1] - r[0]) * 0.04 : 1;
    fprintf(f, "set xrange [%.17g:%.17g]\n", r[0] - pad, r[1] + pad);
  }
  fputs("set xlabel ", f);
  sk_gp_text(f, sk_dbplot_xlabel(d), 40);
  fputc('\n', f);
  if (d->nonpos) {
    char note[96];
    snprintf(note, sizeof note, "%zu point%s at argument 0 not shown on the "
             "log axis", d->nonpos, d->nonpos == 1 ? "" : "s");
    fputs("set label 1 ", f);
    sk_gp_text(f, note, 0);
    fputs(" at screen 0.01, screen 0.02 font ',9' tc rgb '#555555'\n", f);
  }
}

/* The y axis; returns the factor of the time unit. */
static double sk_dbplot_yaxis(FILE *f, const double r[4])
{
  int logy = r[2] > 0;
  sk_units_scale_t u = sk_units_time(r[2], r[3], logy);
  char label[64];
  if (logy) {
    double tics[16], lo = r[2] * u.factor / 1.25, hi = r[3] * u.factor * 1.25;
    size_t n = sk_units_log10_tics(lo, hi, tics, 10);
    fputs("set logscale y 10\n", f);
    if (n)
      sk_gp_tic_list(f, "y", tics, n, 0);
    fprintf(f, "set yrange [%.17g:%.17g]\n", lo, hi);
  } else {
    double lo = fmin(0, r[2] * u.factor), hi = r[3] * u.factor;
    fprintf(f, "set yrange [%.17g:%.17g]\n", lo, hi > lo ? hi * 1.08 : lo + 1);
  }
  snprintf(label, sizeof label, "time [%s]", u.name);
  fputs("set ylabel ", f);
  sk_gp_text(f, label, 0);
  fputc('\n', f);
  return u.factor;
}

static void sk_dbplot_data(FILE *f, const sk_dbplot_t *d, size_t i,
                           double factor)
{
  const sk_dbplot_series_t *s = &d->s[i];
  size_t k;
  fprintf(f, "$d%lu << EOD\n", (unsigned long)i);
  for (k = 0; k < s->n; k++) {
    if (!sk_dbplot_shown(d, i, k))
      continue;
    sk_gp_num(f, s->x[k]);
    fputc(' ', f);
    sk_gp_num(f, s->y[k] * factor);
    fputc(' ', f);
    sk_gp_num(f, s->lo[k] * factor);
    fputc(' ', f);
    sk_gp_num(f, s->hi[k] * factor);
    fputc('\n', f);
  }
  fputs("EOD\n", f);
}

typedef struct sk_dbplot_body {
  const sk_dbplot_t *d;
  const char *const *suites;
  size_t nsuites;
} sk_dbplot_body_t;

static void sk_dbplot_heading(FILE *f, const sk_dbplot_body_t *b)
{
  size_t i, len = 1;
  char *t;
  for (i = 0; i < b->nsuites; i++)
    len += strlen(b->suites[i]) + 2;
  if (!(t = malloc(len)))
    return;
  t[0] = '\0';
  for (i = 0; i < b->nsuites; i++) {
    strcat(t, i ? ", " : "");
    strcat(t, b->suites[i]);
  }
  fputs("set title ", f);
  sk_gp_text(f, t, 100);
  fputs(" font ',14'\n", f);
  free(t);
}

static int sk_dbplot_body(FILE *f, void *arg)
{
  const sk_dbplot_body_t *b = arg;
  const sk_dbplot_t *d = b->d;
  double r[4], factor;
  size_t i, drawn = 0;
  sk_dbplot_range(d, r);
  if (!(r[0] <= r[1]))
    return -1;
  sk_dbplot_heading(f, b);
  sk_dbplot_xaxis(f, d, r);
  factor = sk_dbplot_yaxis(f, r);
  fputs("set format x '%g'\nset format y '%g'\n"
        "set grid xtics ytics lc rgb '#dddddd'\n"
        "set key outside right top vertical Left reverse noautotitle "
        "font ',9'\n", f);
  for (i = 0; i < d->n; i++)
    if (sk_dbplot_nshown(d, i))
      sk_dbplot_data(f, d, i, factor);
  fputs("plot \\\n", f);
  for (i = 0; i < d->n; i++) {
    if (!sk_dbplot_nshown(d, i))
      continue;
    fprintf(f, "%s  $d%lu using 1:2:3:4 with yerrorlines lc rgb '%s' "
            "pt %d ps 0.6 lw 1.3 title ", drawn++ ? ", \\\n" : "",
            (unsigned long)i, sk_gp_colour((int)(i % SK_PAGES_COLOURS) + 1),
            (int)(i / SK_PAGES_COLOURS) % 6 + 7);
    sk_gp_text(f, d->s[i].title, SK_DBPLOT_KEY);
  }
  fputs("\n", f);
  return ferror(f) ? -1 : 0;
}

/* ---- drawing ----------------------------------------------------------- */

static void sk_dbplot_terminal(FILE *f, int svg, const char *out_gp)
{
  fprintf(f, "# written by skampi-db %s\n", PACKAGE_VERSION);
  if (svg)
    fprintf(f, "set terminal svg noenhanced size 1123,794 font '%s,%d' "
            "background '#ffffff'\n", SK_GP_FONT, SK_GP_SIZE + 2);
  else
    fprintf(f, "set terminal pdfcairo noenhanced color size 29.7cm,21cm "
            "font '%s,%d' linewidth 1\n", SK_GP_FONT, SK_GP_SIZE);
  fprintf(f, "set encoding utf8\nset output %s\n", out_gp);
}

/* The script into a temporary file and gnuplot run on it. */
static int sk_dbplot_run(int svg, const char *out_gp, sk_dbplot_body_fn body,
                         void *arg, char *err, size_t errlen)
{
  char *tmp = NULL;
  FILE *f = NULL;
  int rc;
  if (sk_rout_tmpscript(&tmp, &f) < 0) {
    free(tmp);
    return sk_msg_why(err, errlen, "cannot write a temporary script");
  }
  sk_dbplot_terminal(f, svg, out_gp);
  rc = body(f, arg);
  if ((fclose(f) != 0) | rc)
    rc = sk_msg_why(err, errlen, "cannot write the script '%s': %s",
                       tmp, strerror(errno));
  else if ((rc = sk_gnuplot_run(tmp)) == -2) {
    sk_msg_why(err, errlen, "gnuplot '%s' took longer than a drawing "
               "may take and was stopped (fewer series draw faster)",
                  sk_gnuplot_program());
    rc = SK_DBPLOT_SLOW;
  } else if (rc < 0)
    sk_msg_why(err, errlen, "gnuplot '%s' failed to draw the plot",
                  sk_gnuplot_program());
  unlink(tmp);
  free(tmp);
  return rc;
}

int sk_dbplot_render(const char *path, sk_dbplot_body_fn body, void *arg,
                     char *err, size_t errlen)
{
  int svg = sk_dbplot_format(path, err, errlen);
  sk_outfile_t *out;
  struct stat sb;
  char *gp;
  int rc;
  if (svg < 0)
    return -1;
  out = sk_outfile_open(path, svg ? SK_OUTFILE_SVG : SK_OUTFILE_PDF, NULL,
                        err, errlen);
  if (!out)
    return -1;
  if (!(gp = sk_escape_gp(out->tmp))) {
    sk_outfile_abort(out);
    return sk_msg_why(err, errlen, "out of memory");
  }
  /* gnuplot writes the temporary by its name; out->fp stays unwritten. */
  if ((rc = sk_dbplot_run(svg, gp, body, arg, err, errlen)) < 0) {
    free(gp);
    sk_outfile_abort(out);
    return rc;
  }
  free(gp);
  if (stat(out->tmp, &sb) != 0 || sb.st_size == 0) {
    sk_outfile_abort(out);
    return sk_msg_why(err, errlen, "gnuplot '%s' wrote no picture",
                         sk_gnuplot_program());
  }
  return sk_outfile_commit(out, err, errlen);
}

int sk_dbplot_draw(sk_store_t *st, const int64_t *runs, size_t nruns,
                   const char *const *suites, size_t nsuites, double xmin,
                   double xmax, int logx, const char *path, char *err,
                   size_t errlen)
{
  sk_dbplot_t d;
  sk_dbplot_body_t b;
  size_t i, k, points = 0;
  int rc = 0;
  memset(&d, 0, sizeof d);
  d.logx = logx;
  d.xmin = isnan(xmin) ? -INFINITY : xmin;
  d.xmax = isnan(xmax) ? INFINITY : xmax;
  if (nsuites == 0) {
    sk_msg_why(err, errlen, "no suite to plot");
    return SK_DBPLOT_NOTHING;
  }
  if (sk_dbplot_format(path, err, errlen) < 0)
    return -1;
  for (i = 0; rc == 0 && i < nruns; i++)
    for (k = 0; rc == 0 && k < nsuites; k++)
      if (sk_dbplot_series(st, &d, runs[i], suites[k], nsuites > 1) < 0)
        rc = sk_msg_why(err, errlen, "cannot read run %lld from the "
                           "database", (long long)runs[i]);
  sk_dbplot_decide(&d);
  for (i = 0; i < d.n; i++)
    points += d.s[i].n;
  if (rc == 0 && points == 0) {
    sk_msg_why(err, errlen, "nothing to plot: %s", nruns == 0
                  ? "no run matches" : "no selected run has the suite "
                  "in that range");
    rc = SK_DBPLOT_NOTHING;
  }
  b.d = &d;
  b.suites = suites;
  b.nsuites = nsuites;
  if (rc == 0)
    rc = sk_dbplot_render(path, sk_dbplot_body, &b, err, errlen);
  sk_dbplot_free(&d);
  return rc;
}
