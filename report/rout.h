/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rout.h -- the files skampi-report writes (the PDF, --script, the CSV
 * files), each through lib/outfile.h: written whole under a temporary
 * name and then put in place, never over a file of another kind or over
 * one of the inputs.  Every function prints its own message (lib/msg.h).
 */
#ifndef SK_ROUT_H
#define SK_ROUT_H

#include <stdio.h>

#include "outfile.h"

/* sk_outfile_check() with the message printed; 0 or -1. */
int sk_rout_check(const char *path, sk_outfile_kind_t kind,
                  const sk_outfile_inputs_t *in);

/* sk_outfile_open() with the message printed; NULL when refused. */
sk_outfile_t *sk_rout_open(const char *path, sk_outfile_kind_t kind,
                           const sk_outfile_inputs_t *in);

/* sk_outfile_commit() with the message printed; 0 or -1.  h is freed. */
int sk_rout_commit(sk_outfile_t *h);

/* The CSV directory: checked (kind CSV), then created unless it is there;
 * 0 or -1. */
int sk_rout_csv_dir(const char *dir, const sk_outfile_inputs_t *in);

/* name (a temporary of output) as a single-quoted gnuplot string for
 * `set output`; NULL (said) when gnuplot cannot be given it -- a control
 * character in output's name -- or out of memory.  The caller frees. */
char *sk_rout_gp_name(const char *name, const char *output);

/* A new file for a script nobody keeps: $TMPDIR/skampi-report-XXXXXX
 * (mkstemp, so nothing planted is followed), with the permissions a
 * normal create would give, open on *f; its name in *path (the
 * caller's, also on failure).  0, or -1 (said). */
int sk_rout_tmpscript(char **path, FILE **f);

/* Writes a whole gnuplot script to f that draws into pdf_gp (the PDF's
 * name as a gnuplot string); 0, or -1 with errno set. */
typedef int (*sk_rout_script_fn)(FILE *f, const char *pdf_gp, void *arg);

/* The drawing of one PDF: the script written by write (into script, the
 * user's --script file, when not NULL, else into a temporary removed
 * afterwards), gnuplot run on it, and the PDF put in place as output --
 * complete or not at all, and only where lib/outfile.h allows it.  0, or
 * -1 (said). */
int sk_rout_draw(const char *output, const char *script,
                 const sk_outfile_inputs_t *in, sk_rout_script_fn write,
                 void *arg);

#endif
