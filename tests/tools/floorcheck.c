/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * floorcheck.c -- TEST ONLY (tests/tools/floors.sh): holds every point
 * of a result file against its floor (lib/floor.h).
 *   floorcheck FILE [COPY_SCALE]
 * prints "SUITE ARG VALUE FLOOR RATIO" for each point with a floor and
 * "below: SUITE ARG" for each under it; COPY_SCALE multiplies the
 * measured copy rates (0.5: a planted wrong floor).  Exit 0: every
 * point at or above its floor; 1: one below; 2: no floor at all (a
 * check that checked nothing); 3: the file cannot be read.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "floor.h"
#include "rfile_load.h"

int main(int argc, char **argv)
{
  sk_rfile_t *r = NULL;
  sk_floor_t f;
  size_t i, j, with = 0, below = 0;
  double scale = argc > 2 ? strtod(argv[2], NULL) : 1.0;
  if (argc < 2 || !(scale > 0)) {
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
      double v = sk_floor_value(p);
      if (!isfinite(fl) || !isfinite(v))
        continue;
      with++;
      printf("%s %.0f %.9g %.9g %.3f\n", r->suites[i].name, p->argument, v,
             fl, v / fl);
      if (v < fl) {
        printf("below: %s %.0f\n", r->suites[i].name, p->argument);
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
