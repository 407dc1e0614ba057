/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webgate.c -- the gate of skampi-db serve (webgate.h): one thread, one
 * epoll set of the listening socket and the connections whose request
 * head is not in yet.  A connection is edge-triggered: each arrival of
 * bytes is one look (MSG_PEEK) at the head so far, and at most
 * SK_WEBGATE_READS looks are taken.
 */
#include <config.h>

#include "webgate.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "msg.h"
#include "web.h"
#include "webhead.h"

#define SK_WEBGATE_DRAIN_MAX (SK_WEBGATE_BODY_MAX + (1 << 20))
#define SK_WEBGATE_TICK_MS 100
#define SK_WEBGATE_LISTEN ((uint32_t)-1)
#define SK_WEBGATE_WAKE ((uint32_t)-2)
#define SK_WEBGATE_ADDRS (SK_WEBGATE_PENDING + SK_WEBGATE_ACTIVE + 64)

typedef struct sk_webgate_conn {
  int fd;                     /* -1: a free slot */
  int closing;                /* answered: drained until EOF or deadline */
  int uncounted;              /* not in its address's count (refused) */
  struct sockaddr_in peer;
  struct in_addr local;       /* the address it came to */
  long long t0, deadline;     /* ms */
  unsigned reads;
  size_t drained;
} sk_webgate_conn_t;

struct sk_webgate {
  sk_webgate_opts_t o;
  int lfd, ep, wake[2];
  unsigned port;
  pthread_t thread;
  int running;
  pthread_mutex_t mu;         /* the counts below */
  struct { uint32_t addr; unsigned n; } per[SK_WEBGATE_ADDRS];
  size_t nper;
  unsigned active;
  sk_webgate_conn_t conn[SK_WEBGATE_PENDING];
  char buf[SK_WEBHEAD_MAX + 1];
};

static long long sk_webgate_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* ---- the counts of each client address (under mu) -------------------- */

static unsigned *sk_webgate_count(sk_webgate_t *g, uint32_t addr, int add)
{
  size_t i;
  for (i = 0; i < g->nper; i++)
    if (g->per[i].addr == addr)
      return &g->per[i].n;
  if (!add || g->nper == SK_WEBGATE_ADDRS)
    return NULL;
  g->per[g->nper].addr = addr;
  g->per[g->nper].n = 0;
  return &g->per[g->nper++].n;
}

/* Adds DELTA to ADDR's count (an entry of 0 goes); with LIMIT, refuses
 * (0) when the count is there already. */
static int sk_webgate_per(sk_webgate_t *g, uint32_t addr, int delta,
                          unsigned limit)
{
  unsigned *n;
  size_t i;
  int ok = 1;
  pthread_mutex_lock(&g->mu);
  n = sk_webgate_count(g, addr, delta > 0);
  if (!n || (limit && *n >= limit))
    ok = 0;
  else if (delta > 0 || *n > 0)
    *n = (unsigned)((int)*n + delta);
  if (n && *n == 0) {
    i = (size_t)((char *)n - (char *)&g->per[0].n) / sizeof g->per[0];
    g->per[i] = g->per[--g->nper];
  }
  pthread_mutex_unlock(&g->mu);
  return ok;
}

void sk_webgate_opened(sk_webgate_t *g, uint32_t addr)
{
  sk_webgate_per(g, addr, 1, 0);
  pthread_mutex_lock(&g->mu);
  g->active++;
  pthread_mutex_unlock(&g->mu);
}

void sk_webgate_closed(sk_webgate_t *g, uint32_t addr)
{
  sk_webgate_per(g, addr, -1, 0);
  pthread_mutex_lock(&g->mu);
  if (g->active)
    g->active--;
  pthread_mutex_unlock(&g->mu);
}

static unsigned sk_webgate_busy(sk_webgate_t *g)
{
  unsigned n;
  pthread_mutex_lock(&g->mu);
  n = g->active;
  pthread_mutex_unlock(&g->mu);
  return n;
}

/* ---- the connections waiting for their head -------------------------- */

