/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * team.c -- a team of threads that run rounds together (team.h).
 *
 * A round is a generation number: the caller clears the count of
 * finished members and raises the generation; each waiting thread sees
 * it change, runs its work and counts itself finished; the caller, after
 * its own work, waits for the count.  C11 atomics with their default
 * (sequentially consistent) order make the work of one round happen
 * before the count that reports it.  Waiting spins, with sched_yield()
 * every SK_TEAM_SPIN turns: on a machine with fewer cores than threads
 * a pure spin would keep a waiting member on the core the one it waits
 * for needs.
 */
#include <config.h>

#include "team.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { SK_TEAM_SPIN = 64 };

typedef struct sk_team_member {
  sk_team_t *team;
  int index;
  pthread_t thread;
} sk_team_member_t;

struct sk_team {
  int n;
  sk_team_fn fn;
  void *arg;
  atomic_uint generation;     /* raised to start a round */
  atomic_int finished;        /* members 1 .. n-1 done with the round */
  atomic_int stop;            /* set (with a new generation) to end */
  sk_team_member_t *members;  /* n - 1 of them */
  int started;                /* threads made */
};

/* Spins until *g differs from seen; returns the new value. */
static unsigned sk_team_wait_generation(atomic_uint *g, unsigned seen)
{
  unsigned now;
  int spins = 0;
  while ((now = atomic_load(g)) == seen)
    if (++spins % SK_TEAM_SPIN == 0)
      sched_yield();
  return now;
}

static void *sk_team_member(void *p)
{
  sk_team_member_t *m = p;
  sk_team_t *t = m->team;
  unsigned seen = 0;
  for (;;) {
    seen = sk_team_wait_generation(&t->generation, seen);
    if (atomic_load(&t->stop))
      return NULL;
    t->fn(t->arg, m->index);
    atomic_fetch_add(&t->finished, 1);
  }
}

sk_team_t *sk_team_start(int n, sk_team_fn fn, void *arg)
{
  sk_team_t *t = calloc(1, sizeof *t);
  int i;
  if (t == NULL || n < 1)
    goto fail;
  t->n = n;
  t->fn = fn;
  t->arg = arg;
  atomic_init(&t->generation, 0);
  atomic_init(&t->finished, 0);
  atomic_init(&t->stop, 0);
  if (n > 1 && (t->members = calloc((size_t)n - 1, sizeof *t->members)) ==
                   NULL)
    goto fail;
  for (i = 1; i < n; i++) {
    sk_team_member_t *m = &t->members[i - 1];
    m->team = t;
    m->index = i;
    if (pthread_create(&m->thread, NULL, sk_team_member, m) != 0)
      goto fail;
    t->started = i;
  }
  return t;
fail:
  sk_team_stop(t);
  return NULL;
}

void sk_team_run(sk_team_t *t)
{
  int spins = 0;
  atomic_store(&t->finished, 0);
  atomic_fetch_add(&t->generation, 1);
  t->fn(t->arg, 0);
  while (atomic_load(&t->finished) < t->n - 1)
    if (++spins % SK_TEAM_SPIN == 0)
      sched_yield();
}

void sk_team_stop(sk_team_t *t)
{
  int i;
  if (t == NULL)
    return;
  atomic_store(&t->stop, 1);
  atomic_fetch_add(&t->generation, 1);
  for (i = 0; i < t->started; i++)
    pthread_join(t->members[i].thread, NULL);
  free(t->members);
  free(t);
}
