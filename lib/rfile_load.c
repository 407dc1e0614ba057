/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfile_load.c -- a skampi result file (YAML) into an sk_rfile_t.
 *
 * The walk follows doc/output-format.md.  Keys it does not know are
 * skipped, as the format promises readers may do; a known key with a
 * value of the wrong type is an error located at that value.
 */
#include <config.h>

#include "rfile_load.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collbw.h"
#include "grow.h"
#include "msg.h"
#include "nodemap.h"
#include "noise.h"
#include "runstate.h"
#include "rcheck.h"
#include "rfactors.h"
#include "yread.h"

/* A list of key/value pairs being read: *kv of *n entries, room for
 * cap. */
typedef struct sk_rfile_load_kvs {
  sk_rfile_kv_t **kv;
  size_t *n;
  size_t cap;
} sk_rfile_load_kvs_t;

/* Append a key/value pair (both copied) to the list. */
static int sk_rfile_load_kv_add(sk_rfile_load_kvs_t *l, const char *key,
                                const char *value)
{
  sk_rfile_kv_t *grown;
  size_t *n = l->n;
  if (SK_GROW(*l->kv, l->cap, *n + 1, 16) != 0)
    return -1;
  grown = *l->kv;
  grown[*n].key = strdup(key);
  grown[*n].value = strdup(value);
  if (!grown[*n].key || !grown[*n].value) {
    free(grown[*n].key);
    free(grown[*n].value);
    return -1;
  }
  (*n)++;
  return 0;
}

/* Append TEXT to the growing string *buf. */
static int sk_rfile_load_cat(char **buf, const char *text)
{
  size_t a = *buf ? strlen(*buf) : 0, b = strlen(text);
  char *grown = realloc(*buf, a + b + 1);
  if (!grown)
    return -1;
  memcpy(grown + a, text, b + 1);
  *buf = grown;
  return 0;
}

/* A sequence of scalars as one line: "a, b ×2, c".  Runs of one value are
 * counted, because host lists repeat each node once per rank. */
static char *sk_rfile_load_join(sk_yread_t *y, sk_ynode_t *seq)
{
  size_t i, j, n = sk_yread_len(seq);
  char *out = strdup(""), num[32];
  const char *t, *u;
  for (i = 0; out && i < n; i = j) {
    t = sk_yread_text(sk_yread_item(y, seq, i));
    t = t ? t : "...";
    for (j = i + 1; j < n; j++) {
      u = sk_yread_text(sk_yread_item(y, seq, j));
      if (!u || strcmp(t, u) != 0)
        break;
    }
    if ((i > 0 && sk_rfile_load_cat(&out, ", ") < 0) || sk_rfile_load_cat(&out, t) < 0)
      return NULL;
    snprintf(num, sizeof num, " \xc3\x97%lu", (unsigned long)(j - i));
    if (j - i > 1 && sk_rfile_load_cat(&out, num) < 0)
      return NULL;
  }
  return out;
}

/* Flatten VALUE under name PREFIX into *kv: a scalar is one entry, a
 * sequence one joined entry, a mapping one entry per key "PREFIX.key". */
static int sk_rfile_load_flat(sk_yread_t *y, sk_ynode_t *value,
                              const char *prefix, sk_rfile_load_kvs_t *l)
{
  size_t i;
  sk_ynode_t *k, *v;
  char *text, name[256];
  int rc;
  if (value->kind == SK_YNODE_SCALAR)
    return sk_rfile_load_kv_add(l, prefix, sk_yread_text(value));
  if (value->kind == SK_YNODE_SEQ) {
    text = sk_rfile_load_join(y, value);
    rc = text ? sk_rfile_load_kv_add(l, prefix, text) : -1;
    free(text);
    return rc;
  }
  for (i = 0; i < sk_yread_len(value); i++) {
    k = sk_yread_pair(y, value, i, &v);
    snprintf(name, sizeof name, "%s%s%s", prefix, *prefix ? "." : "",
             sk_yread_text(k) ? sk_yread_text(k) : "?");
    if (sk_rfile_load_flat(y, v, name, l) < 0)
      return -1;
  }
  return 0;
}

/* A mapping such as metadata: or factors: flattened into *kv (empty at
 * first). */
static int sk_rfile_load_map(sk_yread_t *y, sk_ynode_t *map, const char *what,
                       sk_rfile_kv_t **kv, size_t *n)
{
  sk_rfile_load_kvs_t l = {kv, n, 0};
  if (!map)
    return 0;
  if (sk_yread_want_map(y, map, what) < 0)
    return -1;
  return sk_rfile_load_flat(y, map, "", &l);
}

/* Start every string at "" so that readers never meet NULL. */
static int sk_rfile_load_strings(char **const *fields, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    *fields[i] = strdup("");
    if (!*fields[i])
      return -1;
  }
  return 0;
}

/* The point's extras, made on first use (all NaN); -1 on no memory. */
static int sk_rfile_load_extra(sk_yread_t *y, const sk_ynode_t *m,
                               sk_rfile_point_t *p)
{
  if (p->extra != NULL)
    return 0;
  p->extra = malloc(sizeof *p->extra);
  if (p->extra == NULL) {
    sk_yread_error(y, m, "out of memory");
    return -1;
  }
  p->extra->ovl_pure = p->extra->ovl_with = p->extra->ovl_cpu = NAN;
  p->extra->ovl_percent = p->extra->init_time = p->extra->free_time = NAN;
  p->extra->ovl_tests = -1;
  p->extra->dest_min = p->extra->dest_median = p->extra->dest_max = NAN;
  p->extra->dest_slowest = -1;
  return 0;
}

/* A nonblocking overlap point's map `overlap` (report/beyond.c draws its
 * percentage, skampi-merge merges it); all three values or none. */
