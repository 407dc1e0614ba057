/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_preamble.c -- the preamble: engine settings, free-text metadata,
 * @BasetypeN, defaults of suite keys; and where @MEASUREMENTS stands.
 */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check_int.h"
#include "datatype.h"
#include "grow.h"
#include "iodir.h"
#include "layout.h"
#include "outfile.h"
#include "parse.h"
#include "suggest.h"

/* ---- typed values ------------------------------------------------------ */

/* The value of a typed preamble line, parsed from its text. */
static sk_ast_value_t *sk_pre_value(sk_check_t *c, const sk_ast_item_t *it,
                                    const char *what)
{
  if (it->text[0] == '\0') {
    sk_diag_error(c->diag, c->sink.file, it->span, "%s needs a value",
                  what);
    return NULL;
  }
  return sk_parse_value(c->sink.file, it->text, strlen(it->text),
                        it->text_span, what, c->diag);
}

/* "@NAME" for messages. */
static void sk_pre_what(const char *name, char *buf, size_t size)
{
  snprintf(buf, size, "@%.60s", name);
}

/* A note at the line that first gave the same key. */
static void sk_pre_first(sk_check_t *c, sk_span_t first, const char *what)
{
  sk_diag_note(c->diag, c->sink.file, first, "%s was first given here",
               what);
}

/* The first preamble line before `it` that gives the same key, as told
 * by same(). */
static const sk_ast_item_t *sk_pre_earlier(const sk_check_t *c,
                                           const sk_ast_item_t *it,
                                           int (*same)(const char *,
                                                       const char *))
{
  const sk_ast_item_t *p;
  for (p = c->tree->items; p != NULL && p != it; p = p->next)
    if (p->kind == SK_AST_PREAMBLE && same(p->name, it->name))
      return p;
  return it;
}

static int sk_pre_same_name(const char *a, const char *b)
{
  return strcasecmp(a, b) == 0;
}

/* ---- engine settings ---------------------------------------------------- */

static void sk_pre_setting_defaults(sk_check_t *c)
{
  size_t n, i;
  const sk_setting_t *t = sk_setting_table(&n);
  for (i = 0; i < n; i++)
    if (t[i].kind == SK_KIND_DURATION)
      sk_setting_set_double(&t[i], c->plan, SK_UNSET);
    else if (t[i].def != NULL && t[i].kind == SK_KIND_BOOL)
      sk_setting_set_long(&t[i], c->plan, strcasecmp(t[i].def, "yes") == 0);
    else if (t[i].def != NULL && t[i].kind != SK_KIND_PATH &&
             t[i].kind != SK_KIND_DIR)
      sk_setting_set_long(&t[i], c->plan, strtol(t[i].def, NULL, 10));
}

/* The text of a path or directory setting: the rest of the line, with
 * surrounding double quotes dropped so that a name may end in blanks,
 * stored in the plan's field.  NULL when it is empty (reported: "WHAT
 * needs a NOUN") or memory ran out. */
static const char *sk_pre_text(sk_check_t *c, const sk_ast_item_t *it,
                               const sk_setting_t *s, const char *what,
                               const char *noun)
{
  char **field = sk_setting_path(s, c->plan);
  size_t len = strlen(it->text);
  const char *p = it->text;
  if (len >= 2 && p[0] == '"' && p[len - 1] == '"') {
    p++;
    len -= 2;
  }
  if (len == 0) {
    sk_diag_error(c->diag, c->sink.file, it->span, "%s needs a %s", what,
                  noun);
    return NULL;
  }
  free(*field);
  if ((*field = strndup(p, len)) == NULL)
    c->nomem = 1;
  return *field;
}

/* @OUTFILE and @LOGFILE may name only files below the current directory
 * (lib/outfile.h): a suite file from elsewhere must not write
 * ~/.ssh/authorized_keys. */
static void sk_pre_path(sk_check_t *c, const sk_ast_item_t *it,
                        const sk_setting_t *s, const char *what)
{
  char why[600];
  const char *path = sk_pre_text(c, it, s, what, "file name");
  if (path != NULL &&
      sk_outfile_suite_path(s->name, path, why, sizeof why) != 0)
    sk_diag_error(c->diag, c->sink.file, it->span, "%s", why);
}

/* Any directory may be @IO_DIRECTORY: skampi makes only files of its own
 * names in it (lib/iodir.h), but it must exist here and be writable
 * (checked on every process, where the run starts, and by skampi
 * --check). */
