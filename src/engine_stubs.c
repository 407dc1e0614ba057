/*
 * engine_stubs.c -- INTERIM stand-ins so the engine builds and runs before
 * the suite language (plan.c, plan_emit.c) and the refinement (refine.c)
 * land on main.  Deleted at that merge; nothing here is the real thing:
 * the refinement below only walks the fixed grid.
 */
#include <math.h>
#include <stdlib.h>

#include "emit.h"
#include "plan.h"
#include "plan_emit.h"
#include "refine.h"

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

struct sk_refine {
  sk_refine_params_t p;
  long next;
  int started, done;
};

sk_refine_t *sk_refine_new(const sk_refine_params_t *p)
{
  sk_refine_t *r = calloc(1, sizeof *r);
  if (r != NULL)
    r->p = *p;
  return r;
}

int sk_refine_next(sk_refine_t *r, long *arg, int *refined)
{
  long a;
  *refined = 0;
  if (r->done)
    return 0;
  if (!r->started) {
    r->started = 1;
    r->next = r->p.start;
  }
  a = r->next;
  if (a >= r->p.end) {
    a = r->p.end;
    r->done = 1;
  } else if (r->p.log_scale) {
    long n = (long)ceil((double)(a > 0 ? a : 1) * r->p.stepwidth);
    r->next = a == 0 ? 1 : (n > a ? n : a + 1);
  } else {
    long n = a + (long)r->p.stepwidth;
    r->next = n > a ? n : a + 1;
  }
  *arg = a;
  return 1;
}

int sk_refine_record(sk_refine_t *r, long arg, double time)
{
  (void)r; (void)arg; (void)time;
  return 0;
}

void sk_refine_free(sk_refine_t *r)
{
  free(r);
}
