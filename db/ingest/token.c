/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * token.c -- upload tokens: made from the kernel's random source, kept
 * as hashes, checked in constant time (token.h).
 */
#include <config.h>

#include "token.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_SYS_RANDOM_H
#include <sys/random.h>
#endif

#include "escape.h"
#include "msg.h"
#include "sha256.h"

int sk_token_name_ok(const char *name)
{
  size_t i, n = strlen(name);
  if (n == 0 || n > SK_TOKEN_NAME_MAX)
    return 0;
  for (i = 0; i < n; i++) {
    char c = name[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
          (c >= '0' && c <= '9') || strchr("._-@+", c)))
      return 0;
  }
  return 1;
}

/* N random bytes; getrandom(2) where there is one, else /dev/urandom. */
static int sk_token_random(unsigned char *buf, size_t n)
{
  size_t got = 0;
  ssize_t k;
  int fd;
#ifdef HAVE_GETRANDOM
  while (got < n) {
    k = getrandom(buf + got, n - got, 0);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      break;
    got += (size_t)k;
  }
  if (got == n)
    return 0;
  got = 0;
#endif
  if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) < 0)
    return -1;
  while (got < n && ((k = read(fd, buf + got, n - got)) > 0 ||
                     (k < 0 && errno == EINTR)))
    got += k > 0 ? (size_t)k : 0;
  close(fd);
  return got == n ? 0 : -1;
}

static void sk_token_hash(const char *token, char hex[65])
{
  sk_sha256_t h;
  sk_sha256_init(&h);
  sk_sha256_update(&h, token, strlen(token));
  sk_sha256_final(&h, hex);
}

int sk_token_add(sk_store_t *st, const char *name, const char *now,
                 char token[SK_TOKEN_LEN + 1])
{
  static const char digits[] = "0123456789abcdef";
  unsigned char raw[SK_TOKEN_BYTES];
  char hash[65];
  size_t i;
  int rc;
  if (sk_token_random(raw, sizeof raw) < 0) {
    sk_msg_error("cannot read random bytes for a token: %s",
                 strerror(errno));
    return -1;
  }
  for (i = 0; i < SK_TOKEN_BYTES; i++) {
    token[2 * i] = digits[raw[i] >> 4];
    token[2 * i + 1] = digits[raw[i] & 15];
  }
  token[SK_TOKEN_LEN] = '\0';
  memset(raw, 0, sizeof raw);
  sk_token_hash(token, hash);
  rc = sk_store_token_add(st, name, hash, now);
  if (rc == 1) {
    char *e = sk_escape_text(name);
    sk_msg_error("a token named '%s' exists already (revoke it first, or "
                 "choose another name)", e ? e : "?");
    free(e);
  }
  if (rc != 0)
    memset(token, 0, SK_TOKEN_LEN + 1);
  return rc;
}

int sk_token_equal(const void *a, const void *b, size_t n)
{
  const volatile unsigned char *x = a, *y = b;
  unsigned char d = 0;
  size_t i;
  for (i = 0; i < n; i++)
    d |= (unsigned char)(x[i] ^ y[i]);
  /* 1 when d == 0, without a branch on d */
  return (int)(1 & ((unsigned)(d - 1) >> 8));
}

typedef struct sk_token_scan {
  char hash[65];
  int valid, revoked;
} sk_token_scan_t;

/* Every stored token is compared, whether an earlier one matched or
 * not; the result is folded in with masks. */
static int sk_token_one(void *arg, const sk_store_token_t *t)
{
  sk_token_scan_t *s = arg;
  int eq = strlen(t->sha256) == 64 &&
           sk_token_equal(s->hash, t->sha256, 64);
  int rev = t->revoked != NULL;
  s->valid |= eq & !rev;
  s->revoked |= eq & rev;
  return 0;
}

int sk_token_check(sk_store_t *st, const char *presented)
{
  sk_token_scan_t s;
  if (!presented || !*presented ||
      strlen(presented) > SK_TOKEN_PRESENTED_MAX)
    return 0;
  memset(&s, 0, sizeof s);
  sk_token_hash(presented, s.hash);
  if (sk_store_tokens(st, sk_token_one, &s) < 0)
    return -2;
  return s.valid ? 1 : s.revoked ? -1 : 0;
}
