/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_journal.c -- lib/journal.c and src/engine/resume.c without MPI: what a
 * journal written through the API says when read back (crashes, hangs,
 * interruptions, a line cut by a crash, the lock, a line that cannot be
 * written), and the suites of a result file replayed unchanged, the
 * watchdog's default time, and the run status a signal leaves in the
 * result file.  Files go to the current (build) directory.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit.h"
#include "guard.h"
#include "journal.h"
#include "resume.h"
#include "sk_test.h"

#define SHA "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

static const char *const names[] = {"a", "b", "c", "d"};
static char why[512];

static void write_journal(const char *path)
{
  remove(path);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  sk_journal_start(2, "2026-01-01T00:00:00Z");
  sk_journal_begin(1, "a");
  sk_journal_arg(8);
  sk_journal_end("complete");
  sk_journal_begin(2, "b");          /* crashes at argument 64 */
  sk_journal_arg(64);
  sk_journal_start(2, "2026-01-01T00:01:00Z");
  sk_journal_begin(3, "c");
  sk_journal_arg(0);
  sk_journal_hung_now(30);
  sk_journal_start(2, "2026-01-01T00:02:00Z");
  sk_journal_begin(4, "d");
  sk_journal_interrupted_now("SIGTERM");  /* the run died in d */
  sk_journal_start(2, "2026-01-01T00:03:00Z");
  sk_journal_begin(4, "d");
  sk_journal_interrupted_now("SIGINT");   /* Ctrl-C: no crash */
  sk_journal_start(2, "2026-01-01T00:04:00Z");
  sk_journal_begin(1, "a");
  sk_journal_end("complete");
  sk_journal_interrupted_now("SIGTERM");  /* between suites: no crash */
  sk_journal_begin(2, "b");          /* crashes again, no argument yet */
  sk_journal_close();
}

static void test_read(void)
{
  const char *path = "test_journal.tmp.journal";
  sk_journal_state_t st;
  char err[256];
  FILE *fp;
  write_journal(path);
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 0);
  SK_CHECK_STR(st.sha256, SHA);
  SK_CHECK_INT(st.ended[0], 2);
  SK_CHECK_INT(st.crashes[0], 0);
  SK_CHECK_INT(st.crashes[1], 2);
  SK_CHECK_INT(st.has_arg[1], 0);    /* the last attempt saw none */
  SK_CHECK_INT(st.hung[2], 1);
  SK_CHECK_INT(st.crashes[2], 0);
  SK_CHECK_INT(st.last_arg[2], 0);
  SK_CHECK_INT(st.has_arg[2], 1);
  SK_CHECK_INT(st.crashes[3], 1);    /* SIGTERM counts, SIGINT not */
  SK_CHECK_INT(st.ended[3], 0);
  SK_CHECK_STR(st.finish, "");       /* the last run wrote no finish */
  sk_journal_state_free(&st);
  /* The last run's finish line, without its newline. */
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  SK_CHECK_INT(sk_journal_start(2, "2026-01-01T00:05:00Z"), 0);
  SK_CHECK_INT(sk_journal_finish("aborted"), 0);
  sk_journal_close();
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 0);
  SK_CHECK_STR(st.finish, "aborted");
  sk_journal_state_free(&st);
  write_journal(path);
  /* A line cut by a crash never happened. */
  fp = fopen(path, "a");
  fputs("end 2 compl", fp);
  fclose(fp);
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 0);
  SK_CHECK_INT(st.crashes[1], 2);
  SK_CHECK_INT(st.ended[1], 0);
  sk_journal_state_free(&st);
  /* The next run cuts it off before it appends: its lines stay whole. */
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  SK_CHECK_INT(sk_journal_begin(2, "b"), 0);
  SK_CHECK_INT(sk_journal_end("complete"), 0);
  sk_journal_close();
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 0);
  SK_CHECK_INT(st.crashes[1], 2);
  SK_CHECK_INT(st.ended[1], 1);
  sk_journal_state_free(&st);
  /* An empty journal starts again with its header. */
  fp = fopen(path, "w");
  fclose(fp);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  sk_journal_close();
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 0);
  SK_CHECK_STR(st.sha256, SHA);
  sk_journal_state_free(&st);
  /* A file that is no journal is not appended to (lib/outfile.h). */
  fp = fopen(path, "w");
  fputs("skampi-jour", fp);
  fclose(fp);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), -1);
  SK_CHECK_STR(why, "'test_journal.tmp.journal' exists and is not a skampi "
                    "journal; not overwriting it (remove it or name another "
                    "output)");
  write_journal(path);
  /* Other suites: refused with the line. */
  SK_CHECK_INT(sk_journal_read(path, names, 1, &st, err, sizeof err), -1);
  SK_CHECK_STR(err, "line 7 is not a journal line of this suite file");
  sk_journal_state_free(&st);
  remove(path);
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 1);
  sk_journal_state_free(&st);
}

