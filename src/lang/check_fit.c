/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_fit.c -- what fits on the run's processes: a suite's length
 * against @MEMORY and the int displacements of the v-collectives
 * (Memory_Fit: clipped to what fits, or refused), the known faults of
 * the MPI library (the suite left out), and the lengths of a
 * master-worker suite whose chunks carry no data (the grid starts
 * above them).  doc/suite-language.md, "Lengths that do not fit".
 */
#include <config.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_int.h"
#include "layout.h"

/* How much wider than its data a layout's pattern is (1: no gaps). */
static double sk_fit_pattern_width(long extent, int per, long base)
{
  return (double)extent / ((double)per * (double)base);
}

/* The receives in flight at once that the suite's Window and Threads
 * make for the instance (sk_instance_slots()): its buffers hold one
 * message each.  -1 when the instance takes a key whose error is
 * reported already. */
static long sk_fit_slots(const sk_resolve_t *r)
{
  const sk_kv_t *w = SK_KV(r, WINDOW), *t = SK_KV(r, THREADS);
  if (((r->inst->variations & SK_TAKES_WINDOW) && !sk_resolve_known(w)) ||
      ((r->inst->variations & SK_TAKES_THREADS) && !sk_resolve_known(t)))
    return -1;
  return sk_instance_slots(r->inst, sk_resolve_known(t) ? t->l : 1,
                           sk_resolve_known(w) ? w->l : 1);
}

/* The role of a process of the suite being resolved on `nprocs`
 * processes (root: SK_ROLE_*), from its keys as sk_layout_role() takes
 * it from a plan's suite: the topology's degree, equal shares, the
 * receives in flight. */
static void sk_fit_role(const sk_resolve_t *r, int nprocs, int root,
                        sk_role_t *role)
{
  const sk_kv_t *t = SK_KV(r, NEIGHBOR_TOPOLOGY);
  const sk_kv_t *d = SK_KV(r, NEIGHBOR_DIMENSIONS);
  const sk_kv_t *k = SK_KV(r, NEIGHBOR_DEGREE);
  const sk_kv_t *c = SK_KV(r, COUNT_DISTRIBUTION);
  role->nprocs = nprocs;
  role->root = root;
  role->degree = 0;
  if (sk_resolve_known(t))
    role->degree = sk_layout_degree((int)t->l,
                                    sk_resolve_known(d) ? d->l : 0,
                                    sk_resolve_known(k) ? k->l : 0);
  role->equal = sk_resolve_known(c) && c->l == 0;
  role->slots = sk_fit_slots(r);
}

/* The most any process of the run needs for a message of length bytes. */
static size_t sk_fit_need(const sk_resolve_t *r, const sk_layout_t *l,
                          long length, int nprocs)
{
  sk_role_t any;
  size_t s, v;
  sk_fit_role(r, nprocs, SK_ROLE_ANY, &any);
  return sk_layout_need(l, r->inst, length, &any, &s, &v);
}

/* What makes the buffers wide, for the memory message: " on 4
 * processes" where the process count matters, " with 64 receives in
 * flight" where the window does, and the datatype pattern and structured
 * base type whose gaps count. */
static const char *sk_fit_procs(const sk_resolve_t *r,
                                const sk_layout_t *l, char *buf,
                                size_t size)
{
  double ws = sk_fit_pattern_width(l->send_extent, l->send_per,
                                  l->base_extent);
  double wr = sk_fit_pattern_width(l->recv_extent, l->recv_per,
                                  l->base_extent);
  int gapped = l->base_extent > l->base_size, n = 0;
  long slots = sk_fit_slots(r);
  buf[0] = '\0';
  if (sk_fit_need(r, l, 1L << 20, r->c->nprocs) !=
      sk_fit_need(r, l, 1L << 20, 1))
    n = snprintf(buf, size, " on %d processes", r->c->nprocs);
  if (slots > 1 && n >= 0 && (size_t)n < size)
    n += snprintf(buf + n, size - (size_t)n, " with %ld receives in flight",
                  slots);
  if (n >= 0 && (size_t)n < size && (ws > 1.0 || wr > 1.0))
    n += snprintf(buf + n, size - (size_t)n, " in the layout of datatype "
                  "%d%s", ws >= wr ? l->send : l->recv, gapped ? " over"
                                                               : "");
  else if (n >= 0 && (size_t)n < size && gapped)
    n += snprintf(buf + n, size - (size_t)n, " in the layout of");
  if (n >= 0 && (size_t)n < size && gapped)
    n += snprintf(buf + n, size - (size_t)n, " @Basetype%ld",
                  SK_KV(r, BASETYPE_NUMBER)->l);
  if (n >= 0 && (size_t)n < size && sk_layout_width(l) > 1.0)
    snprintf(buf + n, size - (size_t)n, " (%g times as wide as its data)",
             sk_layout_width(l));
  return buf;
}

