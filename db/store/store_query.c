/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * store_query.c -- reading the database: selections, a run, its suites
 * and points (store.h).
 */
#include <config.h>

#include "store_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

int sk_store_q_add(sk_store_q_t *q, const char *frag)
{
  size_t n = strlen(frag);
  if (SK_GROW(q->sql, q->cap, q->len + n + 1, 1024) != 0)
    return -1;
  memcpy(q->sql + q->len, frag, n + 1);
  q->len += n;
  return 0;
}

static int sk_store_q_bind(sk_store_q_t *q, const char *text, long long num)
{
  if (q->narg >= SK_STORE_Q_ARGS)
    return -1;
  if (SK_GROW(q->arg, q->argcap, (size_t)q->narg + 1, 64) != 0)
    return -1;
  q->arg[q->narg].text = text;
  q->arg[q->narg++].num = num;
  return 0;
}

void sk_store_q_free(sk_store_q_t *q)
{
  free(q->sql);
  free(q->arg);
  memset(q, 0, sizeof *q);
}

/* The condition of one term, its values appended to Q. */
static int sk_store_q_term(sk_store_q_t *q, const sk_sel_term_t *t)
{
  int rc = 0;
  switch (t->key) {
  case SK_SEL_ID:
    rc |= sk_store_q_add(q, "r.id BETWEEN ? AND ?");
    rc |= sk_store_q_bind(q, NULL, t->lo);
    return rc | sk_store_q_bind(q, NULL, t->hi);
  case SK_SEL_MACHINE:
    rc |= sk_store_q_add(q, "m.name GLOB ?");
    return rc | sk_store_q_bind(q, t->text, 0);
  case SK_SEL_LIBRARY:
    rc |= sk_store_q_add(q, "e.library GLOB ?");
    return rc | sk_store_q_bind(q, t->text, 0);
  case SK_SEL_NP:
    rc |= sk_store_q_add(q, "r.processes = ?");
    return rc | sk_store_q_bind(q, NULL, t->lo);
  case SK_SEL_TAG:
    rc |= sk_store_q_add(q, "EXISTS (SELECT 1 FROM tags t WHERE "
                         "t.run_id = r.id AND t.key = ? AND t.value = ?)");
    rc |= sk_store_q_bind(q, t->text, 0);
    return rc | sk_store_q_bind(q, t->text2, 0);
  case SK_SEL_KIND:
    rc |= sk_store_q_add(q, "r.kind = ?");
    return rc | sk_store_q_bind(q, t->text, 0);
  case SK_SEL_CAMPAIGN:
    rc |= sk_store_q_add(q, "(r.id IN (SELECT merged_run_id FROM campaigns "
                         "WHERE id = ?) OR r.id IN (SELECT run_id FROM "
                         "campaign_runs WHERE campaign_id = ?))");
    rc |= sk_store_q_bind(q, NULL, t->lo);
    return rc | sk_store_q_bind(q, NULL, t->lo);
  case SK_SEL_SINCE: case SK_SEL_UNTIL:
    /* compared at the precision written: until=2026-11 takes all of
     * November */
    rc |= sk_store_q_add(q, t->key == SK_SEL_SINCE
                         ? "substr(r.start_time, 1, length(?)) >= ?"
                         : "substr(r.start_time, 1, length(?)) <= ?");
    rc |= sk_store_q_bind(q, t->text, 0);
    return rc | sk_store_q_bind(q, t->text, 0);
  default:
    return 0;
  }
}

/* The alternatives t[0..n) as a balanced tree of ORs: "(A OR B)" nests
 * log2(n) deep, where "A OR B OR C ..." nests n deep (SQLite refuses a
 * tree deeper than 1,000). */
static int sk_store_q_any(sk_store_q_t *q, const sk_sel_term_t *const *t,
                          size_t n)
{
  int rc = 0;
  if (n == 1)
    return sk_store_q_term(q, t[0]);
  rc |= sk_store_q_add(q, "(");
  rc |= sk_store_q_any(q, t, n / 2);
  rc |= sk_store_q_add(q, " OR ");
  rc |= sk_store_q_any(q, t + n / 2, n - n / 2);
  return rc | sk_store_q_add(q, ")");
}

