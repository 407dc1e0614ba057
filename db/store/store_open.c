/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * store_open.c -- opening the database in one of the modes of store.h:
 * a reader never makes or writes a file (read-only, and immutable on a
 * read-only medium), a writer needs the file, only import and token add
 * make one.  The schema is checked whole before anything else reads it.
 */
#include <config.h>

#include "store_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "escape.h"

/* How long a writer waits for another one (two imports at once) before
 * it gives up, ms. */
#define SK_STORE_BUSY_MS 60000
/* A reader waits this long for a writer (an import) to let go, ms. */
#define SK_STORE_RO_BUSY_MS 5000

static void sk_store_path_error(const char *path, const char *what)
{
  char *p = sk_escape_text(path);
  sk_msg_error("%s: %s", p ? p : "?", what);
  free(p);
}

/* "file:PATH?QUERY" with PATH percent-encoded but for its slashes and
 * the characters that need none (an absolute path after "file://"), so
 * that no byte of a path is read as a part of a URI. */
static char *sk_store_uri(const char *path, const char *query)
{
  static const char hex[] = "0123456789ABCDEF";
  size_t n = strlen(path);
  char *u = malloc(3 * n + strlen(query) + 16), *o = u;
  const unsigned char *c;
  if (!u)
    return NULL;
  o += sprintf(o, "file:%s", path[0] == '/' ? "//" : "");
  for (c = (const unsigned char *)path; *c; c++)
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
        (*c >= '0' && *c <= '9') || strchr("/._-~", *c))
      *o++ = (char)*c;
    else {
      *o++ = '%';
      *o++ = hex[*c >> 4];
      *o++ = hex[*c & 15];
    }
  sprintf(o, "?%s", query);
  return u;
}

/* Opens ST's file with the URI query QUERY (mode=ro, ...); 0 or -1
 * (SQLite's code in *code, the message not printed). */
static int sk_store_connect(sk_store_t *st, const char *query, int flags,
                            int *code)
{
  char *uri = sk_store_uri(st->path, query);
  int rc;
  if (st->db) {
    sqlite3_close(st->db);
    st->db = NULL;
  }
  if (!uri) {
    *code = SQLITE_NOMEM;
    return -1;
  }
  rc = sqlite3_open_v2(uri, &st->db, flags | SQLITE_OPEN_URI, NULL);
  free(uri);
  *code = rc;
  if (rc != SQLITE_OK)
    return -1;
  sqlite3_extended_result_codes(st->db, 1);
  return 0;
}

/* Whether the file at PATH may be opened: a regular file (or a link to
 * one); absent is for MODE to decide.  1 absent, 0 present, -1 refused
 * (message printed). */
static int sk_store_stat(const char *path, sk_store_mode_t mode)
{
  struct stat s;
  if (!*path) {
    sk_msg_error("the database path is empty");
    return -1;
  }
  if (stat(path, &s) < 0) {
    if (errno == ENOENT && mode == SK_STORE_CREATE)
      return 1;
    sk_store_path_error(path, errno == ENOENT ? "no such database "
                        "(skampi-db import makes one; check --db and "
                        "$SKAMPI_DB)" : strerror(errno));
    return -1;
  }
  if (!S_ISREG(s.st_mode)) {
    sk_store_path_error(path, S_ISDIR(s.st_mode) ? "a directory, not a "
                        "database" : "not a regular file, not a database");
    return -1;
  }
  return 0;
}

/* A reader's first read; on a read-only medium, where the shared memory
 * of the write-ahead log cannot be made, the file is opened again as
 * immutable, unless a log holds data that this would not see.  The
 * schema version, or INT_MIN with the message printed. */
static int sk_store_first_read(sk_store_t *st)
{
  char wal[4200];
  struct stat s;
  int v, code, e;
  if (sk_store_version_of(st, &v, &e) == 0)
    return v;
  if ((e & 0xff) != SQLITE_CANTOPEN && (e & 0xff) != SQLITE_READONLY &&
      (e & 0xff) != SQLITE_IOERR) {
    sk_store_fail(st, "cannot read the schema version");
    return SK_STORE_NO_VERSION;
  }
  snprintf(wal, sizeof wal, "%s-wal", st->path);
  if (stat(wal, &s) == 0 && s.st_size > 0) {
    sk_store_path_error(st->path, "cannot be read here: its write-ahead "
                        "log (-wal) holds data and the directory cannot be "
                        "written (a read-only medium?); open it once where "
                        "it can be written, which folds the log into it");
    return SK_STORE_NO_VERSION;
  }
  if (sk_store_connect(st, "mode=ro&immutable=1", SQLITE_OPEN_READONLY,
                       &code) < 0) {
    sk_store_fail(st, "cannot open the database");
    return SK_STORE_NO_VERSION;
  }
  st->immutable = 1;
  if (sk_store_version_of(st, &v, &e) < 0) {
    sk_store_fail(st, "cannot read the schema version");
    return SK_STORE_NO_VERSION;
  }
  return v;
}

