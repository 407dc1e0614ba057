/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fit.h -- communication models fitted to measured times (Gropp, Olson &
 * Samfass, EuroMPI 2016): the postal model T = alpha + beta n, the
 * max-rate model T = alpha + k n / min(R_N, k R_C) and its four-parameter
 * variant T = alpha + k n / min(R_N, R_Cb + (k-1) R_Ci), all by the
 * paper's weighted least squares sum_i (t_i - f_i)^2 / n_i; the relative
 * error of a fit; and the detection of protocol switches (jumps) in a
 * ping-pong curve.  No MPI, no I/O.
 *
 * Units: message lengths n in bytes, times t and alpha in seconds, beta in
 * seconds per byte, rates R in bytes per second; k is the number of
 * concurrently communicating pairs (>= 1).  A rate that no data point is
 * limited by is reported as INFINITY (the paper's "infinite R_N").
 * Every pointer argument is borrowed.  doc/statistics.md gives the exact
 * objective, the conventions and the search used for each model.
 */
#ifndef SK_FIT_H
#define SK_FIT_H

#include <stddef.h>

/* One measurement: k pairs exchanged n bytes each in time t. */
typedef struct sk_fit_point {
  long k;         /* pairs, >= 1 */
  double n;       /* message length, bytes, >= 0 */
  double t;       /* time, s, > 0 */
} sk_fit_point_t;

typedef enum {
  SK_FIT_POSTAL,      /* alpha, beta */
  SK_FIT_MAXRATE,     /* alpha, r_n, r_c (r_cb = r_ci = r_c) */
  SK_FIT_MAXRATE4     /* alpha, r_n, r_cb, r_ci */
} sk_fit_kind_t;

typedef struct sk_fit_model {
  sk_fit_kind_t kind;
  double alpha;       /* latency, s */
  double beta;        /* postal: s per byte; max-rate models: 0 */
  double r_n;         /* max-rate: node (NIC) rate, B/s, or INFINITY */
  double r_cb;        /* max-rate: rate of the first pair, B/s (3-par: R_C) */
  double r_ci;        /* max-rate: rate each further pair adds (3-par: R_C) */
  double wsse;        /* the objective at the fit: sum (t - f)^2 / max(n,1) */
  size_t npoints;     /* points the fit used */
} sk_fit_model_t;

/* A protocol switch in a ping-pong curve: between lengths lo and hi
 * (measured lengths; consecutive unless a shift spread over a few gaps
 * was merged) the time moves to another level by `factor` (> 1: up,
 * < 1: down) against the regime on the left. */
typedef struct sk_fit_jump {
  double lo, hi;
  double factor;
} sk_fit_jump_t;

/* The default relative threshold of sk_fit_jumps(): 10%. */
#define SK_FIT_JUMP_THRESHOLD 0.1
/* Points per side whose robust line judges a gap. */
#define SK_FIT_JUMP_SIDE 3
/* A shift must pass this many times the noise of the point and of the
 * points of the other side. */
#define SK_FIT_JUMP_NOISE 2.0
/* Switches in the same direction whose gaps are at most this many
 * points apart are one switch. */
#define SK_FIT_JUMP_MERGE 2

/* The weight of a point of length n in every fit: 1 / max(n, 1). */
double sk_fit_weight(double n);

/* Weighted least-squares line y = a + b x over i < n, minimizing
 * sum w_i (y_i - a - b x_i)^2 (w_i > 0).  *wsse (may be NULL) gets that
 * sum at the optimum.  -1 when n < 2, the x are all equal, or a value is
 * not finite. */
int sk_fit_line(const double *x, const double *y, const double *w, size_t n,
                double *a, double *b, double *wsse);

/* Postal model T = alpha + beta n over the points with p->k == k, or over
 * all points when k <= 0.  -1 when fewer than two distinct lengths, or a
 * point is invalid (k < 1, n < 0, t not finite and > 0). */
int sk_fit_postal(const sk_fit_point_t *p, size_t n, long k,
                  sk_fit_model_t *out);

/* Max-rate model T = alpha + k n / min(R_N, k R_C), globally optimal over
 * R_N / R_C.  -1 on invalid points, fewer than two distinct lengths, or no
 * fit with positive rates. */
int sk_fit_maxrate(const sk_fit_point_t *p, size_t n, sk_fit_model_t *out);

/* Four-parameter model T = alpha + k n / min(R_N, R_Cb + (k-1) R_Ci).
 * Also needs two distinct k.  Its objective is never above that of
 * sk_fit_maxrate() on the same points. */
int sk_fit_maxrate4(const sk_fit_point_t *p, size_t n, sk_fit_model_t *out);

/* The time a model predicts for k pairs and n bytes. */
double sk_fit_eval(const sk_fit_model_t *m, long k, double n);

/* Relative errors |f_i - t_i| / t_i of a model over the points: the
 * largest to *max and their sum to *sum (either may be NULL).  -1 when
 * n == 0 or a time is not > 0. */
int sk_fit_relerr(const sk_fit_model_t *m, const sk_fit_point_t *p,
                  size_t n, double *max, double *sum);

/* Copies the points with lo <= n < hi to out[] (room for n points) and
 * returns how many: one protocol regime. */
size_t sk_fit_select(const sk_fit_point_t *p, size_t n, double lo,
                     double hi, sk_fit_point_t *out);

/* Protocol switches of a ping-pong curve: len[] strictly increasing
 * (>= 0), t[] > 0, noise[] (NULL: none) the noise of each t in seconds,
 * >= 0.  A gap (i, i+1) is a switch when the two points after it lie
 * beyond the robust line of up to SK_FIT_JUMP_SIDE points before it, and
 * the two points before it beyond the line of those after it, in the
 * opposite direction, each by more than the relative threshold and more
 * than SK_FIT_JUMP_NOISE times the noise of the point and of the other
 * side's points (doc/statistics.md).  So the first and the last gap are
 * never switches.  Writes up to cap switches to out[] in increasing order
 * and returns how many there are in all; -1 on invalid input or
 * threshold <= 0. */
long sk_fit_jumps(const double *len, const double *t, const double *noise,
                  size_t n, double threshold, sk_fit_jump_t *out, size_t cap);

#endif
