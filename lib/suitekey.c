/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * suitekey.c -- the suite keys' names from lib/keys.def (suitekey.h).
 */
#include <config.h>

#include "suitekey.h"

#include <stddef.h>
#include <strings.h>

#define SK_NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})

static const struct {
  const char *name;
  const char *const *values;   /* an ENUM key's, NULL-terminated */
} sk_suitekeys[] = {
#define SK_KEY(id, nm, kind, fl, def, lo, hi, names, field, meaning) \
  {(nm), (names)},
#define SK_SETTING(id, nm, kind, def, lo, hi, field, meaning)
#define SK_META(nm, meaning)
#include "keys.def"
#undef SK_KEY
#undef SK_SETTING
#undef SK_META
};

const char *sk_suitekey_name(sk_key_id_t id)
{
  return (unsigned)id < SK_KEY_COUNT ? sk_suitekeys[id].name : NULL;
}

const char *sk_suitekey_value(sk_key_id_t id, long v)
{
  const char *const *names;
  long i;
  if ((unsigned)id >= SK_KEY_COUNT || v < 0)
    return NULL;
  names = sk_suitekeys[id].values;
  for (i = 0; names != NULL && names[i] != NULL; i++)
    if (i == v)
      return names[i];
  return NULL;
}

long sk_suitekey_value_of(sk_key_id_t id, const char *name)
{
  const char *const *names;
  long i;
  if ((unsigned)id >= SK_KEY_COUNT || name == NULL)
    return -1;
  names = sk_suitekeys[id].values;
  for (i = 0; names != NULL && names[i] != NULL; i++)
    if (strcasecmp(names[i], name) == 0)
      return i;
  return -1;
}
