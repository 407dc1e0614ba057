/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_pingpong.h -- the ping-pong pattern's choice of the pair.
 */
#ifndef SK_PATTERN_PINGPONG_H
#define SK_PATTERN_PINGPONG_H

#include <mpi.h>

/* Collective over comm: the pair of processes with the largest ping-pong
 * latency (§3.1), found in the rounds of a round-robin tournament
 * (lib/tournament.h): P - 1 rounds (P for odd P) of floor(P/2) pairs
 * probing at once, a short ping-pong each (the median of 25 after 10
 * warm-ups), and one MPI_Allreduce (MAXLOC); pair[0] < pair[1], of equal
 * latencies the smallest pair.  With two processes the pair is (0, 1) and
 * *latency is NaN (nothing to choose, nothing measured).  The same
 * result on every process. */
int sk_pingpong_choose_pair(MPI_Comm comm, int pair[2], double *latency);

#endif
