/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * title.h -- the title page(s) of one result file.
 *
 * Left, most important first so that a full page cuts the least: the
 * run, its library faults, the experimental factors and the node map,
 * the suites that did not complete (counts by reason and the first few
 * named), the preamble
 * metadata (machine), the environment.  Right: the table of suites with
 * instance, status and point counts, SK_PAGES_TITLE_ROWS rows per page
 * (later pages continue the table only).  When more suites did not
 * complete than the title page names, a details page follows the table:
 * every one of them with its reason, and every factor.
 */
#ifndef SK_TITLE_H
#define SK_TITLE_H

#include <stdio.h>

#include "pages.h"

/* 1 when result r gets the details page (page.details). */
int sk_title_details_wanted(const sk_rfile_t *r);

void sk_title_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                   size_t npages);

#endif
