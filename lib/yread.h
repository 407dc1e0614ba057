/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * yread.h -- reading an untrusted YAML file (a result file, a report
 * parameter file) into a small tree of located nodes, or streaming it.
 *
 * The reader drives libyaml's event parser (yaml_parser_parse), never
 * yaml_parser_load, and builds its own nodes (sk_ynode_t) in an arena:
 * a node is 48 bytes, a scalar's text is copied next to it, and nothing
 * is freed one by one.  yread.c reads and builds, yread_get.c holds the
 * accessors.
 *
 * Use
 *     sk_yread_t y;
 *     sk_yread_init(&y);                      limits at their defaults
 *     y.limits.max_bytes = ...;               optional
 *     sk_yread_stream(&y, "suites", fn, arg); optional, see below
 *     if (sk_yread_file(&y, path) == 0 && y.errors == 0) ... root ...
 *     sk_yread_done(&y);
 * sk_yread_load(&y, path) is init + file in one.  sk_yread_mem() reads a buffer instead of a file.
 *
 * Streaming.  A top-level key registered with sk_yread_stream() whose
 * value is a sequence is not kept: each item is built, handed to the
 * callback, and its memory is reused for the next item, so memory grows
 * with the largest item, not with the number of items.  In the root
 * mapping that key's value is an empty sequence flagged
 * SK_YNODE_STREAMED.  Every other top-level value is kept.  During a
 * callback sk_yread_root() is the root mapping as read so far: the keys
 * before the streamed one are there.  A streamed key whose value is not
 * a sequence is kept like any other (the caller's want_seq reports it).
 * Callbacks may have run before a later error ends the read; a caller
 * discards what it built when the read returns -1.
 *
 * Limits.  Each one ends the read with one message and -1:
 *   input size     max_bytes (default 1 GiB), for a FIFO or a device too:
 *                    FILE: error: input is larger than the limit of N bytes
 *   nesting        max_depth (default 64) sequences and mappings:
 *                    F:L:C: error: nesting deeper than 64 levels
 *   scalar         max_scalar (default 1 MiB); also a run of input with no
 *                  token longer than that plus 64 KiB (libyaml buffers a
 *                  scalar whole before it hands it over):
 *                    F:L:C: error: scalar longer than the limit of N bytes
 *   anchors, aliases (skampi never writes them; they make a tree a graph
 *                  and a small file a huge one):
 *                    F:L:C: error: anchors and aliases are not allowed in a
 *                    skampi file
 *   tags           ("!!str 1", "!x"; skampi never writes them, and one
 *                  turns a number into text):
 *                    F:L:C: error: tags ('!...') are not allowed in a
 *                    skampi file
 *   documents      one; a second one:
 *                    F:L:C: error: a second YAML document (a skampi file
 *                    holds one)
 *   duplicate keys in any mapping, reported at the second one:
 *                    F:L:C: error: duplicate key 'x' (first at line L)
 *   keys           must be scalars:
 *                    F:L:C: error: a mapping key must be a scalar
 * libyaml's own errors read "F:L:C: error: malformed YAML: PROBLEM" as in
 * the old loader's.  A directory or an unreadable file: "PROGRAM: error:
 * cannot read 'F': REASON".  An empty file (no document) is no error:
 * the root is NULL.  A FIFO or a device is read like a file, up to
 * max_bytes; its messages give "line L, column C" inside the message
 * instead of F:L:C, because msg.c would reopen the file to quote the line
 * and a FIFO has no writer any more.
 *
 * y.end_marker is 1 when the document ended with an explicit "...",
 * so a caller whose writer ends files with it can refuse a file that
 * was cut short.
 *
 * Messages.  Every message goes through msg.h.  Any text of the file
 * quoted in a message is escaped (newline as \n, other control bytes as
 * \xHH, backslash as \\) and cut to 64 bytes, so a value cannot forge a
 * line of output; sk_yread_error() escapes control bytes of the whole
 * message as well.
 *
 * Ownership.  Nodes and texts belong to the sk_yread_t and live until
 * sk_yread_done(); a streamed item and everything under it only until
 * its callback returns.  Path, name, buffer and stream keys are borrowed
 * and must outlive the read.  The char * of sk_yread_string() is the
 * caller's.
 *
 * Errors in accessors are counted in y->errors and printed at once; the
 * walk goes on, so that one run reports every bad value.
 */
#ifndef SK_YREAD_H
#define SK_YREAD_H

#include <stddef.h>

typedef enum {
  SK_YNODE_SCALAR = 1,
  SK_YNODE_SEQ,
  SK_YNODE_MAP
} sk_ynode_kind_t;

/* flags of a node */
#define SK_YNODE_PLAIN    1u   /* a scalar written without quotes */
#define SK_YNODE_FLOW     2u   /* a collection written [a, b] or {a: b} */
#define SK_YNODE_STREAMED 4u   /* a streamed key's value: items went to
                                * the callback, none are kept */
#define SK_YNODE_NUMBER   8u   /* a scalar that is a decimal number
                                * (lib/decimal.h): num holds its value */

typedef struct sk_ynode sk_ynode_t;
struct sk_ynode {
  sk_ynode_kind_t kind;
  unsigned flags;
  int line, col;           /* 1-based, where the node starts */
  size_t len;              /* scalar: bytes of text; sequence: items;
                            * mapping: pairs */
  const char *text;        /* scalar: NUL-terminated (a "\0" escape may
                            * put a NUL inside: len counts); else NULL */
  sk_ynode_t **kids;       /* sequence: len items; mapping: key, value,
                            * key, value, ... (2 * len); else NULL */
  double num;              /* SK_YNODE_NUMBER: the value, converted once
                            * when the scalar is read (a point's numbers
                            * are checked, then loaded) */
};

typedef struct sk_yread_limits {
  size_t max_depth;        /* open sequences and mappings; 64 */
  size_t max_scalar;       /* bytes of one scalar; 1 MiB */
  unsigned long long max_bytes;   /* bytes of input; 1 GiB */
} sk_yread_limits_t;

typedef struct sk_yread sk_yread_t;

/* Called for item INDEX (0-based) of the streamed top-level KEY.  ITEM
 * and its subtree are freed when the callback returns.  Return 0 to go
 * on (bad values are counted in y->errors), -1 to stop the read (the
 * callback printed why). */
typedef int (*sk_yread_item_fn)(sk_yread_t *y, const char *key,
                                size_t index, sk_ynode_t *item, void *arg);

#define SK_YREAD_MAX_STREAMS 4

/* A chunked bump allocator (private). */
typedef struct sk_yread_arena {
  struct sk_yread_block *head;
  char *cur;
  size_t left;
} sk_yread_arena_t;

struct sk_yread {
  const char *path;        /* borrowed: the file name for messages */
  int errors;              /* messages printed so far */
  /* A reader that may leave one bad point out rather than refuse the
   * file sets soft to 1 while it checks the point; a check that finds a
   * number out of its range then calls sk_yread_soft() instead of
   * sk_yread_error(): the first such message of the point is a warning
   * ending "; the point is left out", later ones are not printed, and
   * soft becomes 2 (the caller drops the point).  0: every message is an
   * error. */
  int soft;
  int end_marker;          /* the document ended with "..." */
  sk_yread_limits_t limits;
  /* private from here on */
  struct {
    const char *key;
    sk_yread_item_fn fn;
    void *arg;
    int first_line;        /* where the key was met, 0: not yet */
  } streams[SK_YREAD_MAX_STREAMS];
  size_t nstreams;
  sk_ynode_t *root;
  sk_yread_arena_t top, item;      /* kept nodes; the streamed item's */
  sk_ynode_t **pend;       /* children of the open collections */
  size_t npend, cappend;
  struct sk_yread_frame *frames;   /* open collections */
  size_t nframes;
  int ndocs;
  int plain_loc;           /* not a regular file: no F:L:C (see above) */
  int fd;                  /* input, or -1 for a buffer */
  const unsigned char *buf;
  size_t buflen, bufpos;
  unsigned long long nread, nread_at_event;
  int fail;                /* why the read handler refused */
  int fail_errno;
  int last_line, last_col; /* where the last event ended */
};

/* Defaults, no streams, no input yet. */
void sk_yread_init(sk_yread_t *y);

/* Deliver the items of top-level sequence KEY (borrowed) to FN.  -1 when
 * SK_YREAD_MAX_STREAMS are registered already. */
int sk_yread_stream(sk_yread_t *y, const char *key, sk_yread_item_fn fn,
                    void *arg);

/* Read PATH / LEN bytes of BUF (messages name it NAME).  -1 (message
 * printed) when the input cannot be read, is not well-formed YAML, breaks
 * a limit, or a callback returned -1.  sk_yread_done() is due either way. */
int sk_yread_file(sk_yread_t *y, const char *path);
int sk_yread_mem(sk_yread_t *y, const char *name, const void *buf,
                 size_t len);

/* sk_yread_init() and sk_yread_file() in one. */
int sk_yread_load(sk_yread_t *y, const char *path);

/* Free every node.  Safe after a failed read and twice. */
void sk_yread_done(sk_yread_t *y);

/* The root node; NULL for an empty file. */
sk_ynode_t *sk_yread_root(sk_yread_t *y);

/* Report an error at NODE's start (NULL: the whole file); y->errors++. */
void sk_yread_error(sk_yread_t *y, const sk_ynode_t *node, const char *fmt,
                    ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;

/* As sk_yread_error() when y->soft is 0; else the warning of a value
 * that leaves its point out (see soft above), and y->errors untouched. */
void sk_yread_soft(sk_yread_t *y, const sk_ynode_t *node, const char *fmt,
                   ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;

/* TEXT (LEN bytes) escaped as messages quote it (see above), cut to 64
 * bytes with "..."; returns BUF. */
#define SK_YREAD_QUOTE_SIZE 80
char *sk_yread_quote(const char *text, size_t len,
                     char buf[SK_YREAD_QUOTE_SIZE]);

/* The value under KEY in mapping MAP, NULL when absent or MAP is not a
 * mapping.  Y is unused and kept so that every accessor takes the reader. */
sk_ynode_t *sk_yread_get(sk_yread_t *y, const sk_ynode_t *map,
                         const char *key);

/* Items of a sequence / pairs of a mapping (0 otherwise), by index; NULL
 * when out of range or of the wrong kind. */
size_t sk_yread_len(const sk_ynode_t *node);
sk_ynode_t *sk_yread_item(sk_yread_t *y, const sk_ynode_t *seq, size_t i);
sk_ynode_t *sk_yread_pair(sk_yread_t *y, const sk_ynode_t *map, size_t i,
                          sk_ynode_t **value);

/* A scalar's text, NULL for a sequence, a mapping or NULL. */
const char *sk_yread_text(const sk_ynode_t *node);

/* 1-based line and column of NODE. */
int sk_yread_line(const sk_ynode_t *node);
int sk_yread_col(const sk_ynode_t *node);

/* Require a kind of node; "WHAT must be a mapping (key: value lines)" /
 * "WHAT must be a sequence ('- ' items or [a, b])" and -1 if not. */
int sk_yread_want_map(sk_yread_t *y, const sk_ynode_t *node,
                      const char *what);
int sk_yread_want_seq(sk_yread_t *y, const sk_ynode_t *node,
                      const char *what);

/* Typed scalars.  NODE may be NULL: *out is left alone and 0 returned.
 * On a bad value: a message naming KEY and the value, -1, *out left
 * alone.  The messages:
 *   'KEY' must be text|a number|an integer|true or false, not a mapping
 *   'KEY' must be a number, not 'VALUE'      (also "", "nan", "inf",
 *                                             "0x10", " 1", "1 m")
 *   'KEY' is out of range: 'VALUE'           (1e999, an integer > long)
 *   'KEY' must be a finite number, not 'VALUE'        SK_YREAD_FINITE
 *   'KEY' must not be negative, not 'VALUE'           SK_YREAD_NONNEG
 *   'KEY' must be a whole number, not 'VALUE'         SK_YREAD_WHOLE
 *   'KEY' must be an integer, not 'VALUE'
 *   'KEY' must be true or false, not 'VALUE'
 *   'KEY' must not contain a NUL byte                 (string)
 * A number is decimal: [-+]digits[.digits][e[-+]digits] (".5" and "5."
 * too), or YAML's .inf, -.inf, +.inf, .nan in any case; sk_yread_number
 * accepts those (skampi writes .nan for "none"), unless FINITE. */
#define SK_YREAD_FINITE 1u
#define SK_YREAD_NONNEG 2u
#define SK_YREAD_WHOLE  4u
int sk_yread_string(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                    char **out);
int sk_yread_number(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                    double *out);
int sk_yread_number_as(sk_yread_t *y, const sk_ynode_t *node,
                       const char *key, unsigned flags, double *out);
int sk_yread_integer(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                     long *out);
int sk_yread_integer_as(sk_yread_t *y, const sk_ynode_t *node,
                        const char *key, unsigned flags, long *out);
int sk_yread_bool(sk_yread_t *y, const sk_ynode_t *node, const char *key,
                  int *out);

#endif
