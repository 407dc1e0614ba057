/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * run_int.h -- what the run (run.c) shares with its interleaved points
 * (run_block.c): the state of a run on every rank, the write after a
 * suite, and what is said when one ends.
 */
#ifndef SK_RUN_INT_H
#define SK_RUN_INT_H

#include <stddef.h>

#include "budget.h"
#include "execute.h"
#include "outfile.h"
#include "progress.h"
#include "result.h"
#include "resultfile.h"
#include "run_resume.h"
#include "runnoise.h"

typedef struct sk_runstate {
  sk_engine_t eng;
  sk_progress_t progress;
  sk_result_t *res;          /* rank 0 */
  const char *outfile;
  char *dest;                /* outfile, links resolved: the guard's */
  const char *inputs[2];     /* rank 0: the suite file, --grid-from */
  sk_outfile_inputs_t in;    /* no output may be one of them */
  sk_run_resume_t rr;        /* rank 0; order and norder on every rank */
  double t0;
  sk_budget_t budget;        /* @TIME_RUN */
  sk_runnoise_t noise;       /* the machine's noise, every rank */
  size_t cut_run;            /* rank 0: suites Time_Run cut short */
  double timeout;            /* --timeout, or -1 */
  const char *log;           /* --log, or NULL: @LOGFILE */
  int quiet;
  size_t written;            /* rank 0: suites in the result file as last
                              * written (kept ones included) */
  sk_resultfile_t rf;        /* rank 0: the result file, appended to */
  /* rank 0, per plan suite: the suites the first pass held for the
   * second (src/engine/execute.h), their results until they end */
  sk_execute_hold_t *holds;
  sk_suite_result_t *held;
  long *second;              /* rank 0: their plan indices, in order */
  size_t nsecond;
  double over;               /* rank 0: seconds the suites cut by their
                              * share took beyond it (setup, the point
                              * under way, the write), summed ... */
  size_t nover;              /* ... over this many */
  double cut_begin, cut_limit;  /* rank 0: the last suite measured on its
                                 * own: its start and its limit, when its
                                 * share cut it (cut_limit < 0: not cut) */
  double exec_end;           /* rank 0: when its measurement ended */
  double endcost;            /* rank 0: seconds from there to its write
                              * done (noise gathered, file and journal
                              * written), summed over the suites the
                              * first pass ended ... */
  size_t nend;               /* ... this many */
} sk_runstate_t;

typedef struct sk_run_block {
  char *in;                  /* every rank: order[i] is interleaved */
  double *barrier;           /* every rank: per plan suite, its barrier
                              * time once measured (sk_execute_one) */
  sk_suite_result_t *res;    /* rank 0: per plan suite, until it is done */
  size_t *left;              /* rank 0: its points still to measure */
  int *started;              /* rank 0: its first point was measured */
  long *ent;                 /* rank 0: pairs (plan suite, argument) */
  size_t nent, next;
  size_t nsuites;            /* rank 0: suites interleaved */
  size_t open;               /* rank 0: the journal's open suite (1-based) */
} sk_run_block_t;

/* Every rank: rank 0 writes the result file and, after a suite, the
 * journal's end line for it (end: its status; NULL elsewhere); every
 * rank learns whether the run goes on.  0, or -1: it stops. */
int sk_run_write(sk_runstate_t *st, const char *end);
/* Rank 0: the progress line and the log of a suite that ended (and the
 * count of suites the budget cut short). */
void sk_run_suite_said(sk_runstate_t *st, sk_suite_result_t *sr);

/* Every rank (run_block.c): the interleaved points of --shuffle, each
 * suite written when its last point is measured; 1 when the run had to
 * stop.  b (zeroed by the caller) says which suites were interleaved;
 * sk_run_block_free() releases it. */
int sk_run_block(sk_runstate_t *st, sk_run_block_t *b);
void sk_run_block_free(sk_run_block_t *b);

#endif
