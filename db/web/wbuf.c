/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * wbuf.c -- answers of skampi-db serve and the escapes of JSON, HTML,
 * URLs and CSV (wbuf.h).
 */
#include <config.h>

#include "wbuf.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvcell.h"
#include "grow.h"

static const char sk_wbuf_fffd[] = "\xef\xbf\xbd";

void sk_wbuf_free(sk_wbuf_t *b)
{
  free(b->data);
  memset(b, 0, sizeof *b);
}

char *sk_wbuf_take(sk_wbuf_t *b, size_t *len)
{
  char *d = b->data;
  *len = b->len;
  memset(b, 0, sizeof *b);
  return d;
}

static int sk_wbuf_grow(sk_wbuf_t *b, size_t n)
{
  if (b->failed)
    return -1;
  if (b->len + n + 1 <= b->cap)
    return 0;
  if (b->len + n + 1 > SK_WBUF_MAX) {
    b->failed = 1;
    return -1;
  }
  if (SK_GROW(b->data, b->cap, b->len + n + 1, 4096) != 0) {
    b->failed = 1;
    return -1;
  }
  return 0;
}

void sk_wbuf_put(sk_wbuf_t *b, const char *s, size_t n)
{
  if (sk_wbuf_grow(b, n) < 0)
    return;
  if (n)
    memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void sk_wbuf_puts(sk_wbuf_t *b, const char *s)
{
  sk_wbuf_put(b, s, strlen(s));
}

void sk_wbuf_printf(sk_wbuf_t *b, const char *fmt, ...)
{
  va_list ap;
  int n;
  /* most lines fit in the room left: format once */
  if (b->failed || (b->cap - b->len < 256 && sk_wbuf_grow(b, 256) < 0))
    return;
  va_start(ap, fmt);
  n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n < b->cap - b->len) {
    b->len += (size_t)n;
    return;
  }
  if (n < 0 || sk_wbuf_grow(b, (size_t)n) < 0)
    return;
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

size_t sk_wbuf_utf8(const unsigned char *s)
{
  size_t n, i;
  unsigned c = s[0];
  unsigned long cp;
  if (c < 0x80)
    return 1;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, cp = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, cp = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, cp = c & 0x07;
  else
    return 0;
  for (i = 1; i < n; i++) {
    if ((s[i] & 0xc0) != 0x80)
      return 0;
    cp = cp << 6 | (s[i] & 0x3f);
  }
  /* overlong forms, surrogates, beyond U+10FFFF */
  if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
      (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
    return 0;
  return n;
}

/* The UTF-8 character at p as it is, or U+FFFD for a byte that starts
 * none; returns what follows it. */
static const unsigned char *sk_wbuf_char(sk_wbuf_t *b,
                                         const unsigned char *p)
{
  size_t n = sk_wbuf_utf8(p);
  if (n == 0) {
    sk_wbuf_puts(b, sk_wbuf_fffd);
    return p + 1;
  }
  sk_wbuf_put(b, (const char *)p, n);
  return p + n;
}

void sk_wbuf_json_str(sk_wbuf_t *b, const char *s)
{
  const unsigned char *p = (const unsigned char *)s;
  size_t n;
  if (!s) {
    sk_wbuf_puts(b, "null");
    return;
  }
  sk_wbuf_put(b, "\"", 1);
  while (*p) {
    const unsigned char *q = p;
    while (*q >= 0x20 && *q < 0x7f && *q != '"' && *q != '\\')
      q++;
    if (q > p) {     /* a run of plain ASCII in one go */
      sk_wbuf_put(b, (const char *)p, (size_t)(q - p));
      p = q;
      continue;
    }
    if (*p == '"' || *p == '\\') {
      char e[2] = {'\\', (char)*p};
      sk_wbuf_put(b, e, 2);
      p++;
    } else if (*p < 0x20 || *p == 0x7f) {
      sk_wbuf_printf(b, "\\u%04x", *p);
      p++;
    } else if ((n = sk_wbuf_utf8(p)) == 0) {
      sk_wbuf_puts(b, sk_wbuf_fffd);
      p++;
    } else {
      /* U+2028, U+2029: valid JSON, not valid in older JavaScript */
      if (n == 3 && p[0] == 0xe2 && p[1] == 0x80 && (p[2] & 0xfe) == 0xa8)
        sk_wbuf_printf(b, "\\u%04x", 0x2028 + (p[2] - 0xa8));
      else
        sk_wbuf_put(b, (const char *)p, n);
      p += n;
    }
  }
  sk_wbuf_put(b, "\"", 1);
}

/* The shortest %.*g that reads back as V. */
static void sk_wbuf_num(char buf[32], double v)
{
  int prec;
  for (prec = 6; prec < 17; prec++) {
    snprintf(buf, 32, "%.*g", prec, v);
    if (strtod(buf, NULL) == v)
      return;
  }
  snprintf(buf, 32, "%.17g", v);
}

void sk_wbuf_json_num(sk_wbuf_t *b, double v)
{
  char buf[32];
  if (!isfinite(v)) {
    sk_wbuf_puts(b, "null");
    return;
  }
  sk_wbuf_num(buf, v);
  sk_wbuf_puts(b, buf);
}

void sk_wbuf_json_key(sk_wbuf_t *b, const char *key, int first)
{
  sk_wbuf_printf(b, "%s\"%s\":", first ? "" : ",", key);
}

void sk_wbuf_html(sk_wbuf_t *b, const char *s)
{
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  while (*p) {
    const unsigned char *q = p;
    while (*q >= 0x20 && *q < 0x7f && !strchr("&<>\"'", *q))
      q++;
    if (q > p) {     /* a run of plain ASCII in one go */
      sk_wbuf_put(b, (const char *)p, (size_t)(q - p));
      p = q;
      continue;
    }
    switch (*p) {
    case '&': sk_wbuf_puts(b, "&amp;"); p++; continue;
    case '<': sk_wbuf_puts(b, "&lt;"); p++; continue;
    case '>': sk_wbuf_puts(b, "&gt;"); p++; continue;
    case '"': sk_wbuf_puts(b, "&quot;"); p++; continue;
    case '\'': sk_wbuf_puts(b, "&#39;"); p++; continue;
    default: break;
    }
    if ((*p < 0x20 && *p != '\n') || *p == 0x7f) {
      sk_wbuf_put(b, " ", 1);
      p++;
    } else {
      p = sk_wbuf_char(b, p);
    }
  }
}

void sk_wbuf_url(sk_wbuf_t *b, const char *s)
{
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  for (; *p; p++)
    if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
        (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == '.' ||
        *p == '~')
      sk_wbuf_put(b, (const char *)p, 1);
    else
      sk_wbuf_printf(b, "%%%02X", *p);
}

void sk_wbuf_csv(sk_wbuf_t *b, const char *s)
{
  char *cell = sk_csvcell(s);
  const unsigned char *p = (const unsigned char *)cell;
  if (!cell) {
    b->failed = 1;
    return;
  }
  /* the cell's own characters are ASCII: its text stays valid UTF-8 */
  while (*p)
    p = sk_wbuf_char(b, p);
  free(cell);
}

void sk_wbuf_csv_num(sk_wbuf_t *b, double v)
{
  char buf[32];
  if (!isfinite(v))
    return;
  sk_wbuf_num(buf, v);
  sk_wbuf_puts(b, buf);
}