/* " AND (alternatives)" of the terms t[0..n), nothing when n is 0. */
static int sk_store_q_group(sk_store_q_t *q, const sk_sel_term_t *const *t,
                            size_t n)
{
  int rc = 0;
  if (!n)
    return 0;
  rc |= sk_store_q_add(q, " AND (");
  rc |= sk_store_q_any(q, t, n);
  return rc | sk_store_q_add(q, ")");
}

/* Whether the tag term K has a tag term of the same key before it. */
static int sk_store_q_seen(const sk_sel_t *sel, size_t k)
{
  size_t i;
  for (i = 0; i < k; i++)
    if (sel->terms[i].key == SK_SEL_TAG &&
        strcmp(sel->terms[i].text, sel->terms[k].text) == 0)
      return 1;
  return 0;
}

int sk_store_q_build(sk_store_q_t *q, const sk_sel_t *sel)
{
  const sk_sel_term_t **of = malloc((sel->n ? sel->n : 1) * sizeof *of);
  long latest = 0;
  size_t i, n;
  int k, rc = of ? 0 : -1;
  rc |= sk_store_q_add(q, "SELECT r.id FROM runs r "
                       "JOIN machines m ON m.id = r.machine_id "
                       "JOIN environments e ON e.id = r.environment_id "
                       "WHERE 1");
  for (k = 0; rc == 0 && k < SK_SEL_LATEST; k++) {
    if (k == SK_SEL_TAG)
      continue;
    for (i = n = 0; i < sel->n; i++)
      if (sel->terms[i].key == (sk_sel_key_t)k)
        of[n++] = &sel->terms[i];
    rc |= sk_store_q_group(q, of, n);
  }
  /* tags: the alternatives are those of one tag's key, and every key
   * must hold (tag=lib=mpich tag=lib=ompi: either library; tag=lib=mpich
   * tag=suite=pingpong: both tags) */
  for (k = 0; rc == 0 && (size_t)k < sel->n; k++) {
    const sk_sel_term_t *t = &sel->terms[k];
    if (t->key != SK_SEL_TAG || sk_store_q_seen(sel, (size_t)k))
      continue;
    for (i = n = 0; i < sel->n; i++)
      if (sel->terms[i].key == SK_SEL_TAG &&
          strcmp(sel->terms[i].text, t->text) == 0)
        of[n++] = &sel->terms[i];
    rc |= sk_store_q_group(q, of, n);
  }
  free(of);
  for (i = 0; i < sel->n; i++)
    if (sel->terms[i].key == SK_SEL_LATEST && sel->terms[i].lo > latest)
      latest = sel->terms[i].lo;
  if (latest) {
    rc |= sk_store_q_add(q, " ORDER BY r.start_time DESC, r.id DESC LIMIT ?");
    rc |= sk_store_q_bind(q, NULL, latest);
  } else
    rc |= sk_store_q_add(q, " ORDER BY r.start_time, r.id");
  return rc ? -1 : 0;
}

void sk_store_q_bind_all(sqlite3_stmt *s, const sk_store_q_t *q, int from)
{
  int i;
  for (i = 0; i < q->narg; i++)
    if (q->arg[i].text)
      sk_store_text(s, from + i + 1, q->arg[i].text);
    else
      sqlite3_bind_int64(s, from + i + 1, q->arg[i].num);
}

int sk_store_select(sk_store_t *st, const sk_sel_t *sel, int64_t **ids,
                    size_t *n)
{
  sk_store_q_t q;
  sqlite3_stmt *s;
  int64_t *v = NULL;
  size_t cnt = 0, cap = 0;
  int i, rc;
  memset(&q, 0, sizeof q);
  if (sk_store_q_build(&q, sel) < 0) {
    sk_msg_error("the selection has too many terms");
    sk_store_q_free(&q);
    return -1;
  }
  s = sk_store_prep(st, -1, q.sql);
  if (s)
    sk_store_q_bind_all(s, &q, 0);
  sk_store_q_free(&q);
  if (!s)
    return -1;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    if (SK_GROW(v, cap, cnt + 1, 64) != 0) {
      rc = SQLITE_NOMEM;
      break;
    }
    v[cnt++] = sqlite3_column_int64(s, 0);
  }
  if (rc != SQLITE_DONE) {
    sk_store_fail(st, "cannot select runs");
    sk_store_done(s);
    free(v);
    return -1;
  }
  sk_store_done(s);
  if (sk_sel_has(sel, SK_SEL_LATEST) && cnt > 1) {
    /* the newest came first; list oldest first like the rest */
    for (i = 0; i < (int)(cnt / 2); i++) {
      int64_t t = v[i];
      v[i] = v[cnt - 1 - i];
      v[cnt - 1 - i] = t;
    }
  }
  *ids = v;
  *n = cnt;
  return 0;
}

