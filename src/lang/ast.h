/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ast.h -- the syntax tree of a suite file, as the parser builds it.
 *
 * The tree holds what was written, nothing interpreted: keys and values
 * are text, each with its position.  The semantic check (check.c) turns
 * it into a plan.  A file is a list of items in source order: preamble
 * lines (@KEY text), @MEASUREMENTS markers and suites.  Every node owns
 * its strings and its children; the *_free functions take NULL.
 */
#ifndef SK_AST_H
#define SK_AST_H

#include "diag.h"

typedef enum {
  SK_AST_IDENT,            /* a name: Length, MPI_INT, Default_Value */
  SK_AST_STRING,           /* "quoted", text without quotes and escapes */
  SK_AST_NUMBER,           /* 256, 1.5, -3, 1e3; maybe with a unit */
  SK_AST_TRIPLES,          /* (count, offset, TYPE) (count, offset, TYPE) */
  SK_AST_RANKS             /* two numbers: 0, 5 (Pair) */
} sk_ast_kind_t;

/* One (count, offset, type) triple of a @BasetypeN structure. */
typedef struct sk_ast_triple {
  char *count;
  char *offset;
  char *type;
  sk_span_t span, count_span, offset_span, type_span;
  struct sk_ast_triple *next;
} sk_ast_triple_t;

typedef struct sk_ast_value {
  sk_ast_kind_t kind;
  sk_span_t span;          /* the whole value */
  char *text;              /* IDENT, STRING, NUMBER (the number alone) */
  char *unit;              /* NUMBER written with a unit (64KiB), or NULL */
  sk_span_t unit_span;
  sk_ast_triple_t *triples;  /* TRIPLES, in source order */
  char *second;            /* RANKS: the second number (text: the first) */
  sk_span_t first_span, second_span;   /* RANKS: each number */
} sk_ast_value_t;

/* Key = Value; inside a suite. */
typedef struct sk_ast_entry {
  char *key;
  sk_span_t key_span;
  sk_ast_value_t *value;
  struct sk_ast_entry *next;
} sk_ast_entry_t;

typedef enum {
  SK_AST_PREAMBLE,         /* @KEY text */
  SK_AST_MEASUREMENTS,     /* @MEASUREMENTS */
  SK_AST_SUITE             /* Name { entries } */
} sk_ast_item_kind_t;

typedef struct sk_ast_item {
  sk_ast_item_kind_t kind;
  sk_span_t span;          /* the @KEY, @MEASUREMENTS, or the suite name */
  char *name;              /* preamble key without '@', or suite name */
  char *text;              /* preamble: the rest of the line, trimmed */
  sk_span_t text_span;
  sk_span_t open_span;     /* suite: its '{' */
  sk_ast_entry_t *entries; /* suite: in source order */
  int broken;              /* suite: a syntax error was inside it */
  struct sk_ast_item *next;
} sk_ast_item_t;

typedef struct sk_ast_file {
  char *path;
  sk_ast_item_t *items;    /* in source order */
} sk_ast_file_t;

/* Constructors take ownership of the strings and children they are given,
 * also when they fail (then they free them and return NULL). */
sk_ast_value_t *sk_ast_value_new(sk_ast_kind_t kind, char *text,
                                 sk_span_t span);
sk_ast_value_t *sk_ast_value_unit(sk_ast_value_t *v, char *unit,
                                  sk_span_t unit_span);
/* "A, B": two numbers (RANKS). */
sk_ast_value_t *sk_ast_value_ranks(char *first, sk_span_t fs, char *second,
                                   sk_span_t ss);
sk_ast_value_t *sk_ast_value_triples(sk_ast_triple_t *reversed,
                                     sk_span_t span);
sk_ast_triple_t *sk_ast_triple_new(char *count, sk_span_t cs, char *offset,
                                   sk_span_t os, char *type, sk_span_t ts,
                                   sk_span_t span);
/* Prepends t to list (triples are collected reversed). */
sk_ast_triple_t *sk_ast_triple_push(sk_ast_triple_t *list,
                                    sk_ast_triple_t *t);
sk_ast_entry_t *sk_ast_entry_new(char *key, sk_span_t key_span,
                                 sk_ast_value_t *value);
sk_ast_item_t *sk_ast_preamble_new(char *key, sk_span_t key_span,
                                   char *text, sk_span_t text_span);
sk_ast_item_t *sk_ast_item_new(sk_ast_item_kind_t kind, char *name,
                               sk_span_t span);

void sk_ast_triples_free(sk_ast_triple_t *t);
void sk_ast_value_free(sk_ast_value_t *v);
void sk_ast_entries_free(sk_ast_entry_t *e);
void sk_ast_items_free(sk_ast_item_t *it);   /* the whole list */
void sk_ast_file_free(sk_ast_file_t *f);

#endif