static void sk_rfile_load_overlap(sk_yread_t *y, const sk_ynode_t *m,
                                  sk_rfile_point_t *p)
{
  double pure = NAN, cpu = NAN, pc = NAN, with = NAN;
  long tests = -1;
  if (m == NULL || sk_yread_want_map(y, m, "'overlap'") < 0)
    return;
  if (sk_rcheck_time(y, sk_yread_get(y, m, "pure"), "pure", &pure) < 0 ||
      sk_rcheck_time(y, sk_yread_get(y, m, "with_computation"),
                     "with_computation", &with) < 0 ||
      sk_rcheck_time(y, sk_yread_get(y, m, "computation"), "computation",
                     &cpu) < 0 ||
      sk_rcheck_percent(y, sk_yread_get(y, m, "percent"), "percent",
                        &pc) < 0 ||
      sk_rcheck_count(y, sk_yread_get(y, m, "test_calls"), "test_calls",
                      &tests) < 0)
    return;
  if (isnan(pure) || isnan(cpu) || isnan(pc)) {
    sk_yread_error(y, m, "'overlap' lacks 'pure', 'computation' or "
                   "'percent'");
    return;
  }
  if (sk_rfile_load_extra(y, m, p) != 0)
    return;
  p->extra->ovl_pure = pure;
  p->extra->ovl_cpu = cpu;
  p->extra->ovl_percent = pc;
  p->extra->ovl_with = with;
  p->extra->ovl_tests = tests;
}

/* A persistent point's map `persistent`: both values or none. */
static void sk_rfile_load_persistent(sk_yread_t *y, const sk_ynode_t *m,
                                     sk_rfile_point_t *p)
{
  double init = NAN, fr = NAN;
  if (m == NULL || sk_yread_want_map(y, m, "'persistent'") < 0)
    return;
  if (sk_rcheck_time(y, sk_yread_get(y, m, "init_time"), "init_time",
                     &init) < 0 ||
      sk_rcheck_time(y, sk_yread_get(y, m, "free_time"), "free_time",
                     &fr) < 0)
    return;
  if (isnan(init) || isnan(fr)) {
    sk_yread_error(y, m, "'persistent' lacks 'init_time' or 'free_time'");
    return;
  }
  if (sk_rfile_load_extra(y, m, p) != 0)
    return;
  p->extra->init_time = init;
  p->extra->free_time = fr;
}

/* A Bcast_OL point's map `destinations`: all four values or none, in
 * order (min <= median <= max). */
static void sk_rfile_load_dest(sk_yread_t *y, const sk_ynode_t *m,
                               sk_rfile_point_t *p)
{
  double lo = NAN, mid = NAN, hi = NAN;
  long slow = -1;
  if (m == NULL || sk_yread_want_map(y, m, "'destinations'") < 0)
    return;
  if (sk_rcheck_time(y, sk_yread_get(y, m, "min"), "min", &lo) < 0 ||
      sk_rcheck_time(y, sk_yread_get(y, m, "median"), "median", &mid) < 0 ||
      sk_rcheck_time(y, sk_yread_get(y, m, "max"), "max", &hi) < 0 ||
      sk_rcheck_count(y, sk_yread_get(y, m, "slowest"), "slowest",
                      &slow) < 0)
    return;
  if (isnan(lo) || isnan(mid) || isnan(hi) || slow < 0) {
    sk_yread_error(y, m, "'destinations' lacks 'min', 'median', 'max' or "
                   "'slowest'");
    return;
  }
  if (!(lo <= mid && mid <= hi)) {
    sk_yread_error(y, m, "'destinations' is out of order (min <= median "
                   "<= max)");
    return;
  }
  if (sk_rfile_load_extra(y, m, p) != 0)
    return;
  p->extra->dest_min = lo;
  p->extra->dest_median = mid;
  p->extra->dest_max = hi;
  p->extra->dest_slowest = slow;
}

/* rate, processes and node_times (report/beyond.c draws them). */
static void sk_rfile_load_point_beyond(sk_yread_t *y, const sk_ynode_t *node,
                                       sk_rfile_point_t *p)
{
  sk_rcheck_rate(y, sk_yread_get(y, node, "rate"), "rate", &p->rate);
  sk_rcheck_count(y, sk_yread_get(y, node, "processes"), "processes",
                  &p->processes);
  sk_rcheck_times(y, node, "node_times", &p->node_times, &p->nnode);
  sk_rfile_load_overlap(y, sk_yread_get(y, node, "overlap"), p);
  sk_rfile_load_persistent(y, sk_yread_get(y, node, "persistent"), p);
  sk_rfile_load_dest(y, sk_yread_get(y, node, "destinations"), p);
}

/* The statistics skampi-report does not draw but skampi-db keeps. */
static void sk_rfile_load_point_rest(sk_yread_t *y, const sk_ynode_t *node,
                                     sk_rfile_point_t *p, int none)
{
  p->min = p->max = NAN;
  sk_rcheck_stat(y, sk_yread_get(y, node, "min"), "min", none, &p->min);
  sk_rcheck_stat(y, sk_yread_get(y, node, "max"), "max", none, &p->max);
  sk_rcheck_times(y, node, "raw", &p->raw, &p->nraw);
  sk_rcheck_times(y, node, "run_medians", &p->run_medians,
                  &p->nrun_medians);
  sk_rcheck_times(y, node, "run_means", &p->run_means, &p->nrun_means);
}

/* A number in [0, 1] under KEY of MAP (absent: *out unchanged). */
static void sk_rfile_load_fraction(sk_yread_t *y, const sk_ynode_t *map,
                                   const char *key, double *out)
{
  const sk_ynode_t *v = sk_yread_get(y, map, key);
  double d;
  if (!v || sk_yread_number_as(y, v, key, SK_YREAD_FINITE, &d) < 0)
    return;
  if (d < 0 || d > 1)
    sk_yread_error(y, v, "'%s' must be between 0 and 1", key);
  else
    *out = d;
}

