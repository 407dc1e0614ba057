/*
 * factors.c -- gathers the experimental factors of a run.
 */
#include <config.h>

#include "factors.h"
#include "timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int sk_factors_collect(sk_factors_t *f, MPI_Comm comm, double overhead)
{
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
  if (rank != 0)
    return 0;
  MPI_Get_version(&major, &minor);
  snprintf(ver, sizeof ver, "%d.%d", major, minor);
  f->mpi_library = sk_factors_library();
  f->mpi_version = strdup(ver);
  f->compiler = SK_BUILD_CC;
  f->cflags = SK_BUILD_CFLAGS;
  f->timer = sk_timer_info()->name;
  f->timer_resolution = sk_timer_info()->resolution;
  f->timer_frequency = sk_timer_info()->frequency;
  f->timer_overhead = overhead;
  f->env = sk_sysinfo_env(environ, &f->nenv);
  return f->hosts && f->affinity && f->mpi_library && f->mpi_version ? 0 : -1;
}
