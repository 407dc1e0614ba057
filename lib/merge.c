/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * merge.c -- reading, checking and summarising the runs of a merge.
 */
#include <config.h>

#include "merge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grow.h"
#include "modes.h"
#include "msg.h"
#include "nodemap.h"
#include "noise.h"
#include "rcheck.h"
#include "rfactors.h"
#include "rfile_load.h"
#include "runstate.h"
#include "sha256.h"
#include "stats.h"
#include "suitekey.h"

/* What a merge needs of a point beyond what any reader checks: the
 * median of a point with a value (the merge is built on the medians). */
static int sk_merge_need(sk_yread_t *y, sk_ynode_t *p)
{
  if (!sk_rcheck_novalue(y, p) && sk_yread_get(y, p, "mean") &&
      !sk_yread_get(y, p, "median")) {
    sk_yread_error(y, p, "point has no 'median'");
    return -1;
  }
  return 0;
}

/* A point as the one reader read it (rfile_load.h), in the merge's view:
 * its raw samples taken over, its p50..p999 (Percentiles = yes) when it
 * records them; a run's min and max are its median where it records
 * none; a point without a value (valid: 0) is absent, the merge takes it
 * from the runs that have one (doc/output-format.md, "runs_missing"). */
static void sk_merge_point_of(sk_rfile_point_t *rp, sk_merge_point_t *p)
{
  const sk_rfile_extras_t *ex = sk_rfile_extras(rp);
  const sk_rfile_tail_t *tl = sk_rfile_tail(rp);
  int k;
  memset(p, 0, sizeof *p);
  p->argument = rp->argument;
  p->refined = rp->refined;
  p->processes = rp->processes;
  p->repetitions = p->cut = p->ovl_tests = -1;
  p->ovl_pure = p->ovl_with = p->ovl_cpu = p->ovl_percent = NAN;
  p->init_time = p->free_time = NAN;
  p->pct[0] = p->pct[1] = p->pct[2] = p->pct[3] = NAN;
  p->eps_met = 1;
  if ((p->absent = rp->novalue) != 0)
    return;
  p->mean = rp->mean;
  p->median = rp->median;
  p->min = isnan(rp->min) ? rp->median : rp->min;
  p->max = isnan(rp->max) ? rp->median : rp->max;
  p->repetitions = rp->repetitions;
  p->cut = rp->cut;
  p->eps_met = rp->eps_met;
  p->raw = rp->raw;
  p->nraw = rp->nraw;
  rp->raw = NULL;
  rp->nraw = 0;
  p->ovl_pure = ex->ovl_pure;
  p->ovl_with = ex->ovl_with;
  p->ovl_cpu = ex->ovl_cpu;
  p->ovl_percent = ex->ovl_percent;
  p->ovl_tests = ex->ovl_tests;
  p->init_time = ex->init_time;
  p->free_time = ex->free_time;
  for (k = 0; k < SK_RFILE_TAIL_N; k++)
    p->pct[k] = tl->p[k];
}

/* The outlier filter the suite's parameters record (the values of
 * Outlier_Filter are in the order of SK_STATS_FILTER_*,
 * tests/unit/test_suitekey.c).  A file without Outlier_Filter predates
 * it and always cut by Cut_Quantile. */
static void sk_merge_filter(const sk_rfile_suite_t *rs, sk_merge_suite_t *s)
{
  const char *f = sk_rfile_key(rs, SK_KEY_OUTLIER_FILTER);
  const char *q = sk_rfile_key(rs, SK_KEY_CUT_QUANTILE);
  long v = f ? sk_suitekey_value_of(SK_KEY_OUTLIER_FILTER, f)
             : SK_STATS_FILTER_CUT;
  char *end = NULL;
  s->filter = -1;
  s->cut_q = 0.0;
  if (v == SK_STATS_FILTER_CUT) {
    if (q)
      s->cut_q = strtod(q, &end);
    if (q && end != q && *end == '\0' && s->cut_q >= 0.0 && s->cut_q < 0.5)
      s->filter = SK_STATS_FILTER_CUT;
  } else if (v == SK_STATS_FILTER_TUKEY || v == SK_STATS_FILTER_NONE) {
    s->filter = (int)v;
  }
}

/* A `noise` map's verdict (one of lib/noise.h's words, else NULL) and
 * its first sentence. */
