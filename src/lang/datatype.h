/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * datatype.h -- the numbering of datatype patterns and the builtin MPI
 * types a base type may name (metadata only, no MPI; rows in
 * datatypes.def).
 */
#ifndef SK_DATATYPE_H
#define SK_DATATYPE_H

#include <stddef.h>

typedef struct sk_datatype {
  int number;
  const char *name;
  int elements;            /* base elements in one element */
  int extent;              /* its buffer room, in base-type extents */
  const char *meaning;
} sk_datatype_t;

const sk_datatype_t *sk_datatype_table(size_t *count);
const sk_datatype_t *sk_datatype_by_number(int number);
const sk_datatype_t *sk_datatype_by_name(const char *name);  /* any case */

/* The builtin MPI type names, in datatypes.def order. */
const char *const *sk_mpi_type_table(size_t *count);
/* The table's spelling of name (any case), or NULL. */
const char *sk_mpi_type_lookup(const char *name);
/* Bytes and alignment of builtin `name` (any case): those of the C type
 * the MPI standard pairs with it.  -1 for an unknown name. */
int sk_mpi_type_bytes_of(const char *name, long *size, long *align);
/* 1 when MPI_SUM adds builtin `name` (any case), 0 when it does not,
 * -1 for an unknown name. */
int sk_mpi_type_summable(const char *name);

#endif