static void sk_pre_dir(sk_check_t *c, const sk_ast_item_t *it,
                       const sk_setting_t *s, const char *what)
{
  char why[700];
  const char *dir = sk_pre_text(c, it, s, what, "directory");
  if (dir != NULL && sk_iodir_check(dir, why, sizeof why) != 0)
    sk_diag_error(c->diag, c->sink.file, it->span, "%s %s", what, why);
}

static void sk_pre_setting(sk_check_t *c, const sk_ast_item_t *it,
                           const sk_setting_t *s, const char *what)
{
  sk_ast_value_t *v;
  long l = 0;
  int b = 0, rc = -1;
  if (s->kind == SK_KIND_PATH) {
    sk_pre_path(c, it, s, what);
    return;
  }
  if (s->kind == SK_KIND_DIR) {
    sk_pre_dir(c, it, s, what);
    return;
  }
  if ((v = sk_pre_value(c, it, what)) == NULL)
    return;
  if (sk_value_special(v) == SK_SPECIAL_DEFAULT) {
    sk_ast_value_free(v);
    return;
  }
  if (s->kind == SK_KIND_DURATION) {
    double d;
    /* Invalid_Value: no budget, as a suite's Time_Suite */
    if (sk_value_special(v) == SK_SPECIAL_INVALID)
      sk_setting_set_double(s, c->plan, SK_UNSET);
    else if (sk_value_duration(&c->sink, v, what, &d) == 0 &&
             sk_check_range(c, what, s->lo, s->hi, SK_KF_LO_OPEN, v, d) == 0)
      sk_setting_set_double(s, c->plan, d);
    sk_ast_value_free(v);
    return;
  }
  if (s->kind == SK_KIND_KIB)
    rc = sk_value_kib(&c->sink, v, what, &l);
  else if (s->kind == SK_KIND_COUNT)
    rc = sk_value_integer(&c->sink, v, what, &l);
  else if ((rc = sk_value_bool(&c->sink, v, what, &b)) == 0)
    l = b;
  if (rc == 0 && sk_check_range(c, what, s->lo, s->hi, 0, v, (double)l) == 0)
    sk_setting_set_long(s, c->plan, l);
  sk_ast_value_free(v);
}

/* ---- metadata ------------------------------------------------------------ */

static int sk_pre_is_user_meta(const char *name)
{
  return (name[0] == 'X' || name[0] == 'x') && name[1] == '_' &&
         name[2] != '\0';
}

static void sk_pre_meta(sk_check_t *c, const sk_ast_item_t *it,
                        const char *key)
{
  sk_plan_t *p = c->plan;
  sk_meta_t *m;
  size_t i;
  for (i = 0; i < p->nmeta; i++)
    if (strcasecmp(p->meta[i].key, key) == 0) {
      sk_diag_error(c->diag, c->sink.file, it->span,
                    "duplicate preamble key '@%s'", it->name);
      sk_pre_first(c, sk_pre_earlier(c, it, sk_pre_same_name)->span, "it");
      return;
    }
  if (SK_GROW(p->meta, p->capmeta, p->nmeta + 1, 8) != 0) {
    c->nomem = 1;
    return;
  }
  m = &p->meta[p->nmeta];
  m->key = strdup(key);
  m->value = strdup(it->text);
  m->loc = sk_check_loc(it->span);
  p->nmeta++;
  if (m->key == NULL || m->value == NULL)
    c->nomem = 1;
}

/* ---- @BasetypeN ---------------------------------------------------------- */

/* N of "BasetypeN" (any case), or -1 for another name. */
static long sk_pre_basetype_number(const char *name)
{
  const char *d;
  if (strncasecmp(name, "Basetype", 8) != 0 || name[8] == '\0')
    return -1;
  for (d = name + 8; *d; d++)
    if (!isdigit((unsigned char)*d))
      return -1;
  return strlen(name + 8) > 6 ? 1000000 : strtol(name + 8, NULL, 10);
}

static int sk_pre_same_basetype(const char *a, const char *b)
{
  return sk_pre_basetype_number(a) == sk_pre_basetype_number(b);
}

