/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runfloor.c -- the floors of a stored run's points (runfloor.h).
 */
#include <config.h>

#include "runfloor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "floor.h"
#include "rfile.h"
#include "rfile_load.h"

struct sk_runfloor {
  sk_rfile_t *r;
  sk_floor_t f;
};

/* The limits are among the factors, before the suites: a head of this
 * many bytes tells whether a file has them without reading it all. */
#define SK_RUNFLOOR_HEAD 65536

/* Whether RUN's file may have limits: its head has them, or is all
 * factors (no suites yet). */
static int sk_runfloor_maybe(sk_store_t *st, int64_t run)
{
  void *data = NULL;
  size_t len = 0;
  int maybe;
  if (sk_store_original_head(st, run, SK_RUNFLOOR_HEAD, &data, &len) < 0)
    return 0;
  maybe = memmem(data, len, "\n  limits:\n", 11) != NULL ||
          (len == SK_RUNFLOOR_HEAD && !memmem(data, len, "\nsuites:", 8));
  free(data);
  return maybe;
}

sk_runfloor_t *sk_runfloor_load(sk_store_t *st, int64_t run)
{
  sk_runfloor_t *f;
  void *data = NULL;
  size_t len = 0;
  /* only a skampi result file with limits is read whole (an import of
   * another benchmark is no YAML; most files have no limits) */
  if (!sk_runfloor_maybe(st, run) ||
      sk_store_original(st, run, &data, &len) < 0)
    return NULL;
  if (memmem(data, len, "\n  limits:\n", 11) == NULL ||
      !(f = calloc(1, sizeof *f))) {
    free(data);
    return NULL;
  }
  if (sk_rfile_load_mem("stored file", data, len, &f->r) != 0 ||
      sk_floor_limits(f->r, &f->f) != 0) {
    free(data);
    sk_runfloor_free(f);
    return NULL;
  }
  free(data);
  return f;
}

void sk_runfloor_free(sk_runfloor_t *f)
{
  if (!f)
    return;
  sk_rfile_free(f->r);
  free(f);
}

/* The same argument: equal, or within rounding of a stored decimal. */
static int sk_runfloor_same(double a, double b)
{
  return a == b || fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

double sk_runfloor_point(const sk_runfloor_t *f, long position,
                         const char *name, double argument, long np)
{
  const sk_rfile_suite_t *s;
  size_t i;
  double x;
  if (!f || position < 0 || (size_t)position >= f->r->nsuites)
    return NAN;
  s = &f->r->suites[position];
  if (!s->name || strcmp(s->name, name) != 0)
    return NAN;
  for (i = 0; i < s->npoints; i++) {
    const sk_rfile_point_t *p = &s->points[i];
    if (!sk_runfloor_same(p->argument, argument) ||
        (np >= 0 && p->processes >= 0 && p->processes != np))
      continue;
    x = sk_floor_point(&f->f, f->r, s, p);
    return isfinite(x) && x > 0 ? x : NAN;
  }
  return NAN;
}
