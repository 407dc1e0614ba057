/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mergeout.c -- the merged result file (doc/output-format.md, "Merged
 * result files"): the first run's header and suite keys, the merge's
 * own block, and every point summarised over the runs.
 */
#include <config.h>

#include "mergeout.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "escape.h"
#include "msg.h"
#include "noise.h"
#include "outfile.h"
#include "rfile.h"
#include "schema.h"
#include "stats.h"

static int sk_mergeout_list(sk_emit_t *e, const char *key, const double *v,
                            size_t n);

/* A YAML node of a run, copied: scalars keep plain or quoted as they
 * were, so numbers stay numbers and quoted text stays text. */
static int sk_mergeout_node(sk_emit_t *e, sk_yread_t *y, sk_ynode_t *n)
{
  sk_ynode_t *v, *k;
  size_t i;
  int rc = 0;
  if (!n)
    return sk_emit_null(e);
  if (n->kind == SK_YNODE_SCALAR) {
    if (n->flags & SK_YNODE_PLAIN)
      return sk_emit_plain(e, n->text);
    return sk_emit_str(e, n->text);
  }
  if (n->kind == SK_YNODE_SEQ) {
    rc |= (n->flags & SK_YNODE_FLOW) ? sk_emit_flow_seq_begin(e)
                                      : sk_emit_seq_begin(e);
    for (i = 0; i < sk_yread_len(n); i++)
      rc |= sk_mergeout_node(e, y, sk_yread_item(y, n, i));
    return rc | sk_emit_seq_end(e);
  }
  rc |= sk_emit_map_begin(e);
  for (i = 0; i < sk_yread_len(n); i++) {
    k = sk_yread_pair(y, n, i, &v);
    rc |= sk_mergeout_node(e, y, k);
    rc |= sk_mergeout_node(e, y, v);
  }
  return rc | sk_emit_map_end(e);
}

/* KEY of the first run's top level, copied when present. */
static int sk_mergeout_copy(sk_emit_t *e, const sk_merge_run_t *r,
                            const char *key)
{
  sk_ynode_t *v = sk_yread_get((sk_yread_t *)&r->y, r->root, key);
  if (!v)
    return 0;
  sk_emit_str(e, key);
  return sk_mergeout_node(e, (sk_yread_t *)&r->y, v);
}

static const char *sk_mergeout_text(const sk_merge_run_t *r, const char *map,
                                    const char *key)
{
  sk_yread_t *y = (sk_yread_t *)&r->y;
  return sk_yread_text(sk_yread_get(y, sk_yread_get(y, r->root, map), key));
}

/* run: complete only when every run was; incomplete when a run was cut
 * short by a time limit and none did worse; else partial.  Times span
 * all runs. */
static int sk_mergeout_run(sk_emit_t *e, const sk_merge_run_t *runs,
                           size_t n)
{
  const char *st, *status = "complete";
  double wall = 0.0;
  size_t i;
  int cut;
  for (i = 0; i < n; i++) {
    st = runs[i].run_status;
    /* incomplete as written: a time limit cut it short; a `running`
     * file no run writes reads as incomplete too, but is partial here */
    cut = st && strcmp(st, "incomplete") == 0 && runs[i].written_status &&
          strcmp(runs[i].written_status, "incomplete") == 0;
    if (cut && strcmp(status, "complete") == 0)
      status = "incomplete";
    else if (!cut && (!st || strcmp(st, "complete") != 0))
      status = "partial";
    wall += runs[i].wall_time;
  }
  sk_emit_str(e, "run");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "status", status);
  sk_emit_kv_str(e, "start_time", sk_mergeout_text(&runs[0], "run",
                                                   "start_time"));
  sk_emit_kv_str(e, "end_time", sk_mergeout_text(&runs[n - 1], "run",
                                                 "end_time"));
  sk_emit_kv_double(e, "wall_time", wall);
  return sk_emit_map_end(e);
}

/* KEY: the factor of run R as its file has it, or null. */
static int sk_mergeout_factor(sk_emit_t *e, const sk_merge_run_t *r,
                              const char *key)
{
  sk_yread_t *y = (sk_yread_t *)&r->y;
  sk_ynode_t *v = sk_yread_get(y, sk_yread_get(y, r->root, "factors"), key);
  sk_emit_str(e, key);
  if (!v || v->kind != SK_YNODE_SCALAR)
    return sk_emit_null(e);
  return sk_mergeout_node(e, y, v);
}