static void sk_merge_noise(sk_yread_t *y, sk_ynode_t *map, const char **v,
                           const char **first)
{
  sk_ynode_t *ev = sk_yread_get(y, map, "evidence");
  *v = sk_yread_text(sk_yread_get(y, map, "verdict"));
  *first = NULL;
  if (sk_noise_parse(*v) < 0) {
    *v = NULL;
    return;
  }
  if (ev && ev->kind == SK_YNODE_SEQ && sk_yread_len(ev) > 0)
    *first = sk_yread_text(sk_yread_item(y, ev, 0));
}

/* One suite of a run, read by the one reader of result files
 * (sk_rfile_load_suite(), every value an error when out of range: a
 * merge needs every run's points); the merge keeps its points, filter
 * and verdict, and borrows its name and status from the document. */
static int sk_merge_suite(sk_yread_t *y, sk_ynode_t *n, long runs,
                          sk_merge_suite_t *s)
{
  sk_rfile_suite_t rs;
  size_t i;
  int rc;
  memset(&rs, 0, sizeof rs);
  s->node = n;
  rc = sk_rfile_load_suite(y, n, &rs, runs, 0);
  if (sk_rfile_load_need(y, n, sk_merge_need) != 0)
    rc = -1;
  if (rc == 0) {
    s->name = sk_yread_text(sk_yread_get(y, n, "name"));
    s->status = sk_yread_text(sk_yread_get(y, n, "status"));
    s->status = s->status ? s->status : "";
    sk_merge_filter(&rs, s);
    sk_merge_noise(y, sk_yread_get(y, n, "noise"), &s->verdict,
                   &s->evidence);
    s->npoints = rs.npoints;
    if ((s->points = calloc(rs.npoints + 1, sizeof *s->points)) == NULL)
      rc = -1;
    for (i = 0; s->points != NULL && i < rs.npoints; i++)
      sk_merge_point_of(&rs.points[i], &s->points[i]);
  }
  sk_rfile_suite_free(&rs);
  return rc;
}

/* The file's identity (device, inode) and checksum, for
 * sk_merge_distinct() and merged.files. */
static int sk_merge_identity(sk_merge_run_t *run, const char *path)
{
  struct stat st;
  if (stat(path, &st) == 0) {
    run->dev = (unsigned long long)st.st_dev;
    run->ino = (unsigned long long)st.st_ino;
  }
  return sk_sha256_file(path, run->file_sha256);
}

/* node_map is copied into the merged file as the first run has it:
 * every run's is checked whole first (lib/nodemap.h), so that a merge
 * never passes on a map no reader would accept. */
static int sk_merge_nodemap(sk_yread_t *y, const sk_ynode_t *root)
{
  sk_nodemap_t m;
  int found;
  if (sk_nodemap_load_root(y, root, &m, &found) != 0)
    return -1;
  sk_nodemap_free(&m);
  return 0;
}

/* The top level: schema, end marker, and the keys a merge reads; *runs
 * is merged.runs of a merged file, else -1. */
static int sk_merge_head(sk_merge_run_t *run, const char *path, long *runs)
{
  sk_yread_t *y = &run->y;
  sk_ynode_t *sf, *merged;
  run->root = sk_yread_root(y);
  if (sk_rcheck_schema(y, run->root, &run->schema_version) != 0 ||
      sk_rcheck_whole(y, run->schema_version) != 0)
    return -1;
  /* the merged file carries the first run's times and factors on */
  if ((sk_rfactors_times(y, run->root) | sk_rfactors_check(y, run->root))
      != 0)
    return -1;
  sf = sk_yread_get(y, run->root, "suite_file");
  run->sha256 = sk_yread_text(sk_yread_get(y, sf, "sha256"));
  run->written_status = sk_yread_text(sk_yread_get(
      y, sk_yread_get(y, run->root, "run"), "status"));
  run->run_status = sk_runstate_status(path, run->written_status);
  *runs = -1;
  sk_merge_noise(y, sk_yread_get(y, run->root, "noise"), &run->verdict,
                 &run->evidence);
  if (sk_rcheck_duration(y, sk_yread_get(y, sk_yread_get(y, run->root, "run"),
                                         "wall_time"), "wall_time",
                         &run->wall_time) != 0)
    return -1;
  merged = sk_yread_get(y, run->root, "merged");
  if (merged && sk_yread_want_map(y, merged, "'merged'") != 0)
    return -1;
  if (sk_merge_nodemap(y, run->root) != 0)
    return -1;
  return sk_rcheck_count(y, sk_yread_get(y, merged, "runs"), "runs", runs);
}

/* The numbers of SEQ (a sequence of MPI_Init times, each a non-negative
 * number) appended to run->init_times; NULL adds none. */
