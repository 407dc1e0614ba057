/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_resolve.c -- what one key means depends on others: defaults that
 * follow the instance, the variation and the scale; Max_Value; the rules
 * between keys (Min <= Max, Start <= End, ...).  Then the values go into
 * the plan's suite.
 */
#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_int.h"
#include "datatype.h"
#include "layout.h"
#include "refine.h"

static void sk_resolve_store(sk_resolve_t *r);

int sk_resolve_known(const sk_kv_t *kv)
{
  return kv->origin != SK_ORIGIN_NONE;
}

/* An error about value a (and b): at the one the suite wrote, else at the
 * preamble line that set one (once per file and rule: every suite would
 * say the same), else at the suite's name. */
void sk_resolve_error(sk_resolve_t *r, int rule, const sk_kv_t *a,
                      const sk_kv_t *b, const char *fmt, ...)
{
  const sk_kv_t *pick[2] = {a, b};
  sk_span_t at = r->it->span;
  int i, where = 0;
  char msg[512];
  va_list ap;
  for (i = 0; i < 2 && where == 0; i++)
    if (pick[i] != NULL && pick[i]->origin == SK_ORIGIN_SUITE) {
      at = pick[i]->span;
      where = 1;
    }
  for (i = 0; i < 2 && where == 0; i++)
    if (pick[i] != NULL && pick[i]->origin == SK_ORIGIN_PREAMBLE) {
      at = pick[i]->span;
      where = 2;
    }
  if (where == 2 && (r->c->reported & (1ul << rule)))
    return;
  if (where == 2)
    r->c->reported |= 1ul << rule;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  sk_diag_error(r->c->diag, r->c->sink.file, at, "%s", msg);
}

/* A value for a message: "100", "4194304 = Max_Value", "8, the default",
 * "8, set on line 3". */
const char *sk_resolve_show(const sk_kv_t *kv, char *buf, size_t size)
{
  int n = snprintf(buf, size, "%ld%s", kv->l, kv->is_max ? " = Max_Value"
                                                        : "");
  if (n >= 0 && (size_t)n < size && kv->origin == SK_ORIGIN_BUILTIN)
    snprintf(buf + n, size - (size_t)n, ", the default");
  else if (n >= 0 && (size_t)n < size && kv->origin == SK_ORIGIN_PREAMBLE)
    snprintf(buf + n, size - (size_t)n, ", set on line %d",
             kv->span.first_line);
  return buf;
}

/* Where a value came from, for messages: "", " (the default)",
 * " (set on line 3)". */
static const char *sk_origin(const sk_kv_t *kv, char *buf, size_t size)
{
  buf[0] = '\0';
  if (kv->origin == SK_ORIGIN_BUILTIN)
    snprintf(buf, size, " (the default)");
  else if (kv->origin == SK_ORIGIN_PREAMBLE)
    snprintf(buf, size, " (set on line %d)", kv->span.first_line);
  return buf;
}

static const char *sk_name_of(sk_key_id_t id, long index)
{
  return sk_key_get(id)->names[index];
}

/* ---- Type and Variation ---------------------------------------------------- */

static void sk_resolve_variation(sk_resolve_t *r)
{
  static const int prefer[] = {SK_VARIATION_LENGTH, SK_VARIATION_NONE,
                               SK_VARIATION_NODES, SK_VARIATION_CHUNKS};
  sk_kv_t *v = SK_KV(r, VARIATION);
  char list[96], from[32];
  size_t len = 0;
  int i;
  if (r->inst == NULL || !sk_resolve_known(v))
    return;
  if (r->inst->variations & (1u << v->l))
    return;
  if (v->origin == SK_ORIGIN_BUILTIN || v->origin == SK_ORIGIN_PREAMBLE) {
    /* an instance that cannot vary the length varies what it can; a
     * preamble default that does not fit it is skipped for it, said */
    for (i = 0; i < 4; i++)
      if (r->inst->variations & (1u << prefer[i])) {
        if (v->origin == SK_ORIGIN_PREAMBLE)
          sk_diag_remark(r->c->diag, r->c->sink.file, SK_KV(r, TYPE)->span,
                         "%s does not support Variation = %s (set on line "
                         "%d): that default is skipped for this suite, "
                         "which varies %s", r->inst->name,
                         sk_name_of(SK_KEY_VARIATION, v->l),
                         v->span.first_line,
                         sk_name_of(SK_KEY_VARIATION, prefer[i]));
        v->l = prefer[i];
        v->origin = SK_ORIGIN_BUILTIN;
        return;
      }
  }
  list[0] = '\0';
  for (i = 0; i < 4; i++)
    if (r->inst->variations & (1u << i))
      len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                              len ? ", " : "", sk_name_of(SK_KEY_VARIATION, i));
  sk_resolve_error(r, SK_RULE_VARIATION, v, SK_KV(r, TYPE),
                   "%s does not support Variation = %s%s; it supports %s",
                   r->inst->name, sk_name_of(SK_KEY_VARIATION, v->l),
                   sk_origin(v, from, sizeof from), list);
  v->origin = SK_ORIGIN_NONE;     /* nothing more follows from it */
}