/* The Memory_Fit of length key kv: as the suite or the preamble says;
 * not given, Clip for a length from the preamble or the built-in
 * default, Refuse for one the suite writes (doc/suite-language.md,
 * "Lengths that do not fit"). */
static int sk_fit_clips(const sk_resolve_t *r, const sk_kv_t *kv)
{
  const sk_kv_t *f = SK_KV(r, MEMORY_FIT);
  if (sk_resolve_known(f) && f->origin != SK_ORIGIN_BUILTIN)
    return f->l == SK_FIT_CLIP;
  return kv->origin != SK_ORIGIN_SUITE;
}

/* "; raise @MEMORY to 32768 (KiB) to measure it", the way out of a
 * refusal; "" when no @MEMORY would do. */
static const char *sk_fit_raise(const sk_resolve_t *r,
                                const sk_layout_t *l, long length,
                                char *buf, size_t size)
{
  size_t need = sk_fit_need(r, l, length, r->c->nprocs);
  unsigned long long kib = ((unsigned long long)need + 1023) / 1024;
  buf[0] = '\0';
  if (kib <= SK_PLAN_MEMORY_MAX_KIB &&
      sk_layout_displ_fits(l, r->inst, length, r->c->nprocs))
    snprintf(buf, size, "; raise @MEMORY to %llu (KiB) to measure it",
             kib);
  return buf;
}

/* Memory_Fit = Clip: the length becomes the longest that fits, and the
 * suite says so (sk_plan_clip_text()); when not even Start_Argument (or
 * an empty message) fits, the suite is left out of the run instead. */
static void sk_fit_clip(sk_resolve_t *r, sk_kv_t *kv, sk_key_id_t id,
                        const sk_layout_t *l, long fit,
                        sk_limit_t limit)
{
  const sk_kv_t *s = SK_KV(r, START_ARGUMENT);
  const sk_kv_t *v = SK_KV(r, VARIATION);
  sk_clip_t *c = &r->out->clip;
  long least = id == SK_KEY_END_ARGUMENT && sk_resolve_known(v) &&
               v->l == SK_VARIATION_LENGTH && sk_resolve_known(s) ? s->l : 0;
  c->clipped = 1;
  c->key = (int)id;
  c->asked = kv->l;
  c->largest = fit;
  c->limit = limit;
  c->nothing = 0;
  c->memory_kib = 0;
  if (limit == SK_LIMIT_MEMORY)
    c->memory_kib = (long)((sk_fit_need(r, l, kv->l, r->c->nprocs) +
                            1023) / 1024);
  if (fit >= 0 && fit >= least) {
    kv->l = fit;
    return;
  }
  c->nothing = 1;
  r->skip = 1;
}

/* Max_Value becomes the longest message whose buffers fit in @MEMORY on
 * the run's processes and whose displacements fit in an int, computed
 * as the engine computes it (sk_layout_fit()); a length above it is
 * clipped to it (Memory_Fit = Clip) or an error.  `used`: the suite
 * measures this length (End_Argument of a Length suite,
 * Default_Message_length of the others); a clippable length it does
 * not measure is not bounded at all. */
