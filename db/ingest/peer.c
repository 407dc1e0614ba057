/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * peer.c -- OSU and IMB outputs read as skampi results (peer.h).
 *
 * Both formats are lines: comment lines that start with '#' (a title,
 * settings, the names of the columns) and rows of numbers.  A reader
 * walks the lines (bounded, located); a table of column names says what
 * each column holds; each format's own function walks its header and
 * its blocks and fills one suite per benchmark.
 */
#include <config.h>

#include "peer.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape.h"
#include "grow.h"
#include "msg.h"

#define SK_PEER_LINE_MAX 4096     /* bytes of one line */
#define SK_PEER_ROWS_MAX 100000   /* rows of one file */
#define SK_PEER_COLS_MAX 16       /* columns of one table */
#define SK_PEER_SUITES_MAX 1000   /* benchmarks of one file */
#define SK_PEER_SIZE_MAX 1099511627776.0  /* 1 TiB: the largest size */

int sk_peer_kind(const char *name, sk_peer_kind_t *out)
{
  if (strcmp(name, "osu") == 0)
    *out = SK_PEER_OSU;
  else if (strcmp(name, "imb") == 0)
    *out = SK_PEER_IMB;
  else {
    sk_msg_error("--from takes osu or imb (an OSU Micro-Benchmarks 7.x or "
                 "an IMB 2021 output), not '%.40s'", name);
    return -1;
  }
  return 0;
}

/* ---- lines -------------------------------------------------------------- */

typedef struct sk_peer_rd {
  const char *name, *text;
  size_t len, pos;
  int line;                 /* of the current line, 1-based */
  char buf[SK_PEER_LINE_MAX + 1];   /* the current line, NUL-ended */
  size_t n;                 /* its length */
  int bad;                  /* an error was given */
  long rows;
} sk_peer_rd_t;

/* The next line into rd->buf: 1, 0 at the end, -1 when it is too long
 * or holds a NUL byte (message given). */
static int sk_peer_next(sk_peer_rd_t *rd)
{
  const char *s = rd->text + rd->pos, *nl;
  size_t left = rd->len - rd->pos, k;
  if (rd->pos >= rd->len)
    return 0;
  nl = memchr(s, '\n', left);
  k = nl ? (size_t)(nl - s) : left;
  rd->line++;
  rd->pos += k + (nl != NULL);
  if (k && s[k - 1] == '\r')
    k--;
  if (memchr(s, '\0', k)) {
    sk_msg_error_at(rd->name, rd->line, (int)((const char *)memchr(s, '\0',
                    k) - s) + 1, "a NUL byte: not a text output");
    return -1;
  }
  if (k > SK_PEER_LINE_MAX) {
    sk_msg_error_at(rd->name, rd->line, SK_PEER_LINE_MAX + 1,
                    "a line longer than %d bytes", SK_PEER_LINE_MAX);
    return -1;
  }
  memcpy(rd->buf, s, k);
  rd->buf[k] = '\0';
  rd->n = k;
  return 1;
}

static int sk_peer_blank(const char *s)
{
  return s[strspn(s, " \t")] == '\0';
}

/* ---- columns ------------------------------------------------------------ */

typedef enum {
  SK_COL_ARG, SK_COL_MEAN, SK_COL_MIN, SK_COL_MAX, SK_COL_REPS,
  SK_COL_P50, SK_COL_P90, SK_COL_P99, SK_COL_MBS, SK_COL_MIBS,
  SK_COL_SKIP
} sk_peer_col_t;

/* What a column of either format holds, by its name as printed. */
static const struct {
  const char *name;
  sk_peer_col_t col;
} sk_peer_cols[] = {
  {"Size", SK_COL_ARG}, {"Avg Latency(us)", SK_COL_MEAN},
  {"Latency (us)", SK_COL_MEAN}, {"Avg Latency (us)", SK_COL_MEAN},
  {"Min Latency(us)", SK_COL_MIN}, {"Max Latency(us)", SK_COL_MAX},
  {"Iterations", SK_COL_REPS}, {"P50 Tail Lat(us)", SK_COL_P50},
  {"P90 Tail Lat(us)", SK_COL_P90}, {"P99 Tail Lat(us)", SK_COL_P99},
  {"Bandwidth (MB/s)", SK_COL_MBS}, {"MB/s", SK_COL_MBS},
  {"Messages/s", SK_COL_SKIP},
  {"#bytes", SK_COL_ARG}, {"#repetitions", SK_COL_REPS},
  {"t[usec]", SK_COL_MEAN}, {"t_avg[usec]", SK_COL_MEAN},
  {"t_min[usec]", SK_COL_MIN}, {"t_max[usec]", SK_COL_MAX},
  {"Mbytes/sec", SK_COL_MIBS}, {"Msg/sec", SK_COL_SKIP},
  {"defects", SK_COL_SKIP}
};

