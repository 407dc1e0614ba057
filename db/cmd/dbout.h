/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dbout.h -- how skampi-db prints numbers and text: every string that
 * came from a result file is escaped (lib/escape.h) before it reaches a
 * terminal, and a CSV field is quoted when it must be.
 */
#ifndef SK_DBOUT_H
#define SK_DBOUT_H

#include <stdio.h>

/* The shortest text that reads back as V exactly ("" for NaN). */
void sk_dbout_num(char buf[32], double v);

/* TEXT escaped to one line, printed with printf's FORMAT ("%-16s"). */
void sk_dbout_text(FILE *f, const char *format, const char *text);

/* TEXT escaped, then as one CSV field (RFC 4180 quoting). */
void sk_dbout_csv(FILE *f, const char *text);

/* "1 KiB", "64 KiB", "2 MiB" for byte counts that are whole KiB or MiB
 * powers, else the number. */
void sk_dbout_bytes(char buf[32], double v);

/* A time in seconds with three significant digits and its unit: "761
 * ns", "0.5 s", "12.3 \xc2\xb5s" (UTF-8 micro sign); "-" when not finite. */
void sk_dbout_time(char buf[32], double seconds);

#endif
