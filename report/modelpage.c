/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * modelpage.c -- the max-rate model page: the measured aggregate rate
 * k n / T of every k against the fitted models (max-rate solid, its
 * four-parameter variant dotted, the postal model of that k dashed), the
 * protocol switches as vertical lines, and the fitted parameters with
 * their largest relative errors as a table beside the plot.
 */
#include <config.h>

#include "modelpage.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "gp.h"
#include "model.h"
#include "msg.h"
#include "rout.h"
#include "units.h"

#define SK_MP_GRID 64
#define SK_MP_TABLE_REGIMES 4

void sk_modelpage_bytes_tics(FILE *f, double lo, double hi)
{
  double tics[16];
  size_t n = sk_units_log2_tics(lo, hi, tics, 12);
  sk_gp_tic_list(f, "x", tics, n, 1);
}

/* ---- data ------------------------------------------------------------- */

static double sk_mp_rate(long k, double n, double t)
{
  return t > 0 ? (double)k * n / t : NAN;
}

/* The fit of regime G drawn as line WHICH ('f' max-rate, 'g' 4-par,
 * 'p' postal of k index J). */
static const sk_model_fit_t *sk_mp_fit(const sk_model_regime_t *g,
                                       char which, size_t j)
{
  if (which == 'f')
    return &g->maxrate;
  if (which == 'g')
    return &g->maxrate4;
  return &g->postal_k[j];
}

/* $<which><j>: the model's rate for k = ks[j] on a log grid. */
static int sk_mp_curve(FILE *f, const sk_model_t *m, size_t j, char which,
                       double lo, double hi, double u)
{
  size_t i;
  int n = 0;
  fprintf(f, "$%c%lu << EOD\n", which, (unsigned long)j);
  for (i = 0; i <= SK_MP_GRID; i++) {
    double x = lo * pow(hi / lo, (double)i / SK_MP_GRID);
    const sk_model_regime_t *g = sk_model_regime(m, x);
    const sk_model_fit_t *fit = g ? sk_mp_fit(g, which, j) : NULL;
    double y;
    if (!fit || !fit->ok)
      continue;
    y = sk_mp_rate(m->ks[j], x, sk_fit_eval(&fit->m, m->ks[j], x));
    if (isfinite(y) && y > 0) {
      n++;
      sk_gp_num(f, x);
      fputc(' ', f);
      sk_gp_num(f, y * u);
      fputc('\n', f);
    }
  }
  fputs("EOD\n", f);
  return n;
}

static int sk_mp_measured(FILE *f, const sk_model_t *m, size_t j, double u)
{
  size_t i;
  int n = 0;
  fprintf(f, "$d%lu << EOD\n", (unsigned long)j);
  for (i = 0; i < m->npts; i++)
    if (m->pts[i].k == m->ks[j] && m->pts[i].n > 0) {
      n++;
      sk_gp_num(f, m->pts[i].n);
      fputc(' ', f);
      sk_gp_num(f, sk_mp_rate(m->pts[i].k, m->pts[i].n, m->pts[i].t) * u);
      fputc('\n', f);
    }
  fputs("EOD\n", f);
  return n;
}

/* The drawable range: lengths > 0 and their rates. */
static int sk_mp_range(const sk_model_t *m, double *lo, double *hi,
                       double *ylo, double *yhi)
{
  size_t i;
  int n = 0;
  *lo = *ylo = INFINITY;
  *hi = *yhi = 0;
  for (i = 0; i < m->npts; i++) {
    double y = sk_mp_rate(m->pts[i].k, m->pts[i].n, m->pts[i].t);
    if (m->pts[i].n <= 0 || !(y > 0))
      continue;
    n++;
    *lo = fmin(*lo, m->pts[i].n);
    *hi = fmax(*hi, m->pts[i].n);
    *ylo = fmin(*ylo, y);
    *yhi = fmax(*yhi, y);
  }
  if (n == 0)
    *lo = *ylo = 1, *hi = *yhi = 10;
  if (*hi <= *lo)
    *hi = *lo * 2;
  return n;
}

/* ---- the parameter table ------------------------------------------------- */

static void sk_mp_time_text(double s, char *buf, size_t size)
{
  snprintf(buf, size, "%.3g \xc2\xb5s", s * 1e6);
}

