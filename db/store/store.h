/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * store.h -- the result database: one SQLite file (doc/database.md).
 *
 * Every SQL statement of skampi-db is in db/store/: schema.c (the tables
 * and their migrations) and store*.c (everything else); they prepare
 * every statement and bind every value, so no text from a result file or
 * a command line ever becomes SQL.  The layers above see only this
 * header (and selection.h).
 *
 * Errors: functions return 0 / -1 (or a pointer / NULL) with the message
 * already printed through lib/msg.h.
 */
#ifndef SK_STORE_H
#define SK_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "selection.h"

/* The schema version this skampi-db writes (PRAGMA user_version). */
#define SK_STORE_SCHEMA 8

typedef struct sk_store sk_store_t;

/* How a command opens the database (store_open.c; doc/database.md,
 * "Opening the database"): */
typedef enum sk_store_mode {
  /* a reader: the file must exist; read-only, never made nor written,
   * on a read-only medium (the write-ahead log's shared memory cannot be
   * made) opened as immutable; an older schema is upgraded in place when
   * the file can be written */
  SK_STORE_READ,
  /* serve: a reader whose older schema is refused instead */
  SK_STORE_SERVE,
  /* a writer of an existing file (rm, token revoke): WAL, the busy
   * timeout, foreign keys, the migrations */
  SK_STORE_WRITE,
  /* a writer that makes the file when it is absent (import, token add;
   * sk_store_created says so) */
  SK_STORE_CREATE
} sk_store_mode_t;

/* Opens the database at PATH in MODE.  Refused, NULL with the message
 * printed: an empty PATH, a file absent (but for SK_STORE_CREATE) or not
 * a regular file, a schema version below 0 or newer than ours, a
 * database of another program (tables without a schema version), a
 * table or column of the schema missing. */
sk_store_t *sk_store_open(const char *path, sk_store_mode_t mode);
void sk_store_close(sk_store_t *st);
/* Whether sk_store_open made the file. */
int sk_store_created(const sk_store_t *st);

/* ---- schema.c --------------------------------------------------------- */
/* Brings the database from its user_version to SK_STORE_SCHEMA, one
 * numbered migration after another, all in one transaction. */
int sk_store_migrate(sk_store_t *st);

/* ---- transactions ----------------------------------------------------- */
int sk_store_begin(sk_store_t *st);     /* BEGIN IMMEDIATE; nested: a savepoint */
int sk_store_commit(sk_store_t *st);
void sk_store_rollback(sk_store_t *st);

/* Many files to import on this connection: the WAL is copied into the
 * database (a checkpoint, with its two fsyncs) when it holds
 * SK_STORE_BULK_PAGES pages (32 MiB of 4 KiB pages, about 30 files of
 * the default suite) instead of SQLite's 1,000 (4 MiB, about 4 files).
 * Each file stays one transaction; a power loss may take the files
 * committed since the last checkpoint (doc/database.md).  A tuning: a
 * failure changes nothing else and is not reported. */
#define SK_STORE_BULK_PAGES 8192
void sk_store_bulk(sk_store_t *st);

/* ---- import ----------------------------------------------------------- */
/* The id of the run whose file had this SHA-256, 0 when none, -1 error. */
int64_t sk_store_run_by_hash(sk_store_t *st, const char *sha256);

typedef struct sk_store_machine {
  const char *identity, *name, *hosts, *cpu_model;
  long cores;                 /* -1: not recorded */
} sk_store_machine_t;

typedef struct sk_store_env {
  const char *identity, *library, *library_version, *mpi_version,
             *compiler, *cflags, *variables;
} sk_store_env_t;

typedef struct sk_store_run {
  const char *sha256, *kind, *status, *start_time, *end_time, *hosts,
             *suite_path, *suite_sha256, *skampi_version, *source,
             *imported;
  const char *verdict, *noise;   /* the machine's noise; NULL: none */
  long processes;             /* -1: not recorded */
  const void *original;
  size_t original_len;
} sk_store_run_t;

typedef struct sk_store_suite {
  long position, type;
  const char *name, *instance, *pattern, *status, *argument_name,
             *parameters;
  const char *verdict, *noise;   /* the machine's noise; NULL: none (as
                                  * read back: "") */
  const char *pair_selection;   /* pair_placement.selection, or NULL */
  const char *pair_placement;   /* "inter_node", "intra_node", or NULL */
  long unresolved;       /* as read back: its points below the timer's
                          * resolution (not written: the points say) */
} sk_store_suite_t;

/* A point; NaN for a statistic the file does not have, -1 for an
 * absent count or flag. */
