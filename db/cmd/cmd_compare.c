/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_compare.c -- skampi-db compare --baseline SEL --candidate SEL: the
 * findings of regress.c as a table, CSV or YAML; exit status 5 when
 * something got slower.
 */
#include <config.h>

#include "dbcmd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbout.h"
#include "emit.h"
#include "escape.h"
#include "msg.h"
#include "regress.h"
#include "wbuf.h"
#include "web.h"
#include "wilcoxon.h"

/* The runs of one side: SEL's words split at blanks. */
static int sk_compare_side(sk_store_t *st, const char *opt, const char *text,
                           int64_t **ids, size_t *n)
{
  sk_sel_t sel = {NULL, 0, 0};
  char *copy = strdup(text), *w, *save = NULL;
  int rc = 0;
  if (!copy)
    return -1;
  for (w = strtok_r(copy, " \t", &save); w && rc == 0;
       w = strtok_r(NULL, " \t", &save))
    rc = sk_sel_add(&sel, w);
  free(copy);
  if (rc < 0) {
    sk_sel_free(&sel);
    return SK_DB_USAGE;
  }
  rc = sk_store_select(st, &sel, ids, n) < 0 ? SK_DB_STORE : 0;
  sk_sel_free(&sel);
  if (rc == 0 && *n == 0) {
    sk_msg_error("%s selects no run", opt);
    rc = SK_DB_FAILED;
  }
  return rc;
}

/* TEXT right-aligned in WIDTH characters (a UTF-8 sequence is one). */
static void sk_compare_pad(const char *text, int width)
{
  int chars = 0, i;
  for (i = 0; text[i]; i++)
    chars += ((unsigned char)text[i] & 0xc0) != 0x80;
  for (; chars < width; chars++)
    putchar(' ');
  fputs(text, stdout);
}

static void sk_compare_arg(char buf[32], const sk_regress_point_t *p)
{
  if (p->noarg)
    buf[0] = '\0';
  else if (p->bytes)
    sk_dbout_bytes(buf, p->argument);
  else
    sk_dbout_num(buf, p->argument);
}

/* "[+40.1%, +61.3%]", or "[–]" where there is no interval. */
static void sk_compare_interval(FILE *f, double low, double high)
{
  if (isnan(low) || isnan(high))
    fputs("[\xe2\x80\x93]", f);
  else
    fprintf(f, "[%+.1f%%, %+.1f%%]", 100 * (low - 1), 100 * (high - 1));
}

/* "pingpong 8 B-64 KiB" of the points a to b of one suite */
static void sk_compare_label_of(FILE *f, const sk_regress_point_t *a,
                                const sk_regress_point_t *b)
{
  char lo[32], hi[32];
  sk_compare_arg(lo, a);
  sk_compare_arg(hi, b);
  sk_dbout_text(f, "%s", a->suite);
  if (*lo && a == b)
    fprintf(f, " %s%s", lo, a->bytes && a->argument < 1024 ? " B" : "");
  else if (*lo)
    fprintf(f, " %s%s\xe2\x80\x93" "%s%s", lo,
            a->bytes && a->argument < 1024 ? " B" : "", hi,
            b->bytes && b->argument < 1024 ? " B" : "");
  if (a->processes >= 0)
    fprintf(f, " (np %ld)", a->processes);
}

static void sk_compare_label(FILE *f, const sk_regress_t *r,
                             const sk_regress_finding_t *x)
{
  sk_compare_label_of(f, &r->points[x->first], &r->points[x->last]);
}

/* The points below the timer's resolution, one a line: which side, and
 * each side's median (not a measurement: shown as the file has it). */
static void sk_compare_unresolved(FILE *f, const sk_regress_t *r,
                                  const char *indent)
{
  size_t i;
  char t0[32], t1[32];
  for (i = 0; i < r->nunresolved; i++) {
    const sk_regress_point_t *p = &r->unresolved[i];
    fputs(indent, f);
    sk_compare_label_of(f, p, p);
    sk_dbout_time(t0, p->before);
    sk_dbout_time(t1, p->after);
    fprintf(f, ": %s (%s -> %s, not compared)\n",
            sk_regress_unresolved_side(p), t0, t1);
  }
}

/* "  at 3.13× the floor" or "  at 1.2–3.4× the floor": the candidate's
 * medians of finding x's points against their floors, where they have
 * one. */
