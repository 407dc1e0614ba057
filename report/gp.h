/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gp.h -- small pieces of gnuplot script shared by the page writers.
 *
 * Every string from a result file reaches gnuplot through sk_gp_text(),
 * which single-quotes it (gnuplot expands nothing inside '...') and
 * drops control characters, so no file can change the script.
 */
#ifndef SK_GP_H
#define SK_GP_H

#include <stdio.h>

#include "pages.h"

/* Page geometry, fractions of the page (A4 landscape). */
#define SK_GP_LEFT 0.09
#define SK_GP_RIGHT 0.70
#define SK_GP_TOP 0.835
#define SK_GP_BOTTOM 0.09
#define SK_GP_KEY_X 0.715

/* Font sizes (points). */
#define SK_GP_FONT "DejaVu Sans"
#define SK_GP_SIZE 10

/* The start of every script: the PDF terminal (A4 landscape, SK_GP_FONT)
 * writing to pdf_gp, the PDF's name already written as a gnuplot string
 * (report/rout.h, sk_rout_gp_name(): exactly the name, which sk_gp_text()
 * would not keep). */
void sk_gp_header(FILE *f, const char *pdf_gp);

/* TEXT as a quoted gnuplot string, cut to MAX characters (0: no limit)
 * with a trailing ellipsis. */
void sk_gp_text(FILE *f, const char *text, size_t max);

/* `set label` at screen X, Y; ALIGN "left", "center" or "right"; SIZE
 * in points; BOLD selects the bold face; COLOUR NULL for black. */
void sk_gp_label(FILE *f, double x, double y, const char *align, int size,
                 int bold, const char *colour, const char *text, size_t max);

/* A left-aligned black label cut in the middle (sk_gp_text_mid). */
void sk_gp_label_mid(FILE *f, double x, double y, int size,
                     const char *text, size_t max);

/* The colour of linetype-like index 1..SK_PAGES_COLOURS as "#rrggbb". */
const char *sk_gp_colour(int index);

/* Title, up to three subtitle lines (NULL to skip; SUB3_COLOUR for a
 * warning) and the footer with the page number. */
void sk_gp_frame(FILE *f, const sk_page_t *page, size_t npages,
                 const char *title, const char *sub1, const char *sub2,
                 const char *sub3, const char *sub3_colour);

/* TEXT as a quoted string of at most MAX characters, cut in the middle
 * ("MPI_Comm_rank-vari…-name-07"): for names whose end tells them apart. */
void sk_gp_text_mid(FILE *f, const char *text, size_t max);

/* A number for a data block or a label: shortest exact text. */
void sk_gp_num(FILE *f, double v);

/* `set AXIStics (...)`: an explicit tic list at tics[0..n), labelled by
 * the byte formatter (sk_units_bytes) when BYTES, else by the numbers. */
void sk_gp_tic_list(FILE *f, const char *axis, const double *tics,
                    size_t n, int bytes);

/* The x axis of a count (processes, chunks) from lo to hi: its range and
 * tics chosen for the range, so that 1,024 processes read as well as 4.
 * Up to 16 it is linear with every whole number; beyond, a range of a
 * factor 16 or more is a log2 axis with tics at powers of two (a grid of
 * process counts is geometric by default), else linear with a round
 * step (1, 2, 5 x 10^k) of at most 12 tics.  Ends with "unset" of any
 * log x scale when linear. */
void sk_gp_count_axis(FILE *f, double lo, double hi);

/* Start a page in multiplot mode / an empty plot that only draws the
 * labels set so far. */
void sk_gp_page_begin(FILE *f);
/* The plot's margins, as fractions of the page (SK_GP_LEFT, ...). */
void sk_gp_margins(FILE *f, double left, double right, double top,
                   double bottom);
void sk_gp_blank_plot(FILE *f);

#endif
