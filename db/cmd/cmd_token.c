/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_token.c -- skampi-db token add NAME | list | revoke NAME: the
 * tokens that may upload to `skampi-db serve --allow-upload` (token.h).
 */
#include <config.h>

#include "dbcmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "msg.h"
#include "ingest.h"
#include "token.h"
#include "wbuf.h"

static int sk_token_cmd_name(const sk_dbcmd_t *c, const char *what)
{
  if (c->nargs != 2) {
    sk_msg_error("token %s takes one NAME (see skampi-db --help)", what);
    return -1;
  }
  if (!sk_token_name_ok(c->args[1])) {
    char *e = sk_escape_text(c->args[1]);
    sk_msg_error("'%s' is not a token name (1 to %d characters of A-Z a-z "
                 "0-9 . _ - @ +)", e ? e : "?", SK_TOKEN_NAME_MAX);
    free(e);
    return -1;
  }
  return 0;
}

/* The token alone on stdout (for $(...)); the rest on stderr. */
static int sk_token_cmd_add(sk_store_t *st, const sk_dbcmd_t *c)
{
  char now[32], token[SK_TOKEN_LEN + 1];
  int rc;
  sk_ingest_now(now);
  rc = sk_token_add(st, c->args[1], now, token);
  if (rc != 0)
    return rc > 0 ? SK_DB_FAILED : SK_DB_STORE;
  printf("%s\n", token);
  fflush(stdout);
  memset(token, 0, sizeof token);
  sk_msg_note("token '%s' added; it is shown only this once, the database "
              "keeps its hash", c->args[1]);
  return SK_DB_OK;
}

typedef struct sk_token_list {
  int width, n;
  int header;     /* 1: print, 0: measure */
} sk_token_list_t;

static int sk_token_cmd_row(void *arg, const sk_store_token_t *t)
{
  sk_token_list_t *l = arg;
  char *name = sk_escape_text(t->name);
  int len = name ? (int)strlen(name) : 1;
  if (!l->header) {
    if (len > l->width)
      l->width = len;
  } else
    printf("%-*s  %-20s  %s\n", l->width, name ? name : "?", t->created,
           t->revoked ? t->revoked : "-");
  l->n++;
  free(name);
  return 0;
}

/* token list --format json: {"tokens": [{"name", "created", "revoked"
 * (null: valid)}, ...]}. */
static int sk_token_cmd_json_row(void *arg, const sk_store_token_t *t)
{
  sk_wbuf_t *b = arg;
  sk_wbuf_puts(b, b->data[b->len - 1] == '[' ? "{\"name\":" : ",{\"name\":");
  sk_wbuf_json_str(b, t->name);
  sk_wbuf_json_key(b, "created", 0);
  sk_wbuf_json_str(b, t->created);
  sk_wbuf_json_key(b, "revoked", 0);
  sk_wbuf_json_str(b, t->revoked);
  sk_wbuf_puts(b, "}");
  return b->failed ? -1 : 0;
}

static int sk_token_cmd_list(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_token_list_t l = {4, 0, 0};
  if (c->format == SK_DB_JSON) {
    sk_wbuf_t b = {NULL, 0, 0, 0};
    sk_wbuf_puts(&b, "{\"tokens\":[");
    if (sk_store_tokens(st, sk_token_cmd_json_row, &b) < 0) {
      sk_wbuf_free(&b);
      return SK_DB_STORE;
    }
    sk_wbuf_puts(&b, "]}\n");
    return sk_dbcmd_write(&b);
  }
  if (sk_store_tokens(st, sk_token_cmd_row, &l) < 0)
    return SK_DB_STORE;
  if (l.n == 0) {
    puts("no tokens (add one with: skampi-db token add NAME)");
    return SK_DB_OK;
  }
  printf("%-*s  %-20s  %s\n", l.width, "name", "created", "revoked");
  l.header = 1;
  return sk_store_tokens(st, sk_token_cmd_row, &l) < 0 ? SK_DB_STORE
                                                       : SK_DB_OK;
}

static int sk_token_cmd_revoke(sk_store_t *st, const sk_dbcmd_t *c)
{
  char now[32];
  int rc;
  sk_ingest_now(now);
  rc = sk_store_token_revoke(st, c->args[1], now);
  if (rc < 0)
    return SK_DB_STORE;
  if (rc > 0) {
    sk_msg_error("no valid token named '%s' (see skampi-db token list)",
                 c->args[1]);
    return SK_DB_FAILED;
  }
  printf("token '%s' revoked\n", c->args[1]);
  return SK_DB_OK;
}

int sk_dbcmd_token_args(const sk_dbcmd_t *c)
{
  const char *sub = c->nargs ? c->args[0] : "";
  if (strcmp(sub, "add") == 0 || strcmp(sub, "revoke") == 0)
    return sk_token_cmd_name(c, sub);
  if (strcmp(sub, "list") == 0) {
    if (c->nargs == 1)
      return 0;
    sk_msg_error("token list takes no arguments");
    return -1;
  }
  {
    char *e = sk_escape_text(sub);
    sk_msg_error("token takes add NAME, list or revoke NAME, not '%s'",
                 e ? e : "?");
    free(e);
  }
  return -1;
}

int sk_dbcmd_token(sk_store_t *st, const sk_dbcmd_t *c)
{
  if (sk_dbcmd_token_args(c) < 0)
    return SK_DB_USAGE;
  if (strcmp(c->args[0], "add") == 0)
    return sk_token_cmd_add(st, c);
  if (strcmp(c->args[0], "list") == 0)
    return sk_token_cmd_list(st, c);
  return sk_token_cmd_revoke(st, c);
}
