/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_webhead.c -- db/web/webhead.c: the request head the gate of
 * skampi-db serve takes, byte by byte: a head is "not yet" at every
 * prefix and whole only at its end; the limits hold to the byte; each
 * refusal has its status.  (tests/hostile/http.sh sends the same over
 * sockets to a server.)
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sk_test.h"
#include "webhead.h"

/* The verdict on TEXT: 0 not yet, else the status (200 for taken). */
static unsigned verdict(const char *text, size_t len)
{
  sk_webhead_t h;
  if (sk_webhead_parse(text, len, &h) == 0)
    return 0;
  return h.status ? h.status : 200;
}

static unsigned of(const char *text)
{
  return verdict(text, strlen(text));
}

static void test_prefixes(void)
{
  static const char head[] = "GET /api/series?sel=1+2&suite=x HTTP/1.1\r\n"
    "Host: 127.0.0.1:8077\r\nAccept: */*\r\n\r\n";
  sk_webhead_t h;
  size_t i, n = strlen(head);
  int early = 0;
  for (i = 0; i < n; i++)
    early += verdict(head, i) != 0;
  SK_CHECK_INT(early, 0);
  SK_CHECK_INT(sk_webhead_parse(head, n, &h), 1);
  SK_CHECK_INT(h.status, 0);
  SK_CHECK_INT(h.len, n);
  SK_CHECK_INT(h.minor, 1);
  SK_CHECK_INT(h.length, -1);
  SK_CHECK_INT(h.method_len, 3);
  SK_CHECK_INT(h.target_len, 27);
  SK_CHECK_INT(sk_webhead_host_is(&h, "127.0.0.1", 9, 8077, 80), 1);
  SK_CHECK_INT(sk_webhead_host_is(&h, "127.0.0.1", 9, 8078, 80), 0);
  /* what follows the head is not the head's */
  SK_CHECK_INT(verdict("GET / HTTP/1.0\r\n\r\nGARBAGE\0\r\n", 28), 200);
}

/* A request line of TARGET. */
static unsigned target(const char *t)
{
  char *b = malloc(strlen(t) + 64);
  unsigned v;
  sprintf(b, "GET %s HTTP/1.1\r\nHost: h\r\n\r\n", t);
  v = of(b);
  free(b);
  return v;
}

static void test_limits(void)
{
  char *t = malloc(SK_WEBHEAD_TARGET_MAX + 2), *q;
  size_t i;
  memset(t, 'a', SK_WEBHEAD_TARGET_MAX + 1);
  t[0] = '/';
  t[SK_WEBHEAD_TARGET_MAX] = '\0';
  SK_CHECK_INT(target(t), 200);                 /* 8192 bytes */
  t[SK_WEBHEAD_TARGET_MAX] = 'a';
  t[SK_WEBHEAD_TARGET_MAX + 1] = '\0';
  SK_CHECK_INT(target(t), 414);                 /* 8193 */
  free(t);
  q = malloc(4 * SK_WEBHEAD_ARGS_MAX + 16);
  strcpy(q, "/?a");
  for (i = 1; i < SK_WEBHEAD_ARGS_MAX; i++)
    strcat(q, "&a");
  SK_CHECK_INT(target(q), 200);                 /* 256 parameters */
  strcat(q, "&a");
  SK_CHECK_INT(target(q), 400);                 /* 257 */
  free(q);
  SK_CHECK_INT(target("/?"), 200);
  SK_CHECK_INT(target("/a%00"), 400);
  SK_CHECK_INT(target("/a%0"), 400);
  SK_CHECK_INT(target("/a%4g"), 400);
  SK_CHECK_INT(target("/a%41"), 200);
  SK_CHECK_INT(target("/a#b"), 400);
  SK_CHECK_INT(target("*"), 400);
}

static void test_refusals(void)
{
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n"
                  "Content-Length: 2\r\n\r\n"), 400);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n"
                  "Transfer-Encoding: chunked\r\n\r\n"), 400);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: "
                  "chunked\r\n\r\n"), 411);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: "
                  "gzip, chunked\r\n\r\n"), 501);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\n\r\n"), 400);          /* no Host */
  SK_CHECK_INT(of("GET / HTTP/1.0\r\n\r\n"), 200);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n"), 400);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: a b\r\n\r\n"), 400);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: [::1]:8077\r\n\r\n"), 200);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: a:123456\r\n\r\n"), 400);
  SK_CHECK_INT(of("GET / HTTP/2.0\r\n"), 505);             /* at once */
  SK_CHECK_INT(of("GET / HTTP/1.1\n"), 400);
  SK_CHECK_INT(of("G\x1bT / HTTP/1.1\r\n"), 400);
  SK_CHECK_INT(of("G\x1bT / HT"), 400);                     /* early */
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\n Folded\r\n\r\n"), 400);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nX: a\x7f\r\n\r\n"), 400);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nX: \xc3\xa9\r\n\r\n"), 200);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\n"
                  "\r\n"), 200);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nExpect: x\r\n\r\n"), 417);
  SK_CHECK_INT(of("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: +1\r\n"
                  "\r\n"), 400);
}

static void test_size(void)
{
  size_t n = SK_WEBHEAD_MAX + 100, i;
  char *b = malloc(n + 1);
  strcpy(b, "GET / HTTP/1.1\r\nHost: h\r\n");
  for (i = strlen(b); i < n; i++)
    b[i] = (i % 100 == 0) ? '\n' : 'x';
  /* lines of 99 x and a bare LF: refused at the first LF */
  SK_CHECK_INT(verdict(b, n), 400);
  for (i = strlen("GET / HTTP/1.1\r\nHost: h\r\n"); i < n; i++)
    b[i] = 'x';
  memcpy(b + 26, "X: ", 3);
  SK_CHECK_INT(verdict(b, SK_WEBHEAD_MAX - 1), 0);
  SK_CHECK_INT(verdict(b, SK_WEBHEAD_MAX), 431);
  free(b);
}

int main(void)
{
  test_prefixes();
  test_limits();
  test_refusals();
  test_size();
  return sk_test_result();
}
