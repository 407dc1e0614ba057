/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plan_emit.h -- a plan as YAML (what `skampi --check` prints), and a
 * suite's resolved keys as a mapping (also the `parameters:` block of
 * the result file).  doc/suite-language.md, "The resolved plan", shows
 * the layout.
 */
#ifndef SK_PLAN_EMIT_H
#define SK_PLAN_EMIT_H

#include <stdio.h>

#include "emit.h"
#include "plan.h"

/* Emits one mapping holding every key of s with its effective value, in
 * the order of keys.def; unset values (Invalid_Value) are null. */
int sk_plan_emit_suite_params(sk_emit_t *e, const sk_suite_t *s);

/* Emits `clipped: {key, asked, largest, limit, memory_kib, note}` when
 * Memory_Fit = Clip lowered a length of s (doc/suite-language.md,
 * "Lengths that do not fit"), else nothing: the plan and the result
 * file both carry it. */
void sk_plan_emit_clip(sk_emit_t *e, const sk_plan_t *p,
                       const sk_suite_t *s);

/* Emits the whole plan as one mapping. */
int sk_plan_emit(sk_emit_t *e, const sk_plan_t *plan);

/* Writes the plan to fp as a YAML document.  Returns 0 or -1. */
int sk_plan_write(const sk_plan_t *plan, FILE *fp);

#endif
