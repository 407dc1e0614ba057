/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * budget.h -- the run's time budget, @TIME_RUN (doc/engine.md, "The
 * run's time budget"): how long each suite may take so that the whole
 * run ends in bounded time however slow the machine is (no MPI here).
 *
 * A suite measured on its own may take its Time_Suite, or what the budget
 * left can spare for it: the time left minus a reserve for the suites
 * after it.  The reserve is what each of them is expected to need --
 * 1.5 times the mean time of the suites this run has measured so far --
 * but never more than the equal share (time left / suites left, itself
 * included) each.  Before any suite has ended (nothing says yet how slow
 * the machine is) a suite may take twice the equal share.
 * So on a quiet machine a suite that needs more than its equal share
 * takes it from the time the others are expected not to use; on a slow
 * machine (the expected need above the equal share) every suite gets at
 * least its
 * equal share of what is left, as none is starved by the ones before
 * it.  A suite the share cut while time is left is held and goes on in
 * a second pass after every suite's first turn (sk_budget_second(),
 * src/run.c), so that a suite is cut at the end only when the rest of
 * the run could not otherwise be measured.  Points interleaved across
 * suites (--shuffle) are measured in random order until the budget is
 * spent, so the points left unmeasured are spread over the suites alike.
 */
#ifndef SK_BUDGET_H
#define SK_BUDGET_H

#include <stddef.h>

#include "plan.h"

typedef struct sk_budget {
  double total;       /* @TIME_RUN, s; < 0: no budget */
  double t0;          /* when the run started (MPI_Wtime's clock) */
  double spent;       /* s the suites that ended took (sk_budget_ended) */
  size_t ended;       /* how many */
} sk_budget_t;

/* sk_suite_result_t.limit_by of a suite its share cut (a first pass's
 * share, or the first and second passes' together). */
#define SK_BUDGET_BY_SHARE "share of Time_Run"

/* The expected need of a suite not yet measured, as a multiple of the
 * mean of the suites measured so far. */
#define SK_BUDGET_MARGIN 1.5

/* Seconds left of the budget at now (0 once spent); -1 without one. */
double sk_budget_left(const sk_budget_t *b, double now);

/* A suite measured on its own ended after seconds: the reserve for the
 * suites after it learns from it. */
void sk_budget_ended(sk_budget_t *b, double seconds);

/* The seconds suite s may take when it starts at now with `left` suites
 * (itself included) still to measure; -1 for no limit.  *by says which
 * limit it is: "Time_Suite" or "share of Time_Run" (a static string, as
 * sk_suite_result_t.limit_by says it).  0 when the
 * budget is spent: the suite is not measured. */
double sk_budget_suite(const sk_budget_t *b, const sk_suite_t *s, double now,
                       size_t left, const char **by);

/* The second pass: the limit of a suite held after its first pass
 * (src/engine/execute.h), which took `before` seconds (its first share),
 * when it goes on at now with `left` held suites (itself included) still
 * to continue: its first share plus an equal share of the time left
 * after `over` seconds are set aside for each of them -- what a suite
 * costs beyond its limit (its setup again, the point under way, the
 * write of the result file), as the run has seen it -- and at least
 * nothing; time a suite that completes early does not use flows to
 * those after it.  Its Time_Suite instead when that is smaller, *by
 * saying which as for sk_budget_suite().  The limit counts both passes;
 * the first share alone means no time is left for it. */
double sk_budget_second(const sk_budget_t *b, const sk_suite_t *s, double now,
                        size_t left, double before, double over,
                        const char **by);

#endif
