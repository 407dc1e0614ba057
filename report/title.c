/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * title.c -- the title page of a result file: run, machine, factors and
 * the table of suites.
 */
#include <config.h>

#include "title.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "floor.h"
#include "gp.h"
#include "nodemap.h"
#include "noise.h"

#define SK_TITLE_STEP 0.0235     /* line distance, fraction of the page */
#define SK_TITLE_TOP 0.835
#define SK_TITLE_FLOOR 0.07      /* nothing below this line */
#define SK_TITLE_SIZE 9
#define SK_TITLE_OK "#1b7a2e"
#define SK_TITLE_BAD "#b00000"
#define SK_TITLE_GREY "#555555"

/* A column of key/value lines that stops when the page is full. */
typedef struct sk_title_col {
  FILE *f;
  double x, y;             /* the next line's position */
  double xval;             /* where values start */
  size_t width;            /* characters a value may take */
  size_t omitted;          /* lines that did not fit */
} sk_title_col_t;

static int sk_title_room(sk_title_col_t *c)
{
  /* Keep one line free for the "... more" note. */
  if (c->y - SK_TITLE_STEP < SK_TITLE_FLOOR) {
    c->omitted++;
    return 0;
  }
  return 1;
}

static void sk_title_heading(sk_title_col_t *c, const char *text)
{
  if (!sk_title_room(c))
    return;
  c->y -= SK_TITLE_STEP * 0.4;
  sk_gp_label(c->f, c->x, c->y, "left", 10, 1, NULL, text, 0);
  c->y -= SK_TITLE_STEP;
}

static void sk_title_kv(sk_title_col_t *c, const char *key, const char *value,
                        const char *colour)
{
  if (!sk_title_room(c))
    return;
  sk_gp_label(c->f, c->x, c->y, "left", SK_TITLE_SIZE, 0, "#555555", key,
              22);
  sk_gp_label(c->f, c->xval, c->y, "left", SK_TITLE_SIZE, 0, colour,
              value && *value ? value : "\xe2\x80\x93", c->width);
  c->y -= SK_TITLE_STEP;
}

/* One line over the key and value columns. */
static void sk_title_wide(sk_title_col_t *c, const char *text,
                          const char *colour)
{
  if (!sk_title_room(c))
    return;
  sk_gp_label(c->f, c->x, c->y, "left", SK_TITLE_SIZE, 0, colour, text,
              c->width + 22);
  c->y -= SK_TITLE_STEP;
}

/* A sentence over as many wide lines as it needs (cut at blanks), the
 * first marked with a bullet. */
static void sk_title_wrapped(sk_title_col_t *c, const char *text,
                             const char *colour)
{
  char line[256];
  size_t width = c->width + 18, n;
  const char *p = text;
  int first = 1;
  while (*p) {
    n = strlen(p);
    if (n > width) {
      n = width;
      while (n > width / 2 && p[n] != ' ')
        n--;
      if (p[n] != ' ')
        n = width;
    }
    snprintf(line, sizeof line, "%s%.*s", first ? "\xe2\x80\xa2 " : "  ",
             (int)n, p);
    sk_title_wide(c, line, colour);
    p += n;
    while (*p == ' ')
      p++;
    first = 0;
  }
}

/* The machine's verdict (doc/engine.md, "The machine's noise"), and
 * its evidence one sentence a line. */
static void sk_title_noise(sk_title_col_t *c, const sk_rfile_t *r)
{
  char buf[600];
  const char *e, *semi, *warn;
  int quiet;
  if (r->noise_verdict == NULL) {
    sk_title_kv(c, "machine", "not judged (a file from before the verdict)",
                "#555555");
    return;
  }
  quiet = strcmp(r->noise_verdict, "quiet") == 0;
  /* the word with its degree: "noisy (worst rank 24% CPU)" */
  sk_noise_label(r->noise_verdict, r->noise_degree, buf, sizeof buf);
  sk_title_kv(c, "machine", buf, quiet ? SK_TITLE_OK : SK_TITLE_BAD);
  /* the run's own warning (unpinned processes) beside the verdict, not
   * only among the factors, where it may not fit */
  if ((warn = sk_rfile_factor(r, "warning")) != NULL && *warn)
    sk_title_wrapped(c, warn, SK_TITLE_BAD);
  for (e = r->noise_evidence; *e; e = *semi ? semi + 2 : semi) {
    semi = strstr(e, "; ");
    if (semi == NULL)
      semi = e + strlen(e);
    snprintf(buf, sizeof buf, "%.*s", (int)(semi - e), e);
    sk_title_wrapped(c, buf, SK_TITLE_BAD);
  }
}