static void sk_webgate_release(sk_webgate_t *g, sk_webgate_conn_t *c)
{
  epoll_ctl(g->ep, EPOLL_CTL_DEL, c->fd, NULL);
  close(c->fd);
  c->fd = -1;
  if (!c->uncounted)
    sk_webgate_per(g, c->peer.sin_addr.s_addr, -1, 0);
}

/* Answers C's request STATUS (H: its head, as far as it was read) and
 * lets the connection drain; LINGER 0: closes it at once. */
static void sk_webgate_answer(sk_webgate_t *g, sk_webgate_conn_t *c,
                              const sk_webhead_t *h, unsigned status,
                              const char *why, unsigned retry, int linger)
{
  char out[4096];
  struct epoll_event e;
  int api = h && h->target && h->target_len >= 5 &&
            memcmp(h->target, "/api/", 5) == 0;
  size_t n = sk_web_raw_answer(out, sizeof out, status, why, api, retry);
  ssize_t k = send(c->fd, out, n, MSG_NOSIGNAL | MSG_DONTWAIT);
  const char *q = h && h->target ? memchr(h->target, '?', h->target_len)
                                 : NULL;
  /* the path, as the server logs the requests it answers */
  sk_web_log_raw(h && h->method ? h->method : "-",
                 h && h->method ? h->method_len : 1,
                 h && h->target ? h->target : "-",
                 h && h->target ? (q ? (size_t)(q - h->target)
                                     : h->target_len) : 1, status,
                 k > 0 ? (size_t)k : 0,
                 (double)(sk_webgate_now() - c->t0), why);
  shutdown(c->fd, SHUT_WR);
  if (!linger) {
    sk_webgate_release(g, c);
    return;
  }
  c->closing = 1;
  c->deadline = sk_webgate_now() + SK_WEBGATE_LINGER_MS;
  /* level-triggered from now on: what one turn of draining leaves
   * brings the connection back at the next */
  e.events = EPOLLIN | EPOLLRDHUP;
  e.data.u32 = (uint32_t)(c - g->conn);
  epoll_ctl(g->ep, EPOLL_CTL_MOD, c->fd, &e);
}

/* Whether the Host of H names this server: the address the connection
 * came to (and localhost on the loopback) or one of the names given. */
static int sk_webgate_host(sk_webgate_t *g, const sk_webgate_conn_t *c,
                           const sk_webhead_t *h)
{
  char a[INET_ADDRSTRLEN];
  size_t i;
  if (!h->host)
    return h->minor == 0;     /* HTTP/1.0 without Host: no name to check */
  inet_ntop(AF_INET, &c->local, a, sizeof a);
  if (sk_webhead_host_is(h, a, strlen(a), g->port, 80) ||
      ((ntohl(c->local.s_addr) >> 24) == 127 &&
       sk_webhead_host_is(h, "localhost", 9, g->port, 80)))
    return 1;
  for (i = 0; i < g->o.nnames; i++)
    if (sk_webhead_host_is(h, g->o.names[i].name, strlen(g->o.names[i].name),
                           g->o.names[i].port, 80))
      return 1;
  return 0;
}

/* Whether H may carry its body: only an upload, only so long. */
static unsigned sk_webgate_body(sk_webgate_t *g, const sk_webhead_t *h,
                                char *why, size_t n)
{
  const char *q = memchr(h->target, '?', h->target_len);
  size_t path = q ? (size_t)(q - h->target) : h->target_len;
  int upload = g->o.allow_upload && h->method_len == 4 &&
               memcmp(h->method, "POST", 4) == 0 && path == 9 &&
               memcmp(h->target, "/api/runs", 9) == 0;
  unsigned status;
  if (!upload && h->length <= 0)
    return 0;
  if (!upload) {
    snprintf(why, n, "this server takes a request body only at POST "
             "/api/runs, when started with --allow-upload");
    return 413;
  }
  /* a stranger is told so before the size of what he sends */
  if ((status = g->o.authorized(g->o.arg, h->auth, h->auth_len, why, n)))
    return status;
  if (h->length > SK_WEBGATE_BODY_MAX) {
    snprintf(why, n, "the request body is larger than %lld bytes",
             SK_WEBGATE_BODY_MAX);
    return 413;
  }
  return 0;
}

