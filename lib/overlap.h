/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * overlap.h -- how much of a nonblocking operation a computation hides
 * (doc/engine.md, "Nonblocking collectives").
 *
 * With t_pure the time of post + wait alone, t_cpu the time of the
 * computation alone and t_ovrl the time of post + computation + wait,
 *
 *   overlap % = 100 * max(0, min(1, (t_pure + t_cpu - t_ovrl)
 *                                   / min(t_pure, t_cpu)))
 *
 * 100 when the shorter of the two was hidden entirely (t_ovrl =
 * max(t_pure, t_cpu)), 0 when nothing was (t_ovrl >= t_pure + t_cpu).
 */
#ifndef SK_OVERLAP_H
#define SK_OVERLAP_H

/* The overlap percentage in [0, 100]; 0 when a time is not positive or
 * not a number. */
double sk_overlap_percent(double t_pure, double t_cpu, double t_ovrl);

#endif
