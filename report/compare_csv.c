/*
 * compare_csv.c -- the data behind the --runs and --compare pages as
 * CSV (doc/reproducibility.md, "CSV files").
 */
#include "compare.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "msg.h"

/* A field, quoted as RFC 4180 says when it holds a comma or a quote. */
static void sk_compare_csv_text(FILE *f, const char *s)
{
  if (!strpbrk(s, ",\"\n")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
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

static FILE *sk_compare_csv_open(const char *dir, const char *name,
                                 char **path)
{
  size_t len = strlen(dir) + strlen(name) + 2;
  FILE *f;
  *path = malloc(len);
  if (!*path)
    return NULL;
  snprintf(*path, len, "%s/%s", dir, name);
  f = fopen(*path, "w");
  if (!f)
    sk_msg_error("cannot write '%s': %s", *path, strerror(errno));
  return f;
}

static int sk_compare_csv_close(FILE *f, char *path)
{
  int rc = 0;
  if (ferror(f) | (fclose(f) != 0)) {
    sk_msg_error("cannot write '%s': %s", path, strerror(errno));
    rc = -1;
  }
  free(path);
  return rc;
}

/* Every run's median and its value over the smallest (Fig. 12). */
static int sk_compare_csv_runs(const char *dir, const char *name,
                               const sk_compare_set_t *set)
{
  char *path;
  FILE *f = sk_compare_csv_open(dir, name, &path);
  const sk_compare_point_t *p;
  size_t i, j, r;
  if (!f) {
    free(path);
    return -1;
  }
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
  return sk_compare_csv_close(f, path);
}

static int sk_compare_csv_tests(const char *dir, const sk_compare_row_t *rows,
                                size_t n)
{
  char *path;
  FILE *f = sk_compare_csv_open(dir, "compare.csv", &path);
  double qa[5], qb[5];
  size_t i;
  if (!f) {
    free(path);
    return -1;
  }
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
  return sk_compare_csv_close(f, path);
}

int sk_compare_csv(const char *dir, const sk_compare_set_t *a,
                   const sk_compare_set_t *b, const sk_compare_row_t *rows,
                   size_t nrows)
{
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    sk_msg_error("cannot create the CSV directory '%s': %s", dir,
                 strerror(errno));
    return -1;
  }
  if (sk_compare_csv_runs(dir, "runs-a.csv", a) != 0)
    return -1;
  if (b && (sk_compare_csv_runs(dir, "runs-b.csv", b) != 0 ||
            sk_compare_csv_tests(dir, rows, nrows) != 0))
    return -1;
  return 0;
}
