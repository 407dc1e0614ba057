/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dbplot.h -- skampi-db plot: one plot of the points of chosen suites of
 * chosen runs, drawn by gnuplot through skampi-report's script pieces
 * (report/gp.h, report/gnuplot.h).  The command line (skampi-db plot)
 * and the web server's PDF/SVG downloads call the same function.
 *
 * Every string from the database (machine, library, suite names) reaches
 * the script only as a single-quoted gnuplot string (sk_gp_text), and
 * the terminals run with "noenhanced", so no stored text is ever gnuplot
 * code or markup; gnuplot's SVG terminal escapes < > & in the text.
 */
#ifndef SK_DBPLOT_H
#define SK_DBPLOT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "store.h"

/* Draws the suites suites[0..nsuites) of the runs runs[0..nruns) (in
 * that order) into PATH, one series per run and suite: the median (the
 * mean when the run has no median) against the argument, the x axis
 * logarithmic when LOGX (the points at an argument of 0 then left out,
 * and a note on the plot says how many; linear when no argument is
 * above 0) with KiB and MiB ticks for message lengths, the y axis
 * logarithmic (linear where a value is not positive), bars from the first to the
 * third quartile (mean +- standard error without quartiles), and a
 * legend naming run, machine, library, processes and start date.  Only
 * the points with xmin <= argument <= xmax are drawn; NAN for either
 * bound leaves that side open.  The format is PATH's extension, ".pdf"
 * or ".svg"; PATH is written as lib/outfile.h allows (new, or a PDF or
 * a gnuplot SVG replaced whole).  0, or < 0 with one sentence in err
 * (cut to errlen; gnuplot's own words go to stderr): SK_DBPLOT_NOTHING
 * when no point is to be drawn (the request's doing), SK_DBPLOT_SLOW
 * when gnuplot took longer than its limit (sk_gnuplot_limit), -1 for
 * any other failure. */
#define SK_DBPLOT_NOTHING (-2)
#define SK_DBPLOT_SLOW (-3)
int sk_dbplot_draw(sk_store_t *st, const int64_t *runs, size_t nruns,
                   const char *const *suites, size_t nsuites, double xmin,
                   double xmax, int logx, const char *path, char *err,
                   size_t errlen);

/* ---- shared with history.c ------------------------------------------- */

/* The terminal of PATH: 0 PDF, 1 SVG, -1 neither (message in err). */
int sk_dbplot_format(const char *path, char *err, size_t errlen);

/* Writes the body of a plot (after the terminal and output lines). */
typedef int (*sk_dbplot_body_fn)(FILE *f, void *arg);

/* The terminal for PATH's format, then BODY, in a temporary script;
 * gnuplot run on it; the picture put in place at PATH, complete or not
 * at all.  0, or -1 (SK_DBPLOT_SLOW) with err. */
int sk_dbplot_render(const char *path, sk_dbplot_body_fn body, void *arg,
                     char *err, size_t errlen);

#endif
