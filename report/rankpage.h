/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rankpage.h -- the per-rank page of a suite with per-rank times
 * (Node_Times = yes, Bcast_OL): a heat map of ranks by arguments, the
 * same per node, and the slowest ranks named (doc/report.md, "Per-rank
 * page"); it stays one page and a small script at thousands of ranks.
 */
#ifndef SK_RANKPAGE_H
#define SK_RANKPAGE_H

#include <stdio.h>

#include "pages.h"

/* Image rows drawn of each heat map: more ranks (or nodes) are drawn in
 * bins of consecutive ones, each showing the slowest of its bin, so that
 * one slow rank of thousands is a line as visible as a slow node (the
 * panel is about 350 points high).  The CSV has every rank. */
#define SK_RANKPAGE_MAX_ROWS 256
/* Image columns: more points are binned likewise. */
#define SK_RANKPAGE_MAX_COLS 256
/* Ranks named on the page (the CSV lists them all). */
#define SK_RANKPAGE_SLOWEST 10

/* One page per suite of file F that has per-rank times. */
int sk_rankpage_plan(const sk_inputs_t *in, sk_pages_t *out, size_t f);

void sk_rankpage_draw(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                      size_t npages);

/* pNN-<slug>-ranks.csv (one row per rank and point), -nodes.csv (one per
 * node and point), -slowest.csv (every rank, slowest first). */
int sk_rankpage_csv(const char *dir, const sk_inputs_t *in,
                    const sk_page_t *page);

#endif