/* The head of C is whole and taken: checked, then handed on. */
static void sk_webgate_take(sk_webgate_t *g, sk_webgate_conn_t *c,
                            const sk_webhead_t *h)
{
  char why[300], host[80];
  unsigned status;
  int fd;
  struct sockaddr_in peer;
  if (!sk_webgate_host(g, c, h)) {
    snprintf(host, sizeof host, "%.*s", (int)(h->host_len < 64 ? h->host_len
                                               : 64), h->host);
    snprintf(why, sizeof why, "the Host '%s' is not a name of this server "
             "(a page of another site?); use its address, or start it "
             "with --public-url for that name", host);
    sk_webgate_answer(g, c, h, 403, why, 0, 1);
    return;
  }
  if ((status = sk_webgate_body(g, h, why, sizeof why)) != 0) {
    sk_webgate_answer(g, c, h, status, why, 0, 1);
    return;
  }
  if (sk_webgate_busy(g) >= SK_WEBGATE_ACTIVE) {
    sk_webgate_answer(g, c, h, 503, "the server answers as many requests "
                      "as it takes at once; try again in a second", 1, 1);
    return;
  }
  fd = c->fd;
  peer = c->peer;
  epoll_ctl(g->ep, EPOLL_CTL_DEL, fd, NULL);
  c->fd = -1;
  sk_webgate_per(g, peer.sin_addr.s_addr, -1, 0);
  g->o.hand(g->o.arg, fd, &peer);
}

/* Bytes arrived on C (EV: epoll's events). */
static void sk_webgate_read(sk_webgate_t *g, sk_webgate_conn_t *c,
                            uint32_t ev)
{
  sk_webhead_t h;
  int avail = 0;
  ssize_t k;
  if (c->closing) {
    /* dropped in the kernel (MSG_TRUNC), a few MiB a turn: a client
     * sending fast never holds the gate */
    int turns = 4;
    while (turns-- > 0 &&
           (k = recv(c->fd, NULL, 1 << 20, MSG_TRUNC | MSG_DONTWAIT)) > 0 &&
           (c->drained += (size_t)k) < SK_WEBGATE_DRAIN_MAX)
      ;
    if (k == 0 || (k < 0 && errno != EAGAIN && errno != EWOULDBLOCK) ||
        c->drained >= SK_WEBGATE_DRAIN_MAX)
      sk_webgate_release(g, c);
    return;
  }
  if (ioctl(c->fd, FIONREAD, &avail) < 0 || (avail <= 0 &&
      (ev & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)))) {
    sk_webgate_release(g, c);
    return;
  }
  if (avail <= 0)
    return;
  k = recv(c->fd, g->buf, (size_t)avail < SK_WEBHEAD_MAX ? (size_t)avail
           : SK_WEBHEAD_MAX, MSG_PEEK | MSG_DONTWAIT);
  if (k <= 0) {
    sk_webgate_release(g, c);
    return;
  }
  c->reads++;
  if (sk_webhead_parse(g->buf, (size_t)k, &h) == 0) {
    if (c->reads >= SK_WEBGATE_READS)
      sk_webgate_answer(g, c, &h, 408, "the request head came in more than "
                        "32 pieces", 0, 1);
    else if (ev & (EPOLLRDHUP | EPOLLHUP))
      sk_webgate_release(g, c);
    return;
  }
  if (h.status)
    sk_webgate_answer(g, c, &h, h.status, h.why, 0, 1);
  else
    sk_webgate_take(g, c, &h);
}

/* The slot of the oldest connection still waiting for its head. */
static sk_webgate_conn_t *sk_webgate_oldest(sk_webgate_t *g)
{
  sk_webgate_conn_t *o = NULL;
  size_t i;
  for (i = 0; i < SK_WEBGATE_PENDING; i++)
    if (g->conn[i].fd >= 0 && (!o || (g->conn[i].closing && !o->closing) ||
                               (g->conn[i].closing == o->closing &&
                                g->conn[i].t0 < o->t0)))
      o = &g->conn[i];
  return o;
}