static char *sk_store_tags(sk_store_t *st, int64_t run)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT key, value FROM tags "
                                  "WHERE run_id = ?1 ORDER BY key");
  char *out = strdup(""), *grown;
  size_t len = 0, add;
  if (!s) {
    free(out);
    return NULL;
  }
  sqlite3_bind_int64(s, 1, run);
  while (out && sqlite3_step(s) == SQLITE_ROW) {
    const char *k = (const char *)sqlite3_column_text(s, 0);
    const char *v = (const char *)sqlite3_column_text(s, 1);
    add = strlen(k ? k : "") + strlen(v ? v : "") + 3;
    if (!(grown = realloc(out, len + add))) {
      sk_msg_error("out of memory");
      free(out);
      out = NULL;
      break;
    }
    out = grown;
    len += (size_t)snprintf(out + len, add, "%s%s=%s", len ? " " : "",
                            k ? k : "", v ? v : "");
  }
  sk_store_done(s);
  return out;
}

/* The runs of CAMPAIGN: their ids, or the path of one not in the
 * database. */
static char *sk_store_members(sk_store_t *st, int64_t campaign)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT run_id, path FROM "
    "campaign_runs WHERE campaign_id = ?1 ORDER BY position");
  char *out = NULL;
  size_t len = 0;
  FILE *f;
  int n = 0;
  if (!s || !(f = open_memstream(&out, &len))) {
    sk_store_done(s);
    return NULL;
  }
  sqlite3_bind_int64(s, 1, campaign);
  while (sqlite3_step(s) == SQLITE_ROW) {
    if (sqlite3_column_type(s, 0) == SQLITE_NULL)
      fprintf(f, "%s%s (not in the database)", n++ ? ", " : "",
              (const char *)sqlite3_column_text(s, 1));
    else
      fprintf(f, "%s%lld", n++ ? ", " : "",
              (long long)sqlite3_column_int64(s, 0));
  }
  fclose(f);
  sk_store_done(s);
  return out;
}

int sk_store_info(sk_store_t *st, int64_t run, sk_store_info_t *o)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT r.kind, r.status, "
    "r.start_time, r.end_time, r.hosts, r.suite_path, r.suite_sha256, "
    "r.skampi_version, r.source, r.imported, r.sha256, m.name, e.library, "
    "e.library_version, e.mpi_version, e.compiler, e.cflags, e.variables, "
    "r.processes, r.machine_id, r.environment_id, length(r.original), "
    "(SELECT count(*) FROM suites WHERE run_id = r.id), "
    "(SELECT count(*) FROM points p JOIN suites x ON p.suite_id = x.id "
    " WHERE x.run_id = r.id), "
    "coalesce((SELECT id FROM campaigns WHERE merged_run_id = r.id), "
    " (SELECT min(campaign_id) FROM campaign_runs WHERE run_id = r.id), 0), "
    "r.verdict, r.noise, r.node_count, r.pinned_ranks, "
    "r.shared_memory_domains, r.shared_memory_agrees "
    "FROM runs r JOIN machines m ON m.id = r.machine_id "
    "JOIN environments e ON e.id = r.environment_id WHERE r.id = ?1");
  char **const f[] = {&o->kind, &o->status, &o->start_time, &o->end_time,
    &o->hosts, &o->suite_path, &o->suite_sha256, &o->skampi_version,
    &o->source, &o->imported, &o->sha256, &o->machine, &o->library,
    &o->library_version, &o->mpi_version, &o->compiler, &o->cflags,
    &o->variables};
  size_t i;
  int rc;
  memset(o, 0, sizeof *o);
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  rc = sqlite3_step(s);
  if (rc != SQLITE_ROW) {
    if (rc == SQLITE_DONE)
      sk_msg_error("no run %lld in the database", (long long)run);
    else
      sk_store_fail(st, "cannot read the run");
    sk_store_done(s);
    return -1;
  }
  o->id = run;
  for (i = 0; i < sizeof f / sizeof *f; i++)
    *f[i] = sk_store_col_text(s, (int)i);
  o->processes = sqlite3_column_type(s, 18) == SQLITE_NULL
                 ? -1 : (long)sqlite3_column_int64(s, 18);
  o->machine_id = sqlite3_column_int64(s, 19);
  o->environment_id = sqlite3_column_int64(s, 20);
  o->original_len = (long)sqlite3_column_int64(s, 21);
  o->nsuites = (long)sqlite3_column_int64(s, 22);
  o->npoints = (long)sqlite3_column_int64(s, 23);
  o->campaign_id = sqlite3_column_int64(s, 24);
  o->verdict = sk_store_col_text(s, 25);
  o->noise = sk_store_col_text(s, 26);
  o->node_count = sk_store_col_long(s, 27);
  o->pinned_ranks = sk_store_col_long(s, 28);
  o->shm_domains = sk_store_col_long(s, 29);
  o->shm_agrees = sk_store_col_long(s, 30);
  sk_store_done(s);
  o->tags = sk_store_tags(st, run);
  o->members = strcmp(o->kind, "merged") == 0 && o->campaign_id
               ? sk_store_members(st, o->campaign_id) : strdup("");
  if (!o->tags || !o->members) {     /* the message is given */
    sk_store_info_free(o);
    return -1;
  }
  return 0;
}