static void sk_title_run(sk_title_col_t *c, const sk_rfile_t *r)
{
  char wall[64] = "";
  if (r->wall_time >= 0)
    snprintf(wall, sizeof wall, "%.4g s", r->wall_time);
  sk_title_heading(c, "Run");
  sk_title_kv(c, "result file", r->path, NULL);
  sk_title_kv(c, "skampi", r->skampi_version, NULL);
  sk_title_kv(c, "suite file", r->suite_file, NULL);
  sk_title_kv(c, "status", r->run_status,
              strcmp(r->run_status, "complete") == 0 ? SK_TITLE_OK
                                                     : SK_TITLE_BAD);
  if (r->run_stop != NULL)
    sk_title_kv(c, "stopped", r->run_stop, SK_TITLE_BAD);
  sk_title_kv(c, "started", r->start_time, NULL);
  sk_title_kv(c, "ended", r->end_time, NULL);
  sk_title_kv(c, "wall time", wall, NULL);
  sk_title_noise(c, r);
}

/* The batch system's job (factors.batch), when a batch system started
 * the run: "job id", "partition", ... as the result names them with
 * blanks for underscores. */
static void sk_title_batch(sk_title_col_t *c, const sk_rfile_t *r)
{
  static const char batch[] = "batch.";
  char key[40];
  size_t i, j, n = 0;
  for (i = 0; i < r->nfactors; i++) {
    const char *k = r->factors[i].key;
    if (strncmp(k, batch, sizeof batch - 1) != 0)
      continue;
    if (n++ == 0)
      sk_title_heading(c, "Batch job");
    snprintf(key, sizeof key, "%s", k + sizeof batch - 1);
    for (j = 0; key[j]; j++)
      if (key[j] == '_')
        key[j] = ' ';
    sk_title_kv(c, key, r->factors[i].value, NULL);
  }
}

static void sk_title_meta(sk_title_col_t *c, const sk_rfile_t *r)
{
  size_t i;
  sk_title_heading(c, "Machine (suite file preamble)");
  for (i = 0; i < r->nmeta; i++)
    sk_title_kv(c, r->meta[i].key, r->meta[i].value, NULL);
  if (r->nmeta == 0)
    sk_title_wide(c, "no metadata recorded", "#555555");
}

/* Suites not complete: at most this many named on the title page; the
 * whole list (and the whole environment) then goes on a page of its
 * own after the file's title pages (sk_title_details_wanted()). */
#define SK_TITLE_NAMED 3
/* Reasons counted apart on the title page, at most. */
#define SK_TITLE_REASONS 4

/* Left out because the run lacks its pair or placement (Missing_Pair =
 * Leave_Out): not a problem, listed apart (sk_title_left_out()). */
static int sk_title_is_left_out(const sk_rfile_suite_t *s)
{
  return strcmp(s->status, "left_out") == 0;
}

/* A suite that did not complete: neither complete nor left out. */
static int sk_title_problem(const sk_rfile_suite_t *s)
{
  return strcmp(s->status, "complete") != 0 && !sk_title_is_left_out(s);
}

static size_t sk_title_not_complete(const sk_rfile_t *r)
{
  size_t i, n = 0;
  for (i = 0; i < r->nsuites; i++)
    n += sk_title_problem(&r->suites[i]);
  return n;
}

int sk_title_details_wanted(const sk_rfile_t *r)
{
  return sk_title_not_complete(r) > SK_TITLE_NAMED;
}

/* The reason of a suite that did not complete, for counting: its status
 * and the words of its message before the first '(', ':' or digit
 * ("incomplete: its share of Time_Run", "incomplete: not measured"). */
static void sk_title_reason(const sk_rfile_suite_t *s, char *buf,
                            size_t size)
{
  size_t n = strcspn(s->message, "(:0123456789");
  while (n > 0 && s->message[n - 1] == ' ')
    n--;
  if (n > 48)
    n = 48;
  snprintf(buf, size, "%s%s%.*s", s->status, n ? ": " : "", (int)n,
           s->message);
}

