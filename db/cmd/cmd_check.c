/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_check.c -- what query, plot and history ask for, checked against
 * the data before the work: a suite no selected run has is named with
 * the suites that come close ("did you mean"), an argument not on the
 * suite's grid with the nearest arguments it has.
 */
#include <config.h>

#include "dbcmd.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbout.h"
#include "escape.h"
#include "history.h"
#include "msg.h"
#include "suggest.h"

#define SK_CHECK_HINTS 3          /* suites named in a hint */

typedef struct sk_check_names {
  const char *want;
  int found;
  sk_suggest_t sug;
  char *best;                     /* sug's best, copied */
  char *hint[SK_CHECK_HINTS];     /* names that contain WANT */
  size_t nhint, nmore;
} sk_check_names_t;

/* Whether HAY contains NEEDLE, letter case aside. */
static int sk_check_contains(const char *hay, const char *needle)
{
  size_t n = strlen(needle), i, k;
  for (i = 0; n && hay[i]; i++) {
    for (k = 0; k < n && hay[i + k] &&
         tolower((unsigned char)hay[i + k]) ==
         tolower((unsigned char)needle[k]); k++)
      ;
    if (k == n)
      return 1;
  }
  return 0;
}

static int sk_check_name(void *arg, const char *name, const char *instance,
                         const char *argument_name, long runs)
{
  sk_check_names_t *c = arg;
  (void)instance;
  (void)argument_name;
  (void)runs;
  if (strcmp(name, c->want) == 0) {
    c->found = 1;
    return 0;
  }
  sk_suggest_add(&c->sug, name);
  if (c->sug.best == name) {    /* the new best: kept beyond the call */
    free(c->best);
    c->best = strdup(name);
    c->sug.best = c->best;
  }
  if (sk_check_contains(name, c->want)) {
    if (c->nhint < SK_CHECK_HINTS)
      c->hint[c->nhint++] = strdup(name);
    else
      c->nmore++;
  }
  return 0;
}

/* "no selected run has a suite 'X' (did you mean 'Y'?)" and the suites
 * whose names contain X. */
static void sk_check_say(const sk_check_names_t *c)
{
  char *w = sk_escape_text(c->want), *b = NULL;
  char hint[512] = "";
  size_t i, len = 0;
  if (c->best && sk_suggest_best(&c->sug))
    b = sk_escape_text(c->best);
  for (i = 0; i < c->nhint && len < sizeof hint; i++) {
    char *h = sk_escape_text(c->hint[i]);
    len += (size_t)snprintf(hint + len, sizeof hint - len, "%s'%s'",
                            i ? ", " : "", h ? h : "?");
    free(h);
  }
  if (c->nmore && len < sizeof hint)
    snprintf(hint + len, sizeof hint - len, " and %zu more", c->nmore);
  if (b)
    sk_msg_error("no selected run has a suite '%s' (did you mean '%s'? "
                 "see skampi-db suites)", w ? w : "?", b);
  else if (c->nhint)
    sk_msg_error("no selected run has a suite '%s'; suites whose names "
                 "contain it: %s (see skampi-db suites)", w ? w : "?", hint);
  else
    sk_msg_error("no selected run has a suite '%s' (see skampi-db suites)",
                 w ? w : "?");
  free(w);
  free(b);
}

int sk_dbcmd_suite_known(sk_store_t *st, const sk_sel_t *sel,
                         const char *name)
{
  sk_check_names_t c;
  size_t i;
  int rc = SK_DB_OK;
  memset(&c, 0, sizeof c);
  c.want = name;
  sk_suggest_init(&c.sug, name);
  if (sk_store_suite_counts(st, sel, sk_check_name, &c) < 0)
    rc = SK_DB_STORE;
  else if (!c.found) {
    sk_check_say(&c);
    rc = SK_DB_FAILED;
  }
  for (i = 0; i < c.nhint; i++)
    free(c.hint[i]);
  free(c.best);
  return rc;
}

/* ---- arguments --------------------------------------------------------- */

int sk_dbcmd_argument_known(sk_store_t *st, const sk_sel_t *sel,
                            const char *suite, double argument)
{
  double lo, hi;
  char a[32], b[32], c[32], *s;
  int rc = sk_history_nearest(st, sel, suite, argument, &lo, &hi);
  if (rc < 0)
    return SK_DB_STORE;
  if (rc > 0)
    return SK_DB_OK;
  s = sk_escape_text(suite);
  sk_dbout_num(a, argument);
  sk_dbout_num(b, lo);
  sk_dbout_num(c, hi);
  if (isnan(lo) && isnan(hi))
    sk_msg_error("'%s' has no points in the selected runs", s ? s : "?");
  else if (isnan(lo) || isnan(hi))
    sk_msg_error("'%s' has no point at argument %s; the nearest is %s",
                 s ? s : "?", a, isnan(lo) ? c : b);
  else
    sk_msg_error("'%s' has no point at argument %s; the nearest are %s "
                 "and %s", s ? s : "?", a, b, c);
  free(s);
  return SK_DB_FAILED;
}
