/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tournament.h -- a round-robin tournament of P processes, for choosing
 * the ping-pong pair with the largest latency in O(P) rounds (§3.1 of
 * the SKaMPI paper) instead of P(P-1)/2 probes one after another.  No
 * MPI here: the schedule and the choice, which the engine runs with one
 * probe per pair and round, concurrently, and one MPI_Allreduce.
 *
 * Every function takes any p from 2 to INT_MAX (computed in 64 bits).
 *
 * The circle method: with an even number m of seats (m = P, or P + 1
 * when P is odd: the extra seat is a bye), seat m - 1 stays and the
 * others turn.  In round r (0 <= r < m - 1) seat m - 1 meets seat r and,
 * for i = 1 .. m/2 - 1, seat (r + i) mod (m - 1) meets seat
 * (r - i) mod (m - 1).  Every unordered pair meets exactly once in the
 * m - 1 rounds; every round has floor(P/2) disjoint pairs, and with odd
 * P one process (whoever meets the bye) sits out.
 */
#ifndef SK_TOURNAMENT_H
#define SK_TOURNAMENT_H

/* Rounds of a tournament of p processes: p - 1 for even p, p for odd
 * p, 0 for p < 2. */
int sk_tournament_rounds(int p);

/* Whom process `me` meets in round r, or -1 (a bye, or r or me out of
 * range). */
int sk_tournament_partner(int p, int r, int me);

/* The best probe so far: the largest latency, and of equal latencies
 * the smallest index; index = lo * p + hi names the pair (64 bits: p
 * up to INT_MAX).  The engine reduces it as MPI_MAXLOC would, in two
 * steps that need no 64-bit index (src/patterns/pattern_pingpong.c). */
typedef struct sk_tournament_best {
  double latency;
  long long index;
} sk_tournament_best_t;

/* An empty best: latency -1 (every probe is larger), index -1. */
void sk_tournament_best_init(sk_tournament_best_t *b);

/* Offers the probe of processes a and b (either order) of p to *b:
 * kept when larger, or equal with a smaller index (MPI_MAXLOC's rule).
 * A NaN latency is never kept. */
void sk_tournament_offer(sk_tournament_best_t *b, int p, int a, int b_,
                         double latency);

/* *into = the better of *into and *from (MPI_MAXLOC's rule). */
void sk_tournament_merge(sk_tournament_best_t *into,
                         const sk_tournament_best_t *from);

/* The pair of a best: pair[0] < pair[1]; -1 -1 when nothing was kept. */
void sk_tournament_pair(const sk_tournament_best_t *b, int p, int pair[2]);

/* One probe of a round: the latency process `me` measures with `other`
 * (both of the pair call it; the lower rank's value is the one kept). */
typedef double (*sk_tournament_probe_fn)(int me, int other, void *arg);

/* What process `me` of p does in the tournament, as the engine runs it
 * (src/patterns/pattern_pingpong.c: a probe of MPI round trips): in
 * every round it probes its partner, if it has one, and *mine becomes
 * the best of the probes it timed, those where it is the lower rank.
 * Returns the number of rounds. */
int sk_tournament_play(int p, int me, sk_tournament_probe_fn probe,
                       void *arg, sk_tournament_best_t *mine);

/* The whole choice without MPI: every process plays (sk_tournament_play)
 * with the latencies lat[i * p + j] (i < j) as its probes (so p is small
 * here), then the bests are merged as the engine's MPI_MAXLOC merges
 * them.  Fills pair and *latency; returns the number of rounds, or -1
 * for p < 2. */
int sk_tournament_choose(int p, const double *lat, int pair[2],
                         double *latency);

#endif
