/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * measure.c -- one measurement point: repetitions, stopping rule, cut.
 */
#include <config.h>

#include "measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "modes.h"
#include "noise.h"
#include "stats.h"

int sk_samples_init(sk_samples_t *s, size_t cap, int nprocs)
{
  memset(s, 0, sizeof *s);
  s->x = malloc(cap * sizeof *s->x);
  s->sorted = malloc(cap * sizeof *s->sorted);
  s->local = malloc(cap * sizeof *s->local);
  s->nodes = malloc((size_t)(nprocs > 0 ? nprocs : 1) * sizeof *s->nodes);
  if (s->x == NULL || s->sorted == NULL || s->local == NULL ||
      s->nodes == NULL) {
    sk_samples_free(s);
    return -1;
  }
  s->cap = cap;
  s->nodes_cap = nprocs;
  return 0;
}

void sk_samples_free(sk_samples_t *s)
{
  if (s == NULL)
    return;
  free(s->x);
  free(s->sorted);
  free(s->local);
  free(s->nodes);
  memset(s, 0, sizeof *s);
}

static long sk_measure_round_up(long v, long m)
{
  return (v + m - 1) / m * m;
}

int sk_measure_eps_met(const sk_measure_cfg_t *cfg, const double *sorted,
                       size_t n, double total, sk_point_t *out)
{
  sk_stats_t st;
  sk_stats_summarize_filter(sorted, n, cfg->filter, cfg->cut, &st);
  out->mean = st.mean;
  out->q1 = st.q1;
  out->q3 = st.q3;
  out->valid = (long)n;
  out->se = st.se;
  out->min = st.min;
  out->median = st.median;
  out->max = st.max;
  out->repetitions = (long)st.kept;
  out->cut = (long)st.cut;
  out->eps_met = st.kept >= 2 && st.mean > 0.0 &&
                 st.se < cfg->eps * st.mean && total >= cfg->tick / cfg->eps;
  return out->eps_met;
}

/* Seconds left before the nearer of the two time bounds (at least 0), or
 * -1 when neither bound is set. */
static double sk_measure_time_left(const sk_measure_cfg_t *cfg,
                                   double elapsed)
{
  double left = HUGE_VAL;
  if (cfg->point_limit >= 0.0)
    left = cfg->point_limit - elapsed;
  if (cfg->suite_left >= 0.0 && cfg->suite_left - elapsed < left)
    left = cfg->suite_left - elapsed;
  if (left == HUGE_VAL)
    return -1.0;
  return left > 0.0 ? left : 0.0;
}

/* Repetitions until the next look at the stopping rule: one batch, or all
 * that Min_Repetition still asks for, or about 2% of those done so far
 * (so that the look, which sorts all samples, costs little), never past
 * Max_Repetition nor, by the rate so far, past a time bound. */
static long sk_measure_chunk(const sk_measure_cfg_t *cfg, long nv, long n,
                             double elapsed)
{
  long m = cfg->multiple_of, chunk = m;
  double left = sk_measure_time_left(cfg, elapsed);
  if (nv < cfg->min_rep)
    chunk = sk_measure_round_up(cfg->min_rep - nv, m);
  if (sk_measure_round_up(n / 50, m) > chunk)
    chunk = sk_measure_round_up(n / 50, m);
  if (left >= 0.0) {
    double per = n > 0 ? elapsed / (double)n : 0.0;
    if (n == 0)
      chunk = m;
    else if (per > 0.0 && (double)chunk * per > left)
      chunk = sk_measure_round_up((long)(left / per) + 1, m);
  }
  if (chunk > cfg->max_rep - n)
    chunk = cfg->max_rep - n;
  return chunk > 0 ? chunk : 1;
}

/* Rank 0's look after a chunk of n repetitions, nv of them valid (in
 * s->x): 0 to stop (out filled), else the next chunk. */
static long sk_measure_decide(const sk_measure_cfg_t *cfg, sk_samples_t *s,
                              long nv, long n, double t_start,
                              sk_point_t *out)
{
  double total = 0.0, elapsed;
  long i;
  int met;
  for (i = 0; i < nv; i++)
    total += s->x[i];
  memcpy(s->sorted, s->x, (size_t)nv * sizeof *s->x);
  sk_stats_sort(s->sorted, (size_t)nv);
  met = sk_measure_eps_met(cfg, s->sorted, (size_t)nv, total, out);
  out->invalid = n - nv;
  elapsed = MPI_Wtime() - t_start;
  out->elapsed = elapsed;
  if (met && nv >= cfg->min_rep && !cfg->fixed)
    out->stop = SK_STOP_EPS;
  else if (n >= cfg->max_rep)
    out->stop = cfg->fixed ? SK_STOP_FIXED : SK_STOP_MAX_REPETITION;
  else if (cfg->point_limit >= 0.0 && elapsed >= cfg->point_limit)
    out->stop = SK_STOP_TIME_MEASUREMENT;
  else if (cfg->suite_left >= 0.0 && elapsed >= cfg->suite_left)
    out->stop = SK_STOP_TIME_SUITE;
  else
    return sk_measure_chunk(cfg, nv, n, elapsed);
  return 0;
}