/* Interleaved points (--shuffle): "pause K" closes suite K's attempt
 * without a crash; a kill during a point blames that point's suite only,
 * and a suite that only paused is neither crashed nor ended. */
static void test_pause(void)
{
  const char *path = "test_journal.pause.journal";
  sk_journal_state_t st;
  char err[256];
  const char *name;
  long arg;
  int has;
  remove(path);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  sk_journal_start(2, "2026-01-01T00:00:00Z");
  sk_journal_begin(1, "a");
  sk_journal_arg(8);
  SK_CHECK_INT(sk_journal_pause(), 0);
  SK_CHECK_INT((int)sk_journal_current(&name, &arg, &has), 0);
  sk_journal_begin(2, "b");
  sk_journal_arg(16);
  sk_journal_end("complete");
  sk_journal_begin(1, "a");
  sk_journal_arg(32);
  sk_journal_pause();
  sk_journal_begin(3, "c");
  sk_journal_arg(64);
  SK_CHECK_INT((int)sk_journal_current(&name, &arg, &has), 3);
  SK_CHECK_INT(has, 1);
  SK_CHECK_INT((int)arg, 64);
  sk_journal_close();                 /* killed during c's point */
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 0);
  SK_CHECK_INT(st.crashes[0], 0);
  SK_CHECK_INT(st.ended[0], 0);
  SK_CHECK_INT((int)st.last_arg[0], 32);
  SK_CHECK_INT(st.ended[1], 1);
  SK_CHECK_INT(st.crashes[1], 0);
  SK_CHECK_INT(st.crashes[2], 1);
  SK_CHECK_INT((int)st.last_arg[2], 64);
  sk_journal_state_free(&st);
  remove(path);
}

/* The lock: held while the journal is open, by this process too (flock
 * locks belong to open files), gone when it is closed. */
static void test_held(void)
{
  const char *path = "test_journal.tmp.held";
  remove(path);
  SK_CHECK_INT(sk_journal_held(path), 0);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  SK_CHECK_INT(sk_journal_held(path), 1);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), -1);    /* one writer only */
  sk_journal_close();
  SK_CHECK_INT(sk_journal_held(path), 0);
  remove(path);
}

/* A line that cannot be written (test-only switch: the lines after
 * "begin 2 b" go to /dev/full) is remembered and no later line is
 * written, while the lock stays held; the journal still reads, its
 * attempt of b a crash; opening it again clears the error. */
