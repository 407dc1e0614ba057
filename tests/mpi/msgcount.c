/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * msgcount.c -- TEST ONLY: a library preloaded into skampi's ranks
 * (LD_PRELOAD) by tests/mpi/msgcount.sh that counts, through the MPI
 * profiling interface, the point-to-point messages each rank sends, per
 * tag, and the communicators it makes with MPI_Comm_split.  At
 * MPI_Finalize each rank writes them to $SKAMPI_TEST_COUNT_DIR/rank-R as
 * lines "send TAG N" (tags 0 .. 32767 that were used) and "split N".
 * skampi knows nothing of this: the variable exists only where this
 * library is preloaded, never in a normal build or run.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#define SK_COUNT_TAGS 32768

static long sk_count_sends[SK_COUNT_TAGS];
static long sk_count_splits;

static void sk_count(int tag)
{
  if (tag >= 0 && tag < SK_COUNT_TAGS)
    sk_count_sends[tag]++;
}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest,
             int tag, MPI_Comm comm)
{
  sk_count(tag);
  return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest,
              int tag, MPI_Comm comm)
{
  sk_count(tag);
  return PMPI_Ssend(buf, count, type, dest, tag, comm);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest,
              int tag, MPI_Comm comm, MPI_Request *req)
{
  sk_count(tag);
  return PMPI_Isend(buf, count, type, dest, tag, comm, req);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *out)
{
  sk_count_splits++;
  return PMPI_Comm_split(comm, color, key, out);
}

int MPI_Finalize(void)
{
  const char *dir = getenv("SKAMPI_TEST_COUNT_DIR");
  char path[4096];
  int rank = 0, tag;
  FILE *fp;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (dir != NULL) {
    snprintf(path, sizeof path, "%s/rank-%d", dir, rank);
    if ((fp = fopen(path, "w")) != NULL) {
      for (tag = 0; tag < SK_COUNT_TAGS; tag++)
        if (sk_count_sends[tag] > 0)
          fprintf(fp, "send %d %ld\n", tag, sk_count_sends[tag]);
      fprintf(fp, "split %ld\n", sk_count_splits);
      fclose(fp);
    }
  }
  return PMPI_Finalize();
}
