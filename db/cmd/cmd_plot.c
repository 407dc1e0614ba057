/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_plot.c -- skampi-db plot and history: the selected runs drawn
 * (dbplot.h), and one point over time with its change points
 * (history.h), printed and plotted.
 */
#include <config.h>

#include "dbcmd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbout.h"
#include "dbplot.h"
#include "emit.h"
#include "escape.h"
#include "history.h"
#include "msg.h"
#include "wbuf.h"
#include "web.h"

#define SK_CMD_ERR 1200

/* The runs of the command's selection, which have each of its suites
 * (history: and a point at its argument); SK_DB_OK or an exit status
 * with the message given. */
static int sk_cmd_select(sk_store_t *st, const sk_dbcmd_t *c, int64_t **ids,
                         size_t *n)
{
  sk_sel_t sel = {NULL, 0, 0};
  size_t i;
  int rc = SK_DB_OK;
  if (sk_dbcmd_selection(c->args, c->nargs, &sel) < 0)
    rc = SK_DB_USAGE;
  else if (sk_store_select(st, &sel, ids, n) < 0)
    rc = SK_DB_STORE;
  else if (*n == 0) {
    sk_msg_error("no run matches the selection (see skampi-db list)");
    rc = SK_DB_FAILED;
  }
  for (i = 0; rc == SK_DB_OK && i < c->nsuites; i++)
    rc = sk_dbcmd_suite_known(st, &sel, c->suites[i]);
  if (rc == SK_DB_OK && !isnan(c->argument) && c->nsuites == 1)
    rc = sk_dbcmd_argument_known(st, &sel, c->suites[0], c->argument);
  sk_sel_free(&sel);
  if (rc != SK_DB_OK) {
    free(*ids);
    *ids = NULL;
  }
  return rc;
}

int sk_dbcmd_plot(sk_store_t *st, const sk_dbcmd_t *c)
{
  char err[SK_CMD_ERR];
  int64_t *ids = NULL;
  size_t n = 0;
  int rc;
  if (c->nsuites == 0) {
    sk_msg_error("plot needs --suite NAME (see skampi-db suites)");
    return SK_DB_USAGE;
  }
  if (!c->output) {
    sk_msg_error("plot needs -o FILE.pdf or -o FILE.svg");
    return SK_DB_USAGE;
  }
  if (sk_dbplot_format(c->output, err, sizeof err) < 0) {
    sk_msg_error("%s", err);
    return SK_DB_USAGE;
  }
  if ((rc = sk_cmd_select(st, c, &ids, &n)) != SK_DB_OK)
    return rc;
  /* a merged file and its runs never both drawn: the runs are */
  if (sk_store_dedupe(st, ids, &n) < 0) {
    free(ids);
    return SK_DB_STORE;
  }
  if (sk_dbplot_draw(st, ids, n, (const char *const *)c->suites, c->nsuites,
                     c->xmin, c->xmax, !c->linear_x, c->output, err,
                     sizeof err) < 0) {
    sk_msg_error("%s", err);
    rc = SK_DB_FAILED;
  }
  free(ids);
  return rc;
}

/* ---- history ----------------------------------------------------------- */

/* A CSV field: empty for NaN. */
static void sk_cmd_csv_num(double v)
{
  char b[32];
  sk_dbout_num(b, v);
  printf(",%s", isnan(v) ? "" : b);
}

/* A time with its unit ("0.761 µs") after BEFORE, right-aligned in
 * WIDTH characters (0: as it is; µ is one character of two bytes). */
static void sk_cmd_time(const char *before, double v, int width)
{
  char b[32];
  int chars = 0, i;
  sk_dbout_time(b, v);
  for (i = 0; b[i]; i++)
    chars += ((unsigned char)b[i] & 0xc0) != 0x80;
  fputs(before, stdout);
  for (; chars < width; chars++)
    putchar(' ');
  fputs(b, stdout);
}

