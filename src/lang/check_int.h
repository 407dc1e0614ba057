/* SPDX-License-Identifier: BSD-3-Clause */
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
  long ranks[2];           /* PAIR written A, B: the two ranks, as written */
  sk_span_t span;          /* the value as written (not BUILTIN) */
  sk_span_t unit_span;
} sk_kv_t;

typedef struct sk_check {
  sk_diag_t *diag;
  sk_value_sink_t sink;
  int nprocs;
  int (*unavailable)(int number, char *why, size_t len);   /* the options' */
  int (*large_count)(int number, char *why, size_t len);   /* the options' */
  unsigned (*supports)(int number);                        /* likewise */
  int (*fault)(int number, int nprocs, int derived, char *why,
               size_t len);                                    /* too */
  const struct sk_nodemap *nodes;                          /* the options' */
  int (*type_unavailable)(const char *, char *, size_t);   /* likewise */
  int (*threads_unavailable)(char *why, size_t len);   /* likewise */
  long *max_threads;                                  /* likewise */
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

struct sk_layout;

/* check_resolve.c: one suite's keys while they are resolved, and the
 * helpers check_fit.c shares with it. */
typedef struct sk_resolve {
  sk_check_t *c;
  const sk_ast_item_t *it;
  sk_kv_t *kv;
  sk_suite_t *out;
  const sk_instance_t *inst;   /* NULL: Type unknown */
  long first_length;           /* sk_suite_t.first_length */
  int skip;                    /* Memory_Fit = Clip and nothing fits */
} sk_resolve_t;

/* Rules, for reporting an error that comes from the preamble only once. */
enum {
  SK_RULE_VARIATION, SK_RULE_UNIT, SK_RULE_START, SK_RULE_NODES,
  SK_RULE_MEMORY_END, SK_RULE_MEMORY_LEN, SK_RULE_REPETITION,
  SK_RULE_ARGUMENTS, SK_RULE_DISTANCE, SK_RULE_STEPWIDTH, SK_RULE_GRID,
  SK_RULE_BASETYPE, SK_RULE_LARGE_END, SK_RULE_LARGE_LEN, SK_RULE_RMA_TYPE,
  SK_RULE_RMA_LENGTH
};

#define SK_KV(r, id) (&(r)->kv[SK_KEY_##id])


/* The key has a value (its error, if any, was reported). */
int sk_resolve_known(const sk_kv_t *kv);
/* An error about value a (and b): at the one the suite wrote, else at the
 * preamble line that set one (once per file and rule), else at the
 * suite's name. */
void sk_resolve_error(sk_resolve_t *r, int rule, const sk_kv_t *a,
                      const sk_kv_t *b, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 5, 6)))
#endif
  ;
/* A value for a message: "100", "4194304 = Max_Value", "8, the default",
 * "8, set on line 3". */
const char *sk_resolve_show(const sk_kv_t *kv, char *buf, size_t size);
/* The layout of the suite's messages (src/lang/layout.c); -1 when a
 * pattern or the base type is unknown. */
int sk_resolve_layout(const sk_resolve_t *r, struct sk_layout *l);

/* check_fit.c: lengths against @MEMORY and the int displacements on the
 * run's processes (Memory_Fit: clipped or refused), known faults of the
 * MPI library, master-worker lengths that move nothing. */
/* Bounds length key kv (id: END_ARGUMENT or DEFAULT_MESSAGE_LENGTH);
 * `used`: the suite measures it. */
void sk_fit_length(sk_resolve_t *r, int rule, sk_kv_t *kv, sk_key_id_t id,
                   int used);
/* Memory_Fit not given: the value the origin of the length makes it. */
void sk_fit_memory_fit(sk_resolve_t *r);
/* A suite of an instance the library is known to break is left out. */
void sk_fit_fault(sk_resolve_t *r);
/* The grid of a master-worker Length suite starts at the first length
 * whose chunks carry data. */
void sk_fit_mw(sk_resolve_t *r);
/* A clipped or left-out suite says so (a note; the plan's skip). */
void sk_fit_note(sk_resolve_t *r);

/* check_topology.c: the neighbourhood topology keys against the
 * processes of the run (a random k-regular graph must exist). */
void sk_check_topology(sk_check_t *c, const sk_ast_item_t *it,
                       const sk_kv_t *kv);

/* check_pair.c: Pair and Pairs_Placement where they apply, and against
 * the node map of the run when it is known. */
void sk_check_pair(sk_check_t *c, const sk_ast_item_t *it,
                   const sk_kv_t *kv, sk_suite_t *out);
/* check_support.c: In_Place, Root and Verify against what the instance
 * supports (a preamble default it cannot take falls back to the built-in
 * one in kv); a rank as Root against a Nodes suite's first point. */
void sk_check_support(sk_check_t *c, const sk_ast_item_t *it, sk_kv_t *kv);
/* check_threads.c: Threads only for an instance that takes it, and only
 * where the run can give threads; the largest into *max_threads. */
void sk_check_threads(sk_check_t *c, const sk_ast_item_t *it,
                      const sk_kv_t *kv);

/* check.c: a span's start as a plan position. */
sk_loc_t sk_check_loc(sk_span_t s);

#endif
