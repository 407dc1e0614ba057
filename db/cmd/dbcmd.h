/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dbcmd.h -- the commands of skampi-db (doc/database.md, skampi-db(1)).
 * main.c parses the command line into sk_dbcmd_t and calls one of them;
 * each returns the program's exit status.
 */
#ifndef SK_DBCMD_H
#define SK_DBCMD_H

#include <stddef.h>

#include "dbstatus.h"
#include "edivisive.h"
#include "selection.h"
#include "store.h"

/* --format; json writes the shapes of the web interface's API
 * (doc/database.md), junit only compare. */
typedef enum {
  SK_DB_TABLE, SK_DB_CSV, SK_DB_YAML, SK_DB_JSON, SK_DB_JUNIT
} sk_db_format_t;

typedef struct sk_dbcmd {
  char **args;            /* the words after the command */
  size_t nargs;
  char *machine;          /* --machine */
  const char *peer;       /* import --from osu|imb (NULL: skampi files) */
  const char *library;    /* import --from: --library NAME */
  const char *np;         /* import --from: --np N (text) */
  char **tags;            /* --tag KEY=VALUE, repeated */
  size_t ntags, captags;
  char **suites;          /* --suite NAME, repeated */
  size_t nsuites, capsuites;
  sk_sel_t filter;        /* list's --machine --library --np --since --tag */
  sk_db_format_t format;
  const char *output;     /* -o */
  const char *baseline, *candidate;   /* compare */
  char **matches;         /* compare --match A=B, repeated */
  size_t nmatches, capmatches;
  double q, min_effect;   /* compare: false-discovery rate, effect */
  const char *listen;     /* serve --listen */
  const char *url, *token;   /* push */
  long timeout;           /* push: seconds per file */
  double xmin, xmax;      /* plot: --from, --to (NAN: open) */
  int linear_x;           /* plot --linear-x */
  double argument;        /* history: --argument (NAN: not given) */
  sk_ediv_opts_t ediv;    /* history: --alpha --permutations, and
                           * --min-effect */
  int allow_upload;       /* serve --allow-upload */
  char **public_urls;     /* serve --public-url (repeatable) */
  size_t npublic, cappublic;
  long draw_seconds;      /* serve --draw-seconds (0: the default) */
  int force;              /* publish --force */
  int quiet;
} sk_dbcmd_t;

/* The words of ARGS as one selection; -1 (message printed) if bad. */
int sk_dbcmd_selection(char **args, size_t n, sk_sel_t *sel);

/* The runs of the words ARGS[0..nargs) and the terms of BASE (NULL:
 * none): SK_DB_OK with *ids the caller's, or an exit status with the
 * message given. */
int sk_dbcmd_select(sk_store_t *st, char **args, size_t nargs,
                    const sk_sel_t *base, int64_t **ids, size_t *n);

/* cmd_check.c: SK_DB_OK when a run SEL chooses has the suite NAME, else
 * SK_DB_FAILED with the message (the close names) or SK_DB_STORE. */
int sk_dbcmd_suite_known(sk_store_t *st, const sk_sel_t *sel,
                         const char *name);
/* SK_DB_OK when SUITE has a point at ARGUMENT in the runs of SEL, else
 * SK_DB_FAILED with the nearest arguments it has, or SK_DB_STORE. */
int sk_dbcmd_argument_known(sk_store_t *st, const sk_sel_t *sel,
                            const char *suite, double argument);

/* Writes B to stdout and frees it: SK_DB_OK or SK_DB_FAILED. */
struct sk_wbuf;
int sk_dbcmd_write(struct sk_wbuf *b);

/* A run id as the commands take it; -1 (message printed) if bad. */
long long sk_dbcmd_run_id(const char *word);

int sk_dbcmd_import(sk_store_t *st, const sk_dbcmd_t *c);
/* import's options checked before the database is opened: -1 (message
 * printed) when bad. */
int sk_dbcmd_import_args(const sk_dbcmd_t *c);
int sk_dbcmd_list(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_show(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_export(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_rm(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_suites(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_query(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_compare(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_token(sk_store_t *st, const sk_dbcmd_t *c);
/* push: ST is NULL (a client needs no database; cmd_site.c, push/). */
int sk_dbcmd_push(sk_store_t *st, const sk_dbcmd_t *c);
/* token's words checked before the database is opened: -1 (message
 * printed) when bad. */
int sk_dbcmd_token_args(const sk_dbcmd_t *c);
int sk_dbcmd_plot(sk_store_t *st, const sk_dbcmd_t *c);
int sk_dbcmd_history(sk_store_t *st, const sk_dbcmd_t *c);
/* publish DIR [SELECTION]: the static site (cmd_site.c, publish/). */
int sk_dbcmd_publish(sk_store_t *st, const sk_dbcmd_t *c);

#endif