typedef struct sk_peer_table {
  sk_peer_col_t col[SK_PEER_COLS_MAX];
  int n;
  int has[SK_COL_SKIP + 1];
} sk_peer_table_t;

/* The column NAME (LEN bytes at column COL of the line) into T. */
static int sk_peer_col(sk_peer_rd_t *rd, sk_peer_table_t *t,
                       const char *name, size_t len, int col)
{
  size_t i;
  for (i = 0; i < sizeof sk_peer_cols / sizeof *sk_peer_cols; i++)
    if (strlen(sk_peer_cols[i].name) == len &&
        memcmp(sk_peer_cols[i].name, name, len) == 0)
      break;
  if (i == sizeof sk_peer_cols / sizeof *sk_peer_cols) {
    char raw[64], esc[256];
    snprintf(raw, sizeof raw, "%.*s", (int)(len > 60 ? 60 : len), name);
    sk_escape_buf(raw, esc, sizeof esc);
    sk_msg_error_at(rd->name, rd->line, col, "unknown column '%s' (known: "
                    "sizes, times in us, MB/s, iterations, P50-P99)", esc);
    return -1;
  }
  if (t->n == SK_PEER_COLS_MAX) {
    sk_msg_error_at(rd->name, rd->line, col, "more than %d columns",
                    SK_PEER_COLS_MAX);
    return -1;
  }
  if (sk_peer_cols[i].col != SK_COL_SKIP && t->has[sk_peer_cols[i].col]) {
    sk_msg_error_at(rd->name, rd->line, col, "column '%s' twice",
                    sk_peer_cols[i].name);
    return -1;
  }
  t->has[sk_peer_cols[i].col] = 1;
  t->col[t->n++] = sk_peer_cols[i].col;
  return 0;
}

/* The column names of rd->buf from FROM on, separated by two blanks or
 * more (OSU: "Avg Latency(us)  Min Latency(us)") or by one (IMB:
 * "#bytes #repetitions t[usec]"). */
static int sk_peer_header(sk_peer_rd_t *rd, size_t from, int one_blank,
                          sk_peer_table_t *t)
{
  const char *s = rd->buf;
  size_t i = from;
  memset(t, 0, sizeof *t);
  for (;;) {
    size_t b, e;
    while (s[i] == ' ' || s[i] == '\t')
      i++;
    if (!s[i])
      break;
    b = i;
    while (s[i] && s[i] != '\t' &&
           !(s[i] == ' ' && (one_blank || s[i + 1] == ' ' ||
                             s[i + 1] == '\t' || !s[i + 1])))
      i++;
    e = i;
    if (sk_peer_col(rd, t, s + b, e - b, (int)b + 1) < 0)
      return -1;
  }
  if (!t->has[SK_COL_MEAN] && !t->has[SK_COL_MBS] && !t->has[SK_COL_MIBS]) {
    sk_msg_error_at(rd->name, rd->line, (int)from + 1, "no column of times "
                    "or bandwidths");
    return -1;
  }
  return 0;
}

/* ---- the result in memory ------------------------------------------------ */

/* The room sk_grow() has made for N elements added one at a time from
 * nothing with FIRST (8) as the first capacity: the arrays of a result
 * keep no capacity of their own. */
static size_t sk_peer_cap(size_t n)
{
  size_t c = 0;
  if (n)
    for (c = 8; c < n; c *= 2)
      ;
  return c;
}

static int sk_peer_kv(sk_rfile_kv_t **v, size_t *n, const char *key,
                      const char *value)
{
  size_t cap = sk_peer_cap(*n);
  sk_rfile_kv_t *g;
  if (SK_GROW(*v, cap, *n + 1, 8) != 0)
    return -1;
  g = *v;
  g[*n].key = strdup(key);
  g[*n].value = strdup(value);
  (*n)++;
  return g[*n - 1].key && g[*n - 1].value ? 0 : -1;
}

/* How a benchmark's numbers become skampi's. */
typedef struct sk_peer_bench {
  const char *suite;        /* "osu_latency" */
  const char *pattern;      /* "pingpong", "collective", "peer" */
  double factor;            /* times printed x factor = stored */
  int payload;              /* bytes a unit moves: n x payload, 0: none */
  const char *quantity;     /* Peer_Quantity */
} sk_peer_bench_t;

