/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * store.c -- opening the database, transactions and the rows of an
 * import (store.h).  Queries are in store_query.c, the tables in
 * schema.c.
 */
#include <config.h>

#include "store_int.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "escape.h"
#include "nodemap.h"

/* Why a write failed, when the system says (SQLite's message is "disk
 * I/O error" or "database or disk is full" for all of them). */
static const char *sk_store_why(sk_store_t *st)
{
  struct rlimit fs;
  int code = sqlite3_extended_errcode(st->db) & 0xff;
  if (code != SQLITE_FULL && code != SQLITE_IOERR)
    return "";
  switch (sqlite3_system_errno(st->db)) {
  case EFBIG: return " (the file size limit, ulimit -f, was reached)";
  case ENOSPC: return " (the disk is full)";
  case EDQUOT: return " (the disk quota is used up)";
  default: break;
  }
  /* a write cut short at the limit leaves no errno */
  if (getrlimit(RLIMIT_FSIZE, &fs) == 0 && fs.rlim_cur != RLIM_INFINITY)
    return " (a file size limit is set, ulimit -f: reached?)";
  return code == SQLITE_FULL ? " (the disk is full?)" : "";
}

void sk_store_fail(sk_store_t *st, const char *what)
{
  char *p = sk_escape_text(st->path);
  /* a failure inside a transaction rolls it back whole (the caller's
   * sk_store_rollback, or SQLite itself) */
  sk_msg_error("%s: %s: %s%s%s", p ? p : "?", what, sqlite3_errmsg(st->db),
               sk_store_why(st), st->depth ? "; nothing of this "
               "transaction is kept: the database stays as it was before "
               "it" : "");
  free(p);
}

int sk_store_exec(sk_store_t *st, const char *sql)
{
  if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK) {
    sk_store_fail(st, "database error");
    return -1;
  }
  return 0;
}

sqlite3_stmt *sk_store_prep(sk_store_t *st, int slot, const char *sql)
{
  sqlite3_stmt *s = slot >= 0 ? st->stmt[slot] : NULL;
  if (s) {
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return s;
  }
  if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK) {
    sk_store_fail(st, "database error");
    return NULL;
  }
  if (slot >= 0)
    st->stmt[slot] = s;
  return s;
}

void sk_store_done(sqlite3_stmt *s)
{
  sqlite3_finalize(s);
}

int sk_store_text(sqlite3_stmt *s, int i, const char *v)
{
  return v ? sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT)
           : sqlite3_bind_null(s, i);
}

int sk_store_real(sqlite3_stmt *s, int i, double v)
{
  return isnan(v) ? sqlite3_bind_null(s, i) : sqlite3_bind_double(s, i, v);
}

int sk_store_int(sqlite3_stmt *s, int i, long long v)
{
  return v < 0 ? sqlite3_bind_null(s, i) : sqlite3_bind_int64(s, i, v);
}

char *sk_store_col_text(sqlite3_stmt *s, int i)
{
  const unsigned char *t = sqlite3_column_text(s, i);
  return strdup(t ? (const char *)t : "");
}

void sk_store_close(sk_store_t *st)
{
  int i;
  if (!st)
    return;
  for (i = 0; i < SK_STMT_N; i++)
    sqlite3_finalize(st->stmt[i]);
  sqlite3_close(st->db);
  free(st->path);
  free(st);
}

/* A transaction inside another (a campaign archive's files, each
 * imported as one) is a savepoint: it commits into the outer one, which
 * keeps all of them or nothing. */
int sk_store_begin(sk_store_t *st)
{
  int rc = sk_store_exec(st, st->depth ? "SAVEPOINT sk_inner"
                                       : "BEGIN IMMEDIATE");
  if (rc == 0)
    st->depth++;
  return rc;
}

int sk_store_commit(sk_store_t *st)
{
  int rc = sk_store_exec(st, st->depth > 1 ? "RELEASE sk_inner" : "COMMIT");
  if (rc == 0 && st->depth > 0)
    st->depth--;
  return rc;
}