static void test_full(void)
{
  const char *path = "test_journal.tmp.full";
  sk_journal_state_t st;
  char err[256];
  remove(path);
  setenv("SKAMPI_TEST_JOURNAL_FULL", "b", 1);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  SK_CHECK_INT(sk_journal_begin(1, "a"), 0);
  SK_CHECK_INT(sk_journal_end("complete"), 0);
  SK_CHECK_INT(sk_journal_begin(2, "b"), 0);
  SK_CHECK_INT(sk_journal_error(), 0);
  SK_CHECK_INT(sk_journal_arg(8), -1);
  SK_CHECK_INT(sk_journal_error(), ENOSPC);
  SK_CHECK_INT(sk_journal_end("complete"), -1);
  SK_CHECK_INT(errno, ENOSPC);
  SK_CHECK_INT(sk_journal_held(path), 1);
  sk_journal_close();
  unsetenv("SKAMPI_TEST_JOURNAL_FULL");
  SK_CHECK_INT(sk_journal_read(path, names, 4, &st, err, sizeof err), 0);
  SK_CHECK_INT(st.ended[0], 1);
  SK_CHECK_INT(st.ended[1], 0);
  SK_CHECK_INT(st.crashes[1], 1);
  SK_CHECK_INT(st.has_arg[1], 0);
  sk_journal_state_free(&st);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  SK_CHECK_INT(sk_journal_error(), 0);
  SK_CHECK_INT(sk_journal_end("complete"), 0);
  sk_journal_close();
  remove(path);
}

/* A name with a newline is written escaped, as one line, and read back
 * against the plan's name; the handler's name is the escaped one.  A
 * symbolic link is not followed. */
static void test_escape(void)
{
  const char *path = "test_journal.tmp.esc";
  const char *const evil[] = {"x\nend 1 complete", "b"};
  sk_journal_state_t st;
  char err[256], buf[512];
  const char *name;
  long arg;
  int has;
  size_t n;
  FILE *fp;
  remove(path);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), 0);
  sk_journal_begin(1, evil[0]);
  SK_CHECK_INT((int)sk_journal_current(&name, &arg, &has), 1);
  SK_CHECK_STR(name, "x\\nend 1 complete");
  sk_journal_crashed(2, "why\nfinish complete");
  sk_journal_close();
  fp = fopen(path, "r");
  n = fread(buf, 1, sizeof buf - 1, fp);
  fclose(fp);
  buf[n] = '\0';
  SK_CHECK_STR(strstr(buf, "begin"), "begin 1 x\\nend 1 complete\n"
                                     "skip 2 why\\nfinish complete\n");
  SK_CHECK_INT(sk_journal_read(path, evil, 2, &st, err, sizeof err), 0);
  SK_CHECK_INT(st.crashes[0], 1);
  SK_CHECK_INT(st.ended[0], 0);
  sk_journal_state_free(&st);
  remove(path);
  SK_CHECK_INT(symlink("test_journal.tmp.target", path), 0);
  SK_CHECK_INT(sk_journal_open(path, SHA, NULL, why, sizeof why), -1);
  SK_CHECK_STR(why, "'test_journal.tmp.esc' is a symbolic link; not "
                    "appending through it (remove it or name another file)");
  fp = fopen("test_journal.tmp.target", "r");
  SK_CHECK(fp == NULL);
  if (fp != NULL)
    fclose(fp);
  remove(path);
}

/* A signal's handler turns "status: running" into "status: aborted" in
 * place: the same size, every other byte kept. */
static void test_mark(void)
{
  const char *path = "test_journal.tmp.mark";
  const char text[] = "schema_version: 1\nmetadata:\n  run: x\nrun:\n"
                      "  status: running\n  start_time: t\nsuites: []\n";
  char buf[256];
  size_t n;
  FILE *fp = fopen(path, "w");
  fputs(text, fp);
  fclose(fp);
  sk_guard_install(0, path);
  sk_guard_mark_aborted();
  sk_guard_remove();
  fp = fopen(path, "r");
  n = fread(buf, 1, sizeof buf - 1, fp);
  fclose(fp);
  buf[n] = '\0';
  SK_CHECK_STR(buf, "schema_version: 1\nmetadata:\n  run: x\nrun:\n"
                    "  status: aborted\n  start_time: t\nsuites: []\n");
  sk_guard_mark_aborted();           /* removed: no file to mark */
  remove(path);
}