/* ---- lengths and arguments --------------------------------------------- */

/* The base type Basetype_Number names; NULL for bytes, and for a number
 * without its @BasetypeN (sk_resolve_basetype() reports that). */
static const sk_basetype_t *sk_resolve_base(const sk_resolve_t *r)
{
  const sk_kv_t *b = SK_KV(r, BASETYPE_NUMBER);
  const sk_plan_t *p = r->c->plan;
  size_t i;
  for (i = 0; sk_resolve_known(b) && b->l != 0 && i < p->nbasetypes; i++)
    if (p->basetypes[i].number == b->l)
      return &p->basetypes[i];
  return NULL;
}

/* The layout of the suite's messages, gaps of the patterns and of a
 * structured base type included: src/lang/layout.c, as the engine lays them
 * out.  An unknown pattern counts as 0 (its error is reported apart). */
int sk_resolve_layout(const sk_resolve_t *r, sk_layout_t *l)
{
  const sk_kv_t *s = SK_KV(r, SEND_DATATYPE_NUMBER);
  const sk_kv_t *v = SK_KV(r, RECEIVE_DATATYPE_NUMBER);
  return sk_layout_init(l, sk_resolve_base(r),
                        sk_resolve_known(s) ? (int)s->l : 0,
                        sk_resolve_known(v) ? (int)v->l : 0);
}

/* A message of more than INT_MAX elements (of the send or the receive
 * datatype, as the engine counts them: sk_layout_counts()) needs the
 * instance's large-count path (MPI_Send_c, ...) in this library. */
static void sk_resolve_large(sk_resolve_t *r, int rule, const sk_kv_t *kv,
                             const char *key)
{
  char shown[64], why[256];
  sk_layout_t l;
  long sc, rc;
  if (r->inst == NULL || r->c->large_count == NULL || !sk_resolve_known(kv) ||
      r->skip ||
      kv->unset || kv->l <= INT_MAX || sk_resolve_layout(r, &l) != 0)
    return;
  sk_layout_counts(&l, kv->l, &sc, &rc);
  if (sc <= INT_MAX && rc <= INT_MAX)
    return;
  if (!r->c->large_count(r->inst->number, why, sizeof why))
    return;
  sk_resolve_error(r, rule, kv, NULL, "%s (%s) is %ld elements, more than "
                   "an int counts (%d): %s", key,
                   sk_resolve_show(kv, shown, sizeof shown), sc > rc ? sc : rc,
                   INT_MAX, why);
}

/* Suites that vary processes or chunks take their own defaults for the
 * argument keys: a preamble default of those keys is a message length
 * (doc/suite-language.md, "Preamble defaults"). */