static void sk_compare_floor(FILE *f, const sk_regress_t *r,
                             const sk_regress_finding_t *x)
{
  double lo, hi;
  sk_regress_finding_floor(r, x, &lo, &hi);
  if (!isfinite(lo))
    return;
  if (lo == hi || fabs(hi / lo - 1) < 0.005)
    fprintf(f, "  at %.3g\xc3\x97 the floor", lo);
  else
    fprintf(f, "  at %.3g\xe2\x80\x93%.3g\xc3\x97 the floor", lo, hi);
}

static void sk_compare_finding(const sk_regress_t *r,
                               const sk_regress_finding_t *x)
{
  const sk_regress_point_t *a = &r->points[x->first];
  char t0[32], t1[32];
  printf("  %s  ", x->verdict == SK_REGRESS_SLOWER ? "slower" : "faster");
  sk_compare_label(stdout, r, x);
  printf(": %+.1f%% ", 100 * (x->ratio - 1));
  sk_compare_interval(stdout, x->low, x->high);
  if (x->first == x->last) {
    sk_dbout_time(t0, a->before);
    sk_dbout_time(t1, a->after);
    printf("  %s -> %s  p=%.3g", t0, t1, a->p);
  } else
    printf("  %zu sizes", x->last - x->first + 1);
  printf("  q=%.3g %s", x->q, sk_wilcoxon_stars(x->q));
  sk_compare_floor(stdout, r, x);
  putchar('\n');
}

/* Every point, one a line: what --match prints (a few pairs of suites,
 * each point worth reading). */
static void sk_compare_points(const sk_regress_t *r)
{
  size_t i;
  printf("\n%-36s %10s %11s %11s %8s %8s  %s\n", "suite", "argument",
         "median bef.", "median aft.", "change", "\xc3\x97 floor", "verdict");
  for (i = 0; i < r->npoints; i++) {
    const sk_regress_point_t *p = &r->points[i];
    char a[32], t0[32], t1[32], ch[32], fl[32];
    sk_compare_arg(a, p);
    if (p->bytes && p->argument < 1024 && *a)
      strcat(a, " B");
    sk_dbout_time(t0, p->before);
    sk_dbout_time(t1, p->after);
    if (isnan(p->ratio))
      snprintf(ch, sizeof ch, "-");
    else
      snprintf(ch, sizeof ch, "%+.1f%%", 100 * (p->ratio - 1));
    if (isfinite(p->floor_ratio[1]))
      snprintf(fl, sizeof fl, "%.3g\xc3\x97", p->floor_ratio[1]);
    else
      snprintf(fl, sizeof fl, "-");
    sk_dbout_text(stdout, "%-36.36s ", p->suite);
    printf("%10s ", a);
    sk_compare_pad(t0, 11);
    putchar(' ');
    sk_compare_pad(t1, 11);
    printf(" %8s ", ch);
    sk_compare_pad(fl, 8);
    printf("  %s\n", sk_regress_verdict_name(p->verdict));
  }
}

/* The comparison's power: the smallest p its run counts allow, what a
 * change at one point alone can reach after the correction over every
 * point tested, and how many points changed alike could be found. */
static void sk_compare_power(const sk_regress_t *r)
{
  if (isnan(r->min_q)) {
    printf("power: no point could be tested\n");
    return;
  }
  printf("power: %zu vs %zu values at best: smallest attainable p %.3g; a "
         "change at one point alone gets q %s %.3g (p %s %zu tests)",
         r->power_runs[0], r->power_runs[1], r->best_p, "\xe2\x89\xa5",
         r->min_q, "\xc3\x97", r->ntested);
  if (r->inconclusive && r->together > 0)
    printf("; a change shared by at least %zu points could still be found",
           r->together);
  putchar('\n');
}

/* One point flagged: a change beyond both sides' noise, untested or not
 * significant. */
static void sk_compare_flagged(const sk_regress_t *r,
                               const sk_regress_point_t *p)
{
  sk_regress_finding_t one;
  char t0[32], t1[32];
  one.first = one.last = (size_t)(p - r->points);
  printf("  %s  ", sk_regress_verdict_name(p->verdict));
  sk_compare_label(stdout, r, &one);
  sk_dbout_time(t0, p->before);
  sk_dbout_time(t1, p->after);
  printf(": %+.1f%%  %s -> %s  %zu vs %zu runs\n", 100 * (p->ratio - 1), t0,
         t1, p->side[0].nruns, p->side[1].nruns);
}

