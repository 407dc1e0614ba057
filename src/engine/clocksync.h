/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * clocksync.h -- the MPI side of clock synchronization: ping-pong
 * exchanges between processes, turned into a linear model of every
 * process's clock against the reference, rank 0 of the communicator
 * (the arithmetic is clockmodel.c's).  doc/engine.md describes the three
 * algorithms and their parameters exactly.
 *
 *   Offset  SKaMPI style: rank 0 exchanges SK_CLOCKSYNC_OFFSET_EXCHANGES
 *           ping-pongs with every other process in turn; the one of
 *           smallest round trip gives the offset (slope 0).  p - 1 rounds.
 *   Linear  Jones & Koenig: rank 0 and every other process in turn take
 *           SK_CLOCKSYNC_FIT_POINTS offsets (each the min-round-trip one of
 *           SK_CLOCKSYNC_EXCHANGES ping-pongs), SK_CLOCKSYNC_SPACING s
 *           apart; a least-squares line through them is the model.
 *           p - 1 rounds.
 *   HCA     the same fits along a binomial tree: in round k (stride
 *           s = 2^(K-1-k)) process r + s fits its clock to process r for
 *           every r divisible by 2s, then r sends its own model (to rank 0)
 *           and r + s composes the two.  ceil(log2 p) rounds.
 */
#ifndef SK_CLOCKSYNC_H
#define SK_CLOCKSYNC_H

#include <mpi.h>

#include "clockmodel.h"
#include "plan.h"

#define SK_CLOCKSYNC_OFFSET_EXCHANGES 32
#define SK_CLOCKSYNC_FIT_POINTS 16
#define SK_CLOCKSYNC_EXCHANGES 8
#define SK_CLOCKSYNC_SPACING 1e-3

typedef struct sk_clocksync {
  sk_clock_sync_t algorithm;
  sk_clockmodel_t model;   /* this process's clock -> rank 0's */
  long fit_points;         /* offsets per fit (1 for Offset) */
  long exchanges;          /* ping-pongs per offset */
  long rounds;             /* sequential rounds of exchanges */
  double cost;             /* s, the slowest process's (all ranks) */
  double max_rtt;          /* largest min round trip of any offset */
  double max_slope;        /* largest |slope| of any process's model */
} sk_clocksync_t;

/* Synchronizes the clocks of comm with the algorithm (collective).
 * Returns -1 on every process when a fit failed (identity models then). */
int sk_clocksync_run(MPI_Comm comm, sk_clock_sync_t algorithm,
                     sk_clocksync_t *out);

/* The reference clock now, as this process sees it. */
double sk_clocksync_now(const sk_clocksync_t *cs);

/* The local time at which the reference clock shows t_ref. */
double sk_clocksync_to_local(const sk_clocksync_t *cs, double t_ref);

/* "Offset", "Linear", "HCA". */
const char *sk_clocksync_name(sk_clock_sync_t algorithm);

#endif