static int sk_merge_init_seq(sk_merge_run_t *run, const sk_ynode_t *seq)
{
  sk_yread_t *y = &run->y;
  size_t n, i;
  double *t;
  if (!seq)
    return 0;
  if (sk_yread_want_seq(y, seq, "'mpi_init_times'") != 0)
    return -1;
  n = sk_yread_len(seq);
  if (SK_GROW(run->init_times, run->init_cap, run->ninit + n + 1, 16) != 0)
    return -1;
  t = run->init_times;
  for (i = 0; i < n; i++)
    if (sk_yread_number_as(y, sk_yread_item(y, seq, i), "mpi_init_times",
                           SK_YREAD_FINITE | SK_YREAD_NONNEG,
                           &t[run->ninit++]) != 0)
      return -1;
  return 0;
}

/* The start-up times the file holds: its factors', or a merged file's
 * of every run it lists (merged.files), so that a merge of merged files
 * keeps them all. */
static int sk_merge_init_times(sk_merge_run_t *run)
{
  sk_yread_t *y = &run->y;
  sk_ynode_t *files = sk_yread_get(y, sk_yread_get(y, run->root, "merged"),
                                   "files");
  size_t i;
  int rc = 0;
  if (!files)
    return sk_merge_init_seq(run, sk_yread_get(y, sk_yread_get(
        y, run->root, "factors"), "mpi_init_times"));
  if (sk_yread_want_seq(y, files, "'files'") != 0)
    return -1;
  for (i = 0; i < sk_yread_len(files) && rc == 0; i++)
    rc = sk_merge_init_seq(run, sk_yread_get(y, sk_yread_item(y, files, i),
                                             "mpi_init_times"));
  return rc;
}

int sk_merge_load(sk_merge_run_t *run, const char *path)
{
  sk_ynode_t *suites;
  size_t i;
  long runs;
  int rc = 0;
  memset(run, 0, sizeof *run);
  if (sk_yread_load(&run->y, path) != 0 || run->y.errors != 0 ||
      sk_merge_head(run, path, &runs) != 0 || sk_merge_init_times(run) != 0)
    return -1;
  suites = sk_yread_get(&run->y, run->root, "suites");
  if (!suites || sk_yread_want_seq(&run->y, suites, "'suites'") != 0) {
    if (!suites)
      sk_msg_error_at(path, 0, 0, "not a skampi result file: no 'suites'");
    return -1;
  }
  run->nsuites = sk_yread_len(suites);
  run->suites = calloc(run->nsuites + 1, sizeof *run->suites);
  if (!run->suites)
    return -1;
  for (i = 0; i < run->nsuites; i++)
    rc |= sk_merge_suite(&run->y, sk_yread_item(&run->y, suites, i), runs,
                         &run->suites[i]);
  if (rc == 0 && sk_merge_identity(run, path) != 0) {
    sk_msg_error("cannot read '%s' again for its checksum", path);
    rc = -1;
  }
  return rc;
}

int sk_merge_distinct(const sk_merge_run_t *runs, size_t n)
{
  size_t i, j;
  for (j = 1; j < n; j++)
    for (i = 0; i < j; i++) {
      const char *a = runs[i].y.path, *b = runs[j].y.path;
      if (runs[i].ino != 0 && runs[i].dev == runs[j].dev &&
          runs[i].ino == runs[j].ino) {
        sk_msg_error("'%s' is the same file as '%s': one run would count "
                     "twice", b, a);
        return -1;
      }
      if (strcmp(runs[i].file_sha256, runs[j].file_sha256) == 0) {
        sk_msg_error("'%s' has the same content as '%s' (SHA-256 %s): one "
                     "run would count twice", b, a, runs[i].file_sha256);
        return -1;
      }
    }
  return 0;
}

void sk_merge_run_free(sk_merge_run_t *run)
{
  size_t i, j;
  if (!run)
    return;
  for (i = 0; run->suites && i < run->nsuites; i++) {
    for (j = 0; run->suites[i].points && j < run->suites[i].npoints; j++)
      free(run->suites[i].points[j].raw);
    free(run->suites[i].points);
  }
  free(run->suites);
  free(run->init_times);
  sk_yread_done(&run->y);
  memset(run, 0, sizeof *run);
}

/* The grid of one suite against the first run's: every argument of b
 * (ascending, as a result file lists them) one of a's.  Then b's points
 * are laid out as a's, those b lacks absent. */