/* The table's spelling of an MPI type name, or NULL after an error. */
static const char *sk_pre_mpi_type(sk_check_t *c, const char *name,
                                   sk_span_t span)
{
  size_t n, i;
  const char *const *t;
  const char *canon = sk_mpi_type_lookup(name);
  char why[256];
  sk_suggest_t s;
  if (canon != NULL && (c->type_unavailable == NULL ||
                        !c->type_unavailable(canon, why, sizeof why)))
    return canon;
  if (canon != NULL) {
    sk_diag_error(c->diag, c->sink.file, span, "MPI type '%s' is "
                  "unavailable: %s", canon, why);
    return NULL;
  }
  t = sk_mpi_type_table(&n);
  sk_suggest_init(&s, name);
  for (i = 0; i < n; i++)
    sk_suggest_add(&s, t[i]);
  if (sk_suggest_best(&s) != NULL)
    sk_diag_error(c->diag, c->sink.file, span,
                  "unknown MPI type '%.60s' (did you mean '%s'?)", name,
                  sk_suggest_best(&s));
  else
    sk_diag_error(c->diag, c->sink.file, span,
                  "unknown MPI type '%.60s' (builtin types such as MPI_INT "
                  "or MPI_DOUBLE)", name);
  return NULL;
}

static int sk_pre_field(sk_check_t *c, const sk_ast_triple_t *t,
                        const char *what, sk_basetype_field_t *f)
{
  sk_ast_value_t cv = {SK_AST_NUMBER, t->count_span, t->count, NULL,
                       t->count_span, NULL, NULL, t->count_span,
                       t->count_span};
  sk_ast_value_t ov = {SK_AST_NUMBER, t->offset_span, t->offset, NULL,
                       t->offset_span, NULL, NULL, t->offset_span,
                       t->offset_span};
  const char *type = sk_pre_mpi_type(c, t->type, t->type_span);
  char cw[96], ow[96];
  int bad = type == NULL;
  snprintf(cw, sizeof cw, "%s: the count", what);
  snprintf(ow, sizeof ow, "%s: the offset", what);
  if (sk_value_integer(&c->sink, &cv, cw, &f->count) != 0 ||
      sk_check_range(c, cw, 1, 1e9, 0, &cv, (double)f->count) != 0)
    bad = 1;
  if (sk_value_integer(&c->sink, &ov, ow, &f->offset) != 0 ||
      sk_check_range(c, ow, 0, 1e12, 0, &ov, (double)f->offset) != 0)
    bad = 1;
  if (!bad && (f->mpi_type = strdup(type)) == NULL)
    c->nomem = 1;
  return bad || f->mpi_type == NULL ? -1 : 0;
}

/* A field as the bytes [lo, hi) it covers, and its place in the list. */
typedef struct sk_pre_span {
  long lo, hi;
  size_t index;
} sk_pre_span_t;

