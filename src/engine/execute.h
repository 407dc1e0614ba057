/*
 * execute.h -- runs one suite: its points, refinement and patterns.
 */
#ifndef SK_EXECUTE_H
#define SK_EXECUTE_H

#include <mpi.h>
#include <stdio.h>

#include "plan.h"
#include "progress.h"
#include "result.h"
#include "gridfile.h"
#include "shuffle.h"

/* Cap of the sample arrays when Max_Repetition is unset or larger. */
#define SK_EXECUTE_MAX_REPETITION (1L << 20)

/* What the whole run shares between suites. */
typedef struct sk_engine {
  const sk_plan_t *plan;      /* borrowed */
  MPI_Comm world;             /* a duplicate of MPI_COMM_WORLD */
  int rank, size;
  double overhead;            /* empty measurement of this process */
  double tick;                /* MPI_Wtick() */
  sk_calib_t calib;           /* Calibrate_Busywait's parameters */
  char calib_err[256];        /* why they are unusable, or "" */
  int pair[2];                /* ping-pong pair, once chosen */
  double pair_latency;
  int pair_known;
  sk_progress_t *progress;    /* rank 0 */
  FILE *log;                  /* rank 0: @LOGFILE or NULL */
  int shuffle;                /* --shuffle: fixed grids in random order */
  sk_shuffle_t rng;           /* rank 0: its generator, seeded once */
  const sk_gridfile_t *grid;  /* rank 0: --grid-from, or NULL */
  char *const *hosts;         /* rank 0: factors.hosts, size entries
                               * (borrowed), or NULL */
  char io_token[20];          /* the run's token of MPI-IO file names
                               * (lib/iodir.h), alike on every rank */
} sk_engine_t;

/* Runs suite s collectively over eng->world.  On rank 0 *res gets the
 * status, message, points and notes (res->suite is already s). */
int sk_execute_suite(sk_engine_t *eng, const sk_suite_t *s,
                     sk_suite_result_t *res);

#endif