/* Where run R came from: its file (path and checksum), its seed and the
 * grid it replayed, so that a merged result can be traced back. */
static int sk_mergeout_file(sk_emit_t *e, const sk_merge_run_t *r)
{
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "path", r->y.path);
  sk_emit_kv_str(e, "sha256", r->file_sha256);
  sk_emit_kv_str(e, "status", r->run_status);
  sk_emit_kv_str(e, "start_time", sk_mergeout_text(r, "run", "start_time"));
  sk_mergeout_factor(e, r, "shuffle_seed");
  sk_mergeout_factor(e, r, "grid_from");
  if (r->init_times != NULL)
    sk_mergeout_list(e, "mpi_init_times", r->init_times, r->ninit);
  return sk_emit_map_end(e);
}

/* The worst of the runs' verdicts, each run that was not quiet named
 * with its first sentence: a `noise` map (nothing when no run was
 * judged).  v[i], first[i]: run i's verdict and sentence, or NULL. */
static int sk_mergeout_noise(sk_emit_t *e, const sk_merge_run_t *runs,
                             size_t n, const char *const *v,
                             const char *const *first)
{
  char buf[640];
  int worst = -1, k;
  size_t i;
  for (i = 0; i < n; i++)
    if ((k = sk_noise_parse(v[i])) > worst)
      worst = k;
  if (worst < 0)
    return 0;
  sk_emit_str(e, "noise");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "verdict", sk_noise_name((sk_noise_verdict_t)worst));
  sk_emit_str(e, "evidence");
  sk_emit_seq_begin(e);
  for (i = 0; i < n; i++) {
    if (v[i] == NULL || strcmp(v[i], "quiet") == 0)
      continue;
    snprintf(buf, sizeof buf, "%s: %s%s%.500s", runs[i].y.path, v[i],
             first[i] ? ": " : "", first[i] ? first[i] : "");
    sk_emit_str(e, buf);
  }
  sk_emit_seq_end(e);
  return sk_emit_map_end(e);
}

/* The noise over the runs: the run's when IS is SIZE_MAX, else suite
 * IS's. */
static int sk_mergeout_noise_of(sk_emit_t *e, const sk_merge_run_t *runs,
                                size_t n, size_t is)
{
  const char **v = calloc(2 * n + 1, sizeof *v);
  size_t i;
  int rc;
  if (v == NULL)
    return -1;
  for (i = 0; i < n; i++) {
    int run = is == SIZE_MAX;
    v[i] = run ? runs[i].verdict : runs[i].suites[is].verdict;
    v[n + i] = run ? runs[i].evidence : runs[i].suites[is].evidence;
  }
  rc = sk_mergeout_noise(e, runs, n, v, v + n);
  free(v);
  return rc;
}

/* mpi_init: the distribution of every process's MPI_Init time over all
 * runs (their number, the extremes and quartiles); nothing when no run
 * recorded them. */
static int sk_mergeout_init(sk_emit_t *e, const sk_merge_run_t *runs,
                            size_t n)
{
  static const char *const name[5] = {"min", "q1", "median", "q3", "max"};
  size_t i, m = 0, k;
  double *x, box[5];
  int rc;
  for (i = 0; i < n; i++)
    m += runs[i].ninit;
  if (m == 0)
    return 0;
  if (!(x = malloc(m * sizeof *x)))
    return -1;
  for (i = 0, k = 0; i < n; i++) {
    if (runs[i].ninit == 0)      /* a run without them: init_times NULL */
      continue;
    memcpy(x + k, runs[i].init_times, runs[i].ninit * sizeof *x);
    k += runs[i].ninit;
  }
  sk_stats_box(x, m, x, box);
  free(x);
  sk_emit_str(e, "mpi_init_time");
  sk_emit_map_begin(e);
  sk_emit_kv_long(e, "samples", (long)m);
  for (i = 0; i < 5; i++)
    sk_emit_kv_double(e, name[i], box[i]);
  rc = sk_emit_map_end(e);
  return rc;
}

static int sk_mergeout_block(sk_emit_t *e, const sk_merge_run_t *runs,
                             size_t n, double eps)
{
  char tool[128];
  size_t i;
  snprintf(tool, sizeof tool, "%s %s", sk_msg_program(), PACKAGE_VERSION);
  sk_emit_str(e, "merged");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "tool", tool);
  sk_emit_kv_long(e, "runs", (long)n);
  sk_emit_kv_double(e, "ci_level", SK_MERGE_CI_LEVEL);
  if (eps > 0.0)
    sk_emit_kv_double(e, "precision", eps);
  sk_emit_str(e, "files");
  sk_emit_seq_begin(e);
  for (i = 0; i < n; i++)
    sk_mergeout_file(e, &runs[i]);
  sk_emit_seq_end(e);
  if (sk_mergeout_init(e, runs, n) != 0)
    return -1;
  return sk_emit_map_end(e);
}

