/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * collbwpage.h -- the collective bandwidth page: per process and per
 * host, in bytes per second, for the collective suites of one result
 * file (lib/collbw.c defines the bytes; doc/report.md the page).
 */
#ifndef SK_COLLBWPAGE_H
#define SK_COLLBWPAGE_H

#include <stdio.h>

#include "pages.h"

/* Plans a page of file F for its Length suites and one for its Nodes
 * suites, when it has such collective suites with points. */
int sk_collbwpage_plan(const sk_inputs_t *in, sk_pages_t *out, size_t f);

void sk_collbwpage_draw(FILE *f, const sk_inputs_t *in,
                        const sk_page_t *page, size_t npages);

/* p<NN>-<slug>-bandwidth.csv: one row per point per process, and one per
 * point and host. */
int sk_collbwpage_csv(const char *dir, const sk_inputs_t *in,
                      const sk_page_t *page);

#endif
