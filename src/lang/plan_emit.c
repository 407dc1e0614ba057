/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plan_emit.c -- a plan as YAML, through the emit.h helpers.
 */
#include <config.h>

#include "plan_emit.h"

#include "keys.h"
#include "layout.h"

static int sk_plan_emit_key(sk_emit_t *e, const sk_key_t *k,
                            const sk_suite_t *s)
{
  long l;
  double d;
  sk_emit_str(e, k->name);
  switch (k->kind) {
  case SK_KIND_INSTANCE:
    return s->instance ? sk_emit_long(e, s->instance->number)
                       : sk_emit_null(e);
  case SK_KIND_ENUM:
    return sk_emit_str(e, k->names[sk_key_get_long(k, s)]);
  case SK_KIND_PAIR:
    if (sk_key_get_long(k, s) != SK_PAIR_RANKS)
      return sk_emit_str(e, k->names[sk_key_get_long(k, s)]);
    sk_emit_flow_seq_begin(e);
    sk_emit_long(e, s->pair_ranks[0]);
    sk_emit_long(e, s->pair_ranks[1]);
    return sk_emit_seq_end(e);
  case SK_KIND_BOOL:
    return sk_emit_bool(e, sk_key_get_long(k, s) != 0);
  case SK_KIND_ROOT:
    l = sk_key_get_long(k, s);
    return l == 0 ? sk_emit_str(e, "Fixed")
           : l == SK_ROOT_ROTATE ? sk_emit_str(e, "Rotate")
                                 : sk_emit_long(e, l);
  case SK_KIND_REAL:
  case SK_KIND_DURATION:
    d = sk_key_get_double(k, s);
    if ((k->flags & SK_KF_UNSET_OK) && d == SK_UNSET)
      return sk_emit_null(e);
    return sk_emit_double(e, d);
  default:
    l = sk_key_get_long(k, s);
    if ((k->flags & SK_KF_UNSET_OK) && l == SK_UNSET)
      return sk_emit_null(e);
    return sk_emit_long(e, l);
  }
}

int sk_plan_emit_suite_params(sk_emit_t *e, const sk_suite_t *s)
{
  size_t n, i;
  const sk_key_t *k = sk_key_table(&n);
  sk_emit_map_begin(e);
  for (i = 0; i < n; i++)
    sk_plan_emit_key(e, &k[i], s);
  return sk_emit_map_end(e);
}

static int sk_plan_emit_settings(sk_emit_t *e, const sk_plan_t *p)
{
  size_t n, i;
  const sk_setting_t *t = sk_setting_table(&n);
  sk_emit_map_begin(e);
  for (i = 0; i < n; i++) {
    sk_emit_str(e, t[i].name);
    if (t[i].kind == SK_KIND_PATH || t[i].kind == SK_KIND_DIR)
      sk_emit_str(e, *sk_setting_path(&t[i], (sk_plan_t *)p));
    else if (t[i].kind == SK_KIND_BOOL)
      sk_emit_bool(e, sk_setting_get_long(&t[i], p) != 0);
    else if (t[i].kind == SK_KIND_DURATION &&
             sk_setting_get_double(&t[i], p) == SK_UNSET)
      sk_emit_null(e);
    else if (t[i].kind == SK_KIND_DURATION)
      sk_emit_double(e, sk_setting_get_double(&t[i], p));
    else
      sk_emit_long(e, sk_setting_get_long(&t[i], p));
  }
  return sk_emit_map_end(e);
}

static int sk_plan_emit_basetypes(sk_emit_t *e, const sk_plan_t *p)
{
  size_t i, j;
  sk_emit_seq_begin(e);
  for (i = 0; i < p->nbasetypes; i++) {
    const sk_basetype_t *b = &p->basetypes[i];
    sk_emit_map_begin(e);
    sk_emit_kv_long(e, "number", b->number);
    sk_emit_kv_long(e, "line", b->loc.line);
    sk_emit_str(e, "fields");
    sk_emit_seq_begin(e);
    for (j = 0; j < b->nfields; j++) {
      sk_emit_map_begin(e);
      sk_emit_kv_long(e, "count", b->fields[j].count);
      sk_emit_kv_long(e, "offset", b->fields[j].offset);
      sk_emit_kv_str(e, "type", b->fields[j].mpi_type);
      sk_emit_map_end(e);
    }
    sk_emit_seq_end(e);
    sk_emit_map_end(e);
  }
  return sk_emit_seq_end(e);
}

