/*
 * compare.c -- reading merged result sets, the Wilcoxon rows and the CSV
 * files of --runs and --compare.
 */
#include <config.h>

#include "compare.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "msg.h"
#include "stats.h"
#include "ydoc.h"

/* A directory stands for its merged.yaml (what skampi-run writes). */
static char *sk_compare_path(const char *arg)
{
  struct stat st;
  size_t len = strlen(arg) + 16;
  char *p = malloc(len);
  if (!p)
    return NULL;
  if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
    snprintf(p, len, "%s%smerged.yaml", arg,
             arg[strlen(arg) - 1] == '/' ? "" : "/");
  else
    snprintf(p, len, "%s", arg);
  return p;
}

/* "MPICH 4.0.2 · PATH": the library's first line to its first comma,
 * without "Version:", blanks squeezed. */
static char *sk_compare_label(const char *lib, const char *path)
{
  size_t len = (lib ? strlen(lib) : 0) + strlen(path) + 8, o = 0, i;
  char *s = malloc(len);
  if (!s)
    return NULL;
  for (i = 0; lib && lib[i] && lib[i] != '\n' && lib[i] != ','; i++) {
    if (strncmp(lib + i, "Version:", 8) == 0)
      i += 8;
    if (lib[i] == ' ' && (o == 0 || s[o - 1] == ' '))
      continue;
    if (lib[i] == '\0' || lib[i] == '\n' || lib[i] == ',')
      break;
    s[o++] = lib[i];
  }
  while (o > 0 && s[o - 1] == ' ')
    o--;
  snprintf(s + o, len - o, "%s%s", o ? " · " : "", path);
  return s;
}

static int sk_compare_point(sk_ydoc_t *y, yaml_node_t *n,
                            sk_compare_point_t *p)
{
  yaml_node_t *meds = sk_ydoc_get(y, n, "run_medians");
  size_t i;
  int rc = 0;
  if (sk_ydoc_want_map(y, n, "a point") != 0)
    return -1;
  if (!meds) {
    sk_ydoc_error(y, n, "point has no 'run_medians' (not a merged file: "
                  "make one with skampi-merge)");
    return -1;
  }
  if (sk_ydoc_want_seq(y, meds, "'run_medians'") != 0)
    return -1;
  rc |= sk_ydoc_number(y, sk_ydoc_get(y, n, "argument"), "argument",
                       &p->argument);
  p->n = sk_ydoc_len(meds);
  p->med = calloc(p->n + 1, sizeof *p->med);
  if (!p->med)
    return -1;
  for (i = 0; i < p->n; i++)
    rc |= sk_ydoc_number(y, sk_ydoc_item(y, meds, i), "run_medians",
                         &p->med[i]);
  if (rc == 0 && p->n == 0) {
    sk_ydoc_error(y, meds, "'run_medians' must not be empty");
    rc = -1;
  }
  return rc;
}

static int sk_compare_suite(sk_ydoc_t *y, yaml_node_t *n,
                            sk_compare_suite_t *s)
{
  yaml_node_t *pts = sk_ydoc_get(y, n, "points");
  const char *an = sk_ydoc_text(sk_ydoc_get(y, n, "argument_name"));
  size_t i;
  int rc = 0;
  if (sk_ydoc_want_map(y, n, "a suite") != 0 ||
      sk_ydoc_string(y, sk_ydoc_get(y, n, "name"), "name", &s->name) != 0)
    return -1;
  if (!s->name) {
    sk_ydoc_error(y, n, "suite has no 'name'");
    return -1;
  }
  s->varied = an && strcmp(an, "none") != 0;
  s->bytes = an && strcmp(an, "length") == 0;
  if (!pts)
    return 0;
  if (sk_ydoc_want_seq(y, pts, "'points'") != 0)
    return -1;
  s->npts = sk_ydoc_len(pts);
  s->pts = calloc(s->npts + 1, sizeof *s->pts);
  if (!s->pts)
    return -1;
  for (i = 0; i < s->npts; i++)
    rc |= sk_compare_point(y, sk_ydoc_item(y, pts, i), &s->pts[i]);
  return rc;
}

