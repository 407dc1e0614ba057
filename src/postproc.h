/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * postproc.h -- `@POSTPROC yes`: skampi post-processes its own runs
 * (SKaMPI paper, §4.3; doc/reproducibility.md, "@POSTPROC yes").
 *
 * With @POSTPROC yes the result file FILE is the merged result of a
 * series of runs, each written to its own run file beside it:
 * STEM.run-01.yaml, STEM.run-02.yaml, ... (STEM: FILE without a trailing
 * ".yaml").  A start of skampi continues the last run file when that run
 * did not finish (crash restart, doc/robustness.md), else it begins the
 * next one; runs 2, 3, ... replay the grid of run 1.  After the run,
 * every run file of the series is merged into FILE (skampi-merge's
 * code).  No MPI here: rank 0 calls these functions.
 */
#ifndef SK_POSTPROC_H
#define SK_POSTPROC_H

#include <stddef.h>

typedef struct sk_postproc {
  const char *outfile;     /* FILE, the merged result (borrowed) */
  int run;                 /* this start's run number, 1, 2, ... */
  int continuing;          /* 1: run file `run` exists and is continued */
  char *run_path;          /* STEM.run-NN.yaml of `run` */
  char *grid_path;         /* STEM.run-01.yaml when run >= 2, else NULL */
} sk_postproc_t;

/* The run file of run n (n >= 1) of the series of outfile: STEM.run-NN
 * with NN at least two digits; NULL without memory. */
char *sk_postproc_run_path(const char *outfile, int n);

/* Which run this start makes, for the suite file with SHA-256 sha (64
 * hex digits, or "" when unknown).  Returns 0, or -1 with a sentence in
 * why[0..len) when the series holds another suite file's runs or out of
 * memory. */
int sk_postproc_prepare(sk_postproc_t *pp, const char *outfile,
                        const char *sha, char *why, size_t len);

/* Merges runs 1..pp->run into pp->outfile; -1 (messages printed with
 * "skampi: error:") when a run cannot be read, the runs do not match or
 * the merged file cannot be written. */
int sk_postproc_merge(const sk_postproc_t *pp);

void sk_postproc_release(sk_postproc_t *pp);

#endif
