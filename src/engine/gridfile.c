/*
 * gridfile.c -- suite names and point arguments of a result file, read
 * with the shared YAML reader (lib/ydoc.h).
 */
#include <config.h>

#include "gridfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "ydoc.h"

/* The whole-number argument of point PT into *v; -1 when absent, not a
 * whole number or negative (sk_ydoc_integer says where a bad one is). */
static int sk_gridfile_arg(sk_ydoc_t *y, yaml_node_t *pt, long *v)
{
  yaml_node_t *a = sk_ydoc_get(y, pt, "argument");
  *v = -1;
  if (a == NULL || sk_ydoc_integer(y, a, "argument", v) != 0)
    return -1;
  return *v >= 0 ? 0 : -1;
}

/* One entry of `suites` into *s; -1 when malformed or out of memory. */
static int sk_gridfile_suite(sk_ydoc_t *y, yaml_node_t *m,
                             sk_gridfile_suite_t *s)
{
  const char *name = sk_ydoc_text(sk_ydoc_get(y, m, "name"));
  yaml_node_t *pts = sk_ydoc_get(y, m, "points");
  size_t i, n = sk_ydoc_len(pts);
  if (name == NULL || pts == NULL || pts->type != YAML_SEQUENCE_NODE)
    return -1;
  s->name = strdup(name);
  s->args = malloc((n + 1) * sizeof *s->args);
  if (s->name == NULL || s->args == NULL)
    return -1;
  for (i = 0; i < n; i++) {
    if (sk_gridfile_arg(y, sk_ydoc_item(y, pts, i), &s->args[i]) != 0)
      return -1;
    s->nargs = i + 1;
  }
  return 0;
}

static int sk_gridfile_suites(sk_ydoc_t *y, sk_gridfile_t *g)
{
  yaml_node_t *root = sk_ydoc_root(y);
  yaml_node_t *seq = sk_ydoc_get(y, root, "suites");
  size_t i, n = sk_ydoc_len(seq);
  if (sk_ydoc_get(y, root, "schema_version") == NULL || seq == NULL ||
      seq->type != YAML_SEQUENCE_NODE) {
    sk_msg_error("--grid-from: %s is not a skampi result file (no "
                 "schema_version or suites)", g->path);
    return -1;
  }
  if ((g->suites = calloc(n + 1, sizeof *g->suites)) == NULL) {
    sk_msg_error("out of memory");
    return -1;
  }
  for (i = 0; i < n; i++) {
    g->nsuites = i + 1;
    if (sk_gridfile_suite(y, sk_ydoc_item(y, seq, i), &g->suites[i]) != 0) {
      sk_msg_error("--grid-from: %s: suite %zu has no name or a point "
                   "without a whole-number argument", g->path, i + 1);
      return -1;
    }
  }
  return 0;
}

sk_gridfile_t *sk_gridfile_load(const char *path)
{
  sk_gridfile_t *g = calloc(1, sizeof *g);
  sk_ydoc_t y;
  int rc = -1;
  if (g == NULL || (g->path = strdup(path)) == NULL) {
    sk_msg_error("out of memory");
    sk_gridfile_free(g);
    return NULL;
  }
  if (sk_ydoc_load(&y, path) == 0)
    rc = sk_gridfile_suites(&y, g);
  sk_ydoc_done(&y);
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