/* median, the merged point's `ci` and `runs`, and `modes` (what the
 * suite page draws of a point's spread). */
static void sk_rfile_load_point_spread(sk_yread_t *y, const sk_ynode_t *node,
                                       sk_rfile_point_t *p, int none)
{
  const sk_ynode_t *ci = sk_yread_get(y, node, "ci");
  const sk_ynode_t *modes = sk_yread_get(y, node, "modes");
  size_t i, n;
  sk_rcheck_stat(y, sk_yread_get(y, node, "median"), "median", none,
                 &p->median);
  sk_rcheck_count(y, sk_yread_get(y, node, "runs"), "runs", &p->runs);
  if (ci && sk_yread_want_map(y, ci, "'ci'") == 0) {
    sk_rcheck_stat(y, sk_yread_get(y, ci, "low"), "low", none, &p->ci_low);
    sk_rcheck_stat(y, sk_yread_get(y, ci, "high"), "high", none,
                   &p->ci_high);
    sk_rfile_load_fraction(y, ci, "coverage", &p->ci_coverage);
    if (p->ci_low > p->ci_high)
      sk_yread_error(y, ci, "'ci' has its low above its high");
  }
  /* a merged point gives the number of modes of its per-run values */
  if (modes && modes->kind != SK_YNODE_SEQ) {
    sk_yread_integer_as(y, modes, "modes", SK_YREAD_NONNEG, &p->mode_count);
    return;
  }
  if (!modes || sk_yread_want_seq(y, modes, "'modes'") < 0 ||
      (n = sk_yread_len(modes)) == 0)
    return;
  p->mode_count = (long)n;
  if (!(p->modes = malloc(2 * SK_RFILE_MODES * sizeof *p->modes))) {
    sk_yread_error(y, NULL, "out of memory");
    return;
  }
  for (i = 0; i < n; i++) {
    const sk_ynode_t *m = sk_yread_item(y, modes, i);
    double loc = NAN, share = NAN;
    if (sk_yread_want_map(y, m, "a mode") < 0)
      return;
    sk_rcheck_stat(y, sk_yread_get(y, m, "location"), "location", 0, &loc);
    sk_rfile_load_fraction(y, m, "share", &share);
    if (i < SK_RFILE_MODES) {
      p->modes[2 * i] = loc;
      p->modes[2 * i + 1] = share;
      p->nmodes = i + 1;
    }
  }
}

/* pNN_ci of a merged point: its interval into t (absent: NaN). */
static void sk_rfile_load_tail_ci(sk_yread_t *y, const sk_ynode_t *node,
                                  int k, int none, sk_rfile_tail_t *t)
{
  char key[16];
  const sk_ynode_t *ci;
  snprintf(key, sizeof key, "%s_ci", sk_rfile_tail_key(k));
  if ((ci = sk_yread_get(y, node, key)) == NULL ||
      sk_yread_want_map(y, ci, "a percentile's 'ci'") < 0)
    return;
  sk_rcheck_stat(y, sk_yread_get(y, ci, "low"), "low", none, &t->lo[k]);
  sk_rcheck_stat(y, sk_yread_get(y, ci, "high"), "high", none, &t->hi[k]);
  sk_rfile_load_fraction(y, ci, "coverage", &t->coverage[k]);
  if (t->lo[k] > t->hi[k])
    sk_yread_error(y, ci, "'%s' has its low above its high", key);
}

/* p50, p90, p99 and p999 (Percentiles = yes): all four or none, each
 * at least the one before; a merged point's intervals. */
static void sk_rfile_load_tail(sk_yread_t *y, const sk_ynode_t *node,
                               sk_rfile_point_t *p, int none)
{
  sk_rfile_tail_t t = *sk_rfile_tail(p);
  int k, have = 0;
  for (k = 0; k < SK_RFILE_TAIL_N; k++)
    have += sk_yread_get(y, node, sk_rfile_tail_key(k)) != NULL;
  if (have == 0)
    return;
  if (have < SK_RFILE_TAIL_N) {
    sk_yread_error(y, node, "a point has p50, p90, p99 and p999 together "
                   "or none of them");
    return;
  }
  for (k = 0; k < SK_RFILE_TAIL_N; k++) {
    const char *key = sk_rfile_tail_key(k);
    if (sk_rcheck_stat(y, sk_yread_get(y, node, key), key, none,
                       &t.p[k]) < 0)
      return;
    if (k > 0 && t.p[k] < t.p[k - 1]) {
      sk_yread_error(y, sk_yread_get(y, node, key), "'%s' is below '%s'",
                     key, sk_rfile_tail_key(k - 1));
      return;
    }
    sk_rfile_load_tail_ci(y, node, k, none, &t);
  }
  if ((p->tail = malloc(sizeof *p->tail)) == NULL) {
    sk_yread_error(y, node, "out of memory");
    return;
  }
  *p->tail = t;
}

/* One point into *p: 0, 1 when it is left out (a time out of range,
 * and LEAVE set: yread.h, soft), -1 after an error. */
