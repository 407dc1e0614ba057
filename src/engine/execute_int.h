/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * execute_int.h -- what the two halves of the execute module share:
 * execute_setup.c decides what a suite needs (its range, checks,
 * settings, buffers, communicator) and describes it in the result;
 * execute.c measures its points.  Not for other modules (execute.h).
 */
#ifndef SK_EXECUTE_INT_H
#define SK_EXECUTE_INT_H

#include <mpi.h>
#include <stddef.h>

#include "cache.h"
#include "clocksync.h"
#include "dtype.h"
#include "execute.h"
#include "measure.h"
#include "nodecomm.h"
#include "pairs.h"
#include "pattern.h"
#include "reduce.h"
#include "refine.h"
#include "result.h"

/* The tag of the engine's own messages on the world (a point to world
 * rank 0, Verify's message). */
#define SK_EXEC_TAG 77

typedef struct sk_exec {
  sk_engine_t *eng;
  const sk_suite_t *s;
  const sk_inst_ops_t *ops;
  /* what the instance's pattern implies */
  const sk_instance_pattern_info_t *pat;
  long lo, hi;              /* range of the argument */
  long max_length;          /* longest message of the suite */
  MPI_Comm comm;            /* the suite's processes; NULL for Nodes */
  sk_nodecomm_t nodes;      /* Nodes: the communicator of each count */
  int decider;              /* world rank of the timing process */
  sk_dtype_t dt;            /* the suite's datatypes */
  sk_reduce_t red;          /* reductions: their type and operation */
  int chunks;               /* master-worker: chunks of the current point */
  sk_pctx_t ctx;
  sk_samples_t samples;
  sk_measure_cfg_t cfg;
  double barrier;           /* barrier time of comm, or NaN */
  int windowed;             /* Synchronization = Window applies */
  long batch;               /* calls per repetition (Batch, where it applies) */
  sk_clocksync_t clock;     /* its clock models (windowed) */
  sk_cache_t cache;         /* Cache = Cold: the eviction buffer */
  char *sbuf, *rbuf;
  sk_point_pair_t *pairs;   /* ops->pairs, rank 0: a point's */
  double *rtl;              /* ops->round_trips: a point's, size entries */
  double *spread;           /* ops->node_times: scratch, size entries */
  sk_topo_info_t topo;      /* ops->topology: the suite's topology */
  int pair[2];              /* pattern with a pair: the suite's pair */
  double pair_latency;      /* the round trip that chose it, or NaN */
  int rotate;               /* Root = Rotate on a rooted instance */
  long reps;                /* Rotate: repetitions of the point so far */
  char vmsg[384];           /* Verify: why the point's check failed (on
                             * the process that found it, then rank 0) */
  sk_suite_result_t *res;   /* rank 0 */
  char msg[512];            /* why the suite cannot run */
  char note[512];
  int typed;                /* the datatypes were built (sk_exec_open) */
  sk_execute_hold_t *hold;  /* rank 0: the first pass's hold, or the
                             * second pass's state, or NULL */
} sk_exec_t;

/* ---- execute_setup.c ---- */

/* The bytes of this process's send and receive buffers (its role's,
 * for the suite's longest message): what sk_exec_alloc() allocates. */
void sk_exec_buffer_sizes(const sk_exec_t *x, size_t *send, size_t *recv);
/* Builds the suite's datatypes (and a reduction's operation) and checks
 * what can refuse the suite; on -1 it has failed, nothing is left. */
int sk_exec_types(sk_exec_t *x, char *dtnote, size_t size);
/* The measurement settings of the suite (Batch among them). */
void sk_exec_cfg(sk_exec_t *x);
/* Cache = Cold: the eviction buffer; -1 with x->msg set. */
int sk_exec_cold(sk_exec_t *x);
/* Buffers for the longest message, and the sample arrays. */
int sk_exec_alloc(sk_exec_t *x);
/* The suite's communicator (the pair for ping-pong; none for Nodes). */
int sk_exec_comm(sk_exec_t *x);
/* Frees what sk_exec_cfg() to sk_exec_comm() made. */
void sk_exec_release(sk_exec_t *x);
/* Rank 0: the suite failed, with msg. */
void sk_exec_fail(sk_exec_t *x, const char *msg);
/* Rank 0: the suite's timing, sync, cache, pair and notes. */
void sk_exec_describe(sk_exec_t *x);
/* The note on the datatypes an instance does not use, or what a
 * reduction adds ("" when there is nothing to say). */
void sk_exec_dtype_note(const sk_exec_t *x, char *note, size_t size);
/* The initial grid of a fixed-scale refiner r (it needs no times; r is
 * used up); *n arguments, or NULL. */
long *sk_exec_fixed_grid(sk_refine_t *r, size_t *n);
/* TEST ONLY: SKAMPI_TEST_SETUP_DELAY (doc/robustness.md). */
void sk_exec_test_setup_delay(void);
/* The suite's setup, from t0 (MPI_Wtime) to now, is done: the watchdog
 * allows for it (guard.h) and rank 0 adds it to res->setup_time. */
void sk_exec_setup_done(sk_exec_t *x, double t0);
/* Every process: the communicators of a Nodes suite's grid, made at once
 * when the grid is known before its first point (nodecomm.h). */
void sk_exec_nodes_prepare(sk_exec_t *x);

/* ---- execute_repeat.c ---- */

/* Cache = Cold's flush of x's buffer (an untimed `between`). */
void sk_exec_flush(void *x);
/* The point's repetitions by fn on fctx (the pattern's timing or window
 * sync's) into *pt, with Root = Rotate's root and Cache = Cold's flush
 * before each; under Verify each one checked: -7 on all of comm when a
 * check failed (x->vmsg on the process that describes it). */
int sk_exec_repeat(sk_exec_t *x, sk_measure_cfg_t *cfg, MPI_Comm comm,
                   long length, sk_measure_rep_fn fn, void *fctx,
                   sk_point_t *pt);
/* Verify, on every process of the world after a point failed with -7:
 * the message of the process that has it (has) to world rank 0. */
void sk_exec_verify_message(sk_exec_t *x, int has);

#endif
