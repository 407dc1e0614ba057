/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * merge_main.c -- skampi-merge: several runs of one suite file and grid
 * into one merged result file (doc/reproducibility.md).
 */
#include <config.h>

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "licence.h"
#include "medci.h"
#include "merge.h"
#include "mergeout.h"
#include "msg.h"
#include "outfile.h"

static const struct option sk_mmain_options[] = {
  {"output", required_argument, NULL, 'o'},
  {"precision", required_argument, NULL, 'p'},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0}
};

static void sk_mmain_help(void)
{
  puts("Usage: skampi-merge RUN.yaml [RUN.yaml ...] [-o merged.yaml]\n"
       "                    [--precision EPS]\n"
       "Merge the result files of several runs of one suite file and grid:\n"
       "per point the runs' medians and means, and over the runs the\n"
       "median of the runs' medians with its quartiles, min, max and 95%\n"
       "confidence interval (order statistics), and the mean of the runs'\n"
       "means with its standard error.\n\n"
       "  -o, --output FILE   the merged result file (default: merged.yaml)\n"
       "      --precision EPS\n"
       "                      also say, on standard output, whether every\n"
       "                      point's interval reaches 95% and is at most\n"
       "                      EPS x its median on either side (0 < EPS <= 1e9):\n"
       "                      each point that misses, then the worst point\n"
       "  -h, --help          show this help and exit\n"
       "  -V, --version       show the version and the licence, and exit\n\n"
       "Exit status: 0 success, 1 a run cannot be read or does not match\n"
       "the first, 2 bad command line, 3 the output cannot be written,\n"
       "4 (with --precision) merged, but some point misses the precision.\n"
       "See skampi-merge(1) and doc/reproducibility.md.");
}

/* One line about point IPT of suite IS that misses EPS. */
static void sk_mmain_missed(const sk_merge_run_t *r, size_t is, size_t ipt,
                            const sk_merge_stats_t *st, size_t n)
{
  char name[256];
  sk_escape_buf(r->suites[is].name, name, sizeof name);
  printf("missed: suite '%s', argument %.17g: ", name,
         r->suites[is].points[ipt].argument);
  if (st->ci.short_of_level)
    printf("%zu runs give at most %.2f%% coverage, below %g%%\n", n,
           100.0 * st->ci.coverage, 100.0 * SK_MERGE_CI_LEVEL);
  else
    printf("relative half-width %.4f, median %.6g, CI [%.6g, %.6g] at "
           "%.2f%% over %zu runs\n", st->ci.rel_halfwidth, st->median,
           st->ci.lower, st->ci.upper, 100.0 * st->ci.coverage, n);
}

/* A point no run has a value at. */
static void sk_mmain_none(const sk_merge_run_t *r, size_t is, size_t ipt)
{
  char name[256];
  sk_escape_buf(r->suites[is].name, name, sizeof name);
  printf("missed: suite '%s', argument %.17g: no run has a value there\n",
         name, r->suites[is].points[ipt].argument);
}

/* The summary line of --precision, after the missed points: the
 * coverage (the same at every point: it depends on the number of runs
 * only) and the point with the widest interval relative to its median. */
static void sk_mmain_worst(const sk_merge_run_t *r, size_t n, size_t total,
                           long missed, double eps, double worst,
                           size_t wis, size_t wip)
{
  char name[256];
  size_t l, u;
  double cov;
  int reached = sk_medci_ranks(n, SK_MERGE_CI_LEVEL, &l, &u, &cov) == 1;
  printf("precision: %zu runs, %zu points, coverage %.2f%%%s", n, total,
         100.0 * cov, reached ? "" : " (below 95%)");
  if (total > 0) {
    sk_escape_buf(r->suites[wis].name, name, sizeof name);
    printf(", worst relative half-width %.4f (suite '%s', argument %.17g)",
           worst, name, r->suites[wis].points[wip].argument);
  }
  printf(", %ld missed %g\n", missed, eps);
}

/* --precision: every point that misses EPS, then the summary with the
 * worst point.  Returns the number missed, or -1 (no memory). */