static int sk_rfile_load_point(sk_yread_t *y, sk_ynode_t *node,
                               sk_rfile_point_t *p, int need_argument,
                               long runs, int leave)
{
  int before = y->errors, none, dropped;
  p->argument = 0;
  p->mean = 0;
  p->se = 0;
  p->q1 = p->q3 = p->median = NAN;
  p->ci_low = p->ci_high = p->ci_coverage = NAN;
  p->runs = -1;
  p->modes = NULL;
  p->nmodes = 0;
  p->mode_count = -1;
  p->repetitions = p->cut = -1;
  p->novalue = 0;
  p->eps_met = 1;
  p->refined = 0;
  p->rate = NAN;
  p->processes = -1;
  p->node_times = NULL;
  p->nnode = 0;
  p->raw = p->run_medians = p->run_means = NULL;
  p->nraw = p->nrun_medians = p->nrun_means = 0;
  p->min = p->max = NAN;
  p->extra = NULL;
  p->tail = NULL;
  if (sk_yread_want_map(y, node, "a point") < 0)
    return -1;
  y->soft = leave ? 1 : 0;
  if (sk_rcheck_point(y, node) < 0 && y->soft != 2) {
    y->soft = 0;
    return -1;
  }
  if (need_argument && !sk_yread_get(y, node, "argument"))
    sk_yread_error(y, node, "point has no 'argument'");
  if (!sk_yread_get(y, node, "mean"))
    sk_yread_error(y, node, "point has no 'mean'");
  sk_rcheck_argument(y, sk_yread_get(y, node, "argument"), "argument",
                     &p->argument);
  none = p->novalue = sk_rcheck_novalue(y, node);
  sk_rcheck_stat(y, sk_yread_get(y, node, "mean"), "mean", none, &p->mean);
  sk_rcheck_stat(y, sk_yread_get(y, node, "stderr"), "stderr", none, &p->se);
  sk_rcheck_stat(y, sk_yread_get(y, node, "q1"), "q1", none, &p->q1);
  sk_rcheck_stat(y, sk_yread_get(y, node, "q3"), "q3", none, &p->q3);
  sk_rcheck_count(y, sk_yread_get(y, node, "repetitions"), "repetitions",
                  &p->repetitions);
  sk_rcheck_count(y, sk_yread_get(y, node, "cut"), "cut", &p->cut);
  sk_yread_bool(y, sk_yread_get(y, node, "eps_met"), "eps_met", &p->eps_met);
  sk_yread_bool(y, sk_yread_get(y, node, "refined"), "refined", &p->refined);
  sk_rfile_load_point_beyond(y, node, p);
  sk_rfile_load_point_spread(y, node, p, none);
  sk_rfile_load_point_rest(y, node, p, none);
  sk_rfile_load_tail(y, node, p, none);
  sk_rcheck_runs(y, node, "run_medians", runs);
  sk_rcheck_runs(y, node, "run_means", runs);
  dropped = y->soft == 2;
  y->soft = 0;
  if (y->errors > before)
    return -1;
  return dropped;
}

static int sk_rfile_load_point_cmp(const void *a, const void *b)
{
  const sk_rfile_point_t *p = a, *q = b;
  return (p->argument > q->argument) - (p->argument < q->argument);
}

static int sk_rfile_load_points(sk_yread_t *y, sk_ynode_t *seq,
                                sk_rfile_suite_t *s, long runs, int leave)
{
  size_t i, n = sk_yread_len(seq);
  int rc = 0;
  if (!seq)
    return 0;
  if (sk_yread_want_seq(y, seq, "'points'") < 0)
    return -1;
  s->points = calloc(n ? n : 1, sizeof *s->points);
  if (!s->points)
    return -1;
  /* a point left out (a time out of range: yread.h, soft) is freed and
   * the next one takes its place */
  for (i = 0; i < n; i++) {
    int got = sk_rfile_load_point(y, sk_yread_item(y, seq, i),
                                  &s->points[s->npoints],
                                  s->arg != SK_RESULT_ARG_NONE, runs,
                                  leave);
    if (got < 0)
      rc = -1;
    if (got != 0)
      sk_rfile_point_free(&s->points[s->npoints]);
    else
      s->npoints++;
  }
  n = s->npoints;
  /* The format lists points by argument; sort anyway so that a line
   * through them never doubles back (not when they are in order). */
  for (i = 1; i < n && sk_rfile_load_point_cmp(&s->points[i - 1],
                                               &s->points[i]) <= 0; i++)
    continue;
  if (i < n)
    qsort(s->points, n, sizeof *s->points, sk_rfile_load_point_cmp);
  return rc;
}

/* argument_name, or when absent the Variation parameter (whose values
 * are in the order of sk_rfile_arg_t, tests/unit/test_suitekey.c). */
static int sk_rfile_load_arg(sk_yread_t *y, sk_ynode_t *suite,
                       sk_rfile_suite_t *s)
{
  static const char *const names[] = {"none", "length", "nodes", "chunks"};
  sk_ynode_t *node = sk_yread_get(y, suite, "argument_name");
  const char *t = sk_yread_text(node);
  size_t i;
  long v;
  if (!node) {
    v = sk_suitekey_value_of(SK_KEY_VARIATION,
                             sk_rfile_key(s, SK_KEY_VARIATION));
    if (v >= 0 && v <= SK_RESULT_ARG_CHUNKS)
      s->arg = (sk_rfile_arg_t)v;
    return 0;
  }
  for (i = 0; t && i < 4; i++)
    if (strcmp(t, names[i]) == 0) {
      s->arg = (sk_rfile_arg_t)i;
      return 0;
    }
  sk_yread_error(y, node, "unknown argument_name '%s' (expected length, "
                "nodes, chunks or none)", t ? t : "");
  return -1;
}

static int sk_rfile_load_time_unit(sk_yread_t *y, sk_ynode_t *suite)
{
  sk_ynode_t *node = sk_yread_get(y, suite, "time_unit");
  const char *t = sk_yread_text(node);
  if (!node || (t && strcmp(t, "s") == 0))
    return 0;
  sk_yread_error(y, node, "time_unit '%s' is not supported (expected s)",
                t ? t : "");
  return -1;
}

/* Copies T into BUF when it is a short word of [A-Za-z_] (the value of
 * a key such as Pair), else leaves "". */
static void sk_rfile_load_word(const char *t, char *buf, size_t size)
{
  size_t n = t ? strspn(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                           "abcdefghijklmnopqrstuvwxyz_") : 0;
  buf[0] = '\0';
  if (n > 0 && t[n] == '\0' && n < size)
    memcpy(buf, t, n + 1);
}

