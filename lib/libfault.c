/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libfault.c -- the table of known faults of MPI libraries (libfault.h).
 *
 * Each row was found by skampi's own runs and shown by a program of a
 * few lines that calls the MPI function alone; the integrity check or
 * the watchdog caught them first.  MPICH 4.0.2 is the MPICH of Debian 12.
 */
#include <config.h>

#include "libfault.h"

#include <stddef.h>
#include <string.h>

static const sk_libfault_t sk_libfault_rows[] = {
  /* a derived datatype's reference count goes below zero */
  {247, "MPICH Version: 4.0", 1, 0,
   "aborts in an assertion on its second MPI_Start", NULL},
  {249, "MPICH Version: 4.0", 1, 0, "delivers no data to the root", NULL},
  /* from its second start on (of a derived datatype) the non-roots get
   * nothing; on 3 processes and more the schedule fails on some ranks
   * ("Invalid communicator" from MPI_Wait) and the others wait forever
   * for data that never comes */
  {251, "MPICH Version: 4.0", 1, 0,
   "delivers no data from its second MPI_Start on, and from 3 processes "
   "on fails in MPI_Wait (\"Invalid communicator\") while the processes "
   "that wait for its data hang", NULL},
  /* the tuned component's fixed decision picks a Bruck-style algorithm
   * from 16 processes on for small blocks, and that one misplaces data
   * of derived datatypes (a plain program: 1,536 wrong ints at P = 16,
   * none at 15; algorithms 3, 5 and 6 fail, 1, 2 and 4 do not) */
  {21, "Open MPI v4.1.", 16, 1,
   "delivers wrong data with derived datatypes (an Indexed send and a "
   "Struct receive type: 1,536 wrong ints of 16 processes)",
   "mpiexec --mca coll_tuned_use_dynamic_rules 1 --mca "
   "coll_tuned_alltoall_algorithm 1 (or 2, or 4) chooses an algorithm "
   "that delivers them right"},
};

const sk_libfault_t *sk_libfault_table(int *count)
{
  *count = (int)(sizeof sk_libfault_rows / sizeof sk_libfault_rows[0]);
  return sk_libfault_rows;
}

const sk_libfault_t *sk_libfault_find(const char *library, int number,
                                      int nprocs, int derived)
{
  int i, n;
  const sk_libfault_t *t = sk_libfault_table(&n);
  if (library == NULL)
    return NULL;
  for (i = 0; i < n; i++)
    if (t[i].instance == number && nprocs >= t[i].least &&
        (derived || !t[i].derived) &&
        strncmp(library, t[i].library, strlen(t[i].library)) == 0)
      return &t[i];
  return NULL;
}
