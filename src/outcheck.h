/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outcheck.h -- before a run measures anything, rank 0 checks every file
 * it is going to write against the rule of lib/outfile.h: the result file
 * (-o, else @OUTFILE, else skampi.yaml), with @POSTPROC yes the run file
 * and the merged file, and @LOGFILE.  A path taken from the suite file
 * (@OUTFILE, @LOGFILE) must also be one a suite file may name
 * (sk_outfile_suite_path()).  No MPI here.
 */
#ifndef SK_OUTCHECK_H
#define SK_OUTCHECK_H

#include <stddef.h>

#include "plan.h"

/* output: -o or NULL; run_path: @POSTPROC's run file of this start, or
 * NULL without @POSTPROC; grid_from: the grid file read, or NULL; log:
 * --log, or NULL for @LOGFILE.  The inputs are the suite file
 * (plan->path) and grid_from.  0, or -1 with the sentence in why. */
int sk_outcheck_run(const sk_plan_t *plan, const char *output,
                    const char *run_path, const char *grid_from,
                    const char *log, char *why, size_t whylen);

#endif