/* A new suite NAME (instance INSTANCE) of benchmark B at the end of R. */
static sk_rfile_suite_t *sk_peer_suite(sk_rfile_t *r, const char *name,
                                       const char *instance,
                                       const sk_peer_bench_t *b,
                                       const char *peer)
{
  sk_rfile_suite_t *g, *s;
  char pay[8];
  if (r->nsuites == SK_PEER_SUITES_MAX)
    return NULL;
  size_t cap = sk_peer_cap(r->nsuites);
  if (SK_GROW(r->suites, cap, r->nsuites + 1, 8) != 0)
    return NULL;
  g = r->suites;
  s = memset(&g[r->nsuites++], 0, sizeof *s);
  s->type = -1;
  s->pair[0] = s->pair[1] = -1;
  s->sync_window = NAN;
  s->elapsed = -1;
  s->name = strdup(name);
  s->instance = strdup(instance);
  s->pattern = strdup(b->pattern);
  s->status = strdup("complete");
  s->message = strdup("");
  s->arg = SK_RESULT_ARG_LENGTH;
  snprintf(pay, sizeof pay, b->payload == 2 ? "2n" : "n");
  if (!s->name || !s->instance || !s->pattern || !s->status || !s->message ||
      sk_peer_kv(&s->params, &s->nparams, "Peer", peer) < 0 ||
      sk_peer_kv(&s->params, &s->nparams, "Peer_Quantity", b->quantity) < 0 ||
      (b->payload && sk_peer_kv(&s->params, &s->nparams, "Payload", pay) < 0))
    return NULL;
  return s;
}

static sk_rfile_point_t *sk_peer_point(sk_rfile_suite_t *s)
{
  size_t cap = sk_peer_cap(s->npoints);
  sk_rfile_point_t *g, *p;
  if (SK_GROW(s->points, cap, s->npoints + 1, 8) != 0)
    return NULL;
  g = s->points;
  p = memset(&g[s->npoints++], 0, sizeof *p);
  p->bytes = p->mean = p->se = p->q1 = p->q3 = p->median = NAN;
  p->ci_low = p->ci_high = p->ci_coverage = p->rate = NAN;
  p->min = p->max = NAN;
  p->runs = p->mode_count = p->repetitions = p->processes = -1;
  p->eps_met = -1;
  p->refined = -1;
  return p;
}

/* One number of a row at S (its column COL for messages). */
static int sk_peer_number(sk_peer_rd_t *rd, const char *s, size_t len,
                          int col, double *out)
{
  char tok[64], *end;
  if (len >= sizeof tok) {
    sk_msg_error_at(rd->name, rd->line, col, "a number of more than %d "
                    "characters", (int)sizeof tok - 1);
    return -1;
  }
  memcpy(tok, s, len);
  tok[len] = '\0';
  errno = 0;
  *out = strtod(tok, &end);
  if (errno || end == tok || *end || !isfinite(*out) || *out < 0 ||
      strpbrk(tok, "xXnN")) {   /* no hex, inf or nan spellings */
    char esc[256];
    sk_escape_buf(tok, esc, sizeof esc);
    sk_msg_error_at(rd->name, rd->line, col, "'%s' is not a number of "
                    "the table (finite, not negative)", esc);
    return -1;
  }
  return 0;
}

/* A row of T's columns into a new point of S; B converts its units. */
static int sk_peer_row(sk_peer_rd_t *rd, const sk_peer_table_t *t,
                       const sk_peer_bench_t *b, sk_rfile_suite_t *s)
{
  const char *p = rd->buf;
  double v[SK_PEER_COLS_MAX], arg = 0, bw = NAN;
  int col[SK_PEER_COLS_MAX], k = 0, i;
  sk_rfile_point_t *pt;
  while (*p) {
    size_t n;
    p += strspn(p, " \t");
    if (!*p)
      break;
    n = strcspn(p, " \t");
    if (k == t->n) {
      sk_msg_error_at(rd->name, rd->line, (int)(p - rd->buf) + 1, "more "
                      "numbers than the %d columns", t->n);
      return -1;
    }
    col[k] = (int)(p - rd->buf) + 1;
    if (sk_peer_number(rd, p, n, col[k], &v[k]) < 0)
      return -1;
    k++;
    p += n;
  }
  if (k < t->n) {
    sk_msg_error_at(rd->name, rd->line, (int)rd->n + 1, "%d number%s, the "
                    "table has %d columns", k, k == 1 ? "" : "s", t->n);
    return -1;
  }
  if (++rd->rows > SK_PEER_ROWS_MAX) {
    sk_msg_error_at(rd->name, rd->line, 1, "more than %d rows",
                    SK_PEER_ROWS_MAX);
    return -1;
  }
  for (i = 0; i < k; i++)
    if (t->col[i] == SK_COL_ARG) {
      arg = v[i];
      if (arg != floor(arg) || arg > SK_PEER_SIZE_MAX) {
        sk_msg_error_at(rd->name, rd->line, col[i], "a size must be a whole "
                        "number of bytes up to 1 TiB");
        return -1;
      }
      if (s->npoints && !(arg > s->points[s->npoints - 1].argument)) {
        sk_msg_error_at(rd->name, rd->line, col[i], "sizes must grow from "
                        "row to row");
        return -1;
      }
    }
  if (!(pt = sk_peer_point(s)))
    return -1;
  pt->argument = arg;
  for (i = 0; i < k; i++) {
    double us = v[i] * 1e-6 * b->factor;
    switch (t->col[i]) {
    case SK_COL_MEAN: pt->mean = us; break;
    case SK_COL_MIN: pt->min = us; break;
    case SK_COL_MAX: pt->max = us; break;
    case SK_COL_P50: pt->median = us; break;
    case SK_COL_REPS:
      pt->repetitions = v[i] <= 1e15 ? (long)v[i] : -1;
      break;
    case SK_COL_MBS: bw = v[i] * 1e6; break;
    case SK_COL_MIBS: bw = v[i] * 1048576.0; break;
    default: break;
    }
  }
  /* a bandwidth only: the time of the bytes a unit moves */
  if (isnan(pt->mean) && !isnan(bw))
    pt->mean = bw > 0 && b->payload ? arg * b->payload / bw : NAN;
  return 0;
}

