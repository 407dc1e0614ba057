/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rankgrid.h -- the per-rank times of one suite as a grid of ranks by
 * arguments, and what the per-rank page shows of it (no gnuplot here;
 * rankpage.c draws it, doc/report.md "Per-rank page").
 *
 * A cell is a rank's own time at one argument (the point's node_times)
 * over the median of all ranks' at that argument: 1 is a typical rank,
 * 2 one twice as slow.  A rank's row is the world rank of its entry: the
 * entry itself, except for the two entries of a ping-pong suite, which
 * are its pair.  Its node comes from the file's node map, else from
 * factors.hosts (a node is a host name, lib/nodemap.h).
 */
#ifndef SK_RANKGRID_H
#define SK_RANKGRID_H

#include <stddef.h>

#include "rfile.h"

/* Cells a grid may hold: a larger suite gets no per-rank page (16 Mi
 * cells are 128 MiB of doubles). */
#define SK_RANKGRID_MAX_CELLS (1L << 24)

typedef struct sk_rankgrid {
  const sk_rfile_suite_t *suite;   /* borrowed */
  size_t ncols;                    /* points with per-rank times */
  const sk_rfile_point_t **col;    /* those points, in argument order */
  double *median;                  /* per column: the median of its ranks */
  size_t nrows;                    /* the most entries of any point */
  long *world;                     /* per row: its world rank */
  double *ratio;                   /* nrows x ncols, row by row: time over
                                    * the column's median; NaN: none (no
                                    * entry, not finite, or not > 0) */
  long *node;                      /* per row: its node, -1 unknown */
  const char **hosts;              /* per node: its name (borrowed) */
  size_t nnodes;
  double *node_ratio;              /* nnodes x ncols: the median ratio
                                    * of the node's ranks; NaN: none */
  long *node_ranks;                /* per node: its rows */
  double *geo;                     /* per row: geometric mean of its
                                    * ratios (NaN: none) */
  double *worst;                   /* per row: its largest ratio */
  size_t *worst_col;               /* per row: where that was */
  size_t *slowest;                 /* rows by geo, slowest first (rows
                                    * without a ratio last) */
} sk_rankgrid_t;

/* Whether suite S has per-rank times: a point with two or more
 * node_times. */
int sk_rankgrid_has(const sk_rfile_suite_t *s);

/* The grid of suite S of file R; -1 when memory ran out or the grid
 * would pass SK_RANKGRID_MAX_CELLS (then *g is empty). */
int sk_rankgrid_build(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                      sk_rankgrid_t *g);
void sk_rankgrid_free(sk_rankgrid_t *g);

/* Ratio of row i, column j. */
double sk_rankgrid_at(const sk_rankgrid_t *g, size_t i, size_t j);

#endif
