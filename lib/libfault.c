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
  {247, "MPICH Version: 4.0", 1,
   "aborts in an assertion on its second MPI_Start"},
  {249, "MPICH Version: 4.0", 1, "delivers no data to the root"},
  /* from its second start on (of a derived datatype) the non-roots get
   * nothing; on 3 processes and more the schedule fails on some ranks
   * ("Invalid communicator" from MPI_Wait) and the others wait forever
   * for data that never comes */
  {251, "MPICH Version: 4.0", 1,
   "delivers no data from its second MPI_Start on, and from 3 processes "
   "on fails in MPI_Wait (\"Invalid communicator\") while the processes "
   "that wait for its data hang"},
};

const sk_libfault_t *sk_libfault_table(int *count)
{
  *count = (int)(sizeof sk_libfault_rows / sizeof sk_libfault_rows[0]);
  return sk_libfault_rows;
}

const sk_libfault_t *sk_libfault_find(const char *library, int number,
                                      int nprocs)
{
  int i, n;
  const sk_libfault_t *t = sk_libfault_table(&n);
  if (library == NULL)
    return NULL;
  for (i = 0; i < n; i++)
    if (t[i].instance == number && nprocs >= t[i].least &&
        strncmp(library, t[i].library, strlen(t[i].library)) == 0)
      return &t[i];
  return NULL;
}
