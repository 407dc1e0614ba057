/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * diag.h -- the one place that collects and prints diagnostics.
 *
 * Every error about a suite file (syntax, semantics, and later the
 * engine's run-time errors that point into the file) goes through a
 * sk_diag_t.  Messages are collected, not printed at once, so that all
 * errors of a file can be reported together, in file order, by
 * sk_diag_print():
 *
 *   FILE:LINE:COL: error: MESSAGE
 *      12 |   Standart_error = 0.01;
 *         |   ^~~~~~~~~~~~~~
 *
 * Lines and columns count from 1; a column counts characters (UTF-8
 * sequences count once, a tab counts once).
 */
#ifndef SK_DIAG_H
#define SK_DIAG_H

#include <stddef.h>
#include <stdio.h>

/* A stretch of source: first to last character, both included.  A span
 * whose first_line is 0 means "no position" (a message about the whole
 * file).  The field names are the ones bison's locations use. */
typedef struct sk_span {
  int first_line;
  int first_column;
  int last_line;
  int last_column;
} sk_span_t;

typedef struct sk_diag sk_diag_t;

/* At most this many messages are kept; more are counted, not stored. */
#define SK_DIAG_MAX 200

sk_diag_t *sk_diag_new(void);
void sk_diag_free(sk_diag_t *d);

/* Registers the text of file name so that messages about it can quote
 * their source line.  Both are copied.  Returns 0, or -1 out of memory. */
int sk_diag_add_source(sk_diag_t *d, const char *name, const char *text,
                       size_t len);

/* An error at span of file (file may be NULL for a message about no file).
 * Never fails: out of memory, the error is still counted. */
void sk_diag_error(sk_diag_t *d, const char *file, sk_span_t span,
                   const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

/* A note that belongs to the error reported just before it ("first set
 * here").  Notes do not count as errors. */
void sk_diag_note(sk_diag_t *d, const char *file, sk_span_t span,
                  const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

/* A note of its own, not about an error (a suite clipped to what fits
 * in @MEMORY): printed as a note at span, in file order.  Not an
 * error. */
void sk_diag_remark(sk_diag_t *d, const char *file, sk_span_t span,
                    const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

/* The number of errors reported so far (notes excluded). */
size_t sk_diag_errors(const sk_diag_t *d);

/* Prints every message, ordered by position (file-level messages first;
 * a note stays right after its error), with source line and caret. */
void sk_diag_print(const sk_diag_t *d, FILE *fp);

/* A span of one character at line:column (column 0: no column). */
sk_span_t sk_span_at(int line, int column);

#endif
