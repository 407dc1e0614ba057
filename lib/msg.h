/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * msg.h -- how every skampi program tells the user something.
 *
 * Everything goes to stderr, in one of three kinds:
 *
 *   error    something failed; the program says so and usually exits
 *            non-zero:              PROGRAM: error: MESSAGE
 *   warning  something is suspect, but the work goes on and its result
 *            is written:            PROGRAM: warning: MESSAGE
 *   note     a status line, nothing is wrong (a run continued, runs
 *            merged); no kind word, like the progress lines:
 *                                   PROGRAM: MESSAGE
 *
 * PROGRAM is the name main() set (sk_msg_set_program).  An error about a
 * place in a file names the place instead of the program, and quotes the
 * source line with a caret under the column, like a compiler:
 *
 *   FILE:LINE:COLUMN: error: MESSAGE
 *      12 |   Standart_error = 0.01;
 *         |   ^~~~~~~~~~~~~~
 *
 * Lines and columns are 1-based; a line of 0 means "the whole file"
 * (FILE: error: MESSAGE, no excerpt).  The diagnostics of a suite file
 * (src/lang/diag.h) collect their errors and notes first, then print each
 * with the same head and excerpt (sk_msg_head, sk_msg_excerpt).  In an
 * MPI program only the rank that decides prints (rank 0, as a rule).
 */
#ifndef SK_MSG_H
#define SK_MSG_H

#include <stddef.h>
#include <stdio.h>

#if defined(__GNUC__)
#define SK_MSG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SK_MSG_PRINTF(a, b)
#endif

/* The program name that starts a message with no place; each main()
 * sets it first ("skampi", "skampi-report", ...).  NAME is borrowed and
 * must outlive every message (a string literal). */
void sk_msg_set_program(const char *name);
const char *sk_msg_program(void);

/* An error at FILE:LINE:COL (file NULL: no place), with the excerpt of
 * FILE's line when the file can be read again. */
void sk_msg_error_at(const char *file, int line, int col, const char *fmt,
                     ...) SK_MSG_PRINTF(4, 5);

/* A warning at FILE:LINE:COL, with the excerpt as for an error. */
void sk_msg_warning_at(const char *file, int line, int col, const char *fmt,
                       ...) SK_MSG_PRINTF(4, 5);

/* An error about no particular place. */
void sk_msg_error(const char *fmt, ...) SK_MSG_PRINTF(1, 2);

/* The sentence into why[0..len) (printf-like; nothing when why is NULL
 * or len 0) for a caller that reports it; returns -1, so that a refusal
 * is one statement: `return sk_msg_why(why, len, "...", ...);`. */
int sk_msg_why(char *why, size_t len, const char *fmt, ...)
    SK_MSG_PRINTF(3, 4);

/* A warning: the work goes on. */
void sk_msg_warning(const char *fmt, ...) SK_MSG_PRINTF(1, 2);

/* A note: a status line, "PROGRAM: MESSAGE". */
void sk_msg_note(const char *fmt, ...) SK_MSG_PRINTF(1, 2);

/* Where the calling thread's messages go (a server answers an upload
 * with the messages of its file, while other threads keep printing):
 * FP instead of stderr until sk_msg_to(NULL).  FP is borrowed. */
void sk_msg_to(FILE *fp);

/* The text of the file named NAME, held in memory (an upload has no
 * file; a file of its name must never be read instead): excerpts under
 * the calling thread's messages located in NAME are taken from
 * TEXT[0..LEN), and no other file is read for an excerpt, until
 * sk_msg_source(NULL, NULL, 0).  NAME and TEXT are borrowed. */
void sk_msg_source(const char *name, const void *text, size_t len);
/* Capture: while a thread has given a buffer, its errors without a
 * place (sk_msg_error) go into it instead of to stderr, the first one
 * kept, "" when none came (a server answers a request with them).  BUF
 * is borrowed until sk_msg_capture(NULL, 0) stops the capture. */
void sk_msg_capture(char *buf, size_t size);

/* The printing blocks the above share with src/lang/diag.c. */

/* Writes the head of a message of KIND ("error", "note", ...):
 * "FILE:LINE:COL: KIND: ", "FILE:LINE: KIND: " when COL is 0,
 * "FILE: KIND: " when LINE is 0, "PROGRAM: KIND: " when FILE is NULL. */
void sk_msg_head(FILE *fp, const char *file, int line, int col,
                 const char *kind);

/* Finds line LINE (1-based) of text[0..size): *start and *len (without
 * the newline and a trailing CR).  -1 when the text has no such line. */
int sk_msg_find_line(const char *text, size_t size, int line,
                     const char **start, size_t *len);

/* The excerpt under a message: LINE's number and its text s[0..len)
 * (control characters shown as '?'), then, when FIRST_COL > 0, a '^'
 * under FIRST_COL and '~' on to LAST_COL.  Columns count characters (a
 * UTF-8 sequence once, a tab once; tabs are kept under the line so that
 * the caret lines up on any terminal).  A line of more than 160
 * characters is shown as a window of 160 around FIRST_COL, with "..."
 * where it is cut. */
void sk_msg_excerpt(FILE *fp, int line, const char *s, size_t len,
                    int first_col, int last_col);

#endif
