/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * datadir.h -- where an installed program finds its data (the shipped
 * suites, the web interface's script and style), resolved when it runs,
 * so that an installation works wherever it is: installed where it was
 * configured, moved whole to another directory, staged with DESTDIR, or
 * installed with `make install prefix=...`.
 *
 * The configured directories (skpaths.h, made by make from configure's
 * answers and remade when configure runs again) give the data
 * directory's place relative to the programs' directory: share/skampi
 * is "../share/skampi" from bin/.  That relative place is tried from the
 * directory the program runs from first, then the configured absolute
 * one.
 */
#ifndef SK_DATADIR_H
#define SK_DATADIR_H

#include <stddef.h>

/* TARGET's path relative to BINDIR (both absolute, as configured):
 * "../share/skampi" for /usr/local/bin and /usr/local/share/skampi; ""
 * when either is not absolute or the result does not fit LEN.  Into
 * out[LEN]; returns out. */
char *sk_datadir_relative(const char *bindir, const char *target,
                          char *out, size_t len);

/* The directory of the running program, resolved (/proc/self/exe; ""
 * where there is none).  Into out[LEN]; returns out. */
char *sk_datadir_exedir(char *out, size_t len);

/* The data directory TARGET of a program configured for BINDIR: the
 * directory at TARGET's relative place from the program's own directory
 * when PROBE (a file name) is there, else TARGET.  Into out[LEN];
 * returns out. */
char *sk_datadir_locate(const char *bindir, const char *target,
                        const char *probe, char *out, size_t len);

#endif