/* A number that was whole in the file is written whole again. */
static int sk_mergeout_number(sk_emit_t *e, const char *key, double v)
{
  sk_emit_str(e, key);
  if (v == floor(v) && fabs(v) < 1e15)
    return sk_emit_long(e, (long)v);
  return sk_emit_double(e, v);
}

/* KEY: the n values v as a flow list (one per run, or per process). */
static int sk_mergeout_list(sk_emit_t *e, const char *key, const double *v,
                            size_t n)
{
  size_t r;
  sk_emit_str(e, key);
  sk_emit_flow_seq_begin(e);
  for (r = 0; r < n; r++)
    sk_emit_double(e, v[r]);
  return sk_emit_seq_end(e);
}

/* Sums of the counts (absent when a run lacks one), the extremes of
 * every repetition of every run, flags. */
static int sk_mergeout_counts(sk_emit_t *e, const sk_merge_run_t *runs,
                              size_t n, size_t is, size_t ip)
{
  long reps = 0, cut = 0;
  double lo = INFINITY, hi = -INFINITY;
  int eps = 1;
  size_t r;
  const sk_merge_point_t *p;
  for (r = 0; r < n; r++) {
    p = &runs[r].suites[is].points[ip];
    if (p->absent)
      continue;
    reps = (reps < 0 || p->repetitions < 0) ? -1 : reps + p->repetitions;
    cut = (cut < 0 || p->cut < 0) ? -1 : cut + p->cut;
    lo = fmin(lo, p->min);
    hi = fmax(hi, p->max);
    eps = eps && p->eps_met;
  }
  if (reps >= 0)
    sk_emit_kv_long(e, "repetitions", reps);
  if (cut >= 0)
    sk_emit_kv_long(e, "cut", cut);
  sk_emit_kv_double(e, "sample_min", lo);
  sk_emit_kv_double(e, "sample_max", hi);
  return sk_emit_kv_bool(e, "eps_met", eps);
}

/* The point's leading statistics: the median of the per-run values, its
 * quartiles and extremes, its interval, the modes and the run count. */
static int sk_mergeout_lead(sk_emit_t *e, const sk_merge_stats_t *st,
                            size_t n)
{
  size_t k, r;
  sk_emit_kv_double(e, "median", st->median);
  sk_emit_kv_double(e, "q1", st->q1);
  sk_emit_kv_double(e, "q3", st->q3);
  sk_emit_kv_double(e, "min", st->min);
  sk_emit_kv_double(e, "max", st->max);
  sk_emit_str(e, "ci");
  sk_emit_flow_map_begin(e);
  sk_emit_kv_double(e, "low", st->ci.lower);
  sk_emit_kv_double(e, "high", st->ci.upper);
  sk_emit_kv_double(e, "coverage", st->ci.coverage);
  sk_emit_map_end(e);
  sk_emit_kv_long(e, "runs", (long)st->nruns);
  if (st->nruns < n) {
    /* the runs (1-based, in merged.files' order) without the point */
    sk_emit_str(e, "runs_missing");
    sk_emit_flow_seq_begin(e);
    for (r = 0, k = 0; r < n; r++) {
      if (k < st->nruns && st->which[k] == r)
        k++;
      else
        sk_emit_long(e, (long)r + 1);
    }
    sk_emit_seq_end(e);
  }
  if (st->modes >= 2)
    sk_emit_kv_long(e, "modes", st->modes);
  sk_emit_str(e, "spread");
  if (isnan(st->spread))
    return sk_emit_null(e);
  return sk_emit_double(e, st->spread);
}

/* A nonblocking overlap point's and a persistent point's own values:
 * each the median over the runs (kept only when every run has it); the
 * overlap percentage is the median of the runs' percentages, not one
 * recomputed from the medians. */
