/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_iodir.c -- lib/iodir.c and the journal's io lines (lib/journal.c)
 * without MPI: which directories @IO_DIRECTORY accepts and the exact
 * sentence for those it refuses, the tokens and file names, the sweep
 * that removes only skampi's files of a token (never a directory, never
 * through a link), and the tokens a journal read back names, each once.
 * Files go below the current (build) directory.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "iodir.h"
#include "journal.h"
#include "sk_test.h"

#define DIR "test_iodir.tmp"
#define SHA "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

static void touch(const char *path)
{
  FILE *fp = fopen(path, "w");
  SK_CHECK(fp != NULL);
  if (fp != NULL)
    fclose(fp);
}

static int exists(const char *path)
{
  struct stat st;
  return lstat(path, &st) == 0;
}

static void test_check(void)
{
  char why[700], big[SK_IODIR_MAX + 2];
  SK_CHECK_INT(sk_iodir_check(DIR, why, sizeof why), 0);
  SK_CHECK_INT(sk_iodir_check(".", why, sizeof why), 0);
  SK_CHECK_INT(sk_iodir_check(DIR "/none", why, sizeof why), -1);
  SK_CHECK_STR(why, "'" DIR "/none' does not exist");
  SK_CHECK_INT(sk_iodir_check(DIR "/file/x", why, sizeof why), -1);
  SK_CHECK_STR(why, "'" DIR "/file/x' does not exist");
  SK_CHECK_INT(sk_iodir_check(DIR "/file", why, sizeof why), -1);
  SK_CHECK_STR(why, "'" DIR "/file' is not a directory");
  SK_CHECK_INT(sk_iodir_check("a\nb", why, sizeof why), -1);
  SK_CHECK_STR(why, "'a\\nb' holds a control character");
  SK_CHECK_INT(sk_iodir_check("", why, sizeof why), -1);
  SK_CHECK_STR(why, "is empty: name a directory");
  memset(big, 'a', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  SK_CHECK_INT(sk_iodir_check(big, why, sizeof why), -1);
  SK_CHECK(strstr(why, "is too long (at most 3072 bytes)") != NULL);
  if (geteuid() != 0) {        /* root may write anywhere */
    mkdir(DIR "/ro", 0555);
    SK_CHECK_INT(sk_iodir_check(DIR "/ro", why, sizeof why), -1);
    SK_CHECK_STR(why, "'" DIR "/ro' is not writable");
    rmdir(DIR "/ro");
  }
}

static void test_names(void)
{
  char t[SK_IODIR_TOKEN + 1], u[SK_IODIR_TOKEN + 1], p[64];
  sk_iodir_token(t);
  sk_iodir_token(u);
  SK_CHECK(sk_iodir_token_ok(t));
  SK_CHECK(strcmp(t, u) != 0);
  SK_CHECK(!sk_iodir_token_ok("0123456789abcdeF"));
  SK_CHECK(!sk_iodir_token_ok("0123456789abcde"));
  SK_CHECK(!sk_iodir_token_ok("0123456789abcdef0"));
  SK_CHECK(!sk_iodir_token_ok("../../etc/passwd"));
  SK_CHECK_INT(sk_iodir_path("d", "0123456789abcdef", -1, p, sizeof p), 0);
  SK_CHECK_STR(p, "d/skampi-io-0123456789abcdef.dat");
  SK_CHECK_INT(sk_iodir_path(NULL, "0123456789abcdef", 7, p, sizeof p), 0);
  SK_CHECK_STR(p, "./skampi-io-0123456789abcdef-7.dat");
  SK_CHECK_INT(sk_iodir_path("d", "0123456789abcdef", 7, p, 20), -1);
  SK_CHECK_INT(sk_iodir_path("d", NULL, 7, p, sizeof p), -1);
  SK_CHECK_INT(sk_iodir_path("d", "/../../etc/passw", 7, p, sizeof p), -1);
}

static void test_sweep(void)
{
  touch(DIR "/skampi-io-0123456789abcdef.dat");
  touch(DIR "/skampi-io-0123456789abcdef-0.dat");
  touch(DIR "/skampi-io-0123456789abcdef-2.dat");
  touch(DIR "/skampi-io-0123456789abcdef-3.dat");   /* beyond P = 3 */
  touch(DIR "/skampi-io-1111111111111111.dat");     /* another token */
  mkdir(DIR "/skampi-io-0123456789abcdef-1.dat", 0755);  /* a directory */
  SK_CHECK_INT(symlink("file", DIR "/skampi-io-2222222222222222.dat"), 0);
  SK_CHECK_INT(sk_iodir_sweep(DIR, "0123456789abcdef", 3), 3);
  SK_CHECK(!exists(DIR "/skampi-io-0123456789abcdef.dat"));
  SK_CHECK(!exists(DIR "/skampi-io-0123456789abcdef-2.dat"));
  SK_CHECK(exists(DIR "/skampi-io-0123456789abcdef-3.dat"));
  SK_CHECK(exists(DIR "/skampi-io-1111111111111111.dat"));
  SK_CHECK(exists(DIR "/skampi-io-0123456789abcdef-1.dat"));
  SK_CHECK_INT(sk_iodir_sweep(DIR, "../x", 3), 0);
  /* a link of skampi's name goes, what it points to stays */
  SK_CHECK_INT(sk_iodir_sweep(DIR, "2222222222222222", 1), 1);
  SK_CHECK(exists(DIR "/file"));
  SK_CHECK_INT(sk_iodir_sweep(DIR, "1111111111111111", 1), 1);
  SK_CHECK_INT(sk_iodir_sweep(DIR, "0123456789abcdef", 4), 1);
  rmdir(DIR "/skampi-io-0123456789abcdef-1.dat");
}

static void test_journal_io(void)
{
  const char *path = DIR "/j.journal";
  const char *const names[] = {"a", "b"};
  sk_journal_state_t st;
  char why[512], err[256];
  FILE *fp;
  remove(path);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  sk_journal_start(2, "2026-01-01T00:00:00Z");
  sk_journal_begin(1, "a");
  sk_journal_io("0123456789abcdef", 2);
  sk_journal_end("complete");
  sk_journal_begin(2, "b");
  sk_journal_io("0123456789abcdef", 2);   /* the same run's token: once */
  sk_journal_start(4, "2026-01-01T00:01:00Z");
  sk_journal_begin(2, "b");
  sk_journal_io("fedcba9876543210", 4);
  sk_journal_close();
  SK_CHECK_INT(sk_journal_read(path, names, 2, &st, err, sizeof err), 0);
  SK_CHECK_INT(st.nio, 2);
  if (st.nio == 2) {
    SK_CHECK_STR(st.io[0].token, "0123456789abcdef");
    SK_CHECK_INT(st.io[0].processes, 2);
    SK_CHECK_STR(st.io[1].token, "fedcba9876543210");
    SK_CHECK_INT(st.io[1].processes, 4);
  }
  SK_CHECK_INT(st.crashes[1], 2);
  sk_journal_state_free(&st);
  /* a token that is not one of skampi's makes the journal foreign */
  fp = fopen(path, "a");
  SK_CHECK(fp != NULL);
  if (fp != NULL) {
    fputs("io 2 ../../etc/x 2\n", fp);
    fclose(fp);
  }
  SK_CHECK_INT(sk_journal_read(path, names, 2, &st, err, sizeof err), -1);
  SK_CHECK_STR(err, "line 12 is not a journal line of this suite file");
  sk_journal_state_free(&st);
  remove(path);
}

int main(void)
{
  mkdir(DIR, 0755);
  touch(DIR "/file");
  test_check();
  test_names();
  test_sweep();
  test_journal_io();
  remove(DIR "/file");
  rmdir(DIR);
  return sk_test_result();
}