void sk_plan_emit_clip(sk_emit_t *e, const sk_plan_t *p,
                       const sk_suite_t *s)
{
  const sk_clip_t *c = &s->clip;
  char text[640];
  if (!c->clipped)
    return;
  sk_emit_str(e, "clipped");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "key", sk_key_get((sk_key_id_t)c->key)->name);
  sk_emit_kv_long(e, "asked", c->asked);
  sk_emit_str(e, "largest");
  if (c->largest < 0)
    sk_emit_null(e);
  else
    sk_emit_long(e, c->largest);
  sk_emit_kv_str(e, "limit", c->limit == SK_LIMIT_DISPLACEMENTS
                                 ? "displacements" : "memory");
  if (c->limit == SK_LIMIT_MEMORY)
    sk_emit_kv_long(e, "memory_kib", c->memory_kib);
  sk_plan_clip_text(p, s, text, sizeof text);
  sk_emit_kv_str(e, "note", text);
  sk_emit_map_end(e);
}

/* The base type suite s names (NULL: bytes). */
static const sk_basetype_t *sk_plan_emit_base(const sk_plan_t *p,
                                              const sk_suite_t *s)
{
  size_t i;
  for (i = 0; s->basetype != 0 && i < p->nbasetypes; i++)
    if (p->basetypes[i].number == s->basetype)
      return &p->basetypes[i];
  return NULL;
}

/* `buffers: {root: B, other: B}`: the bytes of message buffers rank 0
 * (the root of a rooted collective) and every other process allocate
 * for the suite's longest message on the plan's processes (what the
 * engine allocates, sk_layout_need(); @MEMORY holds the larger). */
static void sk_plan_emit_buffers(sk_emit_t *e, const sk_plan_t *p,
                                 const sk_suite_t *s)
{
  long len = s->variation == SK_VARIATION_LENGTH ? s->end_argument
                                                 : s->default_message_length;
  sk_layout_t l;
  sk_role_t role;
  size_t a, b, root, other;
  if (sk_layout_init(&l, sk_plan_emit_base(p, s), s->send_datatype,
                     s->recv_datatype) != 0)
    return;
  sk_layout_role(&role, s, p->nprocs, SK_ROLE_ROOT);
  root = sk_layout_need(&l, s->instance, len, &role, &a, &b);
  role.root = SK_ROLE_OTHER;
  other = sk_layout_need(&l, s->instance, len, &role, &a, &b);
  sk_emit_str(e, "buffers");
  sk_emit_map_begin(e);
  sk_emit_kv_long(e, "root", (long)root);
  sk_emit_kv_long(e, "other", (long)other);
  sk_emit_map_end(e);
}

static int sk_plan_emit_suite(sk_emit_t *e, const sk_plan_t *p,
                              const sk_suite_t *s)
{
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "name", s->name);
  sk_emit_kv_long(e, "line", s->loc.line);
  sk_emit_kv_long(e, "type", s->instance->number);
  sk_emit_kv_str(e, "instance", s->instance->name);
  sk_emit_kv_str(e, "pattern", sk_instance_pattern_name(s->instance->pattern));
  sk_emit_kv_bool(e, "end_is_max", s->end_is_max);
  sk_emit_str(e, "parameters");
  sk_plan_emit_suite_params(e, s);
  sk_plan_emit_clip(e, p, s);
  sk_plan_emit_buffers(e, p, s);
  if (s->note != NULL)
    sk_emit_kv_str(e, "note", s->note);
  if (s->skip != NULL)
    sk_emit_kv_str(e, "left_out", s->skip);
  return sk_emit_map_end(e);
}

int sk_plan_emit(sk_emit_t *e, const sk_plan_t *p)
{
  size_t i;
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "file", p->path);
  sk_emit_kv_long(e, "processes", p->nprocs);
  sk_emit_str(e, "metadata");
  sk_emit_map_begin(e);
  for (i = 0; i < p->nmeta; i++)
    sk_emit_kv_str(e, p->meta[i].key, p->meta[i].value);
  sk_emit_map_end(e);
  sk_emit_str(e, "settings");
  sk_plan_emit_settings(e, p);
  sk_emit_str(e, "basetypes");
  sk_plan_emit_basetypes(e, p);
  sk_emit_str(e, "suites");
  sk_emit_seq_begin(e);
  for (i = 0; i < p->nsuites; i++)
    sk_plan_emit_suite(e, p, &p->suites[i]);
  sk_emit_seq_end(e);
  return sk_emit_map_end(e);
}

int sk_plan_write(const sk_plan_t *plan, FILE *fp)
{
  sk_emit_t *e = sk_emit_open(fp);
  if (e == NULL)
    return -1;
  if (sk_plan_emit(e, plan) != 0) {
    sk_emit_abort(e);
    return -1;
  }
  return sk_emit_close(e);
}

