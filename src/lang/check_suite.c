/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_suite.c -- the keys of one suite: known, unique, of the right
 * type and range; missing ones take the preamble's or the built-in
 * default.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check_int.h"
#include "datatype.h"
#include "instance.h"
#include "suggest.h"

int sk_check_range(sk_check_t *c, const char *what, double lo, double hi,
                   unsigned flags, const sk_ast_value_t *v, double x)
{
  char shown[64];
  const char *rel = NULL;
  double bound = 0;
  if ((flags & SK_KF_LO_OPEN) ? !(x > lo) : !(x >= lo)) {
    rel = (flags & SK_KF_LO_OPEN) ? "greater than" : "at least";
    bound = lo;
  } else if ((flags & SK_KF_HI_OPEN) ? !(x < hi) : !(x <= hi)) {
    rel = (flags & SK_KF_HI_OPEN) ? "less than" : "at most";
    bound = hi;
  }
  if (rel == NULL)
    return 0;
  sk_value_show(v, shown, sizeof shown);
  sk_diag_error(c->diag, c->sink.file, v->span, "%s must be %s %.15g, not %s",
                what, rel, bound, shown);
  return -1;
}

/* ---- one value by kind ------------------------------------------------------ */

static const sk_instance_t *sk_suite_instance_named(const char *name)
{
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  for (i = 0; i < n; i++)
    if (strcasecmp(t[i].name, name) == 0)
      return &t[i];
  return NULL;
}

/* An instance whose MPI function the library lacks is refused. */
static int sk_suite_available(sk_check_t *c, const sk_ast_value_t *v,
                              const sk_instance_t *in)
{
  char why[256];
  if (c->unavailable == NULL || !c->unavailable(in->number, why, sizeof why))
    return 0;
  sk_diag_error(c->diag, c->sink.file, v->span, "Type '%s' is unavailable: "
                "%s", in->name, why);
  return -1;
}

static int sk_suite_instance(sk_check_t *c, const sk_key_t *k,
                             const sk_ast_value_t *v, sk_kv_t *out)
{
  size_t n, i;
  const sk_instance_t *t;
  sk_suggest_t s;
  const char *name;
  long num;
  if (v->kind == SK_AST_NUMBER) {
    if (sk_value_integer(&c->sink, v, k->name, &num) != 0)
      return -1;
    out->inst = num >= 0 && num < 100000 ? sk_instance_by_number((int)num)
                                         : NULL;
    if (out->inst == NULL)
      sk_diag_error(c->diag, c->sink.file, v->span, "unknown Type %ld "
                    "(skampi --list shows the instances)", num);
    return out->inst != NULL ? sk_suite_available(c, v, out->inst) : -1;
  }
  if (sk_value_name(&c->sink, v, k->name, "an instance number or name",
                    &name) != 0)
    return -1;
  if ((out->inst = sk_suite_instance_named(name)) != NULL)
    return sk_suite_available(c, v, out->inst);
  t = sk_instance_table(&n);
  sk_suggest_init(&s, v->text);
  for (i = 0; i < n; i++)
    sk_suggest_add(&s, t[i].name);
  if (sk_suggest_best(&s) != NULL)
    sk_diag_error(c->diag, c->sink.file, v->span,
                  "unknown Type '%.60s' (did you mean '%s'?)", v->text,
                  sk_suggest_best(&s));
  else
    sk_diag_error(c->diag, c->sink.file, v->span, "unknown Type '%.60s' "
                  "(skampi --list shows the instances)", v->text);
  return -1;
}

/* "0, 50, 51, ..." */
static void sk_suite_datatype_list(char *buf, size_t size)
{
  size_t n, i, len = 0;
  const sk_datatype_t *t = sk_datatype_table(&n);
  buf[0] = '\0';
  for (i = 0; i < n && len < size; i++)
    len += (size_t)snprintf(buf + len, size - len, "%s%d", i ? ", " : "",
                            t[i].number);
}

