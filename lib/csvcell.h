/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csvcell.h -- one text cell of a CSV file, the same for every CSV any
 * skampi program writes (skampi-report --csv, skampi-db query, compare
 * and history --format csv, serve's downloads, publish's csv/): quoted
 * as RFC 4180 says, and never a formula to a spreadsheet.
 *
 * A cell that starts with '=', '+', '-', '@', a tab or a carriage
 * return would be run as a formula by Excel, LibreOffice or Google
 * Sheets (=HYPERLINK(...), =cmd|' /C calc'!A0, @SUM(1)); it is written
 * with a single quote first ("'=HYPERLINK(...)"), which they show as
 * text, and quoted.  A cell holding a comma, a double quote, a carriage
 * return or a newline is quoted, its double quotes doubled.  No MPI, no
 * I/O.
 */
#ifndef SK_CSVCELL_H
#define SK_CSVCELL_H

#include <stddef.h>

/* Whether the cell S (NULL: "") would start a formula. */
int sk_csvcell_formula(const char *s);

/* The cell of S (NULL: ""), malloc'ed; NULL when out of memory. */
char *sk_csvcell(const char *s);

#endif
