/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * title.h -- the title page(s) of one result file.
 *
 * Left: the run, the preamble metadata (machine), suites that did not
 * complete, and the recorded experimental factors.  Right: the table of
 * suites with instance, status and point counts, SK_PAGES_TITLE_ROWS
 * rows per page (later pages continue the table only).
 */
#ifndef SK_TITLE_H
#define SK_TITLE_H

#include <stdio.h>

#include "pages.h"

void sk_title_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                   size_t npages);

#endif