static int sk_merge_check_points(const char *fa, const char *fb,
                                 const sk_merge_suite_t *a,
                                 sk_merge_suite_t *b)
{
  sk_merge_point_t *grid;
  size_t i, j = 0;
  for (i = 0; i < b->npoints; i++, j++) {
    while (j < a->npoints && a->points[j].argument < b->points[i].argument)
      j++;
    if (j == a->npoints || a->points[j].argument != b->points[i].argument) {
      sk_msg_error("'%s' and '%s' have different grids: suite '%s' was "
                   "measured at %.17g in '%s', an argument '%s' (whose grid "
                   "the runs replay) does not have", fb, fa, a->name,
                   b->points[i].argument, fb, fa);
      return -1;
    }
  }
  if (b->npoints == a->npoints)
    return 0;
  if ((grid = calloc(a->npoints + 1, sizeof *grid)) == NULL) {
    sk_msg_error("out of memory");
    return -1;
  }
  for (j = 0; j < a->npoints; j++) {
    grid[j] = a->points[j];
    grid[j].absent = 1;
    grid[j].raw = NULL;
    grid[j].nraw = 0;
  }
  for (i = 0, j = 0; i < b->npoints; i++) {
    while (a->points[j].argument != b->points[i].argument)
      j++;
    grid[j] = b->points[i];
  }
  free(b->points);
  b->points = grid;
  b->npoints = a->npoints;
  return 0;
}

void sk_merge_align(const sk_merge_run_t *first, sk_merge_run_t *run)
{
  size_t i, j;
  for (i = 0; i < first->nsuites && i < run->nsuites; i++)
    for (j = i; j < run->nsuites; j++)
      if (strcmp(run->suites[j].name, first->suites[i].name) == 0) {
        sk_merge_suite_t t = run->suites[i];
        run->suites[i] = run->suites[j];
        run->suites[j] = t;
        break;
      }
}

int sk_merge_check(const sk_merge_run_t *first, sk_merge_run_t *run)
{
  const char *fa = first->y.path, *fb = run->y.path;
  const char *ha = first->sha256 ? first->sha256 : "none";
  const char *hb = run->sha256 ? run->sha256 : "none";
  size_t i;
  if (!first->sha256 || !run->sha256) {
    sk_msg_error("'%s' records no suite_file.sha256, so it cannot be "
                 "matched to '%s'", first->sha256 ? fb : fa,
                 first->sha256 ? fa : fb);
    return -1;
  }
  if (strcmp(ha, hb) != 0) {
    sk_msg_error("'%s' and '%s' come from different suite files "
                 "(suite_file.sha256 %s and %s)", fb, fa, hb, ha);
    return -1;
  }
  for (i = 0; i < first->nsuites && i < run->nsuites; i++) {
    if (strcmp(first->suites[i].name, run->suites[i].name) != 0) {
      sk_msg_error("'%s' and '%s' have different grids: suite %zu is '%s' "
                   "in '%s' but '%s' in '%s'", fb, fa, i + 1,
                   run->suites[i].name, fb, first->suites[i].name, fa);
      return -1;
    }
    if (sk_merge_check_points(fa, fb, &first->suites[i],
                              &run->suites[i]) != 0)
      return -1;
  }
  if (first->nsuites != run->nsuites) {
    sk_msg_error("'%s' and '%s' have different grids: %zu suites in '%s' "
                 "but %zu in '%s'", fb, fa, run->nsuites, fb,
                 first->nsuites, fa);
    return -1;
  }
  return 0;
}

int sk_merge_raw_values(const double *x, size_t n, int filter, double q,
                        double *median, double *mean)
{
  double *v;
  size_t first = 0, kept = 0;
  if (n == 0 || (v = malloc(n * sizeof *v)) == NULL)
    return -1;
  memcpy(v, x, n * sizeof *v);
  sk_stats_sort(v, n);
  sk_stats_filter(v, n, filter, q, &first, &kept);
  *median = sk_stats_median(v + first, kept);
  *mean = sk_stats_mean(v + first, kept);
  free(v);
  return 0;
}

/* Alg. 3 needs the samples of every run and the filter each used. */
static sk_merge_source_t sk_merge_source(const sk_merge_run_t *runs,
                                         const sk_merge_stats_t *out,
                                         size_t is, size_t ipt)
{
  size_t k, r;
  for (k = 0; k < out->nruns; k++) {
    r = out->which[k];
    if (runs[r].suites[is].filter < 0 ||
        runs[r].suites[is].points[ipt].nraw == 0)
      return SK_MERGE_RECORDED;
  }
  return SK_MERGE_RAW;
}

/* The per-run median and mean of the runs in out->which into out's
 * arrays. */
