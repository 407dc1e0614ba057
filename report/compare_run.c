/*
 * compare_run.c -- `skampi-report --runs SET` and `--compare A B`: load,
 * test, CSV, script, gnuplot, rename (as report.c does for result files).
 */
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

static int sk_crun_script(const char *path, sk_compare_plot_t *pl,
                          const char *pdf, const sk_compare_row_t *rows,
                          size_t n)
{
  FILE *f = fopen(path, "w");
  int rc;
  if (!f) {
    sk_msg_error("cannot write '%s': %s", path, strerror(errno));
    return -1;
  }
  sk_gp_header(f, pdf);
  sk_compare_plot_title(f, pl);
  rc = pl->b ? sk_crun_compare_pages(f, pl, rows, n)
             : sk_crun_runs_pages(f, pl);
  fputs("unset output\n", f);
  if ((ferror(f) | (fclose(f) != 0)) || rc != 0) {
    sk_msg_error("cannot write '%s': %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

static char *sk_crun_tmpname(const char *base)
{
  size_t len = strlen(base) + 8;
  char *s = malloc(len);
  int fd;
  if (!s)
    return NULL;
  snprintf(s, len, "%s.XXXXXX", base);
  if ((fd = mkstemp(s)) < 0) {
    sk_msg_error("cannot write '%s': %s", base, strerror(errno));
    free(s);
    return NULL;
  }
  close(fd);
  return s;
}

/* Script, gnuplot, rename: the PDF appears complete or not at all. */
static int sk_crun_draw(const sk_compare_opts_t *o, sk_compare_plot_t *pl,
                        const sk_compare_row_t *rows, size_t n)
{
  const char *tmp = getenv("TMPDIR");
  char sbase[4096], *pdf = sk_crun_tmpname(o->output), *script;
  int rc, written;
  snprintf(sbase, sizeof sbase, "%s/skampi-report",
           tmp && *tmp ? tmp : "/tmp");
  script = o->script ? strdup(o->script) : sk_crun_tmpname(sbase);
  written = pdf && script && sk_crun_script(script, pl, pdf, rows, n) == 0;
  rc = sk_gnuplot_finish(written, script, pdf, o->output, o->script != NULL);
  free(script);
  free(pdf);
  return rc;
}

int sk_compare_run(const sk_compare_opts_t *o)
{
  sk_compare_set_t a, b;
  sk_compare_row_t *rows = NULL;
  size_t n = 0;
  sk_compare_plot_t pl = {&a, o->b ? &b : NULL, 1, 0, NULL, 0};
  int rc = SK_REPORT_EINPUT, bad;
  memset(&b, 0, sizeof b);
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
    if ((!o->csv_dir || sk_compare_csv(o->csv_dir, &a, pl.b, rows, n) == 0)
        && sk_crun_draw(o, &pl, rows, n) == 0)
      rc = SK_REPORT_OK;
  }
  free(rows);
  sk_compare_set_free(&a);
  sk_compare_set_free(&b);
  return rc;
}
