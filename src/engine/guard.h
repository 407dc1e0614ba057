/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * guard.h -- signals and the watchdog of a run (doc/robustness.md).
 *
 * SIGINT and SIGTERM end the process at once (SIGINT to another rank is
 * passed on to rank 0, see sk_guard_set_root()): the result file on disk is
 * always a complete document (it is replaced by rename), so the handler
 * only appends "interrupted" to the journal, turns the file's run status
 * "running" into "aborted", says so, removes a half-written temporary
 * file and exits with SK_EXIT_ABORTED.  The watchdog is
 * an alarm armed for each suite (without Time_Suite: re-armed after each
 * point): when it fires the operation is taken to hang; the journal gets "hung" (a rerun skips the suite as crashed) and
 * the process exits the same way.  No MPI here.
 */
#ifndef SK_GUARD_H
#define SK_GUARD_H

#include "plan.h"

/* Installs the handlers.  Rank 0 alone writes messages, the journal and
 * the status into the result file out_path: the file itself, symbolic
 * links resolved (kept: it must outlive the run). */
void sk_guard_install(int rank, const char *out_path);
/* The temporary file being written now, removed on the way out, or NULL
 * (kept until the next call; set before the handlers too). */
void sk_guard_set_tmp(const char *tmp_path);
/* A file of this process's MPI-IO point (src/patterns/pattern_io.c),
 * removed when a signal or the watchdog ends the process, or NULL (the
 * path is borrowed: kept until the next call). */
void sk_guard_set_scratch(const char *path);
/* Another rank: the pid of rank 0 when it runs on this host, else 0.
 * SIGINT there is passed on to rank 0, which alone can record it as an
 * interruption (SIGINT never counts as a crash); without a pid it is
 * ignored with a warning. */
void sk_guard_set_root(long pid);
/* Rank 0: the result file's "status: running" becomes "status: aborted"
 * in place (async-signal-safe; nothing when the file or the status line
 * is not there, or when out_path is no longer a regular file). */
void sk_guard_mark_aborted(void);
/* Whether the suite about to run brought an earlier run down (it is
 * retried): the SIGTERM message says what a rerun does with it. */
void sk_guard_retrying(int retry);
/* Disarms the watchdog and gives the signals their default actions. */
void sk_guard_remove(void);
/* Arms the watchdog for seconds (<= 0: disarms).  Other ranks than 0
 * wait a little longer, so that rank 0 reports first. */
void sk_guard_arm(double seconds);
/* The watchdog of suite s: timeout when >= 0 (--timeout; 0 is off), else
 * the default derived from Time_Suite and Time_Measurement (0: none). */
double sk_guard_timeout(const sk_suite_t *s, double timeout);
/* The watchdog of a suite without Time_Suite (and no --timeout): a
 * bound on each point, from the suite's start or the previous point's
 * end -- 600 s, plus 2 Time_Measurement when that is set; 0 when
 * sk_guard_timeout() applies instead. */
double sk_guard_idle_timeout(const sk_suite_t *s, double timeout);
/* Arms the watchdog for suite s on nprocs processes (its setup still to
 * come, sk_guard_arm_suite() below): sk_guard_timeout()'s bound on the
 * whole suite, or, without Time_Suite, sk_guard_idle_timeout()'s bound
 * on each point (sk_guard_point_done() re-arms it). */
void sk_guard_arm_for(const sk_suite_t *s, double timeout, int nprocs);
/* A point ended: the bound on each point starts again (nothing when
 * the watchdog bounds the whole suite or is off). */
void sk_guard_point_done(void);

/* ---- the setup of a suite (doc/robustness.md) ----------------------
 * A suite's setup -- the ping-pong pair's choice, the clock sync,
 * communicators -- grows with the number of processes, so the watchdog
 * of a suite allows for it on top of its time (sk_guard_timeout()):
 * while the setup runs, SK_GUARD_SETUP_BASE s plus SK_GUARD_SETUP_PER_PROC
 * s per process more; once it is done, the time it measurably took.  The
 * watchdog's message and the journal's hung line give the whole
 * allowance, rounded to seconds. */
#define SK_GUARD_SETUP_BASE 60.0
#define SK_GUARD_SETUP_PER_PROC 0.01

/* The room a setup on nprocs processes has before it is measured. */
double sk_guard_setup_room(int nprocs);
/* Arms the watchdog of a suite whose measurement may take base seconds
 * (<= 0: no watchdog), its setup on nprocs processes still to come:
 * base + sk_guard_setup_room(nprocs) from now. */
void sk_guard_arm_suite(double base, int nprocs);
/* The setup took seconds (measured): the watchdog ends the suite base
 * seconds from now, an allowance of base + seconds in all. */
void sk_guard_setup_done(double seconds);
/* Setup in the middle of the suite (a point's communicator made) took
 * seconds: the allowance grows by as much. */
void sk_guard_setup_more(double seconds);

#endif
