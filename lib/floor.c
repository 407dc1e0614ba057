/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * floor.c -- the floor of a point from the run's limits (floor.h;
 * doc/engine.md, "The floors").
 */
#include <config.h>

#include "floor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collbw.h"
#include "instance.h"
#include "suitekey.h"

/* factors.limits.KEY as a finite positive number, else NaN. */
static double sk_floor_num(const sk_rfile_t *r, const char *key)
{
  const char *t = sk_rfile_factor(r, key);
  char *end = NULL;
  double v;
  if (t == NULL || *t == '\0')
    return NAN;
  v = strtod(t, &end);
  return end != t && *end == '\0' && isfinite(v) && v > 0 ? v : NAN;
}

/* Entry "limits.copy.LEN.best" (which "best" or "median"): LEN in *len;
 * 0, or -1 when key is not one. */
static int sk_floor_copy_key(const char *key, const char *which,
                             double *len)
{
  static const char pre[] = "limits.copy.";
  const char *p;
  char *end = NULL;
  long n;
  if (strncmp(key, pre, sizeof pre - 1) != 0)
    return -1;
  p = key + sizeof pre - 1;
  if (*p < '1' || *p > '9')
    return -1;
  n = strtol(p, &end, 10);
  if (n <= 0 || end == NULL || *end != '.' || strcmp(end + 1, which) != 0)
    return -1;
  *len = (double)n;
  return 0;
}

/* Inserts (len, best) in ascending order of len; -1 when full, a length
 * twice or a bad rate. */
static int sk_floor_add(sk_floor_t *f, double len, double best)
{
  size_t i, j;
  if (f->ncopy >= SK_FLOOR_LENGTHS || !isfinite(best) || best <= 0)
    return -1;
  for (i = 0; i < f->ncopy && f->len[i] < len; i++)
    ;
  if (i < f->ncopy && f->len[i] == len)
    return -1;
  for (j = f->ncopy; j > i; j--) {
    f->len[j] = f->len[j - 1];
    f->best[j] = f->best[j - 1];
    f->median[j] = f->median[j - 1];
  }
  f->len[i] = len;
  f->best[i] = best;
  f->median[i] = NAN;
  f->ncopy++;
  return 0;
}

int sk_floor_limits(const sk_rfile_t *r, sk_floor_t *f)
{
  size_t i, k;
  double len;
  char key[64];
  const char *cpus;
  memset(f, 0, sizeof *f);
  f->line = sk_floor_num(r, "limits.cache_line.best");
  f->line_median = sk_floor_num(r, "limits.cache_line.median");
  f->all_rate = sk_floor_num(r, "limits.all_ranks_copy.rate");
  f->cost = sk_floor_num(r, "limits.cost");
  f->cpus[0] = f->cpus[1] = -1;
  f->quiet = r->noise_verdict != NULL &&
             strcmp(r->noise_verdict, "quiet") == 0;
  cpus = sk_rfile_factor(r, "limits.cache_line.cpus");
  if (cpus == NULL || sscanf(cpus, "%ld, %ld", &f->cpus[0], &f->cpus[1]) != 2)
    f->cpus[0] = f->cpus[1] = -1;
  for (i = 0; i < r->nfactors; i++) {
    if (sk_floor_copy_key(r->factors[i].key, "best", &len) != 0)
      continue;
    snprintf(key, sizeof key, "limits.copy.%.0f.best", len);
    if (sk_floor_add(f, len, sk_floor_num(r, key)) != 0)
      return -1;
  }
  for (k = 0; k < f->ncopy; k++) {
    snprintf(key, sizeof key, "limits.copy.%.0f.median", f->len[k]);
    f->median[k] = sk_floor_num(r, key);
  }
  return f->ncopy > 0 ? 0 : -1;
}

/* The rate of length i held against: the best measured at i or at any
 * longer length (a length whose every batch waited for another task
 * would otherwise raise the floor above what the core can do). */
