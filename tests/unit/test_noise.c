/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_noise.c -- the verdict of lib/noise.c on made-up evidence, each
 * rule alone (the values by hand: a share is CPU / wall, a rate switches
 * / wall), the placement's matching of ranks to CPUs, the host grouping
 * of many ranks; the time budget's share (src/engine/budget.c) and the
 * reading of /proc/loadavg (src/engine/probe.c).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "noise.h"
#include "probe.h"
#include "sk_test.h"

/* A probe: wall, cpu, switches, load, runnable, cpus. */
static sk_noise_probe_t P(double w, double c, double sw, double l, double r,
                          double n)
{
  sk_noise_probe_t p = {w, c, sw, l, r, n};
  return p;
}

static int has(const sk_noise_t *n, const char *s)
{
  size_t i;
  for (i = 0; i < n->nevidence; i++)
    if (strcmp(n->evidence[i], s) == 0)
      return 1;
  return 0;
}

/* Two ranks unpinned on a 4-CPU host, each busy all the time: quiet. */
static void test_quiet(void)
{
  static char *hosts[] = {"a", "a"}, *aff[] = {"0-3", "0-3"};
  double cpus[] = {4, 4};
  sk_noise_probe_t s[2] = {P(0, 0, 0, 0.1, 2, 4), P(0, 0, 0, 0.1, 2, 4)};
  sk_noise_probe_t e[2] = {P(10, 9.9, 3, 2.0, 2, 4),
                           P(10, 9.95, 4, 2.0, 3, 4)};
  sk_noise_place_t pl;
  sk_noise_t n;
  SK_CHECK_INT(sk_noise_place(&pl, 2, hosts, aff, cpus), 0);
  SK_CHECK(pl.oversubscribed == NULL);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 2, 10000, 1, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "quiet");
  SK_CHECK_INT(n.nevidence, 0);
  SK_CHECK_REL(n.cpu_share, 0.99, 1e-12);
  SK_CHECK_INT(n.cpu_rank, 0);
  SK_CHECK_REL(n.switch_rate, 0.4, 1e-12);
  SK_CHECK_INT(n.switch_rank, 1);
  SK_CHECK_REL(n.rank_cpu_share[1], 0.995, 1e-12);
  SK_CHECK_REL(n.rank_switches[1], 4.0, 1e-12);
  SK_CHECK_INT(n.nhosts, 1);
  SK_CHECK_STR(n.hosts[0].name, "a");
  SK_CHECK_INT(n.hosts[0].ranks, 2);
  SK_CHECK_INT(n.hosts[0].runnable_end, 2);
  sk_noise_free(&n);
  sk_noise_place_free(&pl);
}

/* Each rule alone makes it noisy; its sentence names the numbers. */
static void test_noisy_rules(void)
{
  static char *hosts[] = {"a", "a"}, *aff[] = {"0", "1"};
  double cpus[] = {4, 4};
  sk_noise_probe_t s[2] = {P(0, 0, 0, 0.5, 1, 4), P(0, 0, 0, 0.5, 1, 4)};
  sk_noise_probe_t e[2] = {P(2, 1.9, 0, 0.5, 1, 4), P(2, 1.0, 60, 0.5, 1, 4)};
  sk_noise_place_t pl;
  sk_noise_t n;
  SK_CHECK_INT(sk_noise_place(&pl, 2, hosts, aff, cpus), 0);
  /* rank 1: 1.0 / 2 = 50% of the CPU, 60 / 2 = 30 switches/s */
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 0, 100, 0, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "noisy");
  SK_CHECK(has(&n, "1 of 2 ranks was switched out for other tasks: rank 1 "
               "had the CPU 50% of its wall time (30 involuntary context "
               "switches/s)"));
  SK_CHECK(n.rank_cpu_share == NULL);
  sk_noise_free(&n);
  /* the same share with voluntary switches only (a blocking MPI): quiet */
  e[1] = P(2, 1.0, 4, 0.5, 1, 4);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 0, 100, 0, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "quiet");
  sk_noise_free(&n);
  /* a span too short to say (0.1 s): not judged by the CPU */
  e[1] = P(0.1, 0.01, 60, 0.5, 1, 4);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 0, 100, 0, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "quiet");
  SK_CHECK(isnan(n.cpu_share) || n.cpu_share > 0.9);
  sk_noise_free(&n);
  /* delays: 20 of 1000 = 2% > 1%; 10 of 1000 = 1% is not; 4 of 100 (4%)
   * is fewer than 5 */
  e[1] = P(2, 1.9, 0, 0.5, 1, 4);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 20, 1000, 0, &n), 0);
  SK_CHECK(has(&n, "2.0% of the repetitions (20 of 1000) took 1 ms or more "
               "above their point's median"));
  SK_CHECK_STR(sk_noise_name(n.verdict), "noisy");
  sk_noise_free(&n);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 10, 1000, 0, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "quiet");
  sk_noise_free(&n);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 4, 100, 0, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "quiet");
  sk_noise_free(&n);
  /* runnable: 6 of 4 CPUs at the start and 5 at the end; at one end only
   * it is a passing task */
  s[0] = P(0, 0, 0, 3.5, 6, 4);
  e[0] = P(2, 1.9, 0, 4.25, 5, 4);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 0, 100, 0, &n), 0);
  SK_CHECK(has(&n, "host a: 6 tasks runnable for 4 CPUs at the start, 5 at "
               "the end (load average 3.50, then 4.25)"));
  sk_noise_free(&n);
  e[0] = P(2, 1.9, 0, 4.25, 3, 4);
  SK_CHECK_INT(sk_noise_judge(&pl, s, e, 0, 100, 0, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "quiet");
  sk_noise_free(&n);
  sk_noise_place_free(&pl);
}

