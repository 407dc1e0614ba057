/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * postproc-test.c -- @POSTPROC yes without MPI (src/postproc.h): the
 * names of the run files, and which run a start makes for each state of
 * the series: none yet, the last one finished (complete or partial), the
 * last one unfinished (running, aborted, unreadable), a gap in the
 * numbers, and run 1 of another suite file.  Files go to a scratch
 * directory under the current (build) directory.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "postproc.h"
#include "../unit/sk_test.h"

#define SHA_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SHA_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

static char dir[64];
static char out[128];

static void names(void)
{
  char *p;
  SK_CHECK_STR(p = sk_postproc_run_path("out.yaml", 1), "out.run-01.yaml");
  free(p);
  SK_CHECK_STR(p = sk_postproc_run_path("res/out", 7), "res/out.run-07.yaml");
  free(p);
  SK_CHECK_STR(p = sk_postproc_run_path("x.yml", 12), "x.yml.run-12.yaml");
  free(p);
  SK_CHECK_STR(p = sk_postproc_run_path(".yaml", 100), ".yaml.run-100.yaml");
  free(p);
}

/* Run file n with run.status status (NULL: not YAML at all). */
static void put(int n, const char *status, const char *sha)
{
  char *p = sk_postproc_run_path(out, n);
  FILE *f = fopen(p, "w");
  if (f == NULL) {
    perror(p);
    exit(99);
  }
  if (status == NULL)
    fputs("{ not: [yaml\n", f);
  else
    fprintf(f, "schema_version: 1\nsuite_file:\n  path: s.skampi\n"
            "  sha256: %s\nrun:\n  status: %s\nsuites: []\n", sha, status);
  fclose(f);
  free(p);
}

static void expect(const char *what, int run, int continuing)
{
  sk_postproc_t pp;
  char why[512], *grid = sk_postproc_run_path(out, 1);
  int rc = sk_postproc_prepare(&pp, out, SHA_A, why, sizeof why);
  SK_CHECK(rc == 0);
  SK_CHECK_INT(pp.run, run);
  SK_CHECK_INT(pp.continuing, continuing);
  if (rc != 0 || pp.run != run || pp.continuing != continuing)
    fprintf(stderr, "  case: %s (%s)\n", what, rc ? why : "");
  if (run >= 2)
    SK_CHECK_STR(pp.grid_path, grid);
  else
    SK_CHECK(pp.grid_path == NULL);
  free(grid);
  grid = sk_postproc_run_path(out, run);
  SK_CHECK_STR(pp.run_path, grid);
  free(grid);
  sk_postproc_release(&pp);
}

int main(void)
{
  sk_postproc_t pp;
  char why[512], want[512], *p;
  int n;

  names();
  snprintf(dir, sizeof dir, "postproc-test.%ld", (long)getpid());
  snprintf(out, sizeof out, "%s/pp.yaml", dir);
  if (mkdir(dir, 0777) != 0) {
    perror(dir);
    return 99;
  }
  expect("no run yet", 1, 0);
  put(1, "running", SHA_A);
  expect("run 1 killed", 1, 1);
  put(1, "complete", SHA_A);
  expect("run 1 complete", 2, 0);
  put(2, "partial", SHA_A);
  expect("run 2 partial", 3, 0);
  put(3, "aborted", SHA_A);
  expect("run 3 aborted", 3, 1);
  put(3, NULL, SHA_A);
  expect("run 3 unreadable", 3, 1);
  put(3, "complete", SHA_A);
  put(5, "complete", SHA_A);     /* after the gap at 4: not in the series */
  expect("gap after run 3", 4, 0);

  /* run 1 of another suite file: refused, with the sentence */
  put(1, "complete", SHA_B);
  p = sk_postproc_run_path(out, 1);
  snprintf(want, sizeof want, "@POSTPROC: %s holds a run of another suite "
           "file (or of this one before it changed): nothing measured; "
           "move the run files away or choose another result file", p);
  free(p);
  SK_CHECK(sk_postproc_prepare(&pp, out, SHA_A, why, sizeof why) == -1);
  SK_CHECK_STR(why, want);
  sk_postproc_release(&pp);
  /* an unknown hash of this start is not held against the series */
  SK_CHECK(sk_postproc_prepare(&pp, out, "", why, sizeof why) == 0);
  sk_postproc_release(&pp);

  for (n = 1; n <= 5; n++) {
    p = sk_postproc_run_path(out, n);
    remove(p);
    free(p);
  }
  rmdir(dir);
  return sk_test_result();
}
