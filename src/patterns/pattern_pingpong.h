/*
 * pattern_pingpong.h -- the ping-pong pattern's choice of the pair.
 */
#ifndef SK_PATTERN_PINGPONG_H
#define SK_PATTERN_PINGPONG_H

#include <mpi.h>

/* Collective over comm: the pair of processes with the largest ping-pong
 * latency (§3.1), found by measuring a short ping-pong between every pair
 * in turn; pair[0] < pair[1].  With two processes the pair is (0, 1) and
 * *latency is NaN (nothing to choose, nothing measured).  The same
 * result on every process. */
int sk_pingpong_choose_pair(MPI_Comm comm, int pair[2], double *latency);

#endif
