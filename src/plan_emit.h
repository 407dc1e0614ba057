/*
 * plan_emit.h -- a suite's resolved keys as a YAML mapping.
 *
 * (Interim declaration; the real module comes with the suite language.)
 */
#ifndef SK_PLAN_EMIT_H
#define SK_PLAN_EMIT_H

#include "emit.h"
#include "plan.h"

/* Emits one mapping holding every key of s with its effective value. */
int sk_plan_emit_suite_params(sk_emit_t *e, const sk_suite_t *s);

#endif
