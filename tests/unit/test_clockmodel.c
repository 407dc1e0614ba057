/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_clockmodel.c -- src/engine/clockmodel.c with synthetic clocks.
 *
 * A synthetic clock reads L(T) = (1 + d) T + c at true time T, so its
 * model against the true (reference) clock has
 *   slope = -d / (1 + d),  intercept = -c / (1 + d).
 * Exchanges are simulated exactly: the local process sends at true time
 * T0, the remote reads its clock on arrival (T0 + l1) and the answer
 * arrives at T0 + l1 + l2.
 */
#include <config.h>

#include <math.h>
#include <stdint.h>

#include "clockmodel.h"
#include "sk_test.h"

typedef struct {
  double d, c;
} synth_clock_t;

static double clk(const synth_clock_t *k, double t)
{
  return (1.0 + k->d) * t + k->c;
}

static sk_clockmodel_t truth(const synth_clock_t *k)
{
  sk_clockmodel_t m = {-k->d / (1.0 + k->d), -k->c / (1.0 + k->d)};
  return m;
}

/* One exchange between a local clock and a remote clock. */
static sk_clockmodel_exchange_t exchange(const synth_clock_t *local,
                                         const synth_clock_t *remote, double t0,
                                         double l1, double l2)
{
  sk_clockmodel_exchange_t x = {clk(local, t0), clk(remote, t0 + l1),
                                clk(local, t0 + l1 + l2)};
  return x;
}

/* A fixed-seed generator (xorshift64*) of uniform numbers in [0, 1). */
static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static double uniform(void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (double)((rng_state * 2685821657736338717ull) >> 11) * 0x1p-53;
}

#define NPTS 64

/* Fits the model of `local` against `remote` from NPTS points, each the
 * best of `nx` exchanges with latencies base + jitter * uniform(). */
static void learn(const synth_clock_t *local, const synth_clock_t *remote, double t0,
                  double step, int nx, double base, double jitter,
                  sk_clockmodel_t *m, double *rms)
{
  double tl[NPTS], off[NPTS];

  for (int i = 0; i < NPTS; i++) {
    sk_clockmodel_exchange_t x[16];
    for (int j = 0; j < nx; j++)
      x[j] = exchange(local, remote, t0 + i * step + j * 1e-4,
                      base + jitter * uniform(), base + jitter * uniform());
    SK_CHECK(sk_clockmodel_exchange_offset(x, (size_t)nx, &off[i], &tl[i],
                                           NULL) >= 0);
  }
  SK_CHECK_INT(sk_clockmodel_fit(tl, off, NPTS, m, rms), 0);
}

/* Exact, exactly representable data (dyadic drift, offset, times and
 * latencies): the fit recovers slope and intercept to 1e-12 relative. */
static void test_exact_dyadic(void)
{
  synth_clock_t ref = {0, 0}, p = {0x1p-15, 0.25};
  sk_clockmodel_t m, t = truth(&p);
  double rms;

  learn(&p, &ref, 1.0, 0.0625, 1, 0x1p-20, 0.0, &m, &rms);
  SK_CHECK_NEAR(m.slope, t.slope, 1e-12 * fabs(t.slope));
  SK_CHECK_NEAR(m.intercept, t.intercept, 1e-12 * fabs(t.intercept));
  SK_CHECK_NEAR(rms, 0.0, 1e-15);
}

/* Exact latencies but realistic clocks: 37 ppm drift, a day of uptime,
 * 1234 s apart.  Only rounding of the timestamps (ulp(1e5 s) = 1.5e-11 s)
 * limits the fit: the drift comes out within 1e-13 (1e-7 ppm) and the
 * mapped times within 1e-10 s of the true ones (1e-15 relative). */
static void test_exact_realistic(void)
{
  synth_clock_t ref = {0, 0}, p = {3.7e-5, -1234.5678};
  sk_clockmodel_t m, t = truth(&p);

  learn(&p, &ref, 86400.0, 0.25, 1, 2.5e-6, 0.0, &m, NULL);
  SK_CHECK_NEAR(m.slope, t.slope, 1e-13);
  for (double T = 86400.0; T < 86420.0; T += 3.3) {
    double got = sk_clockmodel_apply(&m, clk(&p, T));
    SK_CHECK_NEAR(got, T, 1e-10);
  }
}

/* Noisy latencies: 1..21 us one way, drawn independently.  An exchange
 * measures the offset with error (l1 - l2) / 2, at most jitter / 2, so the
 * slope error is at most (jitter/2) sum|x_i - mean| / Sxx and the mapped
 * time at most jitter / 2 (plus rounding) inside the fitted span.  The
 * min-round-trip choice must do much better than that bound. */
