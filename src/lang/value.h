/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * value.h -- reading one written value (an sk_ast_value_t) as a number,
 * a size, a duration, yes/no or a name, with a located message when it
 * is not one.  `what` names the key in messages ("Max_Repetition",
 * "@MEMORY").  Each function returns 0, or -1 after reporting.
 */
#ifndef SK_VALUE_H
#define SK_VALUE_H

#include <stddef.h>

#include "ast.h"
#include "diag.h"

/* Where messages go. */
typedef struct sk_value_sink {
  sk_diag_t *diag;
  const char *file;
} sk_value_sink_t;

typedef enum {
  SK_SPECIAL_NONE,
  SK_SPECIAL_DEFAULT,      /* Default_Value */
  SK_SPECIAL_INVALID,      /* Invalid_Value: unset */
  SK_SPECIAL_MAX           /* Max_Value: the largest that fits */
} sk_special_t;

/* Which special value v is (names are matched ignoring case). */
sk_special_t sk_value_special(const sk_ast_value_t *v);

/* How v reads in a message: 'yes', '64KiB', "text", a structure. */
void sk_value_show(const sk_ast_value_t *v, char *buf, size_t size);

/* A whole number without a unit (1e3 is 1000). */
int sk_value_integer(const sk_value_sink_t *k, const sk_ast_value_t *v,
                     const char *what, long *out);
/* A real number without a unit. */
int sk_value_real(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, double *out);
/* Bytes: a plain number, or with B, KiB, MiB or GiB; *unit tells whether
 * a unit was written (may be NULL). */
int sk_value_size(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, long *out, int *unit);
/* KiB: a plain number is KiB; with a unit, a whole number of KiB. */
int sk_value_kib(const sk_value_sink_t *k, const sk_ast_value_t *v,
                 const char *what, long *out);
/* Seconds: a plain number, or with s, ms or min. */
int sk_value_duration(const sk_value_sink_t *k, const sk_ast_value_t *v,
                      const char *what, double *out);
/* yes or no. */
int sk_value_bool(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, int *out);
/* A name (an identifier, not quoted); *out borrows v's text. */
int sk_value_name(const sk_value_sink_t *k, const sk_ast_value_t *v,
                  const char *what, const char *expected, const char **out);

#endif
