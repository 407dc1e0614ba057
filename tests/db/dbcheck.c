/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dbcheck.c -- looks into a skampi-db database for the tests of
 * tests/db/, through the same SQLite library (the sqlite3 shell is not a
 * build dependency).
 *
 *   dbcheck DB integrity     PRAGMA integrity_check and foreign_key_check
 *   dbcheck DB counts        "runs R suites S points P samples N"
 *   dbcheck DB version       the schema version (user_version)
 *   dbcheck DB columns T     the columns of table T, one per line
 *   dbcheck DB plan          the query plan of the points of a suite of a
 *                            run (sk_store_points_plan)
 *   dbcheck DB plans SEL...  the plans of the selection SEL and of the
 *                            suites, points and samples statements
 *   dbcheck DB load FILE     runs the SQL of FILE (a test fixture)
 *   dbcheck DB points        per point: argument, runs, modes, ci_low,
 *                            ci_high, ci_coverage (NULL when absent)
 *   dbcheck DB resolved      per point: id, argument, resolved (0: below
 *                            the timer's resolution; NULL: an old row)
 *   dbcheck DB nodes         per run: id, node_count, pinned_ranks,
 *                            shared_memory_domains, shared_memory_agrees;
 *                            then "node RUN NODE HOST RANKS FIRST CPUS"
 *                            and "placement RUN FIRST LAST NODE SHM CPUS
 *                            PACKAGES NUMA NCPUS PINNED" rows, and "pair
 *                            RUN POSITION SELECTION PLACEMENT" for the
 *                            suites that say where their pair ran
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store.h"

static int dbcheck_rows(sqlite3 *db, const char *sql, const char *sep)
{
  sqlite3_stmt *s;
  int i, rc;
  if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK) {
    fprintf(stderr, "dbcheck: %s\n", sqlite3_errmsg(db));
    return 1;
  }
  while ((rc = sqlite3_step(s)) == SQLITE_ROW)
    for (i = 0; i < sqlite3_column_count(s); i++)
      printf("%s%s", sqlite3_column_text(s, i) ? (const char *)
             sqlite3_column_text(s, i) : "NULL",
             i + 1 < sqlite3_column_count(s) ? sep : "\n");
  sqlite3_finalize(s);
  return rc == SQLITE_DONE ? 0 : 1;
}

static int dbcheck_load(sqlite3 *db, const char *path)
{
  static char sql[1 << 20];
  FILE *f = fopen(path, "r");
  size_t n;
  char *err = NULL;
  if (!f)
    return 1;
  n = fread(sql, 1, sizeof sql - 1, f);
  fclose(f);
  sql[n] = '\0';
  if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "dbcheck: %s\n", err);
    return 1;
  }
  return 0;
}

/* The plans of every statement of a query of the selection WORDS. */
static int dbcheck_plans(const char *path, char **words, int n)
{
  sk_store_t *st = sk_store_open(path, SK_STORE_READ);
  sk_sel_t sel = {NULL, 0, 0};
  char *plan = NULL;
  int i;
  for (i = 0; i < n; i++)
    if (sk_sel_add(&sel, words[i]) < 0)
      break;
  if (st && i == n)
    plan = sk_store_plans(st, &sel);
  sk_sel_free(&sel);
  if (st)
    sk_store_close(st);
  if (!plan)
    return 1;
  fputs(plan, stdout);
  free(plan);
  return 0;
}

static int dbcheck_plan(const char *path)
{
  sk_store_t *st = sk_store_open(path, SK_STORE_READ);
  char *plan = st ? sk_store_points_plan(st) : NULL;
  if (!plan)
    return 1;
  fputs(plan, stdout);
  free(plan);
  sk_store_close(st);
  return 0;
}

int main(int argc, char **argv)
{
  sqlite3 *db;
  char sql[256];
  int rc = 2;
  if (argc < 3)
    return 2;
  if (strcmp(argv[2], "plan") == 0)
    return dbcheck_plan(argv[1]);
  if (strcmp(argv[2], "plans") == 0)
    return dbcheck_plans(argv[1], argv + 3, argc - 3);
  if (sqlite3_open(argv[1], &db) != SQLITE_OK)
    return 1;
  sqlite3_busy_timeout(db, 10000);
  if (strcmp(argv[2], "integrity") == 0)
    rc = dbcheck_rows(db, "PRAGMA integrity_check", " ") |
         dbcheck_rows(db, "PRAGMA foreign_key_check", " ");
  else if (strcmp(argv[2], "counts") == 0)
    rc = dbcheck_rows(db, "SELECT 'runs', (SELECT count(*) FROM runs), "
                      "'suites', (SELECT count(*) FROM suites), 'points', "
                      "(SELECT count(*) FROM points), 'samples', "
                      "(SELECT count(*) FROM samples)", " ");
  else if (strcmp(argv[2], "version") == 0)
    rc = dbcheck_rows(db, "PRAGMA user_version", " ");
  else if (strcmp(argv[2], "columns") == 0 && argc == 4) {
    snprintf(sql, sizeof sql, "SELECT name FROM pragma_table_info('%s')",
             argv[3]);
    rc = dbcheck_rows(db, sql, " ");
  } else if (strcmp(argv[2], "points") == 0)
    rc = dbcheck_rows(db, "SELECT argument, runs, modes, ci_low, ci_high, "
                      "ci_coverage FROM points ORDER BY id", " ");
  else if (strcmp(argv[2], "resolved") == 0)
    rc = dbcheck_rows(db, "SELECT id, argument, resolved FROM points "
                      "ORDER BY id", " ");
  else if (strcmp(argv[2], "nodes") == 0)
    rc = dbcheck_rows(db, "SELECT id, node_count, pinned_ranks, "
                      "shared_memory_domains, shared_memory_agrees FROM runs "
                      "ORDER BY id", " ") |
         dbcheck_rows(db, "SELECT 'node', run_id, node, host, ranks, "
                      "first_rank, cpus_online FROM run_nodes ORDER BY "
                      "run_id, node", " ") |
         dbcheck_rows(db, "SELECT 'placement', run_id, first_rank, "
                      "last_rank, node, shared_memory, cpus, packages, numa, "
                      "ncpus, pinned FROM run_placement ORDER BY run_id, "
                      "first_rank", " ") |
         dbcheck_rows(db, "SELECT 'pair', run_id, position, pair_selection, "
                      "pair_placement FROM suites WHERE pair_selection IS "
                      "NOT NULL ORDER BY run_id, position", " ");
  else if (strcmp(argv[2], "load") == 0 && argc == 4)
    rc = dbcheck_load(db, argv[3]);
  sqlite3_close(db);
  return rc;
}
