/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rankgrid.c -- per-rank times as a grid of ranks by arguments
 * (rankgrid.h).
 */
#include <config.h>

#include "rankgrid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nodemap.h"

/* Points with per-rank times and the most entries of any. */
static size_t sk_rg_size(const sk_rfile_suite_t *s, size_t *rows)
{
  size_t i, n = 0;
  *rows = 0;
  for (i = 0; i < s->npoints; i++)
    if (s->points[i].nnode >= 2 && s->points[i].node_times != NULL) {
      n++;
      if (s->points[i].nnode > *rows)
        *rows = s->points[i].nnode;
    }
  return n;
}

int sk_rankgrid_has(const sk_rfile_suite_t *s)
{
  size_t rows, cols = sk_rg_size(s, &rows);
  return cols > 0 && (double)rows * (double)cols <=
                         (double)SK_RANKGRID_MAX_CELLS;
}

double sk_rankgrid_at(const sk_rankgrid_t *g, size_t i, size_t j)
{
  return g->ratio[i * g->ncols + j];
}

static int sk_rg_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of the n values in v (sorted here); NaN for none. */
static double sk_rg_median(double *v, size_t n)
{
  if (n == 0)
    return NAN;
  qsort(v, n, sizeof *v, sk_rg_cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Column j: its median over the ranks, then every rank's ratio. */
static void sk_rg_column(sk_rankgrid_t *g, size_t j, double *tmp)
{
  const sk_rfile_point_t *p = g->col[j];
  size_t i, n = 0;
  double m;
  for (i = 0; i < p->nnode; i++)
    if (isfinite(p->node_times[i]) && p->node_times[i] > 0)
      tmp[n++] = p->node_times[i];
  m = g->median[j] = sk_rg_median(tmp, n);
  for (i = 0; i < g->nrows; i++)
    g->ratio[i * g->ncols + j] =
        i < p->nnode && isfinite(p->node_times[i]) &&
                p->node_times[i] > 0 && m > 0
            ? p->node_times[i] / m : NAN;
}

/* The world rank of row i: the pair's for a ping-pong suite's two
 * entries, else i. */
static long sk_rg_world(const sk_rfile_suite_t *s, size_t rows, size_t i)
{
  if (rows == 2 && s->pair[0] >= 0 && s->pair[1] >= 0)
    return s->pair[i];
  return (long)i;
}

/* Nodes from the node map. */
static int sk_rg_nodes_map(sk_rankgrid_t *g, const sk_nodemap_t *m)
{
  size_t i;
  g->nnodes = m->nnodes;
  if ((g->hosts = calloc(m->nnodes, sizeof *g->hosts)) == NULL)
    return -1;
  for (i = 0; i < m->nnodes; i++)
    g->hosts[i] = m->nodes[i].host;
  for (i = 0; i < g->nrows; i++)
    g->node[i] = sk_nodemap_node_of(m, g->world[i]);
  return 0;
}

/* Nodes from factors.hosts (distinct names, first seen first). */
static int sk_rg_nodes_hosts(sk_rankgrid_t *g, const sk_rfile_t *r)
{
  size_t i, k;
  if ((g->hosts = calloc(g->nrows, sizeof *g->hosts)) == NULL)
    return -1;
  for (i = 0; i < g->nrows; i++) {
    long w = g->world[i];
    g->node[i] = -1;
    if (w < 0 || (size_t)w >= r->nhosts)
      continue;
    for (k = 0; k < g->nnodes && strcmp(g->hosts[k], r->hosts[w]) != 0; k++)
      ;
    if (k == g->nnodes)
      g->hosts[g->nnodes++] = r->hosts[w];
    g->node[i] = (long)k;
  }
  return 0;
}

/* Per node and column: the median ratio of the node's ranks. */
static int sk_rg_node_ratios(sk_rankgrid_t *g)
{
  size_t n = g->nnodes, i, j, k, *first, *rows, at = 0;
  double *tmp;
  int rc = -1;
  g->node_ratio = malloc((n ? n : 1) * g->ncols * sizeof *g->node_ratio);
  g->node_ranks = calloc(n ? n : 1, sizeof *g->node_ranks);
  first = calloc(n + 1, sizeof *first);
  rows = malloc((g->nrows ? g->nrows : 1) * sizeof *rows);
  tmp = malloc((g->nrows ? g->nrows : 1) * sizeof *tmp);
  if (g->node_ratio && g->node_ranks && first && rows && tmp) {
    /* the rows of each node, together (a counting sort) */
    for (i = 0; i < g->nrows; i++)
      if (g->node[i] >= 0)
        g->node_ranks[g->node[i]]++;
    for (k = 0; k < n; k++) {
      first[k] = at;
      at += (size_t)g->node_ranks[k];
    }
    first[n] = at;
    for (i = 0; i < g->nrows; i++)
      if (g->node[i] >= 0)
        rows[first[g->node[i]]++] = i;
    for (k = 0, at = 0; k < n; k++) {
      for (j = 0; j < g->ncols; j++) {
        size_t m = 0, q;
        for (q = at; q < at + (size_t)g->node_ranks[k]; q++)
          if (isfinite(sk_rankgrid_at(g, rows[q], j)))
            tmp[m++] = sk_rankgrid_at(g, rows[q], j);
        g->node_ratio[k * g->ncols + j] = sk_rg_median(tmp, m);
      }
      at += (size_t)g->node_ranks[k];
    }
    rc = 0;
  }
  free(first);
  free(rows);
  free(tmp);
  return rc;
}

/* Per row: the geometric mean and the largest of its ratios. */
static void sk_rg_row_summary(sk_rankgrid_t *g)
{
  size_t i, j;
  for (i = 0; i < g->nrows; i++) {
    double sum = 0, r;
    size_t n = 0;
    g->worst[i] = NAN;
    g->worst_col[i] = 0;
    for (j = 0; j < g->ncols; j++) {
      if (!isfinite(r = sk_rankgrid_at(g, i, j)))
        continue;
      sum += log(r);
      n++;
      if (!(r <= g->worst[i])) {
        g->worst[i] = r;
        g->worst_col[i] = j;
      }
    }
    g->geo[i] = n ? exp(sum / (double)n) : NAN;
  }
}

/* The rows by geometric mean, slowest first, NaN last, then by rank. */
static const sk_rankgrid_t *sk_rg_sorting;

static int sk_rg_cmp_slow(const void *a, const void *b)
{
  size_t i = *(const size_t *)a, j = *(const size_t *)b;
  double x = sk_rg_sorting->geo[i], y = sk_rg_sorting->geo[j];
  if (isnan(x) != isnan(y))
    return isnan(x) ? 1 : -1;
  if (!isnan(x) && x != y)
    return x > y ? -1 : 1;
  return (i > j) - (i < j);
}

static void sk_rg_slowest(sk_rankgrid_t *g)
{
  size_t i;
  for (i = 0; i < g->nrows; i++)
    g->slowest[i] = i;
  sk_rg_sorting = g;
  qsort(g->slowest, g->nrows, sizeof *g->slowest, sk_rg_cmp_slow);
  sk_rg_sorting = NULL;
}

static int sk_rg_alloc(sk_rankgrid_t *g)
{
  size_t r = g->nrows, c = g->ncols;
  g->col = calloc(c, sizeof *g->col);
  g->median = calloc(c, sizeof *g->median);
  g->world = calloc(r, sizeof *g->world);
  g->node = calloc(r, sizeof *g->node);
  g->ratio = malloc(r * c * sizeof *g->ratio);
  g->geo = calloc(r, sizeof *g->geo);
  g->worst = calloc(r, sizeof *g->worst);
  g->worst_col = calloc(r, sizeof *g->worst_col);
  g->slowest = calloc(r, sizeof *g->slowest);
  return g->col && g->median && g->world && g->node && g->ratio && g->geo &&
                 g->worst && g->worst_col && g->slowest ? 0 : -1;
}

int sk_rankgrid_build(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                      sk_rankgrid_t *g)
{
  size_t i, j = 0;
  double *tmp = NULL;
  memset(g, 0, sizeof *g);
  g->suite = s;
  if (!sk_rankgrid_has(s))
    return -1;
  g->ncols = sk_rg_size(s, &g->nrows);
  if (sk_rg_alloc(g) != 0 || (tmp = malloc(g->nrows * sizeof *tmp)) == NULL)
    goto fail;
  for (i = 0; i < s->npoints; i++)
    if (s->points[i].nnode >= 2 && s->points[i].node_times != NULL)
      g->col[j++] = &s->points[i];
  for (j = 0; j < g->ncols; j++)
    sk_rg_column(g, j, tmp);
  for (i = 0; i < g->nrows; i++)
    g->world[i] = sk_rg_world(s, g->nrows, i);
  if ((r->nodemap != NULL ? sk_rg_nodes_map(g, r->nodemap)
                          : sk_rg_nodes_hosts(g, r)) != 0 ||
      sk_rg_node_ratios(g) != 0)
    goto fail;
  sk_rg_row_summary(g);
  sk_rg_slowest(g);
  free(tmp);
  return 0;
fail:
  free(tmp);
  sk_rankgrid_free(g);
  return -1;
}

void sk_rankgrid_free(sk_rankgrid_t *g)
{
  free(g->col);
  free(g->median);
  free(g->world);
  free(g->ratio);
  free(g->node);
  free(g->hosts);
  free(g->node_ratio);
  free(g->node_ranks);
  free(g->geo);
  free(g->worst);
  free(g->worst_col);
  free(g->slowest);
  memset(g, 0, sizeof *g);
}
