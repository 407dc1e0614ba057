/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_tournament.c -- the round-robin schedule and the choice of the
 * ping-pong pair from a latency matrix.
 */
#include <config.h>

#include <stdlib.h>

#include "tournament.h"
#include "sk_test.h"

#define PMAX 33

/* Every round pairs floor(p/2) disjoint couples, symmetrically; over
 * all rounds every unordered pair meets exactly once. */
static void check_schedule(int p)
{
  static int met[PMAX][PMAX];
  int r, me, i, j, rounds = sk_tournament_rounds(p);
  SK_CHECK_INT(rounds, p % 2 == 0 ? p - 1 : p);
  for (i = 0; i < p; i++)
    for (j = 0; j < p; j++)
      met[i][j] = 0;
  for (r = 0; r < rounds; r++) {
    int pairs = 0, byes = 0;
    for (me = 0; me < p; me++) {
      int other = sk_tournament_partner(p, r, me);
      if (other < 0) {
        byes++;
        continue;
      }
      SK_CHECK_MSG(other != me && other < p, "p %d round %d: %d meets %d",
                   p, r, me, other);
      SK_CHECK_MSG(sk_tournament_partner(p, r, other) == me,
                   "p %d round %d: %d meets %d, not back", p, r, me, other);
      if (other > me) {
        met[me][other]++;
        pairs++;
      }
    }
    SK_CHECK_MSG(pairs == p / 2 && byes == p % 2,
                 "p %d round %d: %d pairs, %d byes", p, r, pairs, byes);
  }
  for (i = 0; i < p; i++)
    for (j = i + 1; j < p; j++)
      SK_CHECK_MSG(met[i][j] == 1, "p %d: %d and %d meet %d times", p, i,
                   j, met[i][j]);
}

static void test_schedule(void)
{
  int p;
  for (p = 2; p <= PMAX; p++)
    check_schedule(p);
  SK_CHECK_INT(sk_tournament_rounds(1), 0);
  SK_CHECK_INT(sk_tournament_partner(1, 0, 0), -1);
  SK_CHECK_INT(sk_tournament_partner(4, 3, 0), -1);   /* no round 3 */
  SK_CHECK_INT(sk_tournament_partner(4, 0, 4), -1);   /* no process 4 */
  /* p = 4, round 0: seat 3 meets 0, 1 meets 2 (2·0 - 1 = -1 = 2 mod 3) */
  SK_CHECK_INT(sk_tournament_partner(4, 0, 3), 0);
  SK_CHECK_INT(sk_tournament_partner(4, 0, 1), 2);
  /* p = 3: round 1 pairs 0 and 2, and 1 meets the bye (seat 3) */
  SK_CHECK_INT(sk_tournament_partner(3, 1, 0), 2);
  SK_CHECK_INT(sk_tournament_partner(3, 1, 1), -1);
}

/* A matrix with one slow pair (hi, lo swapped on purpose in the call
 * below) among latencies 1 + (i + j)/100. */
static void check_choice(int p, int a, int b)
{
  static double lat[PMAX * PMAX];
  int i, j, pair[2];
  double latency;
  for (i = 0; i < p; i++)
    for (j = 0; j < p; j++)
      lat[i * p + j] = 1.0 + (i + j) / 100.0;
  lat[(a < b ? a : b) * p + (a < b ? b : a)] = 5.0;
  SK_CHECK_INT(sk_tournament_choose(p, lat, pair, &latency),
               sk_tournament_rounds(p));
  SK_CHECK_MSG(pair[0] == (a < b ? a : b) && pair[1] == (a < b ? b : a),
               "p %d: chose %d %d, want %d %d", p, pair[0], pair[1], a, b);
  SK_CHECK(latency == 5.0);
}

static void test_choice(void)
{
  static double lat[PMAX * PMAX];
  int p, pair[2], i;
  double latency;
  for (p = 2; p <= PMAX; p++) {
    check_choice(p, 0, 1);
    check_choice(p, p - 1, 0);
    if (p > 2)
      check_choice(p, p - 1, p / 2);
  }
  /* no slow pair: the largest of 1 + (i + j)/100 is (p - 2, p - 1) */
  for (i = 0; i < 7 * 7; i++)
    lat[i] = 1.0 + (i / 7 + i % 7) / 100.0;
  sk_tournament_choose(7, lat, pair, &latency);
  SK_CHECK(pair[0] == 5 && pair[1] == 6);
  SK_CHECK_NEAR(latency, 1.11, 1e-12);
  /* ties: the smallest pair (MPI_MAXLOC's smallest index) */
  for (i = 0; i < 5 * 5; i++)
    lat[i] = 2.0;
  sk_tournament_choose(5, lat, pair, &latency);
  SK_CHECK(pair[0] == 0 && pair[1] == 1 && latency == 2.0);
  /* a NaN probe is never chosen */
  lat[0 * 5 + 1] = NAN;
  sk_tournament_choose(5, lat, pair, &latency);
  SK_CHECK(pair[0] == 0 && pair[1] == 2);
  SK_CHECK_INT(sk_tournament_choose(1, lat, pair, &latency), -1);
}

/* The probe of test_play: records whom it met, returns 100 - other. */
typedef struct play_log {
  int met[PMAX + 1];
  int n;
} play_log_t;

static double play_probe(int me, int other, void *arg)
{
  play_log_t *log = arg;
  (void)me;
  log->met[log->n++] = other;
  return 100.0 - other;
}

/* What one process does in the engine: one probe per round with its
 * partner (none in its bye), keeping the best of those it timed (where
 * it is the lower rank). */