/* A reader: read-only, no migration unless MODE allows one and the file
 * can be written (then it is opened for writing instead). */
static int sk_store_open_reader(sk_store_t *st, sk_store_mode_t mode)
{
  int v, code;
  if (sk_store_connect(st, "mode=ro", SQLITE_OPEN_READONLY, &code) < 0) {
    sk_store_fail(st, "cannot open the database");
    return -1;
  }
  sqlite3_busy_timeout(st->db, SK_STORE_RO_BUSY_MS);
  if ((v = sk_store_first_read(st)) == SK_STORE_NO_VERSION ||
      sk_store_check_version(st, v) < 0)
    return -1;
  if (v == SK_STORE_SCHEMA || v == 0)
    return sk_store_verify(st, v);
  if (mode == SK_STORE_SERVE || st->immutable) {
    char *p = sk_escape_text(st->path);
    sk_msg_error("%s: the database has schema %d, this skampi-db reads %d "
                 "(%s)", p ? p : "?", v, SK_STORE_SCHEMA, st->immutable
                 ? "it cannot be upgraded on a read-only medium"
                 : "any other skampi-db command upgrades it");
    free(p);
    return -1;
  }
  return 1;                     /* an older schema: upgrade it */
}

/* A writer: read-write, WAL, the migrations. */
static int sk_store_open_writer(sk_store_t *st, int create)
{
  int code, v;
  if (sk_store_connect(st, create ? "mode=rwc" : "mode=rw",
                       SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE
                                                       : 0), &code) < 0) {
    sk_store_fail(st, "cannot open the database");
    return -1;
  }
  sqlite3_busy_timeout(st->db, SK_STORE_BUSY_MS);
  if (sqlite3_db_readonly(st->db, "main") == 1 ||
      (sk_store_version_of(st, &v, &code) < 0 &&
       ((code & 0xff) == SQLITE_CANTOPEN ||
        (code & 0xff) == SQLITE_READONLY))) {
    sk_store_path_error(st->path, "cannot be written here (a read-only "
                        "file, directory or medium?); this command writes "
                        "the database, while list, show, query and serve "
                        "only read it");
    return -1;
  }
  /* WAL: readers never wait for a writer, and a killed import leaves a
   * log that the next open rolls back.  synchronous=NORMAL is durable
   * across a crash of the process (not of the machine) in WAL mode. */
  if (sk_store_foreign(st) < 0 ||
      sk_store_exec(st, "PRAGMA journal_mode = WAL") < 0 ||
      sk_store_exec(st, "PRAGMA synchronous = NORMAL") < 0 ||
      sk_store_exec(st, "PRAGMA foreign_keys = ON") < 0 ||
      sk_store_migrate(st) < 0)
    return -1;
  return sk_store_verify(st, SK_STORE_SCHEMA);
}

sk_store_t *sk_store_open(const char *path, sk_store_mode_t mode)
{
  sk_store_t *st;
  int absent = sk_store_stat(path, mode), rc;
  if (absent < 0)
    return NULL;
  if (!(st = calloc(1, sizeof *st)) || !(st->path = strdup(path))) {
    free(st);
    sk_msg_error("out of memory");
    return NULL;
  }
  st->created = absent;
  if (mode == SK_STORE_READ || mode == SK_STORE_SERVE) {
    rc = sk_store_open_reader(st, mode);
    if (rc == 1)
      rc = sk_store_open_writer(st, 0);
  } else
    rc = sk_store_open_writer(st, mode == SK_STORE_CREATE);
  if (rc < 0) {
    sk_store_close(st);
    return NULL;
  }
  return st;
}

int sk_store_created(const sk_store_t *st)
{
  return st->created;
}