void sk_store_info_free(sk_store_info_t *o)
{
  char **const f[] = {&o->kind, &o->status, &o->start_time, &o->end_time,
    &o->hosts, &o->suite_path, &o->suite_sha256, &o->skampi_version,
    &o->source, &o->imported, &o->sha256, &o->machine, &o->library,
    &o->library_version, &o->mpi_version, &o->compiler, &o->cflags,
    &o->variables, &o->tags, &o->members, &o->verdict, &o->noise};
  size_t i;
  if (!o)
    return;
  for (i = 0; i < sizeof f / sizeof *f; i++) {
    free(*f[i]);
    *f[i] = NULL;
  }
}

int sk_store_nodes(sk_store_t *st, int64_t run, sk_store_node_fn fn,
                   void *arg)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT node, host, ranks, "
    "first_rank, cpus_online FROM run_nodes WHERE run_id = ?1 ORDER BY node");
  sk_store_node_t x;
  int rc, stop = 0;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
    x.node = (long)sqlite3_column_int64(s, 0);
    x.host = (const char *)sqlite3_column_text(s, 1);
    x.ranks = (long)sqlite3_column_int64(s, 2);
    x.first_rank = (long)sqlite3_column_int64(s, 3);
    x.cpus_online = (long)sqlite3_column_int64(s, 4);
    if (!x.host)
      x.host = "";
    stop = fn(arg, &x) < 0;
  }
  if (!stop && rc != SQLITE_DONE) {
    sk_store_fail(st, "cannot read the run's nodes");
    stop = 1;
  }
  sk_store_done(s);
  return stop ? -1 : 0;
}

int sk_store_campaign_runs(sk_store_t *st, int64_t run, int64_t **ids,
                           size_t *n)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT cr.run_id FROM "
    "campaign_runs cr JOIN campaigns c ON c.id = cr.campaign_id "
    "WHERE c.merged_run_id = ?1 AND cr.run_id IS NOT NULL "
    "ORDER BY cr.position");
  int64_t *v = NULL;
  size_t cnt = 0, cap = 0;
  *ids = NULL;
  *n = 0;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  while (sqlite3_step(s) == SQLITE_ROW) {
    if (SK_GROW(v, cap, cnt + 1, 16) != 0) {
      free(v);
      sk_store_done(s);
      return -1;
    }
    v[cnt++] = sqlite3_column_int64(s, 0);
  }
  sk_store_done(s);
  *ids = v;
  *n = cnt;
  return 0;
}

static int sk_store_has_id(const int64_t *ids, size_t n, int64_t id)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (ids[i] == id)
      return 1;
  return 0;
}

