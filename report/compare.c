/* SPDX-License-Identifier: BSD-3-Clause */
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

#include "grow.h"
#include "msg.h"
#include "rcheck.h"
#include "rfile_load.h"
#include "stats.h"
#include "yread.h"

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

/* What a set needs of a point beyond what any reader checks: the runs'
 * medians (a merged file's). */
static int sk_compare_need(sk_yread_t *y, sk_ynode_t *p)
{
  sk_ynode_t *meds = sk_yread_get(y, p, "run_medians");
  if (!meds) {
    sk_yread_error(y, p, "point has no 'run_medians' (not a merged file: "
                   "make one with skampi-merge)");
    return -1;
  }
  if (meds->kind == SK_YNODE_SEQ && sk_yread_len(meds) == 0) {
    sk_yread_error(y, meds, "'run_medians' must not be empty");
    return -1;
  }
  return 0;
}

/* One suite, read by the one reader of result files (rfile_load.h); the
 * set keeps its name, its variation and each point's run medians. */
static int sk_compare_suite(sk_yread_t *y, sk_ynode_t *n, long runs,
                            sk_compare_suite_t *s)
{
  sk_rfile_suite_t rs;
  size_t i;
  int rc;
  memset(&rs, 0, sizeof rs);
  rc = sk_rfile_load_suite(y, n, &rs, runs, 0);
  if (sk_rfile_load_need(y, n, sk_compare_need) != 0)
    rc = -1;
  s->name = rs.name;
  rs.name = NULL;
  s->varied = rs.arg != SK_RESULT_ARG_NONE;
  s->bytes = rs.arg == SK_RESULT_ARG_LENGTH;
  s->pts = calloc(rs.npoints + 1, sizeof *s->pts);
  if (!s->pts) {
    sk_rfile_suite_free(&rs);
    return -1;
  }
  s->npts = rs.npoints;
  for (i = 0; i < rs.npoints; i++) {
    s->pts[i].argument = rs.points[i].argument;
    s->pts[i].med = rs.points[i].run_medians;
    s->pts[i].n = rs.points[i].nrun_medians;
    rs.points[i].run_medians = NULL;
  }
  sk_rfile_suite_free(&rs);
  return rc;
}

/* The reading of one merged file, its suites streamed. */
typedef struct sk_compare_rd {
  sk_compare_set_t *set;
  size_t cap;
  long version;
  int head;                /* the keys before 'suites' were checked */
} sk_compare_rd_t;

/* The keys before the suites (skampi-merge writes them first): schema,
 * a file cut short, merged.runs and the label.  Called once, before the
 * first suite or after the read. */
static int sk_compare_head(sk_yread_t *y, sk_compare_rd_t *rd, int first)
{
  sk_compare_set_t *set = rd->set;
  sk_ynode_t *root = sk_yread_root(y), *merged;
  rd->head = 1;
  if (first && !sk_yread_get(y, root, "schema_version")) {
    sk_yread_error(y, root, "not a skampi result file: no 'schema_version' "
                   "before 'suites'");
    return -1;
  }
  if (sk_rcheck_schema(y, root, &rd->version) != 0)
    return -1;
  if (rd->version >= 2 && sk_rcheck_tail_cut(set->path))
    return sk_rcheck_whole(y, rd->version);
  if (!(merged = sk_yread_get(y, root, "merged"))) {
    sk_msg_error_at(set->path, 0, 0, "not a merged result file (no "
                    "'merged'); make one with skampi-merge");
    return -1;
  }
  if (sk_rcheck_count(y, sk_yread_get(y, merged, "runs"), "runs",
                      &set->runs) != 0)
    return -1;
  set->label = sk_compare_label(sk_yread_text(sk_yread_get(
      y, sk_yread_get(y, root, "factors"), "mpi_library")), set->path);
  return set->label ? 0 : -1;
}

static int sk_compare_item(sk_yread_t *y, const char *key, size_t index,
                           sk_ynode_t *item, void *arg)
{
  sk_compare_rd_t *rd = arg;
  sk_compare_set_t *set = rd->set;
  (void)key;
  if (index == 0 && sk_compare_head(y, rd, 1) != 0)
    return -1;
  if (SK_GROW(set->suites, rd->cap, set->nsuites + 1, 16) != 0) {
    sk_yread_error(y, NULL, "out of memory");
    return -1;
  }
  memset(&set->suites[set->nsuites], 0, sizeof *set->suites);
  sk_compare_suite(y, item, set->runs, &set->suites[set->nsuites++]);
  return 0;
}

/* After the read: what the first suite did not check. */
static int sk_compare_tail(sk_yread_t *y, sk_compare_rd_t *rd)
{
  sk_ynode_t *suites = sk_yread_get(y, sk_yread_root(y), "suites");
  if (!rd->head && sk_compare_head(y, rd, 0) != 0)
    return -1;
  if (sk_rcheck_whole(y, rd->version) != 0)
    return -1;
  if (!suites) {
    sk_msg_error_at(rd->set->path, 0, 0, "not a merged result file (no "
                    "'suites'); make one with skampi-merge");
    return -1;
  }
  if (!(suites->flags & SK_YNODE_STREAMED))
    return sk_yread_want_seq(y, suites, "'suites'");
  return y->errors ? -1 : 0;
}

int sk_compare_load(const char *arg, sk_compare_set_t *set)
{
  sk_compare_rd_t rd;
  sk_yread_t y;
  int rc = -1;
  memset(set, 0, sizeof *set);
  set->runs = -1;
  set->path = sk_compare_path(arg);
  if (!set->path)
    return -1;
  memset(&rd, 0, sizeof rd);
  rd.set = set;
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", sk_compare_item, &rd);
  if (sk_yread_file(&y, set->path) == 0 && y.errors == 0)
    rc = sk_compare_tail(&y, &rd);
  sk_yread_done(&y);
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
  sk_compare_row_t *r = NULL;
  for (i = 0; i < a->nsuites; i++)
    for (j = 0; j < a->suites[i].npts; j++) {
      pb = sk_compare_find(b, a->suites[i].name, a->suites[i].pts[j].argument);
      if (!pb)
        continue;
      if (SK_GROW(r, cap, n + 1, 16) != 0)
        goto fail;
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