void sk_store_bulk(sk_store_t *st)
{
  char sql[64];
  /* our own constant; a tuning only, so a failure is no error */
  snprintf(sql, sizeof sql, "PRAGMA wal_autocheckpoint = %d",
           SK_STORE_BULK_PAGES);
  sqlite3_exec(st->db, sql, NULL, NULL, NULL);
}

void sk_store_rollback(sk_store_t *st)
{
  if (st->depth > 1) {
    sqlite3_exec(st->db, "ROLLBACK TO sk_inner", NULL, NULL, NULL);
    sqlite3_exec(st->db, "RELEASE sk_inner", NULL, NULL, NULL);
    st->depth--;
    return;
  }
  st->depth = 0;
  if (!sqlite3_get_autocommit(st->db))
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

/* Steps an INSERT; the new row id, or -1. */
static int64_t sk_store_insert(sk_store_t *st, sqlite3_stmt *s, int own)
{
  int rc = sqlite3_step(s);
  int64_t id = sqlite3_last_insert_rowid(st->db);
  if (rc != SQLITE_DONE) {
    sk_store_fail(st, "cannot store");
    id = -1;
  }
  if (own)
    sk_store_done(s);
  else
    sqlite3_reset(s);
  return id;
}

/* The id of the row of TABLE's query Q with ?1 bound to KEY, 0 if none. */
static int64_t sk_store_find(sk_store_t *st, const char *q, const char *key)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, q);
  int64_t id = 0;
  int rc;
  if (!s)
    return -1;
  sk_store_text(s, 1, key);
  rc = sqlite3_step(s);
  if (rc == SQLITE_ROW)
    id = sqlite3_column_int64(s, 0);
  else if (rc != SQLITE_DONE) {
    sk_store_fail(st, "cannot read");
    id = -1;
  }
  sk_store_done(s);
  return id;
}

int64_t sk_store_run_by_hash(sk_store_t *st, const char *sha256)
{
  return sk_store_find(st, "SELECT id FROM runs WHERE sha256 = ?1", sha256);
}

int64_t sk_store_machine(sk_store_t *st, const sk_store_machine_t *m)
{
  int64_t id = sk_store_find(st, "SELECT id FROM machines "
                             "WHERE identity = ?1", m->identity);
  sqlite3_stmt *s;
  if (id != 0)
    return id;
  s = sk_store_prep(st, -1, "INSERT INTO machines (identity, name, hosts, "
                    "cpu_model, cores) VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!s)
    return -1;
  sk_store_text(s, 1, m->identity);
  sk_store_text(s, 2, m->name);
  sk_store_text(s, 3, m->hosts);
  sk_store_text(s, 4, m->cpu_model);
  sk_store_int(s, 5, m->cores);
  return sk_store_insert(st, s, 1);
}

int64_t sk_store_env(sk_store_t *st, const sk_store_env_t *e)
{
  int64_t id = sk_store_find(st, "SELECT id FROM environments "
                             "WHERE identity = ?1", e->identity);
  sqlite3_stmt *s;
  if (id != 0)
    return id;
  s = sk_store_prep(st, -1, "INSERT INTO environments (identity, library, "
                    "library_version, mpi_version, compiler, cflags, "
                    "variables) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  if (!s)
    return -1;
  sk_store_text(s, 1, e->identity);
  sk_store_text(s, 2, e->library);
  sk_store_text(s, 3, e->library_version);
  sk_store_text(s, 4, e->mpi_version);
  sk_store_text(s, 5, e->compiler);
  sk_store_text(s, 6, e->cflags);
  sk_store_text(s, 7, e->variables);
  return sk_store_insert(st, s, 1);
}

int64_t sk_store_add_run(sk_store_t *st, int64_t machine, int64_t env,
                         const sk_store_run_t *r)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "INSERT INTO runs (sha256, kind, "
    "machine_id, environment_id, status, start_time, end_time, processes, "
    "hosts, suite_path, suite_sha256, skampi_version, source, imported, "
    "original, verdict, noise) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
    "?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)");
  if (!s)
    return -1;
  sk_store_text(s, 1, r->sha256);
  sk_store_text(s, 2, r->kind);
  sqlite3_bind_int64(s, 3, machine);
  sqlite3_bind_int64(s, 4, env);
  sk_store_text(s, 5, r->status);
  sk_store_text(s, 6, r->start_time);
  sk_store_text(s, 7, r->end_time);
  sk_store_int(s, 8, r->processes);
  sk_store_text(s, 9, r->hosts);
  sk_store_text(s, 10, r->suite_path);
  sk_store_text(s, 11, r->suite_sha256);
  sk_store_text(s, 12, r->skampi_version);
  sk_store_text(s, 13, r->source);
  sk_store_text(s, 14, r->imported);
  sqlite3_bind_blob64(s, 15, r->original, r->original_len, SQLITE_STATIC);
  sk_store_text(s, 16, r->verdict);
  sk_store_text(s, 17, r->noise);
  return sk_store_insert(st, s, 1);
}

