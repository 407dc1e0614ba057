/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rcheck.c -- the checks every reader of a result file makes (rcheck.h).
 */
#include <config.h>

#include "rcheck.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "msg.h"
#include "schema.h"

int sk_rcheck_schema(sk_yread_t *y, const sk_ynode_t *root, long *version)
{
  const sk_ynode_t *v;
  const char *prog = sk_msg_program();
  if (!root) {
    sk_yread_error(y, NULL, "empty file: not a skampi result file");
    return -1;
  }
  if (root->kind != SK_YNODE_MAP) {
    sk_yread_error(y, root, "not a skampi result file: the top level must "
                   "be a mapping");
    return -1;
  }
  if (!(v = sk_yread_get(y, root, "schema_version"))) {
    sk_yread_error(y, root, "not a skampi result file: no 'schema_version'");
    return -1;
  }
  if (v->kind == SK_YNODE_SCALAR && !(v->flags & SK_YNODE_PLAIN)) {
    char q[SK_YREAD_QUOTE_SIZE];
    sk_yread_error(y, v, "'schema_version' must be an integer, not the "
                   "quoted text '%s'", sk_yread_quote(v->text, v->len, q));
    return -1;
  }
  if (sk_yread_integer(y, v, "schema_version", version) < 0)
    return -1;
  if (*version > SK_SCHEMA_VERSION) {
    sk_yread_error(y, v, "schema_version %ld is newer than this %s "
                   "understands (%d); use a newer %s", *version, prog,
                   SK_SCHEMA_VERSION, prog);
    return -1;
  }
  if (*version < 1) {
    sk_yread_error(y, v, "schema_version %ld is not valid (the first is 1)",
                   *version);
    return -1;
  }
  return 0;
}

int sk_rcheck_whole(sk_yread_t *y, long version)
{
  if (version < 2 || y->end_marker)
    return 0;
  sk_yread_error(y, NULL, "the file is cut short (no end marker '...'); it "
                 "was copied or written incompletely");
  return -1;
}

/* The last line of BUF[0..n) that is not blank, as [*b, *e). */
static void sk_rcheck_last_line(const char *buf, size_t n, size_t *b,
                                size_t *e)
{
  while (n > 0 && strchr(" \t\r\n", buf[n - 1]))
    n--;
  *e = n;
  while (n > 0 && buf[n - 1] != '\n')
    n--;
  *b = n;
}

int sk_rcheck_tail_cut(const char *path)
{
  char buf[256];
  struct stat st;
  size_t b, e, i;
  ssize_t got;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
    close(fd);
    return 0;
  }
  got = pread(fd, buf, sizeof buf, st.st_size > (off_t)sizeof buf
              ? st.st_size - (off_t)sizeof buf : 0);
  close(fd);
  if (got <= 0)
    return 0;
  sk_rcheck_last_line(buf, (size_t)got, &b, &e);
  for (i = b; i < e && (buf[i] == ' ' || buf[i] == '\t'); i++)
    continue;
  /* a line longer than the buffer: its start is unseen, so unknown */
  if (b == 0 && (size_t)got == sizeof buf)
    return 0;
  if (i < e && buf[i] == '#')
    return 0;
  /* a document boundary near the end (a second document): the reader
   * says what is wrong */
  for (i = 0; i + 3 <= b; i++)
    if ((i == 0 || buf[i - 1] == '\n') && (memcmp(buf + i, "---", 3) == 0 ||
                                           memcmp(buf + i, "...", 3) == 0))
      return 0;
  return !(e - b >= 3 && memcmp(buf + b, "...", 3) == 0);
}

/* 'KEY' is too large: 'VALUE' (at most LIMIT); -1.  With soft, a time
 * of a point: the point may be left out (yread.h, soft). */
static int sk_rcheck_large(sk_yread_t *y, const sk_ynode_t *node,
                           const char *key, const char *limit, int soft)
{
  char q[SK_YREAD_QUOTE_SIZE];
  (soft ? sk_yread_soft : sk_yread_error)(
      y, node, "'%s' is too large: '%s' (at most %s)", key,
      sk_yread_quote(node->text, node->len, q), limit);
  return -1;
}

