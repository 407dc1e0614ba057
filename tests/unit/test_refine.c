/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_refine.c -- the initial grids and the adaptive refinement of
 * src/engine/refine.c, driven with known time functions t(m).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "diag.h"
#include "refine.h"
#include "sk_test.h"

#define NMAX 4096

/* ---- known time functions ------------------------------------------- */

/* A straight line: 1 us latency, 1 GB/s. */
static double t_line(long m)
{
  return 1e-6 + 1e-9 * (double)m;
}

/* The line, 40% slower above 8192 bytes (an eager/rendezvous switch). */
static double t_step8192(long m)
{
  return t_line(m) * (m > 8192 ? 1.4 : 1.0);
}

/* The same switch between 5000 and 5001, away from any grid point. */
static double t_step5000(long m)
{
  return t_line(m) * (m > 5000 ? 1.4 : 1.0);
}

/* The line until 3000 bytes, then three times as steep. */
static double t_kink3000(long m)
{
  return m <= 3000 ? t_line(m) : t_line(3000) + 3e-9 * (double)(m - 3000);
}

/* The line on a linear scale, 40% slower above 450. */
static double t_step450(long m)
{
  return t_line(m) * (m > 450 ? 1.4 : 1.0);
}

/* The line, but a 0-byte message costs 5 us. */
static double t_slow_zero(long m)
{
  return m == 0 ? 5e-6 : t_line(m);
}

/* Curved everywhere: every segment has some prediction error. */
static double t_curved(long m)
{
  return 1e-6 + 1e-12 * pow((double)m, 1.5);
}

/* The line with a deterministic +-3% wiggle per argument, like noise. */
static double t_wiggly(long m)
{
  unsigned long h = (unsigned long)m * 2654435761ul;
  double u = (double)((h >> 7) % 1000) / 999.0;   /* in [0, 1] */
  return t_line(m) * (1.0 + 0.06 * (u - 0.5));
}

static double t_zero(long m)
{
  (void)m;
  return 0.0;
}

/* ---- driving ----------------------------------------------------------- */

/* A finished run: the points in measurement order and sorted. */
typedef struct run {
  long args[NMAX];
  int refined[NMAX];
  long sorted[NMAX];
  size_t n;
  size_t nrefined;
  sk_refine_stop_t stop;
  double worst;
} run_t;

