/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webhead.c -- the head of an HTTP request read strictly (webhead.h).
 * No I/O, no allocation: the bytes received so far go in, a verdict
 * comes out.
 */
#include <config.h>

#include "webhead.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int sk_webhead_refuse(sk_webhead_t *h, unsigned status,
                             const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));

static int sk_webhead_refuse(sk_webhead_t *h, unsigned status,
                             const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(h->why, sizeof h->why, fmt, ap);
  va_end(ap);
  h->status = status;
  return 1;
}

/* RFC 9110's tchar. */
static int sk_webhead_tchar(unsigned char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || (c && strchr("!#$%&'*+-.^_`|~", c));
}

static int sk_webhead_hex(unsigned char c)
{
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
         (c >= 'A' && c <= 'F');
}

/* The request target T[0..N): 0, or 1 with the refusal made. */
static int sk_webhead_target(sk_webhead_t *h, const char *t, size_t n)
{
  size_t i, args = 0;
  const char *q = NULL;
  if (n > SK_WEBHEAD_TARGET_MAX)
    return sk_webhead_refuse(h, 414, "the request target is longer than %d "
                             "bytes", SK_WEBHEAD_TARGET_MAX);
  if (n == 0 || t[0] != '/')
    return sk_webhead_refuse(h, 400, "the request target is not a path "
                             "starting with /");
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)t[i];
    if (c < 0x21 || c > 0x7e || c == '#')
      return sk_webhead_refuse(h, 400, "the request target holds a byte "
                               "0x%02X (not printable ASCII, or a '#')", c);
    if (c == '%') {
      if (i + 2 >= n || !sk_webhead_hex((unsigned char)t[i + 1]) ||
          !sk_webhead_hex((unsigned char)t[i + 2]))
        return sk_webhead_refuse(h, 400, "the request target holds a '%%' "
                                 "not followed by two hex digits");
      if (t[i + 1] == '0' && t[i + 2] == '0')
        return sk_webhead_refuse(h, 400, "the request target holds a NUL "
                                 "byte (%%00)");
    }
    if (c == '?' && !q)
      q = t + i;
    else if (c == '&' && q)
      args++;
  }
  if (q && q + 1 < t + n)
    args++;
  if (args > SK_WEBHEAD_ARGS_MAX)
    return sk_webhead_refuse(h, 400, "the request has more than %d query "
                             "parameters", SK_WEBHEAD_ARGS_MAX);
  return 0;
}

/* The request line L[0..N) (without its CRLF): 0, or 1 refused. */
static int sk_webhead_request(sk_webhead_t *h, const char *l, size_t n)
{
  const char *sp1 = memchr(l, ' ', n), *sp2, *v;
  size_t vn;
  if (!sp1 || sp1 == l || (size_t)(sp1 - l) > 15)
    return sk_webhead_refuse(h, 400, "the request line is not METHOD "
                             "TARGET HTTP/1.1");
  sp2 = memchr(sp1 + 1, ' ', n - (size_t)(sp1 + 1 - l));
  if (!sp2)
    return sk_webhead_refuse(h, 400, "the request line is not METHOD "
                             "TARGET HTTP/1.1");
  h->method = l;
  h->method_len = (size_t)(sp1 - l);
  h->target = sp1 + 1;
  h->target_len = (size_t)(sp2 - sp1 - 1);
  for (v = l; v < sp1; v++)
    if (!sk_webhead_tchar((unsigned char)*v))
      return sk_webhead_refuse(h, 400, "the method holds a byte 0x%02X",
                               (unsigned char)*v);
  v = sp2 + 1;
  vn = n - (size_t)(v - l);
  if (sk_webhead_target(h, h->target, h->target_len))
    return 1;
  if (vn == 8 && memcmp(v, "HTTP/1.", 7) == 0 && (v[7] == '0' ||
                                                   v[7] == '1')) {
    h->minor = v[7] - '0';
    return 0;
  }
  if (vn == 8 && memcmp(v, "HTTP/", 5) == 0 && v[5] >= '0' && v[5] <= '9' &&
      v[6] == '.' && v[7] >= '0' && v[7] <= '9')
    return sk_webhead_refuse(h, 505, "HTTP/%c.%c is not supported (HTTP/1.0 "
                             "and HTTP/1.1 are)", v[5], v[7]);
  return sk_webhead_refuse(h, 400, "the request line is not METHOD TARGET "
                           "HTTP/1.1");
}

