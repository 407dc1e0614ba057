/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csvcell.c -- a text cell of a CSV file, quoted, never a formula
 * (csvcell.h).
 */
#include <config.h>

#include "csvcell.h"

#include <stdlib.h>
#include <string.h>

int sk_csvcell_formula(const char *s)
{
  return s && *s && strchr("=+-@\t\r", *s) != NULL;
}

char *sk_csvcell(const char *s)
{
  const char *p;
  int formula = sk_csvcell_formula(s), quote;
  size_t n = 0;
  char *out, *o;
  s = s ? s : "";
  quote = formula || strpbrk(s, ",\"\r\n") != NULL;
  for (p = s; *p; p++)
    n += *p == '"' ? 2 : 1;
  if (!(o = out = malloc(n + 4)))
    return NULL;
  if (quote)
    *o++ = '"';
  if (formula)
    *o++ = '\'';
  for (p = s; *p; p++) {
    *o++ = *p;
    if (*p == '"')
      *o++ = '"';
  }
  if (quote)
    *o++ = '"';
  *o = '\0';
  return out;
}