static void sk_mp_rate_text(double r, char *buf, size_t size)
{
  sk_units_scale_t u;
  if (!isfinite(r) || r <= 0) {
    snprintf(buf, size, "\xe2\x88\x9e");
    return;
  }
  u = sk_units_rate(r);
  snprintf(buf, size, "%.3g %s", r * u.factor, u.name);
}

/* One table line of fit F, named NAME. */
static void sk_mp_fit_line(const sk_model_fit_t *fit, const char *name,
                           char *buf, size_t size)
{
  char a[32], b[32], c[32], d[32];
  const sk_fit_model_t *m = &fit->m;
  sk_mp_time_text(m->alpha, a, sizeof a);
  if (m->kind == SK_FIT_POSTAL) {
    sk_mp_rate_text(m->beta > 0 ? 1.0 / m->beta : INFINITY, b, sizeof b);
    snprintf(buf, size, "  %s: \xce\xb1 %s, 1/\xce\xb2 %s, err %.1f%%", name,
             a, b, 100 * fit->maxerr);
    return;
  }
  sk_mp_rate_text(m->r_n, b, sizeof b);
  sk_mp_rate_text(m->r_cb, c, sizeof c);
  sk_mp_rate_text(m->r_ci, d, sizeof d);
  if (m->kind == SK_FIT_MAXRATE)
    snprintf(buf, size, "  %s: \xce\xb1 %s, R_N %s, R_C %s, err %.1f%%",
             name, a, b, c, 100 * fit->maxerr);
  else
    snprintf(buf, size, "  %s: \xce\xb1 %s, R_N %s, R_Cb %s, R_Ci %s, "
             "err %.1f%%", name, a, b, c, d, 100 * fit->maxerr);
}

static double sk_mp_row(FILE *f, double y, const char *text)
{
  sk_gp_label(f, SK_GP_KEY_X, y, "left", 7, 0, NULL, text, 90);
  return y - 0.021;
}

static void sk_mp_table(FILE *f, const sk_model_t *m, double y)
{
  char buf[256], name[32];
  size_t i, j;
  y = sk_mp_row(f, y, "fitted parameters per protocol regime");
  for (i = 0; i < m->nreg && i < SK_MP_TABLE_REGIMES; i++) {
    const sk_model_regime_t *g = &m->reg[i];
    if (isinf(g->hi))
      snprintf(buf, sizeof buf, "lengths from %.0f bytes: %lu points", g->lo,
               (unsigned long)g->npoints);
    else
      snprintf(buf, sizeof buf, "lengths %.0f to below %.0f bytes: %lu "
               "points", g->lo, g->hi, (unsigned long)g->npoints);
    y = sk_mp_row(f, y, buf);
    const sk_model_fit_t *fits[] = {&g->maxrate, &g->maxrate4, &g->postal};
    static const char *const names[] = {"max-rate", "max-rate 4", "postal"};
    for (j = 0; j < 3; j++) {
      if (fits[j]->ok)
        sk_mp_fit_line(fits[j], names[j], buf, sizeof buf);
      else
        snprintf(buf, sizeof buf, "%s: no fit (%s)", names[j],
                 fits[j]->why);
      y = sk_mp_row(f, y, buf);
    }
    for (j = 0; j < m->nk; j++)
      if (g->postal_k[j].ok) {
        snprintf(name, sizeof name, "postal k=%ld", m->ks[j]);
        sk_mp_fit_line(&g->postal_k[j], name, buf, sizeof buf);
        y = sk_mp_row(f, y, buf);
      }
  }
  if (m->nreg > SK_MP_TABLE_REGIMES)
    sk_mp_row(f, y, "(more regimes in the CSV files, --csv)");
}

/* ---- the page -------------------------------------------------------- */

static void sk_mp_frame(FILE *f, const sk_inputs_t *in, const sk_page_t *p,
                        size_t npages, const sk_model_t *m)
{
  char sw[1024] = "", one[128];
  size_t i, len = 0;
  for (i = 0; i < m->njumps && len < sizeof sw - 1; i++) {
    sk_model_switch_text(&m->jumps[i], one, sizeof one);
    len += (size_t)snprintf(sw + len, sizeof sw - len, "%s%s", i ? "; " : "",
                            one);
  }
  if (m->njumps == 0)
    snprintf(sw, sizeof sw, "no protocol switch detected%s%s",
             m->curve ? " in " : "", m->curve ? m->curve : "");
  sk_gp_frame(f, p, npages, p->title, in->labels[p->file], sw,
              "aggregate rate k n / T; fits by weighted least squares "
              "\xce\xa3 (T - f)\xc2\xb2 / n per regime; err: largest "
              "|f - T| / T", NULL);
}

