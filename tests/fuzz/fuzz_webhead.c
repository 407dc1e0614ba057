/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_webhead.c -- libFuzzer target for the HTTP head gate of
 * skampi-db serve (db/web/webhead.c, what db/web/webgate.c takes before
 * libmicrohttpd sees a byte): any bytes are parsed whole and at each
 * prefix that ends a line (as they arrive), and:
 *   - a verdict on a prefix stays the verdict on the whole (the gate
 *     answers as soon as the bytes show it: more bytes never change it);
 *   - a taken head lies inside the input, its fields inside the head;
 *   - a refusal has a status of 400 and more and a message.
 */
#include <config.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "webhead.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether [P, P+N) lies inside [BUF, BUF+LEN). */
static int fuzz_inside(const char *buf, size_t len, const char *p, size_t n)
{
  return !p || (p >= buf && n <= len && p - buf <= (ptrdiff_t)(len - n));
}

static void fuzz_check(const char *buf, size_t len, const sk_webhead_t *h)
{
  if (h->status) {
    if (h->status < 400 || h->status > 599 || h->why[0] == '\0' ||
        memchr(h->why, '\0', sizeof h->why) == NULL)
      abort();
    return;
  }
  if (h->len > len || !fuzz_inside(buf, h->len, h->method, h->method_len) ||
      !fuzz_inside(buf, h->len, h->target, h->target_len) ||
      (h->host_len && !fuzz_inside(buf, h->len, h->host, h->host_len)) ||
      (h->auth_len && !fuzz_inside(buf, h->len, h->auth, h->auth_len)))
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *buf = (const char *)data;
  sk_webhead_t whole, part;
  size_t i;
  int done;
  if (size > 2 * SK_WEBHEAD_MAX)
    return 0;
  done = sk_webhead_parse(buf, size, &whole);
  if (done)
    fuzz_check(buf, size, &whole);
  for (i = 0; i < size; i++) {
    if (buf[i] != '\n')
      continue;
    if (sk_webhead_parse(buf, i + 1, &part) == 0)
      continue;
    fuzz_check(buf, i + 1, &part);
    /* a verdict on the first bytes is the verdict on all of them */
    if (!done || part.status != whole.status ||
        (!part.status && part.len != whole.len))
      abort();
    break;
  }
  return 0;
}
