/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce.h -- what the reductions (MPI_Reduce, MPI_Allreduce, MPI_Scan,
 * MPI_Reduce_scatter, Reduce_Bcast) add, and with which operation.
 *
 * MPI defines its predefined operations, MPI_SUM among them, on
 * predefined datatypes only (MPI-4.0 §6.9.2).  So a suite whose messages
 * are a builtin arithmetic type, contiguous, is reduced with MPI_SUM on
 * that type (MPI_INT when the base type is MPI_CHAR or MPI_BYTE, which
 * cannot be added).  A suite that names a send datatype pattern, or a
 * structured @BasetypeN, is reduced in its send pattern with an MPI_Op of
 * skampi's own that adds every scalar of every base element where the
 * pattern puts it, as a user of derived datatypes would have to.  The
 * receive buffer uses the send pattern too: a reduction has one datatype.
 */
#ifndef SK_REDUCE_H
#define SK_REDUCE_H

#include <mpi.h>
#include <stddef.h>

#include "dtype.h"
#include "plan.h"

typedef struct sk_reduce {
  MPI_Datatype type;     /* what a reduction sends: a builtin or the
                          * suite's send pattern (borrowed from sk_dtype_t) */
  MPI_Op op;             /* MPI_SUM, or skampi's sum over type */
  int own;               /* 1: op is skampi's (sk_reduce_free frees it) */
  int widened;           /* 1: MPI_INT stands in for a base type that
                          * MPI_SUM cannot add */
  long extent;           /* buffer bytes of one element of type */
  long size;             /* data bytes of one element */
  size_t n;              /* scalars in one element */
  long *off;             /* their byte offsets in the element */
  unsigned char *kind;   /* their kinds (reduce.c) */
  const char *base;      /* the first field's builtin of the base type
                          * (borrowed from the plan; "MPI_CHAR" for 0) */
} sk_reduce_t;

/* The reduction of suite s, whose types dt are built.  Skampi's own op
 * is made when the suite's types need it; r is then attached to the send
 * pattern as an attribute (MPI gives a user function the datatype and no
 * pointer of its own), so r must stay where it is until
 * sk_reduce_free(), which must come before the types are freed.  -1
 * when MPI refuses or memory runs out. */
int sk_reduce_init(sk_reduce_t *r, const sk_plan_t *plan,
                   const sk_suite_t *s, const sk_dtype_t *dt);

void sk_reduce_free(sk_reduce_t *r);

/* Elements of r->type in a message of length bytes. */
long sk_reduce_count(const sk_reduce_t *r, const sk_dtype_t *dt,
                     long length);

/* Untimed integrity: sets every scalar of count elements at buf to value;
 * 0 when every scalar of count elements at buf equals value and every
 * byte between them holds mark, -1 otherwise (or out of memory).  value
 * is 64 bits (the sum 1 + ... + P of P up to INT_MAX); an integer
 * scalar holds it modulo its width, as the library's sum wraps. */
void sk_reduce_fill(const sk_reduce_t *r, void *buf, long count, int value);
int sk_reduce_check(const sk_reduce_t *r, const void *buf, long count,
                    long long value, unsigned char mark);

/* A note for the result when skampi's op is used (else ""). */
void sk_reduce_note(const sk_reduce_t *r, const sk_suite_t *s, char *note,
                    size_t size);

#endif
