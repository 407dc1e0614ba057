/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * parser.y -- the grammar of a .skampi suite file (doc/suite-language.md,
 * "Grammar").  It only builds the syntax tree (src/lang/ast.h); the meaning of
 * keys and values is the semantic check's business (src/lang/check.c).
 *
 * Error recovery: an error inside a suite skips to the next ';' or to the
 * '}' that closes the suite; an error between suites skips to the next
 * token that can start an item.  So every syntax error of a file is
 * reported, each once.
 */
%require "3.8"
%define api.pure full
%define api.prefix {sk_yy}
%define api.token.prefix {SK_TOK_}
%define api.location.type {sk_span_t}
%define parse.error custom
%define parse.lac full
%locations
%expect 0

%lex-param {void *scanner}
%parse-param {void *scanner} {sk_parse_ctx_t *ctx}

%code top {
#include <config.h>
}

%code requires {
#include "ast.h"
#include "diag.h"
#include "parse_ctx.h"
}

%code {
#include <stdlib.h>
#include <string.h>

#include "lexer.h"

/* Bison calls this only for "memory exhausted", which sk_parse_buffer()
 * reports itself (yyparse() returns 2). */
static void sk_yyerror(const SK_YYLTYPE *loc, void *scanner,
                       sk_parse_ctx_t *ctx, const char *msg)
{
  (void)loc; (void)scanner; (void)ctx; (void)msg;
}
}

%union {
  char *str;
  sk_ast_item_t *item;
  sk_ast_value_t *value;
  sk_ast_triple_t *triple;
}

%token START_FILE START_VALUE
%token <str> IDENT "name" NUMBER "number" STRING "string" UNIT "unit"
%token <item> ATKEY "@KEY line"
%token MEASUREMENTS "@MEASUREMENTS"
%token STRAY "character"
%token BAD "bad text"
%token END 0 "end of file"

%nterm <str> name
%nterm <value> value
%nterm <triple> triples triple

%destructor { free($$); } <str>
%destructor { sk_ast_items_free($$); } <item>
%destructor { sk_ast_value_free($$); } <value>
%destructor { sk_ast_triples_free($$); } <triple>

%%

start:
  START_FILE items
| START_VALUE value            { ctx->value = $2; }
;

/* Between suites an error skips token by token; messages resume at the
 * next preamble line (or after three good tokens, bison's rule). */
items:
  %empty
| items item
| items error                  {
                                 if (yychar == SK_TOK_ATKEY ||
                                     yychar == SK_TOK_MEASUREMENTS)
                                   yyerrok;
                               }
;

item:
  ATKEY                        { if (sk_parse_add_item(ctx, $1)) YYNOMEM; }
| MEASUREMENTS                 {
                                 sk_ast_item_t *it = sk_ast_item_new(
                                     SK_AST_MEASUREMENTS, strdup(""), @1);
                                 if (sk_parse_add_item(ctx, it)) YYNOMEM;
                               }
| suite
;

suite:
  name '{'                     {
                                 if (sk_parse_suite_begin(ctx, $1, @1, @2))
                                   YYNOMEM;
                               }
  body '}'                     { free($1); sk_parse_suite_end(ctx); }
;

name:
  IDENT
| STRING
;

/* Inside a suite an error skips to the next ';' or to the closing '}';
 * the entry after it is checked and reported on its own. */
body:
  entries
| entries error                { ctx->suite->broken = 1; yyerrok; }
;

entries:
  %empty
| entries entry
| entries error ';'            { ctx->suite->broken = 1; yyerrok; }
;

entry:
  IDENT '=' value ';'          {
                                 if (sk_parse_add_entry(ctx,
                                       sk_ast_entry_new($1, @1, $3)))
                                   YYNOMEM;
                               }
;

value:
  IDENT                        { $$ = sk_ast_value_new(SK_AST_IDENT, $1, @1);
                                 if (!$$) YYNOMEM; }
| STRING                       { $$ = sk_ast_value_new(SK_AST_STRING, $1, @1);
                                 if (!$$) YYNOMEM; }
| NUMBER                       { $$ = sk_ast_value_new(SK_AST_NUMBER, $1, @1);
                                 if (!$$) YYNOMEM; }
| NUMBER UNIT                  {
                                 $$ = sk_ast_value_unit(
                                     sk_ast_value_new(SK_AST_NUMBER, $1, @1),
                                     $2, @2);
                                 if (!$$) YYNOMEM;
                               }
| NUMBER ',' NUMBER            { $$ = sk_ast_value_ranks($1, @1, $3, @3);
                                 if (!$$) YYNOMEM; }
| triples                      { $$ = sk_ast_value_triples($1, @1);
                                 if (!$$) YYNOMEM; }
;

triples:
  triple
| triples triple               { $$ = sk_ast_triple_push($1, $2); }
| triples ',' triple           { $$ = sk_ast_triple_push($1, $3); }
;

triple:
  '(' NUMBER ',' NUMBER ',' IDENT ')'
                               {
                                 $$ = sk_ast_triple_new($2, @2, $4, @4,
                                                        $6, @6, @$);
                                 if (!$$) YYNOMEM;
                               }
;

%%

/* Whether k is the token written name in the grammar ("'{'"). */
static int sk_yyis(yysymbol_kind_t k, const char *name)
{
  return strcmp(yysymbol_name(k), name) == 0;
}