static double sk_floor_rate(const sk_floor_t *f, size_t i)
{
  double r = f->best[i];
  for (; i < f->ncopy; i++)
    if (f->best[i] > r)
      r = f->best[i];
  return r;
}

double sk_floor_copy_time(const sk_floor_t *f, double n)
{
  size_t i, last = f->ncopy;
  for (i = 0; i < f->ncopy && f->len[i] <= n; i++)
    last = i;
  return last < f->ncopy ? f->len[last] / sk_floor_rate(f, last) : 0.0;
}

/* The ping-pongs whose repetition is one round trip of one message
 * each way (instances.def).  Not the exchanges (Pingpong_Sendrecv,
 * _Sendrecv_replace: timing exchange): the partner's message of a
 * repetition may have left before the repetition began, so nothing
 * bounds one repetition (a run at P = 2 measured 0 B exchanges of
 * 72 ns beside a cache line of 152 ns). */
static int sk_floor_round_trip(const sk_rfile_suite_t *s)
{
  static const int numbers[] = {1, 2, 3, 4, 5, 6, 7, 17, 260};
  const sk_instance_t *in = s->type >= 0 && s->type < 100000
                                ? sk_instance_by_number((int)s->type)
                                : sk_instance_by_name(s->instance);
  size_t i;
  for (i = 0; in != NULL && i < sizeof numbers / sizeof numbers[0]; i++)
    if (in->number == numbers[i])
      return 1;
  return 0;
}

/* Key k of s is absent or 0. */
static int sk_floor_zero(const sk_rfile_suite_t *s, sk_key_id_t k)
{
  const char *t = sk_rfile_key(s, k);
  return t == NULL || *t == '\0' || strcmp(t, "0") == 0;
}

/* The pair's two ranks are on one host (as far as the file says). */
static int sk_floor_one_host(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                             long a, long b)
{
  if (s->pair_inter == 1)
    return 0;
  if (s->pair_hosts[0] != NULL && s->pair_hosts[1] != NULL)
    return strcmp(s->pair_hosts[0], s->pair_hosts[1]) == 0;
  if (r->hosts != NULL && (size_t)a < r->nhosts && (size_t)b < r->nhosts)
    return strcmp(r->hosts[a], r->hosts[b]) == 0;
  return 0;
}

double sk_floor_line(const sk_floor_t *f, long a, long b)
{
  /* the cores measured are those of ranks 0 and 1 */
  return f->quiet && isfinite(f->line) &&
                 ((a == 0 && b == 1) || (a == 1 && b == 0))
             ? f->line : 0.0;
}

double sk_floor_point(const sk_floor_t *f, const sk_rfile_t *r,
                      const sk_rfile_suite_t *s, const sk_rfile_point_t *p)
{
  long a = s->pair[0] >= 0 ? s->pair[0] : 0;
  long b = s->pair[1] >= 0 ? s->pair[1] : 1;
  long procs;
  double n, line;
  if (f == NULL || f->ncopy == 0 || !sk_floor_round_trip(s) ||
      s->arg != SK_RESULT_ARG_LENGTH || p->novalue ||
      !sk_floor_zero(s, SK_KEY_BASETYPE_NUMBER) ||
      !sk_floor_zero(s, SK_KEY_SEND_DATATYPE_NUMBER) ||
      !sk_floor_zero(s, SK_KEY_RECEIVE_DATATYPE_NUMBER) ||
      !sk_floor_one_host(r, s, a, b))
    return NAN;
  if (sk_collbw_point(r, s, p, &procs, &n) < 0 && !(isfinite(n) && n >= 0))
    return NAN;
  line = sk_floor_line(f, a, b);
  return 2.0 * (line + sk_floor_copy_time(f, n));
}

double sk_floor_value(const sk_rfile_point_t *p)
{
  if (p->novalue || p->unresolved)
    return NAN;
  return isfinite(p->median) ? p->median : p->mean;
}

double sk_floor_least(const sk_rfile_point_t *p)
{
  return p->novalue || p->unresolved ? NAN : p->min;
}
