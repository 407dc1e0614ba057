/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * store_int.h -- what schema.c, store.c and store_query.c share; no other
 * file includes it (or sqlite3.h).
 */
#ifndef SK_STORE_INT_H
#define SK_STORE_INT_H

#include <sqlite3.h>

#include "msg.h"
#include "store.h"

/* The statements kept prepared for the whole session (imports run them
 * once per point). */
enum {
  SK_STMT_POINT, SK_STMT_SAMPLE, SK_STMT_SUITE, SK_STMT_POINTS,
  SK_STMT_SAMPLES, SK_STMT_N
};

struct sk_store {
  sqlite3 *db;
  char *path;
  sqlite3_stmt *stmt[SK_STMT_N];
  int depth;            /* transactions open: > 1 are savepoints */
  int created;          /* the open made the file */
  int immutable;        /* opened as immutable (a read-only medium) */
};

/* ---- schema.c, for store_open.c ------------------------------------- */
/* No schema version could be read (the message printed). */
#define SK_STORE_NO_VERSION (-2147483647 - 1)
/* PRAGMA user_version into *v: 0, or -1 with SQLite's extended code in
 * *code (nothing printed). */
int sk_store_version_of(sk_store_t *st, int *v, int *code);
/* A version below 0 or above ours refused with its message: 0 or -1. */
int sk_store_check_version(sk_store_t *st, int v);
/* Before a writer changes anything: a database of another program (no
 * schema version, but tables) is refused, so are the versions
 * sk_store_check_version refuses.  0 or -1 (message printed). */
int sk_store_foreign(sk_store_t *st);
/* The tables and columns of schema version V are all there (V 0: the
 * database is empty, which a reader refuses); 0 or -1 with a message
 * that names the first missing one. */
int sk_store_verify(sk_store_t *st, int v);

/* Runs SQL (our own text, no parameters). */
int sk_store_exec(sk_store_t *st, const char *sql);

/* Prepares SQL, or the cached statement SLOT (reset, bindings cleared)
 * when SLOT >= 0.  NULL with the message printed. */
sqlite3_stmt *sk_store_prep(sk_store_t *st, int slot, const char *sql);
/* Finalizes a statement sk_store_prep(st, -1, ...) made. */
void sk_store_done(sqlite3_stmt *s);

/* "skampi-db: error: PATH: WHAT: sqlite's message". */
void sk_store_fail(sk_store_t *st, const char *what);

/* Bindings: text NULL, a NaN and a count of -1 become SQL NULL. */
int sk_store_text(sqlite3_stmt *s, int i, const char *v);
int sk_store_real(sqlite3_stmt *s, int i, double v);
int sk_store_int(sqlite3_stmt *s, int i, long long v);

/* Column i as a malloc'ed string ("" for NULL). */
char *sk_store_col_text(sqlite3_stmt *s, int i);

/* ---- store_query.c, shared with store_web.c -------------------------- */
/* A selection as SQL: fixed fragments, and the values to bind in order
 * (a selection of a thousand run ids is a thousand terms: both grow).
 * Zeroed to start; sk_store_q_free() after. */
typedef struct sk_store_qarg {
  const char *text;
  long long num;
} sk_store_qarg_t;

typedef struct sk_store_q {
  char *sql;
  size_t len, cap;
  sk_store_qarg_t *arg;
  int narg;
  size_t argcap;
} sk_store_q_t;

/* The most values one selection binds (SQLite takes 32766). */
#define SK_STORE_Q_ARGS 30000

/* Appends FRAG (our own text); -1 when out of memory. */
int sk_store_q_add(sk_store_q_t *q, const char *frag);
void sk_store_q_free(sk_store_q_t *q);
/* "SELECT r.id FROM runs r ... ORDER BY ..." choosing SEL's runs. */
int sk_store_q_build(sk_store_q_t *q, const sk_sel_t *sel);
/* Binds Q's values as parameters FROM + 1, FROM + 2, ... */
void sk_store_q_bind_all(sqlite3_stmt *s, const sk_store_q_t *q, int from);

/* The points of suite NAME of RUN to FN, by argument; with SAMPLES their
 * raw samples and per-run values too (sk_store_points), else without
 * (sk_store_points_only). */
int sk_store_points_each(sk_store_t *st, int64_t run, const char *name,
                         int samples, sk_store_point_fn fn, void *arg);

double sk_store_col_real(sqlite3_stmt *s, int i);   /* NULL: NaN */
long sk_store_col_long(sqlite3_stmt *s, int i);     /* NULL: -1 */
/* A row of the points statement (p.id, p.argument, ... p.modes) into P,
 * without samples. */
void sk_store_point_row(sqlite3_stmt *s, sk_store_point_t *p);

#endif