/* How an expected token reads in a message. */
static const char *sk_yyexpected(yysymbol_kind_t k, const sk_parse_ctx_t *ctx)
{
  switch (k) {
  case YYSYMBOL_IDENT: return ctx->suite ? "a key" : "a name";
  case YYSYMBOL_NUMBER: return "a number";
  case YYSYMBOL_STRING: return "a string";
  case YYSYMBOL_ATKEY: return "an @KEY line";
  case YYSYMBOL_YYEOF: return "end of file";
  default: return yysymbol_name(k);
  }
}

/* The expected tokens, without UNIT (it only ever follows a number with
 * no blank between, so suggesting it helps nobody) and without a ','
 * beside other tokens (after a number it would start the second rank of
 * "A, B", which only Pair takes: the ';' or end that is missing is the
 * news).  A set that is exactly what starts a value becomes "a value".
 * Returns their number, or 0 when there are too many to list. */
static int sk_yyexpect(const yypcontext_t *p, const sk_parse_ctx_t *ctx,
                       const char **out)
{
  yysymbol_kind_t exp[6];
  int i, n = yypcontext_expected_tokens(p, exp, 6), m = 0, starts = 0;
  for (i = 0; i < n; i++) {
    if (exp[i] == YYSYMBOL_UNIT || (n > 1 && sk_yyis(exp[i], "','")))
      continue;
    starts += exp[i] == YYSYMBOL_IDENT || exp[i] == YYSYMBOL_NUMBER ||
              exp[i] == YYSYMBOL_STRING || sk_yyis(exp[i], "'('");
    out[m++] = sk_yyexpected(exp[i], ctx);
  }
  if (starts == 4 && m == 4) {
    out[0] = "a value";
    m = 1;
  }
  return m > 4 ? 0 : m;
}

/* "A, B or C" */
static void sk_yyjoin(char *buf, size_t size, const char **words, int n)
{
  int i;
  size_t len = 0;
  buf[0] = '\0';
  for (i = 0; i < n && len < size; i++) {
    const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
    len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, words[i]);
  }
}

/* The position right after the token before the lookahead. */
static sk_span_t sk_yyafter_prev(const sk_parse_ctx_t *ctx)
{
  sk_span_t s = ctx->prev;
  if (s.first_line == 0)
    return ctx->cur;
  return sk_span_at(s.last_line, s.last_column + 1);
}

/* An unterminated suite: the error points at its '{'. */
static void sk_yyreport_open(sk_parse_ctx_t *ctx, yysymbol_kind_t tok)
{
  sk_ast_item_t *s = ctx->suite;
  ctx->suite->broken = 1;
  if (tok == YYSYMBOL_YYEOF) {
    sk_diag_error(ctx->diag, ctx->file, s->open_span,
                  "unterminated suite '%s': this '{' is never closed",
                  s->name);
  } else {
    sk_diag_error(ctx->diag, ctx->file, ctx->prev,
                  "missing '}' before suite '%s': suite '%s' (opened at "
                  "line %d) is not closed", ctx->prev_text, s->name,
                  s->open_span.first_line);
  }
}

/* Errors with a message of their own; returns 1 when it reported. */
static int sk_yyreport_special(sk_parse_ctx_t *ctx, yysymbol_kind_t tok,
                               const char **exp, int n)
{
  if (ctx->suite != NULL && (tok == YYSYMBOL_YYEOF ||
      (sk_yyis(tok, "'{'") && n == 1 && strcmp(exp[0], "'='") == 0))) {
    sk_yyreport_open(ctx, tok);
    return 1;
  }
  if (ctx->suite == NULL && ctx->what == NULL &&
      (sk_yyis(tok, "'{'") || sk_yyis(tok, "'}'"))) {
    sk_diag_error(ctx->diag, ctx->file, ctx->cur, sk_yyis(tok, "'{'")
                  ? "unexpected '{': a suite name comes before it"
                  : "unexpected '}': no suite is open");
    return 1;
  }
  if (tok == YYSYMBOL_BAD)
    return 1;     /* the lexer or the text check has said what is wrong */
  if (tok == YYSYMBOL_STRAY) {
    sk_diag_error(ctx->diag, ctx->file, ctx->cur,
                  "unexpected character '%s'", ctx->cur_text);
    return 1;
  }
  return 0;
}

/* Every syntax error is reported here (parse.error custom). */
static int yyreport_syntax_error(const yypcontext_t *p, void *scanner,
                                 sk_parse_ctx_t *ctx)
{
  yysymbol_kind_t tok = yypcontext_token(p);
  const char *exp[6], *what = "end of file";
  char list[160], quoted[SK_PARSE_TEXT_MAX + 8];
  int n = sk_yyexpect(p, ctx, exp);
  (void)scanner;
  if (sk_yyreport_special(ctx, tok, exp, n))
    return 0;
  if (tok != YYSYMBOL_YYEOF) {
    snprintf(quoted, sizeof quoted, "'%s'", ctx->cur_text);
    what = quoted;
  }
  if (ctx->what != NULL && n == 1 && tok != YYSYMBOL_YYEOF &&
      strcmp(exp[0], "end of file") == 0) {
    sk_diag_error(ctx->diag, ctx->file, ctx->cur,
                  "unexpected %s after the value of %s", what, ctx->what);
  } else if (n == 1) {
    sk_diag_error(ctx->diag, ctx->file, sk_yyafter_prev(ctx),
                  "expected %s before %s", exp[0], what);
  } else {
    sk_yyjoin(list, sizeof list, exp, n);
    sk_diag_error(ctx->diag, ctx->file,
                  tok == YYSYMBOL_YYEOF ? sk_yyafter_prev(ctx) : ctx->cur,
                  "unexpected %s%s%s", what, n ? ", expected " : "",
                  n ? list : "");
  }
  return 0;
}
