/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csv.h -- the data behind every plot, as CSV files (--csv DIR).
 *
 * One file per plot page, named pNN-<page slug>.csv (NN: the page
 * number), with the header line
 *   file,label,suite,instance,argument,mean,stderr,repetitions,eps_met,
 *   refined,bandwidth
 * and one row per point drawn on that page.  Numbers are the result
 * file's values in seconds and bytes, written so that they read back
 * exactly; bandwidth (argument / mean, bytes/s) only for Length.
 */
#ifndef SK_CSV_H
#define SK_CSV_H

#include <stdio.h>

#include "outfile.h"
#include "pages.h"

/* A text field: the cell of csvcell.h (quoted as RFC 4180 says, never
 * a formula), the one cell of every CSV skampi writes. */
void sk_csv_field(FILE *f, const char *s);

/* A number written so that it reads back exactly. */
void sk_csv_num(FILE *f, double v);

/* The CSV file of page P in DIR, "DIR/pNN-SLUG.csv" or, with WHAT,
 * "DIR/pNN-SLUG-WHAT.csv", opened through sk_rout_open() (rout.h):
 * NULL when it cannot be (a message given) or out of memory. */
sk_outfile_t *sk_csv_open(const char *dir, const sk_inputs_t *in,
                          const sk_page_t *p, const char *what);

/* Create DIR if needed and write the files.  -1 with a message. */
int sk_csv_write(const char *dir, const sk_inputs_t *in,
                 const sk_pages_t *pages);

#endif