void sk_fit_length(sk_resolve_t *r, int rule, sk_kv_t *kv,
                   sk_key_id_t id, int used)
{
  long mem = r->c->plan->memory_kib * 1024L, fit;
  const char *key = sk_key_get(id)->name;
  char shown[64], procs[160], raise[64];
  int clip = sk_fit_clips(r, kv);
  sk_limit_t limit;
  sk_layout_t l;
  sk_role_t any;
  if (r->inst == NULL || !sk_resolve_known(kv) || kv->unset ||
      (clip && !used) || sk_fit_slots(r) < 0 ||
      sk_resolve_layout(r, &l) != 0)
    return;
  sk_fit_role(r, r->c->nprocs, SK_ROLE_ANY, &any);
  fit = sk_layout_fit(&l, r->inst, mem, &any, &limit);
  if (kv->is_max && fit >= 0)
    kv->l = fit;
  if (fit >= 0 && kv->l <= fit)
    return;
  if (clip) {
    sk_fit_clip(r, kv, id, &l, fit, limit);
  } else if (limit == SK_LIMIT_DISPLACEMENTS) {
    sk_resolve_error(r, rule, kv, NULL, "%s (%s) is too long for %s on %d "
                     "processes: its displacements are ints, and %d times "
                     "the message's %s pass %d; at most %ld fits",
                     key, sk_resolve_show(kv, shown, sizeof shown),
                     r->inst->name, r->c->nprocs, r->c->nprocs,
                     (r->inst->variations & SK_REQ_DISPL_BYTES) ? "bytes"
                                                                : "elements",
                     INT_MAX, fit);
  } else if (fit < 0) {
    sk_resolve_error(r, rule, kv, NULL, "%s (%s) does not fit in @MEMORY "
                     "(%ld KiB per process): no message fits for %s%s%s",
                     key, sk_resolve_show(kv, shown, sizeof shown),
                     r->c->plan->memory_kib, r->inst->name,
                     sk_fit_procs(r, &l, procs, sizeof procs),
                     sk_fit_raise(r, &l, 0, raise, sizeof raise));
  } else {
    sk_resolve_error(r, rule, kv, NULL, "%s (%s) does not fit in @MEMORY "
                     "(%ld KiB per process): at most %ld fits for %s%s%s",
                     key, sk_resolve_show(kv, shown, sizeof shown),
                     r->c->plan->memory_kib, fit, r->inst->name,
                     sk_fit_procs(r, &l, procs, sizeof procs),
                     sk_fit_raise(r, &l, kv->l, raise, sizeof raise));
  }
}

/* Memory_Fit not given: what sk_fit_clips() made of the length the
 * suite measures, for the plan and the result. */
void sk_fit_memory_fit(sk_resolve_t *r)
{
  sk_kv_t *f = SK_KV(r, MEMORY_FIT);
  const sk_kv_t *v = SK_KV(r, VARIATION);
  const sk_kv_t *len = sk_resolve_known(v) && v->l == SK_VARIATION_LENGTH
                           ? SK_KV(r, END_ARGUMENT)
                           : SK_KV(r, DEFAULT_MESSAGE_LENGTH);
  if (sk_resolve_known(f) && f->origin == SK_ORIGIN_BUILTIN)
    f->l = sk_fit_clips(r, len) ? SK_FIT_CLIP : SK_FIT_REFUSE;
}

/* The most processes a point of the suite runs on: the pair of a
 * ping-pong, End_Argument of a Nodes suite, else every process. */
static int sk_fit_most_procs(const sk_resolve_t *r)
{
  const sk_kv_t *v = SK_KV(r, VARIATION), *e = SK_KV(r, END_ARGUMENT);
  const sk_instance_pattern_info_t *p = sk_instance_pattern(r->inst->pattern);
  if (p != NULL && p->pair)
    return 2;
  if (sk_resolve_known(v) && v->l == SK_VARIATION_NODES &&
      sk_resolve_known(e) && e->l < r->c->nprocs)
    return (int)(e->l > 1 ? e->l : 1);
  return r->c->nprocs;
}

/* An instance the MPI library is known to break on these processes is
 * left out of the run (not refused: the rest of the file runs), with a
 * note at its Type. */
void sk_fit_fault(sk_resolve_t *r)
{
  const sk_kv_t *t = SK_KV(r, TYPE);
  char why[600], text[680];
  if (r->inst == NULL || r->c->fault == NULL ||
      !r->c->fault(r->inst->number, sk_fit_most_procs(r),
                   r->out->send_datatype != 0 || r->out->recv_datatype != 0,
                   why, sizeof why))
    return;
  r->out->skip_fault = 1;
  r->out->skip_absent = 0;
  snprintf(text, sizeof text, "left out on %d processes: %s",
           sk_fit_most_procs(r), why);
  free(r->out->skip);
  if ((r->out->skip = strdup(text)) == NULL)
    r->c->nomem = 1;
  sk_diag_remark(r->c->diag, r->c->sink.file,
                 t->origin == SK_ORIGIN_SUITE ? t->span : r->it->span,
                 "suite '%s': %s", r->it->name, text);
}