static void sk_mp_axes(FILE *f, const sk_model_t *m, double lo, double hi,
                       double ylo, double yhi, const char *unit)
{
  size_t i;
  sk_gp_margins(f, SK_GP_LEFT, SK_GP_RIGHT, SK_GP_TOP, SK_GP_BOTTOM);
  fputs("set grid xtics ytics lc rgb '#dddddd'\nset tics nomirror\n"
        "set logscale x 2\nset logscale y 10\nset format y '%g'\n", f);
  sk_modelpage_bytes_tics(f, lo, hi);
  fprintf(f, "set xrange [%.17g:%.17g]\nset yrange [%.17g:%.17g]\n",
          lo / 1.2, hi * 1.2, ylo / 1.5, yhi * 1.5);
  fputs("set xlabel 'message length n [bytes]'\nset ylabel ", f);
  fprintf(f, "'aggregate rate k n / T [%s]'\n", unit);
  for (i = 0; i < m->njumps; i++)
    fprintf(f, "set arrow from %.17g, graph 0 to %.17g, graph 1 nohead "
            "dt 3 lc rgb '#888888'\n", m->jumps[i].hi, m->jumps[i].hi);
  fprintf(f, "set key at screen %.3f,%.3f left top Left reverse samplen 2.5 "
          "font ',8' box lc rgb '#bbbbbb'\n", SK_GP_KEY_X, SK_GP_TOP);
}

/* HAS[4 j + c]: datablock c ('d', 'f', 'g', 'p') of k index j has points;
 * empty ones are left out (gnuplot warns about them). */
static void sk_mp_plot(FILE *f, const sk_model_t *m, const int *has)
{
  static const char *const style[] = {
    "with points pt 7 ps 0.6", "with lines lw 1.5",
    "with lines lw 1 dt 3", "with lines lw 1 dt 2"};
  static const char blocks[] = "dfgp";
  size_t j, c;
  fprintf(f, "plot \\\n  keyentry with lines lw 1.5 lc rgb '#444444' "
          "title 'max-rate model%s'", sk_model_any_fit(m, 'f') ? ""
          : ": no fit (see the table)");
  for (j = 0; j < m->nk; j++)
    for (c = 0; c < 4; c++) {
      if (!has[4 * j + c])
        continue;
      fprintf(f, ", \\\n  $%c%lu using 1:2 %s lc rgb '%s' ", blocks[c],
              (unsigned long)j, style[c],
              sk_gp_colour((int)(j % SK_PAGES_COLOURS) + 1));
      if (c == 0)
        fprintf(f, "title 'measured, k = %ld'", m->ks[j]);
      else
        fputs("notitle", f);
    }
  fprintf(f, ", \\\n  keyentry with lines dt 3 lc rgb '#444444' "
          "title 'max-rate, 4 parameters%s', \\\n  keyentry with lines "
          "dt 2 lc rgb '#444444' title 'postal model of k'\n",
          sk_model_any_fit(m, 'g') ? "" : ": no fit");
}

void sk_modelpage_draw(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                       size_t npages)
{
  sk_model_t m;
  double lo, hi, ylo, yhi;
  sk_units_scale_t u;
  size_t j;
  int ok = sk_model_build(in->files[page->file], &m) == 0, *has;
  has = calloc(4 * (m.nk ? m.nk : 1), sizeof *has);
  ok = ok && has;
  sk_mp_range(&m, &lo, &hi, &ylo, &yhi);
  u = sk_units_rate(yhi);
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  for (j = 0; ok && j < m.nk; j++) {
    has[4 * j] = sk_mp_measured(f, &m, j, u.factor);
    has[4 * j + 1] = sk_mp_curve(f, &m, j, 'f', lo, hi, u.factor);
    has[4 * j + 2] = sk_mp_curve(f, &m, j, 'g', lo, hi, u.factor);
    has[4 * j + 3] = sk_mp_curve(f, &m, j, 'p', lo, hi, u.factor);
  }
  sk_gp_page_begin(f);
  sk_mp_frame(f, in, page, npages, &m);
  sk_mp_table(f, &m, SK_GP_TOP - 0.035 * (double)(m.nk + 4));
  sk_mp_axes(f, &m, lo, hi, ylo * u.factor, yhi * u.factor, u.name);
  if (ok && m.nk > 0)
    sk_mp_plot(f, &m, has);
  else
    fputs("plot 1e300 notitle\n", f);
  fputs("unset multiplot\n", f);
  free(has);
  sk_model_free(&m);
}

