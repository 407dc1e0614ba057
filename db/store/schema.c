/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * schema.c -- the tables of the result database and their migrations
 * (doc/database.md has the diagram and what every column means).
 *
 * Migration N brings a database from user_version N - 1 to N.  A
 * migration is only ever added, never changed: a database made by an
 * older skampi-db replays the ones it lacks.  All of them run in one
 * transaction with the new user_version, so an upgrade happens whole or
 * not at all.  tests/db/migrate.sh starts from a version-1 and from a
 * version-2 database, and from one of every later version.
 */
#include <config.h>

#include "store_int.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

/* 1: the first schema. */
static const char *const sk_schema_v1[] = {
  "CREATE TABLE machines ("
  " id INTEGER PRIMARY KEY,"
  " identity TEXT NOT NULL UNIQUE,"
  " name TEXT NOT NULL,"
  " hosts TEXT NOT NULL,"
  " cpu_model TEXT,"
  " cores INTEGER)",
  "CREATE TABLE environments ("
  " id INTEGER PRIMARY KEY,"
  " identity TEXT NOT NULL UNIQUE,"
  " library TEXT NOT NULL,"
  " library_version TEXT NOT NULL,"
  " mpi_version TEXT NOT NULL,"
  " compiler TEXT NOT NULL,"
  " cflags TEXT NOT NULL,"
  " variables TEXT NOT NULL)",
  "CREATE TABLE runs ("
  " id INTEGER PRIMARY KEY,"
  " sha256 TEXT NOT NULL UNIQUE,"
  " kind TEXT NOT NULL CHECK (kind IN ('run', 'merged')),"
  " machine_id INTEGER NOT NULL REFERENCES machines(id),"
  " environment_id INTEGER NOT NULL REFERENCES environments(id),"
  " status TEXT NOT NULL,"
  " start_time TEXT NOT NULL,"
  " end_time TEXT NOT NULL,"
  " processes INTEGER,"
  " hosts TEXT NOT NULL,"
  " suite_path TEXT NOT NULL,"
  " suite_sha256 TEXT,"
  " skampi_version TEXT NOT NULL,"
  " source TEXT NOT NULL,"
  " imported TEXT NOT NULL,"
  " original BLOB NOT NULL)",
  "CREATE INDEX runs_machine ON runs(machine_id, start_time)",
  "CREATE INDEX runs_environment ON runs(environment_id, start_time)",
  "CREATE INDEX runs_start ON runs(start_time)",
  "CREATE TABLE tags ("
  " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
  " key TEXT NOT NULL,"
  " value TEXT NOT NULL,"
  " PRIMARY KEY (run_id, key))",
  "CREATE INDEX tags_value ON tags(key, value)",
  "CREATE TABLE campaigns ("
  " id INTEGER PRIMARY KEY,"
  " merged_run_id INTEGER NOT NULL UNIQUE"
  "  REFERENCES runs(id) ON DELETE CASCADE,"
  " source TEXT NOT NULL)",
  "CREATE TABLE campaign_runs ("
  " campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,"
  " position INTEGER NOT NULL,"
  " sha256 TEXT,"
  " path TEXT NOT NULL,"
  " run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,"
  " PRIMARY KEY (campaign_id, position))",
  "CREATE INDEX campaign_runs_sha256 ON campaign_runs(sha256)",
  "CREATE INDEX campaign_runs_run ON campaign_runs(run_id)",
  "CREATE TABLE suites ("
  " id INTEGER PRIMARY KEY,"
  " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
  " position INTEGER NOT NULL,"
  " name TEXT NOT NULL,"
  " type INTEGER,"
  " instance TEXT NOT NULL,"
  " pattern TEXT NOT NULL,"
  " status TEXT NOT NULL,"
  " argument_name TEXT NOT NULL,"
  " parameters TEXT NOT NULL,"
  " UNIQUE (run_id, position))",
  "CREATE INDEX suites_name ON suites(name, run_id)",
  "CREATE TABLE points ("
  " id INTEGER PRIMARY KEY,"
  " suite_id INTEGER NOT NULL REFERENCES suites(id) ON DELETE CASCADE,"
  " argument REAL NOT NULL,"
  " processes INTEGER,"
  " mean REAL NOT NULL,"
  " stderr REAL,"
  " median REAL,"
  " q1 REAL,"
  " q3 REAL,"
  " min REAL,"
  " max REAL,"
  " repetitions INTEGER,"
  " eps_met INTEGER,"
  " refined INTEGER,"
  " runs INTEGER)",
  "CREATE INDEX points_suite ON points(suite_id, argument)",
  "CREATE TABLE samples ("
  " point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE,"
  " kind TEXT NOT NULL CHECK (kind IN ('raw', 'run_medians', 'run_means')),"
  " n INTEGER NOT NULL,"
  " data BLOB NOT NULL,"
  " PRIMARY KEY (point_id, kind)) WITHOUT ROWID",
  NULL
};

