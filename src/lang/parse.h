/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * parse.h -- reading a suite file into a syntax tree.
 *
 * The grammar (grammar/parser.y) and the lexer (grammar/lexer.l) only
 * build the tree; every syntax error goes to the diagnostic sink, and
 * parsing goes on after an error so that all of them are reported.
 * doc/suite-language.md is the reference of the language.
 */
#ifndef SK_PARSE_H
#define SK_PARSE_H

#include <stddef.h>

#include "ast.h"
#include "diag.h"

/* Reads and parses the file at path.  Returns the tree (also when syntax
 * errors were reported: the caller looks at sk_diag_errors()), or NULL
 * when the file cannot be read or memory ran out (reported too).
 * The text is registered with diag so that messages quote it. */
sk_ast_file_t *sk_parse_file(const char *path, sk_diag_t *diag);

/* Reads the whole file at path (at most 16 MiB) into a new buffer;
 * *len gets its size.  NULL (reported to diag) when it cannot, and at
 * once for anything but a regular file (a FIFO would block for ever). */
char *sk_parse_read(const char *path, size_t *len, sk_diag_t *diag);

/* Parses len bytes at buf (not NUL-terminated, may hold NULs) like
 * sk_parse_file(); name is the file name messages give. */
sk_ast_file_t *sk_parse_buffer(const char *name, const char *buf,
                               size_t len, sk_diag_t *diag);

/* Parses the typed value of a preamble line: len bytes of text that start
 * at position `at` of file name (for the positions of messages).  what
 * names the key in messages ("@MEMORY").  NULL after a syntax error
 * (reported) or out of memory. */
sk_ast_value_t *sk_parse_value(const char *name, const char *text,
                               size_t len, sk_span_t at, const char *what,
                               sk_diag_t *diag);

#endif
