/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fdr.h -- Benjamini-Hochberg control of the false-discovery rate: many
 * points compared at once, so that about q of the changes reported are
 * chance, not q of all points (doc/statistics.md).  No MPI, no I/O.
 */
#ifndef SK_FDR_H
#define SK_FDR_H

#include <stddef.h>

/* The BH-adjusted p-values of p[0..n) into adj[0..n) (adj may be p):
 * with the m finite p-values sorted ascending p(1) <= ... <= p(m),
 *     adj(i) = min over k >= i of min(1, m p(k) / k),
 * so a point is significant at level q when adj <= q.  A NaN p-value
 * (no test made) stays NaN and does not count in m.  -1 when memory runs
 * out or a p-value is outside [0, 1]. */
int sk_fdr_bh(const double *p, size_t n, double *adj);

#endif