/* The counts by reason of the suites that did not complete, most first
 * as they come; the reasons past SK_TITLE_REASONS counted as "other". */
static void sk_title_reasons(sk_title_col_t *c, const sk_rfile_t *r)
{
  char reason[SK_TITLE_REASONS][80], buf[128], one[80];
  size_t count[SK_TITLE_REASONS], nr = 0, other = 0, i, k;
  for (i = 0; i < r->nsuites; i++) {
    if (!sk_title_problem(&r->suites[i]))
      continue;
    sk_title_reason(&r->suites[i], one, sizeof one);
    for (k = 0; k < nr && strcmp(reason[k], one) != 0; k++)
      ;
    if (k < nr) {
      count[k]++;
    } else if (nr < SK_TITLE_REASONS) {
      snprintf(reason[nr], sizeof reason[nr], "%s", one);
      count[nr++] = 1;
    } else {
      other++;
    }
  }
  for (k = 0; k < nr; k++) {
    snprintf(buf, sizeof buf, "%lu \xc3\x97 %s", (unsigned long)count[k],
             reason[k]);
    sk_title_wide(c, buf, SK_TITLE_BAD);
  }
  if (other) {
    snprintf(buf, sizeof buf, "%lu \xc3\x97 other reasons",
             (unsigned long)other);
    sk_title_wide(c, buf, SK_TITLE_BAD);
  }
}

/* Suites that did not complete: up to SK_TITLE_NAMED named with the
 * engine's reason; more are counted by reason, the first few named in
 * one line, and every one is on the details page. */
static void sk_title_problems(sk_title_col_t *c, const sk_rfile_t *r)
{
  char buf[512];
  size_t i, n = 0, all = sk_title_not_complete(r), len = 0;
  const sk_rfile_suite_t *s;
  if (all == 0)
    return;
  snprintf(buf, sizeof buf, "Suites that did not complete (%lu of %lu)",
           (unsigned long)all, (unsigned long)r->nsuites);
  sk_title_heading(c, buf);
  if (all > SK_TITLE_NAMED)
    sk_title_reasons(c, r);
  for (i = 0; i < r->nsuites && n < SK_TITLE_NAMED; i++) {
    s = &r->suites[i];
    if (!sk_title_problem(s))
      continue;
    n++;
    if (all <= SK_TITLE_NAMED) {
      snprintf(buf, sizeof buf, "%s: %s%s%s", s->name, s->status,
               *s->message ? " \xe2\x80\x94 " : "", s->message);
      sk_title_wide(c, buf, SK_TITLE_BAD);
    } else {
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%.60s",
                              n == 1 ? "first: " : ", ", s->name);
      len = len < sizeof buf ? len : sizeof buf - 1;
    }
  }
  if (all > n) {
    snprintf(buf + len, sizeof buf - len, " \xe2\x80\xa6 and %lu more "
             "(all on the details page)", (unsigned long)(all - n));
    sk_title_wide(c, buf, SK_TITLE_BAD);
  }
}

/* Suites left out because the run lacks the pair or placement they ask
 * for (status left_out: one host has no pair across nodes): named with
 * the reason, in grey, the first SK_TITLE_NAMED, the rest counted. */
static void sk_title_left_out(sk_title_col_t *c, const sk_rfile_t *r)
{
  char buf[512];
  size_t i, n = 0;
  const sk_rfile_suite_t *s;
  for (i = 0; i < r->nsuites; i++) {
    s = &r->suites[i];
    if (!sk_title_is_left_out(s))
      continue;
    if (n++ == 0)
      sk_title_heading(c, "Left out (the run lacks their pair)");
    if (n <= SK_TITLE_NAMED) {
      snprintf(buf, sizeof buf, "%s \xe2\x80\x94 %s", s->name, s->message);
      sk_title_wide(c, buf, SK_TITLE_GREY);
    }
  }
  if (n > SK_TITLE_NAMED) {
    snprintf(buf, sizeof buf, "\xe2\x80\xa6 and %lu more (their messages "
             "are in the result file)", (unsigned long)(n - SK_TITLE_NAMED));
    sk_title_wide(c, buf, SK_TITLE_GREY);
  }
}

/* Library faults first: a finding about the MPI library, each in a
 * line and its reproducer in another. */
