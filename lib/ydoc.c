/*
 * ydoc.c -- loading a YAML document and reading typed, located values.
 */
#include <config.h>

#include "ydoc.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "msg.h"

int sk_ydoc_line(const yaml_node_t *node)
{
  return (int)node->start_mark.line + 1;
}

int sk_ydoc_col(const yaml_node_t *node)
{
  return (int)node->start_mark.column + 1;
}

/* libyaml's description of a failed parse, located at its mark. */
static void sk_ydoc_parse_error(sk_ydoc_t *y, const yaml_parser_t *p)
{
  const char *problem = p->problem ? p->problem : "cannot parse";
  if (p->error == YAML_READER_ERROR) {
    sk_msg_error_at(y->path, 0, 0, "malformed YAML: %s at byte %lu",
                    problem, (unsigned long)p->problem_offset);
  } else if (p->context) {
    sk_msg_error_at(y->path, (int)p->problem_mark.line + 1,
                    (int)p->problem_mark.column + 1,
                    "malformed YAML: %s (%s that starts at line %d)",
                    problem, p->context, (int)p->context_mark.line + 1);
  } else {
    sk_msg_error_at(y->path, (int)p->problem_mark.line + 1,
                    (int)p->problem_mark.column + 1,
                    "malformed YAML: %s", problem);
  }
  y->errors++;
}

static FILE *sk_ydoc_open(sk_ydoc_t *y)
{
  struct stat st;
  FILE *f;
  if (stat(y->path, &st) == 0 && S_ISDIR(st.st_mode)) {
    sk_msg_error("cannot read '%s': %s", y->path, strerror(EISDIR));
    y->errors++;
    return NULL;
  }
  f = fopen(y->path, "rb");
  if (!f) {
    sk_msg_error("cannot read '%s': %s", y->path, strerror(errno));
    y->errors++;
  }
  return f;
}

int sk_ydoc_load(sk_ydoc_t *y, const char *path)
{
  yaml_parser_t parser;
  FILE *f;
  int ok;
  memset(y, 0, sizeof *y);
  y->path = path;
  f = sk_ydoc_open(y);
  if (!f)
    return -1;
  if (!yaml_parser_initialize(&parser)) {
    fclose(f);
    sk_msg_error("out of memory");
    y->errors++;
    return -1;
  }
  yaml_parser_set_input_file(&parser, f);
  ok = yaml_parser_load(&parser, &y->doc);
  if (ok)
    y->loaded = 1;
  else
    sk_ydoc_parse_error(y, &parser);
  yaml_parser_delete(&parser);
  fclose(f);
  return ok ? 0 : -1;
}

void sk_ydoc_done(sk_ydoc_t *y)
{
  if (y->loaded)
    yaml_document_delete(&y->doc);
  y->loaded = 0;
}

yaml_node_t *sk_ydoc_root(sk_ydoc_t *y)
{
  return y->loaded ? yaml_document_get_root_node(&y->doc) : NULL;
}

void sk_ydoc_error(sk_ydoc_t *y, const yaml_node_t *node, const char *fmt,
                   ...)
{
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (node)
    sk_msg_error_at(y->path, sk_ydoc_line(node), sk_ydoc_col(node), "%s",
                    buf);
  else
    sk_msg_error_at(y->path, 0, 0, "%s", buf);
  y->errors++;
}

const char *sk_ydoc_text(const yaml_node_t *node)
{
  if (!node || node->type != YAML_SCALAR_NODE)
    return NULL;
  return (const char *)node->data.scalar.value;
}

size_t sk_ydoc_len(const yaml_node_t *node)
{
  if (!node)
    return 0;
  if (node->type == YAML_SEQUENCE_NODE)
    return (size_t)(node->data.sequence.items.top -
                    node->data.sequence.items.start);
  if (node->type == YAML_MAPPING_NODE)
    return (size_t)(node->data.mapping.pairs.top -
                    node->data.mapping.pairs.start);
  return 0;
}

yaml_node_t *sk_ydoc_item(sk_ydoc_t *y, yaml_node_t *seq, size_t i)
{
  if (!seq || seq->type != YAML_SEQUENCE_NODE || i >= sk_ydoc_len(seq))
    return NULL;
  return yaml_document_get_node(&y->doc, seq->data.sequence.items.start[i]);
}

yaml_node_t *sk_ydoc_pair(sk_ydoc_t *y, yaml_node_t *map, size_t i,
                          yaml_node_t **value)
{
  yaml_node_pair_t *p;
  if (!map || map->type != YAML_MAPPING_NODE || i >= sk_ydoc_len(map))
    return NULL;
  p = map->data.mapping.pairs.start + i;
  if (value)
    *value = yaml_document_get_node(&y->doc, p->value);
  return yaml_document_get_node(&y->doc, p->key);
}

