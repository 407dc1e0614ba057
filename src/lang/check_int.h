/*
 * check_int.h -- shared by the parts of the semantic check (check.c,
 * check_preamble.c, check_suite.c, check_resolve.c); not an interface.
 */
#ifndef SK_CHECK_INT_H
#define SK_CHECK_INT_H

#include "ast.h"
#include "check.h"
#include "keys.h"
#include "plan.h"
#include "value.h"

/* Where a key's value came from. */
typedef enum {
  SK_ORIGIN_NONE,          /* no value: missing, or its error was reported */
  SK_ORIGIN_BUILTIN,       /* the built-in default (keys.def) */
  SK_ORIGIN_PREAMBLE,      /* a preamble default @Key value */
  SK_ORIGIN_SUITE          /* written in the suite */
} sk_origin_t;

/* One key's value while a suite is resolved. */
typedef struct sk_kv {
  sk_origin_t origin;
  int unset;               /* Invalid_Value */
  int is_max;              /* Max_Value (resolved later) */
  int has_unit;            /* a unit was written */
  long l;                  /* integer kinds, ENUM index, BOOL */
  double d;                /* REAL, DURATION */
  const sk_instance_t *inst;   /* INSTANCE */
  sk_span_t span;          /* the value as written (not BUILTIN) */
  sk_span_t unit_span;
} sk_kv_t;

typedef struct sk_check {
  sk_diag_t *diag;
  sk_value_sink_t sink;
  int nprocs;
  int (*unavailable)(int number, char *why, size_t len);   /* the options' */
  int (*large_count)(int number, char *why, size_t len);   /* the options' */
  sk_plan_t *plan;
  const sk_ast_file_t *tree;   /* the file being checked */
  int nomem;
  size_t parse_errors;     /* errors the parser reported before the check */
  sk_kv_t builtin[SK_KEY_COUNT];
  sk_kv_t preamble[SK_KEY_COUNT];          /* origin NONE: not given */
  const sk_ast_item_t *preamble_at[SK_KEY_COUNT];  /* where given */
  unsigned long reported;  /* cross-key errors shown at a preamble line */
} sk_check_t;

/* check_preamble.c: the preamble lines, the order of the items. */
void sk_check_preamble(sk_check_t *c, const sk_ast_file_t *f);

/* check_suite.c: one value of key k into *out.  Returns 0, 1 when it is
 * Default_Value, -1 after reporting an error. */
int sk_check_value(sk_check_t *c, const sk_key_t *k,
                   const sk_ast_value_t *v, sk_origin_t origin,
                   sk_kv_t *out);
/* Checks that x is within [lo, hi] (bounds open per flags). */
int sk_check_range(sk_check_t *c, const char *what, double lo, double hi,
                   unsigned flags, const sk_ast_value_t *v, double x);
/* check_suite.c: one suite into *out. */
void sk_check_suite(sk_check_t *c, const sk_ast_item_t *it, sk_suite_t *out);

/* check_resolve.c: derived defaults, Max_Value, cross-key rules, and the
 * values into *out. */
void sk_check_resolve(sk_check_t *c, const sk_ast_item_t *it, sk_kv_t *kv,
                      sk_suite_t *out);

/* check_topology.c: the neighbourhood topology keys against the
 * processes of the run (a random k-regular graph must exist). */
void sk_check_topology(sk_check_t *c, const sk_ast_item_t *it,
                       const sk_kv_t *kv);

/* check.c: a span's start as a plan position. */
sk_loc_t sk_check_loc(sk_span_t s);

#endif