static void sk_resolve_argument_defaults(sk_resolve_t *r, long var)
{
  sk_kv_t *s = SK_KV(r, START_ARGUMENT), *e = SK_KV(r, END_ARGUMENT);
  sk_kv_t *lo = SK_KV(r, MIN_DISTANCE), *hi = SK_KV(r, MAX_DISTANCE);
  if (var != SK_VARIATION_NODES && var != SK_VARIATION_CHUNKS)
    return;
  if (lo->origin == SK_ORIGIN_PREAMBLE)
    *lo = r->c->builtin[SK_KEY_MIN_DISTANCE];
  if (hi->origin == SK_ORIGIN_PREAMBLE)
    *hi = r->c->builtin[SK_KEY_MAX_DISTANCE];
  if (s->origin == SK_ORIGIN_PREAMBLE || s->origin == SK_ORIGIN_BUILTIN) {
    *s = r->c->builtin[SK_KEY_START_ARGUMENT];
    s->l = var == SK_VARIATION_CHUNKS ? 1 : r->c->nprocs < 2 ? 1 : 2;
  }
  if (e->origin == SK_ORIGIN_PREAMBLE || e->origin == SK_ORIGIN_BUILTIN) {
    *e = r->c->builtin[SK_KEY_END_ARGUMENT];
    e->l = 16;
    e->is_max = var == SK_VARIATION_NODES;
  }
  /* Process counts on a log grid without refinement (2, 4, 8, ..., P):
   * a point is a communicator of its own, and a linear or refined grid
   * would make O(P) of them (doc/engine.md, "Process counts"). */
  if (var == SK_VARIATION_NODES &&
      SK_KV(r, SCALE)->origin == SK_ORIGIN_BUILTIN)
    SK_KV(r, SCALE)->l = SK_SCALE_FIXED_LOG;
}

/* Arguments count bytes only when the suite varies the length. */
static void sk_resolve_units(sk_resolve_t *r, long var)
{
  static const sk_key_id_t args[] = {SK_KEY_START_ARGUMENT,
    SK_KEY_END_ARGUMENT, SK_KEY_MIN_DISTANCE, SK_KEY_MAX_DISTANCE};
  size_t i;
  if (var != SK_VARIATION_NODES && var != SK_VARIATION_CHUNKS)
    return;
  for (i = 0; i < sizeof args / sizeof args[0]; i++) {
    sk_kv_t *kv = &r->kv[args[i]];
    if (!sk_resolve_known(kv) || !kv->has_unit)
      continue;
    sk_resolve_error(r, SK_RULE_UNIT, kv, NULL, "%s counts %s here "
                     "(Variation = %s): it takes no unit",
                     sk_key_get(args[i])->name,
                     var == SK_VARIATION_NODES ? "processes" : "chunks",
                     sk_name_of(SK_KEY_VARIATION, var));
    kv->origin = SK_ORIGIN_NONE;
  }
}

/* Processes and chunks start at 1; a run has only so many processes. */
static void sk_resolve_counts(sk_resolve_t *r, long var)
{
  sk_kv_t *s = SK_KV(r, START_ARGUMENT), *e = SK_KV(r, END_ARGUMENT);
  char shown[64];
  if (sk_resolve_known(s) && s->l < 1)
    sk_resolve_error(r, SK_RULE_START, s, NULL, "Start_Argument must be "
                     "at least 1 with Variation = %s, not %s",
                     sk_name_of(SK_KEY_VARIATION, var),
                     sk_resolve_show(s, shown, sizeof shown));
  if (var == SK_VARIATION_NODES && sk_resolve_known(e) && e->l > r->c->nprocs)
    sk_resolve_error(r, SK_RULE_NODES, e, NULL, "End_Argument (%s) is more "
                     "processes than the run has (%d)",
                     sk_resolve_show(e, shown, sizeof shown), r->c->nprocs);
}

static void sk_resolve_arguments(sk_resolve_t *r)
{
  sk_kv_t *v = SK_KV(r, VARIATION), *e = SK_KV(r, END_ARGUMENT);
  sk_kv_t *len = SK_KV(r, DEFAULT_MESSAGE_LENGTH);
  long var = sk_resolve_known(v) ? v->l : -1;
  sk_fit_length(r, SK_RULE_MEMORY_LEN, len, SK_KEY_DEFAULT_MESSAGE_LENGTH,
                  var >= 0 && var != SK_VARIATION_LENGTH);
  sk_resolve_large(r, SK_RULE_LARGE_LEN, len,
                   sk_suitekey_name(SK_KEY_DEFAULT_MESSAGE_LENGTH));
  if (var < 0)
    return;
  sk_resolve_argument_defaults(r, var);
  sk_resolve_units(r, var);
  if (var == SK_VARIATION_NODES && e->is_max)
    e->l = r->c->nprocs;
  else if (var == SK_VARIATION_CHUNKS && e->is_max)
    e->l = sk_resolve_known(len) ? len->l : 0;
  else if (var == SK_VARIATION_LENGTH || var == SK_VARIATION_NONE) {
    sk_fit_length(r, SK_RULE_MEMORY_END, e, SK_KEY_END_ARGUMENT,
                    var == SK_VARIATION_LENGTH);
    sk_resolve_large(r, SK_RULE_LARGE_END, e,
                      sk_suitekey_name(SK_KEY_END_ARGUMENT));
  }
  if (var == SK_VARIATION_NODES || var == SK_VARIATION_CHUNKS)
    sk_resolve_counts(r, var);
}

