/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * params.c -- reading the report parameter file.
 *
 * Unlike a result file, this file is written by hand, so unknown keys
 * are errors (a misspelt "sutes:" must not silently do nothing).
 */
#include <config.h>

#include "params.h"

#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "yread.h"

static const char *const sk_params_top_keys[] = {
  "title", "suite_pages", "comparison_pages", "files", "groups", NULL
};
static const char *const sk_params_group_keys[] = {
  "title", "suites", "files", "y", "xscale", "yscale", NULL
};
static const char *const sk_params_label_keys[] = {"file", "label", NULL};

static void sk_params_names_free(sk_params_name_t *v, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    free(v[i].text);
  free(v);
}

void sk_params_free(sk_params_t *p)
{
  size_t i;
  if (!p)
    return;
  free(p->path);
  free(p->title);
  for (i = 0; i < p->nlabels; i++) {
    free(p->labels[i].file.text);
    free(p->labels[i].label);
  }
  free(p->labels);
  for (i = 0; i < p->ngroups; i++) {
    free(p->groups[i].title);
    sk_params_names_free(p->groups[i].suites, p->groups[i].nsuites);
    sk_params_names_free(p->groups[i].files, p->groups[i].nfiles);
  }
  free(p->groups);
  free(p);
}

int sk_params_names_file(const char *name, const char *path)
{
  const char *base = strrchr(path, '/');
  return strcmp(name, path) == 0 || (base && strcmp(name, base + 1) == 0);
}

/* Every key of MAP must be in KEYS (NULL-terminated). */
static void sk_params_keys(sk_yread_t *y, sk_ynode_t *map,
                           const char *const *keys, const char *where)
{
  size_t i, j;
  sk_ynode_t *k;
  const char *t;
  char list[256] = "";
  for (j = 0; keys[j]; j++) {
    strcat(list, j ? ", " : "");
    strcat(list, keys[j]);
  }
  for (i = 0; i < sk_yread_len(map); i++) {
    k = sk_yread_pair(y, map, i, NULL);
    t = sk_yread_text(k);
    for (j = 0; t && keys[j]; j++)
      if (strcmp(t, keys[j]) == 0)
        break;
    if (!t || !keys[j])
      sk_yread_error(y, k, "unknown key '%s' %s (expected one of: %s)",
                    t ? t : "?", where, list);
  }
}

static int sk_params_name(sk_yread_t *y, sk_ynode_t *node, const char *key,
                          sk_params_name_t *out)
{
  out->line = sk_yread_line(node);
  out->col = sk_yread_col(node);
  if (sk_yread_string(y, node, key, &out->text) < 0)
    return -1;
  if (out->text[0] == '\0') {
    sk_yread_error(y, node, "'%s' must not be empty", key);
    return -1;
  }
  return 0;
}

/* A name or a list of names (suites: X or suites: [X, Y]). */
static int sk_params_names(sk_yread_t *y, sk_ynode_t *node, const char *key,
                           sk_params_name_t **out, size_t *n)
{
  size_t i, len = node->kind == SK_YNODE_SCALAR ? 1 : sk_yread_len(node);
  if (node->kind == SK_YNODE_MAP) {
    sk_yread_error(y, node, "'%s' must be a name or a list of names", key);
    return -1;
  }
  if (len == 0) {
    sk_yread_error(y, node, "'%s' must not be empty", key);
    return -1;
  }
  *out = calloc(len, sizeof **out);
  if (!*out)
    return -1;
  *n = len;
  for (i = 0; i < len; i++)
    if (sk_params_name(y, node->kind == SK_YNODE_SCALAR
                              ? node : sk_yread_item(y, node, i),
                       key, &(*out)[i]) < 0)
      return -1;
  return 0;
}

/* One of two words: 0 for A, 1 for B; -1 after an error. */
static int sk_params_choice(sk_yread_t *y, sk_ynode_t *node, const char *key,
                            const char *a, const char *b)
{
  const char *t = sk_yread_text(node);
  if (t && strcmp(t, a) == 0)
    return 0;
  if (t && strcmp(t, b) == 0)
    return 1;
  sk_yread_error(y, node, "'%s' must be %s or %s, not '%s'", key, a, b,
                t ? t : "a list");
  return -1;
}

static void sk_params_scale(sk_yread_t *y, sk_ynode_t *g, const char *key,
                            sk_params_scale_t *out)
{
  sk_ynode_t *node = sk_yread_get(y, g, key);
  int c;
  if (!node)
    return;
  c = sk_params_choice(y, node, key, "log", "linear");
  if (c >= 0)
    *out = c ? SK_PARAMS_LINEAR : SK_PARAMS_LOG;
}