int sk_store_add_tag(sk_store_t *st, int64_t run, const char *key,
                     const char *value)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "INSERT OR REPLACE INTO tags "
                                  "(run_id, key, value) VALUES (?1, ?2, ?3)");
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  sk_store_text(s, 2, key);
  sk_store_text(s, 3, value);
  return sk_store_insert(st, s, 1) < 0 ? -1 : 0;
}

/* The run's summary of its node map. */
static int sk_store_nodes_summary(sk_store_t *st, int64_t run,
                                  const sk_nodemap_t *m)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "UPDATE runs SET node_count = ?2, "
    "pinned_ranks = ?3, shared_memory_domains = ?4, shared_memory_agrees = "
    "?5 WHERE id = ?1");
  int rc;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  sqlite3_bind_int64(s, 2, (sqlite3_int64)m->nnodes);
  sqlite3_bind_int64(s, 3, sk_nodemap_pinned(m));
  sqlite3_bind_int64(s, 4, m->shm_domains);
  sqlite3_bind_int(s, 5, m->shm_agrees != 0);
  rc = sqlite3_step(s) == SQLITE_DONE ? 0 : -1;
  if (rc < 0)
    sk_store_fail(st, "database error");
  sk_store_done(s);
  return rc;
}

static int sk_store_node_row(sk_store_t *st, sqlite3_stmt *s, int64_t run,
                             size_t i, const sk_nodemap_node_t *n)
{
  sqlite3_reset(s);
  sqlite3_bind_int64(s, 1, run);
  sqlite3_bind_int64(s, 2, (sqlite3_int64)i);
  sk_store_text(s, 3, n->host);
  sqlite3_bind_int64(s, 4, n->ranks);
  sqlite3_bind_int64(s, 5, n->first);
  sqlite3_bind_int64(s, 6, n->cpus_online);
  if (sqlite3_step(s) == SQLITE_DONE)
    return 0;
  sk_store_fail(st, "database error");
  return -1;
}

static int sk_store_run_row(sk_store_t *st, sqlite3_stmt *s, int64_t run,
                            const sk_nodemap_run_t *u)
{
  sqlite3_reset(s);
  sqlite3_bind_int64(s, 1, run);
  sqlite3_bind_int64(s, 2, u->first);
  sqlite3_bind_int64(s, 3, u->last);
  sqlite3_bind_int64(s, 4, u->node);
  sqlite3_bind_int64(s, 5, u->shm);
  sk_store_text(s, 6, u->cpus);
  sk_store_text(s, 7, u->packages);
  sk_store_text(s, 8, u->numa);
  sqlite3_bind_int64(s, 9, u->ncpus);
  sqlite3_bind_int(s, 10, u->pinned != 0);
  if (sqlite3_step(s) == SQLITE_DONE)
    return 0;
  sk_store_fail(st, "database error");
  return -1;
}