/* ---- pairs of keys ------------------------------------------------------- */

static void sk_resolve_order(sk_resolve_t *r, int rule, sk_key_id_t lo_id,
                             sk_key_id_t hi_id)
{
  sk_kv_t *lo = &r->kv[lo_id], *hi = &r->kv[hi_id];
  char a[64], b[64];
  if (!sk_resolve_known(lo) || !sk_resolve_known(hi) || lo->unset ||
      hi->unset || lo->l <= hi->l)
    return;
  sk_resolve_error(r, rule, lo, hi, "%s (%s) is greater than %s (%s)",
                   sk_key_get(lo_id)->name, sk_resolve_show(lo, a, sizeof a),
                   sk_key_get(hi_id)->name, sk_resolve_show(hi, b, sizeof b));
}

/* ---- Stepwidth ------------------------------------------------------------- */

static int sk_resolve_is_log(long scale)
{
  return scale == SK_SCALE_FIXED_LOG || scale == SK_SCALE_DYNAMIC_LOG;
}

static void sk_resolve_stepwidth(sk_resolve_t *r)
{
  sk_kv_t *st = SK_KV(r, STEPWIDTH), *sc = SK_KV(r, SCALE);
  sk_kv_t *s = SK_KV(r, START_ARGUMENT), *e = SK_KV(r, END_ARGUMENT);
  int log_scale;
  if (!sk_resolve_known(sc) || !sk_resolve_known(st))
    return;
  log_scale = sk_resolve_is_log(sc->l);
  if (st->origin == SK_ORIGIN_BUILTIN) {
    /* 2 on log scales; 16 steps from Start to End on linear ones */
    if (!log_scale)
      st->d = sk_resolve_known(s) && sk_resolve_known(e) && e->l - s->l > 16
              ? (double)(e->l - s->l) / 16.0 : 1.0;
    return;
  }
  if (log_scale && st->d <= 1.0) {
    sk_resolve_error(r, SK_RULE_STEPWIDTH, st, sc, "Stepwidth must be "
                     "greater than 1 on a log scale (Scale = %s), not %g",
                     sk_name_of(SK_KEY_SCALE, sc->l), st->d);
  }
}

/* ---- lengths that send nothing ------------------------------------------- */

/* The smallest length above 0 a suite that varies the length from 0 can
 * measure (doc/refinement.md): on a log scale the first length that sends
 * data (u), or End_Argument if smaller; on a linear one the
 * second point of the grid, and on a dynamic linear one the points that
 * halving the segment from 0 adds while Min_Distance allows. */
static long sk_resolve_first_above_zero(const sk_resolve_t *r, long u)
{
  const sk_kv_t *sc = SK_KV(r, SCALE), *e = SK_KV(r, END_ARGUMENT);
  const sk_kv_t *md = SK_KV(r, MIN_DISTANCE);
  double step = SK_KV(r, STEPWIDTH)->d;
  long x = 0, half, min = md->unset ? 0 : md->l;
  double k;
  int tries;
  if (sk_resolve_is_log(sc->l))
    return u < e->l ? u : e->l;
  /* the first grid point k * step (k = 1, 2, ...) that rounds to a length
   * above 0, found at once: a Stepwidth of 1e-13 would otherwise take
   * 5e12 steps to get there */
  if (step > 0.0 && isfinite(step)) {
    k = fmax(1.0, ceil(0.5 / step) - 1.0);
    for (tries = 0; tries < 3 && x == 0 && k * step < (double)e->l;
         tries++) {
      x = (long)floor(k * step + 0.5);
      k += 1.0;
    }
  }
  if (x == 0 || x > e->l)
    x = e->l;
  while (sc->l == SK_SCALE_DYNAMIC_LINEAR && (half = x / 2) > 0 &&
         half >= min && x - half >= min)
    x = half;
  return x;
}