static int cmp_long(const void *a, const void *b)
{
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* Measures t(m) at every point r asks for, then frees r.  Checks the
 * protocol on the way: next() hands out each argument once, refined
 * points only after the whole initial grid, and returns 0 again once done. */
static void drive(sk_refine_t *r, double (*t)(long), run_t *out)
{
  long arg;
  int refined, rc, seen_refined = 0;

  memset(out, 0, sizeof *out);
  while ((rc = sk_refine_next(r, &arg, &refined)) == 1) {
    SK_CHECK(!(seen_refined && !refined));
    seen_refined |= refined;
    SK_CHECK_INT(sk_refine_record(r, arg, t(arg)), 0);
    if (out->n == NMAX)
      break;
    out->n++;
  }
  SK_CHECK_INT(rc, 0);
  SK_CHECK_INT(sk_refine_next(r, &arg, &refined), 0);
  SK_CHECK_INT(sk_refine_grid(r, out->args, out->refined, NMAX), out->n);
  for (size_t i = 0; i < out->n; i++)
    out->nrefined += out->refined[i] != 0;
  memcpy(out->sorted, out->args, out->n * sizeof out->args[0]);
  qsort(out->sorted, out->n, sizeof out->sorted[0], cmp_long);
  out->stop = sk_refine_stop_reason(r);
  out->worst = sk_refine_worst_error(r);
  sk_refine_free(r);
}

/* ---- an independent statement of doc/refinement.md ---------------------- */

/* |t - pred| / |t|, where 0/0 is 0 and d/0 infinite. */
static double oracle_rel(double pred, double t)
{
  if (t == 0.0)
    return pred == 0.0 ? 0.0 : HUGE_VAL;
  return fabs(t - pred) / fabs(t);
}

/* The error estimate of segment (s[i], s[i+1]) of the sorted final grid. */
static double oracle_error(const long *s, size_t n, size_t i,
                           double (*t)(long))
{
  double e = HUGE_VAL, mb = (double)s[i], mc = (double)s[i + 1];

  if (i + 2 < n) {      /* the right neighbour predicts t(m_b) */
    double md = (double)s[i + 2];
    double pred = t(s[i + 1]) + (t(s[i + 2]) - t(s[i + 1])) / (md - mc)
                  * (mb - mc);
    e = fmin(e, oracle_rel(pred, t(s[i])));
  }
  if (i >= 1) {         /* the left neighbour predicts t(m_c) */
    double ma = (double)s[i - 1];
    double pred = t(s[i]) + (t(s[i]) - t(s[i - 1])) / (mb - ma) * (mc - mb);
    e = fmin(e, oracle_rel(pred, t(s[i + 1])));
  }
  if (s[i] > 0)
    e = fmin(e, (mc - mb) / mb);
  return e;
}

/* Whether the rules allow splitting segment (b, c). */
static int oracle_splittable(const sk_refine_params_t *p, long b, long c)
{
  long x = p->log_scale ? lround(sqrt((double)b * (double)c))
                        : b + (c - b) / 2;

  if (p->log_scale && b == 0)
    return 0;
  return x > b && x < c && x - b >= p->min_distance
         && c - x >= p->min_distance;
}

/* A finished dynamic run obeys its stop rule: after "epsilon" every
 * estimate is below epsilon; after "resolution" every splittable one is,
 * and no splittable segment is wider than Max_Distance in either case;
 * after "max_steps" the budget is spent.  worst_error is the largest. */
static void check_stop_rule(const sk_refine_params_t *p, const run_t *run,
                            double (*t)(long))
{
  double worst = 0.0;
  int over = 0, wide = 0;

  for (size_t i = 0; i + 1 < run->n; i++) {
    long b = run->sorted[i], c = run->sorted[i + 1];
    double e = oracle_error(run->sorted, run->n, i, t);
    worst = fmax(worst, e);
    if (oracle_splittable(p, b, c)) {
      over += !(e < p->epsilon);
      wide += p->max_distance != SK_UNSET && c - b > p->max_distance;
    }
  }
  SK_CHECK_NEAR(run->worst, worst, 1e-9 * worst + 1e-12);
  if (run->stop == SK_REFINE_STOP_MAX_STEPS) {
    long grid = sk_refine_grid_size(p);
    SK_CHECK_INT(run->n, grid + p->max_steps);
    return;
  }
  SK_CHECK_INT(over, 0);
  SK_CHECK_INT(wide, 0);
  if (run->stop == SK_REFINE_STOP_EPSILON)
    SK_CHECK(worst < p->epsilon);
  else
    SK_CHECK(run->stop == SK_REFINE_STOP_RESOLUTION && worst >= p->epsilon);
}

static void drive_params(const sk_refine_params_t *p, double (*t)(long),
                         run_t *out)
{
  sk_refine_t *r = sk_refine_new(p);

  memset(out, 0, sizeof *out);
  SK_CHECK(r != NULL);
  if (r)
    drive(r, t, out);
  for (size_t i = 1; i < out->n; i++)   /* no argument twice */
    SK_CHECK(out->sorted[i - 1] < out->sorted[i]);
  if (r && p->dynamic)
    check_stop_rule(p, out, t);
}

/* How many refined points lie in [lo, hi]. */
static size_t refined_in(const run_t *run, long lo, long hi)
{
  size_t k = 0;

  for (size_t i = 0; i < run->n; i++)
    k += run->refined[i] && run->args[i] >= lo && run->args[i] <= hi;
  return k;
}

/* Whether some point lies in [lo, hi]. */
static int covered(const run_t *run, long lo, long hi)
{
  for (size_t i = 0; i < run->n; i++)
    if (run->args[i] >= lo && run->args[i] <= hi)
      return 1;
  return 0;
}

static sk_refine_params_t log_params(long start, long end, double gamma)
{
  sk_refine_params_t p = {
    .start = start, .end = end, .log_scale = 1, .dynamic = 1,
    .stepwidth = gamma, .max_steps = SK_UNSET, .min_distance = SK_UNSET,
    .max_distance = SK_UNSET, .epsilon = 0.01
  };
  return p;
}

static const long grid2_1M[] = {
  1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
  32768, 65536, 131072, 262144, 524288, 1048576
};
#define NGRID2_1M (sizeof grid2_1M / sizeof grid2_1M[0])

/* ---- initial grids ------------------------------------------------------ */

static void check_grid(sk_refine_params_t p, const long *want, size_t n)
{
  run_t run;

  p.dynamic = 0;
  SK_CHECK_INT(sk_refine_grid_size(&p), n);
  drive_params(&p, t_line, &run);
  SK_CHECK_LONGS(run.args, run.n, want, n);
  SK_CHECK_INT(run.nrefined, 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_GRID);
}

static void test_log_grids(void)
{
  static const long g2_from1[] = {
    1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  static const long g2_from0[] = {
    0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  static const long r2_from1[] = {
    1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64, 91, 128, 181, 256, 362, 512,
    724, 1024};
  static const long r2_from0[] = {
    0, 1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64, 91, 128, 181, 256, 362,
    512, 724, 1024};
  static const long g2_1000[] = {
    1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000};
  static const long g2_from3[] = {3, 6, 12, 24, 48, 96, 100};

  check_grid(log_params(1, 1024, 2.0), g2_from1, 11);
  check_grid(log_params(0, 1024, 2.0), g2_from0, 12);
  check_grid(log_params(1, 1024, sqrt(2.0)), r2_from1, 20);
  check_grid(log_params(0, 1024, sqrt(2.0)), r2_from0, 21);
  /* Fig. 1 of the paper writes sqrt(2) as 1.414213562. */
  check_grid(log_params(0, 1024, 1.414213562), r2_from0, 21);
  check_grid(log_params(1, 1000, 2.0), g2_1000, 11);
  check_grid(log_params(3, 100, 2.0), g2_from3, 7);
  check_grid(log_params(1, 1 << 20, 2.0), grid2_1M, NGRID2_1M);
}

/* From 0, a log grid goes on at the first length that sends data (one
 * unit of the base type and patterns), not at 1. */
static void test_log_grid_first(void)
{
  static const long g2_unit32[] = {0, 32, 64, 128, 256, 512, 1000};
  static const long unit_too_long[] = {0, 20};
  sk_refine_params_t p = log_params(0, 1000, 2.0);
  p.first = 32;
  check_grid(p, g2_unit32, 7);
  p = log_params(0, 20, 2.0);
  p.first = 32;
  check_grid(p, unit_too_long, 2);
}

static void test_small_grids(void)
{
  static const long zero[] = {0};
  static const long zero_one[] = {0, 1};
  static const long five[] = {5};
  static const long five_six[] = {5, 6};
  /* gamma 1.1 from 1: 1.1, 1.21, ... round to 1 (dropped) until 1.61. */
  static const long slow[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

  check_grid(log_params(0, 0, 2.0), zero, 1);
  check_grid(log_params(0, 1, 2.0), zero_one, 2);
  check_grid(log_params(5, 5, 2.0), five, 1);
  check_grid(log_params(5, 6, 2.0), five_six, 2);
  check_grid(log_params(1, 10, 1.1), slow, 10);
}

static void test_linear_grids(void)
{
  static const long by100[] = {0, 100, 200, 300, 400, 500, 600, 700, 800,
                               900, 1000};
  static const long by300[] = {10, 310, 610, 910, 1000};
  /* 12.5 steps round half away from zero. */
  static const long by12_5[] = {0, 13, 25, 38, 50, 63, 75, 88, 100};
  /* Steps below 1 give each integer once. */
  static const long by0_4[] = {7, 8, 9, 10};
  sk_refine_params_t p = log_params(0, 1000, 100.0);

  p.log_scale = 0;
  check_grid(p, by100, 11);
  p.start = 10;
  p.stepwidth = 300.0;
  check_grid(p, by300, 5);
  p.start = 0;
  p.end = 100;
  p.stepwidth = 12.5;
  check_grid(p, by12_5, 9);
  p.start = 7;
  p.end = 10;
  p.stepwidth = 0.4;
  check_grid(p, by0_4, 4);
}

/* ---- refinement ---------------------------------------------------------- */

/* A straight line needs no refinement on a dynamic scale. */
static void test_line_not_refined(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  drive_params(&p, t_line, &run);
  SK_CHECK_LONGS(run.args, run.n, grid2_1M, NGRID2_1M);
  SK_CHECK_INT(run.nrefined, 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
  SK_CHECK(run.worst < 1e-12);
}

/* A fixed scale is never refined, whatever the curve does. */
static void test_fixed_not_refined(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  p.dynamic = 0;
  drive_params(&p, t_step8192, &run);
  SK_CHECK_LONGS(run.args, run.n, grid2_1M, NGRID2_1M);
  SK_CHECK_INT(run.nrefined, 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_GRID);
  SK_CHECK_NEAR(run.worst, 0.0, 0.0);
}

/* The step lies between grid points 8192 and 16384: that segment gets
 * every refined point, halving its log-width until (m_c - m_b)/m_b < eps,
 * so the step ends up bracketed within 1% of 8192. */
static void test_step_on_grid_point(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  drive_params(&p, t_step8192, &run);
  SK_CHECK(run.nrefined >= 5);
  SK_CHECK_INT(refined_in(&run, 8193, 16383), run.nrefined);
  SK_CHECK(covered(&run, 8000, 8192));
  SK_CHECK(covered(&run, 8193, 8400));
  SK_CHECK(covered(&run, 8193, 8192 + 82));
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
  SK_CHECK(run.worst < p.epsilon);
  SK_CHECK_INT(run.n, NGRID2_1M + run.nrefined);
}

/* A step away from the grid: the points close in from both sides. */
static void test_step_between_grid_points(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  drive_params(&p, t_step5000, &run);
  SK_CHECK(run.nrefined >= 5);
  SK_CHECK_INT(refined_in(&run, 4097, 8191), run.nrefined);
  SK_CHECK(covered(&run, 5000 - 50, 5000));
  SK_CHECK(covered(&run, 5001, 5001 + 50));
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
  SK_CHECK(run.worst < p.epsilon);
}

/* With gamma = sqrt(2) the initial grid already has 11585 (the first split
 * of gamma = 2), and the rest happens in the same segment. */
static void test_step_sqrt2(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, sqrt(2.0));

  drive_params(&p, t_step8192, &run);
  SK_CHECK(run.nrefined >= 4);
  SK_CHECK_INT(refined_in(&run, 8193, 11584), run.nrefined);
  SK_CHECK(covered(&run, 8193, 8192 + 82));
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
}

/* A kink: refinement stays in the initial segment that holds it and
 * closes in from both sides. */
static void test_kink(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  drive_params(&p, t_kink3000, &run);
  SK_CHECK(run.nrefined >= 4);
  SK_CHECK_INT(refined_in(&run, 2049, 4095), run.nrefined);
  SK_CHECK(covered(&run, 3000 - 60, 3000));
  SK_CHECK(covered(&run, 3001, 3000 + 60));
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
  SK_CHECK(run.worst < p.epsilon);
}

/* Dynamic_linear splits at the integer midpoint. */
static void test_linear_step(void)
{
  run_t run;
  sk_refine_params_t p = log_params(0, 1000, 100.0);

  p.log_scale = 0;
  drive_params(&p, t_step450, &run);
  SK_CHECK(run.nrefined >= 3);
  SK_CHECK_INT(run.args[11], 450);   /* midpoint of (400, 500) first */
  SK_CHECK_INT(run.args[12], 475);   /* then of (450, 500) */
  SK_CHECK_INT(refined_in(&run, 401, 499), run.nrefined);
  SK_CHECK(covered(&run, 451, 450 + 4));
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
}

/* Max_Steps counts the refined points, beyond the initial grid; the
 * worst segments go first. */
static void test_max_steps(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);
  long first3[NGRID2_1M + 3];

  memcpy(first3, grid2_1M, sizeof grid2_1M);
  first3[NGRID2_1M] = 11585;       /* round(sqrt(8192 * 16384)) */
  first3[NGRID2_1M + 1] = 9742;    /* round(sqrt(8192 * 11585)) */
  first3[NGRID2_1M + 2] = 8933;    /* round(sqrt(8192 * 9742)) */
  p.max_steps = 3;
  drive_params(&p, t_step8192, &run);
  SK_CHECK_LONGS(run.args, run.n, first3, NGRID2_1M + 3);
  SK_CHECK_INT(run.nrefined, 3);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_MAX_STEPS);
  SK_CHECK(run.worst >= p.epsilon);

  /* 0: the grid is measured in full, and nothing more. */
  p.max_steps = 0;
  drive_params(&p, t_step8192, &run);
  SK_CHECK_LONGS(run.args, run.n, grid2_1M, NGRID2_1M);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_MAX_STEPS);

  /* Fewer steps than the grid has points still refine (the paper's
   * Fig. 1: 44 initial points, Max_Steps 40). */
  p.max_steps = 5;
  drive_params(&p, t_step8192, &run);
  SK_CHECK_INT(run.n, NGRID2_1M + 5);
  SK_CHECK_INT(run.nrefined, 5);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_MAX_STEPS);

  /* Max_Steps is not a reason to stop when the curve is a line. */
  drive_params(&p, t_line, &run);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
}