int sk_store_add_nodes(sk_store_t *st, int64_t run, const sk_nodemap_t *m)
{
  sqlite3_stmt *n = sk_store_prep(st, -1, "INSERT INTO run_nodes (run_id, "
    "node, host, ranks, first_rank, cpus_online) VALUES (?1, ?2, ?3, ?4, "
    "?5, ?6)");
  sqlite3_stmt *p = sk_store_prep(st, -1, "INSERT INTO run_placement "
    "(run_id, first_rank, last_rank, node, shared_memory, cpus, packages, "
    "numa, ncpus, pinned) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  size_t i;
  int rc = n && p ? sk_store_nodes_summary(st, run, m) : -1;
  for (i = 0; rc == 0 && i < m->nnodes; i++)
    rc = sk_store_node_row(st, n, run, i, &m->nodes[i]);
  for (i = 0; rc == 0 && i < m->nruns; i++)
    rc = sk_store_run_row(st, p, run, &m->runs[i]);
  sk_store_done(n);
  sk_store_done(p);
  return rc;
}

int64_t sk_store_add_suite(sk_store_t *st, int64_t run,
                           const sk_store_suite_t *x)
{
  sqlite3_stmt *s = sk_store_prep(st, SK_STMT_SUITE, "INSERT INTO suites "
    "(run_id, position, name, type, instance, pattern, status, "
    "argument_name, parameters, verdict, noise, pair_selection, "
    "pair_placement) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
    "?12, ?13)");
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  sqlite3_bind_int64(s, 2, x->position);
  sk_store_text(s, 3, x->name);
  sk_store_int(s, 4, x->type);
  sk_store_text(s, 5, x->instance);
  sk_store_text(s, 6, x->pattern);
  sk_store_text(s, 7, x->status);
  sk_store_text(s, 8, x->argument_name);
  sk_store_text(s, 9, x->parameters);
  sk_store_text(s, 10, x->verdict);
  sk_store_text(s, 11, x->noise);
  sk_store_text(s, 12, x->pair_selection);
  sk_store_text(s, 13, x->pair_placement);
  return sk_store_insert(st, s, 0);
}

/* N doubles as a BLOB of IEEE 754 binary64 values, little-endian
 * whatever the machine, so a database file travels. */
static unsigned char *sk_store_pack(const double *v, size_t n)
{
  unsigned char *b = malloc(n ? n * 8 : 1);
  size_t i, k;
  uint64_t u;
  for (i = 0; b && i < n; i++) {
    memcpy(&u, &v[i], 8);
    for (k = 0; k < 8; k++)
      b[8 * i + k] = (unsigned char)(u >> (8 * k));
  }
  return b;
}

static int sk_store_add_sample(sk_store_t *st, int64_t point,
                               const char *kind, const double *v, size_t n)
{
  sqlite3_stmt *s;
  unsigned char *b;
  int64_t rc;
  if (!v)
    return 0;
  s = sk_store_prep(st, SK_STMT_SAMPLE, "INSERT INTO samples (point_id, "
                    "kind, n, data) VALUES (?1, ?2, ?3, ?4)");
  if (!s || !(b = sk_store_pack(v, n)))
    return -1;
  sqlite3_bind_int64(s, 1, point);
  sqlite3_bind_text(s, 2, kind, -1, SQLITE_STATIC);
  sqlite3_bind_int64(s, 3, (sqlite3_int64)n);
  sqlite3_bind_blob64(s, 4, b, n * 8, SQLITE_STATIC);
  rc = sk_store_insert(st, s, 0);
  sqlite3_clear_bindings(s);
  free(b);
  return rc < 0 ? -1 : 0;
}

int sk_store_add_point(sk_store_t *st, int64_t suite,
                       const sk_store_point_t *p)
{
  sqlite3_stmt *s = sk_store_prep(st, SK_STMT_POINT, "INSERT INTO points "
    "(suite_id, argument, processes, mean, stderr, median, q1, q3, min, "
    "max, repetitions, eps_met, refined, runs, ci_low, ci_high, "
    "ci_coverage, modes, overlap_pure, overlap_with_computation, "
    "overlap_computation, overlap_percent, init_time, free_time, p50, p90, "
    "p99, p999, p50_low, p50_high, p90_low, p90_high, p99_low, p99_high, "
    "p999_low, p999_high, resolved) VALUES "
    "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, "
    "?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, "
    "?30, ?31, ?32, ?33, ?34, ?35, ?36, ?37)");
  const double r[] = {p->argument, p->mean, p->se, p->median, p->q1, p->q3,
                      p->min, p->max};
  int64_t id;
  int i;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, suite);
  sk_store_real(s, 2, r[0]);
  sk_store_int(s, 3, p->processes);
  for (i = 1; i < 8; i++)
    sk_store_real(s, i + 3, r[i]);
  sk_store_int(s, 11, p->repetitions);
  sk_store_int(s, 12, p->eps_met);
  sk_store_int(s, 13, p->refined);
  sk_store_int(s, 14, p->runs);
  sk_store_real(s, 15, p->ci_low);
  sk_store_real(s, 16, p->ci_high);
  sk_store_real(s, 17, p->ci_coverage);
  sk_store_int(s, 18, p->modes);
  sk_store_real(s, 19, p->ovl_pure);
  sk_store_real(s, 20, p->ovl_with);
  sk_store_real(s, 21, p->ovl_cpu);
  sk_store_real(s, 22, p->ovl_percent);
  sk_store_real(s, 23, p->init_time);
  sk_store_real(s, 24, p->free_time);
  for (i = 0; i < 4; i++) {
    sk_store_real(s, 25 + i, p->pct[i]);
    sk_store_real(s, 29 + 2 * i, p->pct_low[i]);
    sk_store_real(s, 30 + 2 * i, p->pct_high[i]);
  }
  sqlite3_bind_int(s, 37, !p->unresolved);
  if ((id = sk_store_insert(st, s, 0)) < 0)
    return -1;
  if (sk_store_add_sample(st, id, "raw", p->raw, p->nraw) < 0 ||
      sk_store_add_sample(st, id, "run_medians", p->run_medians,
                          p->nrun_medians) < 0 ||
      sk_store_add_sample(st, id, "run_means", p->run_means,
                          p->nrun_means) < 0)
    return -1;
  return 0;
}

