/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * parse_ctx.h -- the state the lexer and the parser share (internal to
 * parse.c, grammar/lexer.l and grammar/parser.y).
 */
#ifndef SK_PARSE_CTX_H
#define SK_PARSE_CTX_H

#include <stddef.h>

#include "ast.h"
#include "diag.h"
#include "utf8.h"

/* Lexemes are kept for messages, cut to this many bytes. */
#define SK_PARSE_TEXT_MAX 48

typedef struct sk_parse_ctx {
  sk_diag_t *diag;
  const char *file;        /* the name messages give */
  int start_token;         /* handed out by the first call of the lexer */
  int line, column;        /* position of the next character */
  sk_span_t cur, prev;     /* the latest token and the one before it */
  char cur_text[SK_PARSE_TEXT_MAX + 4];
  char prev_text[SK_PARSE_TEXT_MAX + 4];
  const char *what;        /* value mode: the key, for messages */
  /* file mode: the tree so far, built as the parser goes so that an
   * unterminated last suite still reaches the semantic check */
  sk_ast_file_t *tree;
  sk_ast_item_t *tail;     /* last item of tree->items */
  sk_ast_item_t *suite;    /* the suite being read, or NULL */
  sk_ast_entry_t *entry_tail;
  /* value mode: the result */
  sk_ast_value_t *value;
} sk_parse_ctx_t;


/* Parser actions (parse.c).  They take ownership of what they are given
 * and return -1 out of memory. */
int sk_parse_add_item(sk_parse_ctx_t *ctx, sk_ast_item_t *it);
int sk_parse_suite_begin(sk_parse_ctx_t *ctx, const char *name,
                         sk_span_t name_span, sk_span_t open_span);
void sk_parse_suite_end(sk_parse_ctx_t *ctx);
int sk_parse_add_entry(sk_parse_ctx_t *ctx, sk_ast_entry_t *e);

#endif