/* No refined point comes closer than Min_Distance to a neighbour. */
static void test_min_distance(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  p.min_distance = 64;
  drive_params(&p, t_step8192, &run);
  SK_CHECK(run.nrefined >= 3);
  for (size_t i = 1; i < run.n; i++) {
    long lo = run.sorted[i - 1], hi = run.sorted[i];
    if (lo >= 8192 && hi <= 16384)
      SK_CHECK(hi - lo >= 64);
  }
  /* The step segment is left wider than 1%: an honest "resolution". */
  SK_CHECK(!covered(&run, 8193, 8192 + 63));
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_RESOLUTION);
  SK_CHECK(run.worst >= p.epsilon);

  /* A Min_Distance wider than any split leaves the grid alone. */
  p.min_distance = 1 << 20;
  drive_params(&p, t_step8192, &run);
  SK_CHECK_LONGS(run.args, run.n, grid2_1M, NGRID2_1M);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_RESOLUTION);
}

/* Max_Distance: wider segments are split even on a straight line. */
static void test_max_distance(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  p.max_distance = 100000;
  drive_params(&p, t_line, &run);
  SK_CHECK(run.nrefined > 0);
  for (size_t i = 1; i < run.n; i++)
    SK_CHECK(run.sorted[i] - run.sorted[i - 1] <= 100000);
  SK_CHECK_INT(refined_in(&run, 0, 131072), 0);
  SK_CHECK_INT(run.args[NGRID2_1M], 741455);  /* the widest goes first */
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);

  /* With a budget, the widest segments are split first: after
   * (524288, 1048576), its right half (307121 wide) beats (262144, 524288). */
  p.max_steps = 2;
  drive_params(&p, t_line, &run);
  SK_CHECK_INT(run.n, NGRID2_1M + 2);
  SK_CHECK_INT(run.args[NGRID2_1M], 741455);   /* (524288, 1048576) */
  SK_CHECK_INT(run.args[NGRID2_1M + 1], 881744); /* (741455, 1048576) */
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_MAX_STEPS);

  /* Equal widths: the segment with the smaller argument goes first. */
  static const long ties[] = {0, 100, 200, 300, 400, 500, 600, 700, 800,
                              900, 1000, 50, 150, 250, 350, 450, 550, 650,
                              750, 850, 950};
  p = log_params(0, 1000, 100.0);
  p.log_scale = 0;
  p.max_distance = 60;
  drive_params(&p, t_line, &run);
  SK_CHECK_LONGS(run.args, run.n, ties, 21);
}

