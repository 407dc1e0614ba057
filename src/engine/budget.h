/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * budget.h -- the run's time budget, @TIME_RUN (doc/engine.md, "The
 * run's time budget"): how long each suite may take so that the whole
 * run ends in bounded time however slow the machine is (no MPI here).
 *
 * A suite measured on its own may take the smaller of its Time_Suite
 * and its share of the budget left: (Time_Run - elapsed) / (suites left,
 * itself included).  A suite that needs less leaves the rest to the
 * suites after it; on a slow machine every suite still gets its share,
 * so none is starved by the ones before it.  Points interleaved across
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
} sk_budget_t;

/* Seconds left of the budget at now (0 once spent); -1 without one. */
double sk_budget_left(const sk_budget_t *b, double now);

/* The seconds suite s may take when it starts at now with `left` suites
 * (itself included) still to measure; -1 for no limit.  *by says which
 * limit it is: "Time_Suite" or "share of Time_Run" (a static string, as
 * sk_suite_result_t.limit_by says it).  0 when the
 * budget is spent: the suite is not measured. */
double sk_budget_suite(const sk_budget_t *b, const sk_suite_t *s, double now,
                       size_t left, const char **by);

#endif
