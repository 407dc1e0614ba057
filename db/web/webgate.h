/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webgate.h -- the gate of skampi-db serve: it listens, accepts, reads
 * each request's head (webhead.h) without taking it off the socket, and
 * only then hands the connection to libmicrohttpd (web.c), which reads
 * the same bytes again.  Everything a client can hold without having
 * sent a whole, well-formed request stays here, bounded and timed
 * (doc/database.md, "Limits"):
 *   - at most SK_WEBGATE_PENDING connections whose head is not in yet;
 *     when full, the oldest of them is closed for a new one;
 *   - at most SK_WEBGATE_PER_ADDR connections of one client address,
 *     waiting here or being answered; one more is answered 503 with
 *     Retry-After at once, without a look at its request;
 *   - a head must be whole within SK_WEBGATE_HEAD_MS and in at most
 *     SK_WEBGATE_READS pieces, else 408;
 *   - at most SK_WEBGATE_ACTIVE connections are handed on at once (as
 *     libmicrohttpd reports them started, so a burst may take a few
 *     more); when full, a new request gets 503 with Retry-After.
 * A head holds no memory of this process: the bytes wait in the
 * kernel's socket buffer, looked at with MSG_PEEK.  An upload's token
 * is checked here too, so that only a holder of one ever gets a body
 * read and kept.  A refused request's body, if any, is read and dropped
 * for at most SK_WEBGATE_LINGER_MS (so that a client still sending it
 * sees the answer instead of a reset), never kept.  The gate answers
 * every request it refuses itself (400, 403 for a Host that is not
 * this server's, 408, 411, 413, 414, 417, 431, 501, 503, 505), with the
 * headers of every answer of the server (web.h, sk_web_raw_answer), and
 * logs it as the server logs a request.
 */
#ifndef SK_WEBGATE_H
#define SK_WEBGATE_H

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

#define SK_WEBGATE_PENDING 512
#define SK_WEBGATE_PER_ADDR 64
#define SK_WEBGATE_ACTIVE 64
#define SK_WEBGATE_HEAD_MS 10000
#define SK_WEBGATE_READS 32
#define SK_WEBGATE_LINGER_MS 5000
#define SK_WEBGATE_BODY_MAX ((long long)64 << 20)   /* an upload's body */

/* A name the Host header may carry, with its port. */
typedef struct sk_webgate_name {
  const char *name;
  unsigned port;
} sk_webgate_name_t;

/* Hands on the connection FD from PEER, whose head was taken: 0 (FD is
 * the callee's from now on, closed by it even on failure). */
typedef int (*sk_webgate_hand_fn)(void *arg, int fd,
                                  const struct sockaddr_in *peer);

/* Whether the Authorization value AUTH[0..LEN) (LEN 0: none) may upload:
 * 0 yes, else the status of the refusal (401, 403, 503) with its
 * message in WHY[0..N).  Called by the gate's thread only. */
typedef unsigned (*sk_webgate_auth_fn)(void *arg, const char *auth,
                                       size_t len, char *why, size_t n);

typedef struct sk_webgate_opts {
  struct sockaddr_in addr;            /* where to listen */
  const sk_webgate_name_t *names;     /* Host names taken besides the
                                         address a connection came to
                                         (and localhost on the loopback) */
  size_t nnames;
  int allow_upload;                   /* a body only at POST /api/runs */
  sk_webgate_auth_fn authorized;      /* ... and only with a token */
  sk_webgate_hand_fn hand;
  void *arg;
} sk_webgate_opts_t;

typedef struct sk_webgate sk_webgate_t;

/* Binds and listens (a message and NULL on failure); the gate's thread
 * starts with sk_webgate_run.  O is copied, its names borrowed. */
sk_webgate_t *sk_webgate_open(const sk_webgate_opts_t *o);
/* The port it listens on (the one chosen for port 0). */
unsigned sk_webgate_port(const sk_webgate_t *g);
const struct sockaddr_in *sk_webgate_addr(const sk_webgate_t *g);
/* Starts the gate's thread: 0 or -1. */
int sk_webgate_run(sk_webgate_t *g);
/* Stops the thread and closes what it holds: nothing is handed on
 * after it returns; the counts stay until sk_webgate_close. */
void sk_webgate_stop(sk_webgate_t *g);
/* Stops it and frees G (NULL is safe). */
void sk_webgate_close(sk_webgate_t *g);

/* A connection handed on was started, or closed, by libmicrohttpd (its
 * client's address ADDR, network order): the counts the limits are
 * kept by.  Any thread. */
void sk_webgate_opened(sk_webgate_t *g, uint32_t addr);
void sk_webgate_closed(sk_webgate_t *g, uint32_t addr);

#endif
