/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runnoise.h -- the machine's noise over a run (lib/noise.h): every rank
 * probes the machine (probe.h) around each suite, or around each point
 * of interleaved suites, outside the timed regions; when a suite is
 * done the probes are gathered to rank 0, which judges the suite, and
 * the run from its start to the latest gather.
 */
#ifndef SK_RUNNOISE_H
#define SK_RUNNOISE_H

#include <mpi.h>
#include <stddef.h>

#include "noise.h"
#include "result.h"

typedef struct sk_runnoise {
  MPI_Comm comm;             /* borrowed: the run's world */
  int rank, size;
  size_t nsuites;            /* of the plan */
  sk_noise_probe_t before;   /* every rank: at the last begin() */
  sk_noise_probe_t now;      /* every rank: at the last end() */
  sk_noise_probe_t *span;    /* every rank: two per plan suite, its
                              * start (load, runnable) and its counters
                              * summed over its points */
  char *started;             /* every rank: the suite's span has begun */
  sk_noise_probe_t *got;     /* rank 0: 3 * size probes gathered */
  sk_noise_probe_t *run_start, *latest, *a, *b;   /* rank 0: size each */
  sk_noise_place_t place;    /* rank 0: the run's placement */
  long delayed, repetitions; /* rank 0: this run's suites */
  size_t judged, worse[3];   /* rank 0: suites judged, by verdict */
  char worst_names[256];     /* rank 0: the first noisy suites' names */
  size_t named;              /* rank 0: how many of them it holds */
} sk_runnoise_t;

/* Collective: the probes at the start of the run; rank 0 learns the
 * placement from the factors (hosts, affinity: f on rank 0, NULL
 * elsewhere).  -1 on every rank when memory ran out. */
int sk_runnoise_start(sk_runnoise_t *n, MPI_Comm comm, size_t nsuites,
                      const sk_factors_t *f);

/* Local, outside any timed region: before and after suite k, or before
 * and after one of its interleaved points. */
void sk_runnoise_begin(sk_runnoise_t *n);
void sk_runnoise_end(sk_runnoise_t *n, size_t k);

/* Collective, once suite k is done: its probes to rank 0, which judges
 * it into res->noise (res: rank 0's entry of the suite; NULL elsewhere)
 * and counts it into the run. */
void sk_runnoise_suite(sk_runnoise_t *n, size_t k, sk_suite_result_t *res);

/* Rank 0: the run's judgement from its start to the latest gather,
 * raised by its worst suites, into *out (replaced). */
void sk_runnoise_run(sk_runnoise_t *n, sk_noise_t *out);

void sk_runnoise_free(sk_runnoise_t *n);

#endif
