/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfactors.c -- the run times and factors of a result file checked
 * (rfactors.h).  One table: each factor skampi writes and its kind.
 */
#include <config.h>

#include "rfactors.h"

#include <stdio.h>
#include <string.h>

#define SK_RFACTORS_TEXT_MAX 65536     /* bytes of one text factor */
#define SK_RFACTORS_NAME_MAX 255       /* bytes of one host name */
#define SK_RFACTORS_PROCS_MAX 2147483647L

typedef enum {
  SK_RF_TEXT,           /* a text (no NUL, at most 64 KiB) */
  SK_RF_TEXT_NULL,      /* ... or null */
  SK_RF_PROCS,          /* a whole number from 1 to 2^31 - 1 */
  SK_RF_COUNT,          /* a whole number of 0 or more */
  SK_RF_POSITIVE,       /* a whole number of 1 or more */
  SK_RF_SEED,           /* a whole number from 0 to 2^53 */
  SK_RF_REAL,           /* a number of 0 or more (.nan: not measured) */
  SK_RF_REAL_NULL,      /* ... or null */
  SK_RF_BOOL,           /* true or false */
  SK_RF_NAMES,          /* a list of names (hosts): text, 1 to 255 bytes */
  SK_RF_LIST,           /* a list of texts */
  SK_RF_TEXTS,          /* a mapping of texts (environment, batch) */
  SK_RF_TIMER,          /* MPI_Wtime, CLOCK_MONOTONIC or RDTSCP */
  SK_RF_LIMITS          /* @LIMITS: mappings of texts, 3 levels deep */
} sk_rfactors_kind_t;

static const struct {
  const char *key;
  sk_rfactors_kind_t kind;
} sk_rfactors_table[] = {
  {"mpi_library", SK_RF_TEXT}, {"mpi_version", SK_RF_TEXT},
  {"processes", SK_RF_PROCS}, {"hosts", SK_RF_NAMES},
  {"affinity", SK_RF_LIST}, {"compiler", SK_RF_TEXT},
  {"cflags", SK_RF_TEXT}, {"timer", SK_RF_TIMER},
  {"timer_resolution", SK_RF_REAL}, {"timer_frequency", SK_RF_REAL},
  {"timer_overhead", SK_RF_REAL}, {"mpi_init_time", SK_RF_REAL},
  {"buffer_alignment", SK_RF_POSITIVE}, {"environment", SK_RF_TEXTS},
  {"cpu_governor", SK_RF_TEXT_NULL}, {"cpu_frequency", SK_RF_REAL_NULL},
  {"pinned", SK_RF_BOOL}, {"warning", SK_RF_TEXT},
  {"shuffle_seed", SK_RF_SEED}, {"grid_from", SK_RF_TEXT},
  {"memory_kib", SK_RF_COUNT}, {"cachewarmup", SK_RF_COUNT},
  {"io_directory", SK_RF_TEXT}, {"cores", SK_RF_POSITIVE},
  {"cpu_model", SK_RF_TEXT}, {"batch", SK_RF_TEXTS},
  {"limits", SK_RF_LIMITS}
};

/* YAML's null: a plain null, Null, NULL or ~ (or nothing). */
static int sk_rfactors_null(const sk_ynode_t *n)
{
  static const char *const nulls[] = {"null", "Null", "NULL", "~", ""};
  size_t i;
  if (n->kind != SK_YNODE_SCALAR || !(n->flags & SK_YNODE_PLAIN))
    return 0;
  for (i = 0; i < sizeof nulls / sizeof *nulls; i++)
    if (strcmp(n->text, nulls[i]) == 0)
      return 1;
  return 0;
}

