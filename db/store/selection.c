/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * selection.c -- the words of a selection into terms (selection.h).
 */
#include <config.h>

#include "selection.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "grow.h"
#include "msg.h"
#include "suggest.h"

static void sk_sel_bad(const char *word, const char *why)
{
  char *w = sk_escape_text(word);
  sk_msg_error("bad selection '%s': %s (see skampi-db --help)",
               w ? w : "?", why);
  free(w);
}

/* A whole number 0 .. LONG_MAX, all of TEXT. */
static int sk_sel_number(const char *text, long *out)
{
  char *end;
  long v;
  if (*text < '0' || *text > '9')
    return -1;
  errno = 0;
  v = strtol(text, &end, 10);
  if (errno || *end)
    return -1;
  *out = v;
  return 0;
}

/* N digits of T as a number from LO to HI; -1 when not. */
static int sk_sel_field(const char *t, int n, int lo, int hi)
{
  int i, v = 0;
  for (i = 0; i < n; i++) {
    if (t[i] < '0' || t[i] > '9')
      return -1;
    v = 10 * v + (t[i] - '0');
  }
  return v >= lo && v <= hi ? v : -1;
}

/* A date or a time as start times are written, each field in its range:
 * YYYY, YYYY-MM, YYYY-MM-DD, then THH, :MM, :SS (with a fraction .D...)
 * and Z, each optional after the one before. */
static int sk_sel_date(const char *t)
{
  static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30,
                                31};
  size_t n = strlen(t);
  int y, m, d;
  if (n > 40 || (y = sk_sel_field(t, 4, 0, 9999)) < 0)
    return -1;
  if (n == 4)
    return 0;
  if (t[4] != '-' || (m = sk_sel_field(t + 5, 2, 1, 12)) < 0)
    return -1;
  if (n == 7)
    return 0;
  if (t[7] != '-' || (d = sk_sel_field(t + 8, 2, 1, mdays[m - 1])) < 0 ||
      (m == 2 && d == 29 && (y % 4 || (y % 100 == 0 && y % 400))))
    return -1;
  if (n == 10)
    return 0;
  if (t[10] != 'T' || sk_sel_field(t + 11, 2, 0, 23) < 0)
    return -1;
  t += 13;
  if (*t == ':' && sk_sel_field(t + 1, 2, 0, 59) >= 0) {
    t += 3;
    if (*t == ':' && sk_sel_field(t + 1, 2, 0, 60) >= 0) {
      t += 3;
      if (*t == '.' && t[1] >= '0' && t[1] <= '9')
        for (t++; *t >= '0' && *t <= '9'; t++)
          ;
    }
  }
  return strcmp(t, "Z") == 0 || *t == '\0' ? 0 : -1;
}

static int sk_sel_push(sk_sel_t *sel, const sk_sel_term_t *t)
{
  if (SK_GROW(sel->terms, sel->cap, sel->n + 1, 8) != 0) {
    sk_msg_error("out of memory");
    return -1;
  }
  sel->terms[sel->n++] = *t;
  return 0;
}

/* N or N-M. */
static int sk_sel_ids(sk_sel_t *sel, const char *word)
{
  sk_sel_term_t t = {SK_SEL_ID, 0, 0, NULL, NULL};
  char buf[64];
  char *dash;
  if (strlen(word) >= sizeof buf)
    return -1;
  strcpy(buf, word);
  dash = strchr(buf, '-');
  if (dash)
    *dash = '\0';
  if (sk_sel_number(buf, &t.lo) < 0 ||
      (dash && sk_sel_number(dash + 1, &t.hi) < 0))
    return -1;
  if (!dash)
    t.hi = t.lo;
  if (t.hi < t.lo)
    return -1;
  return sk_sel_push(sel, &t);
}

static const char *const sk_sel_names[SK_SEL_NKEYS] = {
  "id", "machine", "library", "np", "tag", "kind", "campaign", "since",
  "until", "latest"
};

