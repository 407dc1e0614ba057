/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plan.c -- releasing a plan; names of its enumerations; what a clipped
 * suite says.
 */
#include <config.h>

#include "plan.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"

void sk_plan_free(sk_plan_t *plan)
{
  size_t i, j;
  if (plan == NULL)
    return;
  for (i = 0; i < plan->nmeta; i++) {
    free(plan->meta[i].key);
    free(plan->meta[i].value);
  }
  for (i = 0; i < plan->nbasetypes; i++) {
    for (j = 0; j < plan->basetypes[i].nfields; j++)
      free(plan->basetypes[i].fields[j].mpi_type);
    free(plan->basetypes[i].fields);
  }
  for (i = 0; i < plan->nsuites; i++) {
    free(plan->suites[i].name);
    free(plan->suites[i].skip);
    free(plan->suites[i].note);
  }
  free(plan->path);
  free(plan->meta);
  free(plan->outfile);
  free(plan->logfile);
  free(plan->io_directory);
  free(plan->basetypes);
  free(plan->suites);
  free(plan);
}

/* The name the suite language accepts (lib/keys.def). */
const char *sk_variation_name(sk_variation_t v)
{
  const char *name = sk_suitekey_value(SK_KEY_VARIATION, (long)v);
  return name ? name : "?";
}

/* Where the limit of sk_layout_fit() lies, as the end of a sentence
 * about the longest message "that fits ...". */
static void sk_plan_clip_where(const sk_plan_t *p, const sk_suite_t *s,
                               char *buf, size_t size)
{
  if (s->clip.limit == SK_LIMIT_DISPLACEMENTS)
    snprintf(buf, size, "the int displacements of %s on %d processes (P "
             "times a message's %s at most %d)", s->instance->name,
             p->nprocs, (s->instance->variations & SK_REQ_DISPL_BYTES)
                            ? "bytes" : "elements", INT_MAX);
  else
    snprintf(buf, size, "@MEMORY (%ld KiB per process) for %s on %d "
             "processes", p->memory_kib, s->instance->name, p->nprocs);
}

/* "; raise @MEMORY to N (KiB) to measure END", where @MEMORY is the
 * limit and some @MEMORY would do. */
static void sk_plan_clip_raise(const sk_suite_t *s, char *buf, size_t size)
{
  const sk_clip_t *c = &s->clip;
  buf[0] = '\0';
  if (c->limit == SK_LIMIT_MEMORY && c->memory_kib > 0 &&
      (unsigned long long)c->memory_kib <= SK_PLAN_MEMORY_MAX_KIB)
    snprintf(buf, size, "; raise @MEMORY to %ld (KiB) to measure %s %ld",
             c->memory_kib, sk_key_get((sk_key_id_t)c->key)->name,
             c->asked);
}

void sk_plan_clip_text(const sk_plan_t *p, const sk_suite_t *s, char *buf,
                       size_t size)
{
  const sk_clip_t *c = &s->clip;
  char where[200], raise[128];
  buf[0] = '\0';
  if (!c->clipped || c->key < 0 || c->key >= SK_KEY_COUNT)
    return;
  sk_plan_clip_where(p, s, where, sizeof where);
  sk_plan_clip_raise(s, raise, sizeof raise);
  if (!c->nothing)
    snprintf(buf, size, "%s %ld is clipped to %ld, the longest message "
             "that fits in %s%s", sk_key_get((sk_key_id_t)c->key)->name,
             c->asked, c->largest, where, raise);
  else if (c->largest >= 0)
    snprintf(buf, size, "left out: Start_Argument %ld is longer than %ld, "
             "the longest message that fits in %s%s", s->start_argument,
             c->largest, where, raise);
  else
    snprintf(buf, size, "left out: not even an empty message fits in %s%s",
             where, raise);
}
