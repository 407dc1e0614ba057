/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * regress.h -- what changed between a baseline and a candidate set of
 * runs (skampi-db compare; doc/database.md, "Comparing").  This module
 * gathers the points of both sides, tests each point, controls the
 * false-discovery rate and groups adjacent sizes into findings; the
 * command prints the result.
 */
#ifndef SK_REGRESS_H
#define SK_REGRESS_H

#include <stddef.h>
#include <stdint.h>

#include "dbstatus.h"
#include "store.h"

typedef enum {
  SK_REGRESS_NONE,       /* no verdict: too few runs and no samples */
  SK_REGRESS_RUNS,       /* Wilcoxon on per-run medians (>= 3 a side) */
  SK_REGRESS_SAMPLES     /* Wilcoxon on the raw samples */
} sk_regress_method_t;

/* A point's verdict (doc/database.md, "Comparing"). */
typedef enum {
  SK_REGRESS_INCONCLUSIVE,      /* no test, or one whose run counts cannot
                                 * reach q <= fdr (min_p > fdr) */
  SK_REGRESS_NOT_SIGNIFICANT,   /* tested with the power to find a change:
                                 * q > fdr, or a change below min_effect */
  SK_REGRESS_SLOWER,
  SK_REGRESS_FASTER
} sk_regress_verdict_t;

/* A side's values of one point. */
typedef struct sk_regress_side {
  double *runs;          /* per-run medians (a merged file's run_medians) */
  size_t nruns, capruns;
  double *raw;           /* raw samples of all its runs */
  size_t nraw, capraw;
} sk_regress_side_t;

typedef struct sk_regress_point {
  char *suite, *instance, *parameters;
  double argument;
  long processes;
  int bytes;             /* the argument is a message length */
  int noarg;             /* the suite varies nothing (argument 0) */
  sk_regress_side_t side[2];   /* 0 baseline, 1 candidate */
  sk_regress_method_t method;
  double before, after;  /* median of each side's values tested */
  double ratio, low, high, coverage;   /* Hodges-Lehmann, after/before;
                                       * without a test ratio is
                                       * after / before, the others NaN */
  double p, q;           /* two-sided Wilcoxon; BH-adjusted (NaN: none) */
  double min_p;          /* the smallest p the test of these sample sizes
                          * can give (sk_wilcoxon_min_p); NaN: no test */
  sk_regress_verdict_t verdict;
  int beyond;            /* not significant or inconclusive, yet every
                          * value of one side is beyond every value of the
                          * other by at least min_effect: a change larger
                          * than both sides' noise that the test cannot
                          * confirm, flagged */
} sk_regress_point_t;

/* Adjacent points of one suite with the same verdict (slower or faster). */
typedef struct sk_regress_finding {
  size_t first, last;    /* indexes into points, inclusive */
  sk_regress_verdict_t verdict;
  double ratio, low, high;   /* median of the ratios; lowest low, highest
                              * high of its points */
  double q;              /* largest adjusted p of its points */
} sk_regress_finding_t;

typedef struct sk_regress {
  double fdr, min_effect, conf;
  /* pairs of suites to compare (compare --match A=B): suite match[0][k]
   * of the baseline against match[1][k] of the candidate, point by
   * argument and processes whatever their instances and parameters (a
   * skampi suite against another benchmark's); no other suite.  NULL and
   * 0: every suite against the suite of its name.  Borrowed. */
  const char *const *match[2];
  size_t nmatch;
  size_t nruns[2];       /* single runs used on each side */
  size_t nmerged[2];     /* merged files used on each side */
  sk_regress_point_t *points;   /* in both sides, in order met */
  size_t npoints, cappoints;
  size_t only[2];        /* points of one side only */
  sk_regress_finding_t *findings;
  size_t nfindings, capfindings;
  size_t tested[3];      /* by method */
  size_t slower, faster; /* findings */
  /* the comparison's power: the smallest q any point could get (every
   * point changed alike: BH gives q = p), the run counts of that point,
   * and the runs per side that would let a change be found */
  double min_q;          /* NaN: no point was tested */
  size_t power_runs[2];  /* its values per side */
  int inconclusive;      /* no point could be significant: min_q > fdr,
                          * or none was tested */
  size_t need;           /* runs per side for min_p <= fdr */
  size_t need_one;       /* ... for one point alone of those tested:
                          * min_p <= fdr / tested (0: more than 1000) */
  size_t ninconclusive, nbeyond;   /* points */
  void *index;           /* private: the hash of point keys */
} sk_regress_t;

/* Compares the runs BASE with CAND (R's fdr, min_effect, conf and
 * match set by the caller).  0, or -1 (message printed). */
int sk_regress_run(sk_store_t *st, const int64_t *base, size_t nbase,
                   const int64_t *cand, size_t ncand, sk_regress_t *r);
void sk_regress_free(sk_regress_t *r);

const char *sk_regress_method_name(sk_regress_method_t m);
/* "inconclusive", "not significant", "slower", "faster". */
const char *sk_regress_verdict_name(sk_regress_verdict_t v);
/* The same as one word for CSS classes: "not_significant". */
const char *sk_regress_verdict_slug(sk_regress_verdict_t v);

/* The exit status of compare (dbstatus.h): SK_DB_REGRESSED when a
 * finding is slower, SK_DB_INCONCLUSIVE when no point could be
 * significant, else SK_DB_OK. */
int sk_regress_status(const sk_regress_t *r);

/* "inconclusive: 3 runs per side cannot show a change at q <= 0.05; use
 * at least 4" (or "3 and 4 runs"), the sentence of an inconclusive
 * comparison, into buf. */
void sk_regress_inconclusive_text(const sk_regress_t *r, char *buf,
                                  size_t size);

/* The points of verdict V. */
size_t sk_regress_count(const sk_regress_t *r, sk_regress_verdict_t v);

/* "3 slower, 1 faster, 40 not significant, 2 inconclusive": the points
 * of each verdict, worst first, those of none left out ("no point in
 * both" when there is none), into buf. */
void sk_regress_summary_text(const sk_regress_t *r, char *buf, size_t size);

/* The findings' indexes worst first: slower before faster, the larger
 * change first; the caller's to free (NULL: out of memory). */
size_t *sk_regress_worst_first(const sk_regress_t *r);

#endif
