/*
 * point.h -- one measured point of a suite (no MPI here).
 *
 * The engine fills it (measure.c), the result file and the log print it.
 */
#ifndef SK_POINT_H
#define SK_POINT_H

#include <stddef.h>

/* Why a point stopped repeating (doc/output-format.md, `stop`). */
typedef enum {
  SK_STOP_EPS,               /* stderr/mean < Standard_error was reached */
  SK_STOP_MAX_REPETITION,    /* Max_Repetition repetitions were done */
  SK_STOP_TIME_MEASUREMENT,  /* the Time_Measurement bound was hit */
  SK_STOP_TIME_SUITE         /* the Time_Suite bound was hit */
} sk_stop_t;

typedef struct sk_point {
  long argument;         /* bytes, processes, ... (the suite's Variation) */
  double mean;           /* after the cut, overhead subtracted */
  double se;             /* standard error of that mean */
  double min, median, max;   /* of all repetitions, overhead subtracted */
  long repetitions;      /* kept for the mean */
  long cut;              /* cut as outliers (both ends) */
  int eps_met;
  sk_stop_t stop;
  int refined;           /* added by adaptive refinement */
  double barrier_time;   /* subtracted barrier time, or NaN when none */
  double elapsed;        /* seconds spent on the point, warm-up included */
  int nprocs;            /* processes that took part */
  double rate;           /* the instance's rate (sk_inst_ops_t.rate), or 0 */
  double *node_times;    /* nprocs per-process means, or NULL; owned by
                            the suite result that holds the point */
} sk_point_t;

/* "eps", "max_repetition", "time_measurement", "time_suite". */
const char *sk_stop_name(sk_stop_t stop);

#endif