/* KEY=VALUE with KEY known; the form of VALUE checked for KEY. */
static int sk_sel_keyed(sk_sel_t *sel, const char *word, sk_sel_key_t key,
                        const char *v)
{
  sk_sel_term_t t = {key, 0, 0, NULL, NULL};
  const char *eq;
  switch (key) {
  case SK_SEL_NP: case SK_SEL_CAMPAIGN: case SK_SEL_LATEST:
    if (sk_sel_number(v, &t.lo) < 0 || (key != SK_SEL_CAMPAIGN && t.lo < 1)) {
      sk_sel_bad(word, "the value must be a whole number of 1 or more");
      return -1;
    }
    return sk_sel_push(sel, &t);
  case SK_SEL_SINCE: case SK_SEL_UNTIL:
    if (sk_sel_date(v) < 0) {
      sk_sel_bad(word, "a date is YYYY, YYYY-MM, YYYY-MM-DD or "
                 "YYYY-MM-DDTHH:MM:SSZ, each field in its range");
      return -1;
    }
    break;
  case SK_SEL_KIND:
    if (strcmp(v, "run") != 0 && strcmp(v, "merged") != 0) {
      sk_sel_bad(word, "kind is run or merged");
      return -1;
    }
    break;
  case SK_SEL_TAG:
    eq = strchr(v, '=');
    if (!eq || eq == v) {
      sk_sel_bad(word, "a tag is tag=KEY=VALUE");
      return -1;
    }
    t.text2 = strdup(eq + 1);
    t.text = strndup(v, (size_t)(eq - v));
    goto push;
  default:
    if (!*v) {
      sk_sel_bad(word, "the value is empty");
      return -1;
    }
    break;
  }
  t.text = strdup(v);
push:
  if (!t.text || (key == SK_SEL_TAG && !t.text2) ||
      sk_sel_push(sel, &t) < 0) {
    free(t.text);
    free(t.text2);
    return -1;
  }
  return 0;
}

/* An unknown key: the keys, and the closest one when one is close. */
static int sk_sel_unknown(const char *word, size_t klen)
{
  char key[64], why[160];
  sk_suggest_t s;
  size_t i;
  snprintf(key, sizeof key, "%.*s", (int)(klen < 63 ? klen : 63), word);
  sk_suggest_init(&s, key);
  for (i = 1; i < SK_SEL_NKEYS; i++)
    sk_suggest_add(&s, sk_sel_names[i]);
  if (sk_suggest_best(&s))
    snprintf(why, sizeof why, "unknown key (did you mean '%s='?)",
             sk_suggest_best(&s));
  else
    snprintf(why, sizeof why, "unknown key (machine, library, np, tag, "
             "kind, campaign, since, until, latest)");
  sk_sel_bad(word, why);
  return -1;
}

int sk_sel_add(sk_sel_t *sel, const char *word)
{
  const char *eq = strchr(word, '=');
  size_t i, klen;
  if (sel->n >= SK_SEL_TERMS_MAX) {
    sk_msg_error("bad selection: more than %d words (ranges such as 1-500 "
                 "and keys such as machine=GLOB choose many runs in one)",
                 SK_SEL_TERMS_MAX);
    return -1;
  }
  if (strcmp(word, "all") == 0)
    return 0;
  if (strcmp(word, "latest") == 0)
    return sk_sel_keyed(sel, word, SK_SEL_LATEST, "1");
  if (!eq) {
    if (sk_sel_ids(sel, word) == 0)
      return 0;
    sk_sel_bad(word, "not a run id (N or N-M), KEY=VALUE, latest or all");
    return -1;
  }
  klen = (size_t)(eq - word);
  for (i = 1; i < SK_SEL_NKEYS; i++)
    if (strlen(sk_sel_names[i]) == klen &&
        strncmp(word, sk_sel_names[i], klen) == 0)
      return sk_sel_keyed(sel, word, (sk_sel_key_t)i, eq + 1);
  return sk_sel_unknown(word, klen);
}

int sk_sel_add_kv(sk_sel_t *sel, const char *key, const char *value)
{
  size_t n = strlen(key) + strlen(value) + 2;
  char *word = malloc(n);
  int rc;
  if (!word) {
    sk_msg_error("out of memory");
    return -1;
  }
  snprintf(word, n, "%s=%s", key, value);
  rc = sk_sel_add(sel, word);
  free(word);
  return rc;
}

int sk_sel_merge(sk_sel_t *sel, const sk_sel_t *more)
{
  size_t i;
  for (i = 0; more && i < more->n; i++) {
    sk_sel_term_t t = more->terms[i];
    t.text = t.text ? strdup(t.text) : NULL;
    t.text2 = t.text2 ? strdup(t.text2) : NULL;
    if ((more->terms[i].text && !t.text) ||
        (more->terms[i].text2 && !t.text2) || sk_sel_push(sel, &t) < 0) {
      free(t.text);
      free(t.text2);
      sk_msg_error("out of memory");
      return -1;
    }
  }
  return 0;
}

int sk_sel_has(const sk_sel_t *sel, sk_sel_key_t key)
{
  size_t i;
  for (i = 0; i < sel->n; i++)
    if (sel->terms[i].key == key)
      return 1;
  return 0;
}

void sk_sel_free(sk_sel_t *sel)
{
  size_t i;
  if (!sel)
    return;
  for (i = 0; i < sel->n; i++) {
    free(sel->terms[i].text);
    free(sel->terms[i].text2);
  }
  free(sel->terms);
  sel->terms = NULL;
  sel->n = sel->cap = 0;
}
