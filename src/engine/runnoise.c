/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runnoise.c -- the machine's noise over a run (runnoise.h).
 */
#include <config.h>

#include "runnoise.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"

/* Gathers three probes of every rank to rank 0 (n->got). */
static void sk_runnoise_gather(sk_runnoise_t *n, const sk_noise_probe_t v[3])
{
  MPI_Gather((void *)v, 3 * SK_NOISE_PROBE_N, MPI_DOUBLE, n->got,
             3 * SK_NOISE_PROBE_N, MPI_DOUBLE, 0, n->comm);
}

/* Rank 0: the CPUs every rank saw online (for the placement). */
static int sk_runnoise_place(sk_runnoise_t *n, const sk_factors_t *f)
{
  double *cpus = malloc((size_t)n->size * sizeof *cpus);
  int i, rc;
  if (cpus == NULL)
    return -1;
  for (i = 0; i < n->size; i++)
    cpus[i] = n->run_start[i].cpus;
  rc = sk_noise_place(&n->place, n->size, f != NULL ? f->hosts : NULL,
                      f != NULL ? f->affinity : NULL, cpus);
  free(cpus);
  return rc;
}

/* Rank 0's arrays. */
static int sk_runnoise_alloc_root(sk_runnoise_t *n)
{
  size_t p = (size_t)n->size;
  n->got = malloc(3 * p * sizeof *n->got);
  n->run_start = malloc(p * sizeof *n->run_start);
  n->latest = malloc(p * sizeof *n->latest);
  n->a = malloc(p * sizeof *n->a);
  n->b = malloc(p * sizeof *n->b);
  return n->got && n->run_start && n->latest && n->a && n->b ? 0 : -1;
}

int sk_runnoise_start(sk_runnoise_t *n, MPI_Comm comm, size_t nsuites,
                      const sk_factors_t *f)
{
  sk_noise_probe_t v[3];
  int ok, all, i;
  memset(n, 0, sizeof *n);
  n->comm = comm;
  n->nsuites = nsuites;
  MPI_Comm_rank(comm, &n->rank);
  MPI_Comm_size(comm, &n->size);
  n->span = calloc(2 * (nsuites ? nsuites : 1), sizeof *n->span);
  n->started = calloc(nsuites ? nsuites : 1, 1);
  ok = n->span != NULL && n->started != NULL &&
       (n->rank != 0 || sk_runnoise_alloc_root(n) == 0);
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, comm);
  if (!all)
    return -1;
  sk_probe_now(&v[0]);
  v[1] = v[2] = n->now = n->before = v[0];
  sk_runnoise_gather(n, v);
  if (n->rank == 0) {
    for (i = 0; i < n->size; i++)
      n->run_start[i] = n->latest[i] = n->got[3 * i];
    ok = sk_runnoise_place(n, f) == 0;
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
  return ok ? 0 : -1;
}

void sk_runnoise_begin(sk_runnoise_t *n)
{
  sk_probe_now(&n->before);
}

void sk_runnoise_end(sk_runnoise_t *n, size_t k)
{
  sk_noise_probe_t *s = &n->span[2 * k];
  sk_probe_now(&n->now);
  if (!n->started[k]) {
    /* the start: the machine's load as the suite began; counters 0 */
    memset(&s[0], 0, sizeof s[0]);
    s[0].load1 = n->before.load1;
    s[0].runnable = n->before.runnable;
    s[0].cpus = n->before.cpus;
    s[1] = s[0];
    n->started[k] = 1;
  }
  sk_probe_add_span(&s[1], &n->before, &n->now);
}

/* Rank 0: the suite's repetitions and those delayed by a quantum. */
static void sk_runnoise_count(const sk_suite_result_t *res, long *delayed,
                              long *reps)
{
  size_t i;
  *delayed = *reps = 0;
  for (i = 0; i < res->npoints; i++) {
    *delayed += res->points[i].delayed;
    *reps += res->points[i].valid;
  }
}

/* Rank 0: a judged suite counted into the run. */
static void sk_runnoise_tally(sk_runnoise_t *n, const sk_suite_result_t *res,
                              long delayed, long reps)
{
  size_t len = strlen(n->worst_names);
  n->delayed += delayed;
  n->repetitions += reps;
  n->judged++;
  n->worse[res->noise.verdict]++;
  if (res->noise.verdict == SK_NOISE_QUIET || len + 40 >= sizeof n->worst_names)
    return;
  snprintf(n->worst_names + len, sizeof n->worst_names - len, "%s%.32s",
           len ? ", " : "", res->suite->name);
  n->named++;
}

void sk_runnoise_suite(sk_runnoise_t *n, size_t k, sk_suite_result_t *res)
{
  sk_noise_probe_t v[3];
  long delayed, reps;
  int i;
  if (!n->started[k]) {           /* it never ran here (a failed setup) */
    sk_runnoise_begin(n);
    sk_runnoise_end(n, k);
  }
  v[0] = n->span[2 * k];
  v[1] = n->span[2 * k + 1];
  v[2] = n->now;
  sk_runnoise_gather(n, v);
  if (n->rank != 0 || res == NULL)
    return;
  for (i = 0; i < n->size; i++) {
    n->a[i] = n->got[3 * i];
    n->b[i] = n->got[3 * i + 1];
    n->latest[i] = n->got[3 * i + 2];
  }
  sk_runnoise_count(res, &delayed, &reps);
  sk_noise_free(&res->noise);
  if (sk_noise_judge(&n->place, n->a, n->b, delayed, reps, 0,
                     &res->noise) == 0)
    sk_runnoise_tally(n, res, delayed, reps);
}

void sk_runnoise_run(sk_runnoise_t *n, sk_noise_t *out)
{
  char why[400];
  size_t bad = n->worse[SK_NOISE_NOISY] + n->worse[SK_NOISE_OVERSUBSCRIBED];
  sk_noise_free(out);
  if (sk_noise_judge(&n->place, n->run_start, n->latest, n->delayed,
                     n->repetitions, 1, out) != 0 || bad == 0)
    return;
  snprintf(why, sizeof why, "%zu of the %zu suites measured were not quiet "
           "(%s%s)", bad, n->judged, n->worst_names,
           n->named < bad ? ", ..." : "");
  sk_noise_raise(out, n->worse[SK_NOISE_OVERSUBSCRIBED] ?
                 SK_NOISE_OVERSUBSCRIBED : SK_NOISE_NOISY, why);
}

void sk_runnoise_free(sk_runnoise_t *n)
{
  free(n->span);
  free(n->started);
  free(n->got);
  free(n->run_start);
  free(n->latest);
  free(n->a);
  free(n->b);
  sk_noise_place_free(&n->place);
  memset(n, 0, sizeof *n);
}
