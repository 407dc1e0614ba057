/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * measure.h -- one measurement point (§4.1 of the SKaMPI paper).
 *
 * The operation is repeated in batches of Multiple_of until the standard
 * error of the mean falls below Standard_error times the mean (after the
 * Cut_Quantile cut), within Min_Repetition and Max_Repetition, with at
 * least MPI_Wtick/Standard_error of measured time in total, and within
 * the Time_Measurement and Time_Suite bounds.  Rank 0 of the communicator
 * decides when to stop and tells the others between repetitions, never
 * inside a timed region.  doc/engine.md describes the procedure.
 */
#ifndef SK_MEASURE_H
#define SK_MEASURE_H

#include <mpi.h>
#include <stddef.h>

#include "point.h"

typedef struct sk_measure_cfg {
  long min_rep;         /* Min_Repetition */
  long max_rep;         /* Max_Repetition (already capped to the arrays) */
  long multiple_of;     /* Multiple_of (>= 1) */
  double eps;           /* Standard_error */
  double cut;           /* Cut_Quantile */
  int filter;           /* Outlier_Filter (SK_STATS_FILTER_*) */
  int raw;              /* Raw_Samples: out->raw points into s->x */
  int fixed;            /* Fixed_Repetitions: exactly max_rep, no ε rule */
  void (*between)(void *);  /* before every repetition, untimed (the cold
                             * cache's flush), or NULL */
  void *between_ctx;
  double tick;          /* MPI_Wtick() */
  double point_limit;   /* Time_Measurement in seconds, or < 0 */
  double suite_left;    /* seconds left of Time_Suite, or < 0 */
  long warmup;          /* @CACHEWARMUP untimed repetitions first */
  int node_times;       /* gather every process's mean to rank 0 */
  int percentiles;      /* Percentiles: P50, P90, P99, P99.9 of the
                         * valid repetitions (rank 0, from s->sorted) */
} sk_measure_cfg_t;

/* The arrays of a point, allocated once per suite: nothing allocates
 * while a point is measured.  They hold every valid repetition of the
 * point (Max_Repetition at most), so the quartiles, the modes and the
 * percentiles are exact; their cost is 3 x 8 bytes per repetition of
 * Max_Repetition on every process (doc/engine.md). */
typedef struct sk_samples {
  double *x;            /* rank 0: the samples, in order */
  double *sorted;       /* rank 0: scratch for the stopping rule */
  double *local;        /* every process: its own times */
  double *nodes;        /* rank 0: per-process means (comm size) */
  size_t cap;           /* entries of x, sorted, local */
  int nodes_cap;        /* entries of nodes */
} sk_samples_t;

int sk_samples_init(sk_samples_t *s, size_t cap, int nprocs);
void sk_samples_free(sk_samples_t *s);

/* One repetition: returns the sample (used on rank 0) and stores this
 * process's own time in *local.  A NaN sample is an invalid repetition
 * (window sync: started late or overran its window): rank 0 counts it
 * in out->invalid and leaves it out of every statistic. */
typedef double (*sk_measure_rep_fn)(void *ctx, double *local);

/* Measures one point, collectively over comm.  On rank 0 of comm *out is
 * filled (argument and refined are left to the caller; node_times points
 * into s->nodes when cfg->node_times); elsewhere it is zeroed. */
int sk_measure_point(const sk_measure_cfg_t *cfg, sk_measure_rep_fn rep,
                     void *ctx, MPI_Comm comm, sk_samples_t *s,
                     sk_point_t *out);

/* The stopping rule, separated for clarity: given the ascending samples
 * of rank 0, fills *out's statistics and returns 1 when ε is met. */
int sk_measure_eps_met(const sk_measure_cfg_t *cfg, const double *sorted,
                       size_t n, double total, sk_point_t *out);

#endif
