/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * value.c -- one written value read as a number, size, duration, ...
 */
#include <config.h>

#include "value.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whole numbers beyond this are refused (they are exact in a double). */
#define SK_VALUE_MAX_INT 9007199254740992.0   /* 2^53 */

typedef struct sk_unit {
  const char *name;
  double factor;
} sk_unit_t;

static const sk_unit_t sk_size_units[] = {
  {"B", 1.0}, {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0},
  {NULL, 0}
};

static const sk_unit_t sk_time_units[] = {
  {"s", 1.0}, {"ms", 1e-3}, {"min", 60.0}, {NULL, 0}
};

sk_special_t sk_value_special(const sk_ast_value_t *v)
{
  if (v->kind != SK_AST_IDENT)
    return SK_SPECIAL_NONE;
  if (strcasecmp(v->text, "Default_Value") == 0)
    return SK_SPECIAL_DEFAULT;
  if (strcasecmp(v->text, "Invalid_Value") == 0)
    return SK_SPECIAL_INVALID;
  if (strcasecmp(v->text, "Max_Value") == 0)
    return SK_SPECIAL_MAX;
  return SK_SPECIAL_NONE;
}

void sk_value_show(const sk_ast_value_t *v, char *buf, size_t size)
{
  switch (v->kind) {
  case SK_AST_STRING:
    snprintf(buf, size, "\"%.40s%s\"", v->text,
             strlen(v->text) > 40 ? "..." : "");
    break;
  case SK_AST_TRIPLES:
    snprintf(buf, size, "a structure");
    break;
  case SK_AST_RANKS:
    snprintf(buf, size, "'%.20s, %.20s'", v->text, v->second);
    break;
  default:
    snprintf(buf, size, "'%.40s%s'", v->text, v->unit ? v->unit : "");
    break;
  }
}

static void sk_value_expected(const sk_value_sink_t *k,
                              const sk_ast_value_t *v, const char *what,
                              const char *expected)
{
  char shown[64];
  sk_value_show(v, shown, sizeof shown);
  sk_diag_error(k->diag, k->file, v->span, "%s expects %s, not %s", what,
                expected, shown);
}

/* Whether v is 0x... (the lexer reads a number 0 with the unit x...):
 * then the error says so, not that x10 is an unknown unit. */
static int sk_value_hex(const sk_value_sink_t *k, const sk_ast_value_t *v)
{
  const char *u = v->unit, *t = v->text + (strchr("+-", v->text[0]) != NULL);
  sk_span_t at = v->span;
  size_t n;
  if (u == NULL || strcmp(t, "0") != 0 || (u[0] != 'x' && u[0] != 'X') ||
      (n = strlen(u + 1)) == 0 || strspn(u + 1, "0123456789abcdefABCDEF")
      != n)
    return 0;
  at.last_line = v->unit_span.last_line;
  at.last_column = v->unit_span.last_column;
  if (n <= 13)
    sk_diag_error(k->diag, k->file, at, "'%s%s': hexadecimal numbers are "
                  "not accepted; write %s%llu", v->text, u,
                  v->text[0] == '-' ? "-" : "", strtoull(u + 1, NULL, 16));
  else
    sk_diag_error(k->diag, k->file, at, "'%.20s%.20s': hexadecimal numbers "
                  "are not accepted; write it in decimal", v->text, u);
  return 1;
}

/* The number of v (any unit ignored here); -1 when v is no number. */
static int sk_value_number(const sk_value_sink_t *k, const sk_ast_value_t *v,
                           const char *what, const char *expected, double *d)
{
  char *end;
  if (v->kind != SK_AST_NUMBER) {
    sk_value_expected(k, v, what, expected);
    return -1;
  }
  if (sk_value_hex(k, v))
    return -1;
  errno = 0;
  *d = strtod(v->text, &end);
  if (*end != '\0' || errno == ERANGE || !isfinite(*d) ||
      fabs(*d) > 1e300) {
    sk_diag_error(k->diag, k->file, v->span,
                  "%s: the number '%.40s' is out of range", what, v->text);
    return -1;
  }
  return 0;
}

