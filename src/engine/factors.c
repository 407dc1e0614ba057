/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * factors.c -- gathers the experimental factors of a run.
 */
#include <config.h>

#include "factors.h"
#include "timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pattern.h"
#include "sysinfo.h"

extern char **environ;

enum { SK_FACTORS_LEN = 256 };

/* Gathers a string of every process to rank 0 as a new array of copies. */
static char **sk_factors_gather(const char *mine, MPI_Comm comm)
{
  char buf[SK_FACTORS_LEN], *all = NULL, **v = NULL;
  int p, rank, i;
  MPI_Comm_size(comm, &p);
  MPI_Comm_rank(comm, &rank);
  snprintf(buf, sizeof buf, "%s", mine);
  if (rank == 0)
    all = malloc((size_t)p * SK_FACTORS_LEN);
  MPI_Gather(buf, SK_FACTORS_LEN, MPI_CHAR, all, SK_FACTORS_LEN, MPI_CHAR, 0,
             comm);
  if (rank != 0 || all == NULL)
    return NULL;
  v = calloc((size_t)p, sizeof *v);
  for (i = 0; v != NULL && i < p; i++)
    v[i] = strndup(all + (size_t)i * SK_FACTORS_LEN, SK_FACTORS_LEN - 1);
  free(all);
  return v;
}

/* MPI_Get_library_version without trailing blank lines. */
static char *sk_factors_library(void)
{
  char s[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  int len = 0;
  MPI_Get_library_version(s, &len);
  s[len] = '\0';
  while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == ' ' ||
                     s[len - 1] == '\t' || s[len - 1] == '\0'))
    s[--len] = '\0';
  return strdup(s);
}

/* The first line of a small sysfs file, or NULL. */
static char *sk_factors_read_line(const char *path)
{
  char buf[128];
  FILE *fp = fopen(path, "r");
  if (fp == NULL)
    return NULL;
  if (fgets(buf, sizeof buf, fp) == NULL) {
    fclose(fp);
    return NULL;
  }
  fclose(fp);
  buf[strcspn(buf, "\n")] = '\0';
  return strdup(buf);
}

/* Rank 0: governor and frequency of cpu0 where sysfs shows them, and
 * whether every process is bound to a single CPU (an affinity with no
 * range and no list). */
static void sk_factors_cpu(sk_factors_t *f)
{
  char *khz;
  int i;
  f->governor = sk_factors_read_line(
      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  khz = sk_factors_read_line(
      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq");
  f->cpu_frequency = khz ? 1e3 * strtod(khz, NULL) : 0.0;
  free(khz);
  f->pinned = f->affinity != NULL;
  for (i = 0; f->affinity != NULL && i < f->processes; i++)
    if (f->affinity[i] == NULL || strpbrk(f->affinity[i], ",-") != NULL ||
        strcmp(f->affinity[i], "unknown") == 0)
      f->pinned = 0;
  if (!f->pinned)
    f->warning = strdup("the processes are not pinned to single CPUs: the "
                        "operating system may move them during the "
                        "measurement (MPICH: mpiexec -bind-to core)");
}

static double sk_factors_init = NAN;
static const char *sk_factors_asked, *sk_factors_level;

void sk_factors_init_time(double seconds)
{
  sk_factors_init = seconds;
}

void sk_factors_thread_level(const char *requested, const char *provided)
{
  sk_factors_asked = requested;
  sk_factors_level = provided;
}

/* Every process's MPI_Init time to rank 0, in rank order: a run's
 * distribution of start-up times, and across the runs of a campaign
 * (skampi-merge keeps each run's).  NULL when not measured, or on rank 0
 * when memory ran out. */
static void sk_factors_init_times(sk_factors_t *f, MPI_Comm comm, int rank)
{
  f->mpi_init_times = NULL;
  if (isnan(f->mpi_init_time))
    return;
  if (rank == 0)
    f->mpi_init_times = malloc((size_t)f->processes * sizeof(double));
  MPI_Gather(&sk_factors_init, 1, MPI_DOUBLE, f->mpi_init_times, 1,
             MPI_DOUBLE, 0, comm);
}

int sk_factors_collect(sk_factors_t *f, MPI_Comm comm, double overhead)
{
  double init;
  char host[MPI_MAX_PROCESSOR_NAME + 1], cpus[SK_FACTORS_LEN], ver[32];
  int len = 0, rank, major, minor;
  MPI_Comm_rank(comm, &rank);
  MPI_Get_processor_name(host, &len);
  host[len] = '\0';
  sk_sysinfo_affinity(cpus, sizeof cpus);
  memset(f, 0, sizeof *f);
  MPI_Comm_size(comm, &f->processes);
  f->hosts = sk_factors_gather(host, comm);
  f->affinity = sk_factors_gather(cpus, comm);
  /* NaN on any process (not measured) makes the maximum NaN or drops it;
   * every process measures alike, so either all or none have it */
  MPI_Allreduce(&sk_factors_init, &init, 1, MPI_DOUBLE, MPI_MAX, comm);
  f->mpi_init_time = isnan(sk_factors_init) ? NAN : init;
  sk_factors_init_times(f, comm, rank);
  if (rank != 0)
    return 0;
  MPI_Get_version(&major, &minor);
  snprintf(ver, sizeof ver, "%d.%d", major, minor);
  f->mpi_library = sk_factors_library();
  f->mpi_version = strdup(ver);
  f->mpi_thread_requested = sk_factors_asked;
  f->mpi_thread_level = sk_factors_level;
  f->compiler = SK_BUILD_CC;
  f->cflags = SK_BUILD_CFLAGS;
  f->timer = sk_timer_info()->name;
  f->timer_resolution = sk_timer_info()->resolution;
  f->timer_frequency = sk_timer_info()->frequency;
  f->timer_overhead = overhead;
  f->buffer_alignment = sk_pattern_alignment();
  f->env = sk_sysinfo_env(environ, &f->nenv);
  f->batch = sk_sysinfo_batch(environ, &f->batch_system, &f->nbatch);
  sk_factors_cpu(f);
  return f->hosts && f->affinity && f->mpi_library && f->mpi_version ? 0 : -1;
}