/* ---- OSU ---------------------------------------------------------------- */

/* The OSU programs by the heart of their title ("Latency" of "OSU MPI
 * Latency Test"); a title not here gets "osu_" and its words. */
static const struct {
  const char *core, *suite;
  int kind;                 /* 0 one-way latency, 1 bandwidth, 2 bi-
                             * directional bandwidth, 3 a collective */
} sk_peer_osu_progs[] = {
  {"Latency", "osu_latency", 0}, {"Multi-threaded Latency",
  "osu_latency_mt", 0}, {"Multi-process Latency", "osu_latency_mp", 0},
  {"Latency Persistent", "osu_latency_persistent", 0},
  {"Multi Latency", "osu_multi_lat", 0},
  {"Bandwidth", "osu_bw", 1}, {"Bandwidth Persistent", "osu_bw_persistent",
  1}, {"Bi-Directional Bandwidth", "osu_bibw", 2},
  {"Bi-Directional Bandwidth Persistent", "osu_bibw_persistent", 2},
  {"Multiple Bandwidth / Message Rate", "osu_mbw_mr", 1},
  {"All-to-All Personalized Exchange Latency", "osu_alltoall", 3},
  {"All-to-Allv Personalized Exchange Latency", "osu_alltoallv", 3},
  {"All-to-Allw Personalized Exchange Latency", "osu_alltoallw", 3},
  {"Broadcast Latency", "osu_bcast", 3}, {"Barrier Latency", "osu_barrier",
  3}
};

/* "osu_" and the lower-case words of CORE joined by '_' into buf; a
 * collective's "_latency" left out, as its program is named. */
static void sk_peer_osu_name(const char *core, int collective, char *buf,
                             size_t size)
{
  size_t k = (size_t)snprintf(buf, size, "osu_");
  for (; *core && k + 1 < size; core++) {
    char ch = *core;
    if (ch >= 'A' && ch <= 'Z')
      ch = (char)(ch - 'A' + 'a');
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
      buf[k++] = ch;
    else if (k && buf[k - 1] != '_')
      buf[k++] = '_';
  }
  while (k > 4 && buf[k - 1] == '_')
    k--;
  if (collective && k > 8 && strncmp(buf + k - 8, "_latency", 8) == 0)
    k -= 8;
  buf[k] = '\0';
}

/* The title line "# OSU MPI... Test vX.Y": the instance ("OSU MPI
 * Latency Test"), the version, the suite and its conversion. */