static sk_webgate_conn_t *sk_webgate_slot(sk_webgate_t *g)
{
  size_t i;
  sk_webgate_conn_t *o;
  for (i = 0; i < SK_WEBGATE_PENDING; i++)
    if (g->conn[i].fd < 0)
      return &g->conn[i];
  /* full: the oldest goes, a connection draining first */
  o = sk_webgate_oldest(g);
  if (o->closing)
    sk_webgate_release(g, o);
  else
    sk_webgate_answer(g, o, NULL, 408, "the server has as many connections "
                      "waiting for a request as it keeps; this one waited "
                      "longest", 0, 0);
  return o;
}

static void sk_webgate_accept(sk_webgate_t *g)
{
  struct sockaddr_in peer, local;
  socklen_t len = sizeof peer, llen = sizeof local;
  struct epoll_event e;
  sk_webgate_conn_t *c;
  int fd, over;
  while ((fd = accept4(g->lfd, (struct sockaddr *)&peer, &len,
                       SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0 ||
         errno == EINTR || errno == ECONNABORTED || errno == EMFILE ||
         errno == ENFILE) {
    len = sizeof peer;
    if (fd < 0 && (errno == EMFILE || errno == ENFILE)) {
      /* out of descriptors: the oldest waiting connection makes room,
       * else the listening socket would stay readable and spin */
      if (!(c = sk_webgate_oldest(g)))
        break;
      sk_webgate_release(g, c);
      continue;
    }
    if (fd < 0)
      continue;
    if (peer.sin_family != AF_INET) {
      close(fd);
      continue;
    }
    over = !sk_webgate_per(g, peer.sin_addr.s_addr, 1, SK_WEBGATE_PER_ADDR);
    c = sk_webgate_slot(g);
    memset(c, 0, sizeof *c);
    c->fd = fd;
    c->peer = peer;
    c->uncounted = over;
    if (getsockname(fd, (struct sockaddr *)&local, &llen) == 0)
      c->local = local.sin_addr;
    c->t0 = sk_webgate_now();
    e.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
    e.data.u32 = (uint32_t)(c - g->conn);
    if (epoll_ctl(g->ep, EPOLL_CTL_ADD, fd, &e) < 0)
      sk_webgate_release(g, c);
    else if (over)            /* that address holds enough connections */
      sk_webgate_answer(g, c, NULL, 503, "your address holds as many "
                        "connections as the server keeps for one; try "
                        "again in a second", 1, 1);
    else    /* bytes may be there already (edge-triggered) */
      sk_webgate_read(g, c, 0);
  }
}

/* Heads that took too long, drains that are over. */
static void sk_webgate_sweep(sk_webgate_t *g)
{
  long long now = sk_webgate_now();
  size_t i;
  for (i = 0; i < SK_WEBGATE_PENDING; i++) {
    sk_webgate_conn_t *c = &g->conn[i];
    if (c->fd < 0)
      continue;
    if (c->closing && now >= c->deadline)
      sk_webgate_release(g, c);
    else if (!c->closing && now - c->t0 >= SK_WEBGATE_HEAD_MS)
      sk_webgate_answer(g, c, NULL, 408, "the request head did not come "
                        "whole within 10 s", 0, 1);
  }
}

static void *sk_webgate_main(void *arg)
{
  sk_webgate_t *g = arg;
  struct epoll_event ev[64];
  long long last = sk_webgate_now();
  for (;;) {
    int n = epoll_wait(g->ep, ev, 64, SK_WEBGATE_TICK_MS), i;
    for (i = 0; i < n; i++) {
      uint32_t k = ev[i].data.u32;
      if (k == SK_WEBGATE_WAKE)
        return NULL;
      if (k == SK_WEBGATE_LISTEN)
        sk_webgate_accept(g);
      else if (k < SK_WEBGATE_PENDING && g->conn[k].fd >= 0)
        sk_webgate_read(g, &g->conn[k], ev[i].events);
    }
    if (sk_webgate_now() - last >= SK_WEBGATE_TICK_MS) {
      sk_webgate_sweep(g);
      last = sk_webgate_now();
    }
  }
}

/* ---- starting and stopping --------------------------------------------- */

static int sk_webgate_listen(sk_webgate_t *g)
{
  struct sockaddr_in a;
  socklen_t len = sizeof a;
  int one = 1;
  char host[INET_ADDRSTRLEN] = "?";
  g->lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (g->lfd >= 0) {
    setsockopt(g->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(g->lfd, (const struct sockaddr *)&g->o.addr, sizeof g->o.addr)
        == 0 && listen(g->lfd, 1024) == 0 &&
        getsockname(g->lfd, (struct sockaddr *)&a, &len) == 0) {
      g->port = ntohs(a.sin_port);
      g->o.addr.sin_port = a.sin_port;
      return 0;
    }
  }
  inet_ntop(AF_INET, &g->o.addr.sin_addr, host, sizeof host);
  sk_msg_error("cannot listen on %s:%u (in use, or not an address of "
               "this machine): %s", host, ntohs(g->o.addr.sin_port),
               strerror(errno));
  return -1;
}

sk_webgate_t *sk_webgate_open(const sk_webgate_opts_t *o)
{
  sk_webgate_t *g = calloc(1, sizeof *g);
  struct epoll_event e;
  size_t i;
  if (!g) {
    sk_msg_error("out of memory");
    return NULL;
  }
  g->o = *o;
  g->lfd = g->ep = g->wake[0] = g->wake[1] = -1;
  for (i = 0; i < SK_WEBGATE_PENDING; i++)
    g->conn[i].fd = -1;
  pthread_mutex_init(&g->mu, NULL);
  if (sk_webgate_listen(g) < 0)
    goto fail;
  if ((g->ep = epoll_create1(EPOLL_CLOEXEC)) < 0 ||
      pipe2(g->wake, O_CLOEXEC | O_NONBLOCK) < 0) {
    sk_msg_error("cannot start the server: %s", strerror(errno));
    goto fail;
  }
  e.events = EPOLLIN;
  e.data.u32 = SK_WEBGATE_LISTEN;
  epoll_ctl(g->ep, EPOLL_CTL_ADD, g->lfd, &e);
  e.data.u32 = SK_WEBGATE_WAKE;
  epoll_ctl(g->ep, EPOLL_CTL_ADD, g->wake[0], &e);
  return g;
fail:
  sk_webgate_close(g);
  return NULL;
}

unsigned sk_webgate_port(const sk_webgate_t *g)
{
  return g->port;
}

const struct sockaddr_in *sk_webgate_addr(const sk_webgate_t *g)
{
  return &g->o.addr;
}

int sk_webgate_run(sk_webgate_t *g)
{
  if (pthread_create(&g->thread, NULL, sk_webgate_main, g) != 0) {
    sk_msg_error("cannot start the server's thread");
    return -1;
  }
  g->running = 1;
  return 0;
}

void sk_webgate_stop(sk_webgate_t *g)
{
  size_t i;
  if (g->running) {
    (void)!write(g->wake[1], "x", 1);
    pthread_join(g->thread, NULL);
    g->running = 0;
  }
  for (i = 0; i < SK_WEBGATE_PENDING; i++)
    if (g->conn[i].fd >= 0) {
      close(g->conn[i].fd);
      g->conn[i].fd = -1;
    }
  if (g->lfd >= 0)
    close(g->lfd);
  g->lfd = -1;
}

void sk_webgate_close(sk_webgate_t *g)
{
  if (!g)
    return;
  sk_webgate_stop(g);
  if (g->ep >= 0)
    close(g->ep);
  if (g->wake[0] >= 0)
    close(g->wake[0]);
  if (g->wake[1] >= 0)
    close(g->wake[1]);
  pthread_mutex_destroy(&g->mu);
  free(g);
}
