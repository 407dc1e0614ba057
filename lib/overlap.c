/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * overlap.c -- the overlap percentage (overlap.h states the formula).
 */
#include <config.h>

#include "overlap.h"

#include <math.h>

double sk_overlap_percent(double t_pure, double t_cpu, double t_ovrl)
{
  double shorter = t_pure < t_cpu ? t_pure : t_cpu, f;
  if (!(t_pure > 0.0) || !(t_cpu > 0.0) || !isfinite(t_ovrl) ||
      !isfinite(t_pure) || !isfinite(t_cpu))
    return 0.0;
  f = (t_pure + t_cpu - t_ovrl) / shorter;
  if (f < 0.0)
    f = 0.0;
  if (f > 1.0)
    f = 1.0;
  return 100.0 * f;
}