/* A host name of pair_placement.hosts: text of 1 to 255 bytes, or NULL. */
static char *sk_rfile_load_host(sk_yread_t *y, sk_ynode_t *seq, size_t i)
{
  sk_ynode_t *h = sk_yread_item(y, seq, i);
  const char *t = sk_yread_text(h);
  if (t == NULL || h->len == 0 || h->len > 255 || strlen(t) != h->len ||
      (h->flags & SK_YNODE_PLAIN && strcmp(t, "null") == 0))
    return NULL;
  return strdup(t);
}

/* pair_placement and pairs_placement: labels of the report, read
 * leniently (a value that is not what skampi writes is left out). */
static void sk_rfile_load_placement(sk_yread_t *y, sk_ynode_t *suite,
                                    sk_rfile_suite_t *s)
{
  sk_ynode_t *pp = sk_yread_get(y, suite, "pair_placement");
  sk_ynode_t *pl = sk_yread_get(y, suite, "pairs_placement"), *h;
  const char *t;
  s->pair_inter = s->pair_socket = -1;
  if (pl != NULL && pl->kind == SK_YNODE_MAP)
    sk_rfile_load_word(sk_yread_text(sk_yread_get(y, pl, "selection")),
                       s->pairs_selection, sizeof s->pairs_selection);
  if (pp == NULL || pp->kind != SK_YNODE_MAP)
    return;
  sk_rfile_load_word(sk_yread_text(sk_yread_get(y, pp, "selection")),
                     s->pair_selection, sizeof s->pair_selection);
  t = sk_yread_text(sk_yread_get(y, pp, "placement"));
  if (t != NULL && (strcmp(t, "inter_node") == 0 ||
                    strcmp(t, "intra_node") == 0))
    s->pair_inter = strcmp(t, "inter_node") == 0;
  t = sk_yread_text(sk_yread_get(y, pp, "same_socket"));
  if (t != NULL && (strcmp(t, "true") == 0 || strcmp(t, "false") == 0))
    s->pair_socket = t[0] == 't';
  h = sk_yread_get(y, pp, "hosts");
  if (h != NULL && h->kind == SK_YNODE_SEQ && sk_yread_len(h) == 2) {
    s->pair_hosts[0] = sk_rfile_load_host(y, h, 0);
    s->pair_hosts[1] = sk_rfile_load_host(y, h, 1);
  }
}

static void sk_rfile_load_pair(sk_yread_t *y, sk_ynode_t *suite,
                         sk_rfile_suite_t *s)
{
  sk_ynode_t *node = sk_yread_get(y, suite, "pingpong_pair");
  sk_rfile_load_placement(y, suite, s);
  if (!node || sk_yread_want_seq(y, node, "'pingpong_pair'") < 0)
    return;
  if (sk_yread_len(node) != 2) {
    sk_yread_error(y, node, "'pingpong_pair' must have two ranks");
    return;
  }
  sk_rcheck_count(y, sk_yread_item(y, node, 0), "pingpong_pair", &s->pair[0]);
  sk_rcheck_count(y, sk_yread_item(y, node, 1), "pingpong_pair", &s->pair[1]);
}

static int sk_rfile_load_suite_strings(sk_yread_t *y, sk_ynode_t *node,
                                 sk_rfile_suite_t *s)
{
  char **const fields[] = {&s->name, &s->instance, &s->pattern, &s->status,
                           &s->message};
  static const char *const keys[] = {"name", "instance", "pattern", "status",
                                     "message"};
  size_t i;
  if (sk_rfile_load_strings(fields, 5) < 0)
    return -1;
  for (i = 0; i < 5; i++)
    sk_yread_string(y, sk_yread_get(y, node, keys[i]), keys[i], fields[i]);
  if (!sk_yread_get(y, node, "name"))
    sk_yread_error(y, node, "suite has no 'name'");
  return 0;
}

/* Copies T into BUF when it is a short identifier of [a-z_] (what skampi
 * writes for `timing` and a synchronization method), else leaves "":
 * what the report shows of them is a fixed word, never a stranger's
 * text. */
static void sk_rfile_load_ident(const char *t, char *buf, size_t size)
{
  size_t n = t ? strspn(t, "abcdefghijklmnopqrstuvwxyz_") : 0;
  buf[0] = '\0';
  if (n > 0 && t[n] == '\0' && n < size)
    memcpy(buf, t, n + 1);
}

/* The suite's timing and synchronization, read leniently: they only
 * label the report's pages.  A ping-pong round trip (timing round_trip)
 * and a Sendrecv exchange carry the message twice in the time measured,
 * as IMB and OSU count them (sk_instance_timed_bytes(), lib/instance.h). */
static void sk_rfile_load_two_way(sk_yread_t *y, sk_ynode_t *node,
                                  sk_rfile_suite_t *s)
{
  sk_ynode_t *sync = sk_yread_get(y, node, "synchronization");
  const char *w;
  char *end;
  double v;
  sk_rfile_load_ident(sk_yread_text(sk_yread_get(y, node, "timing")),
                      s->timing, sizeof s->timing);
  s->two_way = strcmp(s->timing, "round_trip") == 0 ||
               strcmp(s->timing, "exchange") == 0;
  s->sync_window = NAN;
  if (!sync || sync->kind != SK_YNODE_MAP)
    return;
  sk_rfile_load_ident(sk_yread_text(sk_yread_get(y, sync, "method")),
                      s->sync, sizeof s->sync);
  w = sk_yread_text(sk_yread_get(y, sync, "window"));
  if (w && (v = strtod(w, &end), end != w && *end == '\0') &&
      isfinite(v) && v > 0 && v < 1e6)
    s->sync_window = v;
}

