/*
 * dtype.h -- the MPI datatypes a suite's messages are made of.
 *
 * For now a builtin base type (@BasetypeN of one field) or bytes; the
 * datatype patterns of §3.2 are still to come and are reported as a note.
 */
#ifndef SK_DTYPE_H
#define SK_DTYPE_H

#include <mpi.h>
#include <stddef.h>

#include "plan.h"

/* The builtin type named name ("MPI_INT", ...), or MPI_DATATYPE_NULL. */
MPI_Datatype sk_dtype_builtin(const char *name);

/* *dtype moves the suite's data; *rtype is the arithmetic type its
 * reductions use.  Writes into note (possibly "") what of the suite's
 * datatype keys is not applied. */
void sk_dtype_resolve(const sk_plan_t *plan, const sk_suite_t *s,
                      MPI_Datatype *dtype, MPI_Datatype *rtype, char *note,
                      size_t notesize);

#endif
