/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_site.c -- the commands that reach beyond the database file:
 * publish DIR [SELECTION] (a static site, publish/) and push FILE|DIR...
 * (to a server, push/).  They turn the command line into the options of
 * those layers and nothing more.
 */
#include <config.h>

#include "dbcmd.h"

#include <stdlib.h>

#include "msg.h"
#include "publish.h"
#include "push.h"

int sk_dbcmd_publish(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_publish_opts_t o;
  sk_sel_t sel = {NULL, 0, 0};
  int rc;
  if (c->nargs == 0) {
    sk_msg_error("publish needs a directory (skampi-db publish DIR "
                 "[SELECTION])");
    return SK_DB_USAGE;
  }
  if (sk_dbcmd_selection(c->args + 1, c->nargs - 1, &sel) < 0) {
    sk_sel_free(&sel);
    return SK_DB_USAGE;
  }
  o.force = c->force;
  o.quiet = c->quiet;
  o.baseline = c->baseline;
  o.candidate = c->candidate;
  o.fdr = c->q;
  o.min_effect = c->min_effect;
  rc = sk_publish(st, c->args[0], &sel, &o);
  sk_sel_free(&sel);
  return rc;
}

int sk_dbcmd_push(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_push_opts_t o;
  const char *env = getenv("SKAMPI_TOKEN");
  (void)st;
  o.url = c->url;
  o.token = c->token ? c->token : env;
  o.timeout = c->timeout;
  o.quiet = c->quiet;
  o.tags = c->tags;
  o.ntags = c->ntags;
  return sk_push_files(&o, c->args, c->nargs);
}
