/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * probe.h -- what a rank can read cheaply about the machine's noise,
 * outside every timed region (no MPI here): its clock, the CPU time and
 * involuntary context switches of its thread (getrusage), the load
 * average and runnable tasks (/proc/loadavg), the CPUs online.
 * lib/noise.h judges what was read.
 */
#ifndef SK_PROBE_H
#define SK_PROBE_H

#include "noise.h"

/* Reads this rank's probe now; what cannot be read is marked unknown
 * (noise.h).  Costs a getrusage and a read of /proc/loadavg. */
void sk_probe_now(sk_noise_probe_t *p);

/* Reads "0.50 0.61 0.70 3/456 1234" (the format of /proc/loadavg) into
 * *load1 and *runnable; -1 (both unknown) for anything else. */
int sk_probe_parse_loadavg(const char *text, double *load1,
                           double *runnable);

/* d += b - a for the counters (wall, cpu, nivcsw); the snapshot fields
 * (load1, runnable, cpus) of b. */
void sk_probe_add_span(sk_noise_probe_t *d, const sk_noise_probe_t *a,
                       const sk_noise_probe_t *b);

#endif
