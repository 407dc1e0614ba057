/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * corrupt.c -- TEST ONLY: a library preloaded into skampi's ranks
 * (LD_PRELOAD) by tests/mpi/verify-key.sh, so that one message arrives
 * with one wrong byte, as on a faulty link or in a broken MPI library.
 *
 * SKAMPI_TEST_CORRUPT=FUNC:RANK:NTH:BYTE:BYTES, FUNC MPI_Recv or
 * MPI_Allreduce: on world rank RANK, after the NTH call of FUNC (1-based)
 * whose receive buffer holds exactly BYTES bytes (count times the
 * type's size: the benchmark's messages, not the engine's few bytes of
 * control), byte BYTE of that buffer is flipped (XOR 0xFF) once the
 * library has returned.  skampi itself knows nothing of this: the
 * variable exists only where this library is preloaded, never in a
 * normal build or run.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

typedef struct sk_corrupt {
  int parsed;
  char func[32];
  int rank;
  long nth, byte, bytes;
  long seen;
} sk_corrupt_t;

static sk_corrupt_t sk_corrupt_at;

/* The setting, read once; 0 when FUNC is not the one to corrupt. */
static int sk_corrupt_for(const char *func)
{
  sk_corrupt_t *c = &sk_corrupt_at;
  if (!c->parsed) {
    const char *v = getenv("SKAMPI_TEST_CORRUPT");
    c->parsed = 1;
    if (v == NULL || sscanf(v, "%31[^:]:%d:%ld:%ld:%ld", c->func, &c->rank,
                            &c->nth, &c->byte, &c->bytes) != 5 ||
        c->byte < 0 || c->byte >= c->bytes)
      c->func[0] = '\0';
  }
  return c->func[0] != '\0' && strcmp(c->func, func) == 0;
}

/* Flips the byte when this is the call to corrupt. */
static void sk_corrupt_maybe(const char *func, void *buf, int count,
                             MPI_Datatype type)
{
  sk_corrupt_t *c = &sk_corrupt_at;
  int size = 0, rank = -1;
  if (!sk_corrupt_for(func) || buf == NULL || count < 0)
    return;
  PMPI_Type_size(type, &size);
  if ((long)count * size != c->bytes)
    return;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == c->rank && ++c->seen == c->nth)
    ((unsigned char *)buf)[c->byte] ^= 0xFF;
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag,
             MPI_Comm comm, MPI_Status *status)
{
  int rc = PMPI_Recv(buf, count, type, source, tag, comm, status);
  sk_corrupt_maybe("MPI_Recv", buf, count, type);
  return rc;
}

int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type,
                  MPI_Op op, MPI_Comm comm)
{
  int rc = PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
  sk_corrupt_maybe("MPI_Allreduce", rbuf, count, type);
  return rc;
}