/* What the two suites of each pair are (compare --match), so that a
 * one-way latency stored as a round trip is seen to be one. */
static void sk_compare_quantities(FILE *f, const sk_regress_t *r)
{
  size_t k;
  int side;
  for (k = 0; k < r->nmatch && k < SK_REGRESS_MATCH_MAX; k++)
    for (side = 0; side < 2; side++)
      if (r->quantity[side][k]) {
        fprintf(f, "%s ", side ? "candidate" : "baseline");
        sk_dbout_text(f, "%s", r->match[side][k]);
        sk_dbout_text(f, ": %s\n", r->quantity[side][k]);
      }
}

static void sk_compare_table(const sk_regress_t *r, int all_points)
{
  char summary[256], text[SK_REGRESS_TEXT];
  size_t i, k, *order = sk_regress_worst_first(r);
  int v;
  sk_regress_summary_text(r, summary, sizeof summary);
  printf("summary: %s (of %zu points)\n", summary,
         r->npoints + r->nunresolved);
  for (i = 0; i < 2; i++) {
    printf("%s: %zu run%s", i ? ", candidate" : "baseline", r->nruns[i],
           r->nruns[i] == 1 ? "" : "s");
    if (r->nmerged[i])
      printf(" and %zu merged file%s (each counts as its runs)",
             r->nmerged[i], r->nmerged[i] == 1 ? "" : "s");
    if (r->nidle[i])
      printf(" (%zu more selected without a suite compared)", r->nidle[i]);
  }
  putchar('\n');
  sk_compare_quantities(stdout, r);
  printf("%zu points in both: ", r->npoints + r->nunresolved);
  if (r->nunresolved)
    printf("%zu not comparable (%s), ", r->nunresolved,
           SK_REGRESS_UNRESOLVED_WHY);
  printf("%zu tested on per-run medians, %zu on raw "
         "samples, %zu without a test (fewer than 3 runs a side and no "
         "samples)\n", r->tested[SK_REGRESS_RUNS],
         r->tested[SK_REGRESS_SAMPLES], r->tested[SK_REGRESS_NONE]);
  sk_compare_power(r);
  for (i = 0; i < 2; i++) {
    sk_regress_unmatched_text(r, (int)i, text, sizeof text);
    if (*text)
      printf("%s\n", text);
  }
  printf("before, after: each side's median of the values tested; change: "
         "after / before [its interval, %g%% where the runs allow]\n",
         100 * r->conf);
  printf("a change counts when significant at false-discovery rate %g and "
         "at least %g%%\n", r->fdr, 100 * r->min_effect);
  for (v = SK_REGRESS_SLOWER; v <= SK_REGRESS_FASTER; v++) {
    for (k = 0, i = 0; i < r->nfindings; i++) {
      const sk_regress_finding_t *f = &r->findings[order ? order[i] : i];
      if (f->verdict == (sk_regress_verdict_t)v) {
        if (k++ == 0)
          printf("\n%s:\n", v == SK_REGRESS_SLOWER ? "Regressions"
                                                   : "Improvements");
        sk_compare_finding(r, f);
      }
    }
  }
  free(order);
  if (r->nunresolved) {
    printf("\nNot comparable, %s on the side named:\n",
           SK_REGRESS_UNRESOLVED_WHY);
    sk_compare_unresolved(stdout, r, "  ");
  }
  if (all_points)
    sk_compare_points(r);
  for (k = 0, i = 0; i < r->npoints; i++)
    if (r->points[i].beyond) {
      if (k++ == 0)
        printf("\nChanges beyond both sides' noise that the test cannot "
               "confirm:\n");
      sk_compare_flagged(r, &r->points[i]);
    }
  putchar('\n');
  if (r->nfindings)
    printf("%zu regression%s, %zu improvement%s\n", r->slower,
           r->slower == 1 ? "" : "s", r->faster, r->faster == 1 ? "" : "s");
  if (r->inconclusive) {
    sk_regress_inconclusive_text(r, text, sizeof text);
    printf("%s\n", text);
  } else if (r->nfindings == 0)
    printf("no significant change\n");
  if (!r->inconclusive && r->ninconclusive)
    printf("%zu point%s inconclusive (too few runs or no test)\n",
           r->ninconclusive, r->ninconclusive == 1 ? "" : "s");
}

