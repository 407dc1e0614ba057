/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plot.h -- the gnuplot script of a whole report.
 *
 * One script draws every page of sk_pages_t into one PDF (pdfcairo,
 * A4 landscape).  Data travel inside the script as datablocks, so the
 * script is the only file gnuplot reads.
 */
#ifndef SK_PLOT_H
#define SK_PLOT_H

#include <stdio.h>

#include "pages.h"

/* Write the script that draws PAGES into the PDF named by PDF_GP, a
 * gnuplot string (report/rout.h, sk_rout_gp_name()). */
int sk_plot_script(FILE *f, const sk_inputs_t *in, const sk_pages_t *pages,
                   const char *pdf_gp);

/* The x-y pages (suite, comparison, group); used by sk_plot_script. */
void sk_plot_xy_page(FILE *f, const sk_inputs_t *in, const sk_page_t *page,
                     size_t npages);

#endif