static void sk_title_faults(sk_title_col_t *c, const sk_rfile_t *r)
{
  char buf[600];
  size_t i, n = 0;
  const sk_rfile_suite_t *s;
  const char *repro;
  for (i = 0; i < r->nsuites; i++) {
    s = &r->suites[i];
    if (strcmp(s->status, "library_fault") != 0)
      continue;
    if (n++ == 0)
      sk_title_heading(c, "Library faults found (wrong data from MPI)");
    if (n > SK_TITLE_NAMED) {
      sk_title_wide(c, "\xe2\x80\xa6 more: see the suites' messages",
                    SK_TITLE_BAD);
      return;
    }
    snprintf(buf, sizeof buf, "%s: %s", s->name, s->message);
    sk_title_wide(c, buf, SK_TITLE_BAD);
    if ((repro = strstr(s->message, "; reproducer: ")) != NULL)
      sk_title_wide(c, repro + 2, SK_TITLE_BAD);
  }
}

/* The node map and the factors, the environment last (its lines are
 * what the page cuts first). */
/* A byte count as "8 B", "4 KiB", "1 MiB". */
static void sk_title_len(char *buf, size_t n, double len)
{
  if (len >= 1048576.0)
    snprintf(buf, n, "%.0f MiB", len / 1048576.0);
  else if (len >= 1024.0)
    snprintf(buf, n, "%.0f KiB", len / 1024.0);
  else
    snprintf(buf, n, "%.0f B", len);
}

/* The node's limits (@LIMITS; lib/floor.h): the cache line, the copy
 * rate at a few lengths, all ranks' copy, the links, the cost. */
static void sk_title_limits(sk_title_col_t *c, const sk_rfile_t *r)
{
  static const char link[] = "limits.links.";
  sk_floor_t f;
  char buf[160], len[32], key[64];
  const char *t;
  size_t i, k, shown = 0;
  if (sk_floor_limits(r, &f) != 0)
    return;
  sk_title_heading(c, "The node's limits (floors)");
  if (isfinite(f.line_median))
    snprintf(buf, sizeof buf, "%.0f ns (best %.0f ns), CPUs %ld and %ld",
             f.line_median * 1e9, f.line * 1e9, f.cpus[0], f.cpus[1]);
  else
    snprintf(buf, sizeof buf, "not measured: %s",
             (t = sk_rfile_factor(r, "limits.cache_line.skipped")) ? t
                                                                  : "?");
  sk_title_kv(c, "cache line", buf, NULL);
  /* 8 B, 4 KiB, 1 MiB and the longest: one core's median copy rate */
  for (i = 0; i < f.ncopy; i++) {
    if (f.len[i] != 8 && f.len[i] != 4096 && f.len[i] != 1048576 &&
        i + 1 != f.ncopy)
      continue;
    sk_title_len(len, sizeof len, f.len[i]);
    snprintf(key, sizeof key, "copy %s", len);
    snprintf(buf, sizeof buf, "%.2f GB/s (best %.2f)", f.median[i] / 1e9,
             f.best[i] / 1e9);
    sk_title_kv(c, key, buf, NULL);
  }
  if (isfinite(f.all_rate)) {
    t = sk_rfile_factor(r, "limits.all_ranks_copy.ranks");
    snprintf(buf, sizeof buf, "%.2f GB/s (%s ranks at once)",
             f.all_rate / 1e9, t ? t : "?");
    sk_title_kv(c, "all ranks' copy", buf, NULL);
  }
  for (k = 0; k < r->nfactors; k++)
    if (strncmp(r->factors[k].key, link, sizeof link - 1) == 0 &&
        shown++ < 4) {
      snprintf(key, sizeof key, "link %s",
               r->factors[k].key + sizeof link - 1);
      sk_title_kv(c, key, r->factors[k].value, NULL);
    }
  if (isfinite(f.cost)) {
    snprintf(buf, sizeof buf, "%.2f s", f.cost);
    sk_title_kv(c, "measured in", buf, NULL);
  }
}

