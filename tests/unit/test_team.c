/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_team.c -- a team of threads runs rounds together (src/engine/team.h):
 * every member runs once a round, member 0 on the caller, the others on
 * threads of their own, and a round returns only when all are done.
 */
#include <config.h>

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "sk_test.h"
#include "team.h"

enum { N = 4, ROUNDS = 2000 };

typedef struct {
  long count[N];           /* rounds each member ran */
  pthread_t self[N];       /* the thread each member last ran on */
  atomic_int in_round;     /* members of the current round done */
  int late;                /* a member ran after its round returned */
  long round;              /* the round the caller is in */
  long seen[N];            /* the round each member last ran in */
} work_t;

static void member(void *arg, int i)
{
  work_t *w = arg;
  w->count[i]++;
  w->self[i] = pthread_self();
  w->seen[i] = w->round;
  atomic_fetch_add(&w->in_round, 1);
}

static void test_rounds(void)
{
  work_t w;
  sk_team_t *t;
  long r;
  int i, j, distinct = 1;
  memset(&w, 0, sizeof w);
  atomic_init(&w.in_round, 0);
  t = sk_team_start(N, member, &w);
  SK_CHECK(t != NULL);
  if (t == NULL)
    return;
  for (r = 1; r <= ROUNDS; r++) {
    w.round = r;
    atomic_store(&w.in_round, 0);
    sk_team_run(t);
    /* when a round returns, every member has run in it */
    if (atomic_load(&w.in_round) != N)
      w.late = 1;
    for (i = 0; i < N; i++)
      if (w.seen[i] != r)
        w.late = 1;
  }
  sk_team_stop(t);
  for (i = 0; i < N; i++)
    SK_CHECK_INT(w.count[i], ROUNDS);
  SK_CHECK_INT(w.late, 0);
  SK_CHECK(pthread_equal(w.self[0], pthread_self()));
  for (i = 0; i < N; i++)
    for (j = i + 1; j < N; j++)
      if (pthread_equal(w.self[i], w.self[j]))
        distinct = 0;
  SK_CHECK_INT(distinct, 1);
}

/* A team of one is the caller alone. */
static void test_one(void)
{
  work_t w;
  sk_team_t *t;
  memset(&w, 0, sizeof w);
  t = sk_team_start(1, member, &w);
  SK_CHECK(t != NULL);
  sk_team_run(t);
  sk_team_run(t);
  sk_team_stop(t);
  SK_CHECK_INT(w.count[0], 2);
  SK_CHECK(sk_team_start(0, member, &w) == NULL);
  sk_team_stop(NULL);
}

int main(void)
{
  test_rounds();
  test_one();
  return sk_test_result();
}