/* A text: a scalar without a NUL byte, at most MAX bytes. */
static int sk_rfactors_text(sk_yread_t *y, const sk_ynode_t *n,
                            const char *key, size_t max)
{
  char q[SK_YREAD_QUOTE_SIZE];
  if (n->kind != SK_YNODE_SCALAR) {
    sk_yread_error(y, n, "'%s' must be text, not a %s", key,
                   n->kind == SK_YNODE_SEQ ? "list" : "mapping");
    return -1;
  }
  if (memchr(n->text, '\0', n->len)) {
    sk_yread_error(y, n, "'%s' must not contain a NUL byte", key);
    return -1;
  }
  if (n->len > max) {
    sk_yread_error(y, n, "'%s' is longer than %zu bytes: '%s'", key, max,
                   sk_yread_quote(n->text, n->len, q));
    return -1;
  }
  return 0;
}

/* A whole number from LO to HI. */
static int sk_rfactors_whole(sk_yread_t *y, const sk_ynode_t *n,
                             const char *key, double lo, double hi,
                             const char *range)
{
  char q[SK_YREAD_QUOTE_SIZE];
  double v;
  if (sk_yread_number_as(y, n, key, SK_YREAD_FINITE | SK_YREAD_WHOLE, &v)
      < 0)
    return -1;
  if (v < lo || v > hi) {
    sk_yread_error(y, n, "'%s' must be %s, not '%s'", key, range,
                   sk_yread_quote(n->text, n->len, q));
    return -1;
  }
  return 0;
}

/* Each item of the sequence N a text (NAMES: a host name). */
static int sk_rfactors_list(sk_yread_t *y, const sk_ynode_t *n,
                            const char *key, int names)
{
  char q[SK_YREAD_QUOTE_SIZE], what[80];
  size_t i;
  int rc = 0;
  snprintf(what, sizeof what, "'%s'", key);
  if (sk_yread_want_seq(y, n, what) < 0)
    return -1;
  for (i = 0; i < sk_yread_len(n); i++) {
    const sk_ynode_t *item = sk_yread_item(y, n, i);
    if (sk_rfactors_text(y, item, key, names ? SK_RFACTORS_NAME_MAX
                         : SK_RFACTORS_TEXT_MAX) < 0)
      rc = -1;
    else if (names && item->len == 0) {
      sk_yread_error(y, item, "'%s' must name a host, not '%s'", key,
                     sk_yread_quote(item->text, item->len, q));
      rc = -1;
    }
  }
  return rc;
}

/* Each value of the mapping N a text. */
static int sk_rfactors_texts(sk_yread_t *y, const sk_ynode_t *n,
                             const char *key)
{
  sk_ynode_t *v;
  char what[80];
  size_t i;
  int rc = 0;
  snprintf(what, sizeof what, "'%s'", key);
  if (sk_yread_want_map(y, n, what) < 0)
    return -1;
  for (i = 0; i < sk_yread_len(n); i++)
    if (sk_yread_pair(y, n, i, &v) && sk_rfactors_text(y, v, key,
                                                        SK_RFACTORS_TEXT_MAX)
        < 0)
      rc = -1;
  return rc;
}

static int sk_rfactors_timer(sk_yread_t *y, const sk_ynode_t *n)
{
  char q[SK_YREAD_QUOTE_SIZE];
  if (sk_rfactors_text(y, n, "timer", SK_RFACTORS_TEXT_MAX) < 0)
    return -1;
  if (strcmp(n->text, "MPI_Wtime") && strcmp(n->text, "CLOCK_MONOTONIC") &&
      strcmp(n->text, "RDTSCP")) {
    sk_yread_error(y, n, "'timer' must be MPI_Wtime, CLOCK_MONOTONIC or "
                   "RDTSCP, not '%s'", sk_yread_quote(n->text, n->len, q));
    return -1;
  }
  return 0;
}

/* factors.limits (doc/output-format.md): a mapping whose entries are
 * texts, or lists or mappings of them, at most depth levels down (the
 * numbers are checked where they are used: lib/floor.c). */