static void sk_title_factors(sk_title_col_t *c, const sk_rfile_t *r)
{
  static const char env[] = "environment.", batch[] = "batch.";
  char buf[512];
  size_t i;
  sk_title_heading(c, "Experimental factors");
  if (r->nodemap != NULL) {
    sk_nodemap_summary(r->nodemap, buf, sizeof buf);
    sk_title_kv(c, "nodes", buf, NULL);
  }
  for (i = 0; i < r->nfactors; i++)
    if (strncmp(r->factors[i].key, env, sizeof env - 1) != 0 &&
        strncmp(r->factors[i].key, batch, sizeof batch - 1) != 0 &&
        strncmp(r->factors[i].key, "limits.", 7) != 0)  /* sk_title_limits() */
      sk_title_kv(c, r->factors[i].key, r->factors[i].value, NULL);
  if (r->nfactors == 0)
    sk_title_wide(c, "no factors recorded", "#555555");
}

static void sk_title_environment(sk_title_col_t *c, const sk_rfile_t *r)
{
  static const char env[] = "environment.";
  char buf[512];
  size_t i;
  for (i = 0; i < r->nfactors; i++)
    if (strncmp(r->factors[i].key, env, sizeof env - 1) == 0) {
      snprintf(buf, sizeof buf, "%s=%s",
               r->factors[i].key + sizeof env - 1, r->factors[i].value);
      sk_title_wide(c, buf, NULL);
    }
}

static void sk_title_omitted(const sk_title_col_t *c)
{
  char buf[80];
  if (!c->omitted)
    return;
  snprintf(buf, sizeof buf, "\xe2\x80\xa6 %lu more line%s in the result "
           "file", (unsigned long)c->omitted, c->omitted == 1 ? "" : "s");
  sk_gp_label(c->f, c->x, SK_TITLE_FLOOR - SK_TITLE_STEP * 0.5, "left",
              SK_TITLE_SIZE, 0, "#555555", buf, 0);
}

/* The run, its library faults, the suites left out (a few short lines),
 * the factors and node map, what did not
 * complete, the machine's preamble, the environment: what matters most
 * first, so that a full page cuts the least. */
static void sk_title_left(FILE *f, const sk_rfile_t *r)
{
  sk_title_col_t c = {f, 0.03, SK_TITLE_TOP, 0.15, 55, 0};
  sk_title_run(&c, r);
  sk_title_faults(&c, r);
  sk_title_left_out(&c, r);
  sk_title_batch(&c, r);
  sk_title_limits(&c, r);
  sk_title_factors(&c, r);
  sk_title_problems(&c, r);
  sk_title_meta(&c, r);
  sk_title_environment(&c, r);
  sk_title_omitted(&c);
}

/* The details page: every suite that did not complete with its reason,
 * a line each (left); the preamble's metadata and every factor and
 * environment variable (right). */
static void sk_title_details(FILE *f, const sk_rfile_t *r)
{
  sk_title_col_t c = {f, 0.03, SK_TITLE_TOP, 0.15, 55, 0};
  sk_title_col_t d = {f, 0.52, SK_TITLE_TOP, 0.64, 50, 0};
  char buf[512];
  size_t i;
  const sk_rfile_suite_t *s;
  snprintf(buf, sizeof buf, "Suites that did not complete (%lu of %lu)",
           (unsigned long)sk_title_not_complete(r),
           (unsigned long)r->nsuites);
  sk_title_heading(&c, buf);
  for (i = 0; i < r->nsuites; i++) {
    s = &r->suites[i];
    if (!sk_title_problem(s))
      continue;
    snprintf(buf, sizeof buf, "%s: %s%s%s", s->name, s->status,
             *s->message ? " \xe2\x80\x94 " : "", s->message);
    sk_title_wide(&c, buf, SK_TITLE_BAD);
  }
  sk_title_omitted(&c);
  sk_title_meta(&d, r);
  sk_title_heading(&d, "Every factor");
  for (i = 0; i < r->nfactors; i++) {
    snprintf(buf, sizeof buf, "%s=%s", r->factors[i].key,
             r->factors[i].value);
    sk_title_wide(&d, buf, NULL);
  }
  sk_title_omitted(&d);
}

/* Column positions of the suite table. */
static const double sk_title_cols[] = {0.50, 0.665, 0.79, 0.865, 0.94,
                                       0.97};

/* The verdict as the table shows it (a fixed word, never the file's
 * text). */
static const char *sk_title_verdict(const char *v)
{
  if (v == NULL)
    return "";
  return strcmp(v, "oversubscribed") == 0 ? "oversub." : v;
}

