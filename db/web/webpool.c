/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webpool.c -- the connections, drawings and bytes the requests of
 * skampi-db serve share (webpool.h).  One mutex guards all of it: every
 * step under it is a few instructions.
 */
#include <config.h>

#include "webpool.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

static pthread_mutex_t sk_webpool_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sk_webpool_free = PTHREAD_COND_INITIALIZER;
static pthread_cond_t sk_webpool_drawn = PTHREAD_COND_INITIALIZER;
static sk_webpool_slot_t sk_webpool_slots[SK_WEBPOOL_STORES];
static const char *sk_webpool_db;
static unsigned sk_webpool_drawing, sk_webpool_waiting;
static size_t sk_webpool_bytes[2];

void sk_webpool_init(const char *db)
{
  sk_webpool_db = db;
}

void sk_webpool_fini(void)
{
  size_t i;
  for (i = 0; i < SK_WEBPOOL_STORES; i++) {
    sk_store_close(sk_webpool_slots[i].st);
    free(sk_webpool_slots[i].cache.data);
    sk_webpool_slots[i].st = NULL;
    sk_webpool_slots[i].cache.data = NULL;
  }
}

/* A free slot, with a connection first (under the mutex), or NULL. */
static sk_webpool_slot_t *sk_webpool_find(void)
{
  sk_webpool_slot_t *empty = NULL;
  size_t i;
  for (i = 0; i < SK_WEBPOOL_STORES; i++)
    if (!sk_webpool_slots[i].busy) {
      if (sk_webpool_slots[i].st)
        return &sk_webpool_slots[i];
      if (!empty)
        empty = &sk_webpool_slots[i];
    }
  return empty;
}

sk_webpool_slot_t *sk_webpool_get(void)
{
  struct timespec until;
  sk_webpool_slot_t *s;
  int rc = 0;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += SK_WEBPOOL_WAIT_MS / 1000;
  pthread_mutex_lock(&sk_webpool_mu);
  while (!(s = sk_webpool_find()) && rc != ETIMEDOUT)
    rc = pthread_cond_timedwait(&sk_webpool_free, &sk_webpool_mu, &until);
  if (s)
    s->busy = 1;
  pthread_mutex_unlock(&sk_webpool_mu);
  if (s && !s->st &&
      !(s->st = sk_store_open(sk_webpool_db, SK_STORE_SERVE))) {
    sk_webpool_put(s);
    return NULL;
  }
  return s;
}

void sk_webpool_put(sk_webpool_slot_t *s)
{
  pthread_mutex_lock(&sk_webpool_mu);
  s->busy = 0;
  pthread_cond_signal(&sk_webpool_free);
  pthread_mutex_unlock(&sk_webpool_mu);
}

int sk_webpool_draw(void)
{
  pthread_mutex_lock(&sk_webpool_mu);
  if (sk_webpool_drawing >= SK_WEBPOOL_DRAWS &&
      sk_webpool_waiting >= SK_WEBPOOL_QUEUE) {
    pthread_mutex_unlock(&sk_webpool_mu);
    return -1;
  }
  sk_webpool_waiting++;
  while (sk_webpool_drawing >= SK_WEBPOOL_DRAWS)
    pthread_cond_wait(&sk_webpool_drawn, &sk_webpool_mu);
  sk_webpool_waiting--;
  sk_webpool_drawing++;
  pthread_mutex_unlock(&sk_webpool_mu);
  return 0;
}

void sk_webpool_draw_done(void)
{
  pthread_mutex_lock(&sk_webpool_mu);
  sk_webpool_drawing--;
  pthread_cond_signal(&sk_webpool_drawn);
  pthread_mutex_unlock(&sk_webpool_mu);
}

int sk_webpool_reserve(size_t n, int answers)
{
  size_t max = answers ? SK_WEBPOOL_ANSWERS : SK_WEBPOOL_BODIES;
  int ok;
  pthread_mutex_lock(&sk_webpool_mu);
  ok = n <= max - sk_webpool_bytes[answers != 0];
  if (ok)
    sk_webpool_bytes[answers != 0] += n;
  pthread_mutex_unlock(&sk_webpool_mu);
  return ok ? 0 : -1;
}

void sk_webpool_release(size_t n, int answers)
{
  pthread_mutex_lock(&sk_webpool_mu);
  sk_webpool_bytes[answers != 0] -= n;
  pthread_mutex_unlock(&sk_webpool_mu);
}
