/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gridfile.c -- suite names and point arguments of a result file, read
 * with the reader every program shares (lib/yread.h, checked as
 * lib/rcheck.h says): suites are streamed, one at a time.
 */
#include <config.h>

#include "gridfile.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "msg.h"
#include "rcheck.h"
#include "yread.h"

typedef struct sk_gridfile_ctx {
  sk_gridfile_t *g;
  size_t cap;
  long version;
} sk_gridfile_ctx_t;

/* The whole-number argument of point PT into *v; -1 when absent or bad
 * (sk_rcheck_argument says where a bad one is). */
static int sk_gridfile_arg(sk_yread_t *y, const sk_ynode_t *pt, long *v)
{
  const sk_ynode_t *a = sk_yread_get(y, pt, "argument");
  double d = -1;
  if (a == NULL || sk_rcheck_argument(y, a, "argument", &d) != 0 ||
      d > (double)LONG_MAX)
    return -1;
  *v = (long)d;
  return 0;
}

/* One entry of `suites` into *s; -1 when malformed or out of memory. */
static int sk_gridfile_suite(sk_yread_t *y, const sk_ynode_t *m,
                             sk_gridfile_suite_t *s)
{
  const char *name = sk_yread_text(sk_yread_get(y, m, "name"));
  const sk_ynode_t *pts = sk_yread_get(y, m, "points");
  size_t i, n = sk_yread_len(pts);
  if (name == NULL || pts == NULL || pts->kind != SK_YNODE_SEQ)
    return -1;
  s->name = strdup(name);
  s->args = malloc((n + 1) * sizeof *s->args);
  if (s->name == NULL || s->args == NULL)
    return -1;
  for (i = 0; i < n; i++) {
    if (sk_gridfile_arg(y, sk_yread_item(y, pts, i), &s->args[i]) != 0)
      return -1;
    s->nargs = i + 1;
  }
  return 0;
}

/* Before the first suite: a skampi result file, whole (skampi writes
 * schema_version first). */
static int sk_gridfile_head(sk_yread_t *y, sk_gridfile_ctx_t *c)
{
  sk_ynode_t *root = sk_yread_root(y);
  if (sk_yread_get(y, root, "schema_version") == NULL) {
    sk_msg_error("--grid-from: %s is not a skampi result file (no "
                 "schema_version before its suites)", c->g->path);
    return -1;
  }
  if (sk_rcheck_schema(y, root, &c->version) < 0)
    return -1;
  if (c->version >= 2 && sk_rcheck_tail_cut(y->path))
    return sk_rcheck_whole(y, c->version) < 0 ? -1 : 0;
  return 0;
}

/* One item of `suites`, as the reader streams it. */
static int sk_gridfile_item(sk_yread_t *y, const char *key, size_t index,
                            sk_ynode_t *item, void *arg)
{
  sk_gridfile_ctx_t *c = arg;
  sk_gridfile_t *g = c->g;
  (void)key;
  if (index == 0 && sk_gridfile_head(y, c) < 0)
    return -1;
  if (SK_GROW(g->suites, c->cap, g->nsuites + 1, 16) != 0) {
    sk_msg_error("out of memory");
    return -1;
  }
  memset(&g->suites[g->nsuites], 0, sizeof *g->suites);
  if (sk_gridfile_suite(y, item, &g->suites[g->nsuites++]) != 0) {
    sk_msg_error("--grid-from: %s: suite %zu has no name or a point "
                 "without a whole-number argument", g->path, index + 1);
    return -1;
  }
  return 0;
}

/* After the read: the head (when no suite came to check it), a list of
 * suites, and the file whole. */
static int sk_gridfile_root(sk_yread_t *y, sk_gridfile_ctx_t *c)
{
  const sk_ynode_t *root = sk_yread_root(y);
  const sk_ynode_t *seq = sk_yread_get(y, root, "suites");
  if (sk_yread_get(y, root, "schema_version") == NULL || seq == NULL ||
      !(seq->flags & SK_YNODE_STREAMED)) {
    sk_msg_error("--grid-from: %s is not a skampi result file (no "
                 "schema_version or suites)", c->g->path);
    return -1;
  }
  if (c->version < 1 && sk_gridfile_head(y, c) < 0)
    return -1;
  return sk_rcheck_whole(y, c->version);
}

sk_gridfile_t *sk_gridfile_load(const char *path)
{
  sk_gridfile_t *g = calloc(1, sizeof *g);
  sk_gridfile_ctx_t c = {g, 0, 0};
  sk_yread_t y;
  int rc = -1;
  if (g == NULL || (g->path = strdup(path)) == NULL) {
    sk_msg_error("out of memory");
    sk_gridfile_free(g);
    return NULL;
  }
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", sk_gridfile_item, &c);
  if (sk_yread_file(&y, path) == 0 && y.errors == 0)
    rc = sk_gridfile_root(&y, &c);
  if (y.errors > 0)
    rc = -1;
  sk_yread_done(&y);
  if (rc != 0) {
    sk_gridfile_free(g);
    return NULL;
  }
  return g;
}

const sk_gridfile_suite_t *sk_gridfile_find(const sk_gridfile_t *g,
                                            const char *name)
{
  size_t i;
  for (i = 0; g != NULL && i < g->nsuites; i++)
    if (strcmp(g->suites[i].name, name) == 0)
      return &g->suites[i];
  return NULL;
}

const sk_gridfile_suite_t *sk_gridfile_match(const sk_gridfile_t *g,
                                             const char *name, long lo,
                                             long hi, char *why, size_t len)
{
  const sk_gridfile_suite_t *s = sk_gridfile_find(g, name);
  size_t i;
  if (s == NULL || s->nargs == 0) {
    snprintf(why, len, "--grid-from: %s has no points of a suite '%s'",
             g->path, name);
    return NULL;
  }
  for (i = 0; i < s->nargs; i++)
    if (s->args[i] < lo || s->args[i] > hi) {
      snprintf(why, len, "--grid-from: %s measured suite '%s' at %ld, "
               "outside its arguments here (%ld to %ld): a result of "
               "another suite file?", g->path, name, s->args[i], lo, hi);
      return NULL;
    }
  return s;
}

void sk_gridfile_free(sk_gridfile_t *g)
{
  size_t i;
  if (g == NULL)
    return;
  for (i = 0; i < g->nsuites; i++) {
    free(g->suites[i].name);
    free(g->suites[i].args);
  }
  free(g->suites);
  free(g->path);
  free(g);
}
