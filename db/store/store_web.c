/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * store_web.c -- the reads of skampi-db serve (store.h): the run list with its tags in two statements, the suites
 * of a selection in one, the points of a plot without their samples.
 */
#include <config.h>

#include "store_int.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "grow.h"

void sk_store_threads_init(void)
{
  sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

long long sk_store_data_version(sk_store_t *st)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "PRAGMA data_version");
  long long v = -1;
  if (s && sqlite3_step(s) == SQLITE_ROW)
    v = sqlite3_column_int64(s, 0);
  sk_store_done(s);
  return v;
}

/* The tags of every run as (id, "key=value") pairs sorted by id. */
typedef struct sk_store_tagv {
  int64_t *run;
  char **kv;
  size_t n;
} sk_store_tagv_t;

static void sk_store_tagv_free(sk_store_tagv_t *t)
{
  size_t i;
  for (i = 0; i < t->n; i++)
    free(t->kv[i]);
  free(t->run);
  free(t->kv);
}

static int sk_store_tagv_load(sk_store_t *st, sk_store_tagv_t *t)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT run_id, key || '=' || "
                                  "value FROM tags ORDER BY run_id, key");
  size_t crun = 0, ckv = 0;
  int rc;
  memset(t, 0, sizeof *t);
  if (!s)
    return -1;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    if (SK_GROW(t->run, crun, t->n + 1, 64) != 0 ||
        SK_GROW(t->kv, ckv, t->n + 1, 64) != 0) {
      rc = SQLITE_NOMEM;
      break;
    }
    t->run[t->n] = sqlite3_column_int64(s, 0);
    if (!(t->kv[t->n] = sk_store_col_text(s, 1))) {
      rc = SQLITE_NOMEM;
      break;
    }
    t->n++;
  }
  sk_store_done(s);
  if (rc != SQLITE_DONE) {
    sk_msg_error("cannot read the tags (out of memory or database error)");
    return -1;
  }
  return 0;
}

/* The first tag of RUN in T (binary search), T->n when none. */
static size_t sk_store_tagv_find(const sk_store_tagv_t *t, int64_t run)
{
  size_t lo = 0, hi = t->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (t->run[mid] < run)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < t->n && t->run[lo] == run ? lo : t->n;
}

static const char sk_store_runrows_sql[] =
  "SELECT r.id, r.kind, m.name, e.library, e.library_version, "
  "r.start_time, r.status, r.processes, "
  "coalesce((SELECT id FROM campaigns WHERE merged_run_id = r.id), "
  " (SELECT min(campaign_id) FROM campaign_runs WHERE run_id = r.id), 0), "
  "coalesce(r.verdict, ''), r.node_count "
  "FROM runs r JOIN machines m ON m.id = r.machine_id "
  "JOIN environments e ON e.id = r.environment_id";

static int sk_store_runrow_call(sqlite3_stmt *s, const sk_store_tagv_t *t,
                                sk_store_runrow_fn fn, void *arg)
{
  sk_store_runrow_t r;
  const char **f[] = {&r.kind, &r.machine, &r.library, &r.library_version,
                      &r.start_time, &r.status};
  size_t k, i;
  int c;
  memset(&r, 0, sizeof r);
  r.id = sqlite3_column_int64(s, 0);
  for (c = 1; c <= 6; c++) {
    const unsigned char *v = sqlite3_column_text(s, c);
    *f[c - 1] = v ? (const char *)v : "";
  }
  r.processes = sk_store_col_long(s, 7);
  r.campaign = sqlite3_column_int64(s, 8);
  r.verdict = (const char *)sqlite3_column_text(s, 9);
  if (r.verdict == NULL)
    r.verdict = "";
  r.nodes = sk_store_col_long(s, 10);
  k = sk_store_tagv_find(t, r.id);
  for (i = k; i < t->n && t->run[i] == r.id; i++)
    ;
  r.tags = k < t->n ? (const char *const *)t->kv + k : NULL;
  r.ntags = i - k;
  return fn(arg, &r);
}