static int sk_rfactors_limits(sk_yread_t *y, const sk_ynode_t *n,
                              const char *key, int depth)
{
  sk_ynode_t *v;
  size_t i;
  if (n->kind == SK_YNODE_SCALAR)
    return sk_rfactors_text(y, n, key, SK_RFACTORS_TEXT_MAX);
  if (depth == 0) {
    sk_yread_error(y, n, "'%s' is nested too deep: 'limits' has at most "
                   "3 levels", key);
    return -1;
  }
  for (i = 0; i < sk_yread_len(n); i++) {
    v = n->kind == SK_YNODE_SEQ ? sk_yread_item(y, n, i) : NULL;
    if (n->kind == SK_YNODE_MAP)
      sk_yread_pair(y, n, i, &v);
    if (v && sk_rfactors_limits(y, v, key, depth - 1) < 0)
      return -1;
  }
  return 0;
}

/* One known factor KEY of kind K. */
static int sk_rfactors_known(sk_yread_t *y, const sk_ynode_t *n,
                             const char *key, sk_rfactors_kind_t k)
{
  double d;
  int b;
  if ((k == SK_RF_TEXT_NULL || k == SK_RF_REAL_NULL) && sk_rfactors_null(n))
    return 0;
  switch (k) {
  case SK_RF_TEXT: case SK_RF_TEXT_NULL:
    return sk_rfactors_text(y, n, key, SK_RFACTORS_TEXT_MAX);
  case SK_RF_PROCS:
    return sk_rfactors_whole(y, n, key, 1, (double)SK_RFACTORS_PROCS_MAX,
                             "a whole number from 1 to 2147483647");
  case SK_RF_COUNT:
    return sk_rfactors_whole(y, n, key, 0, 4611686018427387904.0,
                             "a whole number from 0 to 2^62");
  case SK_RF_POSITIVE:
    return sk_rfactors_whole(y, n, key, 1, 4611686018427387904.0,
                             "a whole number from 1 to 2^62");
  case SK_RF_SEED:
    return sk_rfactors_whole(y, n, key, 0, 9007199254740992.0,
                             "a whole number from 0 to 2^53");
  case SK_RF_REAL: case SK_RF_REAL_NULL:
    return sk_yread_number_as(y, n, key, SK_YREAD_NONNEG, &d);
  case SK_RF_BOOL:
    return sk_yread_bool(y, n, key, &b);
  case SK_RF_NAMES: case SK_RF_LIST:
    return sk_rfactors_list(y, n, key, k == SK_RF_NAMES);
  case SK_RF_TEXTS:
    return sk_rfactors_texts(y, n, key);
  case SK_RF_TIMER:
    return sk_rfactors_timer(y, n);
  case SK_RF_LIMITS:
    if (n->kind != SK_YNODE_MAP) {
      sk_yread_error(y, n, "'limits' must be a mapping");
      return -1;
    }
    return sk_rfactors_limits(y, n, key, 3);
  }
  return 0;
}

/* A factor of a later skampi: text, a number, or a list or mapping of
 * them (one level). */
static int sk_rfactors_other(sk_yread_t *y, const sk_ynode_t *n,
                             const char *key)
{
  sk_ynode_t *v;
  size_t i;
  if (n->kind == SK_YNODE_SCALAR)
    return sk_rfactors_text(y, n, key, SK_RFACTORS_TEXT_MAX);
  for (i = 0; i < sk_yread_len(n); i++) {
    v = n->kind == SK_YNODE_SEQ ? sk_yread_item(y, n, i) : NULL;
    if (n->kind == SK_YNODE_MAP)
      sk_yread_pair(y, n, i, &v);
    if (v && v->kind != SK_YNODE_SCALAR) {
      sk_yread_error(y, v, "'%s' must be text or a number, or a list or "
                     "mapping of them", key);
      return -1;
    }
  }
  return 0;
}

