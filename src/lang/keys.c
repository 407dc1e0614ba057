/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * keys.c -- the key tables, built from lib/keys.def.
 */
#include <config.h>

#include "keys.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define SK_NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})

static const sk_key_t sk_keys[] = {
#define SK_KEY(id, nm, kind, fl, def, lo, hi, names, field, meaning) \
  {SK_KEY_##id, (nm), SK_KIND_##kind, (fl), (def), (lo), (hi), (names), \
   offsetof(sk_suite_t, field), sizeof(((sk_suite_t *)0)->field), (meaning)},
#define SK_SETTING(id, nm, kind, def, lo, hi, field, meaning)
#define SK_META(nm, meaning)
#include "keys.def"
#undef SK_KEY
#undef SK_SETTING
#undef SK_META
};

static const sk_setting_t sk_settings[] = {
#define SK_KEY(id, nm, kind, fl, def, lo, hi, names, field, meaning)
#define SK_SETTING(id, nm, kind, def, lo, hi, field, meaning) \
  {SK_SETTING_##id, (nm), SK_KIND_##kind, (def), (lo), (hi), \
   offsetof(sk_plan_t, field), sizeof(((sk_plan_t *)0)->field), (meaning)},
#define SK_META(nm, meaning)
#include "keys.def"
#undef SK_KEY
#undef SK_SETTING
#undef SK_META
};

static const sk_meta_key_t sk_meta_keys[] = {
#define SK_KEY(id, nm, kind, fl, def, lo, hi, names, field, meaning)
#define SK_SETTING(id, nm, kind, def, lo, hi, field, meaning)
#define SK_META(nm, meaning) {(nm), (meaning)},
#include "keys.def"
#undef SK_KEY
#undef SK_SETTING
#undef SK_META
};

#define SK_N(a) (sizeof(a) / sizeof((a)[0]))

const sk_key_t *sk_key_table(size_t *count)
{
  *count = SK_N(sk_keys);
  return sk_keys;
}

const sk_key_t *sk_key_get(sk_key_id_t id)
{
  return &sk_keys[id];
}

const sk_key_t *sk_key_lookup(const char *name)
{
  size_t i;
  for (i = 0; i < SK_N(sk_keys); i++)
    if (strcasecmp(sk_keys[i].name, name) == 0)
      return &sk_keys[i];
  return NULL;
}

const sk_setting_t *sk_setting_table(size_t *count)
{
  *count = SK_N(sk_settings);
  return sk_settings;
}

const sk_setting_t *sk_setting_lookup(const char *name)
{
  size_t i;
  for (i = 0; i < SK_N(sk_settings); i++)
    if (strcasecmp(sk_settings[i].name, name) == 0)
      return &sk_settings[i];
  return NULL;
}

const sk_meta_key_t *sk_meta_key_table(size_t *count)
{
  *count = SK_N(sk_meta_keys);
  return sk_meta_keys;
}

const sk_meta_key_t *sk_meta_key_lookup(const char *name)
{
  size_t i;
  for (i = 0; i < SK_N(sk_meta_keys); i++)
    if (strcasecmp(sk_meta_keys[i].name, name) == 0)
      return &sk_meta_keys[i];
  return NULL;
}

int sk_key_enum_index(const sk_key_t *k, const char *name)
{
  return (int)sk_suitekey_value_of(k->id, name);
}

void sk_key_enum_list(const sk_key_t *k, char *buf, size_t size)
{
  size_t len = 0;
  int i, n = 0;
  buf[0] = '\0';
  while (k->names != NULL && k->names[n] != NULL)
    n++;
  for (i = 0; i < n && len < size; i++)
    len += (size_t)snprintf(buf + len, size - len, "%s%s",
                            i == 0 ? "" : i == n - 1 ? " or " : ", ",
                            k->names[i]);
}

int sk_kind_is_real(sk_kind_t kind)
{
  return kind == SK_KIND_REAL || kind == SK_KIND_DURATION;
}

/* Integer fields are int (also the enums) or long; memcpy keeps the
 * access well-defined whatever integer type an enum is. */
static void sk_key_store_long(void *field, size_t size, long v)
{
  int i = (int)v;
  if (size == sizeof(long))
    memcpy(field, &v, sizeof v);
  else if (size == sizeof(int))
    memcpy(field, &i, sizeof i);
}

static long sk_key_load_long(const void *field, size_t size)
{
  long v = 0;
  int i = 0;
  if (size == sizeof(long)) {
    memcpy(&v, field, sizeof v);
    return v;
  }
  if (size == sizeof(int))
    memcpy(&i, field, sizeof i);
  return i;
}

void sk_key_set_long(const sk_key_t *k, sk_suite_t *s, long v)
{
  sk_key_store_long((char *)s + k->offset, k->size, v);
}

long sk_key_get_long(const sk_key_t *k, const sk_suite_t *s)
{
  return sk_key_load_long((const char *)s + k->offset, k->size);
}

void sk_key_set_double(const sk_key_t *k, sk_suite_t *s, double v)
{
  memcpy((char *)s + k->offset, &v, sizeof v);
}

double sk_key_get_double(const sk_key_t *k, const sk_suite_t *s)
{
  double v;
  memcpy(&v, (const char *)s + k->offset, sizeof v);
  return v;
}

void sk_setting_set_long(const sk_setting_t *k, sk_plan_t *p, long v)
{
  sk_key_store_long((char *)p + k->offset, k->size, v);
}

long sk_setting_get_long(const sk_setting_t *k, const sk_plan_t *p)
{
  return sk_key_load_long((const char *)p + k->offset, k->size);
}

void sk_setting_set_double(const sk_setting_t *k, sk_plan_t *p, double v)
{
  memcpy((char *)p + k->offset, &v, sizeof v);
}

double sk_setting_get_double(const sk_setting_t *k, const sk_plan_t *p)
{
  double v;
  memcpy(&v, (const char *)p + k->offset, sizeof v);
  return v;
}

char **sk_setting_path(const sk_setting_t *k, sk_plan_t *p)
{
  return (char **)(void *)((char *)p + k->offset);
}
