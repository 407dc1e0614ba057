/*
 * gnuplot.h -- running gnuplot on a script.
 */
#ifndef SK_GNUPLOT_H
#define SK_GNUPLOT_H

/* The program to run: $GNUPLOT when set and not empty, else the one
 * configure found (SK_GNUPLOT in config.h). */
const char *sk_gnuplot_program(void);

/* Run the gnuplot program on SCRIPT, stdin from /dev/null.  -1 when it
 * cannot be started or exits non-zero; the message names the program
 * and repeats what gnuplot wrote to its stderr.  Output from a
 * successful run is passed on as a warning. */
int sk_gnuplot_run(const char *script);

/* After a successful run: moves the PDF gnuplot wrote to PDF over OUTPUT,
 * so OUTPUT appears complete or not at all.  -1 (with the message) when
 * PDF is missing or empty or cannot be renamed; the caller removes PDF. */
int sk_gnuplot_publish(const char *pdf, const char *output);

/* The end of every drawing: when WRITTEN (the script SCRIPT is complete)
 * runs it and publishes PDF as OUTPUT; then removes PDF unless it was
 * published, and SCRIPT unless KEEP_SCRIPT (--script).  SCRIPT and PDF
 * may be NULL (nothing to remove).  0, or -1 with the message printed. */
int sk_gnuplot_finish(int written, const char *script, const char *pdf,
                      const char *output, int keep_script);

#endif