typedef struct sk_store_point {
  double argument, mean, se, median, q1, q3, min, max;
  double ci_low, ci_high, ci_coverage;
  /* nonblocking overlap points: t_pure, the time with computation, t_cpu
   * and the overlap %; persistent points: the *_init and
   * MPI_Request_free times (NaN: not such a point) */
  double ovl_pure, ovl_with, ovl_cpu, ovl_percent, init_time, free_time;
  /* Percentiles = yes: P50, P90, P99, P99.9 (pct[k]) and, of a merged
   * point, the interval of each one's median (pct_low, pct_high); NaN:
   * none */
  double pct[4], pct_low[4], pct_high[4];
  long processes, repetitions, eps_met, refined, runs, modes;
  int unresolved;        /* 1: the file says `resolved: false`, the value
                          * is below the timer's reach (no measurement) */
  const double *raw, *run_medians, *run_means;   /* NULL: absent */
  size_t nraw, nrun_medians, nrun_means;
} sk_store_point_t;

/* Rows of one import (inside a transaction).  Each returns the new (or
 * existing, for machines and environments) row id, -1 on error. */
int64_t sk_store_machine(sk_store_t *st, const sk_store_machine_t *m);
int64_t sk_store_env(sk_store_t *st, const sk_store_env_t *e);
int64_t sk_store_add_run(sk_store_t *st, int64_t machine, int64_t env,
                         const sk_store_run_t *r);
int sk_store_add_tag(sk_store_t *st, int64_t run, const char *key,
                     const char *value);
/* The node map of RUN (lib/nodemap.h): a row per node and per run of
 * ranks, and the run's summary columns.  0, or -1. */
struct sk_nodemap;
int sk_store_add_nodes(sk_store_t *st, int64_t run,
                       const struct sk_nodemap *m);
int64_t sk_store_add_suite(sk_store_t *st, int64_t run,
                           const sk_store_suite_t *s);
int sk_store_add_point(sk_store_t *st, int64_t suite,
                       const sk_store_point_t *p);
/* A merged file's campaign and its runs, by the SHA-256 of each run file
 * (linked to the run when it is in the database, now or later). */
int64_t sk_store_add_campaign(sk_store_t *st, int64_t merged_run,
                              const char *source);
int sk_store_add_member(sk_store_t *st, int64_t campaign, long position,
                        const char *sha256, const char *path);
/* Links campaign members whose file had this hash to RUN. */
int sk_store_link_members(sk_store_t *st, const char *sha256, int64_t run);

/* ---- selection -------------------------------------------------------- */
/* The ids of the runs SEL chooses, oldest first (start time, then id);
 * *ids is the caller's to free.  -1 on error. */
int sk_store_select(sk_store_t *st, const sk_sel_t *sel, int64_t **ids,
                    size_t *n);

/* One run as list and show print it.  Strings are the caller's to free
 * with sk_store_info_free(). */
typedef struct sk_store_info {
  int64_t id, machine_id, environment_id, campaign_id;
  char *kind, *status, *start_time, *end_time, *hosts, *suite_path,
       *suite_sha256, *skampi_version, *source, *imported, *sha256,
       *machine, *library, *library_version, *mpi_version, *compiler,
       *cflags, *variables, *tags,  /* tags: "k=v k=v" */
       *verdict, *noise,            /* the machine's noise; "" none */
       *members;    /* a merged run's runs: "4, 5, PATH (absent)" */
  long processes, nsuites, npoints, original_len;
  /* the node map's summary (runs' columns); -1: a file without one */
  long node_count, pinned_ranks, shm_domains, shm_agrees;
} sk_store_info_t;

int sk_store_info(sk_store_t *st, int64_t run, sk_store_info_t *out);
void sk_store_info_free(sk_store_info_t *info);

/* One node of a run's node map (a row of run_nodes): its index, host
 * name, how many ranks ran there, the lowest of them, the CPUs online. */
typedef struct sk_store_node {
  long node, ranks, first_rank, cpus_online;
  const char *host;
} sk_store_node_t;

/* Calls FN for each node of RUN's node map by index (none for a run
 * without one); the strings are valid during the call only. */
typedef int (*sk_store_node_fn)(void *arg, const sk_store_node_t *n);
int sk_store_nodes(sk_store_t *st, int64_t run, sk_store_node_fn fn,
                   void *arg);

/* The original file of RUN (the caller's to free), -1 when no such run. */
int sk_store_original(sk_store_t *st, int64_t run, void **data,
                      size_t *len);
/* The first MAX bytes of it (all of a shorter file), the same way. */
int sk_store_original_head(sk_store_t *st, int64_t run, size_t max,
                           void **data, size_t *len);

/* Deletes RUN with its suites, points and samples; its campaign loses
 * it.  0, or -1 (no such run: message printed). */
int sk_store_remove(sk_store_t *st, int64_t run);

/* A merged file and its own runs never both count: drops from ids[0..*n)
 * every merged file whose runs (one or more) are there too, the order of
 * the rest kept.  The number dropped, or -1 (message given). */