long sk_store_dedupe(sk_store_t *st, int64_t *ids, size_t *n)
{
  int64_t *members, *keep;
  size_t i, k, m, out = 0;
  int drop;
  /* decided on the whole selection first, so that the order of the ids
   * does not matter */
  if (!(keep = malloc((*n ? *n : 1) * sizeof *keep)))
    return -1;
  for (i = 0; i < *n; i++) {
    if (sk_store_campaign_runs(st, ids[i], &members, &m) < 0) {
      free(keep);
      sk_store_fail(st, "cannot read a campaign");
      return -1;
    }
    for (drop = 0, k = 0; k < m && !drop; k++)
      drop = sk_store_has_id(ids, *n, members[k]);
    free(members);
    if (!drop)
      keep[out++] = ids[i];
  }
  if (out)
    memcpy(ids, keep, out * sizeof *ids);
  free(keep);
  i = *n - out;
  *n = out;
  return (long)i;
}

/* Steps S (run bound as ?1) and copies its one BLOB column into *data
 * (the caller's to free) and *len; finishes S.  -1 with the message
 * given when there is no such run or the read fails. */
static int sk_store_blob_row(sk_store_t *st, sqlite3_stmt *s, int64_t run,
                             void **data, size_t *len)
{
  int rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) {
    *len = (size_t)sqlite3_column_bytes(s, 0);
    if ((*data = malloc(*len ? *len : 1)) != NULL && *len > 0)
      memcpy(*data, sqlite3_column_blob(s, 0), *len);
    else if (*data == NULL)
      sk_msg_error("out of memory");
  } else if (rc == SQLITE_DONE)
    sk_msg_error("no run %lld in the database", (long long)run);
  else
    sk_store_fail(st, "cannot read the run");
  sk_store_done(s);
  return *data ? 0 : -1;
}

int sk_store_original(sk_store_t *st, int64_t run, void **data, size_t *len)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT original FROM runs "
                                  "WHERE id = ?1");
  *data = NULL;
  *len = 0;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  return sk_store_blob_row(st, s, run, data, len);
}

int sk_store_original_head(sk_store_t *st, int64_t run, size_t max,
                           void **data, size_t *len)
{
  /* substr() of a BLOB counts bytes: only the head leaves SQLite */
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT substr(original, 1, ?2) "
                                  "FROM runs WHERE id = ?1");
  *data = NULL;
  *len = 0;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  sqlite3_bind_int64(s, 2, (sqlite3_int64)max);
  return sk_store_blob_row(st, s, run, data, len);
}

static const char sk_store_suites_sql[] = "SELECT position, type, name, "
  "instance, pattern, status, argument_name, parameters, "
  "(SELECT count(*) FROM points WHERE suite_id = suites.id), "
  "coalesce(verdict, ''), coalesce(noise, ''), pair_selection, "
  "pair_placement, (SELECT count(*) FROM points WHERE suite_id = "
  "suites.id AND resolved = 0) FROM suites WHERE run_id = ?1 ORDER BY "
  "position";

int sk_store_suites(sk_store_t *st, int64_t run, sk_store_suite_fn fn,
                    void *arg)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, sk_store_suites_sql);
  sk_store_suite_t x;
  int rc, stop = 0;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
    x.position = (long)sqlite3_column_int64(s, 0);
    x.type = sqlite3_column_type(s, 1) == SQLITE_NULL
             ? -1 : (long)sqlite3_column_int64(s, 1);
    x.name = (const char *)sqlite3_column_text(s, 2);
    x.instance = (const char *)sqlite3_column_text(s, 3);
    x.pattern = (const char *)sqlite3_column_text(s, 4);
    x.status = (const char *)sqlite3_column_text(s, 5);
    x.argument_name = (const char *)sqlite3_column_text(s, 6);
    x.parameters = (const char *)sqlite3_column_text(s, 7);
    x.verdict = (const char *)sqlite3_column_text(s, 9);
    x.noise = (const char *)sqlite3_column_text(s, 10);
    x.pair_selection = (const char *)sqlite3_column_text(s, 11);
    x.pair_placement = (const char *)sqlite3_column_text(s, 12);
    x.unresolved = (long)sqlite3_column_int64(s, 13);
    stop = fn(arg, run, &x, (long)sqlite3_column_int64(s, 8)) < 0;
  }
  sk_store_done(s);
  return stop ? -1 : 0;
}

/* ---- points ------------------------------------------------------------ */