static int sk_compare_walk(sk_ydoc_t *y, sk_compare_set_t *set)
{
  yaml_node_t *root = sk_ydoc_root(y), *merged, *suites;
  size_t i;
  int rc = 0;
  if (!root || sk_ydoc_want_map(y, root, "the top level") != 0)
    return -1;
  merged = sk_ydoc_get(y, root, "merged");
  suites = sk_ydoc_get(y, root, "suites");
  if (!merged || !suites) {
    sk_msg_error_at(set->path, 0, 0, "not a merged result file (no '%s'); "
                    "make one with skampi-merge", merged ? "suites" : "merged");
    return -1;
  }
  if (sk_ydoc_integer(y, sk_ydoc_get(y, merged, "runs"), "runs",
                      &set->runs) != 0 ||
      sk_ydoc_want_seq(y, suites, "'suites'") != 0)
    return -1;
  set->label = sk_compare_label(sk_ydoc_text(sk_ydoc_get(
      y, sk_ydoc_get(y, root, "factors"), "mpi_library")), set->path);
  set->nsuites = sk_ydoc_len(suites);
  set->suites = calloc(set->nsuites + 1, sizeof *set->suites);
  if (!set->suites || !set->label)
    return -1;
  for (i = 0; i < set->nsuites; i++)
    rc |= sk_compare_suite(y, sk_ydoc_item(y, suites, i), &set->suites[i]);
  return rc;
}

int sk_compare_load(const char *arg, sk_compare_set_t *set)
{
  sk_ydoc_t y;
  int rc = -1;
  memset(set, 0, sizeof *set);
  set->runs = -1;
  set->path = sk_compare_path(arg);
  if (!set->path)
    return -1;
  if (sk_ydoc_load(&y, set->path) == 0)
    rc = sk_compare_walk(&y, set);
  sk_ydoc_done(&y);
  return rc;
}

void sk_compare_set_free(sk_compare_set_t *set)
{
  size_t i, j;
  if (!set)
    return;
  for (i = 0; set->suites && i < set->nsuites; i++) {
    for (j = 0; j < set->suites[i].npts; j++)
      free(set->suites[i].pts[j].med);
    free(set->suites[i].pts);
    free(set->suites[i].name);
  }
  free(set->suites);
  free(set->label);
  free(set->path);
  memset(set, 0, sizeof *set);
}

static const sk_compare_point_t *sk_compare_find(const sk_compare_set_t *b,
                                                 const char *name, double arg)
{
  size_t i, j;
  for (i = 0; i < b->nsuites; i++)
    if (strcmp(b->suites[i].name, name) == 0) {
      for (j = 0; j < b->suites[i].npts; j++)
        if (b->suites[i].pts[j].argument == arg)
          return &b->suites[i].pts[j];
      return NULL;
    }
  return NULL;
}

int sk_compare_rows(const sk_compare_set_t *a, const sk_compare_set_t *b,
                    sk_compare_row_t **rows, size_t *nrows)
{
  size_t i, j, n = 0, cap = 0;
  const sk_compare_point_t *pb;
  sk_compare_row_t *r = NULL, *grown;
  for (i = 0; i < a->nsuites; i++)
    for (j = 0; j < a->suites[i].npts; j++) {
      pb = sk_compare_find(b, a->suites[i].name, a->suites[i].pts[j].argument);
      if (!pb)
        continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 16;
        if (!(grown = realloc(r, cap * sizeof *r)))
          goto fail;
        r = grown;
      }
      r[n].suite = &a->suites[i];
      r[n].a = &a->suites[i].pts[j];
      r[n].b = pb;
      if (sk_wilcoxon_test(r[n].a->med, r[n].a->n, pb->med, pb->n,
                           SK_WILCOXON_AUTO, &r[n].w) != 0)
        goto fail;
      n++;
    }
  *rows = r;
  *nrows = n;
  return 0;
fail:
  sk_msg_error("the Wilcoxon test failed (a median that is not finite?)");
  free(r);
  return -1;
}

int sk_compare_box(const sk_compare_point_t *p, double scale, double q[5])
{
  double *v = malloc((p->n + 1) * sizeof *v);
  size_t i;
  if (!v)
    return -1;
  sk_stats_box(p->med, p->n, v, q);
  for (i = 0; i < 5; i++)
    q[i] /= scale;
  free(v);
  return 0;
}

double sk_compare_min(const sk_compare_point_t *p)
{
  double m = INFINITY;
  size_t i;
  for (i = 0; i < p->n; i++)
    m = fmin(m, p->med[i]);
  return m;
}
