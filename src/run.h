/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * run.h -- the measurement run: every suite of a plan, on every rank.
 */
#ifndef SK_RUN_H
#define SK_RUN_H

#include "plan.h"

typedef struct sk_run_options {
  const char *outfile;      /* -o FILE; NULL: @OUTFILE, else "skampi.yaml" */
  int quiet;                /* --quiet: no progress on stderr */
  const char *log;          /* --log FILE, or NULL: @LOGFILE */
  int fresh;                /* --fresh: start over, keep FILE.bak */
  double timeout;           /* --timeout, or -1: from the suite's limits */
  int shuffle;              /* --shuffle: suites and fixed grids in random
                             * order */
  unsigned long long seed;  /* its seed (the same on every rank) */
  int per_suite;            /* --no-interleave: with --shuffle, each
                             * suite's points on their own */
  const struct sk_gridfile *grid;  /* --grid-from, rank 0 only, or NULL */
  const struct sk_nodemap *nodes;  /* the node map, rank 0 only; NULL or
                                    * empty: not known (lib/nodemap.h) */
  const struct sk_pairs_place *place;  /* this rank's place for the pair
                                    * placements (src/engine/pairs.h) */
} sk_run_options_t;

/* Exit statuses of skampi (skampi(1), EXIT STATUS, and doc/robustness.md
 * have the table). */
enum {
  SK_EXIT_OK = 0,           /* every suite complete */
  SK_EXIT_INPUT = 1,        /* suite file error: nothing measured */
  SK_EXIT_USAGE = 2,        /* bad command line */
  SK_EXIT_PARTIAL = 3,      /* run finished, some suite failed */
  SK_EXIT_ABORTED = 4       /* run aborted; the result file holds what was done */
};

/* Measures the suites of plan that an earlier run into the same result
 * file left to do (all of them for a new file; doc/robustness.md), with
 * the journal, the watchdog and the signal handlers; called collectively by every rank of
 * MPI_COMM_WORLD after MPI_Init with the same plan.  Returns an exit
 * status (SK_EXIT_*), the same on every rank. */
int sk_run(const sk_plan_t *plan, const sk_run_options_t *opt);

#endif