/* A segment with no neighbour is split once to learn its shape. */
static void test_two_point_grids(void)
{
  run_t run;
  static const long log2pt[] = {64, 4096, 512};
  static const long lin2pt[] = {0, 100, 50};
  sk_refine_params_t p = log_params(64, 4096, 64.0);

  drive_params(&p, t_line, &run);
  SK_CHECK_LONGS(run.args, run.n, log2pt, 3);
  p = log_params(0, 100, 100.0);
  p.log_scale = 0;
  drive_params(&p, t_line, &run);
  SK_CHECK_LONGS(run.args, run.n, lin2pt, 3);
}

/* On a log scale the segment (0, 1) is never split, even when 0 bytes
 * cost five times more; the run says why it stopped. */
static void test_log_zero_segment(void)
{
  run_t run;
  sk_refine_params_t p = log_params(0, 1 << 20, 2.0);

  drive_params(&p, t_slow_zero, &run);
  SK_CHECK_INT(run.n, NGRID2_1M + 1);
  SK_CHECK_INT(run.nrefined, 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_RESOLUTION);
  SK_CHECK_NEAR(run.worst, 0.8, 1e-9);   /* |5 - 1| / 5 at m = 0 */
}

/* Curves where every segment matters: the stop rule holds at the end
 * (check_stop_rule recomputes every estimate from scratch), which needs
 * the estimates of the neighbours of each new point to be updated. */
