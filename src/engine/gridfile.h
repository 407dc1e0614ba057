/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gridfile.h -- the grid of an earlier result file (`skampi --grid-from`),
 * so that several runs measure exactly the same arguments (no MPI).
 *
 * From a skampi result file (doc/output-format.md) it takes, for every
 * entry of `suites`, its `name` and the `argument` of each of its
 * `points`, in file order (ascending).  Only rank 0 reads the file, with
 * the YAML reader every program shares (lib/yread.h).
 */
#ifndef SK_GRIDFILE_H
#define SK_GRIDFILE_H

#include <stddef.h>

typedef struct sk_gridfile_suite {
  char *name;
  long *args;
  size_t nargs;
} sk_gridfile_suite_t;

typedef struct sk_gridfile {
  char *path;
  sk_gridfile_suite_t *suites;
  size_t nsuites;
} sk_gridfile_t;

/* Loads path; NULL, with the messages printed (msg.h), when it cannot be
 * read or is not a skampi result file. */
sk_gridfile_t *sk_gridfile_load(const char *path);

/* The suite called name, or NULL. */
const sk_gridfile_suite_t *sk_gridfile_find(const sk_gridfile_t *g,
                                            const char *name);

/* The suite called name when it has points and every one lies in
 * [lo, hi], the arguments this run can measure for the suite (its
 * buffers hold no longer message); else NULL with a sentence in
 * why[0..len).  A result of another suite file may have a namesake
 * measured elsewhere: replaying it would overrun the buffers. */
const sk_gridfile_suite_t *sk_gridfile_match(const sk_gridfile_t *g,
                                             const char *name, long lo,
                                             long hi, char *why, size_t len);

void sk_gridfile_free(sk_gridfile_t *g);

#endif
