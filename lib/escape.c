/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * escape.c -- control characters of a foreign string made visible.
 */
#include <config.h>

#include "escape.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char sk_escape_hex[] = "0123456789ABCDEF";

/* "\xHH" for byte c into rep; returns 4. */
static size_t sk_escape_hexbyte(unsigned char c, char *rep)
{
  rep[0] = '\\';
  rep[1] = 'x';
  rep[2] = sk_escape_hex[c >> 4];
  rep[3] = sk_escape_hex[c & 0xf];
  return 4;
}

/* Whether p starts a format character in UTF-8 that changes how the
 * text around it is shown without being seen itself: the bidirectional
 * marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
 * U+202A..U+202E, U+2066..U+2069: "\u202E" can turn a name around in a
 * terminal or a log), the zero-width characters (U+200B..U+200D,
 * U+2060..U+2064, U+FEFF) and the line and paragraph separators
 * (U+2028, U+2029). */
static int sk_escape_format(const unsigned char *p)
{
  if (p[1] == '\0')
    return 0;
  if (p[0] == 0xd8)
    return p[1] == 0x9c;
  if (p[0] == 0xef)
    return p[1] == 0xbb && p[2] == 0xbf;
  if (p[1] == 0x80)
    return (p[2] >= 0x8b && p[2] <= 0x8f) || (p[2] >= 0xa8 && p[2] <= 0xae);
  if (p[1] == 0x81)
    return (p[2] >= 0xa0 && p[2] <= 0xa4) || (p[2] >= 0xa6 && p[2] <= 0xa9);
  return 0;
}

/* The escape of the character at p: its text in rep (at most 8 bytes, no
 * NUL) and its length in *replen; returns the bytes of p it stands for. */
static size_t sk_escape_one(const unsigned char *p, char *rep, size_t *replen)
{
  static const char plain[] = "\n\r\t\\", named[] = "nrt\\";
  const char *k = *p != '\0' ? strchr(plain, *p) : NULL;
  if (k != NULL) {
    rep[0] = '\\';
    rep[1] = named[k - plain];
    *replen = 2;
    return 1;
  }
  if (*p < 0x20 || *p == 0x7f) {
    *replen = sk_escape_hexbyte(*p, rep);
    return 1;
  }
  /* A C1 control in UTF-8: both bytes, so no terminal sees U+0080..9F. */
  if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
    *replen = sk_escape_hexbyte(p[0], rep);
    *replen += sk_escape_hexbyte(p[1], rep + 4);
    return 2;
  }
  if ((*p == 0xe2 || *p == 0xef || *p == 0xd8) && sk_escape_format(p)) {
    unsigned cp = *p == 0xd8 ? 0x61c : ((unsigned)(p[0] & 0x0f) << 12) |
                  ((unsigned)(p[1] & 0x3f) << 6) | (p[2] & 0x3fu);
    rep[0] = '\\';
    rep[1] = 'u';
    rep[2] = sk_escape_hex[(cp >> 12) & 0xf];
    rep[3] = sk_escape_hex[(cp >> 8) & 0xf];
    rep[4] = sk_escape_hex[(cp >> 4) & 0xf];
    rep[5] = sk_escape_hex[cp & 0xf];
    *replen = 6;
    return *p == 0xd8 ? 2 : 3;
  }
  rep[0] = (char)*p;
  *replen = 1;
  return 1;
}

size_t sk_escape_len(const char *s)
{
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  char rep[8];
  size_t n = 0, len;
  while (*p != '\0') {
    p += sk_escape_one(p, rep, &len);
    n += len;
  }
  return n;
}

size_t sk_escape_buf(const char *s, char *out, size_t outlen)
{
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  char rep[8];
  size_t n = 0, len, used = 0;
  while (*p != '\0') {
    p += sk_escape_one(p, rep, &len);
    /* Whole escapes only: half of "\x0A" would read as something else. */
    if (outlen > 0 && n == used && used + len < outlen) {
      memcpy(out + used, rep, len);
      used += len;
    }
    n += len;
  }
  if (outlen > 0)
    out[used] = '\0';
  return n;
}

char *sk_escape_text(const char *s)
{
  size_t len = sk_escape_len(s);
  char *out = malloc(len + 1);
  if (out != NULL)
    sk_escape_buf(s, out, len + 1);
  return out;
}

/* 1 when gnuplot would not take s verbatim inside single quotes. */
static int sk_escape_gp_bad(const char *s)
{
  const unsigned char *p = (const unsigned char *)s;
  for (; *p != '\0'; p++)
    if (*p < 0x20 || *p == 0x7f)
      return 1;
  return strstr(s, "\\U+") != NULL;
}

char *sk_escape_gp_single(const char *s)
{
  size_t n = 2, i;
  char *out, *o;
  if (sk_escape_gp_bad(s)) {
    errno = EINVAL;
    return NULL;
  }
  for (i = 0; s[i] != '\0'; i++)
    n += s[i] == '\'' ? 2 : 1;
  if ((o = out = malloc(n + 1)) == NULL)
    return NULL;
  *o++ = '\'';
  for (i = 0; s[i] != '\0'; i++) {
    *o++ = s[i];
    if (s[i] == '\'')
      *o++ = '\'';
  }
  *o++ = '\'';
  *o = '\0';
  return out;
}
