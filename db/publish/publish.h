/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * publish.h -- skampi-db publish: the web interface's three steps written
 * as a static site (publish.c; doc/database.md, "A static site").  The
 * pages and data are the server's own (web/), written as files.
 */
#ifndef SK_PUBLISH_H
#define SK_PUBLISH_H

#include "selection.h"
#include "store.h"

typedef struct sk_publish_opts {
  int force;      /* write into a directory that is not empty */
  int quiet;      /* no progress, no summary line */
  /* a comparison page (compare.html) of two selections, each taken
   * within the runs published; NULL: none */
  const char *baseline, *candidate;
  double fdr, min_effect;
} sk_publish_opts_t;

/* Writes the site of the runs SEL chooses into DIR (made if absent;
 * pubdir.c says what it may write over).  Returns the exit status of
 * skampi-db (dbstatus.h); the messages are given. */
int sk_publish(sk_store_t *st, const char *dir, const sk_sel_t *sel,
               const sk_publish_opts_t *o);

#endif