/* What a message is a whole number of, for the message: "@Basetype1",
 * "datatype 50 (8 elements of @Basetype1)", "datatype 50 (8 bytes)". */
static const char *sk_resolve_unit_name(const sk_resolve_t *r,
                                        const sk_layout_t *l, char *buf,
                                        size_t size)
{
  long base = SK_KV(r, BASETYPE_NUMBER)->l;
  int pat = l->send_per >= l->recv_per ? l->send : l->recv;
  if (l->per_elem == 1)
    snprintf(buf, size, "elements of @Basetype%ld", base);
  else if (base != 0)
    snprintf(buf, size, "elements of datatype %d (%d elements of "
             "@Basetype%ld)", pat, l->per_elem, base);
  else
    snprintf(buf, size, "elements of datatype %d (%d bytes)", pat,
             l->per_elem);
  return buf;
}

/* The error of sk_resolve_elements(): at the value when the suite wrote
 * it, else at the suite's name (the suite's own base type or pattern is
 * the cause, so the preamble line is not the place). */
static void sk_resolve_nothing_sent(const sk_resolve_t *r, const sk_kv_t *kv,
                                    long least, const char *unit, long u)
{
  const char *key = sk_suitekey_name(kv == SK_KV(r, START_ARGUMENT)
                                     ? SK_KEY_START_ARGUMENT
                                     : SK_KEY_DEFAULT_MESSAGE_LENGTH);
  char shown[64], at[160], follow[64];
  at[0] = follow[0] = '\0';
  if (kv->origin != SK_ORIGIN_SUITE)
    snprintf(at, sizeof at, "suite '%.60s': ", r->it->name);
  if (kv->l != least)
    snprintf(follow, sizeof follow, " leads to the length %ld, which",
             least);
  sk_diag_error(r->c->diag, r->c->sink.file, kv->origin == SK_ORIGIN_SUITE
                ? kv->span : r->it->span, "%s%s (%s)%s sends no data: a "
                "message is a whole number of %s, %ld bytes each; %ld is "
                "the smallest length that sends one", at, key,
                sk_resolve_show(kv, shown, sizeof shown), follow, unit, u, u);
}

/* A message is a whole number of units (a base element, or a pattern's
 * element of 8 of them): a length above 0 but below one unit would send
 * nothing, and its time would be recorded for a length that was not sent.
 * Such a suite is refused, with the length that sends one unit. */
static void sk_resolve_elements(sk_resolve_t *r, size_t errors_before)
{
  sk_kv_t *v = SK_KV(r, VARIATION), *s = SK_KV(r, START_ARGUMENT);
  sk_kv_t *len = SK_KV(r, DEFAULT_MESSAGE_LENGTH), *kv;
  char unit[96];
  sk_layout_t l;
  long u, least;
  if (sk_diag_errors(r->c->diag) != errors_before || r->inst == NULL ||
      r->inst->buffers == SK_BUFFERS_NONE || !sk_resolve_known(v) ||
      sk_resolve_layout(r, &l) != 0 ||
      (u = (long)l.per_elem * l.base_size) <= 1)
    return;
  if (v->l == SK_VARIATION_LENGTH) {
    r->first_length = u;
    kv = s;
    least = s->l > 0 ? s->l : sk_resolve_first_above_zero(r, u);
  } else if (v->l != SK_VARIATION_CHUNKS && sk_resolve_known(len)) {
    kv = len;
    least = len->l;
  } else {
    return;
  }
  if (least <= 0 || least >= u)
    return;
  sk_resolve_unit_name(r, &l, unit, sizeof unit);
  sk_resolve_nothing_sent(r, kv, least, unit, u);
}

/* ---- the whole grid ----------------------------------------------------- */

/* The refinement module has the last word on the grid keys (it also
 * bounds the size of the initial grid); asked only when the rules above
 * found nothing, so that one mistake is not reported twice. */
