/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mpierr.h -- MPI errors of the engine's communicators: returned, not
 * fatal (doc/robustness.md).  The handler works like MPI_ERRORS_RETURN
 * and also records the first error's string, so that the suite can end
 * as failed with it even when an instance does not check return codes.
 */
#ifndef SK_MPIERR_H
#define SK_MPIERR_H

#include <mpi.h>
#include <stddef.h>

/* Sets the handler on comm; communicators made from it inherit it. */
int sk_mpierr_install(MPI_Comm comm);
/* Collective over comm: 1 on every process when any of them recorded an
 * error since the last call; msg (n bytes) then holds "MPI error on
 * rank R: STRING" everywhere.  Clears the record. */
int sk_mpierr_check(MPI_Comm comm, char *msg, size_t n);

#endif
