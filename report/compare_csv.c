/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * compare_csv.c -- the data behind the --runs and --compare pages as
 * CSV (doc/reproducibility.md, "CSV files").
 */
#include <config.h>

#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "rout.h"

/* A text field: csvcell.h's cell. */
static void sk_compare_csv_text(FILE *f, const char *s)
{
  sk_csv_field(f, s);
}

/* suite,argument, -- the argument empty for a suite without variation. */
static void sk_compare_csv_key(FILE *f, const sk_compare_suite_t *s,
                               const sk_compare_point_t *p)
{
  sk_compare_csv_text(f, s->name);
  if (s->varied)
    fprintf(f, ",%.17g,", p->argument);
  else
    fputs(",,", f);
}

/* DIR/NAME through lib/outfile.h; NULL (said) when refused. */
static sk_outfile_t *sk_compare_csv_open(const char *dir, const char *name,
                                         const sk_outfile_inputs_t *in)
{
  size_t len = strlen(dir) + strlen(name) + 2;
  char *path = malloc(len);
  sk_outfile_t *h;
  if (!path)
    return NULL;
  snprintf(path, len, "%s/%s", dir, name);
  h = sk_rout_open(path, SK_OUTFILE_CSV_FILE, in);
  free(path);
  return h;
}

/* Every run's median and its value over the smallest (Fig. 12). */
static int sk_compare_csv_runs(const char *dir, const char *name,
                               const sk_compare_set_t *set,
                               const sk_outfile_inputs_t *in)
{
  sk_outfile_t *h = sk_compare_csv_open(dir, name, in);
  const sk_compare_point_t *p;
  size_t i, j, r;
  FILE *f;
  if (!h)
    return -1;
  f = h->fp;
  fputs("suite,argument,run,median,normalized\n", f);
  for (i = 0; i < set->nsuites; i++)
    for (j = 0; j < set->suites[i].npts; j++) {
      p = &set->suites[i].pts[j];
      for (r = 0; r < p->n; r++) {
        sk_compare_csv_key(f, &set->suites[i], p);
        fprintf(f, "%zu,%.17g,%.17g\n", r + 1, p->med[r],
                p->med[r] / sk_compare_min(p));
      }
    }
  return sk_rout_commit(h);
}

static int sk_compare_csv_tests(const char *dir, const sk_compare_row_t *rows,
                                size_t n, const sk_outfile_inputs_t *in)
{
  sk_outfile_t *h = sk_compare_csv_open(dir, "compare.csv", in);
  double qa[5], qb[5];
  size_t i;
  FILE *f;
  if (!h)
    return -1;
  f = h->fp;
  fputs("suite,argument,runs_a,runs_b,median_a,median_b,ratio_b_a,u_a,"
        "method,p_two_sided,p_a_faster,p_a_slower,stars_two_sided,"
        "stars_a_faster\n", f);
  for (i = 0; i < n; i++) {
    if (sk_compare_box(rows[i].a, 1.0, qa) || sk_compare_box(rows[i].b, 1.0,
                                                             qb))
      break;
    sk_compare_csv_key(f, rows[i].suite, rows[i].a);
    fprintf(f, "%zu,%zu,%.17g,%.17g,%.17g,%.17g,%s,%.17g,%.17g,%.17g,%s,%s\n",
            rows[i].a->n, rows[i].b->n, qa[2], qb[2], qb[2] / qa[2],
            rows[i].w.u_a, sk_wilcoxon_method_name(rows[i].w.method),
            rows[i].w.p_two_sided, rows[i].w.p_less, rows[i].w.p_greater,
            sk_wilcoxon_stars(rows[i].w.p_two_sided),
            sk_wilcoxon_stars(rows[i].w.p_less));
  }
  return sk_rout_commit(h);
}

int sk_compare_csv(const char *dir, const sk_compare_set_t *a,
                   const sk_compare_set_t *b, const sk_compare_row_t *rows,
                   size_t nrows, const sk_outfile_inputs_t *in)
{
  if (sk_rout_csv_dir(dir, in) != 0 ||
      sk_compare_csv_runs(dir, "runs-a.csv", a, in) != 0)
    return -1;
  if (b && (sk_compare_csv_runs(dir, "runs-b.csv", b, in) != 0 ||
            sk_compare_csv_tests(dir, rows, nrows, in) != 0))
    return -1;
  return 0;
}
