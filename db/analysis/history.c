/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * history.c -- a point over time and its change points (history.h).
 */
#include <config.h>

#include "history.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbplot.h"
#include "gp.h"
#include "grow.h"
#include "msg.h"
#include "units.h"

/* The point of one run being looked for. */
typedef struct sk_history_find {
  double argument;
  int found, any, unresolved;
  double value, q1, q3;
} sk_history_find_t;

/* The same argument: equal, or within rounding of a stored decimal. */
static int sk_history_same(double a, double b)
{
  return a == b || fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

static int sk_history_point(void *arg, const sk_store_point_t *p)
{
  sk_history_find_t *f = arg;
  double v = isfinite(p->median) ? p->median : p->mean;
  f->any = 1;
  if (f->found || !sk_history_same(p->argument, f->argument) ||
      !isfinite(v))
    return 0;
  f->found = 1;
  /* below the timer's resolution: no measurement, left out and counted */
  f->unresolved = p->unresolved;
  f->value = v;
  f->q1 = p->q1;
  f->q3 = p->q3;
  return 0;
}

/* Appends RUN's point to h when it has one. */
static int sk_history_run(sk_store_t *st, int64_t run, sk_history_t *h)
{
  sk_history_find_t f = {h->argument, 0, 0, 0, NAN, NAN, NAN};
  sk_store_info_t info;
  sk_history_point_t *pt;
  if (sk_store_points(st, run, h->suite, sk_history_point, &f) < 0)
    return -1;
  if (!f.found) {
    h->other_args += f.any;
    h->no_suite += !f.any;
    return 0;
  }
  if (f.unresolved) {
    h->unresolved++;
    return 0;
  }
  if (sk_store_info(st, run, &info) < 0)
    return -1;
  pt = &h->points[h->npoints];
  pt->run = run;
  pt->start_time = info.start_time ? strdup(info.start_time) : strdup("");
  pt->value = f.value;
  pt->q1 = f.q1;
  pt->q3 = f.q3;
  sk_store_info_free(&info);
  if (!pt->start_time)
    return -1;
  h->npoints++;
  return 0;
}

/* Oldest first: start time, then id (ISO 8601 UTC sorts as text). */
static int sk_history_cmp(const void *a, const void *b)
{
  const sk_history_point_t *x = a, *y = b;
  int c = strcmp(x->start_time, y->start_time);
  if (c)
    return c;
  return (x->run > y->run) - (x->run < y->run);
}

static int sk_history_changes(sk_history_t *h, char *err, size_t errlen)
{
  double *v;
  sk_ediv_cp_t *cp = NULL;
  size_t i, n = 0;
  if (h->npoints == 0)
    return 0;
  if (!(v = malloc(h->npoints * sizeof *v)))
    return sk_msg_why(err, errlen, "out of memory");
  for (i = 0; i < h->npoints; i++)
    v[i] = h->points[i].value;
  if (sk_ediv_find(v, h->npoints, &h->opts, &cp, &n) < 0) {
    free(v);
    return sk_msg_why(err, errlen, "cannot search for change points");
  }
  free(v);
  if (n && !(h->cps = calloc(n, sizeof *h->cps))) {
    free(cp);
    return sk_msg_why(err, errlen, "out of memory");
  }
  for (i = 0; i < n; i++) {
    h->cps[i].at = cp[i].at;
    h->cps[i].run = h->points[cp[i].at].run;
    h->cps[i].p = cp[i].p;
    h->cps[i].before = cp[i].before;
    h->cps[i].after = cp[i].after;
  }
  h->ncps = n;
  free(cp);
  return 0;
}

int sk_history_build_opts(sk_store_t *st, const int64_t *runs, size_t nruns,
                          const char *suite, double argument,
                          const sk_ediv_opts_t *o, sk_history_t *out,
                          char *err, size_t errlen)
{
  int64_t *ids;
  size_t i, n = nruns;
  long out_merged;
  memset(out, 0, sizeof *out);
  if (o)
    out->opts = *o;
  else
    sk_ediv_defaults(&out->opts);
  out->argument = argument;
  out->selected = nruns;
  if (!(out->suite = strdup(suite ? suite : "")))
    return sk_msg_why(err, errlen, "out of memory");
  if (nruns && !(out->points = calloc(nruns, sizeof *out->points)))
    return sk_msg_why(err, errlen, "out of memory");
  if (!(ids = malloc((nruns ? nruns : 1) * sizeof *ids)))
    return sk_msg_why(err, errlen, "out of memory");
  if (nruns)
    memcpy(ids, runs, nruns * sizeof *ids);
  if ((out_merged = sk_store_dedupe(st, ids, &n)) < 0) {
    free(ids);
    return sk_msg_why(err, errlen, "cannot read the campaigns of the runs");
  }
  out->merged_out = (size_t)out_merged;
  for (i = 0; i < n; i++)
    if (sk_history_run(st, ids[i], out) < 0) {
      sk_msg_why(err, errlen, "cannot read run %lld from the database",
                 (long long)ids[i]);
      free(ids);
      return -1;
    }
  free(ids);
  if (out->npoints > 1)
    qsort(out->points, out->npoints, sizeof *out->points, sk_history_cmp);
  return sk_history_changes(out, err, errlen);
}

int sk_history_build(sk_store_t *st, const int64_t *runs, size_t nruns,
                     const char *suite, double argument, sk_history_t *out,
                     char *err, size_t errlen)
{
  return sk_history_build_opts(st, runs, nruns, suite, argument, NULL, out,
                               err, errlen);
}

void sk_history_matched_text(const sk_history_t *h, char *buf,
                             size_t size)
{
  char a[32];
  size_t len;
  snprintf(a, sizeof a, "%.10g", h->argument);
  len = (size_t)snprintf(buf, size, "%zu of %zu run%s selected %s %s at "
                         "%s", h->npoints, h->selected,
                         h->selected == 1 ? "" : "s",
                         h->npoints == 1 ? "has" : "have", h->suite, a);
  if (len < size && h->other_args)
    len += (size_t)snprintf(buf + len, size - len, "%s %zu measured it at "
                            "other arguments only (different grids: "
                            "measure both with skampi-run --grid-from)",
                            len ? ":" : "", h->other_args);
  if (len < size && h->no_suite)
    len += (size_t)snprintf(buf + len, size - len, "%s %zu lack%s the "
                            "suite", h->other_args ? "," : ":", h->no_suite,
                            h->no_suite == 1 ? "s" : "");
  if (len < size && h->merged_out)
    len += (size_t)snprintf(buf + len, size - len, "%s %zu merged file%s "
                            "left out (%s runs are selected)",
                            h->other_args || h->no_suite ? "," : ":",
                            h->merged_out, h->merged_out == 1 ? "" : "s",
                            h->merged_out == 1 ? "its" : "their");
  if (len < size && h->unresolved)
    snprintf(buf + len, size - len, "%s %zu left out, below the timer's "
             "resolution there (no measurement)",
             h->other_args || h->no_suite || h->merged_out ? "," : ":",
             h->unresolved);
}

void sk_history_free(sk_history_t *h)
{
  size_t i;
  if (!h)
    return;
  for (i = 0; i < h->npoints; i++)
    free(h->points[i].start_time);
  free(h->points);
  free(h->cps);
  free(h->suite);
  memset(h, 0, sizeof *h);
}

/* ---- the plot ---------------------------------------------------------- */

static void sk_history_xtics(FILE *f, const sk_history_t *h)
{
  size_t i, step = h->npoints / 12 + 1;
  char buf[48];
  fputs("set xtics rotate by 30 right (", f);
  for (i = 0; i < h->npoints; i += step) {
    snprintf(buf, sizeof buf, "%lld %.10s", (long long)h->points[i].run,
             h->points[i].start_time);
    sk_gp_text(f, buf, 0);
    fprintf(f, " %lu%s", (unsigned long)i + 1,
            i + step < h->npoints ? ", " : "");
  }
  fputs(")\n", f);
}

/* Each change: a dashed line before points[at], the levels of both
 * sides as short horizontal segments. */
static void sk_history_marks(FILE *f, const sk_history_t *h, double factor)
{
  size_t i;
  for (i = 0; i < h->ncps; i++) {
    const sk_history_cp_t *c = &h->cps[i];
    size_t from = i ? h->cps[i - 1].at : 0;
    size_t to = i + 1 < h->ncps ? h->cps[i + 1].at : h->npoints;
    double x = (double)c->at + 0.5;
    fprintf(f, "set arrow from %.1f, graph 0 to %.1f, graph 1 nohead "
            "dt 2 lw 1.5 lc rgb '#d55e00' front\n", x, x);
    fprintf(f, "set arrow from %.1f, first %.17g to %.1f, first %.17g "
            "nohead lw 2 lc rgb '#d55e00' front\n", (double)from + 0.5,
            c->before * factor, x, c->before * factor);
    fprintf(f, "set arrow from %.1f, first %.17g to %.1f, first %.17g "
            "nohead lw 2 lc rgb '#d55e00' front\n", x, c->after * factor,
            (double)to + 0.5, c->after * factor);
  }
}

static int sk_history_body(FILE *f, void *arg)
{
  const sk_history_t *h = arg;
  double lo = INFINITY, hi = -INFINITY, y, a, b;
  char title[256], arg_text[40];
  size_t i;
  sk_units_scale_t u;
  for (i = 0; i < h->npoints; i++) {
    lo = fmin(lo, h->points[i].value);
    hi = fmax(hi, h->points[i].value);
  }
  u = sk_units_time(lo, hi, 0);
  for (i = 0; i < h->npoints; i++) {   /* the bars, for the y range */
    if (isfinite(h->points[i].q1))
      lo = fmin(lo, h->points[i].q1);
    if (isfinite(h->points[i].q3))
      hi = fmax(hi, h->points[i].q3);
  }
  sk_units_num(h->argument, arg_text, sizeof arg_text);
  snprintf(title, sizeof title, "%.100s at %s: %lu run%s, %lu change "
           "point%s", h->suite, arg_text, (unsigned long)h->npoints,
           h->npoints == 1 ? "" : "s", (unsigned long)h->ncps,
           h->ncps == 1 ? "" : "s");
  fputs("set title ", f);
  sk_gp_text(f, title, 0);
  fputs(" font ',14'\nset xlabel 'run (start date)'\nset ylabel ", f);
  snprintf(title, sizeof title, "time [%s]", u.name);
  sk_gp_text(f, title, 0);
  fprintf(f, "\nset format y '%%g'\nset grid ytics lc rgb '#dddddd'\n"
          "set key top left\nset xrange [0.5:%.1f]\n"
          "set yrange [%.17g:%.17g]\n", (double)h->npoints + 0.5,
          fmin(0, lo * u.factor), hi > 0 ? hi * u.factor * 1.1 : 1);
  sk_history_xtics(f, h);
  sk_history_marks(f, h, u.factor);
  fputs("$h << EOD\n", f);
  for (i = 0; i < h->npoints; i++) {
    y = h->points[i].value;
    a = isfinite(h->points[i].q1) ? h->points[i].q1 : y;
    b = isfinite(h->points[i].q3) ? h->points[i].q3 : y;
    fprintf(f, "%lu ", (unsigned long)i + 1);
    sk_gp_num(f, y * u.factor);
    fputc(' ', f);
    sk_gp_num(f, a * u.factor);
    fputc(' ', f);
    sk_gp_num(f, b * u.factor);
    fputc('\n', f);
  }
  fprintf(f, "EOD\nplot $h using 1:2:3:4 with yerrorlines lc rgb '%s' "
          "pt 7 ps 0.6 title 'median, quartiles', NaN with lines dt 2 "
          "lc rgb '#d55e00' title 'change point'\n", sk_gp_colour(1));
  return ferror(f) ? -1 : 0;
}

int sk_history_plot(const sk_history_t *h, const char *path, char *err,
                    size_t errlen)
{
  if (h->npoints == 0) {
    sk_msg_why(err, errlen, "nothing to plot: no selected run has that "
                   "point");
    return SK_DBPLOT_NOTHING;
  }
  return sk_dbplot_render(path, sk_history_body, (void *)h, err, errlen);
}

/* ---- the nearest arguments -------------------------------------------- */

typedef struct sk_history_near {
  double want, below, above;
  int found;
} sk_history_near_t;

static int sk_history_near_fn(void *arg, double argument, long runs)
{
  sk_history_near_t *a = arg;
  (void)runs;
  if (sk_history_same(argument, a->want))
    a->found = 1;
  else if (argument < a->want)
    a->below = argument;
  else if (isnan(a->above))
    a->above = argument;
  return 0;
}

int sk_history_nearest(sk_store_t *st, const sk_sel_t *sel,
                       const char *suite, double argument, double *below,
                       double *above)
{
  sk_history_near_t a = {argument, NAN, NAN, 0};
  if (sk_store_suite_arguments(st, sel, suite, sk_history_near_fn, &a) < 0)
    return -1;
  *below = a.below;
  *above = a.above;
  return a.found;
}

/* ---- a whole suite over time --------------------------------------------- */

typedef struct sk_history_gridrun {
  sk_history_grid_t *g;
  size_t col;
} sk_history_gridrun_t;

/* The row of ARGUMENT in g->args (sorted), added when new. */
static long sk_history_row(sk_history_grid_t *g, double argument)
{
  size_t lo = 0, hi = g->nargs, i;
  double *args, *v;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (sk_history_same(g->args[mid], argument))
      return (long)mid;
    if (g->args[mid] < argument)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (g->nargs == SK_HISTORY_GRID_ARGS)
    return -2;                    /* full: the argument is left out */
  if (SK_GROW(g->args, g->capargs, g->nargs + 1, 16) != 0 ||
      SK_GROW(g->values, g->capvalues, (g->nargs + 1) * g->nruns,
              16 * g->nruns) != 0)
    return -1;
  args = g->args;
  v = g->values;
  memmove(&g->args[lo + 1], &g->args[lo], (g->nargs - lo) * sizeof *args);
  memmove(&v[(lo + 1) * g->nruns], &v[lo * g->nruns],
          (g->nargs - lo) * g->nruns * sizeof *v);
  g->args[lo] = argument;
  for (i = 0; i < g->nruns; i++)
    v[lo * g->nruns + i] = NAN;
  g->nargs++;
  return (long)lo;
}

static int sk_history_grid_point(void *arg, const sk_store_point_t *p)
{
  sk_history_gridrun_t *c = arg;
  double v = isfinite(p->median) ? p->median : p->mean;
  long row;
  if (!isfinite(v) || !isfinite(p->argument))
    return 0;
  if ((row = sk_history_row(c->g, p->argument)) == -1)
    return -1;
  /* below the timer's resolution: the argument is there, the value is
   * no measurement (left NaN, as a run without the point) */
  if (row >= 0 && !p->unresolved)
    c->g->values[(size_t)row * c->g->nruns + c->col] = v;
  else if (row < 0)
    c->g->dropped_args = 1;
  return 0;
}

static int sk_history_grid_of(sk_store_t *st, const int64_t *runs,
                              size_t nruns, const char *suite,
                              sk_history_grid_t *g)
{
  size_t i, from = nruns > SK_HISTORY_GRID_RUNS ? nruns -
                   SK_HISTORY_GRID_RUNS : 0;
  memset(g, 0, sizeof *g);
  g->omitted = from;
  if (!(g->suite = strdup(suite)))
    return -1;
  g->run = calloc(nruns - from + 1, sizeof *g->run);
  g->start = calloc(nruns - from + 1, sizeof *g->start);
  if (!g->run || !g->start)
    return -1;
  /* the runs come oldest first (sk_store_select); one column each, filled
   * in as the rows are found */
  g->nruns = nruns - from;
  for (i = 0; i < g->nruns; i++) {
    sk_history_gridrun_t c = {g, i};
    sk_store_info_t info;
    if (sk_store_info(st, runs[from + i], &info) < 0)
      return -1;
    g->run[i] = runs[from + i];
    g->start[i] = strdup(info.start_time ? info.start_time : "");
    sk_store_info_free(&info);
    if (!g->start[i] ||
        sk_store_points_only(st, runs[from + i], suite,
                             sk_history_grid_point, &c) < 0)
      return -1;
  }
  return 0;
}

/* A merged file and its runs never both a column: the runs are
 * (sk_store_dedupe()). */
int sk_history_grid(sk_store_t *st, const int64_t *runs, size_t nruns,
                    const char *suite, sk_history_grid_t *g)
{
  int64_t *ids = malloc((nruns ? nruns : 1) * sizeof *ids);
  size_t n = nruns;
  int rc;
  if (!ids) {
    memset(g, 0, sizeof *g);
    return -1;
  }
  if (nruns)
    memcpy(ids, runs, nruns * sizeof *ids);
  if (sk_store_dedupe(st, ids, &n) < 0) {
    memset(g, 0, sizeof *g);
    free(ids);
    return -1;
  }
  rc = sk_history_grid_of(st, ids, n, suite, g);
  free(ids);
  return rc;
}

void sk_history_grid_free(sk_history_grid_t *g)
{
  size_t i;
  for (i = 0; g->start && i < g->nruns; i++)
    free(g->start[i]);
  free(g->start);
  free(g->run);
  free(g->args);
  free(g->values);
  free(g->suite);
  memset(g, 0, sizeof *g);
}

int sk_history_grid_changes(const sk_history_grid_t *g, size_t max_runs,
                            sk_history_gridcp_t **out, size_t *nout)
{
  sk_ediv_opts_t o;
  double *v = malloc((g->nruns ? g->nruns : 1) * sizeof *v);
  size_t *col = malloc((g->nruns ? g->nruns : 1) * sizeof *col);
  size_t row, i, n, k, cap = 0;
  *out = NULL;
  *nout = 0;
  if (!v || !col)
    goto fail;
  sk_ediv_defaults(&o);
  for (row = 0; row < g->nargs; row++) {
    sk_ediv_cp_t *cp = NULL;
    size_t ncp = 0;
    for (i = n = 0; i < g->nruns; i++)
      if (isfinite(g->values[row * g->nruns + i])) {
        v[n] = g->values[row * g->nruns + i];
        col[n++] = i;
      }
    if (n > max_runs || n < 2 * o.min_size)
      continue;
    if (sk_ediv_find(v, n, &o, &cp, &ncp) < 0)
      goto fail;
    for (k = 0; k < ncp; k++) {
      sk_history_gridcp_t *grown;
      if (SK_GROW(*out, cap, *nout + 1, 16) != 0) {
        free(cp);
        goto fail;
      }
      grown = *out;
      grown[*nout].row = row;
      grown[*nout].column = col[cp[k].at];
      grown[*nout].p = cp[k].p;
      grown[*nout].before = cp[k].before;
      grown[*nout].after = cp[k].after;
      (*nout)++;
    }
    free(cp);
  }
  free(v);
  free(col);
  return 0;
fail:
  free(v);
  free(col);
  free(*out);
  *out = NULL;
  *nout = 0;
  return -1;
}