int sk_rfactors_check(sk_yread_t *y, const sk_ynode_t *root)
{
  const sk_ynode_t *f = sk_yread_get(y, root, "factors"), *procs, *hosts;
  sk_ynode_t *k, *v;
  size_t i, j, n = sizeof sk_rfactors_table / sizeof *sk_rfactors_table;
  double np = 0;
  int rc = 0;
  if (!f || f->kind != SK_YNODE_MAP)
    return 0;                 /* absent, or refused as not a mapping */
  for (i = 0; i < sk_yread_len(f); i++) {
    const char *key;
    if (!(k = sk_yread_pair(y, f, i, &v)) || !(key = sk_yread_text(k)))
      continue;
    for (j = 0; j < n && strcmp(key, sk_rfactors_table[j].key) != 0; j++)
      ;
    if ((j < n ? sk_rfactors_known(y, v, key, sk_rfactors_table[j].kind)
               : sk_rfactors_other(y, v, key)) < 0)
      rc = -1;
  }
  procs = sk_yread_get(y, f, "processes");
  hosts = sk_yread_get(y, f, "hosts");
  if (rc == 0 && procs && hosts && hosts->kind == SK_YNODE_SEQ &&
      sk_yread_number(y, procs, "processes", &np) == 0 &&
      np != (double)sk_yread_len(hosts)) {
    sk_yread_error(y, hosts, "'hosts' names %zu host%s for %.0f processes "
                   "(one per process)", sk_yread_len(hosts),
                   sk_yread_len(hosts) == 1 ? "" : "s", np);
    rc = -1;
  }
  return rc;
}

/* A time as skampi writes it: YYYY-MM-DDTHH:MM:SS, a fraction, Z. */
static int sk_rfactors_time_ok(const char *t, size_t n)
{
  static const char form[] = "dddd-dd-ddTdd:dd:dd";
  static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30,
                                31};
  size_t i;
  int y, mo, d;
  if (n < 20 || t[n - 1] != 'Z')
    return 0;
  for (i = 0; i < 19; i++)
    if (form[i] == 'd' ? t[i] < '0' || t[i] > '9' : t[i] != form[i])
      return 0;
  if (n > 20 && (t[19] != '.' || n == 21))
    return 0;
  for (i = 20; i + 1 < n; i++)
    if (t[i] < '0' || t[i] > '9')
      return 0;
  y = (t[0] - '0') * 1000 + (t[1] - '0') * 100 + (t[2] - '0') * 10 +
      (t[3] - '0');
  mo = (t[5] - '0') * 10 + (t[6] - '0');
  d = (t[8] - '0') * 10 + (t[9] - '0');
  return mo >= 1 && mo <= 12 && d >= 1 && d <= mdays[mo - 1] &&
         !(mo == 2 && d == 29 && (y % 4 || (y % 100 == 0 && y % 400))) &&
         (t[11] - '0') * 10 + (t[12] - '0') <= 23 &&
         (t[14] - '0') * 10 + (t[15] - '0') <= 59 &&
         (t[17] - '0') * 10 + (t[18] - '0') <= 60;
}

int sk_rfactors_times(sk_yread_t *y, const sk_ynode_t *root)
{
  static const char *const keys[] = {"start_time", "end_time"};
  const sk_ynode_t *run = sk_yread_get(y, root, "run");
  char q[SK_YREAD_QUOTE_SIZE];
  size_t i;
  int rc = 0;
  for (i = 0; i < 2; i++) {
    const sk_ynode_t *t = sk_yread_get(y, run, keys[i]);
    if (!t || t->kind != SK_YNODE_SCALAR)
      continue;               /* absent, or refused as not text */
    if (!sk_rfactors_time_ok(t->text, t->len)) {
      sk_yread_error(y, t, "'%s' must be a time as skampi writes it, "
                     "YYYY-MM-DDTHH:MM:SSZ, not '%s'", keys[i],
                     sk_yread_quote(t->text, t->len, q));
      rc = -1;
    }
  }
  return rc;
}
