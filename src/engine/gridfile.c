/*
 * gridfile.c -- suite names and point arguments of a result file.
 */
#include "gridfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* The value of key in mapping node m, or NULL. */
static yaml_node_t *sk_gridfile_get(yaml_document_t *d, yaml_node_t *m,
                                    const char *key)
{
  yaml_node_pair_t *p;
  if (m == NULL || m->type != YAML_MAPPING_NODE)
    return NULL;
  for (p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(d, p->key);
    if (k && k->type == YAML_SCALAR_NODE &&
        strcmp((const char *)k->data.scalar.value, key) == 0)
      return yaml_document_get_node(d, p->value);
  }
  return NULL;
}

static int sk_gridfile_long(yaml_node_t *n, long *v)
{
  char *end;
  if (n == NULL || n->type != YAML_SCALAR_NODE)
    return -1;
  errno = 0;
  *v = strtol((const char *)n->data.scalar.value, &end, 10);
  return errno == 0 && *end == '\0' && end != (char *)n->data.scalar.value &&
                 *v >= 0 ? 0 : -1;
}

/* One entry of `suites` into *s; -1 when malformed or out of memory. */
static int sk_gridfile_suite(yaml_document_t *d, yaml_node_t *m,
                             sk_gridfile_suite_t *s)
{
  yaml_node_t *name = sk_gridfile_get(d, m, "name");
  yaml_node_t *pts = sk_gridfile_get(d, m, "points");
  yaml_node_item_t *it;
  if (name == NULL || name->type != YAML_SCALAR_NODE || pts == NULL ||
      pts->type != YAML_SEQUENCE_NODE)
    return -1;
  s->name = strdup((const char *)name->data.scalar.value);
  s->args = malloc((size_t)(pts->data.sequence.items.top -
                            pts->data.sequence.items.start + 1) *
                   sizeof *s->args);
  if (s->name == NULL || s->args == NULL)
    return -1;
  for (it = pts->data.sequence.items.start; it < pts->data.sequence.items.top;
       it++) {
    yaml_node_t *pt = yaml_document_get_node(d, *it);
    if (sk_gridfile_long(sk_gridfile_get(d, pt, "argument"),
                         &s->args[s->nargs]) != 0)
      return -1;
    s->nargs++;
  }
  return 0;
}

static int sk_gridfile_suites(yaml_document_t *d, sk_gridfile_t *g,
                              char *why, size_t len)
{
  yaml_node_t *root = yaml_document_get_root_node(d);
  yaml_node_t *seq = sk_gridfile_get(d, root, "suites");
  yaml_node_item_t *it;
  if (sk_gridfile_get(d, root, "schema_version") == NULL || seq == NULL ||
      seq->type != YAML_SEQUENCE_NODE) {
    snprintf(why, len, "%s is not a skampi result file (no schema_version "
             "or suites)", g->path);
    return -1;
  }
  g->suites = calloc((size_t)(seq->data.sequence.items.top -
                              seq->data.sequence.items.start + 1),
                     sizeof *g->suites);
  if (g->suites == NULL)
    return snprintf(why, len, "out of memory"), -1;
  for (it = seq->data.sequence.items.start; it < seq->data.sequence.items.top;
       it++) {
    if (sk_gridfile_suite(d, yaml_document_get_node(d, *it),
                          &g->suites[g->nsuites++]) != 0) {
      snprintf(why, len, "%s: suite %zu has no name or a point without a "
               "whole-number argument", g->path, g->nsuites);
      return -1;
    }
  }
  return 0;
}

sk_gridfile_t *sk_gridfile_load(const char *path, char *why, size_t len)
{
  sk_gridfile_t *g = calloc(1, sizeof *g);
  yaml_parser_t parser;
  yaml_document_t doc;
  FILE *fp;
  int rc = -1;
  if (g == NULL || (g->path = strdup(path)) == NULL) {
    snprintf(why, len, "out of memory");
    sk_gridfile_free(g);
    return NULL;
  }
  if ((fp = fopen(path, "rb")) == NULL) {
    snprintf(why, len, "cannot read %s: %s", path, strerror(errno));
    sk_gridfile_free(g);
    return NULL;
  }
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, fp);
  if (!yaml_parser_load(&parser, &doc)) {
    snprintf(why, len, "%s: malformed YAML at line %lu: %s", path,
             (unsigned long)parser.problem_mark.line + 1,
             parser.problem ? parser.problem : "cannot parse");
  } else {
    rc = sk_gridfile_suites(&doc, g, why, len);
    yaml_document_delete(&doc);
  }
  yaml_parser_delete(&parser);
  fclose(fp);
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