static void test_curved_and_noisy(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  drive_params(&p, t_curved, &run);
  SK_CHECK(run.nrefined > 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
  drive_params(&p, t_wiggly, &run);
  SK_CHECK(run.nrefined > 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
  p.max_steps = 60;
  drive_params(&p, t_wiggly, &run);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_MAX_STEPS);
  p = log_params(0, 1 << 16, sqrt(2.0));
  p.min_distance = 8;
  p.max_distance = 4096;
  drive_params(&p, t_wiggly, &run);
  SK_CHECK(run.nrefined > 0);
  p.log_scale = 0;
  p.stepwidth = 1000.0;
  drive_params(&p, t_wiggly, &run);
  SK_CHECK(run.nrefined > 0);
}

/* Times of 0 predict each other exactly: nothing to refine. */
static void test_zero_times(void)
{
  run_t run;
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);

  drive_params(&p, t_zero, &run);
  SK_CHECK_INT(run.nrefined, 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_EPSILON);
}

/* The same times give the same points, run after run. */
static void test_deterministic(void)
{
  static run_t a, b;
  sk_refine_params_t p = log_params(0, 1 << 22, sqrt(2.0));

  drive_params(&p, t_kink3000, &a);
  drive_params(&p, t_kink3000, &b);
  SK_CHECK_LONGS(a.args, a.n, b.args, b.n);
}

