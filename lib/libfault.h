/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libfault.h -- faults of MPI libraries that skampi knows of: an
 * instance that a library breaks (from some number of processes on) is
 * left out of a run with that library, before anything is measured,
 * instead of aborting, hanging or measuring nonsense (doc/engine.md,
 * "Known faults of MPI libraries").  No MPI here: the library is named
 * by the first line of MPI_Get_library_version, as skampi --list prints
 * it (src/patterns/pattern.c, sk_pattern_library()).
 */
#ifndef SK_LIBFAULT_H
#define SK_LIBFAULT_H

typedef struct sk_libfault {
  int instance;         /* the instance's number (Type) */
  const char *library;  /* a prefix of the library's name:
                         * "MPICH Version: 4.0" is every 4.0.x */
  int least;            /* it fails on this many processes and more */
  const char *what;     /* how it fails: the end of the sentence
                         * "NAME of LIBRARY ..." */
} sk_libfault_t;

/* The fault of instance `number` with the library named `library` on
 * `nprocs` processes, or NULL when none is known (also for a NULL
 * library). */
const sk_libfault_t *sk_libfault_find(const char *library, int number,
                                      int nprocs);

/* The whole table and its length, for the docs and the tests. */
const sk_libfault_t *sk_libfault_table(int *count);

#endif
