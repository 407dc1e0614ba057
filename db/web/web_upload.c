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
#include <string.h>
#include <strings.h>

#include "token.h"
#include "upload.h"

/* The token of "Authorization: Bearer TOKEN" (scheme in any case, blanks
 * around the token), or NULL.  The token is copied into BUF. */
static const char *sk_upload_bearer(sk_web_req_t *r, char *buf, size_t n)
{
  const char *h = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND,
                                              "Authorization");
  size_t len;
  if (!h || strncasecmp(h, "Bearer", 6) != 0 || (h[6] != ' ' && h[6] != '\t'))
    return NULL;
  h += 7;
  h += strspn(h, " \t");
  len = strcspn(h, " \t");
  if (len == 0 || len >= n || h[len + strspn(h + len, " \t")])
    return NULL;
  memcpy(buf, h, len);
  buf[len] = '\0';
  return buf;
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
    return sk_web_fail(r, 401, "an upload needs a token: send "
                       "'Authorization: Bearer TOKEN' (skampi-db token add "
                       "NAME makes one)");
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
  if (!(rw = sk_store_open(sk_web_db_path())))
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
