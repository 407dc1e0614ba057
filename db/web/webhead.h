/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * webhead.h -- the head of an HTTP request (its request line and
 * header fields) read strictly, before skampi-db serve hands the
 * connection to libmicrohttpd (webgate.c; doc/database.md, "Limits").
 *
 * What passes is a subset of HTTP/1.1 that libmicrohttpd parses the
 * same way, so that the library never answers a request itself (its own
 * error pages carry none of our headers) and no two readings of one
 * request can differ:
 *   METHOD SP TARGET SP HTTP/1.0|HTTP/1.1 CRLF, header lines CRLF, CRLF
 * METHOD a token of at most 15 characters; TARGET an origin form ("/"
 * and printable ASCII, no "#", every "%" followed by two hex digits,
 * never "%00"), at most SK_WEBHEAD_TARGET_MAX bytes and
 * SK_WEBHEAD_ARGS_MAX query parameters; a field line NAME ":" OWS VALUE
 * OWS with NAME a token and VALUE without control characters (tab
 * aside), no line folding, at most SK_WEBHEAD_FIELDS_MAX fields;
 * exactly one Host in HTTP/1.1 (at most one in 1.0); at most one
 * Content-Length, all digits; no Transfer-Encoding; an Expect only of
 * 100-continue.  The head, its last CRLF included, is at most
 * SK_WEBHEAD_MAX bytes.  Every refusal is a status and a message.
 */
#ifndef SK_WEBHEAD_H
#define SK_WEBHEAD_H

#include <stddef.h>

#define SK_WEBHEAD_MAX 16384           /* request line and fields */
#define SK_WEBHEAD_TARGET_MAX 8192     /* request target: else 414 */
#define SK_WEBHEAD_ARGS_MAX 256        /* query parameters: else 400 */
#define SK_WEBHEAD_FIELDS_MAX 64       /* header fields: else 431 */

typedef struct sk_webhead {
  unsigned status;            /* 0: taken; else the answer's status */
  char why[200];              /* the message of a refusal */
  size_t len;                 /* bytes of the head */
  /* what a taken head says, pointing into the parsed buffer */
  const char *method, *target, *host, *auth;
  size_t method_len, target_len, host_len;  /* host_len 0: no Host */
  size_t auth_len;            /* Authorization (0: none) */
  int minor;                  /* HTTP/1.MINOR */
  long long length;           /* Content-Length; -1: none */
} sk_webhead_t;

/* Reads the head at BUF[0..LEN) (the bytes received so far): 1 when it
 * is complete or refused (h->status says which), 0 when more bytes are
 * needed.  A refusal is given as soon as the bytes show it, before the
 * head ends; LEN >= SK_WEBHEAD_MAX without the end of a head is
 * refused (431, or 414 for a request line that long). */
int sk_webhead_parse(const char *buf, size_t len, sk_webhead_t *h);

/* Whether the head's Host (NAME[:PORT], NAME compared without case) is
 * NAME (NAME_LEN bytes) with port PORT; a Host without a port stands
 * for DEFPORT. */
int sk_webhead_host_is(const sk_webhead_t *h, const char *name,
                       size_t name_len, unsigned port, unsigned defport);

#endif
