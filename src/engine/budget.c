/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * budget.c -- the run's time budget (budget.h).
 */
#include <config.h>

#include "budget.h"

#include "suitekey.h"

double sk_budget_left(const sk_budget_t *b, double now)
{
  double left;
  if (b->total < 0.0)
    return -1.0;
  left = b->total - (now - b->t0);
  return left > 0.0 ? left : 0.0;
}

void sk_budget_ended(sk_budget_t *b, double seconds)
{
  if (seconds > 0.0)
    b->spent += seconds;
  b->ended++;
}

/* What each suite after this one is expected to need, at most the
 * equal share eq. */
static double sk_budget_need(const sk_budget_t *b, double eq)
{
  double need = SK_BUDGET_MARGIN * b->spent / (double)b->ended;
  return need < eq ? need : eq;
}

double sk_budget_suite(const sk_budget_t *b, const sk_suite_t *s, double now,
                       size_t left, const char **by)
{
  double share = sk_budget_left(b, now), own = s->time_suite, eq;
  *by = sk_suitekey_name(SK_KEY_TIME_SUITE);
  if (share < 0.0)
    return own >= 0.0 ? own : -1.0;
  if (left > 1) {
    eq = share / (double)left;
    /* before any suite ended nothing says how slow the machine is:
     * twice the equal share, so that a slow machine's first suite does
     * not take what the others need */
    if (b->ended == 0)
      share = share < 2.0 * eq ? share : 2.0 * eq;
    else
      share -= (double)(left - 1) * sk_budget_need(b, eq);
  }
  if (own >= 0.0 && own <= share)
    return own;
  *by = SK_BUDGET_BY_SHARE;
  return share > 0.0 ? share : 0.0;
}

double sk_budget_second(const sk_budget_t *b, const sk_suite_t *s, double now,
                        size_t left, double before, double over,
                        const char **by)
{
  double share = sk_budget_left(b, now), own = s->time_suite;
  *by = sk_suitekey_name(SK_KEY_TIME_SUITE);
  if (share < 0.0)                /* no budget: nothing was held */
    return own;
  if (over > 0.0)
    share -= (double)left * over;
  if (share < 0.0)
    share = 0.0;
  if (left > 1)
    share /= (double)left;
  if (own >= 0.0 && own <= before + share)
    return own;
  *by = SK_BUDGET_BY_SHARE;
  return before + share;
}
