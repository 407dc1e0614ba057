/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * mpierr.c -- the recording error handler.
 */
#include <config.h>

#include "mpierr.h"

#include <stdio.h>
#include <string.h>

/* One record per process: the handler has no other place to put it. */
static int sk_mpierr_seen;
static char sk_mpierr_text[MPI_MAX_ERROR_STRING];

static void sk_mpierr_handler(MPI_Comm *comm, int *code, ...)
{
  int len = 0;
  (void)comm;
  if (sk_mpierr_seen)
    return;
  sk_mpierr_seen = 1;
  if (MPI_Error_string(*code, sk_mpierr_text, &len) != MPI_SUCCESS)
    snprintf(sk_mpierr_text, sizeof sk_mpierr_text, "error code %d", *code);
}

int sk_mpierr_install(MPI_Comm comm)
{
  MPI_Errhandler h;
  if (MPI_Comm_create_errhandler(sk_mpierr_handler, &h) != MPI_SUCCESS)
    return -1;
  MPI_Comm_set_errhandler(comm, h);
  MPI_Errhandler_free(&h);
  return 0;
}

int sk_mpierr_check(MPI_Comm comm, char *msg, size_t n)
{
  int rank, in[2], out[2];
  char text[MPI_MAX_ERROR_STRING];
  MPI_Comm_rank(comm, &rank);
  in[0] = sk_mpierr_seen;
  in[1] = rank;
  MPI_Allreduce(in, out, 1, MPI_2INT, MPI_MAXLOC, comm);
  if (out[0] == 0)
    return 0;
  memcpy(text, sk_mpierr_text, sizeof text);
  MPI_Bcast(text, (int)sizeof text, MPI_CHAR, out[1], comm);
  text[sizeof text - 1] = '\0';
  snprintf(msg, n, "MPI error on rank %d: %s", out[1], text);
  sk_mpierr_seen = 0;
  return 1;
}
