/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_progress.c -- the progress lines when stderr is not a terminal, and
 * silence with --quiet (errors excepted).
 */
#include <config.h>

#include <stdio.h>

#include "progress.h"
#include "sk_test.h"

static void slurp(FILE *fp, char *buf, size_t size)
{
  size_t n;
  rewind(fp);
  n = fread(buf, 1, size - 1, fp);
  buf[n] = '\0';
}

static void test_plain(void)
{
  char buf[1024];
  sk_progress_t p;
  FILE *fp = tmpfile();
  SK_CHECK(fp != NULL);
  if (fp == NULL)
    return;
  sk_progress_init(&p, fp, SK_PROGRESS_AUTO, 2, 100.0);
  SK_CHECK(p.live == 0);
  sk_progress_suite_begin(&p, 1, "pp", 100.5);
  sk_progress_point(&p, 3, 101.0);        /* nothing on a plain stream */
  sk_progress_suite_end(&p, "complete", 3, 2, "quiet", 102.75);
  sk_progress_suite_end(&p, "incomplete", 3, 1, "noisy", 102.75);
  sk_progress_error(&p, "it broke");
  sk_progress_done(&p, "partial", 2, "noisy", "host a\nb: 3 tasks", 103.0);
  slurp(fp, buf, sizeof buf);
  SK_CHECK_STR(buf,
      "skampi: suite 1 of 2: pp: started (0.5 s into the run)\n"
      "skampi: suite 1 of 2: pp: complete, 3 points (2 met eps), 2.2 s\n"
      "skampi: suite 1 of 2: pp: incomplete, 3 points (1 met eps), 2.2 s, "
      "machine noisy\n"
      "skampi: error: it broke\n"
      "skampi: run partial: 2 suites in 3.0 s; machine noisy (host a\\nb: "
      "3 tasks)\n");
  fclose(fp);
}

static void test_quiet(void)
{
  char buf[256];
  sk_progress_t p;
  FILE *fp = tmpfile();
  SK_CHECK(fp != NULL);
  if (fp == NULL)
    return;
  sk_progress_init(&p, fp, SK_PROGRESS_QUIET, 1, 0.0);
  sk_progress_suite_begin(&p, 1, "x", 0.0);
  sk_progress_suite_end(&p, "complete", 1, 1, NULL, 1.0);
  sk_progress_error(&p, "still said");
  sk_progress_done(&p, "complete", 1, "quiet", "", 1.0);
  slurp(fp, buf, sizeof buf);
  SK_CHECK_STR(buf, "skampi: error: still said\n");
  fclose(fp);
}

/* Forced live output on a file: the '\r' line, then the end line. */
static void test_live(void)
{
  char buf[1024];
  sk_progress_t p;
  FILE *fp = tmpfile();
  SK_CHECK(fp != NULL);
  if (fp == NULL)
    return;
  sk_progress_init(&p, fp, SK_PROGRESS_LIVE, 1, 0.0);
  sk_progress_suite_begin(&p, 1, "a", 0.0);
  sk_progress_point(&p, 1, 0.5);
  sk_progress_suite_end(&p, "complete", 1, 1, NULL, 1.0);
  slurp(fp, buf, sizeof buf);
  SK_CHECK_STR(buf,
      "\rskampi: suite 1 of 1: a: 0 points, 0.0 s (run 0.0 s)\033[K"
      "\rskampi: suite 1 of 1: a: 1 points, 0.5 s (run 0.5 s)\033[K"
      "\rskampi: suite 1 of 1: a: complete, 1 points (1 met eps), 1.0 s"
      "\033[K\n");
  fclose(fp);
}

static void test_mode(void)
{
  SK_CHECK(sk_progress_mode(1, "live") == SK_PROGRESS_QUIET);
  SK_CHECK(sk_progress_mode(0, "live") == SK_PROGRESS_LIVE);
  SK_CHECK(sk_progress_mode(0, "plain") == SK_PROGRESS_PLAIN);
  SK_CHECK(sk_progress_mode(0, NULL) == SK_PROGRESS_AUTO);
  SK_CHECK(sk_progress_mode(0, "yes") == SK_PROGRESS_AUTO);
}

/* A run that stopped early counts the suites its result file holds. */
static void test_written(void)
{
  char buf[256];
  sk_progress_t p;
  FILE *fp = tmpfile();
  SK_CHECK(fp != NULL);
  if (fp == NULL)
    return;
  sk_progress_init(&p, fp, SK_PROGRESS_PLAIN, 6, 10.0);
  sk_progress_done(&p, "aborted", 4, NULL, NULL, 12.5);
  sk_progress_done(&p, "complete", 6, "quiet", "", 12.5);
  slurp(fp, buf, sizeof buf);
  SK_CHECK_STR(buf, "skampi: run aborted: 4 of 6 suites in the result "
               "file, 2.5 s\n"
               "skampi: run complete: 6 suites in 2.5 s; machine quiet\n");
  fclose(fp);
}

int main(void)
{
  test_live();
  test_mode();
  test_plain();
  test_quiet();
  test_written();
  return sk_test_result();
}
