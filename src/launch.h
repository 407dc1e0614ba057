/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * launch.h -- a measurement run under MPI: every rank checks the same
 * suite file, all agree on the verdict, then the engine runs.
 */
#ifndef SK_LAUNCH_H
#define SK_LAUNCH_H

#include <stdio.h>

#include "cli.h"

/* MPI_Init, check, sk_run(), MPI_Finalize.  Returns the exit status,
 * the same on every rank. */
int sk_launch(const sk_cli_t *cli);

/* --version: skampi's version, and on a second line "MPI: " and the
 * first line of the MPI library it was built with (MPI_Get_library_version
 * may be called before MPI_Init), so that skampi-run can tell whether a
 * launcher belongs to it. */
void sk_launch_version(FILE *fp);

#endif