static int sk_mergeout_extras(sk_emit_t *e, const sk_merge_run_t *runs,
                              size_t n, size_t is, size_t ip)
{
  const sk_merge_point_t *p = &runs[0].suites[is].points[ip];
  double pure, with, cpu, pc, init, fr;
  pure = sk_merge_field_median(runs, n, is, ip,
                               offsetof(sk_merge_point_t, ovl_pure));
  with = sk_merge_field_median(runs, n, is, ip,
                               offsetof(sk_merge_point_t, ovl_with));
  cpu = sk_merge_field_median(runs, n, is, ip,
                              offsetof(sk_merge_point_t, ovl_cpu));
  pc = sk_merge_field_median(runs, n, is, ip,
                             offsetof(sk_merge_point_t, ovl_percent));
  if (!isnan(pure) && !isnan(cpu) && !isnan(pc)) {
    sk_emit_str(e, "overlap");
    sk_emit_map_begin(e);
    sk_emit_kv_double(e, "pure", pure);
    if (!isnan(with))
      sk_emit_kv_double(e, "with_computation", with);
    sk_emit_kv_double(e, "computation", cpu);
    sk_emit_kv_double(e, "percent", pc);
    if (p->ovl_tests >= 0)
      sk_emit_kv_long(e, "test_calls", p->ovl_tests);
    sk_emit_map_end(e);
  }
  init = sk_merge_field_median(runs, n, is, ip,
                               offsetof(sk_merge_point_t, init_time));
  fr = sk_merge_field_median(runs, n, is, ip,
                             offsetof(sk_merge_point_t, free_time));
  if (!isnan(init) && !isnan(fr)) {
    sk_emit_str(e, "persistent");
    sk_emit_map_begin(e);
    sk_emit_kv_double(e, "init_time", init);
    sk_emit_kv_double(e, "free_time", fr);
    return sk_emit_map_end(e);
  }
  return 0;
}

/* Percentiles = yes: each percentile's median over the runs and its
 * interval (pNN_ci), kept only when every run has it; named as the
 * reader names them (sk_rfile_tail_key()). */
static int sk_mergeout_tail(sk_emit_t *e, const sk_merge_run_t *runs,
                            size_t n, size_t is, size_t ip)
{
  sk_medci_t ci[SK_RFILE_TAIL_N];
  char key[16];
  int k;
  for (k = 0; k < SK_RFILE_TAIL_N; k++)
    if (sk_merge_field_ci(runs, n, is, ip,
                          offsetof(sk_merge_point_t, pct) +
                              (size_t)k * sizeof(double), &ci[k]) != 0)
      return 0;
  for (k = 0; k < SK_RFILE_TAIL_N; k++)
    sk_emit_kv_double(e, sk_rfile_tail_key(k), ci[k].median);
  for (k = 0; k < SK_RFILE_TAIL_N; k++) {
    snprintf(key, sizeof key, "%s_ci", sk_rfile_tail_key(k));
    sk_emit_str(e, key);
    sk_emit_flow_map_begin(e);
    sk_emit_kv_double(e, "low", ci[k].lower);
    sk_emit_kv_double(e, "high", ci[k].upper);
    sk_emit_kv_double(e, "coverage", ci[k].coverage);
    sk_emit_map_end(e);
  }
  return 0;
}

static int sk_mergeout_point(sk_emit_t *e, const sk_merge_run_t *runs,
                             size_t n, size_t is, size_t ip, double eps)
{
  const sk_merge_point_t *p = &runs[0].suites[is].points[ip];
  sk_merge_stats_t st;
  int rc = sk_merge_stats(runs, n, is, ip, &st);
  if (rc > 0) {         /* no run has a value here: it is left out */
    char name[256];
    sk_escape_buf(runs[0].suites[is].name, name, sizeof name);
    sk_msg_warning("suite '%s', argument %.17g: no run has a value there; "
                   "it is left out of the merged file", name, p->argument);
    return 0;
  }
  if (rc < 0)
    return -1;
  sk_emit_map_begin(e);
  sk_mergeout_number(e, "argument", p->argument);
  sk_mergeout_lead(e, &st, n);
  sk_mergeout_tail(e, runs, n, is, ip);
  if (eps > 0.0)
    sk_emit_kv_bool(e, "precision_met", sk_merge_precise(&st, eps));
  sk_emit_kv_double(e, "mean", st.mean);
  sk_emit_kv_double(e, "stderr", st.se);
  sk_mergeout_counts(e, runs, n, is, ip);
  sk_emit_kv_bool(e, "refined", p->refined);
  if (p->processes >= 0)
    sk_emit_kv_long(e, "processes", p->processes);
  sk_emit_kv_str(e, "run_values",
                 st.source == SK_MERGE_RAW ? "raw" : "recorded");
  sk_mergeout_list(e, "run_medians", st.run_medians, st.nruns);
  sk_mergeout_list(e, "run_means", st.run_means, st.nruns);
  sk_mergeout_extras(e, runs, n, is, ip);
  sk_merge_stats_done(&st);
  return sk_emit_map_end(e);
}