static void sk_params_group_y(sk_yread_t *y, sk_ynode_t *g,
                              sk_params_group_t *grp)
{
  sk_ynode_t *node = sk_yread_get(y, g, "y");
  int c;
  grp->y_line = grp->line;
  grp->y_col = grp->col;
  if (!node)
    return;
  grp->y_line = sk_yread_line(node);
  grp->y_col = sk_yread_col(node);
  c = sk_params_choice(y, node, "y", "time", "bandwidth");
  if (c >= 0)
    grp->y = c ? SK_PARAMS_BANDWIDTH : SK_PARAMS_TIME;
}

static void sk_params_group(sk_yread_t *y, sk_ynode_t *g,
                            sk_params_group_t *grp)
{
  sk_ynode_t *v;
  grp->line = sk_yread_line(g);
  grp->col = sk_yread_col(g);
  if (sk_yread_want_map(y, g, "a group") < 0)
    return;
  sk_params_keys(y, g, sk_params_group_keys, "in a group");
  if (!sk_yread_get(y, g, "title"))
    sk_yread_error(y, g, "group has no 'title'");
  sk_yread_string(y, sk_yread_get(y, g, "title"), "title", &grp->title);
  v = sk_yread_get(y, g, "suites");
  if (!v)
    sk_yread_error(y, g, "group has no 'suites'");
  else
    sk_params_names(y, v, "suites", &grp->suites, &grp->nsuites);
  v = sk_yread_get(y, g, "files");
  if (v)
    sk_params_names(y, v, "files", &grp->files, &grp->nfiles);
  sk_params_group_y(y, g, grp);
  sk_params_scale(y, g, "xscale", &grp->xscale);
  sk_params_scale(y, g, "yscale", &grp->yscale);
}

static void sk_params_groups(sk_yread_t *y, sk_ynode_t *seq, sk_params_t *p)
{
  size_t i, n = sk_yread_len(seq);
  if (sk_yread_want_seq(y, seq, "'groups'") < 0)
    return;
  p->groups = calloc(n ? n : 1, sizeof *p->groups);
  if (!p->groups)
    return;
  p->ngroups = n;
  for (i = 0; i < n; i++)
    sk_params_group(y, sk_yread_item(y, seq, i), &p->groups[i]);
}

static void sk_params_label(sk_yread_t *y, sk_ynode_t *m,
                            sk_params_label_t *l)
{
  if (sk_yread_want_map(y, m, "an entry of 'files'") < 0)
    return;
  sk_params_keys(y, m, sk_params_label_keys, "in an entry of 'files'");
  if (!sk_yread_get(y, m, "file") || !sk_yread_get(y, m, "label")) {
    sk_yread_error(y, m, "an entry of 'files' needs 'file' and 'label'");
    return;
  }
  sk_params_name(y, sk_yread_get(y, m, "file"), "file", &l->file);
  sk_yread_string(y, sk_yread_get(y, m, "label"), "label", &l->label);
}

static void sk_params_labels(sk_yread_t *y, sk_ynode_t *seq, sk_params_t *p)
{
  size_t i, n = sk_yread_len(seq);
  if (sk_yread_want_seq(y, seq, "'files'") < 0)
    return;
  p->labels = calloc(n ? n : 1, sizeof *p->labels);
  if (!p->labels)
    return;
  p->nlabels = n;
  for (i = 0; i < n; i++)
    sk_params_label(y, sk_yread_item(y, seq, i), &p->labels[i]);
}

static void sk_params_root(sk_yread_t *y, sk_ynode_t *root, sk_params_t *p)
{
  sk_ynode_t *v;
  if (!root) {
    sk_msg_error_at(y->path, 0, 0, "empty parameter file");
    y->errors++;
    return;
  }
  if (sk_yread_want_map(y, root, "the parameter file") < 0)
    return;
  sk_params_keys(y, root, sk_params_top_keys, "in the parameter file");
  sk_yread_string(y, sk_yread_get(y, root, "title"), "title", &p->title);
  sk_yread_bool(y, sk_yread_get(y, root, "suite_pages"), "suite_pages",
               &p->suite_pages);
  sk_yread_bool(y, sk_yread_get(y, root, "comparison_pages"),
               "comparison_pages", &p->comparison_pages);
  if ((v = sk_yread_get(y, root, "files")) != NULL)
    sk_params_labels(y, v, p);
  if ((v = sk_yread_get(y, root, "groups")) != NULL)
    sk_params_groups(y, v, p);
}

int sk_params_load(const char *path, sk_params_t **out)
{
  sk_yread_t y;
  sk_params_t *p = calloc(1, sizeof *p);
  int rc;
  *out = NULL;
  if (!p || !(p->path = strdup(path))) {
    free(p);
    sk_msg_error("out of memory");
    return -1;
  }
  p->suite_pages = p->comparison_pages = 1;
  rc = sk_yread_load(&y, path);
  if (rc == 0)
    sk_params_root(&y, sk_yread_root(&y), p);
  if (rc == 0 && y.errors == 0)
    *out = p;
  else
    sk_params_free(p);
  sk_yread_done(&y);
  return *out ? 0 : -1;
}