/* ---- parameters, protocol, replay ---------------------------------------- */

static void test_bad_params(void)
{
  sk_refine_params_t good = log_params(1, 1024, 2.0), p;

  SK_CHECK_STR(sk_refine_params_check(&good), NULL);
  p = good; p.start = -1;
  SK_CHECK_STR(sk_refine_params_check(&p),
               "Start_Argument must not be negative");
  SK_CHECK(sk_refine_new(&p) == NULL);
  SK_CHECK_INT(sk_refine_grid_size(&p), -1);
  p = good; p.end = 0;
  SK_CHECK_STR(sk_refine_params_check(&p),
               "End_Argument must not be smaller than Start_Argument");
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.stepwidth = 1.0;
  SK_CHECK_STR(sk_refine_params_check(&p),
               "Stepwidth must be a number greater than 1 on a log scale");
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.stepwidth = NAN;
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.log_scale = 0; p.stepwidth = 0.0;
  SK_CHECK_STR(sk_refine_params_check(&p),
               "Stepwidth must be a positive number on a linear scale");
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.max_steps = -2;
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.min_distance = -2;
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.max_distance = 0;
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.epsilon = 0.0;
  SK_CHECK_STR(sk_refine_params_check(&p),
               "Standard_error must be a positive number on a dynamic scale");
  SK_CHECK(sk_refine_new(&p) == NULL);
  p.dynamic = 0;      /* a fixed scale does not use epsilon */
  SK_CHECK_STR(sk_refine_params_check(&p), NULL);
  p = good; p.end = 1L << 40; p.stepwidth = 1.00001;
  SK_CHECK(sk_refine_params_check(&p) != NULL);
  SK_CHECK(sk_refine_new(&p) == NULL);
  p = good; p.log_scale = 0; p.end = 1L << 21; p.stepwidth = 1.0;
  SK_CHECK(sk_refine_new(&p) == NULL);
  p.end = 1L << 19;
  SK_CHECK_INT(sk_refine_grid_size(&p), (1L << 19) - 1 + 1);
  SK_CHECK(sk_refine_new(NULL) == NULL);
}

