/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * modes.c -- groups of repetitions from a kernel density of log(time).
 */
#include <config.h>

#include "modes.h"

#include <math.h>
#include <string.h>

#include "stats.h"

/* The groups while they are merged: group k holds the samples
 * cut[k] .. cut[k + 1] - 1 and its highest density is peak[k]; the
 * density between groups k and k + 1 falls to valley[k]. */
typedef struct sk_modes_groups {
  int k;
  double peak[SK_MODES_GRID / 2 + 1];
  double valley[SK_MODES_GRID / 2 + 1];
  size_t cut[SK_MODES_GRID / 2 + 2];
} sk_modes_groups_t;

static double sk_modes_y(const double *sorted, size_t i, int log_scale)
{
  return log_scale ? log(sorted[i]) : sorted[i];
}

/* The density (up to a constant factor) at lo + g·step, g < GRID: the
 * samples are first binned linearly onto the grid, then each bin's
 * weight is spread by the kernel, cut at 4h. */
static void sk_modes_density(const double *sorted, size_t n, int log_scale,
                             double lo, double step, double h, double *f)
{
  double bin[SK_MODES_GRID], kern[SK_MODES_GRID];
  int g, j, w = (int)ceil(4.0 * h / step);
  size_t i;
  if (w >= SK_MODES_GRID)
    w = SK_MODES_GRID - 1;
  memset(bin, 0, sizeof bin);
  for (i = 0; i < n; i++) {
    double pos = (sk_modes_y(sorted, i, log_scale) - lo) / step;
    int b = (int)floor(pos);
    double frac = pos - b;
    if (b < 0) { b = 0; frac = 0.0; }
    if (b >= SK_MODES_GRID - 1) { b = SK_MODES_GRID - 2; frac = 1.0; }
    bin[b] += 1.0 - frac;
    bin[b + 1] += frac;
  }
  for (j = 0; j <= w; j++) {
    double u = j * step / h;
    kern[j] = exp(-0.5 * u * u);
  }
  for (g = 0; g < SK_MODES_GRID; g++) {
    double s = 0.0;
    int a = g - w < 0 ? 0 : g - w, b = g + w >= SK_MODES_GRID ?
                                           SK_MODES_GRID - 1 : g + w;
    for (j = a; j <= b; j++)
      if (bin[j] != 0.0)
        s += bin[j] * kern[j > g ? j - g : g - j];
    f[g] = s;
  }
}

/* One group per local maximum of f (a plateau counts once), bounded by
 * the lowest point between two maxima; the samples are assigned to the
 * group their grid position falls into. */
static void sk_modes_split(const double *sorted, size_t n, int log_scale,
                           double lo, double step, const double *f,
                           sk_modes_groups_t *gr)
{
  int g, k = 0, vpos = 0, rising = 1;
  size_t i = 0;
  gr->cut[0] = 0;
  gr->peak[0] = f[0];
  for (g = 1; g < SK_MODES_GRID; g++) {
    if (rising && f[g] < f[g - 1]) {
      rising = 0;                   /* passed a maximum at g - 1 */
      gr->peak[k] = f[g - 1];
      vpos = g;
    } else if (!rising && f[g] > f[g - 1]) {
      rising = 1;                   /* passed a minimum at vpos */
      gr->valley[k] = f[vpos];
      while (i < n && sk_modes_y(sorted, i, log_scale) <= lo + vpos * step)
        i++;
      gr->cut[++k] = i;
      gr->peak[k] = f[g];
    } else if (!rising && f[g] < f[vpos]) {
      vpos = g;
    }
    if (rising && f[g] > gr->peak[k])
      gr->peak[k] = f[g];
  }
  gr->cut[k + 1] = n;
  gr->k = k + 1;
}

/* Groups k and k + 1 become one. */
static void sk_modes_merge(sk_modes_groups_t *gr, int k)
{
  int j;
  if (gr->peak[k + 1] > gr->peak[k])
    gr->peak[k] = gr->peak[k + 1];
  for (j = k + 1; j < gr->k - 1; j++)
    gr->peak[j] = gr->peak[j + 1];
  for (j = k; j < gr->k - 2; j++)
    gr->valley[j] = gr->valley[j + 1];
  for (j = k + 1; j < gr->k; j++)
    gr->cut[j] = gr->cut[j + 1];
  gr->k--;
}

/* The valley to remove next, or -1 when every group is a mode: a group
 * below the minimum share first (the smallest, across its higher
 * valley), then the shallowest valley if it is not deep enough or too
 * many groups are left. */
static int sk_modes_worst(const sk_modes_groups_t *gr, size_t n)
{
  int k, small = -1, shallow = -1;
  double depth = -1.0;
  for (k = 0; k < gr->k; k++) {
    size_t c = gr->cut[k + 1] - gr->cut[k];
    if ((double)c < SK_MODES_MIN_SHARE * (double)n &&
        (small < 0 || c < gr->cut[small + 1] - gr->cut[small]))
      small = k;
  }
  if (small >= 0) {
    if (small == 0)
      return 0;
    if (small == gr->k - 1)
      return small - 1;
    return gr->valley[small] > gr->valley[small - 1] ? small : small - 1;
  }
  for (k = 0; k + 1 < gr->k; k++) {
    double lower = fmin(gr->peak[k], gr->peak[k + 1]);
    double d = lower > 0.0 ? gr->valley[k] / lower : 1.0;
    if (d > depth) {
      depth = d;
      shallow = k;
    }
  }
  if (shallow >= 0 && (depth > SK_MODES_VALLEY || gr->k > SK_MODES_MAX))
    return shallow;
  return -1;
}

