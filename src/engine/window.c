/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * window.c -- repetitions started at synchronized times (window.h).
 */
#include <config.h>

#include "window.h"

#include <math.h>

#include "stats.h"
#include "timer.h"

/* The broadcast of S needs time to arrive: start this far ahead. */
#define SK_WINDOW_ANCHOR_LEAD 1e-3

void sk_window_reset(sk_window_t *w)
{
  w->anchored = 0;
  w->index = 0;
}

/* Rank 0 picks S a little ahead of its clock now; everybody gets it. */
static void sk_window_anchor(sk_window_t *w)
{
  sk_pctx_t *c = w->rep.ctx;
  double s = 0.0;
  if (c->rank == 0)
    s = sk_clocksync_now(w->clock) + SK_WINDOW_ANCHOR_LEAD + w->window;
  MPI_Bcast(&s, 1, MPI_DOUBLE, 0, c->comm);
  w->start = s;
  w->index = 0;
  w->anchored = 1;
}

double sk_window_pilot(sk_window_t *w)
{
  sk_pctx_t *c = w->rep.ctx;
  double t[SK_WINDOW_PILOT_REPS], win = 0.0;
  int i;
  for (i = 0; i < SK_WINDOW_PILOT_REPS; i++) {
    double t0, d, max;
    MPI_Barrier(c->comm);
    t0 = sk_timer_now();
    if (w->between != NULL)
      w->between(w->between_ctx);
    w->rep.ops->run(c);
    d = 0.0;
    MPI_Allreduce(&d, &max, 1, MPI_DOUBLE, MPI_MAX, c->comm);
    d = sk_timer_now() - t0;
    MPI_Reduce(&d, &t[i], 1, MPI_DOUBLE, MPI_MAX, 0, c->comm);
  }
  if (c->rank == 0) {
    sk_stats_sort(t, SK_WINDOW_PILOT_REPS);
    win = SK_WINDOW_PILOT_FACTOR *
          sk_stats_median(t, SK_WINDOW_PILOT_REPS);
    if (!(win >= SK_WINDOW_MIN))
      win = SK_WINDOW_MIN;
  }
  MPI_Bcast(&win, 1, MPI_DOUBLE, 0, c->comm);
  w->window = win;
  return win;
}

/* Waits for the local time of the reference time t; 1 when it had
 * already passed (late). */
static int sk_window_wait(const sk_window_t *w, double t_ref)
{
  double target = sk_clocksync_to_local(w->clock, t_ref);
  if (sk_timer_now() > target)
    return 1;
  while (sk_timer_now() < target)
    ;
  return 0;
}

double sk_window_rep(void *ctx, double *local)
{
  sk_window_t *w = ctx;
  sk_pctx_t *c = w->rep.ctx;
  double begin, t0, t1, v[4], all[4];
  int late;
  if (!w->anchored)
    sk_window_anchor(w);
  begin = w->start + (double)w->index * w->window;
  w->index++;
  late = sk_window_wait(w, begin);
  t0 = sk_timer_now();
  w->rep.ops->run(c);
  t1 = sk_timer_now();
  *local = t1 - t0 - c->overhead;
  v[0] = *local;
  v[1] = sk_clockmodel_apply(&w->clock->model, t1);
  v[2] = -sk_clockmodel_apply(&w->clock->model, t0);
  v[3] = late || v[1] > begin + w->window;
  MPI_Allreduce(v, all, 4, MPI_DOUBLE, MPI_MAX, c->comm);
  if (all[3] > 0.0) {
    /* every process saw the same flags and ends: re-anchor alike */
    w->start = all[1] + w->window;
    w->index = 0;
    return NAN;
  }
  if (w->timing == SK_COLL_TIMING_GLOBAL_SPAN)
    return all[1] + all[2] - c->overhead;
  return all[0];
}
