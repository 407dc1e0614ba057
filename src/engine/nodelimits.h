/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nodelimits.h -- `@LIMITS yes`: the node's limits, measured once before the
 * suites (doc/engine.md, "The floors"): the cache-line latency between
 * the cores of ranks 0 and 1, one core's copy bandwidth over lengths,
 * every rank's copy at once, and the links' stated rates.  Written as
 * factors.limits (doc/output-format.md); lib/floor.c turns them into
 * the floor of each ping-pong point; result.c writes them.
 */
#ifndef SK_NODELIMITS_H
#define SK_NODELIMITS_H

#include <stddef.h>

#define SK_LIMITS_LENGTHS 40   /* copy lengths: powers of 2 up to 2^39 */
#define SK_LIMITS_LINKS 16     /* links listed, at most */

typedef struct sk_limits_copy {
  long length;                 /* bytes */
  double median, best, spread; /* B/s; spread: (q3 - q1) / median */
} sk_limits_copy_t;

typedef struct sk_limits_link {
  char name[96];               /* "mlx5_0/1" or "eth0" */
  char rate[64];               /* as the system states it */
  double bps;                  /* bits/s parsed from it; 0: unknown */
} sk_limits_link_t;

typedef struct sk_limits {
  int measured;
  double cost;                 /* s the measurement took */
  /* (a) cache line, one way (half a round trip), s */
  int cl_measured;
  long cpus[2];                /* of the two threads */
  int cl_pinned;               /* both threads were pinned */
  const char *cl_skipped;      /* why not measured (static), or NULL */
  double cl_median, cl_best, cl_spread;
  long round_trips;
  /* (b) one core's copy */
  size_t ncopy;
  sk_limits_copy_t copy[SK_LIMITS_LENGTHS];
  /* (c) every rank copying at once */
  long all_length;             /* bytes each rank copies */
  int all_ranks;
  double all_rate;             /* B/s of all ranks together (median) */
  double all_spread;           /* (q3 - q1) / median */
  /* (d) the links' stated rates */
  size_t nlinks;
  sk_limits_link_t links[SK_LIMITS_LINKS];
} sk_limits_t;

/* Needs MPI: declared where <mpi.h> was included first (result.h, which
 * programs without MPI include, has only the type). */
#ifdef MPI_VERSION
/* Collective over comm: measures the limits, at most max_bytes copied
 * (@MEMORY), and fills *l on rank 0 (l may be NULL elsewhere).  Ranks
 * other than 0 sleep while rank 0's threads bounce the cache line, so
 * they do not take its cores. */
void sk_limits_measure(sk_limits_t *l, MPI_Comm comm, long max_bytes);
#endif

#endif
