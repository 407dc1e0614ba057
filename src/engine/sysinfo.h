/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sysinfo.h -- facts about this process and its machine that a result
 * records (no MPI here).
 */
#ifndef SK_SYSINFO_H
#define SK_SYSINFO_H

#include <stddef.h>
#include <time.h>

/* Formats the CPUs in mask[0..n) (nonzero = allowed) as a list of ranges,
 * "0-3,6,8-9"; "" for none; truncated with "..." when buf is too small. */
void sk_sysinfo_format_cpus(const unsigned char *mask, size_t n, char *buf,
                            size_t size);

/* This process's CPU affinity as a list of ranges, or "unknown". */
void sk_sysinfo_affinity(char *buf, size_t size);

/* True when the environment variable NAME=VALUE steers MPI or skampi
 * (MPIR_CVAR_*, MPICH_*, HYDRA_*, OMPI_MCA_*, PMIX_MCA_*, UCX_*, FI_*,
 * PSM2_*, I_MPI_*, MV2_*, SKAMPI_*). */
int sk_sysinfo_env_relevant(const char *entry);

/* The relevant entries of envp, copied (each as sk_sysinfo_text() makes
 * it, at most SK_SYSINFO_ENV_MAX bytes) and sorted; *n receives the
 * count.  NULL (and *n = 0) on allocation failure or when there are
 * none. */
char **sk_sysinfo_env(char **envp, size_t *n);

/* Bytes of an environment entry and of a batch factor a result keeps. */
#define SK_SYSINFO_ENV_MAX 4096
#define SK_SYSINFO_BATCH_MAX 1024

/* S as text a result file can hold: a copy in which each byte that does
 * not begin a valid UTF-8 character (YAML is UTF-8) is '?', and which,
 * when longer than MAX bytes (MAX >= 4), is cut at a character boundary
 * to at most MAX bytes ending in "...".  NULL when out of memory. */
char *sk_sysinfo_text(const char *s, size_t max);

/* The batch system that started the job this process runs in, found by
 * the variable that holds its job id: Slurm (SLURM_JOB_ID), PBS
 * (PBS_JOBID), Flux (FLUX_JOB_ID) or LSF (LSB_JOBID), the first set of
 * these; *system receives its name ("slurm", "pbs", "flux", "lsf";
 * static) or NULL under none.  Returns its factors as "KEY=VALUE"
 * entries in a fixed order (doc/output-format.md, "batch": job_id,
 * job_name, partition, nodes, tasks_per_node, cpu_bind, ...), each
 * VALUE from the system's variable as sk_sysinfo_text() makes it, at most
 * SK_SYSINFO_BATCH_MAX bytes; *n receives the count.  NULL (and *n = 0)
 * under no batch system or on allocation failure (*system NULL too). */
char **sk_sysinfo_batch(char **envp, const char **system, size_t *n);

/* t as ISO 8601 UTC, "2026-11-22T04:05:06Z", into buf[32]. */
void sk_sysinfo_iso_time(time_t t, char buf[32]);

#endif
