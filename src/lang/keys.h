/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * keys.h -- the keys of a suite file as data (rows in lib/keys.def): suite
 * keys, engine settings and free-text metadata of the preamble.
 */
#ifndef SK_KEYS_H
#define SK_KEYS_H

#include <stddef.h>

#include "plan.h"
#include "suitekey.h"

/* What a key's value is (doc/suite-language.md, "Values"). */
typedef enum {
  SK_KIND_INSTANCE,    /* an instance number or name (Type) */
  SK_KIND_BASETYPE,    /* 0, or N of a preamble @BasetypeN */
  SK_KIND_DATATYPE,    /* a datatype pattern number or name */
  SK_KIND_ENUM,        /* one of the row's names */
  SK_KIND_COUNT,       /* a whole number */
  SK_KIND_REAL,        /* a real number */
  SK_KIND_SIZE,        /* bytes: 256, 64KiB, 1MiB, 1GiB */
  SK_KIND_DURATION,    /* seconds: 10, 10s, 250ms, 5min */
  SK_KIND_BOOL,        /* yes / no */
  SK_KIND_ARGUMENT,    /* what Variation varies: a SIZE for Length, else a
                        * COUNT (processes, chunks) */
  SK_KIND_PAIR,        /* one of the row's names, or two ranks "A, B"
                        * (stored as SK_PAIR_RANKS and pair_ranks) */
  SK_KIND_ROOT,        /* Fixed (rank 0), Rotate, or a rank within lo..hi
                        * and below the processes (SK_ROOT_* in plan.h) */
  SK_KIND_KIB,         /* settings: KiB, a plain number or with a unit */
  SK_KIND_PATH,        /* settings: the rest of the line */
  SK_KIND_DIR          /* settings: a directory that exists and skampi may
                        * write in, the rest of the line */
} sk_kind_t;

enum {
  SK_KF_UNSET_OK = 1u << 0,   /* Invalid_Value allowed: SK_UNSET */
  SK_KF_MAX_OK = 1u << 1,     /* Max_Value allowed */
  SK_KF_LO_OPEN = 1u << 2,    /* value > lo (else >= lo) */
  SK_KF_HI_OPEN = 1u << 3,    /* value < hi (else <= hi) */
  SK_KF_DERIVED = 1u << 4     /* built-in default depends on other keys */
};

typedef enum {
#define SK_KEY(id, nm, kind, fl, def, lo, hi, names, field, meaning)
#define SK_SETTING(id, nm, kind, def, lo, hi, field, meaning) \
  SK_SETTING_##id,
#define SK_META(nm, meaning)
#include "keys.def"
#undef SK_KEY
#undef SK_SETTING
#undef SK_META
  SK_SETTING_COUNT
} sk_setting_id_t;

typedef struct sk_key {
  sk_key_id_t id;
  const char *name;
  sk_kind_t kind;
  unsigned flags;
  const char *def;            /* built-in default as text, or NULL */
  double lo, hi;
  const char *const *names;   /* ENUM: NULL-terminated */
  size_t offset, size;        /* of the field in sk_suite_t */
  const char *meaning;
} sk_key_t;

typedef struct sk_setting {
  sk_setting_id_t id;
  const char *name;
  sk_kind_t kind;
  const char *def;
  double lo, hi;
  size_t offset, size;        /* of the field in sk_plan_t */
  const char *meaning;
} sk_setting_t;

typedef struct sk_meta_key {
  const char *name;
  const char *meaning;
} sk_meta_key_t;

const sk_key_t *sk_key_table(size_t *count);
const sk_key_t *sk_key_get(sk_key_id_t id);
const sk_key_t *sk_key_lookup(const char *name);        /* ignoring case */
const sk_setting_t *sk_setting_table(size_t *count);
const sk_setting_t *sk_setting_lookup(const char *name);
const sk_meta_key_t *sk_meta_key_table(size_t *count);
const sk_meta_key_t *sk_meta_key_lookup(const char *name);

/* Index of name among an ENUM key's names (ignoring case), or -1. */
int sk_key_enum_index(const sk_key_t *k, const char *name);
/* "A, B, C or D" for an ENUM key, into buf. */
void sk_key_enum_list(const sk_key_t *k, char *buf, size_t size);

/* Typed access to a key's field of a suite.  Integer kinds (BASETYPE,
 * DATATYPE, ENUM, COUNT, SIZE, BOOL, ARGUMENT, ROOT) go through long,
 * REAL and DURATION through double; INSTANCE is the `instance` member
 * itself. */
void sk_key_set_long(const sk_key_t *k, sk_suite_t *s, long v);
long sk_key_get_long(const sk_key_t *k, const sk_suite_t *s);
void sk_key_set_double(const sk_key_t *k, sk_suite_t *s, double v);
double sk_key_get_double(const sk_key_t *k, const sk_suite_t *s);
int sk_kind_is_real(sk_kind_t kind);

/* The same for a setting's field of a plan (COUNT, KIB, BOOL: long;
 * PATH: char *, which the plan owns). */
void sk_setting_set_long(const sk_setting_t *k, sk_plan_t *p, long v);
long sk_setting_get_long(const sk_setting_t *k, const sk_plan_t *p);
char **sk_setting_path(const sk_setting_t *k, sk_plan_t *p);
/* DURATION: a double. */
void sk_setting_set_double(const sk_setting_t *k, sk_plan_t *p, double v);
double sk_setting_get_double(const sk_setting_t *k, const sk_plan_t *p);

#endif