/* 2: the columns merged files with confidence intervals and modes will
 * fill (NULL until then), so that importing them needs no migration. */
static const char *const sk_schema_v2[] = {
  "ALTER TABLE points ADD COLUMN ci_low REAL",
  "ALTER TABLE points ADD COLUMN ci_high REAL",
  "ALTER TABLE points ADD COLUMN ci_coverage REAL",
  "ALTER TABLE points ADD COLUMN modes INTEGER",
  NULL
};

/* 3: the tokens that may upload to a server (skampi-db token): only a
 * token's SHA-256 is kept, never the token.  A revoked token stays
 * (revoked holds when), so its name is free again for a new token but
 * list still shows it. */
static const char *const sk_schema_v3[] = {
  "CREATE TABLE tokens ("
  " id INTEGER PRIMARY KEY,"
  " name TEXT NOT NULL,"
  " sha256 TEXT NOT NULL UNIQUE,"
  " created TEXT NOT NULL,"
  " revoked TEXT)",
  "CREATE UNIQUE INDEX tokens_active_name ON tokens(name)"
  " WHERE revoked IS NULL",
  NULL
};

/* 4: what nonblocking overlap points and persistent points record
 * beside their time (NULL for every other point). */
static const char *const sk_schema_v4[] = {
  "ALTER TABLE points ADD COLUMN overlap_pure REAL",
  "ALTER TABLE points ADD COLUMN overlap_with_computation REAL",
  "ALTER TABLE points ADD COLUMN overlap_computation REAL",
  "ALTER TABLE points ADD COLUMN overlap_percent REAL",
  "ALTER TABLE points ADD COLUMN init_time REAL",
  "ALTER TABLE points ADD COLUMN free_time REAL",
  NULL
};

/* 5: the machine's noise while a run measured (lib/noise.h): each
 * run's and suite's verdict (quiet, noisy, oversubscribed) and its
 * evidence, the sentences joined with "; " (NULL: a file from before the
 * verdict). */
static const char *const sk_schema_v5[] = {
  "ALTER TABLE runs ADD COLUMN verdict TEXT",
  "ALTER TABLE runs ADD COLUMN noise TEXT",
  "ALTER TABLE suites ADD COLUMN verdict TEXT",
  "ALTER TABLE suites ADD COLUMN noise TEXT",
  NULL
};

/* 6: the percentiles of a point (Percentiles = yes), and of a merged
 * point the interval of each one's median over the runs (NULL for every
 * other point). */
static const char *const sk_schema_v6[] = {
  "ALTER TABLE points ADD COLUMN p50 REAL",
  "ALTER TABLE points ADD COLUMN p90 REAL",
  "ALTER TABLE points ADD COLUMN p99 REAL",
  "ALTER TABLE points ADD COLUMN p999 REAL",
  "ALTER TABLE points ADD COLUMN p50_low REAL",
  "ALTER TABLE points ADD COLUMN p50_high REAL",
  "ALTER TABLE points ADD COLUMN p90_low REAL",
  "ALTER TABLE points ADD COLUMN p90_high REAL",
  "ALTER TABLE points ADD COLUMN p99_low REAL",
  "ALTER TABLE points ADD COLUMN p99_high REAL",
  "ALTER TABLE points ADD COLUMN p999_low REAL",
  "ALTER TABLE points ADD COLUMN p999_high REAL",
  NULL
};

/* 7: the node map of a run (node_map: its nodes and its runs of ranks
 * placed alike) and where a ping-pong suite's pair ran.  NULL in the
 * runs' columns: a file without a node map. */
