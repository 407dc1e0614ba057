/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * yread_get.c -- typed, located access to the nodes of yread.c: look-up
 * by key and index, and scalars read as text, numbers, integers and
 * booleans that refuse what is not one.
 */
#include <config.h>

#include "yread.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "decimal.h"

sk_ynode_t *sk_yread_root(sk_yread_t *y)
{
  return y->root;
}

int sk_yread_line(const sk_ynode_t *node)
{
  return node->line;
}

int sk_yread_col(const sk_ynode_t *node)
{
  return node->col;
}

const char *sk_yread_text(const sk_ynode_t *node)
{
  return node && node->kind == SK_YNODE_SCALAR ? node->text : NULL;
}

size_t sk_yread_len(const sk_ynode_t *node)
{
  return node && node->kind != SK_YNODE_SCALAR ? node->len : 0;
}

sk_ynode_t *sk_yread_item(sk_yread_t *y, const sk_ynode_t *seq, size_t i)
{
  (void)y;
  if (!seq || seq->kind != SK_YNODE_SEQ || i >= seq->len)
    return NULL;
  return seq->kids[i];
}

sk_ynode_t *sk_yread_pair(sk_yread_t *y, const sk_ynode_t *map, size_t i,
                          sk_ynode_t **value)
{
  (void)y;
  if (!map || map->kind != SK_YNODE_MAP || i >= map->len)
    return NULL;
  if (value)
    *value = map->kids[2 * i + 1];
  return map->kids[2 * i];
}

sk_ynode_t *sk_yread_get(sk_yread_t *y, const sk_ynode_t *map,
                         const char *key)
{
  size_t i, len = strlen(key);
  const sk_ynode_t *k;
  (void)y;
  if (!map || map->kind != SK_YNODE_MAP)
    return NULL;
  for (i = 0; i < map->len; i++) {
    k = map->kids[2 * i];
    /* the first byte before memcmp: most keys differ there */
    if (k->len == len && (len == 0 || k->text[0] == key[0]) &&
        memcmp(k->text, key, len) == 0)
      return map->kids[2 * i + 1];
  }
  return NULL;
}

int sk_yread_want_map(sk_yread_t *y, const sk_ynode_t *node,
                      const char *what)
{
  if (node && node->kind == SK_YNODE_MAP)
    return 0;
  sk_yread_error(y, node, "%s must be a mapping (key: value lines)", what);
  return -1;
}

int sk_yread_want_seq(sk_yread_t *y, const sk_ynode_t *node,
                      const char *what)
{
  if (node && node->kind == SK_YNODE_SEQ)
    return 0;
  sk_yread_error(y, node, "%s must be a sequence ('- ' items or [a, b])",
                 what);
  return -1;
}

/* The scalar text of NODE for key KEY, or NULL after an error. */
static const char *sk_yread_scalar_of(sk_yread_t *y, const sk_ynode_t *node,
                                      const char *key, const char *what)
{
  if (node->kind == SK_YNODE_SCALAR)
    return node->text;
  sk_yread_error(y, node, "'%s' must be %s, not a %s", key, what,
                 node->kind == SK_YNODE_MAP ? "mapping" : "sequence");
  return NULL;
}

/* "'KEY' WHY 'VALUE'" at NODE; -1. */
static int sk_yread_bad(sk_yread_t *y, const sk_ynode_t *node,
                        const char *key, const char *why)
{
  char q[SK_YREAD_QUOTE_SIZE];
  sk_yread_error(y, node, "'%s' %s '%s'", key, why,
                 sk_yread_quote(node->text, node->len, q));
  return -1;
}

int sk_yread_string(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                    char **out)
{
  const char *t;
  char *s;
  if (!node)
    return 0;
  if (!(t = sk_yread_scalar_of(y, node, key, "text")))
    return -1;
  if (memchr(t, '\0', node->len)) {
    sk_yread_error(y, node, "'%s' must not contain a NUL byte", key);
    return -1;
  }
  if (!(s = strdup(t))) {
    sk_yread_error(y, NULL, "out of memory");
    return -1;
  }
  free(*out);
  *out = s;
  return 0;
}

/* YAML's spellings of infinity and not-a-number. */
static int sk_yread_special(const sk_ynode_t *n, double *out)
{
  const char *t = n->text;
  const char *p = (*t == '-' || *t == '+') ? t + 1 : t;
  if (memchr(t, '\0', n->len))
    return 0;
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

/* The FINITE, NONNEG and WHOLE tests on V. */
static int sk_yread_flags(sk_yread_t *y, const sk_ynode_t *node,
                          const char *key, unsigned flags, double v)
{
  if ((flags & SK_YREAD_FINITE) && !isfinite(v))
    return sk_yread_bad(y, node, key, "must be a finite number, not");
  if ((flags & SK_YREAD_NONNEG) && v < 0)
    return sk_yread_bad(y, node, key, "must not be negative, not");
  if ((flags & SK_YREAD_WHOLE) && (!isfinite(v) || v != floor(v)))
    return sk_yread_bad(y, node, key, "must be a whole number, not");
  return 0;
}

int sk_yread_number_as(sk_yread_t *y, const sk_ynode_t *node,
                       const char *key, unsigned flags, double *out)
{
  double v;
  int decimal = 1;
  if (!node)
    return 0;
  if (!sk_yread_scalar_of(y, node, key, "a number"))
    return -1;
  /* a value's decimal was converted when the scalar was built; a key's
   * is converted here */
  if (node->flags & SK_YNODE_NUMBER)
    v = node->num;
  else if (sk_yread_special(node, &v))
    decimal = 0;
  else if (!sk_decimal_parse(node->text, node->len, &v))
    return sk_yread_bad(y, node, key, "must be a number, not");
  if (decimal && isinf(v))    /* only an overflow makes a decimal infinite */
    return sk_yread_bad(y, node, key, "is out of range:");
  if (sk_yread_flags(y, node, key, flags, v) < 0)
    return -1;
  *out = v;
  return 0;
}

int sk_yread_number(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                    double *out)
{
  return sk_yread_number_as(y, node, key, 0, out);
}

int sk_yread_integer_as(sk_yread_t *y, const sk_ynode_t *node,
                        const char *key, unsigned flags, long *out)
{
  long v;
  if (!node)
    return 0;
  if (!sk_yread_scalar_of(y, node, key, "an integer"))
    return -1;
  if (!sk_decimal_is(node->text, node->len, 1))
    return sk_yread_bad(y, node, key, "must be an integer, not");
  errno = 0;
  v = strtol(node->text, NULL, 10);
  if (errno == ERANGE)
    return sk_yread_bad(y, node, key, "is out of range:");
  if (sk_yread_flags(y, node, key, flags & SK_YREAD_NONNEG, (double)v) < 0)
    return -1;
  *out = v;
  return 0;
}

int sk_yread_integer(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                     long *out)
{
  return sk_yread_integer_as(y, node, key, 0, out);
}

int sk_yread_bool(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                  int *out)
{
  static const char *const yes[] = {"true", "yes", "on"};
  static const char *const no[] = {"false", "no", "off"};
  const char *t;
  size_t i;
  if (!node)
    return 0;
  if (!(t = sk_yread_scalar_of(y, node, key, "true or false")))
    return -1;
  for (i = 0; i < 3 && strlen(t) == node->len; i++) {
    if (strcasecmp(t, yes[i]) == 0) {
      *out = 1;
      return 0;
    }
    if (strcasecmp(t, no[i]) == 0) {
      *out = 0;
      return 0;
    }
  }
  return sk_yread_bad(y, node, key, "must be true or false, not");
}
