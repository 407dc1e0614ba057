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

/* The relevant entries of envp, copied and sorted; *n receives the count.
 * NULL (and *n = 0) on allocation failure or when there are none. */
char **sk_sysinfo_env(char **envp, size_t *n);

/* t as ISO 8601 UTC, "2026-11-22T04:05:06Z", into buf[32]. */
void sk_sysinfo_iso_time(time_t t, char buf[32]);

#endif