static int sk_rcheck_bounded_as(sk_yread_t *y, const sk_ynode_t *node,
                                const char *key, unsigned flags, double max,
                                const char *limit, int soft, double *out)
{
  double v;
  if (!node)
    return 0;
  if (sk_yread_number_as(y, node, key, flags, &v) < 0)
    return -1;
  if (v > max)
    return sk_rcheck_large(y, node, key, limit, soft);
  *out = v;
  return 0;
}

static int sk_rcheck_bounded(sk_yread_t *y, const sk_ynode_t *node,
                             const char *key, unsigned flags, double max,
                             const char *limit, double *out)
{
  return sk_rcheck_bounded_as(y, node, key, flags, max, limit, 0, out);
}

/* How far below 0 a time under KEY may come out.  skampi subtracts the
 * empty measurement's overhead from every repetition, so the time of an
 * operation faster than the timer's noise can be a little negative (a
 * few ns here); a Bcast_OL node time has half a round trip taken off as
 * well.  A standard error is never negative. */
static double sk_rcheck_below(const char *key)
{
  if (strcmp(key, "stderr") == 0)
    return 0;
  return strcmp(key, "node_times") == 0 ? SK_RCHECK_NEG_NODE
                                        : SK_RCHECK_NEG_TIME;
}

int sk_rcheck_time(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                   double *out)
{
  char q[SK_YREAD_QUOTE_SIZE];
  double v, below = sk_rcheck_below(key);
  /* a finite number out of range: a bad point, which a reader in soft
   * mode leaves out (y->soft) rather than refuse the whole file */
  if (sk_rcheck_bounded_as(y, node, key,
                           SK_YREAD_FINITE | (below > 0 ? 0 : SK_YREAD_NONNEG),
                           SK_RCHECK_MAX_TIME, "1e6 s", 1, &v) != 0)
    return -1;
  if (!node)
    return 0;
  if (v < -below) {
    sk_yread_soft(y, node, "'%s' is too far below 0: '%s' (a time comes "
                  "out at most %g s below 0, from the overhead subtracted)",
                  key, sk_yread_quote(node->text, node->len, q), below);
    return -1;
  }
  /* bytes / time of a time far below any timer would overflow a plot */
  if (v != 0 && fabs(v) < SK_RCHECK_MIN_TIME) {
    sk_yread_soft(y, node, "'%s' is too small: '%s' (a time is 0 or at "
                  "least 1e-100 s from it)", key,
                  sk_yread_quote(node->text, node->len, q));
    return -1;
  }
  *out = v;
  return 0;
}

int sk_rcheck_duration(sk_yread_t *y, const sk_ynode_t *node,
                       const char *key, double *out)
{
  return sk_rcheck_bounded(y, node, key, SK_YREAD_FINITE | SK_YREAD_NONNEG,
                           SK_RCHECK_MAX_WALL, "1e9 s", out);
}

int sk_rcheck_argument(sk_yread_t *y, const sk_ynode_t *node,
                       const char *key, double *out)
{
  return sk_rcheck_bounded(y, node, key, SK_YREAD_FINITE | SK_YREAD_NONNEG
                           | SK_YREAD_WHOLE, SK_RCHECK_MAX_ARG, "2^62", out);
}

int sk_rcheck_rate(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                   double *out)
{
  return sk_rcheck_bounded(y, node, key, SK_YREAD_FINITE | SK_YREAD_NONNEG,
                           SK_RCHECK_MAX_RATE, "1e30", out);
}

int sk_rcheck_percent(sk_yread_t *y, const sk_ynode_t *node,
                      const char *key, double *out)
{
  return sk_rcheck_bounded(y, node, key, SK_YREAD_FINITE | SK_YREAD_NONNEG,
                           100.0, "100", out);
}

int sk_rcheck_count(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                    long *out)
{
  long v;
  if (!node)
    return 0;
  if (sk_yread_integer_as(y, node, key, SK_YREAD_NONNEG, &v) < 0)
    return -1;
  if ((double)v > SK_RCHECK_MAX_ARG)
    return sk_rcheck_large(y, node, key, "2^62", 0);
  *out = v;
  return 0;
}