/* A `noise` map: its verdict when it is one of lib/noise.h's words
 * (anything else is not shown: the reader shows fixed words only) and
 * its evidence, the sentences joined with "; ".  -1 on no memory. */
static int sk_rfile_load_noise(sk_yread_t *y, sk_ynode_t *map,
                               char **verdict, char **evidence)
{
  sk_ynode_t *ev;
  const char *v;
  size_t i, n;
  if (!map || map->kind != SK_YNODE_MAP)
    return 0;
  v = sk_yread_text(sk_yread_get(y, map, "verdict"));
  if (sk_noise_parse(v) < 0)
    return 0;
  if (!(*verdict = strdup(v)) || !(*evidence = strdup("")))
    return -1;
  ev = sk_yread_get(y, map, "evidence");
  n = ev && ev->kind == SK_YNODE_SEQ ? sk_yread_len(ev) : 0;
  for (i = 0; i < n; i++) {
    const char *t = sk_yread_text(sk_yread_item(y, ev, i));
    if ((i > 0 && sk_rfile_load_cat(evidence, "; ") < 0) ||
        sk_rfile_load_cat(evidence, t ? t : "...") < 0)
      return -1;
  }
  return 0;
}

/* `unmeasured`: the arguments, joined, and how many. */
static int sk_rfile_load_unmeasured(sk_yread_t *y, sk_ynode_t *node,
                                    sk_rfile_suite_t *s)
{
  sk_ynode_t *u = sk_yread_get(y, node, "unmeasured");
  s->nunmeasured = -1;
  if (!u || u->kind != SK_YNODE_SEQ)
    return 0;
  s->nunmeasured = (long)sk_yread_len(u);
  return (s->unmeasured = sk_rfile_load_join(y, u)) ? 0 : -1;
}

/* timed_out, as files before `incomplete` say. */
static void sk_rfile_load_status(sk_rfile_suite_t *s)
{
  char *t;
  if (strcmp(s->status, "timed_out") == 0 && (t = strdup("incomplete"))) {
    free(s->status);
    s->status = t;
  }
}

/* A whole number from a scalar, or -1 (lenient: a label's number). */
static long sk_rfile_load_long(sk_ynode_t *n)
{
  const char *t = sk_yread_text(n);
  char *end;
  long v;
  if (t == NULL)
    return -1;
  errno = 0;
  v = strtol(t, &end, 10);
  return end != t && *end == '\0' && errno == 0 && v >= 0 ? v : -1;
}