int64_t sk_store_add_campaign(sk_store_t *st, int64_t merged_run,
                              const char *source)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "INSERT INTO campaigns "
                                  "(merged_run_id, source) VALUES (?1, ?2)");
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, merged_run);
  sk_store_text(s, 2, source);
  return sk_store_insert(st, s, 1);
}

int sk_store_add_member(sk_store_t *st, int64_t campaign, long position,
                        const char *sha256, const char *path)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "INSERT INTO campaign_runs "
    "(campaign_id, position, sha256, path, run_id) VALUES (?1, ?2, ?3, ?4, "
    "(SELECT id FROM runs WHERE sha256 = ?3))");
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, campaign);
  sqlite3_bind_int64(s, 2, position);
  sk_store_text(s, 3, sha256);
  sk_store_text(s, 4, path);
  return sk_store_insert(st, s, 1) < 0 ? -1 : 0;
}

int sk_store_link_members(sk_store_t *st, const char *sha256, int64_t run)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "UPDATE campaign_runs SET "
                                  "run_id = ?2 WHERE sha256 = ?1");
  if (!s)
    return -1;
  sk_store_text(s, 1, sha256);
  sqlite3_bind_int64(s, 2, run);
  return sk_store_insert(st, s, 1) < 0 ? -1 : 0;
}

int sk_store_remove(sk_store_t *st, int64_t run)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "DELETE FROM runs WHERE id = ?1");
  int changed;
  if (!s)
    return -1;
  sqlite3_bind_int64(s, 1, run);
  if (sqlite3_step(s) != SQLITE_DONE) {
    sk_store_fail(st, "cannot remove the run");
    sk_store_done(s);
    return -1;
  }
  sk_store_done(s);
  changed = sqlite3_changes(st->db);
  if (changed == 0) {
    sk_msg_error("no run %lld in the database", (long long)run);
    return -1;
  }
  return 0;
}
