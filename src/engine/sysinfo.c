/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sysinfo.c -- CPU affinity, the environment that steers MPI, UTC time.
 */
#include <config.h>

#include "sysinfo.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends s to buf[size] at *len; marks the end with "..." and returns -1
 * once it does not fit. */
static int sk_sysinfo_append(char *buf, size_t size, size_t *len,
                             const char *s)
{
  size_t n = strlen(s);
  if (*len + n + 1 > size) {
    if (size >= 4)
      memcpy(buf + (*len + 4 <= size ? *len : size - 4), "...", 4);
    return -1;
  }
  memcpy(buf + *len, s, n + 1);
  *len += n;
  return 0;
}

void sk_sysinfo_format_cpus(const unsigned char *mask, size_t n, char *buf,
                            size_t size)
{
  size_t i = 0, len = 0;
  char item[48];
  if (size == 0)
    return;
  buf[0] = '\0';
  while (i < n) {
    size_t j;
    if (!mask[i]) {
      i++;
      continue;
    }
    for (j = i; j + 1 < n && mask[j + 1]; j++)
      ;
    if (j == i)
      snprintf(item, sizeof item, "%s%zu", len ? "," : "", i);
    else
      snprintf(item, sizeof item, "%s%zu-%zu", len ? "," : "", i, j);
    if (sk_sysinfo_append(buf, size, &len, item) != 0)
      return;
    i = j + 1;
  }
}

void sk_sysinfo_affinity(char *buf, size_t size)
{
#ifdef CPU_SETSIZE
  cpu_set_t set;
  unsigned char mask[CPU_SETSIZE];
  size_t i;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    for (i = 0; i < CPU_SETSIZE; i++)
      mask[i] = CPU_ISSET(i, &set) ? 1 : 0;
    sk_sysinfo_format_cpus(mask, CPU_SETSIZE, buf, size);
    return;
  }
#endif
  snprintf(buf, size, "unknown");
}

int sk_sysinfo_env_relevant(const char *entry)
{
  static const char *const prefixes[] = {
    "MPIR_CVAR_", "MPICH_", "HYDRA_", "OMPI_MCA_", "PMIX_MCA_", "UCX_",
    "FI_", "PSM2_", "I_MPI_", "MV2_", "SKAMPI_"
  };
  size_t i;
  for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
    if (strncmp(entry, prefixes[i], strlen(prefixes[i])) == 0)
      return 1;
  return 0;
}

static int sk_sysinfo_cmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

char **sk_sysinfo_env(char **envp, size_t *n)
{
  size_t i, k = 0, count = 0;
  char **v;
  *n = 0;
  for (i = 0; envp != NULL && envp[i] != NULL; i++)
    count += sk_sysinfo_env_relevant(envp[i]) ? 1 : 0;
  if (count == 0 || (v = calloc(count, sizeof *v)) == NULL)
    return NULL;
  for (i = 0; envp[i] != NULL; i++) {
    if (!sk_sysinfo_env_relevant(envp[i]))
      continue;
    if ((v[k] = strdup(envp[i])) == NULL) {
      while (k > 0)
        free(v[--k]);
      free(v);
      return NULL;
    }
    k++;
  }
  qsort(v, count, sizeof *v, sk_sysinfo_cmp);
  *n = count;
  return v;
}

void sk_sysinfo_iso_time(time_t t, char buf[32])
{
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
