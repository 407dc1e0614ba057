/*
 * gnuplot.h -- running gnuplot on a script.
 */
#ifndef SK_GNUPLOT_H
#define SK_GNUPLOT_H

#include "outfile.h"

/* The program to run: $GNUPLOT when set and not empty, else the one
 * configure found (SK_GNUPLOT in config.h). */
const char *sk_gnuplot_program(void);

/* Run the gnuplot program on SCRIPT, stdin from /dev/null.  -1 when it
 * cannot be started or exits non-zero; the message names the program
 * and repeats what gnuplot wrote to its stderr.  Output from a
 * successful run is passed on as a warning. */
int sk_gnuplot_run(const char *script);

/* After a successful run: puts the PDF gnuplot wrote to pdf->tmp in
 * place (sk_outfile_commit()), so the output appears complete or not at
 * all.  -1 (with the message) when gnuplot wrote nothing or the output
 * cannot be replaced.  pdf is freed either way. */
int sk_gnuplot_publish(sk_outfile_t *pdf);


#endif
