/* SPDX-License-Identifier: BSD-3-Clause */
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
#include "nodemap.h"
#include "pairs.h"
#include "refine.h"
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
  int pair[2];                /* Pair = Max_Latency: the pair, once
                               * chosen (the first suite that asks) */
  double pair_latency;
  int pair_known;
  const sk_nodemap_t *nodes;  /* rank 0: the node map (borrowed), or
                               * NULL; empty when it was not gathered */
  sk_pairs_place_t place;     /* this rank's place (src/engine/pairs.h) */
  sk_progress_t *progress;    /* rank 0 */
  FILE *log;                  /* rank 0: @LOGFILE or NULL */
  int shuffle;                /* --shuffle: fixed grids in random order */
  int interleave;             /* --shuffle: their points interleaved
                               * across suites (not --no-interleave) */
  sk_shuffle_t rng;           /* rank 0: its generator, seeded once */
  const sk_gridfile_t *grid;  /* rank 0: --grid-from, or NULL */
  char *const *hosts;         /* rank 0: factors.hosts, size entries
                               * (borrowed), or NULL */
  const char *outfile;        /* rank 0: the result file's path (a
                               * library fault's reproducer goes beside
                               * it, src/engine/fault.h), or NULL */
  char io_token[20];          /* the run's token of MPI-IO file names
                               * (lib/iodir.h), alike on every rank */
} sk_engine_t;

/* Runs suite s collectively over eng->world.  On rank 0 *res gets the
 * status, message, points and notes (res->suite is already s). */
int sk_execute_suite(sk_engine_t *eng, const sk_suite_t *s,
                     sk_suite_result_t *res);

/* The run's second pass (doc/engine.md, "The run's time budget"): a
 * suite that its share of @TIME_RUN cut in the first pass, while the
 * run's budget still had time left, is held -- rank 0 keeps its
 * refiner, and the argument whose point the share cut short, which is
 * measured again whole -- and continued after every suite has had its
 * first turn.  Rank 0 alone; zeroed by the caller. */
typedef struct sk_execute_hold {
  double deadline;            /* in: MPI_Wtime() at which the run's budget
                               * is spent: a suite cut earlier is held */
  int held;                   /* out: the suite is held (its result not
                               * finished: no message, no unmeasured) */
  sk_refine_t *r;             /* its refiner (NULL for Variation none) */
  int pending;                /* a point was cut short: measure it again */
  long arg;                   /* its argument */
  int refined;                /* and whether refinement added it */
  double first;               /* the limit of its first pass, s */
  size_t passes;              /* passes so far (1 once held) */
  sk_suite_result_t cut;      /* the point cut short, kept (its one
                               * point): recorded when the suite gets no
                               * second pass, as the first pass left it */
} sk_execute_hold_t;

/* As sk_execute_suite(), with a cut by the share of Time_Run ("share
 * of Time_Run" in res->limit_by) held in *hold (rank 0; NULL elsewhere,
 * or for no holding) when it comes before hold->deadline. */
int sk_execute_suite_hold(sk_engine_t *eng, const sk_suite_t *s,
                          sk_suite_result_t *res, sk_execute_hold_t *hold);

/* The second pass of a held suite, collectively: set up again (its
 * description is already in *res), then its points go on from where the
 * refiner stopped, within res->limit (rank 0: the seconds this pass may
 * take, limit_by saying which limit it is), and the suite ends as
 * sk_execute_suite() ends it; res->elapsed grows.  The hold is released
 * (hold: rank 0's; NULL elsewhere). */
int sk_execute_continue(sk_engine_t *eng, const sk_suite_t *s,
                        sk_suite_result_t *res, sk_execute_hold_t *hold);

/* Rank 0 alone: a held suite that gets no second pass (the budget is
 * spent) ends as the first pass left it -- timed out, the arguments the
 * refiner still had to hand out named unmeasured, its message set; the
 * hold is released. */
void sk_execute_release(sk_execute_hold_t *hold, sk_suite_result_t *res);

/* Interleaving (--shuffle, doc/engine.md "Order"): the points of several
 * suites in one random order, each measured on its own.
 *
 * sk_execute_grid(): rank 0 alone, no communication.  The arguments of
 * suite s when they are known before any is measured -- a fixed scale,
 * a grid replayed by --grid-from, or the one point of Variation none
 * (argument 0) -- into *args (the caller's to free) and *n, and the
 * refinement's stop into res; 0.  -1 when they are not known in advance
 * (a dynamic scale) or the suite cannot run: it is then measured on its
 * own, where any failure is reported as ever. */
int sk_execute_grid(sk_engine_t *eng, const sk_suite_t *s,
                    sk_suite_result_t *res, long **args, size_t *n);

/* One point of suite s at arg, collectively over eng->world: the suite
 * is set up before it (datatypes, buffers, clock sync, communicator; the
 * pair is chosen once per run) and released after it, so that no two
 * suites hold buffers at once.  first: the suite's first point (rank 0
 * sets its status complete and describes it in *res).  suite_left: the
 * seconds left of Time_Suite, or -1.  *barrier: the suite's barrier time
 * (root_minus_barrier), NaN before its first point; measured then and
 * kept for its later points, as a suite measured on its own keeps it
 * (Nodes suites measure it at every point).  Rank 0 appends the point to *res,
 * or sets its status failed with the message; res->elapsed grows by the
 * time the point took, setup included. */
void sk_execute_one(sk_engine_t *eng, const sk_suite_t *s,
                    sk_suite_result_t *res, long arg, int first,
                    double suite_left, double *barrier);

/* Rank 0 alone: the initial grid of suite s (the replayed one of
 * --grid-from, the one point of Variation none) into *args (the caller's
 * to free) and *n: 1 when a dynamic scale refines after it, 0 when it is
 * all, -1 when it cannot be known (the suite cannot run). */
int sk_execute_initial_grid(sk_engine_t *eng, const sk_suite_t *s,
                            long **args, size_t *n);

/* Rank 0, when a suite is done: a timed-out suite's message. */
void sk_execute_finish(sk_suite_result_t *res);

#endif
