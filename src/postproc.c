/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * postproc.c -- `@POSTPROC yes`: the run files of a series beside the
 * result file, and their merge into it (postproc.h).
 */
#include <config.h>

#include "postproc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "merge.h"
#include "mergeout.h"
#include "outfile.h"
#include "yread.h"

char *sk_postproc_run_path(const char *outfile, int n)
{
  size_t len = strlen(outfile), stem = len;
  char *p;
  if (len > 5 && strcmp(outfile + len - 5, ".yaml") == 0)
    stem = len - 5;
  p = malloc(stem + 32);
  if (p != NULL)
    snprintf(p, stem + 32, "%.*s.run-%02d.yaml", (int)stem, outfile, n);
  return p;
}

/* The suites are not needed: each is dropped as it is read. */
static int sk_postproc_skip(sk_yread_t *y, const char *key, size_t index,
                            sk_ynode_t *item, void *arg)
{
  (void)y, (void)key, (void)index, (void)item, (void)arg;
  return 0;
}

/* The text at KEY1.KEY2 of the YAML file at path, copied; NULL when the
 * file does not exist (nothing is printed), cannot be read (the reader's
 * message) or has no such scalar. */
static char *sk_postproc_field(const char *path, const char *key1,
                               const char *key2)
{
  sk_yread_t y;
  sk_ynode_t *root;
  const char *t;
  char *copy = NULL;
  if (access(path, F_OK) != 0)
    return NULL;
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", sk_postproc_skip, NULL);
  if (sk_yread_file(&y, path) == 0 && (root = sk_yread_root(&y)) != NULL) {
    t = sk_yread_text(sk_yread_get(&y, sk_yread_get(&y, root, key1), key2));
    if (t != NULL)
      copy = strdup(t);
  }
  sk_yread_done(&y);
  return copy;
}

/* A run finished when its file says complete, incomplete (a time limit
 * cut a suite short) or partial; one still `running` (killed) or
 * `aborted` is continued. */
static int sk_postproc_finished(const char *path)
{
  char *st = sk_postproc_field(path, "run", "status");
  int done = st != NULL && (strcmp(st, "complete") == 0 ||
                            strcmp(st, "incomplete") == 0 ||
                            strcmp(st, "partial") == 0);
  free(st);
  return done;
}

/* Run 1 must come from the same suite file as this start. */
static int sk_postproc_same_suite(const sk_postproc_t *pp, const char *sha,
                                  char *why, size_t len)
{
  char *first = sk_postproc_run_path(pp->outfile, 1);
  char *had = first ? sk_postproc_field(first, "suite_file", "sha256") : NULL;
  int ok = had == NULL || sha[0] == '\0' || strcmp(had, sha) == 0;
  if (!ok)
    snprintf(why, len, "@POSTPROC: %s holds a run of another suite file "
             "(or of this one before it changed): nothing measured; move "
             "the run files away or choose another result file", first);
  free(had);
  free(first);
  return ok ? 0 : -1;
}

int sk_postproc_prepare(sk_postproc_t *pp, const char *outfile,
                        const char *sha, char *why, size_t len)
{
  char *p;
  int n = 0;
  memset(pp, 0, sizeof *pp);
  pp->outfile = outfile;
  snprintf(why, len, "out of memory");
  /* the series is run 1, 2, ... up to the first file that is missing */
  while ((p = sk_postproc_run_path(outfile, n + 1)) != NULL &&
         access(p, F_OK) == 0) {
    free(p);
    n++;
  }
  if (p == NULL)
    return -1;
  free(p);
  if (n > 0) {
    if ((p = sk_postproc_run_path(outfile, n)) == NULL)
      return -1;
    pp->continuing = !sk_postproc_finished(p);
    free(p);
  }
  pp->run = pp->continuing ? n : n + 1;
  pp->run_path = sk_postproc_run_path(outfile, pp->run);
  if (pp->run >= 2)
    pp->grid_path = sk_postproc_run_path(outfile, 1);
  if (pp->run_path == NULL || (pp->run >= 2 && pp->grid_path == NULL))
    return -1;
  return sk_postproc_same_suite(pp, sha, why, len);
}

int sk_postproc_merge(const sk_postproc_t *pp)
{
  size_t i, n = (size_t)pp->run;
  char **paths = calloc(n, sizeof *paths);
  sk_merge_run_t *runs = calloc(n, sizeof *runs);
  sk_outfile_inputs_t in;       /* the merged file is none of the runs */
  int bad = paths == NULL || runs == NULL;
  for (i = 0; !bad && i < n; i++)
    bad |= (paths[i] = sk_postproc_run_path(pp->outfile, (int)i + 1)) == NULL;
  for (i = 0; !bad && i < n; i++)
    bad |= sk_merge_load(&runs[i], paths[i]) != 0;
  if (!bad)
    bad = sk_merge_distinct(runs, n) != 0;
  for (i = 1; !bad && i < n; i++) {
    sk_merge_align(&runs[0], &runs[i]);
    bad |= sk_merge_check(&runs[0], &runs[i]) != 0;
  }
  in.paths = (const char *const *)paths;
  in.n = n;
  if (!bad)
    bad = sk_mergeout_write(pp->outfile, runs, n, &in, 0.0) != 0;
  for (i = 0; runs != NULL && i < n; i++)
    sk_merge_run_free(&runs[i]);
  for (i = 0; paths != NULL && i < n; i++)
    free(paths[i]);
  free(runs);
  free(paths);
  return bad ? -1 : 0;
}

void sk_postproc_release(sk_postproc_t *pp)
{
  if (pp == NULL)
    return;
  free(pp->run_path);
  free(pp->grid_path);
  pp->run_path = pp->grid_path = NULL;
}