/* A clipped or left-out suite says so in --check (a note at its name,
 * which is no error) and carries the sentence into the run. */
void sk_fit_note(sk_resolve_t *r)
{
  char text[640];
  if (!r->out->clip.clipped)
    return;
  sk_plan_clip_text(r->c->plan, r->out, text, sizeof text);
  if (r->out->clip.nothing && r->out->skip == NULL &&
      (r->out->skip = strdup(text)) == NULL)
    r->c->nomem = 1;
  sk_diag_remark(r->c->diag, r->c->sink.file, r->it->span, "suite '%s': %s",
                 r->it->name, text);
}


/* ---- master-worker chunks -------------------------------------------- */

/* A master-worker message is cut into n chunks (Default_Chunks, else one
 * per worker: P - 1), each a whole number of units (a base element, or a
 * pattern's 8): on P processes a length below n units moves nothing.
 * A Length suite's grid starts there: the first length above 0 of a log
 * grid from 0 (first_length), a Start_Argument above 0 below it raised;
 * the suite says so.  When End_Argument is below it, nothing of the
 * suite would move data, and it is left out. */
void sk_fit_mw(sk_resolve_t *r)
{
  sk_kv_t *v = SK_KV(r, VARIATION), *s = SK_KV(r, START_ARGUMENT);
  const sk_kv_t *e = SK_KV(r, END_ARGUMENT);
  const sk_kv_t *ch = SK_KV(r, DEFAULT_CHUNKS);
  char text[400];
  sk_layout_t l;
  long n, u, least;
  if (r->inst == NULL || r->inst->pattern != SK_PATTERN_MASTER_WORKER ||
      !sk_resolve_known(v) || v->l != SK_VARIATION_LENGTH || r->skip ||
      !sk_resolve_known(s) || !sk_resolve_known(e) ||
      !sk_resolve_known(ch) || sk_resolve_layout(r, &l) != 0)
    return;
  u = (long)l.per_elem * l.base_size;
  n = ch->l > 0 ? ch->l : r->c->nprocs - 1L;
  if (n <= 1 || u <= 0)
    return;
  least = n > LONG_MAX / u ? LONG_MAX : n * u;
  if (e->l < least) {
    snprintf(text, sizeof text, "left out: on %d processes a message is "
             "cut into %ld chunks of whole %ld-byte elements, so a length "
             "below %ld moves nothing, and End_Argument is %ld",
             r->c->nprocs, n, u, least, e->l);
    if (r->out->skip == NULL && (r->out->skip = strdup(text)) == NULL)
      r->c->nomem = 1;
    r->skip = 1;
    sk_diag_remark(r->c->diag, r->c->sink.file, r->it->span, "suite '%s': "
                   "%s", r->it->name, text);
    return;
  } else if (s->l > 0 && s->l < least) {
    snprintf(text, sizeof text, "Start_Argument %ld is raised to %ld: on "
             "%d processes a message is cut into %ld chunks of whole "
             "%ld-byte elements, and a shorter one moves nothing",
             s->l, least, r->c->nprocs, n, u);
    s->l = least;
  } else if (s->l == 0 && least > r->first_length) {
    snprintf(text, sizeof text, "the lengths above 0 start at %ld: on %d "
             "processes a message is cut into %ld chunks of whole "
             "%ld-byte elements, and a shorter one moves nothing%s",
             least, r->c->nprocs, n, u,
             SK_KV(r, SCALE)->l == SK_SCALE_FIXED_LOG ||
             SK_KV(r, SCALE)->l == SK_SCALE_DYNAMIC_LOG
                 ? "" : " (a linear grid still measures below it)");
    r->first_length = least;
  } else {
    return;
  }
  free(r->out->note);
  if ((r->out->note = strdup(text)) == NULL)
    r->c->nomem = 1;
  sk_diag_remark(r->c->diag, r->c->sink.file, r->it->span, "suite '%s': %s",
                 r->it->name, text);
}
