/*
 * launch.h -- a measurement run under MPI: every rank checks the same
 * suite file, all agree on the verdict, then the engine runs.
 */
#ifndef SK_LAUNCH_H
#define SK_LAUNCH_H

#include "cli.h"

/* MPI_Init, check, sk_run(), MPI_Finalize.  Returns the exit status,
 * the same on every rank. */
int sk_launch(const sk_cli_t *cli);

#endif
