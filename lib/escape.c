/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * escape.c -- control characters of a foreign string made visible.
 */
#include <config.h>

#include "escape.h"

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

/* The length of the UTF-8 character at p (2 to 4 bytes, lead byte
 * >= 0x80), or 0 when p does not start a valid one: a stray
 * continuation byte, a sequence cut short, an overlong form, a
 * surrogate, a code point above U+10FFFF. */
static size_t sk_escape_utf8(const unsigned char *p)
{
  unsigned cp;
  size_t n, i;
  if (*p >= 0xc2 && *p <= 0xdf)
    n = 2, cp = *p & 0x1fu;
  else if (*p >= 0xe0 && *p <= 0xef)
    n = 3, cp = *p & 0x0fu;
  else if (*p >= 0xf0 && *p <= 0xf4)
    n = 4, cp = *p & 0x07u;
  else
    return 0;
  for (i = 1; i < n; i++) {
    if ((p[i] & 0xc0) != 0x80)
      return 0;
    cp = cp << 6 | (p[i] & 0x3fu);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
      (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
    return 0;
  return n;
}

/* The escape of the character at p: its text in rep (at most 8 bytes, no
 * NUL) and its length in *replen; returns the bytes of p it stands for.
 * STRICT: a byte that is not part of valid UTF-8 is escaped too. */
static size_t sk_escape_one(const unsigned char *p, char *rep, size_t *replen,
                            int strict)
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
  if (strict && *p >= 0x80) {
    size_t n = sk_escape_utf8(p);
    if (n == 0) {
      *replen = sk_escape_hexbyte(*p, rep);
      return 1;
    }
    memcpy(rep, p, n);
    *replen = n;
    return n;
  }
  rep[0] = (char)*p;
  *replen = 1;
  return 1;
}

static size_t sk_escape_into(const char *s, char *out, size_t outlen,
                              int strict)
{
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  char rep[8];
  size_t n = 0, len, used = 0;
  while (*p != '\0') {
    p += sk_escape_one(p, rep, &len, strict);
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

size_t sk_escape_len(const char *s)
{
  return sk_escape_into(s, NULL, 0, 0);
}

size_t sk_escape_buf(const char *s, char *out, size_t outlen)
{
  return sk_escape_into(s, out, outlen, 0);
}

static char *sk_escape_alloc(const char *s, int strict)
{
  size_t len = sk_escape_into(s, NULL, 0, strict);
  char *out = malloc(len + 1);
  if (out != NULL)
    sk_escape_into(s, out, len + 1, strict);
  return out;
}

char *sk_escape_text(const char *s)
{
  return sk_escape_alloc(s, 0);
}

char *sk_escape_shown(const char *s)
{
  return sk_escape_alloc(s, 1);
}

/* Bytes that stand for themselves inside "...": letters, digits, the
 * blank, punctuation gnuplot gives no meaning there ('@' starts a macro
 * only outside quotes), and bytes >= 0x80 (UTF-8).  Not '"' (ends the
 * string), '\\' (an escape), '`' (runs a command even inside "..."),
 * '#', ';', '$' (comments, commands, data blocks: safe inside a string,
 * but left to no reader's judgment), nor any control character. */
static int sk_escape_gp_plain(unsigned char c)
{
  static const char punct[] = " !%&'()*+,-./:<=>?@[]^_{|}~";
  return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || (c != '\0' && strchr(punct, c));
}

char *sk_escape_gp(const char *s)
{
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  size_t n = 3, i;
  char *out, *o;
  for (i = 0; p[i] != '\0'; i++)
    n += sk_escape_gp_plain(p[i]) ? 1 : 4;
  if ((o = out = malloc(n)) == NULL)
    return NULL;
  *o++ = '"';
  for (i = 0; p[i] != '\0'; i++) {
    if (sk_escape_gp_plain(p[i])) {
      *o++ = (char)p[i];
      continue;
    }
    /* always three digits: "\0012" would read as \001 then '2' */
    *o++ = '\\';
    *o++ = (char)('0' + (p[i] >> 6));
    *o++ = (char)('0' + ((p[i] >> 3) & 7));
    *o++ = (char)('0' + (p[i] & 7));
  }
  *o++ = '"';
  *o = '\0';
  return out;
}