/* The paper's Fig. 1 as printed (suites/fig1.skampi, resolved for 2
 * processes): its sqrt(2) grid (0, then 32 bytes, the smallest length
 * of MPI_INT sent as Vector, to End_Argument = Max_Value = 2796223) has
 * 35 initial points, 44 counted from 1 byte, and Max_Steps the default
 * 40: 40 refinement steps beyond the grid, whatever its size.  So it
 * refines, Max_Distance = 512 first (the widest segments, at the grid's
 * end), and no refined point comes closer than Min_Distance = 2. */
static void test_fig1(void)
{
  const char *top = getenv("top_srcdir");
  char path[1024];
  sk_check_options_t opt = {.nprocs = 2};
  sk_diag_t *d = sk_diag_new();
  sk_plan_t *plan;
  sk_refine_params_t p;
  run_t run;

  snprintf(path, sizeof path, "%s/suites/fig1.skampi", top ? top : ".");
  plan = d ? sk_check_file(path, &opt, d) : NULL;
  SK_CHECK_MSG(plan && plan->nsuites == 1, "%s resolves", path);
  if (plan && plan->nsuites == 1) {
    sk_refine_params_from_suite(&plan->suites[0], &p);
    SK_CHECK_INT(sk_refine_grid_size(&p), 35);
    SK_CHECK_INT(p.max_steps, 40);
    SK_CHECK_INT(p.min_distance, 2);
    SK_CHECK_INT(p.max_distance, 512);
    drive_params(&p, t_line, &run);
    SK_CHECK_INT(run.n, 35 + 40);
    SK_CHECK_INT(run.nrefined, 40);
    SK_CHECK_INT(run.stop, SK_REFINE_STOP_MAX_STEPS);
    /* Max_Distance first: the first step splits the grid's widest
     * segment, its last (2097152, 2796223), at the geometric mean
     * round(sqrt(2097152 * 2796223)). */
    SK_CHECK_INT(run.args[35], 2421591);
    for (size_t i = 1; i < run.n; i++)
      SK_CHECK(run.sorted[i] - run.sorted[i - 1] >= 2 ||
               !refined_in(&run, run.sorted[i - 1], run.sorted[i]));
  }
  sk_plan_free(plan);
  sk_diag_free(d);
}

/* A resolved suite maps key by key; Scale gives both flags. */
static void test_from_suite(void)
{
  sk_suite_t s;
  sk_refine_params_t p;

  memset(&s, 0, sizeof s);
  s.scale = SK_SCALE_DYNAMIC_LOG;
  s.start_argument = 0;
  s.end_argument = 1 << 20;
  s.stepwidth = 1.414213562;
  s.max_steps = 100;
  s.min_distance = 2;
  s.max_distance = 512;
  s.standard_error = 0.03;
  sk_refine_params_from_suite(&s, &p);
  SK_CHECK_INT(p.start, 0);
  SK_CHECK_INT(p.end, 1 << 20);
  SK_CHECK_INT(p.log_scale, 1);
  SK_CHECK_INT(p.dynamic, 1);
  SK_CHECK_NEAR(p.stepwidth, 1.414213562, 0.0);
  SK_CHECK_INT(p.max_steps, 100);
  SK_CHECK_INT(p.min_distance, 2);
  SK_CHECK_INT(p.max_distance, 512);
  SK_CHECK_NEAR(p.epsilon, 0.03, 0.0);
  s.scale = SK_SCALE_FIXED_LOG;
  sk_refine_params_from_suite(&s, &p);
  SK_CHECK_INT(p.log_scale, 1);
  SK_CHECK_INT(p.dynamic, 0);
  s.scale = SK_SCALE_DYNAMIC_LINEAR;
  sk_refine_params_from_suite(&s, &p);
  SK_CHECK_INT(p.log_scale, 0);
  SK_CHECK_INT(p.dynamic, 1);
  s.scale = SK_SCALE_FIXED_LINEAR;
  sk_refine_params_from_suite(&s, &p);
  SK_CHECK_INT(p.log_scale, 0);
  SK_CHECK_INT(p.dynamic, 0);
}

