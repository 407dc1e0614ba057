/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ast.c -- construction and release of syntax-tree nodes.
 */
#include <config.h>

#include "ast.h"

#include <stdlib.h>

sk_ast_value_t *sk_ast_value_new(sk_ast_kind_t kind, char *text,
                                 sk_span_t span)
{
  sk_ast_value_t *v;
  if (text == NULL || (v = calloc(1, sizeof *v)) == NULL) {
    free(text);
    return NULL;
  }
  v->kind = kind;
  v->text = text;
  v->span = span;
  return v;
}

sk_ast_value_t *sk_ast_value_unit(sk_ast_value_t *v, char *unit,
                                  sk_span_t unit_span)
{
  if (v == NULL || unit == NULL) {
    sk_ast_value_free(v);
    free(unit);
    return NULL;
  }
  v->unit = unit;
  v->unit_span = unit_span;
  v->span.last_line = unit_span.last_line;
  v->span.last_column = unit_span.last_column;
  return v;
}

sk_ast_value_t *sk_ast_value_ranks(char *first, sk_span_t fs, char *second,
                                   sk_span_t ss)
{
  sk_ast_value_t *v;
  if (second == NULL || (v = sk_ast_value_new(SK_AST_RANKS, first, fs)) ==
      NULL) {
    free(first);
    free(second);
    return NULL;
  }
  v->second = second;
  v->first_span = fs;
  v->second_span = ss;
  v->span.last_line = ss.last_line;
  v->span.last_column = ss.last_column;
  return v;
}

sk_ast_value_t *sk_ast_value_triples(sk_ast_triple_t *reversed,
                                     sk_span_t span)
{
  sk_ast_triple_t *list = NULL, *next;
  sk_ast_value_t *v = calloc(1, sizeof *v);
  if (v == NULL) {
    sk_ast_triples_free(reversed);
    return NULL;
  }
  for (; reversed != NULL; reversed = next) {
    next = reversed->next;
    reversed->next = list;
    list = reversed;
  }
  v->kind = SK_AST_TRIPLES;
  v->span = span;
  v->triples = list;
  return v;
}

sk_ast_triple_t *sk_ast_triple_new(char *count, sk_span_t cs, char *offset,
                                   sk_span_t os, char *type, sk_span_t ts,
                                   sk_span_t span)
{
  sk_ast_triple_t *t = NULL;
  if (count && offset && type)
    t = calloc(1, sizeof *t);
  if (t == NULL) {
    free(count);
    free(offset);
    free(type);
    return NULL;
  }
  t->count = count;
  t->offset = offset;
  t->type = type;
  t->count_span = cs;
  t->offset_span = os;
  t->type_span = ts;
  t->span = span;
  return t;
}

sk_ast_triple_t *sk_ast_triple_push(sk_ast_triple_t *list,
                                    sk_ast_triple_t *t)
{
  t->next = list;
  return t;
}

sk_ast_entry_t *sk_ast_entry_new(char *key, sk_span_t key_span,
                                 sk_ast_value_t *value)
{
  sk_ast_entry_t *e = NULL;
  if (key != NULL && value != NULL)
    e = calloc(1, sizeof *e);
  if (e == NULL) {
    free(key);
    sk_ast_value_free(value);
    return NULL;
  }
  e->key = key;
  e->key_span = key_span;
  e->value = value;
  return e;
}

sk_ast_item_t *sk_ast_item_new(sk_ast_item_kind_t kind, char *name,
                               sk_span_t span)
{
  sk_ast_item_t *it = calloc(1, sizeof *it);
  if (it == NULL) {
    free(name);
    return NULL;
  }
  it->kind = kind;
  it->name = name;
  it->span = span;
  return it;
}

sk_ast_item_t *sk_ast_preamble_new(char *key, sk_span_t key_span,
                                   char *text, sk_span_t text_span)
{
  sk_ast_item_t *it;
  if (key == NULL || text == NULL) {
    free(key);
    free(text);
    return NULL;
  }
  it = sk_ast_item_new(SK_AST_PREAMBLE, key, key_span);
  if (it == NULL) {
    free(text);
    return NULL;
  }
  it->text = text;
  it->text_span = text_span;
  return it;
}

void sk_ast_triples_free(sk_ast_triple_t *t)
{
  sk_ast_triple_t *next;
  for (; t != NULL; t = next) {
    next = t->next;
    free(t->count);
    free(t->offset);
    free(t->type);
    free(t);
  }
}

void sk_ast_value_free(sk_ast_value_t *v)
{
  if (v == NULL)
    return;
  free(v->text);
  free(v->unit);
  free(v->second);
  sk_ast_triples_free(v->triples);
  free(v);
}

void sk_ast_entries_free(sk_ast_entry_t *e)
{
  sk_ast_entry_t *next;
  for (; e != NULL; e = next) {
    next = e->next;
    free(e->key);
    sk_ast_value_free(e->value);
    free(e);
  }
}

void sk_ast_items_free(sk_ast_item_t *it)
{
  sk_ast_item_t *next;
  for (; it != NULL; it = next) {
    next = it->next;
    free(it->name);
    free(it->text);
    sk_ast_entries_free(it->entries);
    free(it);
  }
}

void sk_ast_file_free(sk_ast_file_t *f)
{
  if (f == NULL)
    return;
  free(f->path);
  sk_ast_items_free(f->items);
  free(f);
}