static const char *const sk_schema_v7[] = {
  "ALTER TABLE runs ADD COLUMN node_count INTEGER",
  "ALTER TABLE runs ADD COLUMN pinned_ranks INTEGER",
  "ALTER TABLE runs ADD COLUMN shared_memory_domains INTEGER",
  "ALTER TABLE runs ADD COLUMN shared_memory_agrees INTEGER",
  "CREATE TABLE run_nodes ("
  " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
  " node INTEGER NOT NULL,"
  " host TEXT NOT NULL,"
  " ranks INTEGER NOT NULL,"
  " first_rank INTEGER NOT NULL,"
  " cpus_online INTEGER NOT NULL,"
  " PRIMARY KEY (run_id, node)) WITHOUT ROWID",
  "CREATE INDEX run_nodes_host ON run_nodes(host)",
  "CREATE TABLE run_placement ("
  " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
  " first_rank INTEGER NOT NULL,"
  " last_rank INTEGER NOT NULL,"
  " node INTEGER NOT NULL,"
  " shared_memory INTEGER NOT NULL,"
  " cpus TEXT NOT NULL,"
  " packages TEXT NOT NULL,"
  " numa TEXT NOT NULL,"
  " ncpus INTEGER NOT NULL,"
  " pinned INTEGER NOT NULL,"
  " PRIMARY KEY (run_id, first_rank)) WITHOUT ROWID",
  "ALTER TABLE suites ADD COLUMN pair_selection TEXT",
  "ALTER TABLE suites ADD COLUMN pair_placement TEXT",
  NULL
};

/* 8: a point the timer could not resolve (the file's `resolved:
 * false`: what was left after the overhead is below the timer's reach):
 * 0; 1 a resolved point; NULL a row from before, resolved. */
static const char *const sk_schema_v8[] = {
  "ALTER TABLE points ADD COLUMN resolved INTEGER",
  NULL
};

static const char *const *const sk_schema_steps[SK_STORE_SCHEMA] = {
  sk_schema_v1, sk_schema_v2, sk_schema_v3, sk_schema_v4, sk_schema_v5,
  sk_schema_v6, sk_schema_v7, sk_schema_v8
};

static int sk_schema_step(sk_store_t *st, int version)
{
  const char *const *sql = sk_schema_steps[version - 1];
  char pragma[64];
  for (; *sql; sql++)
    if (sk_store_exec(st, *sql) < 0)
      return -1;
  /* user_version takes no bound parameter; VERSION is our own integer */
  snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", version);
  return sk_store_exec(st, pragma);
}

int sk_store_version_of(sk_store_t *st, int *v, int *code)
{
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &s, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
    *v = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    return 0;
  }
  *code = sqlite3_extended_errcode(st->db);
  if (*code == SQLITE_OK)
    *code = rc;
  sqlite3_finalize(s);
  return -1;
}

static int sk_schema_version(sk_store_t *st, int *v)
{
  int code;
  if (sk_store_version_of(st, v, &code) == 0)
    return 0;
  sk_store_fail(st, "cannot read the schema version");
  return -1;
}

/* "PATH: MESSAGE" about the database, its path escaped. */
static int sk_schema_refuse(sk_store_t *st, const char *what)
{
  char *p = sk_escape_text(st->path);
  sk_msg_error("%s: %s", p ? p : "?", what);
  free(p);
  return -1;
}

int sk_store_check_version(sk_store_t *st, int v)
{
  char what[200];
  if (v < 0)
    snprintf(what, sizeof what, "schema version %d is not one skampi-db "
             "ever wrote: not a database of skampi-db, or damaged", v);
  else if (v > SK_STORE_SCHEMA)
    snprintf(what, sizeof what, "schema version %d is newer than this "
             "skampi-db knows (%d); use a newer skampi-db", v,
             SK_STORE_SCHEMA);
  else
    return 0;
  return sk_schema_refuse(st, what);
}

/* The number of tables of the database (sqlite's own left out), or -1. */
static int sk_schema_tables(sk_store_t *st)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT count(*) FROM "
    "sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
    "ESCAPE '\\'");
  int n = -1;
  if (!s)
    return -1;
  if (sqlite3_step(s) == SQLITE_ROW)
    n = sqlite3_column_int(s, 0);
  else
    sk_store_fail(st, "cannot read the schema");
  sk_store_done(s);
  return n;
}

static int sk_schema_other(sk_store_t *st)
{
  return sk_schema_refuse(st, "a SQLite database of another program (it "
                          "has tables but no skampi-db schema version); "
                          "skampi-db changes nothing in it");
}

int sk_store_foreign(sk_store_t *st)
{
  int v, n;
  if (sk_schema_version(st, &v) < 0 || sk_store_check_version(st, v) < 0)
    return -1;
  if (v != 0)
    return 0;
  if ((n = sk_schema_tables(st)) < 0)
    return -1;
  return n > 0 ? sk_schema_other(st) : 0;
}