static int sk_peer_osu_title(sk_peer_rd_t *rd, char *instance,
                             char *version, char *suite,
                             sk_peer_bench_t *b, int *collective)
{
  const char *s = rd->buf, *v, *core;
  size_t i, n;
  char heart[256];
  int kind = 3;
  s += strspn(s, " \t");
  v = strstr(s, " Test v");
  if (strncmp(s, "# OSU MPI", 9) != 0 || !v || v[7] < '0' || v[7] > '9' ||
      v - s > 200 || strlen(v + 7) > 30) {
    sk_msg_error_at(rd->name, rd->line, 1, "not an OSU output: its first "
                    "line is not '# OSU MPI... Test vX.Y'");
    return -1;
  }
  snprintf(instance, 256, "%.*s", (int)(v + 5 - (s + 2)), s + 2);
  snprintf(version, 64, "OSU %s", v + 7);
  /* the heart: after "MPI" (and "-CUDA" or "_Put"), before " Test" */
  core = s + 9;
  core += strcspn(core, " ");
  core += strspn(core, " ");
  n = (size_t)(v - core);
  snprintf(heart, sizeof heart, "%.*s", (int)n, core);
  if (strncmp(s + 9, "_", 1) == 0)     /* MPI_Put Latency: one-sided */
    snprintf(heart, sizeof heart, "%.*s", (int)(v - (s + 10)), s + 10);
  for (i = 0; i < sizeof sk_peer_osu_progs / sizeof *sk_peer_osu_progs; i++)
    if (strcmp(heart, sk_peer_osu_progs[i].core) == 0)
      break;
  if (i < sizeof sk_peer_osu_progs / sizeof *sk_peer_osu_progs) {
    snprintf(suite, 128, "%s", sk_peer_osu_progs[i].suite);
    kind = sk_peer_osu_progs[i].kind;
  } else {
    if (strstr(heart, "andwidth"))
      kind = strstr(heart, "Bi-") ? 2 : 1;
    sk_peer_osu_name(heart, kind == 3 && s[9] != '_', suite, 128);
  }
  *collective = kind == 3 && s[9] != '_';
  b->suite = suite;
  b->pattern = kind == 0 ? "pingpong" : *collective ? "collective" : "peer";
  b->factor = kind == 0 ? 2 : 1;
  b->payload = kind == 0 || kind == 2 ? 2 : kind == 1 ? 1 : 0;
  b->quantity = kind == 0 ? "one-way latency (half a round trip), stored as "
                "the round trip: 2 x the printed time"
              : kind == 1 ? "bandwidth, stored as the time of n bytes: n / "
                "(MB/s x 10^6)"
              : kind == 2 ? "bidirectional bandwidth, stored as the time of "
                "2n bytes: 2n / (MB/s x 10^6)"
              : "average time of one call as printed";
  return 0;
}

static int sk_peer_osu_body(sk_peer_rd_t *rd, sk_rfile_t *r,
                            sk_rfile_suite_t *s, const sk_peer_bench_t *b)
{
  sk_peer_table_t t;
  int have = 0, rc;
  char last[SK_PEER_LINE_MAX + 1] = "";
  int last_line = 0;
  while ((rc = sk_peer_next(rd)) > 0) {
    const char *p = rd->buf + strspn(rd->buf, " \t");
    if (sk_peer_blank(p))
      continue;
    if (*p == '#') {
      if (strstr(p, "# OSU MPI") == p) {
        sk_msg_error_at(rd->name, rd->line, 1, "a second OSU title: one "
                        "program's output per file");
        return -1;
      }
      if (strncmp(p, "# Datatype: ", 12) == 0 && sk_peer_kv(&s->params,
          &s->nparams, "Datatype", p + 12) < 0)
        return -1;
      if (have) {
        sk_msg_error_at(rd->name, rd->line, 1, "a comment line inside the "
                        "table");
        return -1;
      }
      memcpy(last, rd->buf, rd->n + 1);
      last_line = rd->line;
      continue;
    }
    if (!have) {
      sk_peer_rd_t hr = *rd;
      if (!last_line) {
        sk_msg_error_at(rd->name, rd->line, 1, "a row before the line of "
                        "column names");
        return -1;
      }
      memcpy(hr.buf, last, sizeof last);
      hr.line = last_line;
      if (sk_peer_header(&hr, strcspn(last, "#") + 1, 0, &t) < 0)
        return -1;
      if (!t.has[SK_COL_ARG])
        s->arg = SK_RESULT_ARG_NONE;
      have = 1;
    }
    if (sk_peer_row(rd, &t, b, s) < 0)
      return -1;
  }
  if (rc < 0)
    return -1;
  if (!s->npoints) {
    sk_msg_error_at(rd->name, rd->line ? rd->line : 1, 0, "no rows of "
                    "numbers: an OSU output that ended early");
    return -1;
  }
  (void)r;
  return 0;
}

static int sk_peer_osu(sk_peer_rd_t *rd, sk_rfile_t *r,
                       const sk_peer_opts_t *o)
{
  char instance[256], version[64], suite[128], np[32];
  sk_peer_bench_t b;
  sk_rfile_suite_t *s;
  int rc, collective;
  size_t i;
  while ((rc = sk_peer_next(rd)) > 0 && sk_peer_blank(rd->buf))
    ;
  if (rc <= 0) {
    if (rc == 0)
      sk_msg_error_at(rd->name, 0, 0, "empty: not an OSU output");
    return -1;
  }
  if (sk_peer_osu_title(rd, instance, version, suite, &b, &collective) < 0)
    return -1;
  if (collective && o->np < 0) {
    sk_msg_error_at(rd->name, rd->line, 1, "an OSU collective's output "
                    "does not say on how many processes it ran: give --np N");
    return -1;
  }
  snprintf(np, sizeof np, "%ld", o->np >= 0 ? o->np : 2);
  if (!(r->skampi_version = strdup(version)) ||
      !(r->start_time = strdup(o->mtime)) ||
      !(r->end_time = strdup(o->mtime)) ||
      sk_peer_kv(&r->factors, &r->nfactors, "processes", np) < 0 ||
      !(s = sk_peer_suite(r, suite, instance, &b, version)))
    return -2;
  if (sk_peer_osu_body(rd, r, s, &b) < 0)
    return -1;
  for (i = 0; i < s->npoints; i++)
    s->points[i].processes = strtol(np, NULL, 10);
  return 0;
}