static void sk_compare_csv_num(double v)
{
  char b[32];
  sk_dbout_num(b, v);
  printf(",%s", b);
}

static void sk_compare_csv(const sk_regress_t *r)
{
  size_t i;
  puts("suite,instance,argument,processes,baseline_runs,candidate_runs,"
       "method,before,after,ratio,ratio_low,ratio_high,coverage,p,q,stars,"
       "min_p,beyond_noise,floor,floor_ratio,verdict");
  for (i = 0; i < r->npoints; i++) {
    const sk_regress_point_t *p = &r->points[i];
    sk_dbout_csv(stdout, p->suite);
    putchar(',');
    sk_dbout_csv(stdout, p->instance);
    sk_compare_csv_num(p->argument);
    printf(",%ld,%zu,%zu,%s", p->processes, p->side[0].nruns,
           p->side[1].nruns, sk_regress_method_name(p->method));
    sk_compare_csv_num(p->before);
    sk_compare_csv_num(p->after);
    sk_compare_csv_num(p->ratio);
    sk_compare_csv_num(p->low);
    sk_compare_csv_num(p->high);
    sk_compare_csv_num(p->coverage);
    sk_compare_csv_num(p->p);
    sk_compare_csv_num(p->q);
    printf(",%s", sk_wilcoxon_stars(p->q));
    sk_compare_csv_num(p->min_p);
    printf(",%s", p->beyond ? "yes" : "no");
    sk_compare_csv_num(p->floor[1]);
    sk_compare_csv_num(p->floor_ratio[1]);
    printf(",%s\n", sk_regress_verdict_name(p->verdict));
  }
  for (i = 0; i < r->nunresolved; i++) {
    const sk_regress_point_t *p = &r->unresolved[i];
    sk_dbout_csv(stdout, p->suite);
    putchar(',');
    sk_dbout_csv(stdout, p->instance);
    sk_compare_csv_num(p->argument);
    printf(",%ld,%zu,%zu,none", p->processes, p->side[0].nruns,
           p->side[1].nruns);
    sk_compare_csv_num(p->before);
    sk_compare_csv_num(p->after);
    printf(",,,,,,,,,no,,,not comparable: %s (%s)\n",
           SK_REGRESS_UNRESOLVED_WHY, sk_regress_unresolved_side(p));
  }
}

static int sk_compare_kv(sk_emit_t *e, const char *key, double v)
{
  return isnan(v) ? sk_emit_str(e, key) | sk_emit_null(e)
                  : sk_emit_kv_double(e, key, v);
}

/* An argument: a whole number as one. */
static int sk_compare_arg_kv(sk_emit_t *e, const char *key, double v)
{
  if (v == floor(v) && fabs(v) < 1e15)
    return sk_emit_kv_long(e, key, (long)v);
  return sk_emit_kv_double(e, key, v);
}

static int sk_compare_yaml_point(sk_emit_t *e, const sk_regress_point_t *p)
{
  int rc = sk_emit_map_begin(e);
  rc |= sk_emit_kv_str(e, "suite", p->suite);
  rc |= sk_emit_kv_str(e, "instance", p->instance);
  rc |= sk_compare_arg_kv(e, "argument", p->argument);
  rc |= sk_emit_kv_long(e, "processes", p->processes);
  rc |= sk_emit_kv_long(e, "baseline_runs", (long)p->side[0].nruns);
  rc |= sk_emit_kv_long(e, "candidate_runs", (long)p->side[1].nruns);
  rc |= sk_emit_kv_str(e, "method", sk_regress_method_name(p->method));
  rc |= sk_compare_kv(e, "before", p->before);
  rc |= sk_compare_kv(e, "after", p->after);
  rc |= sk_compare_kv(e, "ratio", p->ratio);
  rc |= sk_compare_kv(e, "ratio_low", p->low);
  rc |= sk_compare_kv(e, "ratio_high", p->high);
  rc |= sk_compare_kv(e, "coverage", p->coverage);
  rc |= sk_compare_kv(e, "p", p->p);
  rc |= sk_compare_kv(e, "q", p->q);
  rc |= sk_emit_kv_str(e, "verdict", sk_regress_verdict_name(p->verdict));
  rc |= sk_compare_kv(e, "min_p", p->min_p);
  rc |= sk_emit_kv_bool(e, "beyond_noise", p->beyond);
  rc |= sk_compare_kv(e, "floor", p->floor[1]);
  rc |= sk_compare_kv(e, "floor_ratio", p->floor_ratio[1]);
  rc |= sk_compare_kv(e, "baseline_floor", p->floor[0]);
  rc |= sk_compare_kv(e, "baseline_floor_ratio", p->floor_ratio[0]);
  return rc | sk_emit_map_end(e);
}