static void test_noisy(void)
{
  synth_clock_t ref = {0, 0}, p = {-1.2e-5, 42.0};
  sk_clockmodel_t m, t = truth(&p);
  double jitter = 20e-6, step = 0.5, rms, sabs = 0.0, sxx = 0.0;
  double mean = (NPTS - 1) * step / 2.0;

  for (int i = 0; i < NPTS; i++) {
    sabs += fabs(i * step - mean);
    sxx += (i * step - mean) * (i * step - mean);
  }
  learn(&p, &ref, 100.0, step, 10, 1e-6, jitter, &m, &rms);
  double bound = jitter / 2.0 * sabs / sxx;
  SK_CHECK_NEAR(m.slope, t.slope, bound / 4.0);
  SK_CHECK(rms > 0.0 && rms < jitter / 2.0);
  for (double T = 100.0; T < 100.0 + NPTS * step; T += 1.7)
    SK_CHECK_NEAR(sk_clockmodel_apply(&m, clk(&p, T)), T, jitter / 4.0);
}

/* HCA: p->q and q->root composed equal p->root learned directly. */
static void test_compose(void)
{
  synth_clock_t root = {0, 0}, q = {2.0e-5, 10.0}, p = {-3.0e-5, -7.5};
  sk_clockmodel_t pq, qr, pr, direct, t = truth(&p);

  learn(&p, &q, 50.0, 0.25, 1, 2e-6, 0.0, &pq, NULL);
  learn(&q, &root, 50.0, 0.25, 1, 2e-6, 0.0, &qr, NULL);
  learn(&p, &root, 50.0, 0.25, 1, 2e-6, 0.0, &direct, NULL);
  sk_clockmodel_compose(&pq, &qr, &pr);
  SK_CHECK_NEAR(pr.slope, t.slope, 1e-12);
  SK_CHECK_NEAR(pr.slope, direct.slope, 1e-12);
  SK_CHECK_NEAR(pr.intercept, t.intercept, 1e-10);
  for (double T = 50.0; T < 66.0; T += 1.3) {
    double lp = clk(&p, T);
    SK_CHECK_NEAR(sk_clockmodel_apply(&pr, lp), T, 1e-12 * T);
    SK_CHECK_NEAR(sk_clockmodel_apply(&qr, sk_clockmodel_apply(&pq, lp)),
                  sk_clockmodel_apply(&pr, lp), 1e-12 * T);
  }
  /* composing with the identity changes nothing; out may alias */
  sk_clockmodel_t id = sk_clockmodel_identity(), c = pr;
  sk_clockmodel_compose(&c, &id, &c);
  SK_CHECK_NEAR(c.slope, pr.slope, 0.0);
  SK_CHECK_NEAR(c.intercept, pr.intercept, 0.0);
}

/* HCA over p processes, simulated on synthetic clocks with exactly the
 * schedule of clocksync.c: in rounds of decreasing stride every rank
 * whose stride it is fits its clock to its parent's (by exchanges) and
 * composes that with the parent's model to rank 0, which the parent must
 * already have.  After the last round every clock maps to rank 0's.
 * With exact latencies to rounding; with one-way latencies of jitter J,
 * an exchange's offset errs by at most J/2 and a least-squares line
 * through such offsets by at most twice that within the span it fitted,
 * so each hop of the tree adds at most J and a rank d hops down errs by
 * at most d J: the accuracy HCA trades for its ceil(log2 p) rounds
 * (doc/engine.md). */
#define TREE_MAX 1000

static double tree_worst(int p, double jitter, int *depth_max)
{
  static synth_clock_t c[TREE_MAX];
  static sk_clockmodel_t model[TREE_MAX];
  static int done[TREE_MAX], depth[TREE_MAX];
  int r, k, rounds = sk_clockmodel_tree_rounds(p), children0 = 0;
  double worst = 0.0;
  for (r = 0; r < p; r++) {
    c[r].d = (uniform() - 0.5) * 1e-4;      /* +-50 ppm */
    c[r].c = (uniform() - 0.5) * 200.0;     /* +-100 s */
    done[r] = r == 0;
    depth[r] = 0;
  }
  model[0] = sk_clockmodel_identity();
  for (k = 0; k < rounds; k++) {
    int s = 1 << (rounds - 1 - k);
    for (r = 1; r < p; r++) {
      int stride, q = sk_clockmodel_tree_parent(r, &stride);
      sk_clockmodel_t to_parent;
      if (stride != s)
        continue;
      SK_CHECK(q >= 0 && q < r && done[q] && !done[r]);
      children0 += q == 0;
      learn(&c[r], &c[q], 10.0, 0.01, 8, 2e-6, jitter, &to_parent, NULL);
      sk_clockmodel_compose(&to_parent, &model[q], &model[r]);
      depth[r] = depth[q] + 1;
      done[r] = 1;
    }
  }
  SK_CHECK_INT(children0, rounds);
  *depth_max = 0;
  for (r = 0; r < p; r++) {
    SK_CHECK(done[r]);
    if (depth[r] > *depth_max)
      *depth_max = depth[r];
    /* within the span every fit saw (true times 10 .. 10.63) */
    for (double T = 10.0; T < 10.0 + (NPTS - 1) * 0.01; T += 0.0125) {
      double e = fabs(sk_clockmodel_apply(&model[r], clk(&c[r], T)) -
                      clk(&c[0], T));
      if (e > worst)
        worst = e;
    }
  }
  return worst;
}