/* The suite's status over the runs: the first that is not complete. */
static const char *sk_mergeout_status(const sk_merge_run_t *runs, size_t n,
                                      size_t is)
{
  size_t r;
  for (r = 0; r < n; r++)
    if (strcmp(runs[r].suites[is].status, "complete") != 0)
      return runs[r].suites[is].status;
  return "complete";
}

/* The first run's suite keys (all but status, elapsed and points, which
 * belong to the merge), then the merged points. */
static int sk_mergeout_suite(sk_emit_t *e, const sk_merge_run_t *runs,
                             size_t n, size_t is, double eps)
{
  sk_yread_t *y = (sk_yread_t *)&runs[0].y;
  sk_ynode_t *node = runs[0].suites[is].node, *k, *v;
  const char *key;
  size_t i;
  int rc = 0;
  sk_emit_map_begin(e);
  for (i = 0; i < sk_yread_len(node); i++) {
    k = sk_yread_pair(y, node, i, &v);
    key = sk_yread_text(k);
    if (!key || !strcmp(key, "points") || !strcmp(key, "elapsed") ||
        !strcmp(key, "noise"))
      continue;
    sk_mergeout_node(e, y, k);
    if (strcmp(key, "status") == 0)
      sk_emit_str(e, sk_mergeout_status(runs, n, is));
    else
      sk_mergeout_node(e, y, v);
  }
  rc |= sk_mergeout_noise_of(e, runs, n, is);
  sk_emit_str(e, "points");
  sk_emit_seq_begin(e);
  for (i = 0; i < runs[0].suites[is].npoints; i++)
    rc |= sk_mergeout_point(e, runs, n, is, i, eps);
  sk_emit_seq_end(e);
  return rc | sk_emit_map_end(e);
}

static int sk_mergeout_doc(sk_emit_t *e, const sk_merge_run_t *runs,
                           size_t n, double eps)
{
  size_t i;
  int rc = 0;
  sk_emit_end_marker(e);
  sk_emit_map_begin(e);
  sk_emit_kv_long(e, "schema_version", SK_SCHEMA_VERSION);
  rc |= sk_mergeout_copy(e, &runs[0], "skampi_version");
  rc |= sk_mergeout_copy(e, &runs[0], "suite_file");
  rc |= sk_mergeout_copy(e, &runs[0], "metadata");
  rc |= sk_mergeout_run(e, runs, n);
  rc |= sk_mergeout_copy(e, &runs[0], "factors");
  rc |= sk_mergeout_copy(e, &runs[0], "node_map");
  rc |= sk_mergeout_noise_of(e, runs, n, SIZE_MAX);
  rc |= sk_mergeout_block(e, runs, n, eps);
  sk_emit_str(e, "suites");
  sk_emit_seq_begin(e);
  for (i = 0; i < runs[0].nsuites; i++)
    rc |= sk_mergeout_suite(e, runs, n, i, eps);
  sk_emit_seq_end(e);
  return rc | sk_emit_map_end(e);
}

/* Through a temporary file beside PATH (lib/outfile.h): no half-written
 * merged file, no file replaced that is not a result file, no input. */
int sk_mergeout_write(const char *path, const sk_merge_run_t *runs,
                      size_t n, const sk_outfile_inputs_t *in, double eps)
{
  char why[1200];
  sk_outfile_t *h = sk_outfile_open(path, SK_OUTFILE_MERGED, in, why,
                                    sizeof why);
  sk_emit_t *e;
  int rc = -1;
  if (h == NULL) {
    sk_msg_error("%s", why);
    return -1;
  }
  if ((e = sk_emit_open(h->fp)) != NULL) {
    rc = sk_mergeout_doc(e, runs, n, eps);
    rc |= sk_emit_close(e);
  }
  if (rc != 0 && !ferror(h->fp)) {
    sk_outfile_abort(h);
    sk_msg_error("cannot write the merged result: the YAML emitter failed");
    return -1;
  }
  if (sk_outfile_commit(h, why, sizeof why) != 0) {
    sk_msg_error("%s", why);
    return -1;
  }
  return 0;
}
