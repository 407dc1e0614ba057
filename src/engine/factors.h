/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * factors.h -- the experimental factors a result records, collected from
 * every process.
 */
#ifndef SK_FACTORS_H
#define SK_FACTORS_H

#include <mpi.h>

#include "result.h"

/* Collective over comm: fills *f on rank 0 (library, version, hosts,
 * affinity, compiler, timer, environment,
 * the batch system's job); overhead is rank 0's empty
 * measurement.  Returns -1 on rank 0 when memory ran out. */
int sk_factors_collect(sk_factors_t *f, MPI_Comm comm, double overhead);

/* The seconds MPI_Init took on this process (src/launch.c measures it
 * with the monotonic clock, as the MPI timer needs MPI); collect records
 * the largest over the processes as factors.mpi_init_time and every
 * process's as factors.mpi_init_times. */
void sk_factors_init_time(double seconds);

/* The thread level MPI was asked for and the one every process has (the
 * least of them), as MPI names them ("MPI_THREAD_MULTIPLE"; static
 * strings, kept): collect records them as factors.mpi_thread_requested
 * and factors.mpi_thread_level. */
void sk_factors_thread_level(const char *requested, const char *provided);

#endif