static void sk_cmd_table(const sk_history_t *h)
{
  char text[512];
  size_t i, k = 0;
  char a[32];
  sk_dbout_num(a, h->argument);
  printf("%6s  %-20s  %10s  %10s  %10s\n", "run", "start_time",
         "median", "q1", "q3");
  for (i = 0; i < h->npoints; i++) {
    const sk_history_point_t *p = &h->points[i];
    if (k < h->ncps && h->cps[k].at == i)
      printf("%6s  -- change point %lu --\n", "", (unsigned long)++k);
    printf("%6lld  ", (long long)p->run);
    sk_dbout_text(stdout, "%-20s  ", p->start_time);
    sk_cmd_time("", p->value, 10);
    sk_cmd_time("  ", p->q1, 10);
    sk_cmd_time("  ", p->q3, 10);
    putchar('\n');
  }
  sk_history_matched_text(h, text, sizeof text);
  printf("\n%s\n", text);
  printf("change points (E-divisive means on ranks, p <= %g, change >= "
         "%g%%, %lu permutations): ", h->opts.alpha,
         h->opts.min_effect * 100, (unsigned long)h->opts.permutations);
  printf(h->ncps ? "%lu\n" : "none\n", (unsigned long)h->ncps);
  for (i = 0; i < h->ncps; i++) {
    const sk_history_cp_t *cp = &h->cps[i];
    printf("  %lu. from run %lld (", (unsigned long)i + 1,
           (long long)cp->run);
    sk_dbout_text(stdout, "%s", h->points[cp->at].start_time);
    sk_cmd_time("): ", cp->before, 0);
    sk_cmd_time(" -> ", cp->after, 0);
    printf(" (%+.1f%%), p = %.4g\n",
           100 * (cp->after - cp->before) / cp->before, cp->p);
  }
}

static void sk_cmd_csv(const sk_history_t *h)
{
  size_t i, k = 0;
  puts("run,start_time,median,q1,q3,change_before,change_after,change_p");
  for (i = 0; i < h->npoints; i++) {
    const sk_history_point_t *p = &h->points[i];
    printf("%lld,", (long long)p->run);
    sk_dbout_csv(stdout, p->start_time);
    sk_cmd_csv_num(p->value);
    sk_cmd_csv_num(p->q1);
    sk_cmd_csv_num(p->q3);
    if (k < h->ncps && h->cps[k].at == i) {
      sk_cmd_csv_num(h->cps[k].before);
      sk_cmd_csv_num(h->cps[k].after);
      sk_cmd_csv_num(h->cps[k].p);
      putchar('\n');
      k++;
    } else
      puts(",,,");
  }
}

static int sk_cmd_kv_num(sk_emit_t *e, const char *key, double v)
{
  return isnan(v) ? 0 : sk_emit_kv_double(e, key, v);
}

