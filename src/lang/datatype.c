/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * datatype.c -- datatype pattern numbers and builtin MPI type names.
 */
#include <config.h>

#include "datatype.h"

#include <stddef.h>
#include <stdint.h>
#include <strings.h>

static const sk_datatype_t sk_datatypes[] = {
#define SK_DATATYPE(num, nm, elems, ext, meaning) \
  {(num), (nm), (elems), (ext), (meaning)},
#define SK_MPITYPE(type, ctype, sum)
#define SK_MPITYPE_OPT(type, ctype, sum)
#include "datatypes.def"
#undef SK_DATATYPE
#undef SK_MPITYPE
#undef SK_MPITYPE_OPT
};

static const char *const sk_mpi_types[] = {
#define SK_DATATYPE(num, nm, elems, ext, meaning)
#define SK_MPITYPE(type, ctype, sum) #type,
#define SK_MPITYPE_OPT(type, ctype, sum) #type,
#include "datatypes.def"
#undef SK_DATATYPE
#undef SK_MPITYPE
#undef SK_MPITYPE_OPT
};

/* The alignment of a C type, in C99 (C11 would say _Alignof). */
#define SK_ALIGN_OF(ctype) offsetof(struct { char c; ctype x; }, x)

/* Size and alignment of each builtin, in sk_mpi_types order. */
static const struct {
  size_t size, align;
  int sum;
} sk_mpi_type_bytes[] = {
#define SK_DATATYPE(num, nm, elems, ext, meaning)
#define SK_MPITYPE(type, ctype, sum) {sizeof(ctype), SK_ALIGN_OF(ctype), sum},
#define SK_MPITYPE_OPT(type, ctype, sum) SK_MPITYPE(type, ctype, sum)
#include "datatypes.def"
#undef SK_DATATYPE
#undef SK_MPITYPE
#undef SK_MPITYPE_OPT
};

#define SK_N(a) (sizeof(a) / sizeof((a)[0]))

const sk_datatype_t *sk_datatype_table(size_t *count)
{
  *count = SK_N(sk_datatypes);
  return sk_datatypes;
}

const sk_datatype_t *sk_datatype_by_number(int number)
{
  size_t i;
  for (i = 0; i < SK_N(sk_datatypes); i++)
    if (sk_datatypes[i].number == number)
      return &sk_datatypes[i];
  return NULL;
}

const sk_datatype_t *sk_datatype_by_name(const char *name)
{
  size_t i;
  for (i = 0; i < SK_N(sk_datatypes); i++)
    if (strcasecmp(sk_datatypes[i].name, name) == 0)
      return &sk_datatypes[i];
  return NULL;
}

const char *const *sk_mpi_type_table(size_t *count)
{
  *count = SK_N(sk_mpi_types);
  return sk_mpi_types;
}

const char *sk_mpi_type_lookup(const char *name)
{
  size_t i;
  if (name == NULL)
    return NULL;
  for (i = 0; i < SK_N(sk_mpi_types); i++)
    if (strcasecmp(sk_mpi_types[i], name) == 0)
      return sk_mpi_types[i];
  return NULL;
}

int sk_mpi_type_summable(const char *name)
{
  size_t i;
  for (i = 0; name != NULL && i < SK_N(sk_mpi_types); i++)
    if (strcasecmp(sk_mpi_types[i], name) == 0)
      return sk_mpi_type_bytes[i].sum != 0;
  return -1;
}

int sk_mpi_type_bytes_of(const char *name, long *size, long *align)
{
  size_t i;
  if (name == NULL)     /* a field the parser rejected */
    return -1;
  for (i = 0; i < SK_N(sk_mpi_types); i++)
    if (strcasecmp(sk_mpi_types[i], name) == 0) {
      *size = (long)sk_mpi_type_bytes[i].size;
      *align = (long)sk_mpi_type_bytes[i].align;
      return 0;
    }
  return -1;
}