/* ---- IMB ---------------------------------------------------------------- */

/* "# KEY : VALUE" of IMB's header: VALUE, or NULL when P is not KEY. */
static const char *sk_peer_imb_field(const char *p, const char *key)
{
  size_t n = strlen(key);
  if (strncmp(p, "# ", 2) != 0 || strncmp(p + 2, key, n) != 0)
    return NULL;
  p += 2 + n;
  p += strspn(p, " ");
  if (*p != ':')
    return NULL;
  p++;
  p += strspn(p, " ");
  return p;
}

/* IMB's "# Date : Fri Nov 27 16:21:08 2026" as ISO 8601 (read as UTC:
 * IMB prints local time without a zone). */
static int sk_peer_imb_date(const char *v, char out[32])
{
  struct tm tm;
  const char *end;
  memset(&tm, 0, sizeof tm);
  end = strptime(v, "%a %b %d %H:%M:%S %Y", &tm);
  if (!end || !sk_peer_blank(end) || tm.tm_year < 70 || tm.tm_year > 1100)
    return -1;
  strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return 0;
}

/* How IMB's benchmark NAME is stored. */
static void sk_peer_imb_bench(const char *name, sk_peer_bench_t *b)
{
  static const char *const pt2pt[] = {"PingPing", "Sendrecv", "Exchange",
                                      "Uniband", "Biband", NULL};
  int i;
  b->pattern = "collective";
  b->factor = 1;
  b->payload = 0;
  b->quantity = "average time of one call over the processes (t_avg) as "
                "printed";
  if (strcmp(name, "PingPong") == 0) {
    b->pattern = "pingpong";
    b->factor = 2;
    b->payload = 2;
    b->quantity = "one-way time (half a round trip), stored as the round "
                  "trip: 2 x the printed time";
    return;
  }
  for (i = 0; pt2pt[i]; i++)
    if (strcmp(name, pt2pt[i]) == 0) {
      b->pattern = "peer";
      b->payload = strcmp(name, "Uniband") == 0 ? 1 : 2;
      b->quantity = "time as printed (t, t_avg) or the time of the bytes "
                    "Mbytes/sec counts: bytes / (Mbytes/sec x 2^20)";
    }
}

typedef struct sk_peer_imb {
  char bench[128];          /* of the block being read */
  long np;
  int line;                 /* of its "# Benchmarking" */
  sk_peer_bench_t b;
  sk_rfile_suite_t *s;      /* its suite once its table starts */
  sk_peer_table_t t;
  char date[32];
  char version[64];
  char dtype[64], rdtype[64], op[64];   /* the header's settings */
  int calling;              /* the next comment is the calling sequence */
} sk_peer_imb_t;

/* The first word of V into buf[64] ("MPI_BYTE"); 0. */
static int sk_peer_word(char buf[64], const char *v)
{
  snprintf(buf, 64, "%.*s", (int)strcspn(v, " \t"), v);
  return 0;
}

