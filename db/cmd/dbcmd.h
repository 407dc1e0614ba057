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

typedef enum { SK_DB_TABLE, SK_DB_CSV, SK_DB_YAML } sk_db_format_t;

typedef struct sk_dbcmd {
  char **args;            /* the words after the command */
  size_t nargs;
  char *machine;          /* --machine */
  char **tags;            /* --tag KEY=VALUE, repeated */
  size_t ntags, captags;
  char **suites;          /* --suite NAME, repeated */
  size_t nsuites, capsuites;
  sk_sel_t filter;        /* list's --machine --library --np --since --tag */
  sk_db_format_t format;
  const char *output;     /* -o */
  const char *baseline, *candidate;   /* compare */
  double q, min_effect;   /* compare: false-discovery rate, effect */
  const char *listen;     /* serve --listen */
  const char *url, *token;   /* push */
  long timeout;           /* push: seconds per file */
  double xmin, xmax;      /* plot: --from, --to (NAN: open) */
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

/* A run id as the commands take it; -1 (message printed) if bad. */
long long sk_dbcmd_run_id(const char *word);

int sk_dbcmd_import(sk_store_t *st, const sk_dbcmd_t *c);
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