/* Ranks that cannot each have a CPU of their own. */
static void test_oversubscribed(void)
{
  static char *h3[] = {"a", "a", "a"};
  static char *shared[] = {"0", "0", "1-3"};      /* 3 CPUs, 2 pinned to 0 */
  static char *fine[] = {"0-1", "0-1", "1-2"};     /* a matching exists */
  static char *union2[] = {"0-1", "0-1", "0-1"};
  static char *unknown[] = {"unknown", "0", "0"};
  double c4[] = {4, 4, 4}, c2[] = {2, 2, 2};
  sk_noise_probe_t z[3] = {P(0, 0, 0, 0, 1, 4), P(0, 0, 0, 0, 1, 4),
                           P(0, 0, 0, 0, 1, 4)};
  sk_noise_place_t pl;
  sk_noise_t n;
  SK_CHECK_INT(sk_noise_place(&pl, 3, h3, shared, c4), 0);
  SK_CHECK_STR(pl.oversubscribed, "host a: 3 ranks, but their affinity "
               "masks (0-3) let only 2 of them have a CPU of their own");
  SK_CHECK_INT(sk_noise_judge(&pl, z, z, 0, 0, 0, &n), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "oversubscribed");
  SK_CHECK_INT(n.nevidence, 1);
  /* a suite's noisy evidence does not lower it */
  SK_CHECK_INT(sk_noise_raise(&n, SK_NOISE_NOISY, "x"), 0);
  SK_CHECK_STR(sk_noise_name(n.verdict), "oversubscribed");
  sk_noise_free(&n);
  sk_noise_place_free(&pl);
  SK_CHECK_INT(sk_noise_place(&pl, 3, h3, fine, c4), 0);
  SK_CHECK(pl.oversubscribed == NULL);
  sk_noise_place_free(&pl);
  SK_CHECK_INT(sk_noise_place(&pl, 3, h3, union2, c4), 0);
  SK_CHECK_STR(pl.oversubscribed, "host a: 3 ranks share 2 CPUs (their "
               "affinity masks: 0-1)");
  sk_noise_place_free(&pl);
  /* a mask not known: only the count of CPUs online is judged */
  SK_CHECK_INT(sk_noise_place(&pl, 3, h3, unknown, c4), 0);
  SK_CHECK(pl.oversubscribed == NULL);
  sk_noise_place_free(&pl);
  SK_CHECK_INT(sk_noise_place(&pl, 3, h3, unknown, c2), 0);
  SK_CHECK_STR(pl.oversubscribed, "host a: 3 ranks on 2 CPUs online");
  sk_noise_place_free(&pl);
}

/* 100000 ranks on 1000 hosts placed round robin: the hosts in the order
 * of their lowest rank, each rank's host found, no quadratic time. */
