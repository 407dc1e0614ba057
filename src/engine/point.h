/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * point.h -- one measured point of a suite (no MPI here).
 *
 * The engine fills it (measure.c), the result file and the log print it.
 */
#ifndef SK_POINT_H
#define SK_POINT_H

#include <stddef.h>

#include "modes.h"

/* Why a point stopped repeating (doc/output-format.md, `stop`). */
typedef enum {
  SK_STOP_EPS,               /* stderr/mean < Standard_error was reached */
  SK_STOP_MAX_REPETITION,    /* Max_Repetition repetitions were done */
  SK_STOP_TIME_MEASUREMENT,  /* the Time_Measurement bound was hit */
  SK_STOP_TIME_SUITE,        /* the Time_Suite bound was hit */
  SK_STOP_FIXED              /* Fixed_Repetitions were done */
} sk_stop_t;

/* A pair of processes of a Multipair_Pingpong point: world ranks, and
 * whether they run on different hosts (1), the same (0), or unknown
 * (-1: the host names are not known). */
typedef struct sk_point_pair {
  int lo, hi;
  int cross;
} sk_point_pair_t;

typedef struct sk_point {
  long argument;         /* bytes, processes, ... (the suite's Variation) */
  double mean;           /* after the cut, overhead subtracted */
  double se;             /* standard error of that mean */
  double min, median, max;   /* of all repetitions, overhead subtracted */
  double q1, q3;         /* quartiles of all valid repetitions */
  int percentiles;       /* Percentiles = yes: the four below are set */
  double p50, p90, p99, p999;   /* percentiles of all valid repetitions,
                                   exact (sk_stats_quantile of them all) */
  long repetitions;      /* kept for the mean */
  long cut;              /* removed as outliers by the filter */
  long valid;            /* repetitions measured and valid */
  long invalid;          /* window sync: late or overrun, excluded;
                            Root_Barrier: shorter than the barrier */
  long delayed;          /* valid repetitions a scheduler quantum or more
                            above the median (lib/noise.h) */
  int eps_met;
  sk_stop_t stop;
  int refined;           /* added by adaptive refinement */
  long order;            /* 0, 1, ...: when it was measured in its suite */
  double barrier_time;   /* subtracted barrier time, or NaN when none */
  double window;         /* window sync: the window W in s, else 0 */
  double elapsed;        /* seconds spent on the point, warm-up included */
  int nprocs;            /* processes that took part */
  double rate;           /* the instance's rate (sk_inst_ops_t.rate), or 0 */
  double *node_times;    /* nprocs per-process means, or NULL; owned by
                            the suite result that holds the point */
  double *raw;           /* Raw_Samples: the `valid` times in the order
                            measured, or NULL; owned like node_times */
  sk_point_pair_t *pairs;   /* Multipair_Pingpong: its npairs pairs, or
                               NULL; owned like node_times */
  double *rtl;           /* nprocs round trips the processes' times were
                            corrected by (Bcast_OL: RTL_i), or NULL;
                            owned like node_times */
  int npairs;
  /* Instances with ops->node_times (Bcast_OL): the spread of the
   * per-process means over ranks 1 .. nprocs-1 of the point's
   * communicator; has_dest = 0: none. */
  int has_dest;
  double dest_min, dest_median, dest_max;
  int dest_slowest;      /* the rank of dest_max */
  /* Nonblocking overlap instances (ops->overlap): t_pure, t_cpu (s, from
   * the point's calibration), the overlap percentage with `mean` as
   * t_ovrl (sk_overlap_percent()), and the MPI_Test calls; overlap = 0:
   * none of them. */
  int overlap;
  double ovl_pure, ovl_cpu, ovl_percent;
  long ovl_tests;
  /* Persistent instances (ops->persistent): the timing process's time of
   * the *_init call(s) and of MPI_Request_free (s); persistent = 0:
   * none. */
  int persistent;
  double init_time, free_time;
  int nmodes;            /* groups of the valid repetitions (lib/modes.h):
                            1 one group or not tested, 0 no repetition */
  double mode_location[SK_MODES_MAX];   /* s, median of each group */
  double mode_share[SK_MODES_MAX];      /* fraction of the valid ones */
} sk_point_t;

/* A point without a value: no repetition was valid (window sync: every
 * one started late or overran).  Its statistics are 0 in the struct and
 * written as .nan; the suite's notes name it. */
#define SK_POINT_HAS_VALUE(p) ((p)->valid > 0)

/* "eps", "max_repetition", "time_measurement", "time_suite". */
const char *sk_stop_name(sk_stop_t stop);

#endif