static void test_protocol(void)
{
  sk_refine_params_t p = log_params(1, 4, 2.0);
  sk_refine_t *r = sk_refine_new(&p);
  long arg = -1, got[4];
  int refined = -1;

  SK_CHECK_INT(sk_refine_record(r, 1, 1.0), -1);     /* nothing pending */
  SK_CHECK_INT(sk_refine_next(r, &arg, &refined), 1);
  SK_CHECK_INT(arg, 1);
  SK_CHECK_INT(refined, 0);
  SK_CHECK_INT(sk_refine_next(r, &arg, &refined), -1); /* not recorded */
  SK_CHECK_INT(sk_refine_record(r, 2, 1.0), -1);       /* wrong argument */
  SK_CHECK_INT(sk_refine_record(r, 1, NAN), -1);
  SK_CHECK_INT(sk_refine_record(r, 1, INFINITY), -1);
  SK_CHECK_INT(sk_refine_grid(r, got, NULL, 4), 0);
  SK_CHECK_INT(sk_refine_record(r, 1, 1.0), 0);
  SK_CHECK_INT(sk_refine_grid(r, got, NULL, 4), 1);
  SK_CHECK_INT(sk_refine_stop_reason(r), SK_REFINE_RUNNING);
  SK_CHECK_INT(sk_refine_next(r, &arg, NULL), 1);
  SK_CHECK_INT(arg, 2);
  SK_CHECK_INT(sk_refine_record(r, 2, -1.0), 0);      /* negative is fine */
  SK_CHECK_INT(sk_refine_grid(r, got, NULL, 1), 2);   /* cap respected */
  SK_CHECK_INT(got[0], 1);
  SK_CHECK_STR(sk_refine_stop_name(SK_REFINE_STOP_MAX_STEPS), "max_steps");
  SK_CHECK_STR(sk_refine_stop_name(SK_REFINE_RUNNING), "running");
  sk_refine_free(r);
  sk_refine_free(NULL);
}

static void test_replay(void)
{
  static const long args[] = {64, 8, 1024, 8, 0};
  run_t run;
  sk_refine_t *r = sk_refine_new_replay(args, 5);

  SK_CHECK(r != NULL);
  if (r)
    drive(r, t_step8192, &run);
  SK_CHECK_LONGS(run.args, run.n, args, 5);
  SK_CHECK_INT(run.nrefined, 0);
  SK_CHECK_INT(run.stop, SK_REFINE_STOP_GRID);

  /* A refined run's grid, replayed, gives the same arguments. */
  sk_refine_params_t p = log_params(1, 1 << 20, 2.0);
  static run_t first, again;
  drive_params(&p, t_step5000, &first);
  r = sk_refine_new_replay(first.args, first.n);
  SK_CHECK(r != NULL);
  if (r)
    drive(r, t_line, &again);
  SK_CHECK_LONGS(again.args, again.n, first.args, first.n);

  static const long bad[] = {4, -1};
  SK_CHECK(sk_refine_new_replay(bad, 2) == NULL);
  SK_CHECK(sk_refine_new_replay(args, 0) == NULL);
  SK_CHECK(sk_refine_new_replay(NULL, 3) == NULL);
}

int main(void)
{
  test_log_grids();
  test_log_grid_first();
  test_small_grids();
  test_linear_grids();
  test_line_not_refined();
  test_fixed_not_refined();
  test_step_on_grid_point();
  test_step_between_grid_points();
  test_step_sqrt2();
  test_kink();
  test_linear_step();
  test_max_steps();
  test_fig1();
  test_min_distance();
  test_max_distance();
  test_two_point_grids();
  test_log_zero_segment();
  test_curved_and_noisy();
  test_zero_times();
  test_deterministic();
  test_bad_params();
  test_from_suite();
  test_protocol();
  test_replay();
  return sk_test_result();
}
