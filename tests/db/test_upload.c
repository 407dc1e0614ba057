/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_upload.c -- what the server calls: sk_token_check() (valid,
 * unknown, revoked; only the hash stored) and sk_upload_import() (a good
 * file, the same file again, hostile files that leave nothing behind,
 * messages caught with their excerpt taken from the upload, never from a
 * file of the upload's name).
 */
#include <config.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "sk_test.h"
#include "store.h"
#include "token.h"
#include "upload.h"

#define DBFILE "test_upload.db"

static char *slurp(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  char *buf = malloc(1 << 20);
  *len = f && buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
  if (f)
    fclose(f);
  if (buf)
    buf[*len] = '\0';
  return buf;
}

/* One number from the database file (a second connection). */
static long long count(const char *sql)
{
  sqlite3 *db;
  sqlite3_stmt *s;
  long long v = -1;
  if (sqlite3_open(DBFILE, &db) == SQLITE_OK &&
      sqlite3_prepare_v2(db, sql, -1, &s, NULL) == SQLITE_OK) {
    if (sqlite3_step(s) == SQLITE_ROW)
      v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
  }
  sqlite3_close(db);
  return v;
}

static void test_equal(void)
{
  SK_CHECK_INT(sk_token_equal("abcd", "abcd", 4), 1);
  SK_CHECK_INT(sk_token_equal("abcd", "abce", 4), 0);
  SK_CHECK_INT(sk_token_equal("\x80", "\x00", 1), 0);
  SK_CHECK_INT(sk_token_equal("x", "y", 0), 1);
}

static void test_tokens(sk_store_t *st)
{
  char tok[SK_TOKEN_LEN + 1], tok2[SK_TOKEN_LEN + 1], wrong[SK_TOKEN_LEN + 1];
  char *huge = malloc(SK_TOKEN_PRESENTED_MAX + 2);
  size_t i;
  SK_CHECK_INT(sk_token_name_ok("ci-runner.1@site+x"), 1);
  SK_CHECK_INT(sk_token_name_ok(""), 0);
  SK_CHECK_INT(sk_token_name_ok("a b"), 0);
  SK_CHECK_INT(sk_token_name_ok("x'--"), 0);
  SK_CHECK_INT(sk_token_check(st, "anything"), 0);   /* no tokens yet */
  SK_CHECK_INT(sk_token_add(st, "ci", "2026-01-01T00:00:00Z", tok), 0);
  SK_CHECK_INT(strlen(tok), SK_TOKEN_LEN);
  SK_CHECK_INT(strspn(tok, "0123456789abcdef"), SK_TOKEN_LEN);
  SK_CHECK_INT(sk_token_add(st, "ci", "2026-01-01T00:00:00Z", tok2), 1);
  SK_CHECK_INT(sk_token_add(st, "other", "2026-01-01T00:00:01Z", tok2), 0);
  SK_CHECK(strcmp(tok, tok2) != 0);
  SK_CHECK_INT(sk_token_check(st, tok), 1);
  SK_CHECK_INT(sk_token_check(st, tok2), 1);
  memcpy(wrong, tok, sizeof wrong);
  wrong[SK_TOKEN_LEN - 1] = wrong[SK_TOKEN_LEN - 1] == '0' ? '1' : '0';
  SK_CHECK_INT(sk_token_check(st, wrong), 0);
  wrong[SK_TOKEN_LEN - 1] = '\0';                 /* a prefix */
  SK_CHECK_INT(sk_token_check(st, wrong), 0);
  SK_CHECK_INT(sk_token_check(st, NULL), 0);
  SK_CHECK_INT(sk_token_check(st, ""), 0);
  for (i = 0; huge && i < SK_TOKEN_PRESENTED_MAX + 1; i++)
    huge[i] = 'a';
  if (huge)
    huge[SK_TOKEN_PRESENTED_MAX + 1] = '\0';
  SK_CHECK_INT(sk_token_check(st, huge), 0);
  free(huge);
  /* revoked: -1, the other token still valid; the name is free again */
  SK_CHECK_INT(sk_store_token_revoke(st, "ci", "2026-01-02T00:00:00Z"), 0);
  SK_CHECK_INT(sk_store_token_revoke(st, "ci", "2026-01-02T00:00:00Z"), 1);
  SK_CHECK_INT(sk_token_check(st, tok), -1);
  SK_CHECK_INT(sk_token_check(st, tok2), 1);
  SK_CHECK_INT(sk_token_add(st, "ci", "2026-01-03T00:00:00Z", wrong), 0);
  SK_CHECK_INT(sk_token_check(st, wrong), 1);
  SK_CHECK_INT(sk_token_check(st, tok), -1);
  /* only hashes: no stored text holds a token */
  SK_CHECK_INT(count("SELECT count(*) FROM tokens"), 3);
  SK_CHECK_INT(count("SELECT count(*) FROM tokens WHERE length(sha256) = 64"
                     " AND sha256 NOT GLOB '*[^0-9a-f]*'"), 3);
  SK_CHECK_INT(count("SELECT count(*) FROM tokens WHERE revoked IS NULL"), 2);
}

static void test_good(sk_store_t *st, const char *good, size_t len)
{
  char msg[512];
  int64_t run = -1;
  SK_CHECK_INT(sk_upload_import(st, good, len, "a1.yaml", msg, sizeof msg,
                                &run), SK_UPLOAD_OK);
  SK_CHECK_INT(run, 1);
  SK_CHECK_STR(msg, "skampi-db: a1.yaml: run 1, 2 suites, 4 points");
  SK_CHECK_INT(count("SELECT count(*) FROM points"), 4);
  SK_CHECK_INT(count("SELECT length(original) FROM runs WHERE id = 1"),
               (long long)len);
  /* the same bytes under another name: the run there */
  run = -1;
  SK_CHECK_INT(sk_upload_import(st, good, len, "again.yaml", msg, sizeof msg,
                                &run), SK_UPLOAD_DUPLICATE);
  SK_CHECK_INT(run, 1);
  SK_CHECK_STR(msg, "skampi-db: again.yaml: already in the database as run "
               "1 (same content), nothing imported");
  SK_CHECK_INT(count("SELECT count(*) FROM runs"), 1);
  /* a message longer than the buffer is cut with "..." */
  SK_CHECK_INT(sk_upload_import(st, good, len, "again.yaml", msg, 16, &run),
               SK_UPLOAD_DUPLICATE);
  SK_CHECK_STR(msg, "skampi-db: a...");
}

/* GOOD with LINE inserted after line AFTER. */
static char *with_line(const char *good, int after, const char *line)
{
  const char *p = good;
  char *out = malloc(strlen(good) + strlen(line) + 2);
  size_t head;
  int n;
  for (n = 0; n < after && (p = strchr(p, '\n')) != NULL; n++)
    p++;
  head = p ? (size_t)(p - good) : strlen(good);
  if (out)
    sprintf(out, "%.*s%s\n%s", (int)head, good, line, p ? p : "");
  return out;
}

static void test_hostile(sk_store_t *st, const char *good, const char *near)
{
  char msg[1024];
  int64_t run = -1;
  /* a bad value in the last point: found after rows were written */
  char *bad = with_line(good, 90, "        q1: abc");
  char want[1200];
  SK_CHECK_INT(sk_upload_import(st, bad, strlen(bad), "up.yaml", msg,
                                sizeof msg, &run), SK_UPLOAD_BAD);
  SK_CHECK_INT(run, 0);
  SK_CHECK_STR(msg, "up.yaml:91:13: error: 'q1' must be a number, not 'abc'\n"
               "   91 |         q1: abc\n"
               "      |             ^");
  SK_CHECK_INT(count("SELECT count(*) FROM runs"), 1);
  SK_CHECK_INT(count("SELECT count(*) FROM suites"), 2);
  SK_CHECK_INT(count("SELECT count(*) FROM points"), 4);
  /* named like a file that exists: the excerpt is the upload's line */
  SK_CHECK_INT(sk_upload_import(st, bad, strlen(bad), near, msg, sizeof msg,
                                &run), SK_UPLOAD_BAD);
  snprintf(want, sizeof want, "%s:91:13: error: 'q1' must be a number, not "
           "'abc'\n   91 |         q1: abc\n      |             ^", near);
  SK_CHECK_STR(msg, want);
  free(bad);
  /* a control character in the name is escaped */
  SK_CHECK_INT(sk_upload_import(st, "x: [", 4, "a\nb", msg, sizeof msg,
                                &run), SK_UPLOAD_BAD);
  SK_CHECK_MSG(strncmp(msg, "a\\nb:2:1: error: malformed YAML", 31) == 0,
               "got '%s'", msg);
  /* nothing at all, and more than the limit */
  SK_CHECK_INT(sk_upload_import(st, NULL, 0, NULL, msg, sizeof msg, &run),
               SK_UPLOAD_BAD);
  SK_CHECK_MSG(strncmp(msg, "upload", 6) == 0, "got '%s'", msg);
  SK_CHECK_INT(sk_upload_import(st, "", SK_UPLOAD_MAX_BYTES + 1u, "big",
                                msg, sizeof msg, &run), SK_UPLOAD_TOO_LARGE);
  SK_CHECK_STR(msg, "skampi-db: error: big: larger than the limit of 64 MiB");
  SK_CHECK_INT(count("SELECT count(*) FROM runs"), 1);
  SK_CHECK_INT(count("SELECT count(*) FROM machines"), 1);
}

static void test_http(void)
{
  SK_CHECK_INT(sk_upload_http(SK_UPLOAD_OK), 201);
  SK_CHECK_INT(sk_upload_http(SK_UPLOAD_DUPLICATE), 200);
  SK_CHECK_INT(sk_upload_http(SK_UPLOAD_BAD), 422);
  SK_CHECK_INT(sk_upload_http(SK_UPLOAD_TOO_LARGE), 413);
  SK_CHECK_INT(sk_upload_http(SK_UPLOAD_FAILED), 500);
}

int main(void)
{
  const char *a1 = SK_TEST_SRCDIR "/tests/tools/runs/a1.yaml";
  const char *a2 = SK_TEST_SRCDIR "/tests/tools/runs/a2.yaml";
  sk_store_t *st;
  size_t len;
  char *good = slurp(a1, &len);
  sk_msg_set_program("skampi-db");
  remove(DBFILE);
  remove(DBFILE "-wal");
  remove(DBFILE "-shm");
  setenv("SOURCE_DATE_EPOCH", "1795000000", 1);
  st = sk_store_open(DBFILE, SK_STORE_CREATE);
  SK_CHECK(st != NULL && good != NULL && len > 1000);
  if (!st || !good)
    return sk_test_result();
  test_equal();
  test_http();
  test_tokens(st);
  test_good(st, good, len);
  test_hostile(st, good, a2);
  sk_store_close(st);
  free(good);
  remove(DBFILE);
  remove(DBFILE "-wal");
  remove(DBFILE "-shm");
  return sk_test_result();
}