int sk_store_run_rows(sk_store_t *st, const sk_sel_t *sel,
                      sk_store_runrow_fn fn, void *arg)
{
  sk_store_q_t sub, q;
  sk_store_tagv_t tags;
  sqlite3_stmt *s;
  int rc = 0, step;
  memset(&sub, 0, sizeof sub);
  memset(&q, 0, sizeof q);
  if ((sel && sk_store_q_build(&sub, sel) < 0) ||
      sk_store_q_add(&q, sk_store_runrows_sql) < 0 ||
      (sel && (sk_store_q_add(&q, " WHERE r.id IN (") < 0 ||
               sk_store_q_add(&q, sub.sql) < 0 ||
               sk_store_q_add(&q, ")") < 0)) ||
      sk_store_q_add(&q, " ORDER BY r.start_time, r.id") < 0) {
    sk_msg_error("the selection has too many terms");
    sk_store_q_free(&sub);
    sk_store_q_free(&q);
    return -1;
  }
  s = sk_store_tagv_load(st, &tags) < 0 ? NULL : sk_store_prep(st, -1, q.sql);
  if (s && sel)
    sk_store_q_bind_all(s, &sub, 0);
  sk_store_q_free(&sub);
  sk_store_q_free(&q);
  if (!s) {
    sk_store_tagv_free(&tags);
    return -1;
  }
  while (rc == 0 && (step = sqlite3_step(s)) == SQLITE_ROW)
    rc = sk_store_runrow_call(s, &tags, fn, arg);
  if (rc == 0 && step != SQLITE_DONE) {
    sk_store_fail(st, "cannot list the runs");
    rc = -1;
  }
  sk_store_done(s);
  sk_store_tagv_free(&tags);
  return rc;
}

int sk_store_suite_counts(sk_store_t *st, const sk_sel_t *sel,
                          sk_store_suitecount_fn fn, void *arg)
{
  sk_store_q_t sub, q;
  sqlite3_stmt *s;
  int rc = 0, step;
  memset(&sub, 0, sizeof sub);
  memset(&q, 0, sizeof q);
  if (sk_store_q_build(&sub, sel) < 0 ||
      sk_store_q_add(&q, "SELECT name, instance, min(argument_name), "
                     "count(DISTINCT run_id) FROM suites WHERE run_id IN (")
      < 0 || sk_store_q_add(&q, sub.sql) < 0 ||
      sk_store_q_add(&q, ") GROUP BY name, instance ORDER BY instance, "
                     "name") < 0) {
    sk_msg_error("the selection has too many terms");
    sk_store_q_free(&sub);
    sk_store_q_free(&q);
    return -1;
  }
  s = sk_store_prep(st, -1, q.sql);
  if (s)
    sk_store_q_bind_all(s, &sub, 0);
  sk_store_q_free(&sub);
  sk_store_q_free(&q);
  if (!s)
    return -1;
  while (rc == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
    const char *t[3];
    int c;
    for (c = 0; c < 3; c++) {
      const unsigned char *v = sqlite3_column_text(s, c);
      t[c] = v ? (const char *)v : "";
    }
    rc = fn(arg, t[0], t[1], t[2], (long)sqlite3_column_int64(s, 3));
  }
  if (rc == 0 && step != SQLITE_DONE) {
    sk_store_fail(st, "cannot list the suites");
    rc = -1;
  }
  sk_store_done(s);
  return rc;
}

int sk_store_suite_arguments(sk_store_t *st, const sk_sel_t *sel,
                             const char *name, sk_store_argument_fn fn,
                             void *arg)
{
  sk_store_q_t sub, q;
  sqlite3_stmt *s;
  int rc = 0, step;
  memset(&sub, 0, sizeof sub);
  memset(&q, 0, sizeof q);
  if (sk_store_q_build(&sub, sel) < 0 ||
      sk_store_q_add(&q, "SELECT p.argument, count(DISTINCT s.run_id) "
                     "FROM suites s JOIN points p ON p.suite_id = s.id "
                     "WHERE s.name = ?1 AND s.run_id IN (") < 0 ||
      sk_store_q_add(&q, sub.sql) < 0 ||
      sk_store_q_add(&q, ") GROUP BY p.argument ORDER BY p.argument") < 0) {
    sk_msg_error("the selection has too many terms");
    sk_store_q_free(&sub);
    sk_store_q_free(&q);
    return -1;
  }
  s = sk_store_prep(st, -1, q.sql);
  if (s) {
    sk_store_text(s, 1, name);
    sk_store_q_bind_all(s, &sub, 1);
  }
  sk_store_q_free(&sub);
  sk_store_q_free(&q);
  if (!s)
    return -1;
  while (rc == 0 && (step = sqlite3_step(s)) == SQLITE_ROW)
    rc = fn(arg, sqlite3_column_double(s, 0),
            (long)sqlite3_column_int64(s, 1));
  if (rc == 0 && step != SQLITE_DONE) {
    sk_store_fail(st, "cannot list the arguments");
    rc = -1;
  }
  sk_store_done(s);
  return rc;
}

int sk_store_points_only(sk_store_t *st, int64_t run, const char *name,
                         sk_store_point_fn fn, void *arg)
{
  return sk_store_points_each(st, run, name, 0, fn, arg);
}