static void test_many_hosts(void)
{
  enum { R = 100000, H = 1000 };
  char **hosts = malloc(R * sizeof *hosts), **aff = malloc(R * sizeof *aff);
  char *names = malloc(H * 16);
  double *cpus = malloc(R * sizeof *cpus);
  sk_noise_place_t pl;
  int i, ok = 1;
  if (!hosts || !aff || !names || !cpus) {
    SK_CHECK(0);
    goto out;
  }
  for (i = 0; i < H; i++)
    snprintf(names + 16 * i, 16, "n%03d", (H - 1 - i));
  for (i = 0; i < R; i++) {
    hosts[i] = names + 16 * (i % H);
    aff[i] = "0-127";
    cpus[i] = 128;
  }
  SK_CHECK_INT(sk_noise_place(&pl, R, hosts, aff, cpus), 0);
  SK_CHECK_INT(pl.nhosts, H);
  SK_CHECK_STR(pl.names[0], "n999");
  SK_CHECK_STR(pl.names[1], "n998");
  for (i = 0; i < R && ok; i++)
    ok = pl.host[i] == i % H;
  SK_CHECK(ok);
  SK_CHECK(pl.oversubscribed == NULL);
  sk_noise_place_free(&pl);
out:
  free(hosts);
  free(aff);
  free(names);
  free(cpus);
}

static void test_names(void)
{
  sk_noise_t n;
  char buf[16];
  SK_CHECK_INT(sk_noise_parse("quiet"), SK_NOISE_QUIET);
  SK_CHECK_INT(sk_noise_parse("oversubscribed"), SK_NOISE_OVERSUBSCRIBED);
  SK_CHECK_INT(sk_noise_parse("Noisy"), -1);
  SK_CHECK_INT(sk_noise_parse(NULL), -1);
  memset(&n, 0, sizeof n);
  sk_noise_raise(&n, SK_NOISE_NOISY, "first sentence");
  sk_noise_raise(&n, SK_NOISE_QUIET, "second");
  SK_CHECK_STR(sk_noise_name(n.verdict), "noisy");
  sk_noise_summary(&n, buf, sizeof buf);
  SK_CHECK_STR(buf, "first senten...");   /* 15 characters and the NUL */
  sk_noise_free(&n);
  sk_noise_free(NULL);
}

/* The share of @TIME_RUN: (budget - elapsed) / suites left, or the
 * suite's Time_Suite when smaller; 0 once spent. */
static void test_budget(void)
{
  sk_budget_t b = {60.0, 100.0}, none = {-1.0, 100.0};
  sk_suite_t s;
  const char *by;
  memset(&s, 0, sizeof s);
  s.time_suite = 20.0;
  SK_CHECK_REL(sk_budget_suite(&b, &s, 100.0, 42, &by), 60.0 / 42, 1e-12);
  SK_CHECK_STR(by, "share of Time_Run");
  SK_CHECK_REL(sk_budget_suite(&b, &s, 100.0, 1, &by), 20.0, 1e-12);
  SK_CHECK_STR(by, "Time_Suite");
  SK_CHECK_REL(sk_budget_suite(&b, &s, 130.0, 2, &by), 15.0, 1e-12);
  SK_CHECK_REL(sk_budget_suite(&b, &s, 170.0, 3, &by), 0.0, 1e-12);
  SK_CHECK_STR(by, "share of Time_Run");
  SK_CHECK_REL(sk_budget_left(&b, 130.0), 30.0, 1e-12);
  SK_CHECK_REL(sk_budget_left(&b, 170.0), 0.0, 1e-12);
  SK_CHECK_REL(sk_budget_left(&none, 170.0), -1.0, 1e-12);
  SK_CHECK_REL(sk_budget_suite(&none, &s, 1e9, 3, &by), 20.0, 1e-12);
  s.time_suite = -1.0;
  SK_CHECK_REL(sk_budget_suite(&none, &s, 1e9, 3, &by), -1.0, 1e-12);
}

static void test_loadavg(void)
{
  double l, r;
  SK_CHECK_INT(sk_probe_parse_loadavg("0.50 0.61 0.70 3/456 1234\n", &l, &r),
               0);
  SK_CHECK_REL(l, 0.5, 1e-12);
  SK_CHECK_REL(r, 3.0, 1e-12);
  SK_CHECK_INT(sk_probe_parse_loadavg("garbage", &l, &r), -1);
  SK_CHECK(isnan(l) && r == -1.0);
  SK_CHECK_INT(sk_probe_parse_loadavg("1 2 3 9/4 5", &l, &r), -1);
}

int main(void)
{
  test_quiet();
  test_noisy_rules();
  test_oversubscribed();
  test_many_hosts();
  test_names();
  test_budget();
  test_loadavg();
  return sk_test_result();
}
