/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * store_token.c -- the rows of the tokens table (store.h, "tokens").
 * Only hashes are stored; token.c makes tokens and checks them.
 */
#include <config.h>

#include "store_int.h"

#include <string.h>

int sk_store_token_add(sk_store_t *st, const char *name, const char *sha256,
                       const char *created)
{
  sqlite3_stmt *s = sk_store_prep(st, -1,
      "INSERT INTO tokens (name, sha256, created) VALUES (?, ?, ?)");
  int rc;
  if (!s)
    return -1;
  sk_store_text(s, 1, name);
  sk_store_text(s, 2, sha256);
  sk_store_text(s, 3, created);
  rc = sqlite3_step(s);
  sk_store_done(s);
  /* the partial unique index on valid names */
  if (rc == SQLITE_CONSTRAINT_UNIQUE &&
      strstr(sqlite3_errmsg(st->db), "tokens.name"))
    return 1;
  if (rc != SQLITE_DONE) {
    sk_store_fail(st, "cannot add the token");
    return -1;
  }
  return 0;
}

int sk_store_token_revoke(sk_store_t *st, const char *name,
                          const char *when)
{
  sqlite3_stmt *s = sk_store_prep(st, -1,
      "UPDATE tokens SET revoked = ? WHERE name = ? AND revoked IS NULL");
  int rc;
  if (!s)
    return -1;
  sk_store_text(s, 1, when);
  sk_store_text(s, 2, name);
  rc = sqlite3_step(s);
  sk_store_done(s);
  if (rc != SQLITE_DONE) {
    sk_store_fail(st, "cannot revoke the token");
    return -1;
  }
  return sqlite3_changes(st->db) > 0 ? 0 : 1;
}

int sk_store_tokens(sk_store_t *st, sk_store_token_fn fn, void *arg)
{
  sqlite3_stmt *s = sk_store_prep(st, -1,
      "SELECT name, sha256, created, revoked FROM tokens ORDER BY id");
  sk_store_token_t t;
  int rc;
  if (!s)
    return -1;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    t.name = (const char *)sqlite3_column_text(s, 0);
    t.sha256 = (const char *)sqlite3_column_text(s, 1);
    t.created = (const char *)sqlite3_column_text(s, 2);
    t.revoked = (const char *)sqlite3_column_text(s, 3);
    if (!t.name || !t.sha256 || !t.created)
      continue;   /* NOT NULL columns; an out-of-memory read */
    if (fn(arg, &t) != 0) {
      rc = SQLITE_DONE;
      break;
    }
  }
  if (rc != SQLITE_DONE)
    sk_store_fail(st, "cannot read the tokens");
  sk_store_done(s);
  return rc == SQLITE_DONE ? 0 : -1;
}