static void test_tree(void)
{
  static const int ps[] = {1, 2, 3, 4, 5, 8, 13, 64, 100, 1000};
  size_t i;
  int depth;
  SK_CHECK_INT(sk_clockmodel_tree_rounds(1), 0);
  SK_CHECK_INT(sk_clockmodel_tree_rounds(2), 1);
  SK_CHECK_INT(sk_clockmodel_tree_rounds(1024), 10);
  SK_CHECK_INT(sk_clockmodel_tree_rounds(1025), 11);
  SK_CHECK_INT(sk_clockmodel_tree_parent(0, NULL), -1);
  SK_CHECK_INT(sk_clockmodel_tree_parent(6, &depth), 4);
  SK_CHECK_INT(depth, 2);
  SK_CHECK_INT(sk_clockmodel_tree_parent(7, NULL), 6);
  for (i = 0; i < sizeof ps / sizeof *ps; i++) {
    double worst = tree_worst(ps[i], 0.0, &depth);
    SK_CHECK_MSG(worst < 1e-9, "p = %d: exact exchanges, error %g s",
                 ps[i], worst);
    SK_CHECK(depth <= sk_clockmodel_tree_rounds(ps[i]));
  }
  /* noisy: 1 us of jitter per one-way latency, at most J per hop */
  for (i = 0; i < sizeof ps / sizeof *ps; i++) {
    double J = 1e-6, worst = tree_worst(ps[i], J, &depth);
    SK_CHECK_MSG(worst <= (depth > 0 ? depth : 1) * J,
                 "p = %d: error %g s over %d hops", ps[i], worst, depth);
  }
}

static void test_apply_invert(void)
{
  sk_clockmodel_t m = {2.5e-5, -3.25}, inv, back, bad = {-1.0, 0.0};
  sk_clockmodel_t off = sk_clockmodel_offset(0.125);

  SK_CHECK_NEAR(sk_clockmodel_apply(&m, 1000.0), 1000.0 + 0.025 - 3.25,
                1e-12);
  SK_CHECK_NEAR(sk_clockmodel_apply(&off, 10.0), 10.125, 0.0);
  SK_CHECK_INT(sk_clockmodel_invert(&m, &inv), 0);
  for (double t = -50.0; t < 5000.0; t += 123.4)
    SK_CHECK_NEAR(sk_clockmodel_apply(&inv, sk_clockmodel_apply(&m, t)), t,
                  1e-15 * 5000.0);
  sk_clockmodel_compose(&m, &inv, &back);   /* the identity */
  SK_CHECK_NEAR(back.slope, 0.0, 1e-18);
  SK_CHECK_NEAR(back.intercept, 0.0, 1e-15);
  SK_CHECK_INT(sk_clockmodel_invert(&bad, &inv), -1);
  bad.slope = NAN;
  SK_CHECK_INT(sk_clockmodel_invert(&bad, &inv), -1);
}

static void test_exchange_offset(void)
{
  sk_clockmodel_exchange_t x[] = {
    {10.0, 20.0, 10.5},      /* rtt 0.5 */
    {11.0, 21.2, 11.25},     /* rtt 0.25: the best */
    {12.0, 22.0, 11.0},      /* negative rtt: skipped */
    {13.0, NAN, 13.1},       /* not finite: skipped */
    {14.0, 24.0, 14.25},     /* rtt 0.25 again: not chosen (later) */
  };
  double off, mid, rtt;

  SK_CHECK_INT(sk_clockmodel_exchange_offset(x, 5, &off, &mid, &rtt), 1);
  SK_CHECK_NEAR(off, 21.2 - 11.125, 1e-12);
  SK_CHECK_NEAR(mid, 11.125, 0.0);
  SK_CHECK_NEAR(rtt, 0.25, 0.0);
  SK_CHECK_INT(sk_clockmodel_exchange_offset(x, 1, NULL, NULL, NULL), 0);
  SK_CHECK_INT(sk_clockmodel_exchange_offset(x + 2, 2, &off, &mid, &rtt),
               -1);
  SK_CHECK_INT(sk_clockmodel_exchange_offset(x, 0, &off, &mid, &rtt), -1);
}

static void test_fit_refusals(void)
{
  double t[] = {1.0, 1.0, 1.0}, o[] = {0.1, 0.2, 0.3};
  sk_clockmodel_t m;

  SK_CHECK_INT(sk_clockmodel_fit(t, o, 1, &m, NULL), -1);
  SK_CHECK_INT(sk_clockmodel_fit(t, o, 3, &m, NULL), -1);
  t[2] = NAN;
  SK_CHECK_INT(sk_clockmodel_fit(t, o, 3, &m, NULL), -1);
}

int main(void)
{
  test_exact_dyadic();
  test_exact_realistic();
  test_noisy();
  test_compose();
  test_tree();
  test_apply_invert();
  test_exchange_offset();
  test_fit_refusals();
  return sk_test_result();
}
