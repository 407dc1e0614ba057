/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * team.h -- a team of threads that run one round of work together, for
 * the threaded instances (src/patterns/pattern_threads.c).
 *
 * The team's threads are made once, before a point, and wait spinning
 * (yielding the CPU now and then) for the next round; a round wakes
 * them, runs member 0 on the calling thread, and returns when every
 * member has finished.  A round allocates nothing, prints nothing and
 * takes no lock, so it may be a timed region; only its start and stop
 * do.  Members 1 .. n-1 make MPI calls from threads of their own: the
 * library must provide MPI_THREAD_MULTIPLE (src/launch.c asks for it
 * when a suite file has Threads > 1).
 */
#ifndef SK_TEAM_H
#define SK_TEAM_H

typedef struct sk_team sk_team_t;

/* A member's work in a round: fn(arg, i) on member i (0 .. n-1). */
typedef void (*sk_team_fn)(void *arg, int i);

/* A team of n members (n >= 1: n - 1 threads besides the caller), each
 * round calling fn(arg, i); arg is borrowed until sk_team_stop().  NULL
 * when a thread cannot be made or memory is short (nothing is left). */
sk_team_t *sk_team_start(int n, sk_team_fn fn, void *arg);

/* One round: every member runs fn once, member 0 on the caller; returns
 * when all are done. */
void sk_team_run(sk_team_t *t);

/* Ends the team's threads and frees it (NULL: nothing). */
void sk_team_stop(sk_team_t *t);

#endif
