/*
 * datatype.c -- datatype pattern numbers and builtin MPI type names.
 */
#include "datatype.h"

#include <strings.h>

static const sk_datatype_t sk_datatypes[] = {
#define SK_DATATYPE(num, nm, meaning) {(num), (nm), (meaning)},
#define SK_MPITYPE(nm)
#include "datatypes.def"
#undef SK_DATATYPE
#undef SK_MPITYPE
};

static const char *const sk_mpi_types[] = {
#define SK_DATATYPE(num, nm, meaning)
#define SK_MPITYPE(nm) (nm),
#include "datatypes.def"
#undef SK_DATATYPE
#undef SK_MPITYPE
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
  for (i = 0; i < SK_N(sk_mpi_types); i++)
    if (strcasecmp(sk_mpi_types[i], name) == 0)
      return sk_mpi_types[i];
  return NULL;
}
