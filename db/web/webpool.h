/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webpool.h -- what the requests of skampi-db serve share, bounded
 * (doc/database.md, "Limits"):
 *   - the database connections: at most SK_WEBPOOL_STORES, each with its
 *     cache of the run list; a request borrows one for its handler and
 *     waits at most SK_WEBPOOL_WAIT_MS for one (else 503);
 *   - the drawings (gnuplot): at most SK_WEBPOOL_DRAWS at once and
 *     SK_WEBPOOL_QUEUE waiting, a new one beyond that is 503 with
 *     Retry-After; a drawing waits in the queue before it borrows a
 *     connection, so waiting drawings hold none and the other requests
 *     never wait behind them (SK_WEBPOOL_DRAWS < SK_WEBPOOL_STORES);
 *   - the bytes of upload bodies and of answers being sent: at most
 *     SK_WEBPOOL_BODIES and SK_WEBPOOL_ANSWERS, else 503.
 */
#ifndef SK_WEBPOOL_H
#define SK_WEBPOOL_H

#include <stddef.h>

#include "store.h"
#include "web.h"

#define SK_WEBPOOL_STORES 8
#define SK_WEBPOOL_WAIT_MS 10000
#define SK_WEBPOOL_DRAWS 2
#define SK_WEBPOOL_QUEUE 8
#define SK_WEBPOOL_DRAW_S 20          /* gnuplot's time for one drawing */
#define SK_WEBPOOL_BODIES ((size_t)128 << 20)
#define SK_WEBPOOL_ANSWERS ((size_t)256 << 20)

/* One database connection and its cache. */
typedef struct sk_webpool_slot {
  sk_store_t *st;
  sk_web_cache_t cache;
  int busy;
} sk_webpool_slot_t;

/* Before the first request: the database every connection opens. */
void sk_webpool_init(const char *db);
/* After the last: every connection closed. */
void sk_webpool_fini(void);

/* A connection for one request (opened the first time), NULL when none
 * came free in time or the database cannot be opened (the message in
 * the calling thread's capture); give it back with sk_webpool_put. */
sk_webpool_slot_t *sk_webpool_get(void);
void sk_webpool_put(sk_webpool_slot_t *s);

/* A place among the drawings: 0 (sk_webpool_draw_done after), or -1
 * when SK_WEBPOOL_DRAWS are drawing and SK_WEBPOOL_QUEUE waiting. */
int sk_webpool_draw(void);
void sk_webpool_draw_done(void);

/* Reserves N bytes of the bodies' (ANSWERS: the answers') budget: 0, or
 * -1 when it would pass it; sk_webpool_release gives them back. */
int sk_webpool_reserve(size_t n, int answers);
void sk_webpool_release(size_t n, int answers);

#endif