static void sk_title_row(FILE *f, double y, const sk_rfile_suite_t *s)
{
  char pts[32], missed[32] = "";
  size_t i, m = 0;
  for (i = 0; i < s->npoints; i++)
    m += !s->points[i].eps_met;
  snprintf(pts, sizeof pts, "%lu", (unsigned long)s->npoints);
  if (m)
    snprintf(missed, sizeof missed, "%lu", (unsigned long)m);
  sk_gp_label_mid(f, sk_title_cols[0], y, SK_TITLE_SIZE, s->name, 28);
  sk_gp_label(f, sk_title_cols[1], y, "left", SK_TITLE_SIZE, 0, NULL,
              s->instance, 20);
  sk_gp_label(f, sk_title_cols[2], y, "left", SK_TITLE_SIZE, 0,
              strcmp(s->status, "complete") == 0 ? SK_TITLE_OK
              : sk_title_is_left_out(s)           ? SK_TITLE_GREY
                                                  : SK_TITLE_BAD,
              s->status, 10);
  sk_gp_label(f, sk_title_cols[3], y, "left", SK_TITLE_SIZE, 0,
              s->noise_verdict == NULL ||
                      strcmp(s->noise_verdict, "quiet") == 0
                  ? SK_TITLE_OK : SK_TITLE_BAD,
              sk_title_verdict(s->noise_verdict), 9);
  sk_gp_label(f, sk_title_cols[4], y, "right", SK_TITLE_SIZE, 0, NULL, pts,
              0);
  sk_gp_label(f, sk_title_cols[5], y, "right", SK_TITLE_SIZE, 0,
              SK_TITLE_BAD, missed, 0);
}

static void sk_title_table(FILE *f, const sk_rfile_t *r,
                           const sk_page_t *p)
{
  static const char *const head[] = {"suite", "instance", "status",
                                     "machine", "points",
                                     "\xce\xb5 missed"};
  static const char *const align[] = {"left", "left", "left", "left",
                                      "right", "right"};
  char buf[96];
  double y = SK_TITLE_TOP - SK_TITLE_STEP * 0.4;
  size_t i;
  snprintf(buf, sizeof buf, "Suites (%lu%s)", (unsigned long)r->nsuites,
           p->continued ? ", continued" : "");
  sk_gp_label(f, sk_title_cols[0], y, "left", 10, 1, NULL, buf, 0);
  y -= SK_TITLE_STEP * 1.2;
  for (i = 0; i < 6; i++)
    sk_gp_label(f, sk_title_cols[i], y, align[i], SK_TITLE_SIZE, 1,
                "#555555", head[i], 0);
  fprintf(f, "set arrow from screen %.3f,%.4f to screen %.3f,%.4f nohead "
          "lc rgb '#999999' lw 0.5\n", sk_title_cols[0],
          y - SK_TITLE_STEP * 0.45, sk_title_cols[5],
          y - SK_TITLE_STEP * 0.45);
  for (i = 0; i < p->count; i++) {
    y -= SK_TITLE_STEP;
    sk_title_row(f, y, &r->suites[p->first + i]);
  }
  if (r->nsuites == 0)
    sk_gp_label(f, sk_title_cols[0], y - SK_TITLE_STEP, "left",
                SK_TITLE_SIZE, 0, "#555555", "no suite has finished yet", 0);
}

void sk_title_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                   size_t npages)
{
  const sk_rfile_t *r = in->files[page->file];
  const char *title = in->params && in->params->title ? in->params->title
                                                      : "skampi report";
  char sub[640];
  snprintf(sub, sizeof sub, "result file %lu of %lu: %s",
           (unsigned long)page->file + 1, (unsigned long)in->n,
           in->labels[page->file]);
  fprintf(f, "\n# ---- page %d: %s\n", page->number, page->slug);
  sk_gp_page_begin(f);
  sk_gp_frame(f, page, npages, title, sub, NULL, NULL, NULL);
  if (page->details) {
    sk_title_details(f, r);
    sk_gp_blank_plot(f);
    fputs("unset multiplot\n", f);
    return;
  }
  if (!page->continued)
    sk_title_left(f, r);
  sk_title_table(f, r, page);
  sk_gp_blank_plot(f);
  fputs("unset multiplot\n", f);
}