/* Whether the value V[0..N) equals WORD, case aside. */
static int sk_webhead_is(const char *v, size_t n, const char *word)
{
  return strlen(word) == n && strncasecmp(v, word, n) == 0;
}

/* A Host value: NAME[:PORT] of a name, an IPv4 address or [IPv6]. */
static int sk_webhead_host_ok(const char *v, size_t n)
{
  size_t i = 0;
  if (n == 0 || n > 255)
    return 0;
  if (v[0] == '[') {
    while (i < n && v[i] != ']')
      i++;
    if (i == n)
      return 0;
    i++;
  } else
    for (; i < n && v[i] != ':'; i++)
      if (!((v[i] >= 'a' && v[i] <= 'z') || (v[i] >= 'A' && v[i] <= 'Z') ||
            (v[i] >= '0' && v[i] <= '9') || v[i] == '.' || v[i] == '-' ||
            v[i] == '_'))
        return 0;
  if (i == n)
    return 1;
  if (v[i] != ':' || i + 1 == n || n - i - 1 > 5)
    return 0;
  for (i++; i < n; i++)
    if (v[i] < '0' || v[i] > '9')
      return 0;
  return 1;
}

typedef struct sk_webhead_seen {
  int host, length, te, fields;
  const char *te_value;
  size_t te_len;
} sk_webhead_seen_t;

/* One field line L[0..N): 0, or 1 refused. */
static int sk_webhead_field(sk_webhead_t *h, sk_webhead_seen_t *s,
                            const char *l, size_t n)
{
  const char *colon = memchr(l, ':', n), *v;
  size_t i, name, vn;
  if (l[0] == ' ' || l[0] == '\t')
    return sk_webhead_refuse(h, 400, "a header line starts with white "
                             "space (line folding is not taken)");
  if (++s->fields > SK_WEBHEAD_FIELDS_MAX)
    return sk_webhead_refuse(h, 431, "the request has more than %d header "
                             "fields", SK_WEBHEAD_FIELDS_MAX);
  if (!colon || colon == l)
    return sk_webhead_refuse(h, 400, "a header line is not NAME: VALUE");
  name = (size_t)(colon - l);
  for (i = 0; i < name; i++)
    if (!sk_webhead_tchar((unsigned char)l[i]))
      return sk_webhead_refuse(h, 400, "a header name holds a byte 0x%02X",
                               (unsigned char)l[i]);
  v = colon + 1;
  vn = n - name - 1;
  for (i = 0; i < vn; i++)
    if (((unsigned char)v[i] < 0x20 && v[i] != '\t') || v[i] == 0x7f)
      return sk_webhead_refuse(h, 400, "a header value holds the control "
                               "character 0x%02X", (unsigned char)v[i]);
  while (vn && (*v == ' ' || *v == '\t'))
    v++, vn--;
  while (vn && (v[vn - 1] == ' ' || v[vn - 1] == '\t'))
    vn--;
  if (sk_webhead_is(l, name, "Host")) {
    if (s->host++)
      return sk_webhead_refuse(h, 400, "two Host header fields");
    if (!sk_webhead_host_ok(v, vn))
      return sk_webhead_refuse(h, 400, "the Host header is not NAME[:PORT]");
    h->host = v;
    h->host_len = vn;
  } else if (sk_webhead_is(l, name, "Content-Length")) {
    long long x = 0;
    if (s->length++)
      return sk_webhead_refuse(h, 400, "two Content-Length header fields");
    if (vn == 0 || vn > 18)
      return sk_webhead_refuse(h, 400, "the Content-Length is not a number "
                               "of bytes");
    for (i = 0; i < vn; i++) {
      if (v[i] < '0' || v[i] > '9')
        return sk_webhead_refuse(h, 400, "the Content-Length is not a "
                                 "number of bytes");
      x = 10 * x + (v[i] - '0');
    }
    h->length = x;
  } else if (sk_webhead_is(l, name, "Authorization")) {
    if (h->auth)
      return sk_webhead_refuse(h, 400, "two Authorization header fields");
    h->auth = v;
    h->auth_len = vn;
  } else if (sk_webhead_is(l, name, "Transfer-Encoding")) {
    s->te++;
    s->te_value = v;
    s->te_len = vn;
  } else if (sk_webhead_is(l, name, "Expect") &&
             !sk_webhead_is(v, vn, "100-continue"))
    return sk_webhead_refuse(h, 417, "the only expectation taken is "
                             "100-continue");
  return 0;
}