static void sk_resolve_grid(sk_resolve_t *r, size_t errors_before)
{
  sk_refine_params_t p;
  const char *why;
  int i;
  if (sk_diag_errors(r->c->diag) != errors_before || r->inst == NULL)
    return;
  for (i = 0; i < SK_KEY_COUNT; i++)
    if (!sk_resolve_known(&r->kv[i]))
      return;     /* its error is reported already */
  sk_resolve_store(r);
  sk_refine_params_from_suite(r->out, &p);
  if ((why = sk_refine_params_check(&p)) != NULL)
    sk_resolve_error(r, SK_RULE_GRID, SK_KV(r, STEPWIDTH), NULL,
                     "suite '%s': %s", r->it->name, why);
}

/* ---- base type --------------------------------------------------------------- */

static void sk_resolve_basetype(sk_resolve_t *r)
{
  sk_kv_t *b = SK_KV(r, BASETYPE_NUMBER);
  if (!sk_resolve_known(b) || b->l == 0 || sk_resolve_base(r) != NULL)
    return;
  sk_resolve_error(r, SK_RULE_BASETYPE, b, NULL, "Basetype_Number %ld: the "
                   "preamble defines no @Basetype%ld", b->l, b->l);
}

/* ---- one-sided operations on predefined data --------------------------- */

/* A base type that is one builtin, not a structure (0: MPI_CHAR). */
static int sk_resolve_builtin_base(const sk_basetype_t *b)
{
  return b == NULL || (b->nfields == 1 && b->fields[0].count == 1 &&
                       b->fields[0].offset == 0);
}

/* The type of one element of the reduction: the builtin base type when
 * MPI_SUM adds it, else MPI_INT (src/engine/reduce.c widens MPI_CHAR and
 * MPI_BYTE so); *bytes its size. */
static const char *sk_resolve_element(const sk_basetype_t *b, long *bytes)
{
  const char *name = b != NULL ? b->fields[0].mpi_type : NULL;
  long align;
  if (name == NULL || sk_mpi_type_summable(name) != 1 ||
      sk_mpi_type_bytes_of(name, bytes, &align) != 0) {
    *bytes = (long)sizeof(int);
    return "MPI_INT";
  }
  return name;
}

/* MPI_Accumulate and its kin apply a predefined operation, which MPI
 * defines on predefined datatypes only; MPI_Fetch_and_op and
 * MPI_Compare_and_swap move one element (the length follows when the
 * suite leaves it to the default). */
static void sk_resolve_rma(sk_resolve_t *r)
{
  sk_kv_t *b = SK_KV(r, BASETYPE_NUMBER), *len = SK_KV(r, DEFAULT_MESSAGE_LENGTH);
  sk_kv_t *pat[2] = {SK_KV(r, SEND_DATATYPE_NUMBER),
                     SK_KV(r, RECEIVE_DATATYPE_NUMBER)};
  const sk_basetype_t *base = sk_resolve_base(r);
  const sk_key_id_t key[2] = {SK_KEY_SEND_DATATYPE_NUMBER,
                              SK_KEY_RECEIVE_DATATYPE_NUMBER};
  const char *type;
  char shown[64];
  long bytes;
  int i;
  if (r->inst == NULL || !(r->inst->variations & SK_REQ_PREDEFINED) ||
      !sk_resolve_known(b) || (b->l != 0 && base == NULL))
    return;
  for (i = 0; i < 2; i++)
    if (sk_resolve_known(pat[i]) && pat[i]->l != 0)
      sk_resolve_error(r, SK_RULE_RMA_TYPE, pat[i], SK_KV(r, TYPE),
                       "%s applies MPI_SUM to one predefined datatype: "
                       "%s must be 0", r->inst->name,
                       sk_suitekey_name(key[i]));
  if (!sk_resolve_builtin_base(base)) {
    sk_resolve_error(r, SK_RULE_RMA_TYPE, b, SK_KV(r, TYPE),
                     "%s applies MPI_SUM to one predefined datatype: "
                     "@Basetype%ld is a structure", r->inst->name, b->l);
    return;
  }
  if (!(r->inst->variations & SK_REQ_ELEMENT) || !sk_resolve_known(len))
    return;
  type = sk_resolve_element(base, &bytes);
  if ((r->inst->variations & SK_REQ_INTEGER) &&
      (strstr(type, "FLOAT") || strstr(type, "DOUBLE") ||
       strstr(type, "float") || strstr(type, "double"))) {
    sk_resolve_error(r, SK_RULE_RMA_TYPE, b, SK_KV(r, TYPE),
                     "%s compares integers: @Basetype%ld is %s",
                     r->inst->name, b->l, type);
    return;
  }
  if (len->origin == SK_ORIGIN_BUILTIN)
    len->l = bytes;
  else if (len->l != bytes)
    sk_resolve_error(r, SK_RULE_RMA_LENGTH, len, SK_KV(r, TYPE),
                     "%s moves one element: Default_Message_length must "
                     "be %ld (one %s), not %s", r->inst->name, bytes, type,
                     sk_resolve_show(len, shown, sizeof shown));
}

