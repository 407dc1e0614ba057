/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * floorcheck.c -- TEST ONLY (tests/tools/floors.sh, tests/mpi/suites-p2.sh):
 * holds every point of a result file against its floor (lib/floor.h).
 *   floorcheck FILE [COPY_SCALE]
 * prints "SUITE ARG MIN FLOOR RATIO" for each point with a floor above
 * 0 (a message below 8 B on a noisy run has a floor of 0), MIN
 * its fastest valid repetition (sk_floor_least(): the floor claims that
 * no repetition is faster, so the least one is the strict test), and
 * for each point below its floor the located message
 *   floorcheck: FILE: suite 'NAME' (suites[I]), ARG B: min M s below its floor F s (line L s, copy C s)
 * on stderr.  COPY_SCALE multiplies the measured copy rates (0.5: a
 * planted wrong floor).  Exit 0: every point at or above its floor; 1:
 * one below; 2: no floor at all (a check that checked nothing); 3: the
 * file cannot be read.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "escape.h"
#include "floor.h"
#include "rfile_load.h"

/* The located message of point p of suite i below its floor fl. */
static void floorcheck_below(const char *file, const sk_rfile_t *r,
                             size_t i, const sk_rfile_point_t *p,
                             const sk_floor_t *f, double fl)
{
  const sk_rfile_suite_t *s = &r->suites[i];
  char *name = sk_escape_text(s->name);
  fprintf(stderr,
          "floorcheck: %s: suite '%s' (suites[%zu]), %.0f B: min %.4g s "
          "below its floor %.4g s (line %.4g s, copy %.4g s)\n",
          file, name != NULL ? name : "?", i, p->argument,
          sk_floor_least(p), fl,
          sk_floor_line(f, s->pair[0] >= 0 ? s->pair[0] : 0,
                        s->pair[1] >= 0 ? s->pair[1] : 1),
          sk_floor_copy_time(f, p->argument));
  free(name);
}

int main(int argc, char **argv)
{
  sk_rfile_t *r = NULL;
  sk_floor_t f;
  size_t i, j, with = 0, below = 0;
  double scale = argc > 2 ? strtod(argv[2], NULL) : 1.0;
  if (argc < 2 || argc > 3 || !(scale > 0)) {
    fprintf(stderr, "usage: floorcheck FILE [COPY_SCALE]\n");
    return 3;
  }
  if (sk_rfile_load(argv[1], &r) != 0)
    return 3;
  if (sk_floor_limits(r, &f) != 0) {
    fprintf(stderr, "floorcheck: %s: no limits\n", argv[1]);
    sk_rfile_free(r);
    return 2;
  }
  for (i = 0; i < f.ncopy; i++)
    f.best[i] *= scale;
  for (i = 0; i < r->nsuites; i++)
    for (j = 0; j < r->suites[i].npoints; j++) {
      const sk_rfile_point_t *p = &r->suites[i].points[j];
      double fl = sk_floor_point(&f, r, &r->suites[i], p);
      double v = sk_floor_least(p);
      if (!isfinite(fl) || fl <= 0 || !isfinite(v))
        continue;      /* no floor, or one of 0 (nothing to hold) */
      with++;
      printf("%s %.0f %.9g %.9g %.3f\n", r->suites[i].name, p->argument, v,
             fl, v / fl);
      if (v < fl) {
        floorcheck_below(argv[1], r, i, p, &f, fl);
        below++;
      }
    }
  sk_rfile_free(r);
  if (with == 0) {
    fprintf(stderr, "floorcheck: %s: no point has a floor\n", argv[1]);
    return 2;
  }
  return below > 0 ? 1 : 0;
}
