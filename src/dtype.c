/*
 * dtype.c -- base types of a suite.
 */
#include "dtype.h"

#include <stdio.h>
#include <string.h>

static const struct {
  const char *name;
  MPI_Datatype type;
  int arithmetic;      /* valid with MPI_SUM */
} sk_dtype_table[] = {
  {"MPI_CHAR", MPI_CHAR, 0},
  {"MPI_SIGNED_CHAR", MPI_SIGNED_CHAR, 1},
  {"MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, 1},
  {"MPI_BYTE", MPI_BYTE, 0},
  {"MPI_SHORT", MPI_SHORT, 1},
  {"MPI_UNSIGNED_SHORT", MPI_UNSIGNED_SHORT, 1},
  {"MPI_INT", MPI_INT, 1},
  {"MPI_UNSIGNED", MPI_UNSIGNED, 1},
  {"MPI_LONG", MPI_LONG, 1},
  {"MPI_UNSIGNED_LONG", MPI_UNSIGNED_LONG, 1},
  {"MPI_LONG_LONG", MPI_LONG_LONG, 1},
  {"MPI_LONG_LONG_INT", MPI_LONG_LONG_INT, 1},
  {"MPI_FLOAT", MPI_FLOAT, 1},
  {"MPI_DOUBLE", MPI_DOUBLE, 1},
  {"MPI_LONG_DOUBLE", MPI_LONG_DOUBLE, 1},
};

#define SK_DTYPE_N (sizeof sk_dtype_table / sizeof sk_dtype_table[0])

MPI_Datatype sk_dtype_builtin(const char *name)
{
  size_t i;
  for (i = 0; i < SK_DTYPE_N; i++)
    if (strcmp(sk_dtype_table[i].name, name) == 0)
      return sk_dtype_table[i].type;
  return MPI_DATATYPE_NULL;
}

static int sk_dtype_arithmetic(const char *name)
{
  size_t i;
  for (i = 0; i < SK_DTYPE_N; i++)
    if (strcmp(sk_dtype_table[i].name, name) == 0)
      return sk_dtype_table[i].arithmetic;
  return 0;
}

static const sk_basetype_t *sk_dtype_find(const sk_plan_t *plan, int number)
{
  size_t i;
  for (i = 0; i < plan->nbasetypes; i++)
    if (plan->basetypes[i].number == number)
      return &plan->basetypes[i];
  return NULL;
}

void sk_dtype_resolve(const sk_plan_t *plan, const sk_suite_t *s,
                      MPI_Datatype *dtype, MPI_Datatype *rtype, char *note,
                      size_t notesize)
{
  const sk_basetype_t *b = s->basetype ? sk_dtype_find(plan, s->basetype)
                                        : NULL;
  size_t len;
  *dtype = MPI_CHAR;
  *rtype = MPI_INT;
  note[0] = '\0';
  if (b != NULL && b->nfields == 1 && b->fields[0].count == 1 &&
      b->fields[0].offset == 0 &&
      sk_dtype_builtin(b->fields[0].mpi_type) != MPI_DATATYPE_NULL) {
    *dtype = sk_dtype_builtin(b->fields[0].mpi_type);
    if (sk_dtype_arithmetic(b->fields[0].mpi_type))
      *rtype = *dtype;
  } else if (b != NULL) {
    snprintf(note, notesize, "@Basetype%d is a structure; structures are "
             "not applied yet, the data are sent as MPI_CHAR", s->basetype);
  }
  len = strlen(note);
  if (s->send_datatype != 0 || s->recv_datatype != 0)
    snprintf(note + len, notesize - len, "%sdatatype patterns (send %d, "
             "receive %d) are not applied yet, the base type is sent "
             "contiguously", len ? "; " : "", s->send_datatype,
             s->recv_datatype);
}
