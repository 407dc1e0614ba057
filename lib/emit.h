/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * emit.h -- small helpers over libyaml's emitter, one event each.
 *
 * Every function returns 0, or -1 once the emitter has failed; after a
 * failure all later calls return -1 too, so a writer may chain calls and
 * check only the result of sk_emit_close().  Strings are borrowed.
 */
#ifndef SK_EMIT_H
#define SK_EMIT_H

#include <stdio.h>

typedef struct sk_emit sk_emit_t;

/* Starts a stream and one document on fp (borrowed: the caller closes it). */
sk_emit_t *sk_emit_open(FILE *fp);
/* Ends the document and stream, flushes, frees e; -1 if anything failed. */
int sk_emit_close(sk_emit_t *e);
/* sk_emit_close() ends the document with an explicit "..." line, written
 * last: a result file (schema 2) has it, so that a reader can tell a
 * whole file from one cut short. */
void sk_emit_end_marker(sk_emit_t *e);
/* Frees e without finishing the document (on an error path). */
void sk_emit_abort(sk_emit_t *e);

int sk_emit_map_begin(sk_emit_t *e);
int sk_emit_flow_map_begin(sk_emit_t *e);  /* {a: 1, b: 2} */
int sk_emit_map_end(sk_emit_t *e);
int sk_emit_seq_begin(sk_emit_t *e);
int sk_emit_flow_seq_begin(sk_emit_t *e);   /* [a, b, c] */
int sk_emit_seq_end(sk_emit_t *e);

int sk_emit_str(sk_emit_t *e, const char *s);   /* NULL emits null */
int sk_emit_long(sk_emit_t *e, long v);
int sk_emit_double(sk_emit_t *e, double v);     /* round-trips exactly */
int sk_emit_bool(sk_emit_t *e, int v);
int sk_emit_null(sk_emit_t *e);
/* A scalar copied from a YAML file where it was plain (a number, a word):
 * written plain again, so a reader types it as the original reader did. */
int sk_emit_plain(sk_emit_t *e, const char *s);
/* A scalar of len bytes as read from a file, in the style it had there
 * (replaying kept suites of a resumed run byte for byte): quoted 0
 * plain, 1 single-quoted, anything else double-quoted (libyaml itself
 * falls back to double quotes where single ones cannot hold the text). */
int sk_emit_scalar_as(sk_emit_t *e, const char *s, size_t len, int quoted);

/* key: value pairs inside a mapping. */
int sk_emit_kv_str(sk_emit_t *e, const char *key, const char *value);
int sk_emit_kv_long(sk_emit_t *e, const char *key, long value);
int sk_emit_kv_double(sk_emit_t *e, const char *key, double value);
int sk_emit_kv_bool(sk_emit_t *e, const char *key, int value);

#endif
