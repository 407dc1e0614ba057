/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tailpage.h -- the tail-latency page: P50 and P99 against the message
 * length, for the Length suites of one result file that record
 * percentiles (Percentiles = yes; doc/report.md "Pages").
 */
#ifndef SK_TAILPAGE_H
#define SK_TAILPAGE_H

#include <stdio.h>

#include "pages.h"

/* Plans the page of file F when it has such suites with points. */
int sk_tailpage_plan(const sk_inputs_t *in, sk_pages_t *out, size_t f);

void sk_tailpage_draw(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                      size_t npages);

/* p<NN>-<slug>.csv: per point its four percentiles and, for a merged
 * file, the interval of each over the runs. */
int sk_tailpage_csv(const char *dir, const sk_inputs_t *in,
                    const sk_page_t *page);

#endif