static int sk_cmd_yaml(const sk_history_t *h)
{
  sk_emit_t *e = sk_emit_open(stdout);
  char text[512];
  size_t i;
  int rc;
  if (!e)
    return -1;
  rc = sk_emit_map_begin(e) | sk_emit_kv_str(e, "suite", h->suite);
  rc |= sk_emit_kv_double(e, "argument", h->argument);
  rc |= sk_emit_kv_long(e, "runs_selected", (long)h->selected);
  rc |= sk_emit_kv_long(e, "runs_other_arguments", (long)h->other_args);
  rc |= sk_emit_kv_long(e, "runs_without_suite", (long)h->no_suite);
  rc |= sk_emit_kv_long(e, "merged_left_out", (long)h->merged_out);
  rc |= sk_emit_kv_long(e, "runs_unresolved", (long)h->unresolved);
  sk_history_matched_text(h, text, sizeof text);
  rc |= sk_emit_kv_str(e, "matched", text);
  rc |= sk_emit_str(e, "points") | sk_emit_seq_begin(e);
  for (i = 0; i < h->npoints; i++) {
    rc |= sk_emit_map_begin(e);
    rc |= sk_emit_kv_long(e, "run", (long)h->points[i].run);
    rc |= sk_emit_kv_str(e, "start_time", h->points[i].start_time);
    rc |= sk_cmd_kv_num(e, "median", h->points[i].value);
    rc |= sk_cmd_kv_num(e, "q1", h->points[i].q1);
    rc |= sk_cmd_kv_num(e, "q3", h->points[i].q3);
    rc |= sk_emit_map_end(e);
  }
  rc |= sk_emit_seq_end(e) | sk_emit_str(e, "change_points");
  rc |= sk_emit_seq_begin(e);
  for (i = 0; i < h->ncps; i++) {
    rc |= sk_emit_map_begin(e);
    rc |= sk_emit_kv_long(e, "run", (long)h->cps[i].run);
    rc |= sk_emit_kv_long(e, "index", (long)h->cps[i].at);
    rc |= sk_emit_kv_double(e, "before", h->cps[i].before);
    rc |= sk_emit_kv_double(e, "after", h->cps[i].after);
    rc |= sk_emit_kv_double(e, "p", h->cps[i].p);
    rc |= sk_emit_map_end(e);
  }
  rc |= sk_emit_seq_end(e) | sk_emit_map_end(e);
  return (sk_emit_close(e) | rc) ? -1 : 0;
}

static int sk_cmd_history_check(const sk_dbcmd_t *c)
{
  if (c->nsuites != 1) {
    sk_msg_error("history needs one --suite NAME (see skampi-db suites)");
    return -1;
  }
  if (isnan(c->argument)) {
    sk_msg_error("history needs --argument A (a message size, a process "
                 "count: the point's argument)");
    return -1;
  }
  /* p is at least 1/(permutations + 1): say when alpha is out of reach. */
  if ((double)(c->ediv.permutations + 1) * c->ediv.alpha < 1)
    sk_msg_warning("with %lu permutations no p-value is below %g; "
                   "--alpha %g needs --permutations %.0f or more",
                   (unsigned long)c->ediv.permutations,
                   1.0 / (double)(c->ediv.permutations + 1), c->ediv.alpha,
                   ceil(1 / c->ediv.alpha - 1));
  return 0;
}

int sk_dbcmd_history(sk_store_t *st, const sk_dbcmd_t *c)
{
  char err[SK_CMD_ERR];
  sk_history_t h;
  int64_t *ids = NULL;
  size_t n = 0;
  int rc;
  if (sk_cmd_history_check(c) < 0)
    return SK_DB_USAGE;
  if (c->output && sk_dbplot_format(c->output, err, sizeof err) < 0) {
    sk_msg_error("%s", err);
    return SK_DB_USAGE;
  }
  if ((rc = sk_cmd_select(st, c, &ids, &n)) != SK_DB_OK)
    return rc;
  if (sk_history_build_opts(st, ids, n, c->suites[0], c->argument, &c->ediv,
                            &h, err, sizeof err) < 0) {
    sk_msg_error("%s", err);
    rc = SK_DB_STORE;
  } else if (h.npoints == 0) {
    sk_msg_error("no points: %s", n ? "no selected run has the suite at "
                 "that argument" : "no run matches");
    rc = SK_DB_FAILED;
  } else if (c->format == SK_DB_JSON) {
    sk_wbuf_t b = {NULL, 0, 0, 0};
    sk_history_json(&b, &h);
    rc = sk_dbcmd_write(&b);
  } else if (c->format == SK_DB_CSV)
    sk_cmd_csv(&h);
  else if (c->format == SK_DB_YAML)
    rc = sk_cmd_yaml(&h) < 0 ? SK_DB_FAILED : SK_DB_OK;
  else
    sk_cmd_table(&h);
  fflush(stdout);
  if (rc == SK_DB_OK && h.npoints && c->output &&
      sk_history_plot(&h, c->output, err, sizeof err) < 0) {
    sk_msg_error("%s", err);
    rc = SK_DB_FAILED;
  }
  sk_history_free(&h);
  free(ids);
  return rc;
}
