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

/* A date or a time as start times are written: digits, '-', ':', 'T',
 * 'Z', '.', starting with a four-digit year. */
static int sk_sel_date(const char *text)
{
  size_t i, n = strlen(text);
  if (n < 4 || n > 40 || strspn(text, "0123456789") < 4)
    return -1;
  for (i = 0; i < n; i++)
    if (!strchr("0123456789-:TZ.+", text[i]))
      return -1;
  return 0;
}

static int sk_sel_push(sk_sel_t *sel, const sk_sel_term_t *t)
{
  sk_sel_term_t *grown = realloc(sel->terms, (sel->n + 1) * sizeof *grown);
  if (!grown) {
    sk_msg_error("out of memory");
    return -1;
  }
  sel->terms = grown;
  grown[sel->n++] = *t;
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
                 "YYYY-MM-DDTHH:MM:SSZ");
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
  sel->n = 0;
}
