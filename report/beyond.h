/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * beyond.h -- the report pages of the instances beyond the SKaMPI
 * patterns: the max-rate model page, the broadcast-methods page (like
 * Fig. 11 of de Supinski & Karonis) and the rate pages (bandwidth in
 * bytes/s, round trips per second).  doc/report.md describes them.
 */
#ifndef SK_BEYOND_H
#define SK_BEYOND_H

#include <stdio.h>

#include "pages.h"

/* Plans the pages for every input file that has data for them. */
int sk_beyond_pages(const sk_inputs_t *in, sk_pages_t *out);

/* Is PAGE one of these pages? */
int sk_beyond_is_page(const sk_page_t *page);

/* Draws PAGE (sk_beyond_is_page). */
void sk_beyond_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                    size_t npages);

/* The model page also writes its fits and switches as CSV files next to
 * the data: p<NN>-<slug>-fits.csv and p<NN>-<slug>-switches.csv.  0 for
 * other pages. */
int sk_beyond_csv(const char *dir, const sk_inputs_t *in,
                  const sk_page_t *page);

#endif