static long sk_mmain_precision(const sk_merge_run_t *runs, size_t n,
                               double eps)
{
  const sk_merge_run_t *r = &runs[0];
  sk_merge_stats_t st;
  size_t is, ip, total = 0, wis = 0, wip = 0;
  double worst = -1.0, bad;
  long missed = 0;
  int rc;
  for (is = 0; is < r->nsuites; is++)
    for (ip = 0; ip < r->suites[is].npoints; ip++, total++) {
      if ((rc = sk_merge_stats(runs, n, is, ip, &st)) < 0)
        return -1;
      if (rc > 0) {             /* no run has a value: it misses */
        missed++;
        sk_mmain_none(r, is, ip);
        continue;
      }
      bad = isnan(st.ci.rel_halfwidth) ? INFINITY : st.ci.rel_halfwidth;
      if (bad > worst) {
        worst = bad;
        wis = is, wip = ip;
      }
      if (!sk_merge_precise(&st, eps)) {
        missed++;
        sk_mmain_missed(r, is, ip, &st, st.nruns);
      }
      sk_merge_stats_done(&st);
    }
  sk_mmain_worst(r, n, total, missed, eps, worst, wis, wip);
  return missed;
}

/* Load every run and check it against the first; all are loaded so
 * that every unreadable file is reported in one go. */
static int sk_mmain_merge(char **files, size_t n, const char *out,
                          double eps)
{
  sk_merge_run_t *runs = calloc(n, sizeof *runs);
  sk_outfile_inputs_t in;       /* the output is none of the runs */
  size_t i;
  int bad = 0, rc;
  if (!runs)
    return 1;
  for (i = 0; i < n; i++)
    bad |= sk_merge_load(&runs[i], files[i]) != 0;
  if (!bad)
    bad = sk_merge_distinct(runs, n) != 0;
  for (i = 1; !bad && i < n; i++) {
    sk_merge_align(&runs[0], &runs[i]);
    bad |= sk_merge_check(&runs[0], &runs[i]) != 0;
  }
  in.paths = (const char *const *)files;
  in.n = n;
  rc = bad ? 1 : (sk_mergeout_write(out, runs, n, &in, eps) != 0 ? 3 : 0);
  if (rc == 0 && eps > 0.0) {
    long missed = sk_mmain_precision(runs, n, eps);
    rc = missed < 0 ? 1 : (missed > 0 ? 4 : 0);
  }
  for (i = 0; i < n; i++)
    sk_merge_run_free(&runs[i]);
  free(runs);
  return rc;
}

/* EPS of --precision: a number in (0, 10^9]. */
static int sk_mmain_eps(const char *text, double *eps)
{
  char *end = NULL, shown[64];
  *eps = strtod(text, &end);
  if (end == text || *end != '\0' || !(*eps > 0.0 && *eps <= 1e9)) {
    sk_escape_buf(text, shown, sizeof shown);
    sk_msg_error("--precision takes a number above 0 and at most 1000000000, "
                 "not '%s' (see skampi-merge --help)", shown);
    return -1;
  }
  return 0;
}

int main(int argc, char **argv)
{
  const char *out = "merged.yaml";
  double eps = 0.0;
  int c;
  sk_msg_set_program("skampi-merge");
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":o:hV", sk_mmain_options, NULL))
         != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'p':
      if (sk_mmain_eps(optarg, &eps) != 0)
        return 2;
      break;
    case 'h': sk_mmain_help(); return 0;
    case 'V':
      printf("skampi-merge %s\n%s", PACKAGE_VERSION, SK_LICENCE_TEXT);
      return 0;
    case ':':
      sk_msg_error("missing argument to option '%s' (see skampi-merge "
                   "--help)", argv[optind - 1]);
      return 2;
    default:
      sk_msg_error("unknown option '%s' (see skampi-merge --help)",
                   argv[optind - 1]);
      return 2;
    }
  }
  if (optind >= argc) {
    sk_msg_error("no result file given (see skampi-merge --help)");
    return 2;
  }
  return sk_mmain_merge(argv + optind, (size_t)(argc - optind), out,
                        eps);
}
