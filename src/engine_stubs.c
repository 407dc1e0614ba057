/*
 * engine_stubs.c -- INTERIM stand-ins so the engine builds and runs before
 * the suite language (plan.c, plan_emit.c) lands on main.  Deleted at
 * that merge; nothing here is the real thing.
 */
#include "emit.h"
#include "plan.h"
#include "plan_emit.h"

void sk_plan_free(sk_plan_t *plan)
{
  (void)plan;
}

const char *sk_variation_name(sk_variation_t v)
{
  static const char *const n[] = {"none", "Length", "Nodes", "Chunks"};
  return n[v];
}

const char *sk_scale_name(sk_scale_t s)
{
  static const char *const n[] = {"Fixed_linear", "Fixed_log",
                                  "Dynamic_linear", "Dynamic_log"};
  return n[s];
}

int sk_plan_emit_suite_params(sk_emit_t *e, const sk_suite_t *s)
{
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "Variation", sk_variation_name(s->variation));
  sk_emit_kv_str(e, "Scale", sk_scale_name(s->scale));
  sk_emit_kv_long(e, "Start_Argument", s->start_argument);
  sk_emit_kv_long(e, "End_Argument", s->end_argument);
  sk_emit_kv_double(e, "Standard_error", s->standard_error);
  return sk_emit_map_end(e);
}
