/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dtype.h -- the MPI datatypes a suite's messages are made of (§3.2).
 *
 * A suite names a base type (@BasetypeN: a builtin MPI type or a
 * structure of (count, offset, type) triples) and a datatype pattern for
 * sending and one for receiving (datatypes.def).  Every pattern but 0 is
 * one element of SK_DTYPE_UNIT base elements laid out in its own way, so
 * that a message of `length` bytes is the same number of base elements
 * whichever pattern carries it (doc/engine.md, "Datatypes").
 */
#ifndef SK_DTYPE_H
#define SK_DTYPE_H

#include <mpi.h>
#include <stddef.h>

#include "layout.h"
#include "plan.h"

/* Base elements in one element of every datatype pattern but 0. */
#define SK_DTYPE_UNIT 8

/* The types of a suite, committed; sk_dtype_free() releases them. */
typedef struct sk_dtype {
  MPI_Datatype base;      /* the base type (builtin or committed struct) */
  MPI_Datatype send;      /* the send pattern over base */
  MPI_Datatype recv;      /* the receive pattern over base */
  MPI_Datatype arith;     /* reductions: arithmetic builtin type */
  int arith_size;
  sk_layout_t lay;        /* sizes and extents; the MPI types are
                           * resized to its extents */
} sk_dtype_t;

/* The builtin type named name ("MPI_INT", ...), or MPI_DATATYPE_NULL. */
MPI_Datatype sk_dtype_builtin(const char *name);

/* Why the builtin `name` (the table's spelling) cannot be used with this
 * MPI library -- "the MPI library skampi was built with (LIB) has no
 * NAME" where configure did not find it, or, once MPI is initialized,
 * "NAME of the MPI library ... is N bytes, not the M of its C type" --
 * into WHY (SIZE bytes) and 1; 0 when it can (and for a name of no
 * builtin).  The checker's sk_check_options_t.type_unavailable.  TEST
 * ONLY: SKAMPI_TEST_UNAVAILABLE=NAME makes it absent. */
int sk_dtype_unavailable(const char *name, char *why, size_t size);

/* Builds the types of suite s; writes into note (possibly "") what is
 * worth knowing about them.  -1 with a message in note when MPI refuses
 * a type. */
int sk_dtype_build(const sk_plan_t *plan, const sk_suite_t *s,
                   sk_dtype_t *dt, char *note, size_t notesize);

/* The committed pattern `number` over base (freed by the caller), or
 * MPI_DATATYPE_NULL for an unknown number.  Its extent is the one
 * datatypes.def gives, in extents of base. */
MPI_Datatype sk_dtype_pattern(int number, MPI_Datatype base);

void sk_dtype_free(sk_dtype_t *dt);

/* Base elements in a message of length bytes (a multiple of per_elem). */
long sk_dtype_elements(const sk_dtype_t *dt, long length);

/* Elements of the send and of the receive type in a message of length
 * bytes: the same data either way. */
void sk_dtype_counts(const sk_dtype_t *dt, long length, int *scount,
                     int *rcount);

/* Buffer bytes that a message of length bytes occupies in the larger of
 * the send and receive layouts (at least length): sk_layout_span(). */
long sk_dtype_span(const sk_dtype_t *dt, long length);

/* Integrity (outside the timed region): fills count elements of type at
 * buf with a sequence derived from seed; checks that count elements of
 * type at buf hold that sequence (0 yes, -1 no, or out of memory).  The
 * sequence is defined on the data, not the layout, so a message sent with
 * one pattern and received with another compares equal.  A count above
 * INT_MAX (a large-count point) is walked in chunks of an int count. */
int sk_dtype_fill(void *buf, MPI_Count count, MPI_Datatype type,
                  unsigned seed);
int sk_dtype_verify(const void *buf, MPI_Count count, MPI_Datatype type,
                    unsigned seed);

/* Verify = yes (src/engine/verify.c): the round of the repetition, mixed
 * into every sequence sk_dtype_fill() makes and sk_dtype_verify()
 * expects and into the values of sk_reduce_fill() and sk_reduce_check(),
 * so that the data of one repetition differ from the last one's; round
 * 0, the default, gives the fixed data of the untimed integrity check.
 * The instances' checks call these functions, which is why the round is
 * a setting of the module and not an argument (one process, one point
 * at a time). */
void sk_dtype_set_round(unsigned long round);
unsigned long sk_dtype_round(void);

/* The first wrong byte the checks found since sk_dtype_wrong_reset():
 * sk_dtype_verify() and sk_reduce_check() note it. */
typedef struct sk_dtype_wrong {
  int found;
  const char *at;       /* its address; NULL where a derived datatype's
                         * layout hides it (then msg and index say) */
  const char *msg;      /* the start of the message it is part of */
  long index;           /* its byte of the message's data, in the order
                         * of the sequence (MPI_Pack's) */
  unsigned char got, want;
} sk_dtype_wrong_t;

void sk_dtype_wrong_reset(void);
const sk_dtype_wrong_t *sk_dtype_wrong(void);
/* Puts back a record taken before: a check that tries candidates (one
 * of several blocks may match) notes only the mismatch it settles on. */
void sk_dtype_wrong_restore(const sk_dtype_wrong_t *w);
/* Notes a wrong byte unless one is noted already. */
void sk_dtype_wrong_note(const char *at, const char *msg, long index,
                         unsigned char got, unsigned char want);

#endif
