/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * modelpage.h -- the max-rate model page and its CSV files
 * (report/model.c computes, this draws; doc/report.md).
 */
#ifndef SK_MODELPAGE_H
#define SK_MODELPAGE_H

#include <stdio.h>

#include "pages.h"

void sk_modelpage_draw(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                       size_t npages);
int sk_modelpage_csv(const char *dir, const sk_inputs_t *in,
                     const sk_page_t *page);

/* `set xtics (...)` of message lengths over [lo, hi] (lo > 0). */
void sk_modelpage_bytes_tics(FILE *f, double lo, double hi);

#endif