static const char sk_store_points_sql[] =
  "SELECT p.id, p.argument, p.processes, p.mean, p.stderr, p.median, "
  "p.q1, p.q3, p.min, p.max, p.repetitions, p.eps_met, p.refined, p.runs, "
  "p.ci_low, p.ci_high, p.ci_coverage, p.modes, "
  "p.overlap_pure, p.overlap_with_computation, p.overlap_computation, "
  "p.overlap_percent, p.init_time, p.free_time, p.p50, p.p90, p.p99, "
  "p.p999, p.p50_low, p.p50_high, p.p90_low, p.p90_high, p.p99_low, "
  "p.p99_high, p.p999_low, p.p999_high, p.resolved FROM points p "
  "WHERE p.suite_id = (SELECT s.id FROM suites s WHERE s.name = ?2 "
  "AND s.run_id = ?1 ORDER BY s.position LIMIT 1) ORDER BY p.argument, p.id";

double sk_store_col_real(sqlite3_stmt *s, int i)
{
  return sqlite3_column_type(s, i) == SQLITE_NULL
         ? NAN : sqlite3_column_double(s, i);
}

long sk_store_col_long(sqlite3_stmt *s, int i)
{
  return sqlite3_column_type(s, i) == SQLITE_NULL
         ? -1 : (long)sqlite3_column_int64(s, i);
}

/* Unpacks a BLOB of little-endian binary64 values (sk_store_pack). */
static double *sk_store_unpack(const unsigned char *b, size_t bytes,
                               size_t *n)
{
  double *v;
  size_t i, k;
  uint64_t u;
  *n = bytes / 8;
  if (!(v = malloc(*n ? *n * sizeof *v : 1)))
    return NULL;
  for (i = 0; i < *n; i++) {
    for (u = 0, k = 0; k < 8; k++)
      u |= (uint64_t)b[8 * i + k] << (8 * k);
    memcpy(&v[i], &u, 8);
  }
  return v;
}

static const char sk_store_samples_sql[] =
  "SELECT kind, data FROM samples WHERE point_id = ?1";

/* The samples of point ID into P (arrays the caller frees). */
static int sk_store_samples(sk_store_t *st, int64_t id, sk_store_point_t *p)
{
  sqlite3_stmt *s = sk_store_prep(st, SK_STMT_SAMPLES, sk_store_samples_sql);
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, id);
  while (sqlite3_step(s) == SQLITE_ROW) {
    const char *kind = (const char *)sqlite3_column_text(s, 0);
    const unsigned char *b = sqlite3_column_blob(s, 1);
    size_t n, bytes = (size_t)sqlite3_column_bytes(s, 1);
    double *v = sk_store_unpack(b, bytes, &n);
    if (!v || !kind)
      free(v);
    else if (strcmp(kind, "raw") == 0 && !p->raw)
      p->raw = v, p->nraw = n;
    else if (strcmp(kind, "run_medians") == 0 && !p->run_medians)
      p->run_medians = v, p->nrun_medians = n;
    else if (strcmp(kind, "run_means") == 0 && !p->run_means)
      p->run_means = v, p->nrun_means = n;
    else
      free(v);
  }
  sqlite3_reset(s);
  return 0;
}

void sk_store_point_row(sqlite3_stmt *s, sk_store_point_t *p)
{
  double *const r[] = {&p->argument, NULL, &p->mean, &p->se, &p->median,
                       &p->q1, &p->q3, &p->min, &p->max};
  int i;
  memset(p, 0, sizeof *p);
  for (i = 1; i <= 9; i++)
    if (i != 2)
      *r[i - 1] = sk_store_col_real(s, i);
  p->processes = sk_store_col_long(s, 2);
  p->repetitions = sk_store_col_long(s, 10);
  p->eps_met = sk_store_col_long(s, 11);
  p->refined = sk_store_col_long(s, 12);
  p->runs = sk_store_col_long(s, 13);
  p->ci_low = sk_store_col_real(s, 14);
  p->ci_high = sk_store_col_real(s, 15);
  p->ci_coverage = sk_store_col_real(s, 16);
  p->modes = sk_store_col_long(s, 17);
  p->ovl_pure = sk_store_col_real(s, 18);
  p->ovl_with = sk_store_col_real(s, 19);
  p->ovl_cpu = sk_store_col_real(s, 20);
  p->ovl_percent = sk_store_col_real(s, 21);
  p->init_time = sk_store_col_real(s, 22);
  p->free_time = sk_store_col_real(s, 23);
  for (i = 0; i < 4; i++) {
    p->pct[i] = sk_store_col_real(s, 24 + i);
    p->pct_low[i] = sk_store_col_real(s, 28 + 2 * i);
    p->pct_high[i] = sk_store_col_real(s, 29 + 2 * i);
  }
  /* NULL: a row from before schema 8, resolved */
  p->unresolved = sk_store_col_long(s, 36) == 0;
}