/* The checks of a whole head. */
static int sk_webhead_end(sk_webhead_t *h, const sk_webhead_seen_t *s)
{
  char te[40];
  if (s->te && s->length)
    return sk_webhead_refuse(h, 400, "Content-Length and Transfer-Encoding "
                             "together");
  if (s->te) {
    if (sk_webhead_is(s->te_value, s->te_len, "chunked"))
      return sk_webhead_refuse(h, 411, "a body needs a Content-Length "
                               "(a chunked body is not taken)");
    snprintf(te, sizeof te, "%.*s", (int)(s->te_len < 32 ? s->te_len : 32),
             s->te_value);
    return sk_webhead_refuse(h, 501, "the transfer coding '%s' is not "
                             "implemented", te);
  }
  if (h->minor == 1 && !s->host)
    return sk_webhead_refuse(h, 400, "an HTTP/1.1 request without a Host "
                             "header");
  return 1;
}

int sk_webhead_parse(const char *buf, size_t len, sk_webhead_t *h)
{
  sk_webhead_seen_t s;
  size_t at = 0, line = 0;
  memset(h, 0, sizeof *h);
  memset(&s, 0, sizeof s);
  h->length = -1;
  while (at < len) {
    const char *nl = memchr(buf + at, '\n', len - at);
    const char *cr;
    size_t n;
    if (!nl)
      break;
    n = (size_t)(nl - (buf + at));
    if (n == 0 || buf[at + n - 1] != '\r')
      return sk_webhead_refuse(h, 400, "a line of the head ends without "
                               "CR LF");
    n--;
    if ((cr = memchr(buf + at, '\r', n)) != NULL || memchr(buf + at, 0, n))
      return sk_webhead_refuse(h, 400, "a line of the head holds a %s",
                               cr ? "CR" : "NUL byte");
    if (line == 0 ? sk_webhead_request(h, buf + at, n)
        : n > 0 && sk_webhead_field(h, &s, buf + at, n))
      return 1;
    at += n + 2;
    if (line++ > 0 && n == 0) {
      h->len = at;
      return sk_webhead_end(h, &s);
    }
  }
  /* not whole yet: what is there may already be refused */
  if (line == 0) {
    size_t i;
    for (i = 0; i < len && buf[i] != ' '; i++)
      if (!sk_webhead_tchar((unsigned char)buf[i]) || i >= 15)
        return sk_webhead_refuse(h, 400, "the request line is not METHOD "
                                 "TARGET HTTP/1.1");
    if (i < len) {            /* the method, and the target so far */
      h->method = buf;
      h->method_len = i;
      h->target = buf + i + 1;
      h->target_len = len - i - 1;
    }
    if (len > SK_WEBHEAD_TARGET_MAX + 32)
      return sk_webhead_refuse(h, 414, "the request target is longer than "
                               "%d bytes", SK_WEBHEAD_TARGET_MAX);
  }
  if (len >= SK_WEBHEAD_MAX)
    return sk_webhead_refuse(h, 431, "the request head is larger than %d "
                             "bytes", SK_WEBHEAD_MAX);
  return 0;
}

int sk_webhead_host_is(const sk_webhead_t *h, const char *name,
                       size_t name_len, unsigned port, unsigned defport)
{
  const char *v = h->host, *colon;
  size_t n = h->host_len, hn;
  unsigned p = defport;
  if (!v || !n)
    return 0;
  colon = v[0] == '[' ? memchr(v, ']', n) : v;
  colon = colon ? memchr(colon, ':', n - (size_t)(colon - v)) : NULL;
  hn = colon ? (size_t)(colon - v) : n;
  if (colon) {
    size_t i;
    for (p = 0, i = hn + 1; i < n; i++)
      p = 10 * p + (unsigned)(v[i] - '0');
  }
  return hn == name_len && strncasecmp(v, name, hn) == 0 && p == port;
}
