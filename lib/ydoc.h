/*
 * ydoc.h -- a YAML file loaded with libyaml, and typed, located access.
 *
 * The two readers of skampi-report (load.c for result files, params.c for
 * the report parameter file) load a whole document with
 * yaml_parser_load() and walk its nodes.  Every node keeps its source
 * mark, so a bad value is reported as FILE:LINE:COL.  Errors are counted
 * in the sk_ydoc_t and printed at once (msg.h); a reader keeps walking
 * after a bad value so that one run reports every problem it can.
 */
#ifndef SK_YDOC_H
#define SK_YDOC_H

#include <yaml.h>

typedef struct sk_ydoc {
  const char *path;        /* borrowed: the file name for messages */
  yaml_document_t doc;
  int loaded;              /* doc must be deleted */
  int errors;              /* messages printed so far */
} sk_ydoc_t;

/* Read and parse PATH.  -1 (message printed) when the file cannot be
 * read or is not well-formed YAML.  sk_ydoc_done() is safe either way. */
int sk_ydoc_load(sk_ydoc_t *y, const char *path);
void sk_ydoc_done(sk_ydoc_t *y);

/* The root node; NULL for an empty file. */
yaml_node_t *sk_ydoc_root(sk_ydoc_t *y);

/* Report an error at NODE's start (y->errors is incremented). */
void sk_ydoc_error(sk_ydoc_t *y, const yaml_node_t *node, const char *fmt,
                   ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;

/* The value under KEY in mapping MAP, NULL when absent (or MAP is not a
 * mapping).  The key node of a pair, for iteration: see sk_ydoc_pair. */
yaml_node_t *sk_ydoc_get(sk_ydoc_t *y, yaml_node_t *map, const char *key);

/* Number of items of a sequence / pairs of a mapping (0 otherwise) and
 * access by index. */
size_t sk_ydoc_len(const yaml_node_t *node);
yaml_node_t *sk_ydoc_item(sk_ydoc_t *y, yaml_node_t *seq, size_t i);
yaml_node_t *sk_ydoc_pair(sk_ydoc_t *y, yaml_node_t *map, size_t i,
                          yaml_node_t **value);

/* A scalar's text, NULL for a sequence or mapping. */
const char *sk_ydoc_text(const yaml_node_t *node);

/* Require a kind of node; print "expected WHAT" and return -1 if not. */
int sk_ydoc_want_map(sk_ydoc_t *y, yaml_node_t *node, const char *what);
int sk_ydoc_want_seq(sk_ydoc_t *y, yaml_node_t *node, const char *what);

/* Typed scalars.  The node may be NULL: *out is left alone and 0 is
 * returned.  On a bad value: message, -1.  *out of sk_ydoc_string is the
 * caller's. */
int sk_ydoc_string(sk_ydoc_t *y, yaml_node_t *node, const char *key,
                   char **out);
int sk_ydoc_number(sk_ydoc_t *y, yaml_node_t *node, const char *key,
                   double *out);
int sk_ydoc_integer(sk_ydoc_t *y, yaml_node_t *node, const char *key,
                    long *out);
int sk_ydoc_bool(sk_ydoc_t *y, yaml_node_t *node, const char *key,
                 int *out);

/* 1-based line and column of NODE. */
int sk_ydoc_line(const yaml_node_t *node);
int sk_ydoc_col(const yaml_node_t *node);

#endif
