/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * single.h -- the page of suites measured without a variation.
 *
 * A dot plot: one row per suite name (MPI_Barrier, MPI_Wtime, ...), one
 * dot with its standard-error bar per result file in the file's colour,
 * time on a log axis.  SK_PAGES_SINGLE_ROWS rows per page.
 */
#ifndef SK_SINGLE_H
#define SK_SINGLE_H

#include <stdio.h>

#include "pages.h"

void sk_single_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                    size_t npages);

#endif
