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
  size_t unresolved;     /* its runs' points the timer could not resolve
                          * (the file's `resolved: false`) */
  double *floors;        /* the floor of each of its runs that has one
                          * (runfloor.h), s */
  size_t nfloors, capfloors;
} sk_regress_side_t;

typedef struct sk_regress_point {
  char *suite, *instance, *parameters;
  double argument;
  long processes;
  int bytes;             /* the argument is a message length */
  int noarg;             /* the suite varies nothing (argument 0) */
  sk_regress_side_t side[2];   /* 0 baseline, 1 candidate */
  sk_regress_method_t method;
  /* one estimator for the three numbers of a row: before and after are
   * the medians of each side's values tested (the per-run medians, or the
   * raw samples under SK_REGRESS_SAMPLES), ratio is after / before, and
   * [low, high] the interval of that ratio from the two medians'
   * order-statistic intervals, covering it with probability at least
   * coverage (NaN without a test, or where a side's values are not all
   * positive); ratio NaN where before is not positive */
  double before, after;
  double ratio, low, high, coverage;
  /* the floor of each side (doc/engine.md, "The floors"): the median of
   * the floors of its runs that have one, s, and the side's median as a
   * multiple of it (after / floor[1], before / floor[0]); NaN where no
   * run of the side has a floor there */
  double floor[2], floor_ratio[2];
  double p, q;           /* two-sided Wilcoxon; BH-adjusted (NaN: none) */
  double min_p;          /* the smallest p the test of these sample sizes
                          * can give (sk_wilcoxon_min_p); NaN: no test */
  size_t match;          /* the pair of suites (compare --match) + 1 */
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

/* Pairs of suites (compare --match) at most. */
#define SK_REGRESS_MATCH_MAX 64

typedef struct sk_regress {
  double fdr, min_effect, conf;
  /* pairs of suites to compare (compare --match A=B): suite match[0][k]
   * of the baseline against match[1][k] of the candidate, point by
   * argument and processes whatever their instances and parameters (a
   * skampi suite against another benchmark's); no other suite.  NULL and
   * 0: every suite against the suite of its name.  Borrowed. */
  const char *const *match[2];
  size_t nmatch;
  /* what each side's suite of pair k is, compare like with like: its
   * Peer_Quantity (an import of OSU or IMB, which says how its times
   * were stored: a one-way latency as the round trip), or skampi's own
   * ("round trip as measured" of a ping-pong); NULL: not met */
  char *quantity[2][SK_REGRESS_MATCH_MAX];
  size_t nruns[2];       /* single runs that gave a point on each side */
  size_t nmerged[2];     /* merged files that gave a point on each side */
  size_t nidle[2];       /* runs and merged files selected that had no
                          * point of the suites compared */
  sk_regress_point_t *points;   /* in both sides, in order met */
  size_t npoints, cappoints;
  size_t only[2];        /* points of one side only */
  /* why: [side][SK_REGRESS_GRID] the other side measured the suite at
   * this process count but not this argument (different grids),
   * [side][SK_REGRESS_NP] not at this process count, [side]
   * [SK_REGRESS_SUITE] not the suite at all */
  size_t unmatched[2][3];
  sk_regress_finding_t *findings;
  size_t nfindings, capfindings;
  size_t tested[3];      /* by method */
  size_t slower, faster; /* findings */
  /* the comparison's power (doc/database.md, "Comparing"): of the
   * ntested points with a test, the smallest p a test of its runs could
   * give (best_p, the largest run counts: the power counts runs, also
   * where the test was made on samples), and the smallest q a change at
   * that point alone could get after Benjamini-Hochberg over ntested
   * tests: min(1, ntested best_p) */
  size_t ntested;
  double best_p;         /* NaN: no point was tested */
  double min_q;          /* NaN: no point was tested */
  size_t power_runs[2];  /* the runs per side of that point */
  int inconclusive;      /* no change at one point alone could be found:
                          * min_q > fdr, or none was tested */
  size_t need;           /* runs per side for ntested min_p <= fdr
                          * (0: more than 1000) */
  size_t max_points;     /* the most points of which a change at one
                          * alone could be found: fdr / best_p (0: none) */
  size_t together;       /* the fewest points that, changed together,
                          * could be found: ntested best_p / fdr (0:
                          * none, best_p > fdr) */
  size_t ninconclusive, nbeyond;   /* points */
  /* points in both that are not comparable: below the timer's resolution
   * on one side or both (a side's value in any of its runs unresolved);
   * not tested, not in the false-discovery family, not in points */
  sk_regress_point_t *unresolved;
  size_t nunresolved, capunresolved;
  void *index;           /* private: the hash of point keys */
} sk_regress_t;

/* The reasons of regress_t's unmatched. */
enum { SK_REGRESS_GRID, SK_REGRESS_NP, SK_REGRESS_SUITE };

/* Whether BASE and CAND share runs, a merged file counted as the runs it
 * merged: 0 when they do not; 1 when they do, with "4 runs (1, 2, 3,
 * 4)" in WHY; -1 on a database error (message given). */
int sk_regress_overlap(sk_store_t *st, const int64_t *base, size_t nbase,
                       const int64_t *cand, size_t ncand, char *why,
                       size_t size);

/* The message of an overlap (the command's and the page's), into buf. */
void sk_regress_overlap_text(const char *why, char *buf, size_t size);

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

/* The comparison's verdict in one word, as its exit status has it:
 * "slower" (a finding slower), else "inconclusive" (no change at one
 * point alone could be found), else "faster" or "not significant". */
const char *sk_regress_overall(const sk_regress_t *r);

/* What before, after and the change of a point are (doc/database.md). */
#define SK_REGRESS_ESTIMATOR "before and after: each side's median of " \
  "the values tested; ratio: after / before, with the interval of that " \
  "ratio from the two medians' order-statistic intervals"

/* "inconclusive: with 4 runs per side a change at one of 1422 points
 * cannot reach q <= 0.05 (smallest p 0.0286 x 1422 tests); use at least
 * 10 runs per side, or compare at most 1 point", the sentence of an
 * inconclusive comparison, into buf (SK_REGRESS_TEXT bytes suffice). */
#define SK_REGRESS_TEXT 512
void sk_regress_inconclusive_text(const sk_regress_t *r, char *buf,
                                  size_t size);

/* "610 points of the baseline are not in the candidate: 600 at
 * arguments it did not measure (different grids: measure both with
 * skampi-run --grid-from), 10 of suites it lacks" for SIDE (0: the
 * baseline's), into buf; "" when every point of SIDE matched. */
void sk_regress_unmatched_text(const sk_regress_t *r, int side, char *buf,
                               size_t size);

/* Why a point of unresolved[] is not compared. */
#define SK_REGRESS_UNRESOLVED_WHY "below the timer's resolution"

/* Which side of unresolved point P was below the timer's resolution:
 * "baseline", "candidate" or "both". */
const char *sk_regress_unresolved_side(const sk_regress_point_t *p);

/* The least and the most of finding F's candidate medians against their
 * floors (floor_ratio[1]) in *lo and *hi; both NaN where no point of it
 * has a floor. */
void sk_regress_finding_floor(const sk_regress_t *r,
                              const sk_regress_finding_t *f, double *lo,
                              double *hi);

/* The points of verdict V. */
size_t sk_regress_count(const sk_regress_t *r, sk_regress_verdict_t v);

/* "3 slower, 1 faster, 40 not significant, 2 inconclusive, 1 not
 * comparable (below the timer's resolution)": the points of each
 * verdict, worst first, those of none left out ("no point in both" when
 * there is none), into buf. */
void sk_regress_summary_text(const sk_regress_t *r, char *buf, size_t size);

/* The findings' indexes worst first: slower before faster, the larger
 * change first; the caller's to free (NULL: out of memory). */
size_t *sk_regress_worst_first(const sk_regress_t *r);

#endif
