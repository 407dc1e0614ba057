/* SPDX-License-Identifier: BSD-3-Clause */
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
 * cannot be started or exits non-zero, -2 when it took longer than
 * sk_gnuplot_limit allows (and was killed); the message names the
 * program and repeats what gnuplot wrote to its stderr.  Output from a
 * successful run is passed on as a warning. */
int sk_gnuplot_run(const char *script);

/* Every later run may take at most SECONDS (0: no limit, the default);
 * one that takes longer is killed and fails with a message saying so.
 * Set once, before runs start (skampi-db serve's drawings). */
void sk_gnuplot_limit(unsigned seconds);

/* After a successful run: puts the PDF gnuplot wrote to pdf->tmp in
 * place (sk_outfile_commit()), so the output appears complete or not at
 * all.  -1 (with the message) when gnuplot wrote nothing or the output
 * cannot be replaced.  pdf is freed either way. */
int sk_gnuplot_publish(sk_outfile_t *pdf);


#endif