/* The points not comparable (regress.h: unresolved). */
static int sk_compare_yaml_unresolved(sk_emit_t *e, const sk_regress_t *r)
{
  size_t i;
  int rc = sk_emit_kv_long(e, "not_comparable_points", (long)r->nunresolved);
  rc |= sk_emit_str(e, "not_comparable") | sk_emit_seq_begin(e);
  for (i = 0; i < r->nunresolved; i++) {
    const sk_regress_point_t *p = &r->unresolved[i];
    rc |= sk_emit_map_begin(e);
    rc |= sk_emit_kv_str(e, "suite", p->suite);
    rc |= sk_emit_kv_str(e, "instance", p->instance);
    rc |= sk_compare_arg_kv(e, "argument", p->argument);
    rc |= sk_emit_kv_long(e, "processes", p->processes);
    rc |= sk_emit_kv_str(e, "unresolved", sk_regress_unresolved_side(p));
    rc |= sk_emit_kv_str(e, "reason", SK_REGRESS_UNRESOLVED_WHY);
    rc |= sk_compare_kv(e, "before", p->before);
    rc |= sk_compare_kv(e, "after", p->after);
    rc |= sk_emit_map_end(e);
  }
  return rc | sk_emit_seq_end(e);
}

/* The comparison's power and its overall verdict. */
static int sk_compare_power_yaml(sk_emit_t *e, const sk_regress_t *r)
{
  char text[SK_REGRESS_TEXT];
  int rc = sk_emit_str(e, "power") | sk_emit_map_begin(e);
  rc |= sk_emit_kv_long(e, "tests", (long)r->ntested);
  rc |= sk_compare_kv(e, "min_p", r->best_p);
  rc |= sk_compare_kv(e, "min_q", r->min_q);
  rc |= sk_emit_kv_long(e, "baseline_values", (long)r->power_runs[0]);
  rc |= sk_emit_kv_long(e, "candidate_values", (long)r->power_runs[1]);
  rc |= sk_emit_kv_long(e, "need_runs", (long)r->need);
  rc |= sk_emit_kv_long(e, "max_points", (long)r->max_points);
  rc |= sk_emit_kv_long(e, "points_together", (long)r->together);
  rc |= sk_emit_map_end(e);
  rc |= sk_emit_kv_str(e, "verdict", sk_regress_overall(r));
  if (r->inconclusive) {
    sk_regress_inconclusive_text(r, text, sizeof text);
    rc |= sk_emit_kv_str(e, "message", text);
  }
  rc |= sk_emit_kv_long(e, "inconclusive_points", (long)r->ninconclusive);
  rc |= sk_emit_kv_long(e, "beyond_noise_points", (long)r->nbeyond);
  rc |= sk_emit_kv_long(e, "only_baseline", (long)r->only[0]);
  rc |= sk_emit_kv_long(e, "only_candidate", (long)r->only[1]);
  sk_regress_unmatched_text(r, 0, text, sizeof text);
  rc |= sk_emit_kv_str(e, "unmatched_baseline", text);
  sk_regress_unmatched_text(r, 1, text, sizeof text);
  rc |= sk_emit_kv_str(e, "unmatched_candidate", text);
  rc |= sk_emit_kv_str(e, "estimator", SK_REGRESS_ESTIMATOR);
  return rc;
}

