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

double sk_budget_suite(const sk_budget_t *b, const sk_suite_t *s, double now,
                       size_t left, const char **by)
{
  double share = sk_budget_left(b, now), own = s->time_suite;
  *by = sk_suitekey_name(SK_KEY_TIME_SUITE);
  if (share >= 0.0 && left > 1)
    share /= (double)left;
  if (share < 0.0)
    return own >= 0.0 ? own : -1.0;
  if (own >= 0.0 && own <= share)
    return own;
  *by = "share of Time_Run";
  return share;
}