int sk_rcheck_times(sk_yread_t *y, const sk_ynode_t *point, const char *key,
                    double **out, size_t *n)
{
  const sk_ynode_t *seq = sk_yread_get(y, point, key);
  char what[64];
  size_t i, len;
  int rc = 0;
  *out = NULL;
  *n = 0;
  if (!seq)
    return 0;
  snprintf(what, sizeof what, "'%s'", key);
  if (sk_yread_want_seq(y, seq, what) < 0)
    return -1;
  len = sk_yread_len(seq);
  if (!(*out = calloc(len ? len : 1, sizeof **out))) {
    sk_yread_error(y, NULL, "out of memory");
    return -1;
  }
  *n = len;
  for (i = 0; i < len; i++)
    rc |= sk_rcheck_time(y, sk_yread_item(y, seq, i), key, &(*out)[i]);
  return rc ? -1 : 0;
}

int sk_rcheck_runs(sk_yread_t *y, const sk_ynode_t *point, const char *key,
                   long runs)
{
  const sk_ynode_t *seq = sk_yread_get(y, point, key);
  const sk_ynode_t *pr = sk_yread_get(y, point, "runs");
  long own = -1;
  if (runs < 0)
    return 0;
  if (pr != NULL && (sk_rcheck_count(y, pr, "runs", &own) != 0 ||
                     own < 1 || own > runs)) {
    /* said once, with the first list */
    if (own >= 0 && strcmp(key, "run_medians") == 0)
      sk_yread_error(y, pr, "'runs' is %ld, but the file merges %ld runs",
                     own, runs);
    return -1;
  }
  if (!seq || seq->kind != SK_YNODE_SEQ ||
      sk_yread_len(seq) == (size_t)(own >= 0 ? own : runs))
    return 0;
  if (own >= 0 && own != runs)
    sk_yread_error(y, seq, "'%s' has %zu entries but the point merges %ld "
                   "runs", key, sk_yread_len(seq), own);
  else
    sk_yread_error(y, seq, "'%s' has %zu entries but the file merges %ld "
                   "runs", key, sk_yread_len(seq), runs);
  return -1;
}

int sk_rcheck_novalue(sk_yread_t *y, const sk_ynode_t *point)
{
  const char *v = sk_yread_text(sk_yread_get(y, point, "valid"));
  return v != NULL && strcmp(v, "0") == 0;
}

/* A statistic of a point without a value may be .nan (the writer's
 * "none"); every other value is a time. */
int sk_rcheck_stat(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                   int novalue, double *out)
{
  const char *t = sk_yread_text(node);
  if (novalue && t != NULL && (node->flags & SK_YNODE_PLAIN) &&
      (strcmp(t, ".nan") == 0 || strcmp(t, ".NaN") == 0 ||
       strcmp(t, ".NAN") == 0)) {
    *out = NAN;
    return 0;
  }
  return sk_rcheck_time(y, node, key, out);
}

int sk_rcheck_point(sk_yread_t *y, const sk_ynode_t *point)
{
  int novalue = sk_rcheck_novalue(y, point);
  static const char *const times[] = {"mean", "stderr", "q1", "q3", "min",
                                      "median", "max", "node_times", "raw",
                                      "p50", "p90", "p99", "p999"};
  static const char *const counts[] = {"repetitions", "cut", "processes"};
  const sk_ynode_t *v;
  double d, *list;
  size_t i, n;
  long c;
  if (sk_rcheck_argument(y, sk_yread_get(y, point, "argument"), "argument",
                         &d) != 0 ||
      sk_rcheck_rate(y, sk_yread_get(y, point, "rate"), "rate", &d) != 0)
    return -1;
  for (i = 0; i < sizeof counts / sizeof *counts; i++)
    if (sk_rcheck_count(y, sk_yread_get(y, point, counts[i]), counts[i],
                        &c) != 0)
      return -1;
  for (i = 0; i < sizeof times / sizeof *times; i++) {
    v = sk_yread_get(y, point, times[i]);
    if (v && v->kind == SK_YNODE_SEQ) {
      int rc = sk_rcheck_times(y, point, times[i], &list, &n);
      free(list);
      if (rc != 0)
        return -1;
    } else if (sk_rcheck_stat(y, v, times[i], novalue, &d) != 0) {
      return -1;
    }
  }
  return 0;
}