static int sk_compare_yaml(const sk_regress_t *r)
{
  sk_emit_t *e = sk_emit_open(stdout);
  double lo, hi;
  size_t i;
  int rc;
  if (!e)
    return -1;
  rc = sk_emit_map_begin(e);
  rc |= sk_emit_kv_long(e, "baseline_runs", (long)r->nruns[0]);
  rc |= sk_emit_kv_long(e, "candidate_runs", (long)r->nruns[1]);
  rc |= sk_emit_kv_double(e, "fdr", r->fdr);
  rc |= sk_emit_kv_double(e, "min_effect", r->min_effect);
  rc |= sk_compare_power_yaml(e, r);
  rc |= sk_emit_str(e, "findings") | sk_emit_seq_begin(e);
  for (i = 0; i < r->nfindings; i++) {
    const sk_regress_finding_t *f = &r->findings[i];
    rc |= sk_emit_map_begin(e);
    rc |= sk_emit_kv_str(e, "verdict", sk_regress_verdict_name(f->verdict));
    rc |= sk_emit_kv_str(e, "suite", r->points[f->first].suite);
    rc |= sk_compare_arg_kv(e, "from", r->points[f->first].argument);
    rc |= sk_compare_arg_kv(e, "to", r->points[f->last].argument);
    rc |= sk_emit_kv_double(e, "ratio", f->ratio);
    rc |= sk_emit_kv_double(e, "ratio_low", f->low);
    rc |= sk_emit_kv_double(e, "ratio_high", f->high);
    rc |= sk_emit_kv_double(e, "q", f->q);
    sk_regress_finding_floor(r, f, &lo, &hi);
    rc |= sk_compare_kv(e, "floor_ratio_low", lo);
    rc |= sk_compare_kv(e, "floor_ratio_high", hi);
    rc |= sk_emit_map_end(e);
  }
  rc |= sk_emit_seq_end(e) | sk_emit_str(e, "points") | sk_emit_seq_begin(e);
  for (i = 0; i < r->npoints; i++)
    rc |= sk_compare_yaml_point(e, &r->points[i]);
  rc |= sk_emit_seq_end(e);
  rc |= sk_compare_yaml_unresolved(e, r);
  rc |= sk_emit_map_end(e);
  if (rc) {
    sk_emit_abort(e);
    return -1;
  }
  return sk_emit_close(e);
}

/* ---- --format junit ----------------------------------------------------- */

/* TEXT escaped for XML (attribute or text), control characters dropped
 * (XML 1.0 has no place for them). */
static void sk_compare_xml(const char *text)
{
  char *e = sk_escape_text(text), *p;
  for (p = e ? e : (char *)"?"; *p; p++)
    switch (*p) {
    case '<': fputs("&lt;", stdout); break;
    case '>': fputs("&gt;", stdout); break;
    case '&': fputs("&amp;", stdout); break;
    case '"': fputs("&quot;", stdout); break;
    case '\'': fputs("&apos;", stdout); break;
    default: putchar(*p);
    }
  free(e);
}

/* One line of a finding for a failure's text. */
static void sk_compare_junit_finding(const sk_regress_t *r,
                                     const sk_regress_finding_t *f)
{
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  if (!m)
    return;
  fprintf(m, "%s ", sk_regress_verdict_name(f->verdict));
  sk_compare_label(m, r, f);
  fprintf(m, ": %+.1f%% [%+.1f%%, %+.1f%%] q=%.3g", 100 * (f->ratio - 1),
          100 * (f->low - 1), 100 * (f->high - 1), f->q);
  sk_compare_floor(m, r, f);
  fclose(m);
  sk_compare_xml(text);
  free(text);
}

/* Whether point I is the first of its suite (suites in the order met). */
static int sk_compare_first_of(const sk_regress_t *r, size_t i)
{
  size_t k;
  for (k = 0; k < i; k++)
    if (strcmp(r->points[k].suite, r->points[i].suite) == 0)
      return 0;
  return 1;
}

/* The slower, the not inconclusive and all points of the suite of
 * point I. */
static void sk_compare_suite_counts(const sk_regress_t *r, size_t i,
                                    size_t *slow, size_t *tested,
                                    size_t *all)
{
  size_t k;
  *slow = *tested = *all = 0;
  for (k = 0; k < r->npoints; k++)
    if (strcmp(r->points[k].suite, r->points[i].suite) == 0) {
      *slow += r->points[k].verdict == SK_REGRESS_SLOWER;
      *tested += r->points[k].verdict != SK_REGRESS_INCONCLUSIVE;
      (*all)++;
    }
}