/* "TABLE COLUMN\n" for every column of every table of ST, sorted. */
static char *sk_schema_columns(sk_store_t *st)
{
  sqlite3_stmt *s = sk_store_prep(st, -1, "SELECT m.name, p.name FROM "
    "sqlite_master m JOIN pragma_table_info(m.name) p "
    "WHERE m.type = 'table' ORDER BY 1, 2");
  char *out = NULL;
  size_t len = 0;
  FILE *f;
  int rc;
  if (!s || !(f = open_memstream(&out, &len))) {
    sk_store_done(s);
    return NULL;
  }
  while ((rc = sqlite3_step(s)) == SQLITE_ROW)
    fprintf(f, "%s %s\n", (const char *)sqlite3_column_text(s, 0),
            (const char *)sqlite3_column_text(s, 1));
  fclose(f);
  if (rc != SQLITE_DONE) {
    sk_store_fail(st, "cannot read the schema");
    free(out);
    out = NULL;
  }
  sk_store_done(s);
  return out;
}

/* The columns of SK_STORE_SCHEMA, from an empty database in memory made
 * by the migrations themselves (so they can never disagree). */
static char *sk_schema_want;
static pthread_once_t sk_schema_once = PTHREAD_ONCE_INIT;

static void sk_schema_reference(void)
{
  sk_store_t mem;
  int v;
  memset(&mem, 0, sizeof mem);
  mem.path = (char *)":memory:";
  if (sqlite3_open_v2(":memory:", &mem.db, SQLITE_OPEN_READWRITE, NULL)
      == SQLITE_OK) {
    for (v = 1; v <= SK_STORE_SCHEMA; v++)
      if (sk_schema_step(&mem, v) < 0)
        break;
    if (v > SK_STORE_SCHEMA)
      sk_schema_want = sk_schema_columns(&mem);
  }
  sqlite3_close(mem.db);
}

/* The first line of WANT missing from HAVE (both sorted), or NULL. */
static const char *sk_schema_missing(const char *want, const char *have,
                                     size_t *len)
{
  while (*want) {
    size_t n = strcspn(want, "\n");
    int c = 1;
    while (*have && (c = strncmp(have, want, n + 1)) < 0)
      have += strcspn(have, "\n") + 1;
    if (c != 0) {
      *len = n;
      return want;
    }
    want += n + 1;
  }
  return NULL;
}

int sk_store_verify(sk_store_t *st, int v)
{
  char *have, what[300];
  const char *miss;
  size_t n = 0;
  int tables;
  if (v == 0) {
    if ((tables = sk_schema_tables(st)) < 0)
      return -1;
    return tables ? sk_schema_other(st)
                  : sk_schema_refuse(st, "an empty database, not one of "
                                     "skampi-db (skampi-db import makes "
                                     "one)");
  }
  pthread_once(&sk_schema_once, sk_schema_reference);
  if (!sk_schema_want || !(have = sk_schema_columns(st))) {
    if (!sk_schema_want)
      sk_msg_error("out of memory");
    return -1;
  }
  miss = sk_schema_missing(sk_schema_want, have, &n);
  if (miss) {
    const char *sp = memchr(miss, ' ', n);
    int t = sp ? (int)(sp - miss) : (int)n;
    char table[80];
    snprintf(table, sizeof table, "\n%.*s ", t, miss);
    if (!sp || (strncmp(have, table + 1, strlen(table + 1)) != 0 &&
                !strstr(have, table)))
      snprintf(what, sizeof what, "not a database of skampi-db, or "
               "damaged: its table %.*s is missing", t, miss);
    else
      snprintf(what, sizeof what, "not a database of skampi-db, or "
               "damaged: its table %.*s lacks the column %.*s", t, miss,
               (int)(n - (size_t)t - 1), sp + 1);
  }
  free(have);
  return miss ? sk_schema_refuse(st, what) : 0;
}

int sk_store_migrate(sk_store_t *st)
{
  int v;
  if (sk_schema_version(st, &v) < 0)
    return -1;
  /* the usual case takes no lock, so a reader never waits for an import */
  if (v == SK_STORE_SCHEMA)
    return 0;
  if (sk_store_check_version(st, v) < 0 || sk_store_begin(st) < 0)
    return -1;
  /* again: another process may have */
  if (sk_schema_version(st, &v) < 0 || sk_store_check_version(st, v) < 0)
    goto fail;
  for (v = v + 1; v <= SK_STORE_SCHEMA; v++)
    if (sk_schema_step(st, v) < 0)
      goto fail;
  return sk_store_commit(st);
fail:
  sk_store_rollback(st);
  return -1;
}
