/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * compare_run.c -- `skampi-report --runs SET` and `--compare A B`: load,
 * test, CSV, script, gnuplot, rename (as report.c does for result files).
 */
#include <config.h>

#include "compare_run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare_plot.h"
#include "gnuplot.h"
#include "gp.h"
#include "msg.h"
#include "report.h"
#include "rout.h"

/* Rows of one suite start at ROWS[I]: how many. */
static size_t sk_crun_group(const sk_compare_row_t *rows, size_t n, size_t i)
{
  size_t j = i;
  while (j < n && rows[j].suite == rows[i].suite)
    j++;
  return j - i;
}

static int sk_crun_runs_pages(FILE *f, sk_compare_plot_t *pl)
{
  const sk_compare_suite_t *s;
  const sk_compare_point_t **pa;
  size_t i, j;
  int rc = 0;
  for (i = 0; rc == 0 && i < pl->a->nsuites; i++) {
    s = &pl->a->suites[i];
    if (s->npts == 0)
      continue;
    if (!(pa = malloc(s->npts * sizeof *pa)))
      return -1;
    for (j = 0; j < s->npts; j++)
      pa[j] = &s->pts[j];
    rc = sk_compare_plot_repro(f, pl, s, pa, NULL, s->npts);
    free(pa);
  }
  return rc;
}

static int sk_crun_compare_pages(FILE *f, sk_compare_plot_t *pl,
                                 const sk_compare_row_t *rows, size_t n)
{
  const sk_compare_point_t **pa, **pb;
  size_t i, j, k;
  int rc = 0;
  for (i = 0; rc == 0 && i < n; i += k) {
    k = sk_crun_group(rows, n, i);
    pa = malloc(k * sizeof *pa);
    pb = malloc(k * sizeof *pb);
    for (j = 0; pa && pb && j < k; j++) {
      pa[j] = rows[i + j].a;
      pb[j] = rows[i + j].b;
    }
    rc = (!pa || !pb) ? -1 : sk_compare_plot_tests(f, pl, rows + i, k);
    if (rc == 0)
      rc = sk_compare_plot_repro(f, pl, rows[i].suite, pa, pb, k);
    free(pa);
    free(pb);
  }
  return rc;
}

/* Pages: the title, then one per suite with points (--runs) or two per
 * suite with points in both sets (--compare). */
static size_t sk_crun_npages(const sk_compare_set_t *a,
                             const sk_compare_row_t *rows, size_t n)
{
  size_t i, pages = 1;
  if (rows) {
    for (i = 0; i < n; i += sk_crun_group(rows, n, i))
      pages += 2;
    return pages;
  }
  for (i = 0; i < a->nsuites; i++)
    pages += a->suites[i].npts > 0;
  return pages;
}

/* The whole script into f (sk_rout_script_fn; arg the plot, which
 * holds the rows). */
static int sk_crun_write(FILE *f, const char *pdf_gp, void *arg)
{
  sk_compare_plot_t *pl = arg;
  const sk_compare_row_t *rows = pl->rows;
  size_t n = pl->nrows;
  int rc;
  sk_gp_header(f, pdf_gp);
  sk_compare_plot_title(f, pl);
  rc = pl->b ? sk_crun_compare_pages(f, pl, rows, n)
             : sk_crun_runs_pages(f, pl);
  fputs("unset output\n", f);
  return (ferror(f) || fflush(f) != 0) ? -1 : rc;
}

/* What no output may be: the sets as named, and the merged files read
 * (a set may be a directory holding merged.yaml). */
static void sk_crun_inputs(const sk_compare_opts_t *o,
                           const sk_compare_set_t *a,
                           const sk_compare_set_t *b, const char *paths[4],
                           sk_outfile_inputs_t *in)
{
  paths[0] = o->a;
  paths[1] = o->b;
  paths[2] = a != NULL ? a->path : NULL;
  paths[3] = b != NULL ? b->path : NULL;
  in->paths = paths;
  in->n = 4;
}

/* Every output may be written, checked before anything is read. */
static int sk_crun_check(const sk_compare_opts_t *o,
                         const sk_outfile_inputs_t *in)
{
  if (sk_rout_check(o->output, SK_OUTFILE_PDF, in) != 0 ||
      (o->script && sk_rout_check(o->script, SK_OUTFILE_SCRIPT, in) != 0) ||
      (o->csv_dir && sk_rout_check(o->csv_dir, SK_OUTFILE_CSV, in) != 0))
    return -1;
  return 0;
}

int sk_compare_run(const sk_compare_opts_t *o)
{
  sk_compare_set_t a, b;
  sk_compare_row_t *rows = NULL;
  size_t n = 0;
  sk_compare_plot_t pl = {&a, o->b ? &b : NULL, 1, 0, NULL, 0};
  const char *paths[4];
  sk_outfile_inputs_t in;
  int rc = SK_REPORT_EINPUT, bad;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  sk_crun_inputs(o, NULL, NULL, paths, &in);
  if (sk_crun_check(o, &in) != 0)
    return SK_REPORT_EOUTPUT;
  bad = sk_compare_load(o->a, &a) != 0;
  if (o->b)
    bad |= sk_compare_load(o->b, &b) != 0;
  if (!bad && o->b && sk_compare_rows(&a, &b, &rows, &n) == 0 && n == 0)
    sk_msg_error("'%s' and '%s' have no point in common (same suite name "
                 "and argument)", a.path, b.path);
  if (!bad && (!o->b || n > 0)) {
    pl.npages = sk_crun_npages(&a, o->b ? rows : NULL, n);
    pl.rows = rows;
    pl.nrows = n;
    rc = SK_REPORT_EOUTPUT;
    sk_crun_inputs(o, &a, pl.b, paths, &in);
    if ((!o->csv_dir ||
         sk_compare_csv(o->csv_dir, &a, pl.b, rows, n, &in) == 0) &&
        sk_rout_draw(o->output, o->script, &in, sk_crun_write, &pl) == 0)
      rc = SK_REPORT_OK;
  }
  free(rows);
  sk_compare_set_free(&a);
  sk_compare_set_free(&b);
  return rc;
}