int sk_store_points_each(sk_store_t *st, int64_t run, const char *name,
                         int samples, sk_store_point_fn fn, void *arg)
{
  /* the points with samples are read in a loop: its statement is kept */
  sqlite3_stmt *s = sk_store_prep(st, samples ? SK_STMT_POINTS : -1,
                                  sk_store_points_sql);
  sk_store_point_t p;
  int rc = 0, step;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  sk_store_text(s, 2, name);
  while (rc == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
    sk_store_point_row(s, &p);
    if (samples && sk_store_samples(st, sqlite3_column_int64(s, 0), &p) < 0)
      rc = -1;
    else
      rc = fn(arg, &p) < 0 ? -1 : 0;
    if (samples) {
      free((double *)p.raw);
      free((double *)p.run_medians);
      free((double *)p.run_means);
    }
  }
  if (rc == 0 && step != SQLITE_DONE) {
    sk_store_fail(st, "cannot read points");
    rc = -1;
  }
  if (samples)
    sqlite3_reset(s);
  else
    sk_store_done(s);
  return rc;
}

int sk_store_points(sk_store_t *st, int64_t run, const char *name,
                    sk_store_point_fn fn, void *arg)
{
  return sk_store_points_each(st, run, name, 1, fn, arg);
}

/* EXPLAIN QUERY PLAN of SQL into F, one step a line after "# NAME"; the
 * values of Q (a selection) bound when given. */
static int sk_store_plan_of(sk_store_t *st, FILE *f, const char *name,
                            const char *sql, const sk_store_q_t *q)
{
  size_t len = strlen(sql) + 32;
  char *e = malloc(len);
  sqlite3_stmt *s;
  int i;
  if (!e)
    return -1;
  snprintf(e, len, "EXPLAIN QUERY PLAN %s", sql);
  s = sk_store_prep(st, -1, e);
  free(e);
  if (!s)
    return -1;
  for (i = 0; q && i < q->narg; i++)
    if (q->arg[i].text)
      sk_store_text(s, i + 1, q->arg[i].text);
    else
      sqlite3_bind_int64(s, i + 1, q->arg[i].num);
  if (name)
    fprintf(f, "# %s\n", name);
  while (sqlite3_step(s) == SQLITE_ROW) {
    const char *d = (const char *)sqlite3_column_text(s, 3);
    fprintf(f, "%s\n", d ? d : "");
  }
  sk_store_done(s);
  return 0;
}

char *sk_store_points_plan(sk_store_t *st)
{
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  int rc;
  if (!f)
    return NULL;
  rc = sk_store_plan_of(st, f, NULL, sk_store_points_sql, NULL);
  if ((fclose(f) != 0) | rc) {
    free(out);
    return NULL;
  }
  return out;
}

char *sk_store_plans(sk_store_t *st, const sk_sel_t *sel)
{
  sk_store_q_t q;
  char *out = NULL;
  size_t len = 0;
  FILE *f;
  int rc;
  memset(&q, 0, sizeof q);
  if (sk_store_q_build(&q, sel) < 0 || !(f = open_memstream(&out, &len))) {
    sk_store_q_free(&q);
    return NULL;
  }
  rc = sk_store_plan_of(st, f, "selection", q.sql, &q);
  sk_store_q_free(&q);
  rc |= sk_store_plan_of(st, f, "suites", sk_store_suites_sql, NULL);
  rc |= sk_store_plan_of(st, f, "points", sk_store_points_sql, NULL);
  rc |= sk_store_plan_of(st, f, "samples", sk_store_samples_sql, NULL);
  if ((fclose(f) != 0) | rc) {
    free(out);
    return NULL;
  }
  return out;
}