/* A comment line of IMB: the header's fields, a block's start. */
static int sk_peer_imb_comment(sk_peer_rd_t *rd, sk_rfile_t *r,
                               sk_peer_imb_t *m, const char *p)
{
  const char *v;
  char *end;
  if ((v = strstr(p, "Intel(R) MPI Benchmarks ")) != NULL) {
    snprintf(m->version, sizeof m->version, "IMB %.*s", (int)strcspn(v + 24,
             ", "), v + 24);
    return 0;
  }
  if ((v = sk_peer_imb_field(p, "Date")) != NULL) {
    if (sk_peer_imb_date(v, m->date) < 0) {
      sk_msg_error_at(rd->name, rd->line, (int)(v - rd->buf) + 1, "not a date "
                      "as IMB prints it ('Fri Nov 27 16:21:08 2026')");
      return -1;
    }
    return 0;
  }
  if ((v = sk_peer_imb_field(p, "MPI Version")) != NULL)
    return sk_peer_kv(&r->factors, &r->nfactors, "mpi_version", v) < 0
           ? -2 : 0;
  if ((v = sk_peer_imb_field(p, "MPI_Datatype")) != NULL)
    return sk_peer_word(m->dtype, v);
  if ((v = sk_peer_imb_field(p, "MPI_Datatype for reductions")) != NULL)
    return sk_peer_word(m->rdtype, v);
  if ((v = sk_peer_imb_field(p, "MPI_Op")) != NULL)
    return sk_peer_word(m->op, v);
  if (strncmp(p, "# Calling sequence was:", 23) == 0) {
    m->calling = 1;
    return 0;
  }
  if (m->calling && p[1] == ' ' && !sk_peer_blank(p + 1)) {
    m->calling = 0;
    return sk_peer_kv(&r->factors, &r->nfactors, "command", p + 2) < 0
           ? -2 : 0;
  }
  if (strncmp(p, "# Benchmarking ", 15) == 0) {
    v = p + 15;
    snprintf(m->bench, sizeof m->bench, "%.*s", (int)strcspn(v, " \t"), v);
    if (!*m->bench || strspn(m->bench, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi"
        "jklmnopqrstuvwxyz0123456789_-") != strlen(m->bench)) {
      sk_msg_error_at(rd->name, rd->line, 16, "a benchmark's name must be "
                      "letters, digits, '_' and '-'");
      return -1;
    }
    m->np = -1;
    m->s = NULL;
    m->line = rd->line;
    return 0;
  }
  if ((v = strstr(p, "#processes = ")) != NULL && *m->bench) {
    errno = 0;
    m->np = strtol(v + 13, &end, 10);
    if (errno || end == v + 13 || m->np < 1 || m->np > 100000000) {
      sk_msg_error_at(rd->name, rd->line, (int)(v - rd->buf) + 14, "the "
                      "process count must be 1 to 100000000");
      return -1;
    }
  }
  return 0;
}

/* How many blocks of TEXT[0..LEN) are of the benchmark BENCH. */
static int sk_peer_blocks(const char *text, size_t len, const char *bench)
{
  char want[160];
  size_t n, at = 0;
  int count = 0;
  n = (size_t)snprintf(want, sizeof want, "# Benchmarking %s", bench);
  while (at + n <= len) {
    const char *hit = memmem(text + at, len - at, want, n);
    size_t end;
    if (!hit)
      break;
    end = (size_t)(hit - text) + n;
    if (end == len || text[end] == ' ' || text[end] == '\r' ||
        text[end] == '\n' || text[end] == '\t')
      count++;
    at = end;
  }
  return count;
}

/* The suite of the block in M: "IMB_NAME", or "IMB_NAME-npN" when the
 * file has the benchmark at several process counts (-npmin). */
static int sk_peer_imb_start(sk_peer_rd_t *rd, sk_rfile_t *r,
                             sk_peer_imb_t *m)
{
  char name[160], inst[160];
  size_t i;
  if (m->np < 0) {
    sk_msg_error_at(rd->name, rd->line, 1, "a table of '%s' without its "
                    "'# #processes = N' line", m->bench);
    return -1;
  }
  if (sk_peer_blocks(rd->text, rd->len, m->bench) > 1)
    snprintf(name, sizeof name, "IMB_%s-np%ld", m->bench, m->np);
  else
    snprintf(name, sizeof name, "IMB_%s", m->bench);
  for (i = 0; i < r->nsuites; i++)
    if (strcmp(r->suites[i].name, name) == 0) {
      sk_msg_error_at(rd->name, m->line, 1, "'%s' on %ld processes twice",
                      m->bench, m->np);
      return -1;
    }
  snprintf(inst, sizeof inst, "IMB-MPI1 %s", m->bench);
  sk_peer_imb_bench(m->bench, &m->b);
  m->b.suite = name;
  if (!(m->s = sk_peer_suite(r, name, inst, &m->b, m->version)) ||
      (*m->dtype && sk_peer_kv(&m->s->params, &m->s->nparams,
                               "MPI_Datatype", m->dtype) < 0) ||
      (*m->rdtype && sk_peer_kv(&m->s->params, &m->s->nparams,
                                "MPI_Datatype_for_reductions",
                                m->rdtype) < 0) ||
      (*m->op && sk_peer_kv(&m->s->params, &m->s->nparams, "MPI_Op",
                            m->op) < 0))
    return -2;
  if (!m->t.has[SK_COL_ARG])
    m->s->arg = SK_RESULT_ARG_NONE;
  return 0;
}

