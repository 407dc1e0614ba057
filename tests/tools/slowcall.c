/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * slowcall.c -- TEST ONLY: a library preloaded into skampi's ranks
 * (LD_PRELOAD) by tests/tools/workflow.sh, so that one instance of a
 * campaign is slower on purpose, as after a bad MPI upgrade.  When
 * SKAMPI_TEST_SLOW_IPROBE=US is set, every MPI_Iprobe busy-waits US
 * microseconds before it calls the library's (PMPI_Iprobe).  skampi
 * itself knows nothing of this: the variable exists only where this
 * library is preloaded, never in a normal build or run.
 */
#include <config.h>

#include <stdlib.h>
#include <time.h>

#include <mpi.h>

static double sk_slow_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The wait in seconds from the environment, read once; 0: none. */
static double sk_slow_wait(void)
{
  static double wait = -1;
  if (wait < 0) {
    const char *v = getenv("SKAMPI_TEST_SLOW_IPROBE");
    double us = v ? atof(v) : 0;
    wait = us > 0 && us < 1e6 ? us * 1e-6 : 0;
  }
  return wait;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag,
               MPI_Status *status)
{
  double wait = sk_slow_wait();
  if (wait > 0) {
    /* a busy wait, as a slow library would spend it: not a sleep */
    double end = sk_slow_now() + wait;
    while (sk_slow_now() < end)
      ;
  }
  return PMPI_Iprobe(source, tag, comm, flag, status);
}