static int sk_suite_datatype(sk_check_t *c, const sk_key_t *k,
                             const sk_ast_value_t *v, sk_kv_t *out)
{
  const sk_datatype_t *d = NULL, *t;
  char list[128];
  sk_suggest_t s;
  const char *name;
  size_t n, i;
  if (v->kind == SK_AST_NUMBER) {
    if (sk_value_integer(&c->sink, v, k->name, &out->l) != 0)
      return -1;
    if (out->l >= 0 && out->l < 100000)
      d = sk_datatype_by_number((int)out->l);
    sk_suite_datatype_list(list, sizeof list);
    if (d == NULL)
      sk_diag_error(c->diag, c->sink.file, v->span, "unknown datatype "
                    "number %ld (the datatype patterns are %s)", out->l,
                    list);
    return d != NULL ? 0 : -1;
  }
  if (sk_value_name(&c->sink, v, k->name, "a datatype number or name",
                    &name) != 0)
    return -1;
  if ((d = sk_datatype_by_name(name)) != NULL) {
    out->l = d->number;
    return 0;
  }
  t = sk_datatype_table(&n);
  sk_suggest_init(&s, v->text);
  for (i = 0; i < n; i++)
    sk_suggest_add(&s, t[i].name);
  sk_diag_error(c->diag, c->sink.file, v->span,
                "unknown datatype '%.60s'%s%s%s", v->text,
                sk_suggest_best(&s) ? " (did you mean '" : "",
                sk_suggest_best(&s) ? sk_suggest_best(&s) : "",
                sk_suggest_best(&s) ? "'?)" : "");
  return -1;
}

static int sk_suite_enum(sk_check_t *c, const sk_key_t *k,
                         const sk_ast_value_t *v, sk_kv_t *out)
{
  char list[160], shown[64];
  sk_suggest_t s;
  int i;
  if (v->kind == SK_AST_IDENT &&
      (out->l = sk_key_enum_index(k, v->text)) >= 0)
    return 0;
  sk_key_enum_list(k, list, sizeof list);
  sk_value_show(v, shown, sizeof shown);
  sk_suggest_init(&s, v->kind == SK_AST_IDENT ? v->text : "");
  for (i = 0; k->names[i] != NULL; i++)
    sk_suggest_add(&s, k->names[i]);
  if (v->kind == SK_AST_IDENT && sk_suggest_best(&s) != NULL)
    sk_diag_error(c->diag, c->sink.file, v->span,
                  "unknown %s %s (did you mean '%s'?)", k->name, shown,
                  sk_suggest_best(&s));
  else
    sk_diag_error(c->diag, c->sink.file, v->span, "%s expects %s, not %s",
                  k->name, list, shown);
  return -1;
}

/* Pair: one of the names, or two different ranks "A, B" (each a rank of
 * the run: below the processes the file is checked for). */
static int sk_suite_pair(sk_check_t *c, const sk_key_t *k,
                         const sk_ast_value_t *v, sk_kv_t *out)
{
  sk_ast_value_t n[2];
  char list[160], shown[64], what[64];
  int i;
  if (v->kind == SK_AST_IDENT)
    return sk_suite_enum(c, k, v, out);
  snprintf(what, sizeof what, "a rank of %s", k->name);
  sk_value_show(v, shown, sizeof shown);
  if (v->kind != SK_AST_RANKS) {
    sk_key_enum_list(k, list, sizeof list);
    sk_diag_error(c->diag, c->sink.file, v->span, "%s expects %s, or two "
                  "ranks A, B, not %s", k->name, list, shown);
    return -1;
  }
  memset(n, 0, sizeof n);
  n[0].kind = n[1].kind = SK_AST_NUMBER;
  n[0].text = v->text;
  n[0].span = v->first_span;
  n[1].text = v->second;
  n[1].span = v->second_span;
  for (i = 0; i < 2; i++) {
    if (sk_value_integer(&c->sink, &n[i], what, &out->ranks[i]) != 0)
      return -1;
    if (out->ranks[i] < 0 || out->ranks[i] >= c->nprocs) {
      sk_diag_error(c->diag, c->sink.file, n[i].span, "%s: rank %ld is "
                    "not one of the %d processes of the run (0 to %d)",
                    k->name, out->ranks[i], c->nprocs, c->nprocs - 1);
      return -1;
    }
  }
  if (out->ranks[0] == out->ranks[1]) {
    sk_diag_error(c->diag, c->sink.file, v->span, "%s needs two different "
                  "ranks, not %s", k->name, shown);
    return -1;
  }
  out->l = SK_PAIR_RANKS;
  return 0;
}

