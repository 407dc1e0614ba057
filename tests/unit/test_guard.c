/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_guard.c -- which watchdog a suite gets (src/engine/guard.h,
 * doc/robustness.md): with Time_Suite a bound on the whole suite; without
 * it a bound on each point, set again when a point ends; --timeout
 * overrides both.  The alarm is read back with alarm(0) (seconds left),
 * so nothing here waits for time to pass: alarm(5) stands for a suite
 * 595 s into its bound.  SIGALRM is ignored, so a slow machine cannot
 * end the test.
 */
#include <config.h>

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "guard.h"
#include "plan.h"
#include "sk_test.h"

static sk_suite_t suite(double time_suite, double time_measurement)
{
  sk_suite_t s;
  memset(&s, 0, sizeof s);
  s.time_suite = time_suite;
  s.time_measurement = time_measurement;
  return s;
}

int main(void)
{
  sk_suite_t none = suite(-1.0, -1.0), tm = suite(-1.0, 30.0);
  sk_suite_t ts = suite(20.0, 1.0);
  signal(SIGALRM, SIG_IGN);
  /* the bounds */
  SK_CHECK_NEAR(sk_guard_timeout(&ts, -1.0), 2 * 20.0 + 60 + 2 * 1.0, 0);
  SK_CHECK_NEAR(sk_guard_timeout(&none, -1.0), 0.0, 0);
  SK_CHECK_NEAR(sk_guard_idle_timeout(&none, -1.0), 600.0, 0);
  SK_CHECK_NEAR(sk_guard_idle_timeout(&tm, -1.0), 600.0 + 60.0, 0);
  SK_CHECK_NEAR(sk_guard_idle_timeout(&ts, -1.0), 0.0, 0);
  SK_CHECK_NEAR(sk_guard_idle_timeout(&none, 7.0), 0.0, 0);   /* --timeout */
  SK_CHECK_NEAR(sk_guard_idle_timeout(&none, 0.0), 0.0, 0);   /* off */
  /* without Time_Suite: armed for a point (its setup's room first, then
   * the setup measured), and again when one ends */
  sk_guard_arm_for(&none, -1.0, 100);
  SK_CHECK_INT(alarm(5), 600 + 61);
  sk_guard_setup_done(0.0);
  SK_CHECK_INT(alarm(5), 600);
  sk_guard_point_done();
  SK_CHECK_INT(alarm(5), 600);
  /* with Time_Suite: one bound for the suite, points change nothing */
  sk_guard_arm_for(&ts, -1.0, 100);
  sk_guard_setup_done(0.0);
  SK_CHECK_INT(alarm(5), 102);
  sk_guard_point_done();
  SK_CHECK_INT(alarm(0), 5);
  /* --timeout 0: no watchdog at all */
  sk_guard_arm_for(&none, 0.0, 100);
  sk_guard_setup_done(0.0);
  sk_guard_point_done();
  SK_CHECK_INT(alarm(0), 0);
  /* disarmed between suites: a point ending then arms nothing */
  sk_guard_arm_for(&none, -1.0, 100);
  sk_guard_arm(0.0);
  sk_guard_point_done();
  SK_CHECK_INT(alarm(0), 0);
  return sk_test_result();
}