/* Silverman's spread of samples a .. b - 1 on the working scale:
 * min(s, IQR/1.34), the positive one when the other is 0. */
static double sk_modes_spread(const double *sorted, size_t a, size_t b,
                              int log_scale)
{
  double sum = 0.0, ss = 0.0, mean, sd, iqr;
  size_t i, n = b - a;
  if (n < 2)
    return 0.0;
  for (i = a; i < b; i++)
    sum += sk_modes_y(sorted, i, log_scale);
  mean = sum / (double)n;
  for (i = a; i < b; i++) {
    double d = sk_modes_y(sorted, i, log_scale) - mean;
    ss += d * d;
  }
  sd = sqrt(ss / (double)(n - 1));
  /* the logarithm keeps the order: the quartiles of the logs are the
   * logs of order statistics (the nearer below, close enough here) */
  iqr = sk_modes_y(sorted, a + (size_t)((double)(n - 1) * 0.75), log_scale) -
        sk_modes_y(sorted, a + (size_t)((double)(n - 1) * 0.25), log_scale);
  return iqr > 0.0 && iqr / 1.34 < sd ? iqr / 1.34 : sd;
}

/* The bandwidth for the next pass: the largest of Silverman's rule
 * applied to each group alone.  A small group gets the wider kernel its
 * own n asks for, so it is not split again by the narrow kernel a large
 * group could bear. */
static double sk_modes_within(const double *sorted, int log_scale,
                              const sk_modes_groups_t *gr)
{
  double h = 0.0;
  int k;
  for (k = 0; k < gr->k; k++) {
    size_t c = gr->cut[k + 1] - gr->cut[k];
    double s = sk_modes_spread(sorted, gr->cut[k], gr->cut[k + 1],
                               log_scale) * pow((double)c, -0.2);
    if (s > h)
      h = s;
  }
  return SK_MODES_BW * h;
}

/* A bandwidth floored by the timer's resolution
 * (on the log scale a tick is tick/median relative): without the floor
 * a coarse timer's few distinct values would each look like a mode. */
static double sk_modes_floor(const double *sorted, size_t n, int log_scale,
                             double h, double resolution)
{
  if (resolution > 0.0) {
    double floor = log_scale ? resolution / sk_stats_median(sorted, n)
                             : resolution;
    if (h < floor)
      h = floor;
  }
  return h;
}

/* One pass: the groups of the density with bandwidth *h, merged until
 * each is a mode (*h may grow to two grid steps). */
static void sk_modes_pass(const double *sorted, size_t n, int log_scale,
                          double *h, sk_modes_groups_t *gr)
{
  double f[SK_MODES_GRID], lo, hi, step;
  int k;
  lo = sk_modes_y(sorted, 0, log_scale);
  hi = sk_modes_y(sorted, n - 1, log_scale);
  /* two grid steps per bandwidth at least, so that a bump is drawn by
   * several points; a range much wider than h widens h instead */
  step = (hi - lo + 6.0 * *h) / (SK_MODES_GRID - 1);
  if (*h < 2.0 * step) {
    *h = 2.0 * (hi - lo) / (SK_MODES_GRID - 13);
    step = (hi - lo + 6.0 * *h) / (SK_MODES_GRID - 1);
  }
  lo -= 3.0 * *h;
  sk_modes_density(sorted, n, log_scale, lo, step, *h, f);
  sk_modes_split(sorted, n, log_scale, lo, step, f, gr);
  while ((k = sk_modes_worst(gr, n)) >= 0)
    sk_modes_merge(gr, k);
}

static void sk_modes_one(const double *sorted, size_t n, sk_modes_t *out)
{
  out->n = 1;
  out->mode[0].location = sk_stats_median(sorted, n);
  out->mode[0].share = 1.0;
  out->mode[0].count = n;
  out->mode[0].lo = sorted[0];
  out->mode[0].hi = sorted[n - 1];
}

/* Silverman's rule assumes one normal group: over several modes its
 * spread is the spread BETWEEN them, and the bandwidth blurs near modes
 * into one.  So once a pass has found groups, the next pass takes the
 * spread within them, until the number of groups stays. */
int sk_modes_find(const double *sorted, size_t n, double resolution,
                  sk_modes_t *out)
{
  sk_modes_groups_t gr;
  double h;
  int k, pass, before = 1;
  memset(out, 0, sizeof *out);
  if (n == 0)
    return -1;
  sk_modes_one(sorted, n, out);
  if (n < SK_MODES_MIN_N || sorted[0] == sorted[n - 1])
    return 0;
  out->log_scale = sorted[0] > 0.0;
  out->tested = 1;
  h = SK_MODES_BW * sk_modes_spread(sorted, 0, n, out->log_scale) *
      pow((double)n, -0.2);
  for (pass = 0; pass < SK_MODES_PASSES; pass++) {
    out->bandwidth = sk_modes_floor(sorted, n, out->log_scale, h,
                                    resolution);
    sk_modes_pass(sorted, n, out->log_scale, &out->bandwidth, &gr);
    if (gr.k == before)
      break;
    before = gr.k;
    h = sk_modes_within(sorted, out->log_scale, &gr);
  }
  if (gr.k < 2)
    return 0;
  out->n = gr.k;
  for (k = 0; k < gr.k; k++) {
    sk_mode_t *m = &out->mode[k];
    size_t a = gr.cut[k], c = gr.cut[k + 1] - a;
    m->location = sk_stats_median(sorted + a, c);
    m->count = c;
    m->share = (double)c / (double)n;
    m->lo = sorted[a];
    m->hi = sorted[a + c - 1];
  }
  return 0;
}
