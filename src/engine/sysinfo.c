/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sysinfo.c -- CPU affinity, the environment that steers MPI, the batch
 * system's job, UTC time.
 */
#include <config.h>

#include "sysinfo.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

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
    if ((v[k] = sk_sysinfo_text(envp[i], SK_SYSINFO_ENV_MAX)) == NULL) {
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

char *sk_sysinfo_text(const char *s, size_t max)
{
  const unsigned char *p = (const unsigned char *)s;
  size_t n = strlen(s), i = 0, k = 0, c;
  char *out = malloc((n < max ? n : max) + 1);
  if (out == NULL)
    return NULL;
  while (i < n) {
    c = sk_utf8_len(p + i, n - i);
    if (n > max && k + (c ? c : 1) > max - 3) {
      memcpy(out + k, "...", 3);
      k += 3;
      break;
    }
    if (c == 0)
      out[k++] = '?';
    else
      memcpy(out + k, p + i, c);
    k += c;
    i += c ? c : 1;
  }
  out[k] = '\0';
  return out;
}

/* A batch system: the variable of each factor it sets, in the order the
 * result records them (doc/output-format.md, "batch"); a factor may have
 * an older name to try second. */
typedef struct sk_sysinfo_bvar {
  const char *key, *var, *alt;
} sk_sysinfo_bvar_t;

static const sk_sysinfo_bvar_t sk_sysinfo_slurm[] = {
  {"job_id", "SLURM_JOB_ID", "SLURM_JOBID"},
  {"job_name", "SLURM_JOB_NAME", NULL},
  {"array_job_id", "SLURM_ARRAY_JOB_ID", NULL},
  {"array_task_id", "SLURM_ARRAY_TASK_ID", NULL},
  {"step_id", "SLURM_STEP_ID", "SLURM_STEPID"},
  {"cluster", "SLURM_CLUSTER_NAME", NULL},
  {"partition", "SLURM_JOB_PARTITION", NULL},
  {"account", "SLURM_JOB_ACCOUNT", NULL},
  {"qos", "SLURM_JOB_QOS", NULL},
  {"nodes", "SLURM_JOB_NODELIST", "SLURM_NODELIST"},
  {"node_count", "SLURM_JOB_NUM_NODES", "SLURM_NNODES"},
  {"tasks", "SLURM_NTASKS", "SLURM_NPROCS"},
  {"tasks_per_node", "SLURM_TASKS_PER_NODE", NULL},
  {"cpus_per_task", "SLURM_CPUS_PER_TASK", NULL},
  {"cpus_on_node", "SLURM_CPUS_ON_NODE", NULL},
  {"cpu_bind", "SLURM_CPU_BIND", NULL},
  {"distribution", "SLURM_DISTRIBUTION", NULL},
  {NULL, NULL, NULL}
};

static const sk_sysinfo_bvar_t sk_sysinfo_pbs[] = {
  {"job_id", "PBS_JOBID", NULL},
  {"job_name", "PBS_JOBNAME", NULL},
  {"array_task_id", "PBS_ARRAY_INDEX", "PBS_ARRAYID"},
  {"partition", "PBS_QUEUE", NULL},
  {"node_file", "PBS_NODEFILE", NULL},
  {"node_count", "PBS_NUM_NODES", NULL},
  {"tasks", "PBS_NP", NULL},
  {"tasks_per_node", "PBS_NUM_PPN", NULL},
  {NULL, NULL, NULL}
};

static const sk_sysinfo_bvar_t sk_sysinfo_flux[] = {
  {"job_id", "FLUX_JOB_ID", NULL},
  {"node_count", "FLUX_JOB_NNODES", NULL},
  {"tasks", "FLUX_JOB_SIZE", NULL},
  {NULL, NULL, NULL}
};

static const sk_sysinfo_bvar_t sk_sysinfo_lsf[] = {
  {"job_id", "LSB_JOBID", NULL},
  {"job_name", "LSB_JOBNAME", NULL},
  {"array_task_id", "LSB_JOBINDEX", NULL},
  {"partition", "LSB_QUEUE", NULL},
  {"hosts", "LSB_MCPU_HOSTS", NULL},
  {NULL, NULL, NULL}
};

static const struct {
  const char *name;
  const sk_sysinfo_bvar_t *vars;
} sk_sysinfo_systems[] = {
  {"slurm", sk_sysinfo_slurm}, {"pbs", sk_sysinfo_pbs},
  {"flux", sk_sysinfo_flux}, {"lsf", sk_sysinfo_lsf}
};

/* The value of NAME in envp, or NULL when it is not set or empty. */
static const char *sk_sysinfo_getenv(char **envp, const char *name)
{
  size_t i, len = strlen(name);
  for (i = 0; envp != NULL && envp[i] != NULL; i++)
    if (strncmp(envp[i], name, len) == 0 && envp[i][len] == '=')
      return envp[i][len + 1] != '\0' ? envp[i] + len + 1 : NULL;
  return NULL;
}

/* "KEY=VALUE" with VALUE made text a result can hold; NULL: no memory. */
static char *sk_sysinfo_entry(const char *key, const char *value)
{
  char *v = sk_sysinfo_text(value, SK_SYSINFO_BATCH_MAX), *e;
  size_t n;
  if (v == NULL)
    return NULL;
  n = strlen(key) + strlen(v) + 2;
  if ((e = malloc(n)) != NULL)
    snprintf(e, n, "%s=%s", key, v);
  free(v);
  return e;
}

/* The first batch system whose job id envp holds, or -1. */
static int sk_sysinfo_system(char **envp)
{
  const sk_sysinfo_bvar_t *id;
  size_t i;
  for (i = 0; i < sizeof sk_sysinfo_systems / sizeof *sk_sysinfo_systems;
       i++) {
    id = &sk_sysinfo_systems[i].vars[0];
    if (sk_sysinfo_getenv(envp, id->var) ||
        (id->alt && sk_sysinfo_getenv(envp, id->alt)))
      return (int)i;
  }
  return -1;
}

char **sk_sysinfo_batch(char **envp, const char **system, size_t *n)
{
  const sk_sysinfo_bvar_t *b;
  const char *v;
  char **out;
  size_t k = 0, cap = 0;
  int sys = sk_sysinfo_system(envp);
  *system = NULL;
  *n = 0;
  if (sys < 0)
    return NULL;
  for (b = sk_sysinfo_systems[sys].vars; b[cap].key != NULL; cap++)
    ;
  if ((out = calloc(cap, sizeof *out)) == NULL)
    return NULL;
  for (; b->key != NULL; b++) {
    if ((v = sk_sysinfo_getenv(envp, b->var)) == NULL && b->alt != NULL)
      v = sk_sysinfo_getenv(envp, b->alt);
    if (v == NULL)
      continue;
    if ((out[k] = sk_sysinfo_entry(b->key, v)) == NULL) {
      while (k > 0)
        free(out[--k]);
      free(out);
      return NULL;
    }
    k++;
  }
  *system = sk_sysinfo_systems[sys].name;
  *n = k;
  return out;
}

void sk_sysinfo_iso_time(time_t t, char buf[32])
{
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
