/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * clockmodel.h -- the arithmetic of clock synchronization: linear models
 * that map one process's clock to a reference clock, their least-squares
 * fit (Jones & Koenig), composition along a tree (HCA), and the offset
 * seen in ping-pong exchanges (SKaMPI style).  No MPI, no I/O: the engine
 * does the exchanges and hands the timestamps here.
 *
 * Units: every time and offset is in seconds (whatever the timer gives,
 * as long as all arguments use the same unit); slope is dimensionless
 * (seconds of drift per second of local time).  Every pointer argument is
 * borrowed.  doc/statistics.md gives the formulas exactly.
 *
 * The model of process p against reference r:
 *   t_ref = t_local + slope * t_local + intercept,
 * i.e. the offset t_ref - t_local is a linear function of local time.
 * slope == 0 is the offset-only model.
 */
#ifndef SK_CLOCKMODEL_H
#define SK_CLOCKMODEL_H

#include <stddef.h>

typedef struct sk_clockmodel {
  double slope;       /* drift of the offset, s per s of local time */
  double intercept;   /* the offset at t_local = 0, s */
} sk_clockmodel_t;

/* One ping-pong exchange as seen by the process being synchronized:
 * it sent at t_send and received the answer at t_recv (both on its own
 * clock); the other side read its clock at t_remote in between. */
typedef struct sk_clockmodel_exchange {
  double t_send, t_remote, t_recv;
} sk_clockmodel_exchange_t;

/* The identity model (slope 0, intercept 0). */
sk_clockmodel_t sk_clockmodel_identity(void);

/* The offset-only model t_ref = t_local + offset. */
sk_clockmodel_t sk_clockmodel_offset(double offset);

/* t_local mapped to the reference clock. */
double sk_clockmodel_apply(const sk_clockmodel_t *m, double t_local);

/* The model of the other direction (reference -> local) into *inv.
 * -1 when 1 + slope <= 0 or a parameter is not finite. */
int sk_clockmodel_invert(const sk_clockmodel_t *m, sk_clockmodel_t *inv);

/* p->root from p->q (first) and q->root (second): apply first, then
 * second.  *out may alias either argument. */
void sk_clockmodel_compose(const sk_clockmodel_t *first,
                           const sk_clockmodel_t *second,
                           sk_clockmodel_t *out);

/* Least-squares line through the points (t_local[i], offset[i]), the
 * offset being t_ref - t_local at local time t_local[i]; n >= 2 and the
 * t_local not all equal, else -1.  When rms is not NULL it receives the
 * root mean square residual of the offsets (s). */
int sk_clockmodel_fit(const double *t_local, const double *offset, size_t n,
                      sk_clockmodel_t *out, double *rms);

/* The exchange of smallest round trip t_recv - t_send among x[0..n-1]
 * (the first of equal ones; exchanges with a negative round trip or a
 * non-finite time are skipped) gives
 *   *offset = t_remote - (t_send + t_recv) / 2   (remote minus local),
 *   *t_mid  = (t_send + t_recv) / 2              (local time it holds at),
 *   *rtt    = t_recv - t_send.
 * Any output may be NULL.  Returns the index of that exchange, or -1 when
 * none is usable. */
long sk_clockmodel_exchange_offset(const sk_clockmodel_exchange_t *x,
                                   size_t n, double *offset, double *t_mid,
                                   double *rtt);

/* HCA's binomial tree over p processes (clocksync.c): with K =
 * sk_clockmodel_tree_rounds(p) rounds, in round k = 0 .. K-1 (stride
 * s = 2^(K-1-k)) every rank r whose lowest set bit is s fits its clock
 * to its parent r - s, whose own stride is larger (or who is rank 0), so
 * that the parent's model to rank 0 is known by then.  The parent of
 * r > 0, and its stride in *stride when not NULL; -1 for r <= 0. */
int sk_clockmodel_tree_parent(int r, int *stride);
/* ceil(log2 p) rounds; 0 for p <= 1. */
int sk_clockmodel_tree_rounds(int p);

#endif