/* ---- CSV ------------------------------------------------------------------ */

static void sk_mp_csv_num(FILE *f, double v, const char *after)
{
  char buf[48];
  sk_units_num(v, buf, sizeof buf);
  fprintf(f, "%s%s", buf, after);
}

/* One row of FIT; a failed fit has empty values and says why. */
static void sk_mp_csv_fit(FILE *f, const sk_model_regime_t *g,
                          const sk_model_fit_t *fit, const char *name, long k)
{
  sk_mp_csv_num(f, g->lo, ",");
  sk_mp_csv_num(f, g->hi, ",");
  fprintf(f, "%s,%ld,", name, k);
  if (!fit->ok) {
    fprintf(f, ",,,,,,,,failed: %s\n", fit->why);
    return;
  }
  sk_mp_csv_num(f, fit->m.alpha, ",");
  sk_mp_csv_num(f, fit->m.beta, ",");
  sk_mp_csv_num(f, fit->m.r_n, ",");
  sk_mp_csv_num(f, fit->m.r_cb, ",");
  sk_mp_csv_num(f, fit->m.r_ci, ",");
  sk_mp_csv_num(f, fit->m.wsse, ",");
  fprintf(f, "%lu,", (unsigned long)fit->m.npoints);
  sk_mp_csv_num(f, fit->maxerr, ",ok\n");
}

static void sk_mp_csv_fits(FILE *f, const sk_model_t *m)
{
  size_t i, j;
  fputs("regime_lo_bytes,regime_hi_bytes,model,k,alpha_s,beta_s_per_byte,"
        "r_n_bytes_per_s,r_cb_bytes_per_s,r_ci_bytes_per_s,wsse,points,"
        "max_rel_err,fit\n", f);
  for (i = 0; i < m->nreg; i++) {
    const sk_model_regime_t *g = &m->reg[i];
    sk_mp_csv_fit(f, g, &g->postal, "postal", 0);
    for (j = 0; j < m->nk; j++)
      sk_mp_csv_fit(f, g, &g->postal_k[j], "postal", m->ks[j]);
    sk_mp_csv_fit(f, g, &g->maxrate, "maxrate", 0);
    sk_mp_csv_fit(f, g, &g->maxrate4, "maxrate4", 0);
  }
}

static void sk_mp_csv_switches(FILE *f, const sk_model_t *m)
{
  size_t i;
  fputs("lo_bytes,hi_bytes,factor\n", f);
  for (i = 0; i < m->njumps; i++) {
    sk_mp_csv_num(f, m->jumps[i].lo, ",");
    sk_mp_csv_num(f, m->jumps[i].hi, ",");
    sk_mp_csv_num(f, m->jumps[i].factor, "\n");
  }
}

static int sk_mp_csv_file(const char *dir, const sk_inputs_t *in,
                          const sk_page_t *p, const char *what,
                          const sk_model_t *m,
                          void (*write)(FILE *, const sk_model_t *))
{
  sk_outfile_t *h = sk_csv_open(dir, in, p, what);
  if (!h)
    return -1;
  write(h->fp, m);
  return sk_rout_commit(h);
}

int sk_modelpage_csv(const char *dir, const sk_inputs_t *in,
                     const sk_page_t *page)
{
  sk_model_t m;
  int rc = sk_model_build(in->files[page->file], &m);
  if (rc == 0)
    rc = sk_mp_csv_file(dir, in, page, "fits", &m, sk_mp_csv_fits);
  if (rc == 0)
    rc = sk_mp_csv_file(dir, in, page, "switches", &m,
                        sk_mp_csv_switches);
  sk_model_free(&m);
  return rc;
}