/* ---- into the plan ------------------------------------------------------------ */

/* Pair: the selection, and the ranks of Pair = A, B, the lower first. */
static void sk_resolve_pair(sk_resolve_t *r, const sk_key_t *k,
                            const sk_kv_t *kv)
{
  int rev = kv->l == SK_PAIR_RANKS && kv->ranks[0] > kv->ranks[1];
  sk_key_set_long(k, r->out, kv->l);
  r->out->pair_ranks[0] = r->out->pair_ranks[1] = -1;
  if (kv->l != SK_PAIR_RANKS)
    return;
  r->out->pair_ranks[0] = kv->ranks[rev];
  r->out->pair_ranks[1] = kv->ranks[!rev];
}

static void sk_resolve_store(sk_resolve_t *r)
{
  size_t n, i;
  const sk_key_t *k = sk_key_table(&n);
  for (i = 0; i < n; i++) {
    const sk_kv_t *kv = &r->kv[i];
    if (k[i].kind == SK_KIND_INSTANCE)
      r->out->instance = kv->inst;
    else if (k[i].kind == SK_KIND_PAIR)
      sk_resolve_pair(r, &k[i], kv);
    else if (sk_kind_is_real(k[i].kind))
      sk_key_set_double(&k[i], r->out, kv->unset ? SK_UNSET : kv->d);
    else
      sk_key_set_long(&k[i], r->out, kv->unset ? SK_UNSET : kv->l);
  }
  r->out->end_is_max = SK_KV(r, END_ARGUMENT)->is_max;
  r->out->first_length = r->first_length;
}

void sk_check_resolve(sk_check_t *c, const sk_ast_item_t *it, sk_kv_t *kv,
                      sk_suite_t *out)
{
  sk_resolve_t r;
  size_t errors_before = sk_diag_errors(c->diag);
  r.c = c;
  r.it = it;
  r.kv = kv;
  r.out = out;
  r.inst = sk_resolve_known(&kv[SK_KEY_TYPE]) ? kv[SK_KEY_TYPE].inst : NULL;
  r.first_length = 1;
  r.skip = 0;
  sk_resolve_variation(&r);
  sk_resolve_arguments(&r);
  sk_fit_memory_fit(&r);
  sk_resolve_order(&r, SK_RULE_REPETITION, SK_KEY_MIN_REPETITION,
                   SK_KEY_MAX_REPETITION);
  sk_resolve_order(&r, SK_RULE_ARGUMENTS, SK_KEY_START_ARGUMENT,
                   SK_KEY_END_ARGUMENT);
  sk_resolve_order(&r, SK_RULE_DISTANCE, SK_KEY_MIN_DISTANCE,
                   SK_KEY_MAX_DISTANCE);
  sk_resolve_stepwidth(&r);
  sk_resolve_basetype(&r);
  sk_resolve_rma(&r);
  sk_resolve_elements(&r, errors_before);
  sk_fit_mw(&r);
  sk_resolve_grid(&r, errors_before);
  sk_check_topology(c, it, kv);
  sk_check_pair(c, it, kv, out);
  sk_check_support(c, it, kv);
  sk_check_threads(c, it, kv);
  sk_resolve_store(&r);
  sk_fit_fault(&r);
  sk_fit_note(&r);
}
