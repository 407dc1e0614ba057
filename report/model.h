/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * model.h -- the max-rate model analysis of a result file (no gnuplot).
 *
 * From the Multipair_Pingpong suites (type 60) of one result file: the
 * points (k = processes / 2 pairs, n bytes, time t), the protocol
 * switches of the ping-pong curve (jumps, lib/fit.h), and per protocol
 * regime the postal model over all points and per k, the max-rate model
 * and its four-parameter variant (doc/statistics.md), with their
 * largest relative errors.  doc/report.md describes the page that shows
 * it.
 */
#ifndef SK_MODEL_H
#define SK_MODEL_H

#include <stddef.h>

#include "fit.h"
#include "rfile.h"

/* The Type of the concurrent-pairs instance. */
#define SK_MODEL_TYPE 60

/* One fitted model and how well it fits its points. */
typedef struct sk_model_fit {
  int ok;                  /* 0: no fit, for the reason `why` */
  const char *why;         /* a fixed text when !ok: "fewer than two
                            * message lengths", ...; NULL when ok */
  sk_fit_model_t m;
  double maxerr;           /* largest relative error over its points */
} sk_model_fit_t;

/* The points of lengths lo <= n < hi and their fits. */
typedef struct sk_model_regime {
  double lo, hi;           /* bytes; hi is INFINITY for the last */
  size_t npoints;
  sk_model_fit_t postal;   /* over every k */
  sk_model_fit_t maxrate, maxrate4;
  sk_model_fit_t *postal_k;    /* one per sk_model_t.ks entry */
} sk_model_regime_t;

typedef struct sk_model {
  sk_fit_point_t *pts;
  size_t npts;
  long *ks;                /* the distinct k, increasing */
  size_t nk;
  const char *curve;       /* name of the suite the jumps come from */
  sk_fit_jump_t *jumps;
  size_t njumps;
  sk_model_regime_t *reg;  /* njumps + 1 */
  size_t nreg;
} sk_model_t;

/* Does R have points of the concurrent-pairs instance? */
int sk_model_has_data(const sk_rfile_t *r);

/* Everything above for R; -1 when out of memory.  m->npts is 0 when R
 * has no usable point.  sk_model_free(m) afterwards in every case. */
int sk_model_build(const sk_rfile_t *r, sk_model_t *m);
void sk_model_free(sk_model_t *m);

/* The protocol switches of one ping-pong Length suite (lib/fit.h), the
 * noise of each point being max(stderr, (q3 - q1) / 2) from the file:
 * up to CAP to OUT, the number found; -1 when the points are unusable,
 * -2 when out of memory. */
long sk_model_curve_jumps(const sk_rfile_suite_t *s, sk_fit_jump_t *out,
                          size_t cap);

/* Did model WHICH ('f' max-rate, 'g' its 4-parameter variant) fit in
 * some regime of M? */
int sk_model_any_fit(const sk_model_t *m, int which);

/* The regime of length n. */
const sk_model_regime_t *sk_model_regime(const sk_model_t *m, double n);

/* The regime boundaries as "protocol switch between 8192 and 8704 bytes"
 * (jump i); the caller's buffer. */
void sk_model_switch_text(const sk_fit_jump_t *j, char *buf, size_t size);

#endif