static int sk_merge_run_values(const sk_merge_run_t *runs, size_t is,
                               size_t ipt, sk_merge_stats_t *out)
{
  const sk_merge_point_t *p;
  size_t k, r;
  out->source = sk_merge_source(runs, out, is, ipt);
  for (k = 0; k < out->nruns; k++) {
    r = out->which[k];
    p = &runs[r].suites[is].points[ipt];
    out->run_medians[k] = p->median;
    out->run_means[k] = p->mean;
    if (out->source == SK_MERGE_RAW &&
        sk_merge_raw_values(p->raw, p->nraw, runs[r].suites[is].filter,
                            runs[r].suites[is].cut_q, &out->run_medians[k],
                            &out->run_means[k]) != 0)
      return -1;
  }
  return 0;
}

void sk_merge_stats_done(sk_merge_stats_t *st)
{
  if (!st)
    return;
  free(st->run_medians);
  free(st->run_means);
  free(st->which);
  st->run_medians = st->run_means = NULL;
  st->which = NULL;
}

/* The interval and the modes of the ascending per-run values v[0..n). */
static void sk_merge_spread_of_values(const double *v, size_t n,
                                      sk_merge_stats_t *out)
{
  sk_modes_t m;
  sk_medci(v, n, SK_MERGE_CI_LEVEL, &out->ci);
  out->modes = 0;
  if (sk_modes_find(v, n, 0.0, &m) == 0 && m.tested)
    out->modes = m.n;
}

int sk_merge_stats(const sk_merge_run_t *runs, size_t n, size_t is,
                   size_t ipt, sk_merge_stats_t *out)
{
  double *v = malloc(n * sizeof *v + 1), box[5];
  size_t r;
  memset(out, 0, sizeof *out);
  out->run_medians = malloc(n * sizeof *v + 1);
  out->run_means = malloc(n * sizeof *v + 1);
  out->which = malloc(n * sizeof *out->which + 1);
  if (!v || !out->run_medians || !out->run_means || !out->which) {
    free(v);
    sk_merge_stats_done(out);
    return -1;
  }
  for (r = 0; r < n; r++)
    if (!runs[r].suites[is].points[ipt].absent)
      out->which[out->nruns++] = r;
  if (out->nruns == 0) {
    free(v);
    sk_merge_stats_done(out);
    return 1;
  }
  if (sk_merge_run_values(runs, is, ipt, out) != 0) {
    free(v);
    sk_merge_stats_done(out);
    return -1;
  }
  n = out->nruns;
  sk_stats_box(out->run_medians, n, v, box);
  /* v is the sorted copy sk_stats_box leaves */
  sk_merge_spread_of_values(v, n, out);
  free(v);
  out->min = box[0];
  out->q1 = box[1];
  out->median = box[2];
  out->q3 = box[3];
  out->max = box[4];
  out->spread = out->min > 0 ? (out->max - out->min) / out->min : NAN;
  out->mean = sk_stats_mean(out->run_means, n);
  out->se = sk_stats_stderr(out->run_means, n);
  return 0;
}

double sk_merge_field_median(const sk_merge_run_t *runs, size_t n,
                             size_t is, size_t ip, size_t off)
{
  double *v = malloc((n > 0 ? n : 1) * sizeof *v), m = NAN;
  size_t r, k = 0;
  if (v == NULL || n == 0) {
    free(v);
    return NAN;
  }
  for (r = 0; r < n; r++) {
    const sk_merge_point_t *pt = &runs[r].suites[is].points[ip];
    if (pt->absent)
      continue;
    memcpy(&v[k], (const char *)pt + off, sizeof v[k]);
    if (isnan(v[k]))
      break;
    k++;
  }
  if (r == n && k > 0) {
    sk_stats_sort(v, k);
    m = sk_stats_median(v, k);
  }
  free(v);
  return m;
}

int sk_merge_field_ci(const sk_merge_run_t *runs, size_t n, size_t is,
                      size_t ip, size_t off, sk_medci_t *ci)
{
  double *v = malloc((n > 0 ? n : 1) * sizeof *v);
  size_t r;
  int rc = -1;
  if (v == NULL || n == 0) {
    free(v);
    return -1;
  }
  for (r = 0; r < n; r++) {
    const char *p = (const char *)&runs[r].suites[is].points[ip];
    memcpy(&v[r], p + off, sizeof v[r]);
    if (isnan(v[r]))
      break;
  }
  if (r == n) {
    sk_stats_sort(v, n);
    rc = sk_medci(v, n, SK_MERGE_CI_LEVEL, ci);
  }
  free(v);
  return rc;
}

int sk_merge_precise(const sk_merge_stats_t *st, double eps)
{
  return !st->ci.short_of_level && st->ci.rel_halfwidth <= eps;
}