/* Root: Fixed (rank 0), Rotate, or a rank of the run's processes. */
static int sk_suite_root(sk_check_t *c, const sk_key_t *k,
                         const sk_ast_value_t *v, sk_kv_t *out)
{
  char shown[64];
  sk_suggest_t s;
  if (v->kind == SK_AST_IDENT && (strcasecmp(v->text, "Fixed") == 0 ||
                                   strcasecmp(v->text, "Rotate") == 0)) {
    out->l = strcasecmp(v->text, "Fixed") == 0 ? 0 : SK_ROOT_ROTATE;
    return 0;
  }
  if (v->kind == SK_AST_NUMBER) {
    if (sk_value_integer(&c->sink, v, k->name, &out->l) != 0 ||
        sk_check_range(c, k->name, k->lo, k->hi, k->flags, v,
                       (double)out->l) != 0)
      return -1;
    if (out->l < c->nprocs)
      return 0;
    sk_diag_error(c->diag, c->sink.file, v->span, "Root %ld is not a rank "
                  "of %d processes (ranks 0 to %d)", out->l, c->nprocs,
                  c->nprocs - 1);
    return -1;
  }
  sk_value_show(v, shown, sizeof shown);
  sk_suggest_init(&s, v->kind == SK_AST_IDENT ? v->text : "");
  sk_suggest_add(&s, "Fixed");
  sk_suggest_add(&s, "Rotate");
  if (v->kind == SK_AST_IDENT && sk_suggest_best(&s) != NULL)
    sk_diag_error(c->diag, c->sink.file, v->span, "unknown Root %s (did you "
                  "mean '%s'?)", shown, sk_suggest_best(&s));
  else
    sk_diag_error(c->diag, c->sink.file, v->span, "Root expects Fixed, "
                  "Rotate or a rank, not %s", shown);
  return -1;
}

/* Kinds that are plain numbers: read, then range-checked. */
static int sk_suite_number(sk_check_t *c, const sk_key_t *k,
                           const sk_ast_value_t *v, sk_kv_t *out)
{
  int rc, b = 0;
  double x;
  switch (k->kind) {
  case SK_KIND_REAL:
    rc = sk_value_real(&c->sink, v, k->name, &out->d);
    x = out->d;
    break;
  case SK_KIND_DURATION:
    rc = sk_value_duration(&c->sink, v, k->name, &out->d);
    x = out->d;
    break;
  case SK_KIND_SIZE:
  case SK_KIND_ARGUMENT:
    rc = sk_value_size(&c->sink, v, k->name, &out->l, &out->has_unit);
    x = (double)out->l;
    break;
  case SK_KIND_BOOL:
    rc = sk_value_bool(&c->sink, v, k->name, &b);
    out->l = b;
    return rc;
  default:      /* COUNT, BASETYPE */
    rc = sk_value_integer(&c->sink, v, k->name, &out->l);
    x = (double)out->l;
    break;
  }
  if (rc != 0)
    return -1;
  out->unit_span = v->unit_span;
  return sk_check_range(c, k->name, k->lo, k->hi, k->flags, v, x);
}

int sk_check_value(sk_check_t *c, const sk_key_t *k,
                   const sk_ast_value_t *v, sk_origin_t origin,
                   sk_kv_t *out)
{
  int rc = 0;
  memset(out, 0, sizeof *out);
  out->span = v->span;
  switch (sk_value_special(v)) {
  case SK_SPECIAL_DEFAULT:
    return 1;
  case SK_SPECIAL_INVALID:
    if (!(k->flags & SK_KF_UNSET_OK)) {
      sk_diag_error(c->diag, c->sink.file, v->span, "%s cannot be "
                    "Invalid_Value (left unset): it needs a value", k->name);
      return -1;
    }
    out->unset = 1;
    break;
  case SK_SPECIAL_MAX:
    if (!(k->flags & SK_KF_MAX_OK)) {
      sk_diag_error(c->diag, c->sink.file, v->span,
                    "Max_Value is not allowed for %s", k->name);
      return -1;
    }
    out->is_max = 1;
    break;
  case SK_SPECIAL_NONE:
    if (k->kind == SK_KIND_INSTANCE)
      rc = sk_suite_instance(c, k, v, out);
    else if (k->kind == SK_KIND_DATATYPE)
      rc = sk_suite_datatype(c, k, v, out);
    else if (k->kind == SK_KIND_ENUM)
      rc = sk_suite_enum(c, k, v, out);
    else if (k->kind == SK_KIND_PAIR)
      rc = sk_suite_pair(c, k, v, out);
    else if (k->kind == SK_KIND_ROOT)
      rc = sk_suite_root(c, k, v, out);
    else
      rc = sk_suite_number(c, k, v, out);
    break;
  }
  if (rc != 0)
    return -1;
  out->origin = origin;
  return 0;
}