yaml_node_t *sk_ydoc_get(sk_ydoc_t *y, yaml_node_t *map, const char *key)
{
  size_t i, n = sk_ydoc_len(map);
  yaml_node_t *k, *v;
  if (!map || map->type != YAML_MAPPING_NODE)
    return NULL;
  for (i = 0; i < n; i++) {
    k = sk_ydoc_pair(y, map, i, &v);
    if (sk_ydoc_text(k) && strcmp(sk_ydoc_text(k), key) == 0)
      return v;
  }
  return NULL;
}

int sk_ydoc_want_map(sk_ydoc_t *y, yaml_node_t *node, const char *what)
{
  if (node && node->type == YAML_MAPPING_NODE)
    return 0;
  sk_ydoc_error(y, node, "%s must be a mapping (key: value lines)", what);
  return -1;
}

int sk_ydoc_want_seq(sk_ydoc_t *y, yaml_node_t *node, const char *what)
{
  if (node && node->type == YAML_SEQUENCE_NODE)
    return 0;
  sk_ydoc_error(y, node, "%s must be a sequence ('- ' items or [a, b])",
                what);
  return -1;
}

/* The scalar text of NODE for key KEY, or NULL after an error. */
static const char *sk_ydoc_scalar(sk_ydoc_t *y, yaml_node_t *node,
                                  const char *key, const char *what)
{
  const char *t = sk_ydoc_text(node);
  if (!t)
    sk_ydoc_error(y, node, "'%s' must be %s, not a %s", key, what,
                  node->type == YAML_MAPPING_NODE ? "mapping" : "sequence");
  return t;
}

int sk_ydoc_string(sk_ydoc_t *y, yaml_node_t *node, const char *key,
                   char **out)
{
  const char *t;
  char *s;
  if (!node)
    return 0;
  t = sk_ydoc_scalar(y, node, key, "text");
  if (!t)
    return -1;
  s = strdup(t);
  if (!s)
    return -1;
  free(*out);
  *out = s;
  return 0;
}

/* YAML 1.1/1.2 spellings of infinity and not-a-number. */
static int sk_ydoc_special(const char *t, double *out)
{
  const char *p = (*t == '-' || *t == '+') ? t + 1 : t;
  if (strcasecmp(p, ".inf") == 0) {
    *out = (*t == '-') ? -INFINITY : INFINITY;
    return 1;
  }
  if (p == t && strcasecmp(t, ".nan") == 0) {
    *out = NAN;
    return 1;
  }
  return 0;
}

int sk_ydoc_number(sk_ydoc_t *y, yaml_node_t *node, const char *key,
                   double *out)
{
  const char *t;
  char *end;
  double v;
  if (!node)
    return 0;
  t = sk_ydoc_scalar(y, node, key, "a number");
  if (!t)
    return -1;
  if (sk_ydoc_special(t, out))
    return 0;
  errno = 0;
  v = strtod(t, &end);
  if (end == t || *end != '\0' || errno == ERANGE) {
    sk_ydoc_error(y, node, "'%s' must be a number, not '%s'", key, t);
    return -1;
  }
  *out = v;
  return 0;
}

int sk_ydoc_integer(sk_ydoc_t *y, yaml_node_t *node, const char *key,
                    long *out)
{
  const char *t;
  char *end;
  long v;
  if (!node)
    return 0;
  t = sk_ydoc_scalar(y, node, key, "an integer");
  if (!t)
    return -1;
  errno = 0;
  v = strtol(t, &end, 10);
  if (end == t || *end != '\0' || errno == ERANGE) {
    sk_ydoc_error(y, node, "'%s' must be an integer, not '%s'", key, t);
    return -1;
  }
  *out = v;
  return 0;
}

int sk_ydoc_bool(sk_ydoc_t *y, yaml_node_t *node, const char *key, int *out)
{
  static const char *const yes[] = {"true", "yes", "on"};
  static const char *const no[] = {"false", "no", "off"};
  const char *t;
  size_t i;
  if (!node)
    return 0;
  t = sk_ydoc_scalar(y, node, key, "true or false");
  if (!t)
    return -1;
  for (i = 0; i < 3; i++) {
    if (strcasecmp(t, yes[i]) == 0) {
      *out = 1;
      return 0;
    }
    if (strcasecmp(t, no[i]) == 0) {
      *out = 0;
      return 0;
    }
  }
  sk_ydoc_error(y, node, "'%s' must be true or false, not '%s'", key, t);
  return -1;
}
