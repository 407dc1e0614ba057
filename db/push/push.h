/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * push.h -- skampi-db push: result files sent to a skampi-db server
 * (POST URL/api/runs, doc/database.md "Uploads and tokens"), on libcurl.
 */
#ifndef SK_PUSH_H
#define SK_PUSH_H

#include <stddef.h>

typedef struct sk_push_opts {
  const char *url;          /* http:// or https://, the server's root */
  const char *token;        /* the bearer token; never printed */
  long timeout;             /* seconds for one file, > 0 */
  int quiet;                /* no line per file that went in */
  char *const *tags;        /* "KEY=VALUE" each, sent as tag=KEY=VALUE
                             * for the server to label the runs with */
  size_t ntags;
} sk_push_opts_t;

/* Sends each of the N FILES, one request each, and prints what the
 * server said of it: created with its run id, a duplicate of a run, or
 * refused with the HTTP status and the server's message.  Returns the
 * exit status of skampi-db (dbstatus.h): 0 every file went in (created or
 * there already), 1 some did not, 2 a bad URL or token. */
int sk_push_files(const sk_push_opts_t *o, char *const *files, size_t n);

/* The value of KEY in a JSON object's top level, for the server's small
 * answers: a string (unescaped; \u escapes below U+0020 and of surrogates
 * become '?') or a number as text.  The caller's to free; NULL when
 * absent or when TEXT is not an object.  TEXT is untrusted and bounded by
 * LEN. */
char *sk_push_json_get(const char *text, size_t len, const char *key);

#endif
