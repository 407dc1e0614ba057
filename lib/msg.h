/*
 * msg.h -- how skampi-report tells the user what went wrong.
 *
 * A message about a place in a file reads
 *     FILE:LINE:COLUMN: error: MESSAGE
 * followed by the source line and a caret under the column, like a
 * compiler's.  A message about no particular place reads
 *     skampi-report: error: MESSAGE
 * Lines and columns are 1-based; a line of 0 means "the whole file" and
 * prints FILE: error: MESSAGE.  Everything goes to stderr.
 */
#ifndef SK_MSG_H
#define SK_MSG_H

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

/* An error at FILE:LINE:COL (file NULL: no place). */
void sk_msg_error_at(const char *file, int line, int col, const char *fmt,
                     ...) SK_MSG_PRINTF(4, 5);

/* An error about no particular place. */
void sk_msg_error(const char *fmt, ...) SK_MSG_PRINTF(1, 2);

/* A warning: the report is still written. */
void sk_msg_warning(const char *fmt, ...) SK_MSG_PRINTF(1, 2);

#endif
