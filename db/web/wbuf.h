/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * wbuf.h -- the bytes of one HTTP answer of skampi-db serve, and the
 * escapes of the places a string from a result file lands in: JSON,
 * HTML, URLs and CSV.  Every text of a file goes through one of these
 * functions; nothing else writes one into an answer.
 *
 * A buffer that runs out of memory (or passes SK_WBUF_MAX) remembers it
 * (failed) and takes nothing more; the server answers 500 then.
 */
#ifndef SK_WBUF_H
#define SK_WBUF_H

#include <stddef.h>

#include "msg.h"

/* The largest answer the server builds (64 MiB). */
#define SK_WBUF_MAX ((size_t)64 << 20)

typedef struct sk_wbuf {
  char *data;
  size_t len, cap;
  int failed;
} sk_wbuf_t;

void sk_wbuf_free(sk_wbuf_t *b);
/* Hands the bytes over (the caller frees them); the buffer is empty. */
char *sk_wbuf_take(sk_wbuf_t *b, size_t *len);

void sk_wbuf_put(sk_wbuf_t *b, const char *s, size_t n);
void sk_wbuf_puts(sk_wbuf_t *b, const char *s);
/* Our own formats and numbers only: never a string from a file. */
void sk_wbuf_printf(sk_wbuf_t *b, const char *fmt, ...) SK_MSG_PRINTF(2, 3);

/* A JSON string, quoted: '"' '\\' and control characters escaped,
 * bytes that are not UTF-8 replaced by U+FFFD, U+2028/9 as \u; NULL is
 * null. */
void sk_wbuf_json_str(sk_wbuf_t *b, const char *s);
/* A JSON number in its shortest exact form, null when not finite. */
void sk_wbuf_json_num(sk_wbuf_t *b, double v);
/* "KEY": (KEY is ours), with a comma before unless FIRST. */
void sk_wbuf_json_key(sk_wbuf_t *b, const char *key, int first);

/* HTML text or attribute value: & < > " ' as entities, control
 * characters as blanks, bytes that are not UTF-8 replaced by U+FFFD. */
void sk_wbuf_html(sk_wbuf_t *b, const char *s);
/* A URL query component: everything but A-Z a-z 0-9 - _ . ~ as %XX. */
void sk_wbuf_url(sk_wbuf_t *b, const char *s);
/* One CSV field (RFC 4180): quoted when it holds , " CR or LF, or starts
 * with = + - @ (then also led by ' so that a spreadsheet never takes it
 * for a formula); invalid UTF-8 replaced. */
void sk_wbuf_csv(sk_wbuf_t *b, const char *s);
/* A CSV number: shortest exact form, empty when not finite. */
void sk_wbuf_csv_num(sk_wbuf_t *b, double v);

/* The length of the valid UTF-8 sequence at s (1..4), 0 when the byte
 * there does not start one. */
size_t sk_wbuf_utf8(const unsigned char *s);

#endif
