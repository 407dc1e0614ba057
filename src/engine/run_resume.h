/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * run_resume.h -- rank 0's decision, before a run measures anything, of
 * what an earlier run into the same result file leaves to do (§4.3 of the
 * SKaMPI paper; doc/robustness.md).  No MPI here.
 */
#ifndef SK_RUN_RESUME_H
#define SK_RUN_RESUME_H

#include <stddef.h>

#include "journal.h"
#include "outfile.h"
#include "result.h"

typedef struct sk_run_resume {
  const char *outfile;      /* borrowed */
  const sk_outfile_inputs_t *in;   /* borrowed: what no output may be */
  char *journal;            /* outfile.journal */
  sk_resume_t *kept;        /* suites of the earlier file, or NULL */
  long *order;              /* plan indices to measure, in this order */
  size_t norder;
  size_t retried;           /* the last `retried` of order crashed once */
  int killed;               /* the earlier file says "running", and no
                               process holds its journal */
  char finish[16];          /* then, the status of the journal's "finish"
                               line when the run got that far ("aborted":
                               it stopped, but could not write the file) */
  char err[1024];           /* why the run cannot go on */
  sk_journal_io_t *io;      /* MPI-IO files earlier runs made (the
                               journal's io lines): removed before this
                               run measures (sk_run's sweep) */
  size_t nio;
} sk_run_resume_t;

/* Fills rr for result r (its sha256 already set) and outfile.  First
 * outfile (as RUN) and its journal must pass sk_outfile_check() with the
 * inputs in (kept in rr); with fresh the earlier files, when skampi's,
 * are then renamed to .bak (sk_outfile_backup()).  Suites skipped as crashed
 * are appended to r as entries with status crashed.  Returns 0, or an
 * exit status (SK_EXIT_INPUT, SK_EXIT_ABORTED) with rr->err set. */
int sk_run_resume_prepare(sk_run_resume_t *rr, sk_result_t *r,
                          const char *outfile, int fresh,
                          const sk_outfile_inputs_t *in);
void sk_run_resume_release(sk_run_resume_t *rr);

#endif