/* ---- the keys of a suite -------------------------------------------------- */

static void sk_suite_unknown(sk_check_t *c, const sk_ast_entry_t *e)
{
  size_t n, i;
  const sk_key_t *k = sk_key_table(&n);
  sk_suggest_t s;
  if (sk_setting_lookup(e->key) != NULL ||
      sk_meta_key_lookup(e->key) != NULL) {
    sk_diag_error(c->diag, c->sink.file, e->key_span, "'%s' is not a key "
                  "of a suite: it is the preamble line @%s", e->key, e->key);
    return;
  }
  sk_suggest_init(&s, e->key);
  for (i = 0; i < n; i++)
    sk_suggest_add(&s, k[i].name);
  if (sk_suggest_best(&s) != NULL)
    sk_diag_error(c->diag, c->sink.file, e->key_span,
                  "unknown key '%s' (did you mean '%s'?)", e->key,
                  sk_suggest_best(&s));
  else
    sk_diag_error(c->diag, c->sink.file, e->key_span, "unknown key '%s'",
                  e->key);
}

/* given[id]: the suite's entry for each key.  A duplicate is an error,
 * except in a suite that held a syntax error: recovery may have joined
 * two suites into one there. */
static void sk_suite_collect(sk_check_t *c, const sk_ast_item_t *it,
                             const sk_ast_entry_t **given)
{
  const sk_ast_entry_t *e;
  const sk_key_t *k;
  for (e = it->entries; e != NULL; e = e->next) {
    if ((k = sk_key_lookup(e->key)) == NULL) {
      sk_suite_unknown(c, e);
    } else if (given[k->id] == NULL) {
      given[k->id] = e;
    } else if (!it->broken) {
      sk_diag_error(c->diag, c->sink.file, e->key_span,
                    "duplicate key '%s' in suite '%s'", k->name, it->name);
      sk_diag_note(c->diag, c->sink.file, given[k->id]->key_span,
                   "%s was first set here", k->name);
    }
  }
}

/* The value of key k: the suite's, else the preamble's default, else
 * the built-in default. */
static void sk_suite_key(sk_check_t *c, const sk_key_t *k,
                         const sk_ast_entry_t *e, sk_kv_t *kv)
{
  int rc = e != NULL ? sk_check_value(c, k, e->value, SK_ORIGIN_SUITE, kv)
                     : 1;
  if (rc <= 0)
    return;
  if (c->preamble[k->id].origin != SK_ORIGIN_NONE)
    *kv = c->preamble[k->id];
  else
    *kv = c->builtin[k->id];
  if (kv->origin == SK_ORIGIN_NONE && e != NULL)
    sk_diag_error(c->diag, c->sink.file, e->value->span,
                  "%s has no default value: give one", k->name);
}

void sk_check_suite(sk_check_t *c, const sk_ast_item_t *it, sk_suite_t *out)
{
  const sk_ast_entry_t *given[SK_KEY_COUNT] = {NULL};
  sk_kv_t kv[SK_KEY_COUNT];
  size_t n, i;
  const sk_key_t *k = sk_key_table(&n);
  out->name = strdup(it->name);
  out->loc = sk_check_loc(it->span);
  if (out->name == NULL)
    c->nomem = 1;
  sk_suite_collect(c, it, given);
  for (i = 0; i < n; i++)
    sk_suite_key(c, &k[i], given[i], &kv[i]);
  if (given[SK_KEY_TYPE] == NULL && kv[SK_KEY_TYPE].origin ==
      SK_ORIGIN_NONE && !it->broken)
    sk_diag_error(c->diag, c->sink.file, it->span, "suite '%s' has no Type "
                  "(an instance number or name; skampi --list shows them)",
                  it->name);
  sk_check_resolve(c, it, kv, out);
}
