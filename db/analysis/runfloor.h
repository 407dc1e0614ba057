/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runfloor.h -- the floors of a stored run's points (lib/floor.h;
 * doc/engine.md, "The floors"): the run's limits and suites read back
 * from its stored file, so that compare and the web plot can put each
 * point against the least time any MPI could take for it on that node.
 * Only a run made with `@LIMITS yes` has them; only the instances whose
 * floor is sound have one (lib/floor.c says which).
 */
#ifndef SK_RUNFLOOR_H
#define SK_RUNFLOOR_H

#include <stdint.h>

#include "store.h"

typedef struct sk_runfloor sk_runfloor_t;

/* The floors of RUN; NULL when it has none: a file without limits (or
 * another benchmark's import), or one that cannot be read back (no
 * message: a run without floors is not an error).  Free with
 * sk_runfloor_free(). */
sk_runfloor_t *sk_runfloor_load(sk_store_t *st, int64_t run);
void sk_runfloor_free(sk_runfloor_t *f);

/* The floor of the point at ARGUMENT (processes NP, -1: any) of the
 * suite at POSITION named NAME, s; NaN where there is none (no such
 * suite or point, or no sound floor for its instance). */
double sk_runfloor_point(const sk_runfloor_t *f, long position,
                         const char *name, double argument, long np);

#endif
