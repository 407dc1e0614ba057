/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * collbw.c -- the payload of the collective operations (collbw.h).
 *
 * Which rule an instance follows is its `payload` column in
 * lib/instances.def; the rules and why each is what it is are in
 * lib/instance.c (sk_instance_payload()).  doc/report.md lists them.
 */
#include <config.h>

#include "collbw.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"

/* The suite's instance: by Type, else by name. */
static const sk_instance_t *sk_collbw_instance(const sk_rfile_suite_t *s)
{
  if (s->type >= 0)
    return s->type <= INT_MAX ? sk_instance_by_number((int)s->type) : NULL;
  return sk_instance_by_name(s->instance);
}

/* The suite's rule. */
static const sk_payload_rule_t *sk_collbw_row(const sk_rfile_suite_t *s)
{
  const sk_instance_t *in = sk_collbw_instance(s);
  return in ? sk_instance_payload(in) : NULL;
}

double sk_collbw_point_bytes(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                             const sk_rfile_point_t *p)
{
  long procs;
  double n;
  if (sk_collbw_point(r, s, p, &procs, &n) < 0) {
    /* Only a collective's or the pairs' bytes need the processes. */
    if (!isfinite(n) || n < 0)
      return NAN;
    procs = -1;
  }
  return sk_instance_timed_bytes(sk_collbw_instance(s), s->two_way, procs, n);
}

int sk_collbw_known(const sk_rfile_suite_t *s)
{
  return sk_collbw_row(s) != NULL;
}

double sk_collbw_rank_bytes(const sk_rfile_suite_t *s, long procs,
                            long rank, double n)
{
  const sk_payload_rule_t *row = sk_collbw_row(s);
  const double *c;
  if (!row || procs < row->min_procs || rank < 0 || rank >= procs ||
      !isfinite(n) || n < 0)
    return NAN;
  c = rank == 0 ? row->first : rank == procs - 1 ? row->last : row->middle;
  return n * (c[0] + c[1] * (double)procs);
}

double sk_collbw_process_bytes(const sk_rfile_suite_t *s, long procs,
                               double n)
{
  double sum = 0;
  long r;
  for (r = 0; r < procs; r++)
    sum += sk_collbw_rank_bytes(s, procs, r, n);
  return procs > 0 ? sum / (double)procs : NAN;
}

double sk_collbw_host_bytes(const sk_rfile_suite_t *s, long procs,
                            double n, char *const *hosts, size_t nhosts,
                            const char *host)
{
  double sum = 0;
  long r;
  if (procs < 1 || !hosts || (size_t)procs > nhosts)
    return NAN;
  for (r = 0; r < procs; r++)
    if (strcmp(hosts[r], host) == 0)
      sum += sk_collbw_rank_bytes(s, procs, r, n);
  return sum;
}

int sk_collbw_point(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                    const sk_rfile_point_t *p, long *procs, double *n)
{
  const char *len = sk_rfile_key(s, SK_KEY_DEFAULT_MESSAGE_LENGTH);
  const char *np = sk_rfile_factor(r, "processes");
  char *end = NULL;
  *procs = p->processes > 0 ? p->processes
           : s->arg == SK_RESULT_ARG_NODES ? (long)p->argument
           : np ? strtol(np, &end, 10) : -1;
  if (end && (end == np || *end))
    *procs = -1;
  if (s->arg == SK_RESULT_ARG_LENGTH)
    *n = p->argument;
  else {
    end = NULL;
    *n = len ? strtod(len, &end) : NAN;
    if (!len || end == len || *end)
      *n = NAN;
  }
  return *procs >= 1 && isfinite(*n) && *n >= 0 ? 0 : -1;
}
