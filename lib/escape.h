/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * escape.h -- strings taken from a file (a suite name, a path, a value
 * from a result file) made safe for one line of a log, a message or a
 * gnuplot script.  No MPI, no I/O; every returned string is the caller's
 * to free.
 *
 * The text escape (sk_escape_text, sk_escape_buf) keeps a line one line
 * and a terminal a terminal:
 *   newline -> \n   carriage return -> \r   tab -> \t   backslash -> \\
 *   any other byte below 0x20, and 0x7f       -> \xHH (two upper-case
 *                                                hex digits)
 *   the C1 controls U+0080..U+009F, which some terminals obey as 8-bit
 *   escape sequences (U+009B is CSI), written in UTF-8 as C2 80..C2 9F
 *                                             -> \xC2\xHH
 *   the invisible format characters that change how the text around
 *   them is shown: bidirectional marks, embeddings, overrides and
 *   isolates (U+061C, U+200E/F, U+202A..E, U+2066..9), zero-width
 *   characters (U+200B..D, U+2060..4, U+FEFF), the line and paragraph
 *   separators (U+2028/9)                      -> \uHHHH
 *   every other byte is kept as it is (UTF-8 text, and also bytes that
 *   are not valid UTF-8: they cannot end a line or move the cursor).
 * Because the backslash itself is escaped, the result can be read back
 * unambiguously.
 */
#ifndef SK_ESCAPE_H
#define SK_ESCAPE_H

#include <stddef.h>

/* Bytes the escaped form of s takes, without the terminating NUL. */
size_t sk_escape_len(const char *s);

/* The escaped form of s into out[0..outlen), always NUL-terminated when
 * outlen > 0 and cut only between two escapes (never inside "\x0A"), as
 * snprintf() does; returns sk_escape_len(s), so a result >= outlen
 * means that it was cut.  For messages built in fixed buffers. */
size_t sk_escape_buf(const char *s, char *out, size_t outlen);

/* The escaped form of s, malloc'ed; NULL when out of memory.  s NULL is
 * taken as "". */
char *sk_escape_text(const char *s);

/* s as one single-quoted gnuplot string ('it''s' for it's), for a file
 * name gnuplot must use exactly (`set output`).  Inside '...' gnuplot
 * expands neither backslashes nor backquotes nor macros, so doubling the
 * quote is all it needs; a control character, though, cannot be carried
 * (a newline would end the command), and since gnuplot 6 "\U+XXXX" is
 * replaced even in single quotes.  NULL with errno EINVAL for such an
 * s (the caller names another file), ENOMEM when out of memory. */
char *sk_escape_gp_single(const char *s);

#endif