static int sk_value_no_unit(const sk_value_sink_t *k, const sk_ast_value_t *v,
                            const char *what)
{
  if (v->unit == NULL)
    return 0;
  sk_diag_error(k->diag, k->file, v->unit_span,
                "%s takes no unit, not '%.40s'", what, v->unit);
  return -1;
}

/* d as a long if it is a whole number within range. */
static int sk_value_whole(const sk_value_sink_t *k, const sk_ast_value_t *v,
                          const char *what, const char *expected, double d,
                          long *out)
{
  if (d != floor(d)) {
    sk_value_expected(k, v, what, expected);
    return -1;
  }
  if (fabs(d) > SK_VALUE_MAX_INT) {
    sk_diag_error(k->diag, k->file, v->span,
                  "%s: the number '%.40s' is too large", what, v->text);
    return -1;
  }
  *out = (long)d;
  return 0;
}

int sk_value_integer(const sk_value_sink_t *k, const sk_ast_value_t *v,
                     const char *what, long *out)
{
  double d;
  if (sk_value_number(k, v, what, "a whole number", &d) != 0 ||
      sk_value_no_unit(k, v, what) != 0)
    return -1;
  return sk_value_whole(k, v, what, "a whole number", d, out);
}

int sk_value_real(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, double *out)
{
  if (sk_value_number(k, v, what, "a number", out) != 0)
    return -1;
  return sk_value_no_unit(k, v, what);
}

/* The factor of v's unit in table; 1 without a unit; -1 if unknown. */
static double sk_value_unit(const sk_value_sink_t *k, const sk_ast_value_t *v,
                            const sk_unit_t *table, const char *kind,
                            const char *list)
{
  int i;
  if (v->unit == NULL)
    return 1.0;
  for (i = 0; table[i].name != NULL; i++)
    if (strcasecmp(table[i].name, v->unit) == 0)
      return table[i].factor;
  sk_diag_error(k->diag, k->file, v->unit_span,
                "unknown %s unit '%.40s' (%s)", kind, v->unit, list);
  return -1.0;
}

int sk_value_size(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, long *out, int *unit)
{
  double d, f;
  if (sk_value_number(k, v, what, "a size in bytes", &d) != 0)
    return -1;
  f = sk_value_unit(k, v, sk_size_units, "size",
                    "sizes take the IEC units B, KiB, MiB and GiB");
  if (f < 0)
    return -1;
  if (unit != NULL)
    *unit = v->unit != NULL;
  return sk_value_whole(k, v, what, "a whole number of bytes", d * f, out);
}

int sk_value_kib(const sk_value_sink_t *k, const sk_ast_value_t *v,
                 const char *what, long *out)
{
  double d, f;
  if (sk_value_number(k, v, what, "a size in KiB", &d) != 0)
    return -1;
  f = sk_value_unit(k, v, sk_size_units, "size",
                    "sizes take the IEC units B, KiB, MiB and GiB");
  if (f < 0)
    return -1;
  /* a plain number is KiB, as in the paper's @MEMORY 8192 */
  d = v->unit != NULL ? d * f / 1024.0 : d;
  return sk_value_whole(k, v, what, "a whole number of KiB", d, out);
}

int sk_value_duration(const sk_value_sink_t *k, const sk_ast_value_t *v,
                      const char *what, double *out)
{
  double d, f;
  if (sk_value_number(k, v, what, "a duration", &d) != 0)
    return -1;
  f = sk_value_unit(k, v, sk_time_units, "time",
                    "durations take the units s, ms and min");
  if (f < 0)
    return -1;
  *out = d * f;
  return 0;
}

int sk_value_bool(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, int *out)
{
  if (v->kind == SK_AST_IDENT && strcasecmp(v->text, "yes") == 0)
    *out = 1;
  else if (v->kind == SK_AST_IDENT && strcasecmp(v->text, "no") == 0)
    *out = 0;
  else {
    sk_value_expected(k, v, what, "yes or no");
    return -1;
  }
  return 0;
}

int sk_value_name(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, const char *expected, const char **out)
{
  if (v->kind != SK_AST_IDENT) {
    sk_value_expected(k, v, what, expected);
    return -1;
  }
  *out = v->text;
  return 0;
}