/* Rank 0, after the point: the groups of its valid repetitions, from
 * s->sorted as the last look left it (all nv valid ones, ascending). */
static void sk_measure_modes(const sk_measure_cfg_t *cfg, sk_samples_t *s,
                             long nv, sk_point_t *out)
{
  sk_modes_t m;
  int k;
  if (sk_modes_find(s->sorted, (size_t)nv, cfg->tick, &m) != 0)
    return;
  out->nmodes = m.n;
  for (k = 0; k < m.n; k++) {
    out->mode_location[k] = m.mode[k].location;
    out->mode_share[k] = m.mode[k].share;
  }
}

/* Rank 0, after the point: P50, P90, P99 and P99.9 of its nv valid
 * repetitions, ascending in s->sorted as the last look left them, by
 * the quantile definition of the quartiles (lib/stats.h). */
static void sk_measure_percentiles(const sk_samples_t *s, long nv,
                                   sk_point_t *out)
{
  out->percentiles = 1;
  out->p50 = sk_stats_quantile(s->sorted, (size_t)nv, 0.50);
  out->p90 = sk_stats_quantile(s->sorted, (size_t)nv, 0.90);
  out->p99 = sk_stats_quantile(s->sorted, (size_t)nv, 0.99);
  out->p999 = sk_stats_quantile(s->sorted, (size_t)nv, 0.999);
}

/* Rank 0, after the point: how many of the nv valid repetitions
 * (ascending in s->sorted) took SK_NOISE_QUANTUM or more above the
 * median: each waited for a time slice of another task (lib/noise.h).
 * A binary search for the first such one. */
static void sk_measure_delayed(sk_samples_t *s, long nv, sk_point_t *out)
{
  double bar = out->median + SK_NOISE_QUANTUM;
  long lo = 0, hi = nv;
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    if (s->sorted[mid] < bar)
      lo = mid + 1;
    else
      hi = mid;
  }
  out->delayed = nv - lo;
}

/* Every process's own mean (same cut), gathered to rank 0. */
static void sk_measure_node_times(const sk_measure_cfg_t *cfg,
                                  sk_samples_t *s, long n, MPI_Comm comm,
                                  sk_point_t *out)
{
  sk_stats_t st;
  int rank;
  long i, m = 0;
  MPI_Comm_rank(comm, &rank);
  /* a repetition the instance found invalid is NaN everywhere: left out */
  for (i = 0; i < n; i++)
    if (!isnan(s->local[i]))
      s->local[m++] = s->local[i];
  sk_stats_sort(s->local, (size_t)m);
  sk_stats_summarize_filter(s->local, (size_t)m, cfg->filter, cfg->cut, &st);
  if (m == 0)
    st.mean = NAN;
  MPI_Gather(&st.mean, 1, MPI_DOUBLE, s->nodes, 1, MPI_DOUBLE, 0, comm);
  if (rank == 0)
    out->node_times = s->nodes;
}

int sk_measure_point(const sk_measure_cfg_t *cfg, sk_measure_rep_fn rep,
                     void *ctx, MPI_Comm comm, sk_samples_t *s,
                     sk_point_t *out)
{
  long n = 0, nv = 0, todo, i;
  double dummy, t_start = MPI_Wtime();
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  memset(out, 0, sizeof *out);
  out->barrier_time = NAN;
  out->nprocs = size;
  if ((size_t)cfg->max_rep > s->cap || (cfg->node_times && size > s->nodes_cap))
    return -1;
  for (i = 0; i < cfg->warmup; i++)
    rep(ctx, &dummy);
  todo = sk_measure_chunk(cfg, 0, 0, 0.0);
  while (todo > 0) {
    for (i = 0; i < todo; i++, n++) {
      double v;
      if (cfg->between != NULL)
        cfg->between(cfg->between_ctx);
      v = rep(ctx, &s->local[n]);
      if (!isnan(v))
        s->x[nv++] = v;
    }
    if (rank == 0)
      todo = sk_measure_decide(cfg, s, nv, n, t_start, out);
    MPI_Bcast(&todo, 1, MPI_LONG, 0, comm);
  }
  if (rank == 0) {
    sk_measure_modes(cfg, s, nv, out);
    sk_measure_delayed(s, nv, out);
    if (cfg->percentiles)
      sk_measure_percentiles(s, nv, out);
  }
  if (cfg->node_times)
    sk_measure_node_times(cfg, s, n, comm, out);
  if (cfg->raw && rank == 0)
    out->raw = s->x;
  if (rank != 0)
    memset(out, 0, sizeof *out);
  return 0;
}