long sk_store_dedupe(sk_store_t *st, int64_t *ids, size_t *n);

/* The runs (in the database) that the merged file RUN merged; none when
 * RUN is not a merged file.  *ids is the caller's to free. */
int sk_store_campaign_runs(sk_store_t *st, int64_t run, int64_t **ids,
                           size_t *n);

/* ---- suites and points ------------------------------------------------ */
/* Calls FN for each suite of RUN in file order. */
typedef int (*sk_store_suite_fn)(void *arg, int64_t run,
                                 const sk_store_suite_t *s, long npoints);
int sk_store_suites(sk_store_t *st, int64_t run, sk_store_suite_fn fn,
                    void *arg);

/* Calls FN for each point of the suite NAME of RUN, by argument; the
 * sample arrays are valid during the call only.  0 also when RUN has no
 * such suite. */
typedef int (*sk_store_point_fn)(void *arg, const sk_store_point_t *p);
int sk_store_points(sk_store_t *st, int64_t run, const char *name,
                    sk_store_point_fn fn, void *arg);

/* ---- tokens (store_token.c) ------------------------------------------ */
/* One token as stored: its name, the SHA-256 (hex) of the token, when it
 * was made, when it was revoked (NULL: valid). */
typedef struct sk_store_token {
  const char *name, *sha256, *created, *revoked;
} sk_store_token_t;

/* Adds a token.  0, 1 when a valid token of that name exists (nothing
 * added, no message), -1 on error. */
int sk_store_token_add(sk_store_t *st, const char *name, const char *sha256,
                       const char *created);
/* Revokes the valid token NAME at WHEN: 0, 1 when there is none (no
 * message), -1 on error. */
int sk_store_token_revoke(sk_store_t *st, const char *name,
                          const char *when);
/* Calls FN for every token, valid or revoked, oldest first; the strings
 * live during the call only.  FN returns 0 to go on. */
typedef int (*sk_store_token_fn)(void *arg, const sk_store_token_t *t);
int sk_store_tokens(sk_store_t *st, sk_store_token_fn fn, void *arg);

/* The query plan of sk_store_points' statement, one line per step
 * (EXPLAIN QUERY PLAN's detail column), the caller's to free. */
char *sk_store_points_plan(sk_store_t *st);

/* ---- store_web.c: what skampi-db serve reads ------------------------- */
/* Before the first connection of a process (a server, or any other
 * command): each connection is used by one thread at a time, and SQLite
 * need not count memory behind a global mutex (an import makes millions
 * of SQLite calls; their mutexes were a few percent of its time). */
void sk_store_threads_init(void);

/* PRAGMA data_version: changes when another connection commited
 * something (an import, rm) since the last call; -1 on error. */
long long sk_store_data_version(sk_store_t *st);

/* A row of the run list.  Strings are valid during the call only; tags
 * are "key=value" strings. */
typedef struct sk_store_runrow {
  int64_t id, campaign;
  const char *kind, *machine, *library, *library_version, *start_time,
             *status;
  const char *verdict;        /* the machine's noise; "" not judged */
  long processes;             /* -1: not recorded */
  long nodes;                 /* node_map's nodes; -1: no node map */
  const char *const *tags;
  size_t ntags;
} sk_store_runrow_t;

typedef int (*sk_store_runrow_fn)(void *arg, const sk_store_runrow_t *r);
/* Calls FN for each run SEL chooses (NULL: every run), oldest first. */
int sk_store_run_rows(sk_store_t *st, const sk_sel_t *sel,
                      sk_store_runrow_fn fn, void *arg);

/* Calls FN for each (suite name, instance) the runs SEL chooses have,
 * with the number of those runs that have it; by instance, then name. */
typedef int (*sk_store_suitecount_fn)(void *arg, const char *name,
                                      const char *instance,
                                      const char *argument_name, long runs);
int sk_store_suite_counts(sk_store_t *st, const sk_sel_t *sel,
                          sk_store_suitecount_fn fn, void *arg);

/* Calls FN for each argument the suite NAME has in the runs SEL
 * chooses, ascending, with the number of those runs that have a point
 * there. */
typedef int (*sk_store_argument_fn)(void *arg, double argument, long runs);
int sk_store_suite_arguments(sk_store_t *st, const sk_sel_t *sel,
                             const char *name, sk_store_argument_fn fn,
                             void *arg);

/* As sk_store_points, without the samples (the points of a plot). */
int sk_store_points_only(sk_store_t *st, int64_t run, const char *name,
                         sk_store_point_fn fn, void *arg);
/* The query plans of every statement a query or plot runs: the selection
 * SEL as SQL (its values bound), a run's suites, a suite's points and a
 * point's samples; each "# NAME" and then its steps, one a line.  The
 * caller frees; NULL on error. */
char *sk_store_plans(sk_store_t *st, const sk_sel_t *sel);

#endif
