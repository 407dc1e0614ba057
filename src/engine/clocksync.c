/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * clocksync.c -- ping-pong exchanges and the three clock-sync algorithms
 * (clocksync.h says what each does).
 *
 * Every exchange is: the child reads its clock, sends an empty message,
 * the parent answers with its clock reading, the child reads its clock
 * again.  The parent only answers, so it needs no model of its own while
 * serving; in HCA it already has its model when it serves (its own
 * parent is at a larger stride, i.e. an earlier round).
 */
#include <config.h>

#include "clocksync.h"

#include <math.h>
#include <string.h>

#include "timer.h"

#define SK_CLOCKSYNC_TAG 4711

typedef struct sk_cs_round {
  long fit_points, exchanges;
  double spacing;
  double max_rtt;
} sk_cs_round_t;

const char *sk_clocksync_name(sk_clock_sync_t algorithm)
{
  switch (algorithm) {
  case SK_CLOCK_SYNC_OFFSET:
    return "Offset";
  case SK_CLOCK_SYNC_LINEAR:
    return "Linear";
  case SK_CLOCK_SYNC_HCA:
    return "HCA";
  }
  return "?";
}

double sk_clocksync_now(const sk_clocksync_t *cs)
{
  return sk_clockmodel_apply(&cs->model, sk_timer_now());
}

double sk_clocksync_to_local(const sk_clocksync_t *cs, double t_ref)
{
  sk_clockmodel_t inv;
  if (sk_clockmodel_invert(&cs->model, &inv) != 0)
    return t_ref;
  return sk_clockmodel_apply(&inv, t_ref);
}

/* The parent's side: answer every ping of the child with its clock. */
static void sk_cs_serve(MPI_Comm comm, int child, const sk_cs_round_t *r)
{
  long i, n = r->fit_points * r->exchanges;
  for (i = 0; i < n; i++) {
    double t;
    MPI_Recv(NULL, 0, MPI_BYTE, child, SK_CLOCKSYNC_TAG, comm,
             MPI_STATUS_IGNORE);
    t = sk_timer_now();
    MPI_Send(&t, 1, MPI_DOUBLE, child, SK_CLOCKSYNC_TAG, comm);
  }
}

/* One offset of the child against parent: the min-round-trip one of
 * r->exchanges ping-pongs. */
static int sk_cs_offset(MPI_Comm comm, int parent, sk_cs_round_t *r,
                        double *mid, double *off)
{
  sk_clockmodel_exchange_t x[64];
  long i, n = r->exchanges < 64 ? r->exchanges : 64;
  double rtt;
  for (i = 0; i < n; i++) {
    x[i].t_send = sk_timer_now();
    MPI_Send(NULL, 0, MPI_BYTE, parent, SK_CLOCKSYNC_TAG, comm);
    MPI_Recv(&x[i].t_remote, 1, MPI_DOUBLE, parent, SK_CLOCKSYNC_TAG, comm,
             MPI_STATUS_IGNORE);
    x[i].t_recv = sk_timer_now();
  }
  if (sk_clockmodel_exchange_offset(x, (size_t)n, off, mid, &rtt) < 0)
    return -1;
  if (rtt > r->max_rtt)
    r->max_rtt = rtt;
  return 0;
}

/* The child's side: its model against the parent's clock. */
static int sk_cs_fit(MPI_Comm comm, int parent, sk_cs_round_t *r,
                     sk_clockmodel_t *m)
{
  double mid[SK_CLOCKSYNC_FIT_POINTS], off[SK_CLOCKSYNC_FIT_POINTS];
  long f, nf = r->fit_points;
  int rc = 0;
  if (nf > SK_CLOCKSYNC_FIT_POINTS)
    nf = SK_CLOCKSYNC_FIT_POINTS;
  for (f = 0; f < nf; f++) {
    double until = sk_timer_now() + r->spacing;
    if (f > 0)                /* spread the offsets to see the drift */
      while (sk_timer_now() < until)
        ;
    if (sk_cs_offset(comm, parent, r, &mid[f], &off[f]) != 0)
      rc = -1;
  }
  if (rc != 0)
    return -1;
  if (nf == 1) {
    *m = sk_clockmodel_offset(off[0]);
    return 0;
  }
  return sk_clockmodel_fit(mid, off, (size_t)nf, m, NULL);
}

/* Offset and Linear: rank 0 serves every other process in turn. */
static int sk_cs_star(MPI_Comm comm, sk_cs_round_t *r, sk_clocksync_t *out)
{
  int rank, size, p, rc = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  for (p = 1; p < size; p++) {
    if (rank == 0)
      sk_cs_serve(comm, p, r);
    else if (rank == p)
      rc = sk_cs_fit(comm, 0, r, &out->model);
  }
  out->rounds = size - 1;
  return rc;
}

/* HCA: fits along a binomial tree, largest stride first, and each parent
 * hands its model to rank 0 down to its child for composition. */
static int sk_cs_tree(MPI_Comm comm, sk_cs_round_t *r, sk_clocksync_t *out)
{
  int rank, size, s, mine = 0, parent, k, rounds, rc = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  parent = sk_clockmodel_tree_parent(rank, &mine);
  rounds = sk_clockmodel_tree_rounds(size);
  for (k = 0; k < rounds; k++) {
    double up[2];
    sk_clockmodel_t to_parent;
    s = 1 << (rounds - 1 - k);
    if (rank % (2 * s) == 0 && rank + s < size) {
      sk_cs_serve(comm, rank + s, r);
      up[0] = out->model.slope;
      up[1] = out->model.intercept;
      MPI_Send(up, 2, MPI_DOUBLE, rank + s, SK_CLOCKSYNC_TAG, comm);
    } else if (parent >= 0 && mine == s) {
      if (sk_cs_fit(comm, parent, r, &to_parent) != 0)
        rc = -1;
      MPI_Recv(up, 2, MPI_DOUBLE, parent, SK_CLOCKSYNC_TAG, comm,
               MPI_STATUS_IGNORE);
      sk_clockmodel_t model = {up[0], up[1]};
      sk_clockmodel_compose(&to_parent, &model, &out->model);
    }
  }
  out->rounds = rounds;
  return rc;
}

int sk_clocksync_run(MPI_Comm comm, sk_clock_sync_t algorithm,
                     sk_clocksync_t *out)
{
  sk_cs_round_t r = {SK_CLOCKSYNC_FIT_POINTS, SK_CLOCKSYNC_EXCHANGES,
                     SK_CLOCKSYNC_SPACING, 0.0};
  double t0 = sk_timer_now(), mine[4], all[4];
  int rc;
  memset(out, 0, sizeof *out);
  out->algorithm = algorithm;
  out->model = sk_clockmodel_identity();
  if (algorithm == SK_CLOCK_SYNC_OFFSET) {
    r.fit_points = 1;
    r.exchanges = SK_CLOCKSYNC_OFFSET_EXCHANGES;
  }
  out->fit_points = r.fit_points;
  out->exchanges = r.exchanges;
  rc = algorithm == SK_CLOCK_SYNC_HCA ? sk_cs_tree(comm, &r, out)
                                      : sk_cs_star(comm, &r, out);
  mine[0] = sk_timer_now() - t0;
  mine[1] = r.max_rtt;
  mine[2] = fabs(out->model.slope);
  mine[3] = rc != 0;
  MPI_Allreduce(mine, all, 4, MPI_DOUBLE, MPI_MAX, comm);
  out->cost = all[0];
  out->max_rtt = all[1];
  out->max_slope = all[2];
  if (all[3] > 0.0) {
    out->model = sk_clockmodel_identity();
    return -1;
  }
  return 0;
}