/* `clipped`, when a suite has it and it makes sense; else nothing. */
static void sk_rfile_load_clip(sk_yread_t *y, sk_ynode_t *node,
                               sk_rfile_suite_t *s)
{
  sk_ynode_t *c = sk_yread_get(y, node, "clipped");
  const char *key;
  size_t n;
  s->clip_asked = s->clip_largest = -1;
  if (!c || c->kind != SK_YNODE_MAP)
    return;
  key = sk_yread_text(sk_yread_get(y, c, "key"));
  n = key ? strspn(key, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
          : 0;
  if (n == 0 || key[n] != '\0' || n >= sizeof s->clip_key)
    return;
  sk_rfile_load_ident(sk_yread_text(sk_yread_get(y, c, "limit")),
                      s->clip_limit, sizeof s->clip_limit);
  s->clip_asked = sk_rfile_load_long(sk_yread_get(y, c, "asked"));
  s->clip_largest = sk_rfile_load_long(sk_yread_get(y, c, "largest"));
  memcpy(s->clip_key, key, n + 1);
}

int sk_rfile_load_suite(sk_yread_t *y, sk_ynode_t *node, sk_rfile_suite_t *s,
                        long runs, int leave)
{
  int before = y->errors;
  s->type = -1;
  s->pair[0] = s->pair[1] = -1;
  s->elapsed = -1;
  s->line = sk_yread_line(node);
  if (sk_yread_want_map(y, node, "a suite") < 0)
    return -1;
  if (sk_rfile_load_suite_strings(y, node, s) < 0) {
    sk_yread_error(y, NULL, "out of memory");
    return -1;
  }
  sk_yread_integer(y, sk_yread_get(y, node, "type"), "type", &s->type);
  if (sk_rfile_load_map(y, sk_yread_get(y, node, "parameters"), "'parameters'",
                  &s->params, &s->nparams) < 0)
    return -1;
  sk_rfile_load_arg(y, node, s);
  sk_rfile_load_time_unit(y, node);
  sk_rfile_load_pair(y, node, s);
  sk_yread_string(y, sk_yread_get(y, node, "rate_unit"), "rate_unit",
                 &s->rate_unit);
  sk_rcheck_duration(y, sk_yread_get(y, node, "elapsed"), "elapsed",
                     &s->elapsed);
  sk_rfile_load_points(y, sk_yread_get(y, node, "points"), s, runs, leave);
  sk_rfile_load_two_way(y, node, s);
  sk_rfile_load_status(s);
  if (sk_rfile_load_noise(y, sk_yread_get(y, node, "noise"),
                          &s->noise_verdict, &s->noise_evidence) < 0 ||
      sk_rfile_load_unmeasured(y, node, s) < 0) {
    sk_yread_error(y, NULL, "out of memory");
    return -1;
  }
  sk_rfile_load_clip(y, node, s);
  return y->errors > before ? -1 : 0;
}

int sk_rfile_load_need(sk_yread_t *y, sk_ynode_t *node,
                       int (*need)(sk_yread_t *y, sk_ynode_t *point))
{
  sk_ynode_t *pts = sk_yread_get(y, node, "points"), *p;
  size_t i;
  int rc = 0;
  if (node->kind != SK_YNODE_MAP || !pts || pts->kind != SK_YNODE_SEQ)
    return 0;
  for (i = 0; i < sk_yread_len(pts); i++) {
    p = sk_yread_item(y, pts, i);
    if (p->kind == SK_YNODE_MAP && need(y, p) != 0)
      rc = -1;
  }
  return rc;
}

/* The reading of one file: the result being built and what the first
 * suite needs to know of the keys before it. */
typedef struct sk_rfile_load_ctx {
  sk_rfile_t *r;
  size_t cap;              /* suites allocated */
  long version;            /* 0 until schema_version is checked */
  long runs;               /* merged.runs of a merged file, else -1 */
} sk_rfile_load_ctx_t;

/* Room for one more suite, zeroed. */
static sk_rfile_suite_t *sk_rfile_load_new_suite(sk_rfile_load_ctx_t *c)
{
  sk_rfile_t *r = c->r;
  if (SK_GROW(r->suites, c->cap, r->nsuites + 1, 16) != 0)
    return NULL;
  memset(&r->suites[r->nsuites], 0, sizeof *r->suites);
  return &r->suites[r->nsuites++];
}

/* Before the first suite: the schema, a file cut short (so that a
 * half-written last suite is not reported first) and merged.runs.  The
 * keys before 'suites' are what the root holds so far; skampi writes
 * schema_version first. */
static int sk_rfile_load_head(sk_yread_t *y, sk_rfile_load_ctx_t *c)
{
  sk_ynode_t *root = sk_yread_root(y);
  sk_ynode_t *merged = sk_yread_get(y, root, "merged");
  if (!sk_yread_get(y, root, "schema_version")) {
    sk_yread_error(y, root, "not a skampi result file: no 'schema_version' "
                   "before 'suites'");
    return -1;
  }
  if (sk_rcheck_schema(y, root, &c->version) < 0)
    return -1;
  if (c->version >= 2 && sk_rcheck_tail_cut(y->path))
    return sk_rcheck_whole(y, c->version);
  if (merged && sk_yread_want_map(y, merged, "'merged'") == 0 &&
      sk_rcheck_count(y, sk_yread_get(y, merged, "runs"), "runs",
                      &c->runs) < 0)
    return -1;
  return 0;
}

/* One item of 'suites', as the reader streams it. */
static int sk_rfile_load_item(sk_yread_t *y, const char *key, size_t index,
                              sk_ynode_t *item, void *arg)
{
  sk_rfile_load_ctx_t *c = arg;
  sk_rfile_suite_t *s;
  (void)key;
  if (index == 0 && sk_rfile_load_head(y, c) < 0)
    return -1;
  if (!(s = sk_rfile_load_new_suite(c))) {
    sk_yread_error(y, NULL, "out of memory");
    return -1;
  }
  sk_rfile_load_suite(y, item, s, c->runs, 1);
  return 0;
}

/* 'suites' that was not a sequence (so not streamed) is refused. */
static void sk_rfile_load_suites(sk_yread_t *y, sk_ynode_t *seq)
{
  if (seq && !(seq->flags & SK_YNODE_STREAMED))
    sk_yread_want_seq(y, seq, "'suites'");
}

/* "running" with no run writing the file is "incomplete" (runstate.h). */
static void sk_rfile_load_run_status(sk_rfile_t *r)
{
  const char *st = sk_runstate_status(r->path, r->run_status);
  char *s;
  if (st != r->run_status && (s = strdup(st)) != NULL) {
    free(r->run_status);
    r->run_status = s;
  }
}

/* A text scalar as a new string; NULL when absent, null or not text. */
static char *sk_rfile_load_text(sk_yread_t *y, const sk_ynode_t *map,
                                const char *key)
{
  const char *t = sk_yread_text(sk_yread_get(y, map, key));
  if (!t || strcmp(t, "null") == 0 || strcmp(t, "~") == 0)
    return NULL;
  return strdup(t);
}

static int sk_rfile_load_run(sk_yread_t *y, sk_ynode_t *root, sk_rfile_t *r)
{
  sk_ynode_t *run = sk_yread_get(y, root, "run");
  sk_ynode_t *file = sk_yread_get(y, root, "suite_file");
  char **const fields[] = {&r->skampi_version, &r->suite_file,
                           &r->run_status, &r->start_time, &r->end_time};
  r->wall_time = -1;
  if (sk_rfile_load_strings(fields, 5) < 0)
    return -1;
  sk_yread_string(y, sk_yread_get(y, root, "skampi_version"),
                 "skampi_version", &r->skampi_version);
  if (file && sk_yread_want_map(y, file, "'suite_file'") == 0)
    sk_yread_string(y, sk_yread_get(y, file, "path"), "path", &r->suite_file);
  if (!run || sk_yread_want_map(y, run, "'run'") < 0)
    return 0;
  sk_yread_string(y, sk_yread_get(y, run, "status"), "status",
                 &r->run_status);
  sk_rfile_load_run_status(r);
  sk_yread_string(y, sk_yread_get(y, run, "start_time"), "start_time",
                 &r->start_time);
  sk_yread_string(y, sk_yread_get(y, run, "end_time"), "end_time",
                 &r->end_time);
  sk_rcheck_duration(y, sk_yread_get(y, run, "wall_time"), "wall_time",
                     &r->wall_time);
  r->run_stop = sk_rfile_load_text(y, run, "stop");
  if (sk_rfile_load_noise(y, sk_yread_get(y, root, "noise"),
                          &r->noise_verdict, &r->noise_evidence) < 0)
    return -1;
  return 0;
}

/* factors.hosts as one name per rank (the joined factor text counts
 * repeated names): the collective bandwidth per host needs the ranks. */
static int sk_rfile_load_hosts(sk_yread_t *y, sk_ynode_t *root, sk_rfile_t *r)
{
  sk_ynode_t *f = sk_yread_get(y, root, "factors");
  sk_ynode_t *h = sk_yread_get(y, f, "hosts");
  size_t i, n = sk_yread_len(h);
  if (!h || h->kind != SK_YNODE_SEQ || n == 0)
    return 0;
  r->hosts = calloc(n, sizeof *r->hosts);
  if (!r->hosts)
    return -1;
  r->nhosts = n;
  for (i = 0; i < n; i++) {
    const char *t = sk_yread_text(sk_yread_item(y, h, i));
    if (!(r->hosts[i] = strdup(t ? t : "")))
      return -1;
  }
  return 0;
}

/* node_map (lib/nodemap.h), checked whole: a map that does not add up
 * is an error, as a bad value is. */
static int sk_rfile_load_nodemap(sk_yread_t *y, sk_ynode_t *root,
                                 sk_rfile_t *r)
{
  int found = 0;
  if (sk_yread_get(y, root, "node_map") == NULL)
    return 0;
  if ((r->nodemap = malloc(sizeof *r->nodemap)) == NULL) {
    sk_yread_error(y, root, "out of memory");
    return -1;
  }
  if (sk_nodemap_load_root(y, root, r->nodemap, &found) == 0)
    return 0;
  free(r->nodemap);
  r->nodemap = NULL;
  return -1;
}

/* The bytes of every point (sk_collbw_point_bytes(), the one formula of
 * every bandwidth); a collective's need the process counts, so this
 * comes after the suites. */
static void sk_rfile_load_collbw(sk_rfile_t *r)
{
  size_t i, j;
  for (i = 0; i < r->nsuites; i++)
    for (j = 0; j < r->suites[i].npoints; j++)
      r->suites[i].points[j].bytes =
          sk_collbw_point_bytes(r, &r->suites[i], &r->suites[i].points[j]);
}

/* suite_file.sha256 and a merged file's merged.files. */
static int sk_rfile_load_origin(sk_yread_t *y, sk_ynode_t *root,
                                sk_rfile_t *r)
{
  sk_ynode_t *merged = sk_yread_get(y, root, "merged");
  sk_ynode_t *files = sk_yread_get(y, merged, "files"), *f;
  size_t i, n;
  r->suite_sha256 = sk_rfile_load_text(y, sk_yread_get(y, root,
                                       "suite_file"), "sha256");
  r->merged = merged != NULL;
  if (!files || sk_yread_want_seq(y, files, "'merged.files'") < 0)
    return 0;
  n = sk_yread_len(files);
  if (n && !(r->members = calloc(n, sizeof *r->members)))
    return -1;
  for (i = 0; i < n; i++, r->nmembers++) {
    f = sk_yread_item(y, files, i);
    r->members[i].sha256 = sk_rfile_load_text(y, f, "sha256");
    r->members[i].path = sk_rfile_load_text(y, f, "path");
    if (r->members[i].sha256 && strlen(r->members[i].sha256) != 64) {
      free(r->members[i].sha256);    /* not a digest: no link by it */
      r->members[i].sha256 = NULL;
    }
    if (!r->members[i].path && !(r->members[i].path = strdup("")))
      return -1;
  }
  return 0;
}

/* Everything but the suites, after the whole read. */
static int sk_rfile_load_root(sk_yread_t *y, sk_rfile_load_ctx_t *c)
{
  sk_ynode_t *root = sk_yread_root(y);
  sk_rfile_t *r = c->r;
  if (sk_rcheck_schema(y, root, &r->schema_version) < 0 ||
      sk_rcheck_whole(y, r->schema_version) < 0)
    return -1;
  /* every problem is reported: these count errors, the reading goes on */
  sk_rfactors_times(y, root);
  sk_rfactors_check(y, root);
  if (sk_rfile_load_run(y, root, r) < 0 ||
      sk_rfile_load_map(y, sk_yread_get(y, root, "metadata"), "'metadata'",
                        &r->meta, &r->nmeta) < 0 ||
      sk_rfile_load_map(y, sk_yread_get(y, root, "factors"), "'factors'",
                        &r->factors, &r->nfactors) < 0 ||
      sk_rfile_load_hosts(y, root, r) < 0 ||
      sk_rfile_load_nodemap(y, root, r) < 0 ||
      sk_rfile_load_origin(y, root, r) < 0)
    return -1;
  sk_rfile_load_suites(y, sk_yread_get(y, root, "suites"));
  if (y->errors)
    return -1;
  sk_rfile_load_collbw(r);
  return 0;
}

/* PATH read from the file, or from BUF when not NULL. */
static int sk_rfile_load_any(const char *path, const void *buf, size_t len,
                             sk_rfile_t **out)
{
  sk_rfile_load_ctx_t c;
  sk_yread_t y;
  sk_rfile_t *r;
  int rc = -1;
  *out = NULL;
  r = calloc(1, sizeof *r);
  if (!r || !(r->path = strdup(path))) {
    free(r);
    sk_msg_error("out of memory");
    return -1;
  }
  memset(&c, 0, sizeof c);
  c.r = r;
  c.runs = -1;
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", sk_rfile_load_item, &c);
  /* after bad suites too, so that one run reports every problem */
  if ((buf ? sk_yread_mem(&y, path, buf, len) : sk_yread_file(&y, path)) == 0)
    rc = sk_rfile_load_root(&y, &c);
  if (rc == 0 && y.errors == 0)
    *out = r;
  else {
    sk_rfile_free(r);
    rc = -1;
  }
  sk_yread_done(&y);
  return rc;
}

int sk_rfile_load(const char *path, sk_rfile_t **out)
{
  return sk_rfile_load_any(path, NULL, 0, out);
}

int sk_rfile_load_mem(const char *path, const void *buf, size_t len,
                      sk_rfile_t **out)
{
  static const char empty[1] = "";
  return sk_rfile_load_any(path, buf ? buf : empty, len, out);
}