/* A line that is no comment: a table's head, or one of its rows. */
static int sk_peer_imb_line(sk_peer_rd_t *rd, sk_rfile_t *r,
                            sk_peer_imb_t *m, const char *p)
{
  if (*p == '#' && p[1] != '-' && p[1] != ' ') {   /* "#bytes ..." */
    if (!*m->bench) {
      sk_msg_error_at(rd->name, rd->line, 1, "a table before its '# "
                      "Benchmarking NAME' line");
      return -1;
    }
    if (m->s) {
      sk_msg_error_at(rd->name, rd->line, 1, "a second table in the block "
                      "of '%s'", m->bench);
      return -1;
    }
    if (sk_peer_header(rd, (size_t)(p - rd->buf), 1, &m->t) < 0)
      return -1;
    return sk_peer_imb_start(rd, r, m);
  }
  if (!m->s) {
    sk_msg_error_at(rd->name, rd->line, (int)(p - rd->buf) + 1, "not an IMB "
                    "output line (a row outside a benchmark's table)");
    return -1;
  }
  if (sk_peer_row(rd, &m->t, &m->b, m->s) < 0)
    return -1;
  m->s->points[m->s->npoints - 1].processes = m->np;
  return 0;
}

static int sk_peer_imb(sk_peer_rd_t *rd, sk_rfile_t *r,
                       const sk_peer_opts_t *o)
{
  sk_peer_imb_t m;
  long most = 0;
  char np[32];
  int rc, seen = 0;
  size_t i;
  memset(&m, 0, sizeof m);
  while ((rc = sk_peer_next(rd)) > 0) {
    const char *p = rd->buf + strspn(rd->buf, " \t");
    if (sk_peer_blank(p)) {
      m.s = NULL;           /* a blank line ends a table */
      memset(&m.t, 0, sizeof m.t);
      continue;
    }
    if (!seen && !strstr(p, "Intel(R) MPI Benchmarks ") &&
        strncmp(p, "#---", 4) != 0) {
      sk_msg_error_at(rd->name, rd->line, 1, "not an IMB output: no "
                      "'Intel(R) MPI Benchmarks' header before this line");
      return -1;
    }
    if (strstr(p, "Intel(R) MPI Benchmarks ")) {
      if (seen++) {
        sk_msg_error_at(rd->name, rd->line, 1, "a second IMB header: one "
                        "run's output per file");
        return -1;
      }
    }
    if (*p == '#' && (p[1] == ' ' || p[1] == '-' || p[1] == '\0'))
      rc = sk_peer_imb_comment(rd, r, &m, p);
    else
      rc = sk_peer_imb_line(rd, r, &m, p);
    if (rc < 0)
      return rc;
  }
  if (rc < 0)
    return -1;
  if (!seen || !*m.date) {
    sk_msg_error_at(rd->name, seen ? 1 : 0, 0, seen ? "no '# Date' line: "
                    "an IMB output's header" : "empty: not an IMB output");
    return -1;
  }
  if (!r->nsuites) {
    sk_msg_error_at(rd->name, rd->line, 0, "no benchmark's table: an IMB "
                    "output that ended early");
    return -1;
  }
  for (i = 0; i < r->nsuites; i++)
    if (r->suites[i].npoints && r->suites[i].points[0].processes > most)
      most = r->suites[i].points[0].processes;
  snprintf(np, sizeof np, "%ld", o->np >= 0 ? o->np : most);
  if (!(r->skampi_version = strdup(m.version)) ||
      !(r->start_time = strdup(m.date)) || !(r->end_time = strdup(m.date)) ||
      sk_peer_kv(&r->factors, &r->nfactors, "processes", np) < 0)
    return -2;
  return 0;
}

/* ---- the result --------------------------------------------------------- */

sk_rfile_t *sk_peer_parse(sk_peer_kind_t kind, const char *name,
                          const char *text, size_t len,
                          const sk_peer_opts_t *o)
{
  sk_peer_rd_t *rd = calloc(1, sizeof *rd);
  sk_rfile_t *r = calloc(1, sizeof *r);
  int rc = -2;
  if (rd && r) {
    rd->name = name;
    rd->text = text;
    rd->len = len;
    r->wall_time = -1;
    if (len > SK_PEER_MAX_BYTES) {
      sk_msg_error_at(name, 0, 0, "larger than the limit of %u MiB",
                      SK_PEER_MAX_BYTES >> 20);
      rc = -1;
    }
    else if ((r->path = strdup(name)) && (r->suite_file = strdup("")) &&
             (r->run_status = strdup("complete")) &&
             sk_peer_kv(&r->factors, &r->nfactors, "mpi_library",
                        o->library) == 0)
      rc = kind == SK_PEER_OSU ? sk_peer_osu(rd, r, o) : sk_peer_imb(rd, r,
                                                                  o);
  }
  if (rc == -2)
    sk_msg_error("out of memory reading '%s'", name);
  free(rd);
  if (rc < 0) {
    sk_rfile_free(r);
    return NULL;
  }
  return r;
}