/* A suite's test case: a failure where a finding of it is slower;
 * skipped, saying why, where the comparison is inconclusive or no point
 * of the suite got a verdict; else passed, with what was tested. */
static void sk_compare_junit_case(const sk_regress_t *r, size_t i,
                                  const char *inconclusive)
{
  size_t f, slow, tested, all;
  sk_compare_suite_counts(r, i, &slow, &tested, &all);
  printf("    <testcase classname=\"skampi.compare\" name=\"");
  sk_compare_xml(r->points[i].suite);
  printf("\" time=\"0\">");
  if (slow) {
    printf("\n      <failure message=\"%zu point%s slower\" "
           "type=\"slower\">", slow, slow == 1 ? "" : "s");
    for (f = 0; f < r->nfindings; f++)
      if (r->findings[f].verdict == SK_REGRESS_SLOWER &&
          strcmp(r->points[r->findings[f].first].suite,
                 r->points[i].suite) == 0) {
        sk_compare_junit_finding(r, &r->findings[f]);
        putchar('\n');
      }
    printf("</failure>\n    ");
  } else if (inconclusive || !tested) {
    printf("\n      <skipped message=\"");
    sk_compare_xml(inconclusive ? "inconclusive: the comparison cannot "
                   "show a change here (the test case 'power' says why)"
                   : "no point could be tested (too few runs)");
    printf("\"/>\n    ");
  } else
    printf("\n      <system-out>%zu point%s tested, none slower "
           "(%zu inconclusive)</system-out>\n    ", all,
           all == 1 ? "" : "s", all - tested);
  printf("</testcase>\n");
}

/* The points not comparable, in the test suite's output (they are no
 * test: neither passed nor failed). */
static void sk_compare_junit_unresolved(const sk_regress_t *r)
{
  char *text = NULL, *line, *save = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  if (!m)
    return;
  fprintf(m, "%zu point%s not comparable, %s on the side named:\n",
          r->nunresolved, r->nunresolved == 1 ? "" : "s",
          SK_REGRESS_UNRESOLVED_WHY);
  sk_compare_unresolved(m, r, "");
  fclose(m);
  printf("    <system-out>");
  /* a line at a time: the escape would spell out the line breaks */
  for (line = strtok_r(text, "\n", &save); line;
       line = strtok_r(NULL, "\n", &save)) {
    sk_compare_xml(line);
    putchar('\n');
  }
  printf("    </system-out>\n");
  free(text);
}

/* JUnit XML: one test case per suite (sk_compare_junit_case()), and
 * when the comparison is inconclusive one more, "power", in error with
 * its sentence, so that no report shows it as passed. */
static int sk_compare_junit(const sk_regress_t *r)
{
  char summary[256], text[SK_REGRESS_TEXT];
  size_t i, slow, tested, all, suites = 0, failures = 0, skipped = 0;
  const char *why = NULL;
  if (r->inconclusive) {
    sk_regress_inconclusive_text(r, text, sizeof text);
    why = text;
  }
  sk_regress_summary_text(r, summary, sizeof summary);
  for (i = 0; i < r->npoints; i++)
    if (sk_compare_first_of(r, i)) {
      sk_compare_suite_counts(r, i, &slow, &tested, &all);
      suites++;
      failures += slow > 0;
      skipped += !slow && (why || !tested);
    }
  printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<testsuites name=\"skampi-db compare\" tests=\"%zu\" "
         "failures=\"%zu\" errors=\"%d\" skipped=\"%zu\">\n"
         "  <testsuite name=\"compare\" tests=\"%zu\" failures=\"%zu\" "
         "skipped=\"%zu\" errors=\"%d\">\n    <properties>\n"
         "      <property name=\"summary\" value=\"", suites + !!why,
         failures, !!why, skipped, suites + !!why, failures, skipped,
         !!why);
  sk_compare_xml(summary);
  printf("\"/>\n      <property name=\"fdr\" value=\"%g\"/>\n"
         "      <property name=\"min_effect\" value=\"%g\"/>\n"
         "      <property name=\"not_comparable\" value=\"%zu\"/>\n"
         "    </properties>\n", r->fdr, r->min_effect, r->nunresolved);
  if (why) {
    printf("    <testcase classname=\"skampi.compare\" name=\"power\" "
           "time=\"0\">\n      <error type=\"inconclusive\" message=\"");
    sk_compare_xml(why);
    printf("\"/>\n    </testcase>\n");
  }
  for (i = 0; i < r->npoints; i++)
    if (sk_compare_first_of(r, i))
      sk_compare_junit_case(r, i, why);
  if (r->nunresolved)
    sk_compare_junit_unresolved(r);
  printf("  </testsuite>\n</testsuites>\n");
  return fflush(stdout) == 0 ? 0 : -1;
}

