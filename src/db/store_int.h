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
};

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

#endif
