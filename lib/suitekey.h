/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * suitekey.h -- the names of the suite keys, from the rows of
 * lib/keys.def, for every program.
 *
 * The checker's key table (src/lang/keys.h) is built on these ids, and
 * the readers of a result file (skampi-report, skampi-merge, skampi-db)
 * look a suite's recorded parameters up by them: a key's name and the
 * names of its values are written once, in keys.def, and a key that is
 * renamed or removed there no longer compiles where it is read.
 */
#ifndef SK_SUITEKEY_H
#define SK_SUITEKEY_H

/* SK_KEY_<id> for every suite key of keys.def, in its order. */
typedef enum {
#define SK_KEY(id, nm, kind, fl, def, lo, hi, names, field, meaning) \
  SK_KEY_##id,
#define SK_SETTING(id, nm, kind, def, lo, hi, field, meaning)
#define SK_META(nm, meaning)
#include "keys.def"
#undef SK_KEY
#undef SK_SETTING
#undef SK_META
  SK_KEY_COUNT
} sk_key_id_t;

/* The key's name as a suite file and a result file's `parameters`
 * write it ("Outlier_Filter"); NULL for an id out of range. */
const char *sk_suitekey_name(sk_key_id_t id);

/* The name of value V of an ENUM key, V as the checker stores it (0, 1,
 * ... in the row's order: value 1 of Outlier_Filter is "Tukey"); NULL
 * when the key has no such value. */
const char *sk_suitekey_value(sk_key_id_t id, long v);

/* The number of NAME (ignoring case, as the suite language does) among
 * the values of an ENUM key; -1 when it is none of them or NAME is NULL. */
long sk_suitekey_value_of(sk_key_id_t id, const char *name);

#endif
