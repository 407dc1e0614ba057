/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tournament.c -- the circle method's rounds and the choice of the pair
 * with the largest latency.
 */
#include <config.h>

#include "tournament.h"

#include <math.h>
#include <stddef.h>

int sk_tournament_rounds(int p)
{
  if (p < 2)
    return 0;
  return p % 2 == 0 ? p - 1 : p;
}

/* Seat s of the m - 1 that turn, in round r, is at position
 * (s - r) mod (m - 1); position 0 meets the fixed seat m - 1, position i
 * meets position m - 1 - i (i.e. -i).  So seat s meets the seat at
 * position -(s - r), which is seat (2r - s) mod (m - 1). */
int sk_tournament_partner(int p, int r, int me)
{
  long long m = p % 2 == 0 ? p : (long long)p + 1, turn = m - 1, other;
  if (p < 2 || r < 0 || r >= turn || me < 0 || me >= p)
    return -1;
  if (me == turn)
    other = r;
  else if (me == r)
    other = turn;
  else
    other = ((2LL * r - me) % turn + turn) % turn;
  return other < p ? (int)other : -1;
}

void sk_tournament_best_init(sk_tournament_best_t *b)
{
  b->latency = -1.0;
  b->index = -1;
}

void sk_tournament_merge(sk_tournament_best_t *into,
                         const sk_tournament_best_t *from)
{
  if (from->index < 0)
    return;
  if (into->index < 0 || from->latency > into->latency ||
      (from->latency == into->latency && from->index < into->index))
    *into = *from;
}

void sk_tournament_offer(sk_tournament_best_t *b, int p, int a, int b_,
                         double latency)
{
  sk_tournament_best_t probe;
  if (isnan(latency))
    return;
  probe.latency = latency;
  probe.index = a < b_ ? (long long)a * p + b_ : (long long)b_ * p + a;
  sk_tournament_merge(b, &probe);
}

void sk_tournament_pair(const sk_tournament_best_t *b, int p, int pair[2])
{
  pair[0] = b->index < 0 || p < 1 ? -1 : (int)(b->index / p);
  pair[1] = b->index < 0 || p < 1 ? -1 : (int)(b->index % p);
}

int sk_tournament_play(int p, int me, sk_tournament_probe_fn probe,
                       void *arg, sk_tournament_best_t *mine)
{
  int r, rounds = sk_tournament_rounds(p);
  sk_tournament_best_init(mine);
  for (r = 0; r < rounds; r++) {
    int other = sk_tournament_partner(p, r, me);
    double t;
    if (other < 0)
      continue;
    t = probe(me, other, arg);
    if (me < other)
      sk_tournament_offer(mine, p, me, other, t);
  }
  return rounds;
}

/* The latency table as a probe: the pair's entry (lower rank first). */
typedef struct sk_tournament_table {
  int p;
  const double *lat;
} sk_tournament_table_t;

static double sk_tournament_table_probe(int me, int other, void *arg)
{
  const sk_tournament_table_t *t = arg;
  size_t lo = (size_t)(me < other ? me : other);
  size_t hi = (size_t)(me < other ? other : me);
  return t->lat[lo * (size_t)t->p + hi];
}

int sk_tournament_choose(int p, const double *lat, int pair[2],
                         double *latency)
{
  sk_tournament_table_t table = {p, lat};
  sk_tournament_best_t all, mine;
  int me, rounds = sk_tournament_rounds(p);
  if (p < 2)
    return -1;
  sk_tournament_best_init(&all);
  for (me = 0; me < p; me++) {
    sk_tournament_play(p, me, sk_tournament_table_probe, &table, &mine);
    sk_tournament_merge(&all, &mine);
  }
  sk_tournament_pair(&all, p, pair);
  *latency = all.index < 0 ? NAN : all.latency;
  return rounds;
}
