/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_budget.c -- the second pass of the run's time budget
 * (src/engine/budget.h, sk_budget_second()): its limits by hand, and
 * runs on a simulated clock with both passes, where a suite cut by its
 * first share goes on with what the others left.  The first pass's
 * share alone is tested in test_noise.c.
 */
#include <config.h>

#include <string.h>

#include "budget.h"
#include "sk_test.h"

/* The limit of a held suite: its first share plus the equal share of
 * what is left among the held suites still to go on, less what each is
 * expected to cost beyond its limit, counted over both passes; its
 * Time_Suite when smaller; no budget: Time_Suite. */
static void test_second(void)
{
  sk_budget_t b = {60.0, 100.0, 0.0, 0}, none = {-1.0, 100.0, 0.0, 0};
  sk_suite_t s;
  const char *by;
  memset(&s, 0, sizeof s);
  s.time_suite = -1.0;
  /* at 150 s, 10 s left for 4 held suites: 1.5 + 10 / 4 */
  SK_CHECK_REL(sk_budget_second(&b, &s, 150.0, 4, 1.5, 0.0, &by), 4.0, 1e-12);
  SK_CHECK_STR(by, "share of Time_Run");
  /* 0.5 s set aside for each of the 4 for what a suite costs beyond its
   * limit: 1.5 + (10 - 4 * 0.5) / 4 */
  SK_CHECK_REL(sk_budget_second(&b, &s, 150.0, 4, 1.5, 0.5, &by), 3.5,
               1e-12);
  SK_CHECK_STR(by, "share of Time_Run");
  /* 3 s each, more than the 10 s left: nothing beyond the first share */
  SK_CHECK_REL(sk_budget_second(&b, &s, 150.0, 4, 1.5, 3.0, &by), 1.5,
               1e-12);
  /* the last one gets all that is left */
  SK_CHECK_REL(sk_budget_second(&b, &s, 150.0, 1, 1.5, 0.0, &by), 11.5, 1e-12);
  /* Time_Suite 3 s below 1.5 + 2.5: Time_Suite */
  s.time_suite = 3.0;
  SK_CHECK_REL(sk_budget_second(&b, &s, 150.0, 4, 1.5, 0.0, &by), 3.0, 1e-12);
  SK_CHECK_STR(by, "Time_Suite");
  /* the budget spent: no more than the first share (the run ends it) */
  s.time_suite = 20.0;
  SK_CHECK_REL(sk_budget_second(&b, &s, 170.0, 2, 1.5, 0.0, &by), 1.5, 1e-12);
  SK_CHECK_STR(by, "share of Time_Run");
  SK_CHECK_REL(sk_budget_second(&none, &s, 170.0, 2, 1.5, 0.0, &by), 20.0,
               1e-12);
  SK_CHECK_STR(by, "Time_Suite");
}

/* A run of n suites on a simulated clock with @TIME_RUN total: suite i
 * needs need[i] s and takes the smaller of that and its limit; with
 * `second`, a suite its first share cut while time is left goes on in
 * the second pass (as src/run.c does).  Returns how many were cut at
 * the end; *end is when the run ended. */
static size_t budget_two(const double *need, size_t n, double total,
                         int second, double *end)
{
  sk_budget_t b = {total, 0.0, 0.0, 0};
  sk_suite_t s;
  const char *by;
  double now = 0.0, rest[64], first[64];
  size_t i, nh = 0, cut = 0;
  memset(&s, 0, sizeof s);
  s.time_suite = -1.0;
  for (i = 0; i < n; i++) {
    double lim = sk_budget_suite(&b, &s, now, n - i, &by);
    double took = need[i] < lim ? need[i] : lim;
    now += took;
    sk_budget_ended(&b, took);
    if (need[i] > lim && second && sk_budget_left(&b, now) > 0.0) {
      rest[nh] = need[i] - took;
      first[nh++] = lim;
    } else if (need[i] > lim) {
      cut++;
    }
  }
  for (i = 0; i < nh; i++) {
    double lim = sk_budget_second(&b, &s, now, nh - i, first[i], 0.0, &by);
    double more = lim - first[i];
    double took = rest[i] < more ? rest[i] : more;
    now += took > 0.0 ? took : 0.0;
    cut += rest[i] > more;
  }
  *end = now;
  return cut;
}

/* By hand: Time_Run 12 s, needs 10, 1, 1.  The first gets twice the
 * equal share, 8 s, and is held with 2 s to go; the second 4 - 1 * 2
 * = 2 s (the reserve: 1.5 * 8 s, at most the equal share 2 s) and takes
 * 1; the third the 3 s left and takes 1; the second pass gives the held
 * one the 2 s left: nothing cut, the run ends at 12 s.  One pass alone
 * cuts the first at 8 s (the run ends at 10 s). */
static void test_by_hand(void)
{
  static const double need[3] = {10.0, 1.0, 1.0};
  double end;
  SK_CHECK_INT((int)budget_two(need, 3, 12.0, 1, &end), 0);
  SK_CHECK_REL(end, 12.0, 1e-12);
  SK_CHECK_INT((int)budget_two(need, 3, 12.0, 0, &end), 1);
  SK_CHECK_REL(end, 10.0, 1e-12);
}

/* The default suite under @TIME_RUN 60 (the 42 suites' times of a run
 * on a loaded two-core machine, test_noise.c), with its first suite
 * needing 6 s and its slowest 12 s: 58.1 s of needs in all.  One pass
 * cuts suites short; two cut none and end when the needs are met.  On a
 * machine where every suite needs 5 s (210 s) the second pass has no
 * time: every suite is cut and the run still ends at 60 s. */
static void test_default(void)
{
  static const double run[42] = {
    6.0, 1.3, 0.5, 0.5, 0.8, 0.9, 0.6, 0.9, 0.3, 0.4, 3.4, 0.4, 0.4, 0.7,
    1.1, 0.3, 0.5, 0.4, 4.0, 0.5, 0.6, 0.0, 0.7, 0.5, 0.8, 0.5, 0.0, 1.1,
    0.5, 0.7, 6.0, 12.0, 6.0, 0.6, 1.3, 1.3, 0.0, 0.0, 0.0, 0.0, 0.3, 1.3};
  double need[42], end;
  size_t i;
  SK_CHECK(budget_two(run, 42, 60.0, 0, &end) > 0);
  SK_CHECK_INT((int)budget_two(run, 42, 60.0, 1, &end), 0);
  SK_CHECK_REL(end, 58.1, 1e-9);
  for (i = 0; i < 42; i++)
    need[i] = 5.0;
  SK_CHECK_INT((int)budget_two(need, 42, 60.0, 1, &end), 42);
  SK_CHECK_REL(end, 60.0, 1e-9);
}

int main(void)
{
  test_second();
  test_by_hand();
  test_default();
  return sk_test_result();
}