static const char result_text[] =
    "schema_version: 1\n"
    "suite_file:\n"
    "  path: x.skampi\n"
    "  sha256: " SHA "\n"
    "run:\n"
    "  status: running\n"
    "suites:\n"
    "- name: one\n"
    "  message: \"\"\n"
    "  pair: [0, 1]\n"
    "  points:\n"
    "  - argument: 4\n"
    "    mean: 1.5e-06\n"
    "- name: \"yes\"\n"
    "  status: failed\n"
    "  points: []\n";

static void test_resume(void)
{
  const char *path = "test_journal.tmp.yaml", *out = "test_journal.tmp.out";
  char err[256], buf[1024];
  sk_resume_t *r;
  sk_emit_t *e;
  FILE *fp = fopen(path, "w");
  size_t n;
  fputs(result_text, fp);
  fclose(fp);
  r = sk_resume_load(path, err, sizeof err);
  SK_CHECK(r != NULL);
  if (r == NULL)
    return;
  SK_CHECK_STR(sk_resume_sha256(r), SHA);
  SK_CHECK_STR(sk_resume_run_status(r), "running");
  SK_CHECK_INT(sk_resume_count(r), 2);
  SK_CHECK_STR(sk_resume_name(r, 1), "yes");
  SK_CHECK_STR(sk_resume_status(r, 0), "");
  SK_CHECK_STR(sk_resume_status(r, 1), "failed");
  SK_CHECK_INT(sk_resume_find(r, "one"), 0);
  SK_CHECK_INT(sk_resume_find(r, "two"), -1);
  /* Replayed under a suites key: the very text they had. */
  fp = fopen(out, "w");
  e = sk_emit_open(fp);
  sk_emit_map_begin(e);
  sk_emit_str(e, "suites");
  sk_emit_seq_begin(e);
  sk_resume_emit(r, 0, e);
  sk_resume_emit(r, 1, e);
  sk_emit_seq_end(e);
  sk_emit_map_end(e);
  SK_CHECK_INT(sk_emit_close(e), 0);
  fclose(fp);
  fp = fopen(out, "r");
  n = fread(buf, 1, sizeof buf - 1, fp);
  buf[n] = '\0';
  fclose(fp);
  SK_CHECK(strstr(result_text, buf) != NULL);
  sk_resume_free(r);
  fp = fopen(path, "w");
  fputs("suites: [a\n", fp);
  fclose(fp);
  SK_CHECK(sk_resume_load(path, err, sizeof err) == NULL);
  SK_CHECK_STR(err, "line 2: did not find expected ',' or ']'");
  remove(path);
  remove(out);
}

/* The watchdog's time: --timeout wins, else from Time_Suite. */
static void test_timeout(void)
{
  sk_suite_t s;
  memset(&s, 0, sizeof s);
  s.time_suite = SK_UNSET;
  s.time_measurement = SK_UNSET;
  SK_CHECK_NEAR(sk_guard_timeout(&s, -1.0), 0.0, 0.0);
  SK_CHECK_NEAR(sk_guard_timeout(&s, 2.5), 2.5, 0.0);
  s.time_measurement = 3.0;
  SK_CHECK_NEAR(sk_guard_timeout(&s, -1.0), 0.0, 0.0);
  s.time_suite = 10.0;
  SK_CHECK_NEAR(sk_guard_timeout(&s, -1.0), 86.0, 0.0);
  s.time_measurement = SK_UNSET;
  SK_CHECK_NEAR(sk_guard_timeout(&s, -1.0), 80.0, 0.0);
  SK_CHECK_NEAR(sk_guard_timeout(&s, 0.0), 0.0, 0.0);
}

int main(void)
{
  test_timeout();
  test_read();
  test_pause();
  test_resume();
  test_held();
  test_full();
  test_escape();
  test_mark();
  return sk_test_result();
}
