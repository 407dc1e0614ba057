/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * web_upload.c -- POST /api/runs of `skampi-db serve --allow-upload`:
 * one result file with a bearer token, imported exactly as `skampi-db
 * import` imports a file (upload.h, token.h; doc/database.md "Uploads
 * and tokens").
 *
 * 401 without "Authorization: Bearer TOKEN", 403 for a token that is
 * unknown or revoked, 413 for a body over the limit (the router, before
 * this), 422 with the reader's located message for a file refused, 201
 * with the new run's id, 200 with the id of the run of the same content.
 */
#include <config.h>

#include "web.h"

#include <microhttpd.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "token.h"
#include "upload.h"

/* The token of the Authorization value H[0..HLEN), "Bearer TOKEN"
 * (scheme in any case, blanks around the token), or NULL.  The token is
 * copied into BUF. */
static const char *sk_upload_bearer_of(const char *h, size_t hlen,
                                       char *buf, size_t n)
{
  size_t i, len;
  if (!h || hlen < 7 || strncasecmp(h, "Bearer", 6) != 0 ||
      (h[6] != ' ' && h[6] != '\t'))
    return NULL;
  for (i = 7; i < hlen && (h[i] == ' ' || h[i] == '\t'); i++)
    ;
  for (len = 0; i + len < hlen && h[i + len] != ' ' && h[i + len] != '\t';
       len++)
    ;
  if (len == 0 || len >= n)
    return NULL;
  memcpy(buf, h + i, len);
  buf[len] = '\0';
  for (i += len; i < hlen; i++)
    if (h[i] != ' ' && h[i] != '\t')
      return NULL;
  return buf;
}

static const char *sk_upload_bearer(sk_web_req_t *r, char *buf, size_t n)
{
  const char *h = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND,
                                              "Authorization");
  return sk_upload_bearer_of(h, h ? strlen(h) : 0, buf, n);
}

static const char sk_upload_need[] = "an upload needs a token: send "
  "'Authorization: Bearer TOKEN' (skampi-db token add NAME makes one)";

/* The gate's own connection, for the tokens (its thread only). */
static sk_store_t *sk_upload_gate_st;

unsigned sk_web_upload_gate(void *arg, const char *auth, size_t len,
                            char *why, size_t n)
{
  char token[SK_TOKEN_PRESENTED_MAX + 1];
  const char *t = sk_upload_bearer_of(auth, len, token, sizeof token);
  int ok;
  (void)arg;
  if (!t) {
    snprintf(why, n, "%s", sk_upload_need);
    return 401;
  }
  if (!sk_upload_gate_st &&
      !(sk_upload_gate_st = sk_store_open(sk_web_db_path(),
                                          SK_STORE_SERVE))) {
    snprintf(why, n, "the tokens cannot be read");
    return 503;
  }
  ok = sk_token_check(sk_upload_gate_st, t);
  memset(token, 0, sizeof token);
  if (ok == 1)
    return 0;
  snprintf(why, n, ok == -2 ? "the tokens cannot be read"
           : ok < 0 ? "the token is revoked" : "the token is unknown");
  return ok == -2 ? 503 : 403;
}

void sk_web_upload_fini(void)
{
  sk_store_close(sk_upload_gate_st);
  sk_upload_gate_st = NULL;
}

int sk_web_upload_authorized(struct MHD_Connection *conn, sk_store_t *st)
{
  char token[SK_TOKEN_PRESENTED_MAX + 1];
  sk_web_req_t r;
  const char *t;
  int ok;
  memset(&r, 0, sizeof r);
  r.conn = conn;
  if (!st || !(t = sk_upload_bearer(&r, token, sizeof token)))
    return 0;
  ok = sk_token_check(st, t);
  memset(token, 0, sizeof token);
  return ok == 1;
}

static int sk_upload_answer(sk_web_req_t *r, int status, int64_t run,
                            const char *msg)
{
  r->status = (unsigned)sk_upload_http(status);
  r->no_store = 1;
  sk_wbuf_puts(&r->out, "{");
  sk_wbuf_json_key(&r->out, "run", 1);
  sk_wbuf_json_num(&r->out, (double)run);
  sk_wbuf_json_key(&r->out, "status", 0);
  sk_wbuf_json_str(&r->out, status == SK_UPLOAD_OK ? "created"
                                                   : "duplicate");
  sk_wbuf_json_key(&r->out, "message", 0);
  sk_wbuf_json_str(&r->out, msg);
  sk_wbuf_puts(&r->out, "}\n");
  return 0;
}

int sk_api_upload(sk_web_req_t *r)
{
  char token[SK_TOKEN_PRESENTED_MAX + 1], msg[8192];
  const char *t = sk_upload_bearer(r, token, sizeof token), *why;
  const char *tags[SK_UPLOAD_TAGS + 1];
  size_t ntags = sk_web_args(r, "tag", tags, SK_UPLOAD_TAGS + 1), i;
  sk_store_t *rw;
  int64_t run = 0;
  int ok, status;
  if (!t)
    return sk_web_fail(r, 401, "%s", sk_upload_need);
  ok = sk_token_check(r->st, t);
  memset(token, 0, sizeof token);
  if (ok == -2)
    return sk_web_fail_msg(r, 500, "the tokens cannot be read");
  if (ok != 1)
    return sk_web_fail(r, 403, "the token is %s",
                       ok < 0 ? "revoked" : "unknown");
  if (ntags > SK_UPLOAD_TAGS)
    return sk_web_fail(r, 400, "at most %d tags label an upload",
                       SK_UPLOAD_TAGS);
  for (i = 0; i < ntags; i++)
    if ((why = sk_upload_tag_check(tags[i])) != NULL)
      return sk_web_fail(r, 400, "bad tag: %s", why);
  /* the thread's store is read-only: a connection of its own to write */
  if (!(rw = sk_store_open(sk_web_db_path(), SK_STORE_WRITE)))
    return sk_web_fail_msg(r, 503, "the database cannot be opened for "
                           "writing");
  status = sk_upload_import_tagged(rw, r->body, r->body_len,
                                   sk_web_arg(r, "name"), (char *const *)tags,
                                   ntags, msg, sizeof msg, &run);
  sk_store_close(rw);
  if (status == SK_UPLOAD_OK || status == SK_UPLOAD_DUPLICATE)
    return sk_upload_answer(r, status, run, msg);
  return sk_web_fail(r, (unsigned)sk_upload_http(status), "%s",
                     msg[0] ? msg : "the upload was not imported");
}