static int sk_pre_by_offset(const void *a, const void *b)
{
  const sk_pre_span_t *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

/* Whether two of the first m fields of all[] share a byte: sorted by
 * offset, a field overlaps an earlier one when it starts before the
 * furthest end so far.  tmp holds m spans. */
static int sk_pre_any_overlap(const sk_pre_span_t *all, size_t m,
                              sk_pre_span_t *tmp)
{
  size_t i;
  long end;
  memcpy(tmp, all, m * sizeof *tmp);
  qsort(tmp, m, sizeof *tmp, sk_pre_by_offset);
  for (i = 1, end = m ? tmp[0].hi : 0; i < m; i++) {
    if (tmp[i].lo < end)
      return 1;
    if (tmp[i].hi > end)
      end = tmp[i].hi;
  }
  return 0;
}

/* The fields of b must not share a byte: MPI may not receive into such a
 * type, and a reduction would add a byte twice.  The first field that
 * overlaps an earlier one is reported, with the first field it overlaps.
 * Overlap of the first m fields only grows with m, so that field is found
 * by bisection: n log^2 n steps, not n^2, for a type of many fields. */
static int sk_pre_overlap(sk_check_t *c, const sk_basetype_t *b,
                          const sk_ast_triple_t *t, const char *what)
{
  size_t n = b->nfields, i, lo = 2, hi = n, j;
  sk_pre_span_t *f = malloc(2 * (n ? n : 1) * sizeof *f);
  long sz, al;
  if (f == NULL) {
    c->nomem = 1;
    return -1;
  }
  for (i = 0; i < n; i++) {
    sz = 0;
    sk_mpi_type_bytes_of(b->fields[i].mpi_type, &sz, &al);
    f[i].lo = b->fields[i].offset;
    f[i].hi = f[i].lo + b->fields[i].count * sz;
    f[i].index = i;
  }
  if (n < 2 || !sk_pre_any_overlap(f, n, f + n)) {
    free(f);
    return 0;
  }
  while (lo < hi) {             /* the shortest prefix that overlaps */
    size_t mid = lo + (hi - lo) / 2;
    if (sk_pre_any_overlap(f, mid, f + n))
      hi = mid;
    else
      lo = mid + 1;
  }
  j = lo - 1;
  for (i = 0; !(f[i].lo < f[j].hi && f[j].lo < f[i].hi); i++)
    ;
  for (; j > 0; j--)
    t = t->next;
  sk_diag_error(c->diag, c->sink.file, t->span, "%s: this field "
                "(bytes %ld to %ld) overlaps field %zu (bytes %ld to "
                "%ld)", what, f[lo - 1].lo, f[lo - 1].hi - 1, i + 1,
                f[i].lo, f[i].hi - 1);
  free(f);
  return -1;
}

/* The fields of a base type: one MPI type, or (count, offset, type)s. */
static int sk_pre_fields(sk_check_t *c, const sk_ast_value_t *v,
                         const char *what, sk_basetype_t *b)
{
  const sk_ast_triple_t *t;
  size_t n = 0;
  int bad = 0;
  if (v->kind == SK_AST_TRIPLES) {
    for (t = v->triples; t != NULL; t = t->next)
      n++;
  } else if (v->kind != SK_AST_IDENT) {
    char shown[64];
    sk_value_show(v, shown, sizeof shown);
    sk_diag_error(c->diag, c->sink.file, v->span, "%s expects an MPI type "
                  "or (count, offset, MPI type) triples, not %s", what,
                  shown);
    return -1;
  }
  b->fields = calloc(n ? n : 1, sizeof *b->fields);
  if (b->fields == NULL) {
    c->nomem = 1;
    return -1;
  }
  b->nfields = n ? n : 1;
  if (v->kind == SK_AST_IDENT) {
    const char *type = sk_pre_mpi_type(c, v->text, v->span);
    b->fields[0].count = 1;
    if (type != NULL && (b->fields[0].mpi_type = strdup(type)) == NULL)
      c->nomem = 1;
    return type != NULL ? 0 : -1;
  }
  for (n = 0, t = v->triples; t != NULL; t = t->next, n++)
    bad |= sk_pre_field(c, t, what, &b->fields[n]) != 0;
  if (!bad)
    bad = sk_pre_overlap(c, b, v->triples, what) != 0;
  return bad ? -1 : 0;
}

static void sk_pre_basetype(sk_check_t *c, const sk_ast_item_t *it, long num,
                            const char *what)
{
  sk_plan_t *p = c->plan;
  sk_basetype_t *b;
  sk_ast_value_t *v;
  size_t i;
  long size, extent;
  if (num < 1 || num > 9999) {
    sk_diag_error(c->diag, c->sink.file, it->span, num == 0
                  ? "%s is built in (MPI_CHAR) and cannot be redefined"
                  : "%s: base types are numbered 1 to 9999", what);
    return;
  }
  for (i = 0; i < p->nbasetypes; i++)
    if (p->basetypes[i].number == num) {
      sk_diag_error(c->diag, c->sink.file, it->span,
                    "duplicate base type %s", what);
      sk_pre_first(c, sk_pre_earlier(c, it, sk_pre_same_basetype)->span,
                   "it");
      return;
    }
  if ((v = sk_pre_value(c, it, what)) == NULL)
    return;
  if (SK_GROW(p->basetypes, p->capbasetypes, p->nbasetypes + 1, 4) != 0) {
    c->nomem = 1;
    sk_ast_value_free(v);
    return;
  }
  b = &p->basetypes[p->nbasetypes++];
  memset(b, 0, sizeof *b);
  b->number = (int)num;
  b->loc = sk_check_loc(it->span);
  if (sk_pre_fields(c, v, what, b) == 0 &&
      sk_layout_base(b, &size, &extent) == 0) {
    b->size = size;
    b->extent = extent;
  }
  sk_ast_value_free(v);
}

/* ---- defaults of suite keys --------------------------------------------- */

static void sk_pre_default(sk_check_t *c, const sk_ast_item_t *it,
                           const sk_key_t *k, const char *what)
{
  sk_ast_value_t *v;
  sk_kv_t kv;
  if (c->preamble_at[k->id] != NULL) {
    sk_diag_error(c->diag, c->sink.file, it->span,
                  "duplicate preamble key '%s'", what);
    sk_pre_first(c, c->preamble_at[k->id]->span, "it");
    return;
  }
  c->preamble_at[k->id] = it;
  if ((v = sk_pre_value(c, it, what)) == NULL)
    return;
  if (sk_check_value(c, k, v, SK_ORIGIN_PREAMBLE, &kv) == 0)
    c->preamble[k->id] = kv;
  sk_ast_value_free(v);
}

/* ---- one line ------------------------------------------------------------- */

static void sk_pre_unknown(sk_check_t *c, const sk_ast_item_t *it)
{
  size_t n, i;
  const sk_key_t *k = sk_key_table(&n);
  const sk_setting_t *st;
  const sk_meta_key_t *mt;
  sk_suggest_t s;
  sk_suggest_init(&s, it->name);
  for (i = 0; i < n; i++)
    sk_suggest_add(&s, k[i].name);
  for (st = sk_setting_table(&n), i = 0; i < n; i++)
    sk_suggest_add(&s, st[i].name);
  for (mt = sk_meta_key_table(&n), i = 0; i < n; i++)
    sk_suggest_add(&s, mt[i].name);
  sk_suggest_add(&s, "MEASUREMENTS");
  sk_suggest_add(&s, "Basetype1");
  if (sk_suggest_best(&s) != NULL)
    sk_diag_error(c->diag, c->sink.file, it->span,
                  "unknown preamble key '@%s' (did you mean '@%s'?)",
                  it->name, sk_suggest_best(&s));
  else
    sk_diag_error(c->diag, c->sink.file, it->span,
                  "unknown preamble key '@%s' (free-text keys of your own "
                  "start with @X_)", it->name);
}

static void sk_pre_line(sk_check_t *c, const sk_ast_item_t *it)
{
  const sk_setting_t *s;
  const sk_meta_key_t *m;
  const sk_key_t *k;
  long num;
  char what[72];
  sk_pre_what(it->name, what, sizeof what);
  if ((s = sk_setting_lookup(it->name)) != NULL)
    sk_pre_setting(c, it, s, what);
  else if ((m = sk_meta_key_lookup(it->name)) != NULL)
    sk_pre_meta(c, it, m->name);
  else if (sk_pre_is_user_meta(it->name))
    sk_pre_meta(c, it, it->name);
  else if ((num = sk_pre_basetype_number(it->name)) >= 0)
    sk_pre_basetype(c, it, num, what);
  else if ((k = sk_key_lookup(it->name)) != NULL)
    sk_pre_default(c, it, k, what);
  else
    sk_pre_unknown(c, it);
}

/* Every setting given twice is an error (metadata and base types check
 * their own lists). */
static int sk_pre_dup_setting(sk_check_t *c, const sk_ast_item_t *it,
                              const sk_ast_item_t **seen)
{
  const sk_setting_t *s = sk_setting_lookup(it->name);
  if (s == NULL)
    return 0;
  if (seen[s->id] == NULL) {
    seen[s->id] = it;
    return 0;
  }
  sk_diag_error(c->diag, c->sink.file, it->span,
                "duplicate preamble key '@%s'", it->name);
  sk_pre_first(c, seen[s->id]->span, "it");
  return 1;
}

/* ---- order of the items --------------------------------------------------- */

static void sk_pre_order(sk_check_t *c, const sk_ast_item_t *it,
                         const sk_ast_item_t **meas, int *suite_seen)
{
  if (it->kind == SK_AST_MEASUREMENTS && *meas != NULL) {
    sk_diag_error(c->diag, c->sink.file, it->span,
                  "duplicate @MEASUREMENTS");
    sk_pre_first(c, (*meas)->span, "@MEASUREMENTS");
  } else if (it->kind == SK_AST_MEASUREMENTS) {
    *meas = it;
  } else if (it->kind == SK_AST_PREAMBLE && *meas != NULL) {
    sk_diag_error(c->diag, c->sink.file, it->span,
                  "'@%s' comes after @MEASUREMENTS (line %d): preamble "
                  "keys come first", it->name, (*meas)->span.first_line);
  } else if (it->kind == SK_AST_SUITE && *meas == NULL && !*suite_seen) {
    sk_diag_error(c->diag, c->sink.file, it->span,
                  "suite '%s' comes before @MEASUREMENTS: suites follow "
                  "the line @MEASUREMENTS", it->name);
  }
  *suite_seen |= it->kind == SK_AST_SUITE;
}

void sk_check_preamble(sk_check_t *c, const sk_ast_file_t *f)
{
  const sk_ast_item_t *it, *meas = NULL;
  const sk_ast_item_t *seen[SK_SETTING_COUNT] = {NULL};
  int suite_seen = 0;
  sk_pre_setting_defaults(c);
  for (it = f->items; it != NULL; it = it->next) {
    sk_pre_order(c, it, &meas, &suite_seen);
    if (it->kind == SK_AST_PREAMBLE && !sk_pre_dup_setting(c, it, seen))
      sk_pre_line(c, it);
  }
}