static void test_play(void)
{
  sk_tournament_best_t mine;
  play_log_t log;
  int p, me, r, k, pair[2];
  for (p = 2; p <= PMAX; p++)
    for (me = 0; me < p; me++) {
      int best = -1;
      log.n = 0;
      SK_CHECK_INT(sk_tournament_play(p, me, play_probe, &log, &mine),
                   sk_tournament_rounds(p));
      for (r = 0, k = 0; r < sk_tournament_rounds(p); r++) {
        int other = sk_tournament_partner(p, r, me);
        if (other < 0)
          continue;
        SK_CHECK_MSG(k < log.n && log.met[k] == other,
                     "p %d, process %d, round %d: did not probe %d", p, me,
                     r, other);
        k++;
        if (other > me && (best < 0 || other < best))
          best = other;     /* 100 - other is largest for the least */
      }
      SK_CHECK_INT(log.n, k);
      sk_tournament_pair(&mine, p, pair);
      SK_CHECK_MSG(best < 0 ? pair[0] == -1 : (pair[0] == me &&
                                               pair[1] == best),
                   "p %d, process %d: kept %d %d", p, me, pair[0], pair[1]);
    }
}

static void test_best(void)
{
  sk_tournament_best_t b, c;
  int pair[2];
  sk_tournament_best_init(&b);
  sk_tournament_pair(&b, 4, pair);
  SK_CHECK(pair[0] == -1 && pair[1] == -1);
  sk_tournament_offer(&b, 4, 3, 1, 0.5);
  SK_CHECK_INT(b.index, 1 * 4 + 3);
  sk_tournament_offer(&b, 4, 0, 2, 0.5);     /* equal, smaller index */
  SK_CHECK_INT(b.index, 2);
  sk_tournament_offer(&b, 4, 2, 3, 0.4);     /* smaller: not kept */
  SK_CHECK_INT(b.index, 2);
  sk_tournament_best_init(&c);
  sk_tournament_merge(&b, &c);               /* an empty best changes none */
  SK_CHECK_INT(b.index, 2);
  sk_tournament_merge(&c, &b);
  sk_tournament_pair(&c, 4, pair);
  SK_CHECK(pair[0] == 0 && pair[1] == 2 && c.latency == 0.5);
}

/* Round r of p processes, complete: every process meets one partner
 * (or the bye) and is met back. */
static void check_round(int p, int r)
{
  int me, bad = 0, byes = 0;
  for (me = 0; me < p; me++) {
    int other = sk_tournament_partner(p, r, me);
    if (other < 0) {
      byes++;
      continue;
    }
    bad += other == me || other >= p ||
           sk_tournament_partner(p, r, other) != me;
  }
  SK_CHECK_MSG(bad == 0 && byes == p % 2, "p %d round %d: %d bad, %d byes",
               p, r, bad, byes);
}

/* At p = 65536 the pair index lo * p + hi passes 2^31 (it overflowed an
 * int from p = 46341 on: UBSan saw it, and the pair came out as -1 -1);
 * the sanitizer build runs this too.  At p = INT_MAX the seats and
 * 2 r overflow an int. */
static void test_large(void)
{
  const int big = 65536, top = 2147483647;
  sk_tournament_best_t b, c;
  int pair[2], r;
  SK_CHECK_INT(sk_tournament_rounds(big), big - 1);
  for (r = 0; r < 3; r++)
    check_round(big, r);
  check_round(big, big - 2);
  check_round(big + 1, big);          /* odd: the last round, a bye */
  /* round r: the fixed seat meets r; seat s meets (2r - s) mod (p - 1):
   * 2 (65534) - 0 = 131068 = 65533 mod 65535 */
  SK_CHECK_INT(sk_tournament_partner(big, big - 2, big - 1), big - 2);
  SK_CHECK_INT(sk_tournament_partner(big, big - 2, 0), big - 3);
  sk_tournament_best_init(&b);
  sk_tournament_offer(&b, big, big - 1, big - 2, 3.0);
  SK_CHECK(b.index == (long long)(big - 2) * big + big - 1);
  sk_tournament_pair(&b, big, pair);
  SK_CHECK(pair[0] == big - 2 && pair[1] == big - 1);
  sk_tournament_best_init(&c);
  sk_tournament_offer(&c, big, 40000, 65000, 3.0);   /* equal, smaller */
  sk_tournament_merge(&b, &c);
  sk_tournament_pair(&b, big, pair);
  SK_CHECK(pair[0] == 40000 && pair[1] == 65000);
  /* p = INT_MAX (odd: INT_MAX rounds, a bye each) */
  SK_CHECK_INT(sk_tournament_rounds(top), top);
  SK_CHECK_INT(sk_tournament_partner(top, top - 1, top - 1), -1);
  SK_CHECK_INT(sk_tournament_partner(top, top - 1, 0), top - 2);
  SK_CHECK_INT(sk_tournament_partner(top, top - 1, top - 2), 0);
  SK_CHECK_INT(sk_tournament_partner(top, 5, top - 1), 11);  /* 10 - (p - 1) */
  sk_tournament_best_init(&b);
  sk_tournament_offer(&b, top, top - 1, top - 2, 1.0);
  sk_tournament_pair(&b, top, pair);
  SK_CHECK(pair[0] == top - 2 && pair[1] == top - 1);
}

int main(void)
{
  test_schedule();
  test_choice();
  test_play();
  test_best();
  test_large();
  return sk_test_result();
}