/* A set compared with itself shows nothing: sides that share a run
 * (a merged file counted as its runs) are refused. */
static int sk_compare_disjoint(sk_store_t *st, const int64_t *a, size_t na,
                               const int64_t *b, size_t nb)
{
  char why[160], text[SK_REGRESS_TEXT];
  int rc = sk_regress_overlap(st, a, na, b, nb, why, sizeof why);
  if (rc < 0)
    return SK_DB_STORE;
  if (rc == 0)
    return 0;
  sk_regress_overlap_text(why, text, sizeof text);
  sk_msg_error("%s", text);
  return SK_DB_USAGE;
}

/* --match A=B: the pairs into two lists (the caller frees them and the
 * strings of the first). */
static int sk_compare_pairs(const sk_dbcmd_t *c, char ***base, char ***cand)
{
  size_t i;
  *base = calloc(c->nmatches + 1, sizeof **base);
  *cand = calloc(c->nmatches + 1, sizeof **cand);
  if (!*base || !*cand)
    return -1;
  for (i = 0; i < c->nmatches; i++) {
    const char *eq = strchr(c->matches[i], '=');
    if (!((*base)[i] = strndup(c->matches[i],
                               (size_t)(eq - c->matches[i]))))
      return -1;
    (*cand)[i] = (char *)eq + 1;
  }
  return 0;
}

int sk_dbcmd_compare(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_regress_t r;
  int64_t *a = NULL, *b = NULL;
  size_t na = 0, nb = 0, i;
  char **mb = NULL, **mc = NULL;
  int rc;
  if (!c->baseline || !c->candidate || c->nargs) {
    sk_msg_error("compare takes --baseline SELECTION and --candidate "
                 "SELECTION, nothing else");
    return SK_DB_USAGE;
  }
  if (c->nmatches > SK_REGRESS_MATCH_MAX) {
    sk_msg_error("compare takes at most %d --match pairs",
                 SK_REGRESS_MATCH_MAX);
    return SK_DB_USAGE;
  }
  memset(&r, 0, sizeof r);
  r.fdr = c->q;
  r.min_effect = c->min_effect;
  r.conf = 0.95;
  if (c->nmatches && sk_compare_pairs(c, &mb, &mc) < 0) {
    sk_msg_error("out of memory");
    rc = SK_DB_FAILED;
    goto out;
  }
  r.match[0] = (const char *const *)mb;
  r.match[1] = (const char *const *)mc;
  r.nmatch = c->nmatches;
  if ((rc = sk_compare_side(st, "--baseline", c->baseline, &a, &na)) == 0 &&
      (rc = sk_compare_side(st, "--candidate", c->candidate, &b, &nb)) == 0 &&
      (rc = sk_compare_disjoint(st, a, na, b, nb)) == 0)
    rc = sk_regress_run(st, a, na, b, nb, &r) < 0 ? SK_DB_STORE : 0;
  if (rc == 0) {
    if (c->format == SK_DB_CSV)
      sk_compare_csv(&r);
    else if (c->format == SK_DB_YAML)
      rc = sk_compare_yaml(&r) < 0 ? SK_DB_FAILED : 0;
    else if (c->format == SK_DB_JSON) {
      sk_wbuf_t b = {NULL, 0, 0, 0};
      sk_api_compare_json(&b, &r);
      rc = sk_dbcmd_write(&b) == SK_DB_OK ? 0 : SK_DB_FAILED;
    } else if (c->format == SK_DB_JUNIT)
      rc = sk_compare_junit(&r) < 0 ? SK_DB_FAILED : 0;
    else
      sk_compare_table(&r, c->nmatches > 0);
    if (rc == 0)
      rc = sk_regress_status(&r);
  }
  sk_regress_free(&r);
out:
  for (i = 0; mb && i < c->nmatches; i++)
    free(mb[i]);
  free(mb);
  free(mc);
  free(a);
  free(b);
  return rc;
}
