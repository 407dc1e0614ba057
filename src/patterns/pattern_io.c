/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_io.c -- MPI-IO (doc/engine.md, "MPI-IO").
 *
 * A point's setup opens its file (MPI_File_open with MPI_MODE_CREATE |
 * MPI_MODE_EXCL: a file of that name that exists is never written over)
 * in @IO_DIRECTORY under a name skampi makes (lib/iodir.h): with IO_File
 * = Shared one file for the point's processes, process r's region
 * starting at r times the message's bytes; with Per_Process one file per
 * process (opened on MPI_COMM_SELF), its region at 0.  The read
 * instances' setup writes the region first (the known sequence of the
 * integrity check) and syncs it, so every timed read reads data.  The
 * teardown closes the file and removes it.  A repetition is the one
 * MPI-IO call, timed like a collective (a barrier before it; the time
 * is the slowest process's by default): open, close and removal are
 * outside the timed region.
 *
 * While its file exists a process names it to the guard
 * (src/engine/guard.h), which removes it when a signal ends the run;
 * what a killed run leaves, the next run removes by the journal's
 * record of the run's token (doc/robustness.md).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "guard.h"
#include "iodir.h"
#include "msg.h"
#include "pattern.h"

#define SK_IO_PATH (SK_IODIR_MAX + 64)

/* A point's file. */
typedef struct sk_io {
  MPI_File fh;
  MPI_Offset at;        /* this process's region */
  int failed;           /* an MPI-IO call of a repetition failed */
  char path[SK_IO_PATH];
} sk_io_t;

/* "the MPI library's message" for an error code, in buf. */
static const char *sk_io_error(int rc, char *buf)
{
  int len = 0;
  if (MPI_Error_string(rc, buf, &len) != MPI_SUCCESS)
    snprintf(buf, MPI_MAX_ERROR_STRING, "error %d", rc);
  return buf;
}

/* Opens the point's file on every process of c->comm (all or none). */
static int sk_io_open(sk_pctx_t *c, sk_io_t *io)
{
  char e[MPI_MAX_ERROR_STRING];
  int size, ok, all, rc;
  MPI_Type_size(c->dtype, &size);
  io->at = c->io_shared ? (MPI_Offset)c->rank * size * (MPI_Offset)c->count
                        : 0;
  ok = sk_iodir_path(c->io_dir, c->io_token, c->io_shared ? -1 : c->rank,
                     io->path, sizeof io->path) == 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, c->comm);
  if (!all)
    return -1;
  /* Named to the guard before the file exists, so that a signal while
   * it is made removes it too; the name holds the run's random token,
   * so a file of that name that was there before can only be ours. */
  sk_guard_set_scratch(io->path);
  rc = MPI_File_open(c->io_shared ? c->comm : MPI_COMM_SELF, io->path,
                     MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_RDWR,
                     MPI_INFO_NULL, &io->fh);
  ok = rc == MPI_SUCCESS;
  if (!ok)
    sk_guard_set_scratch(NULL);
  if (!ok && (c->rank == 0 || !c->io_shared))
    sk_msg_warning("cannot create the MPI-IO file %s: %s", io->path,
                   sk_io_error(rc, e));
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, c->comm);
  if (all)
    return 0;
  if (ok)
    MPI_File_close(&io->fh);
  if (ok && !c->io_shared)
    MPI_File_delete(io->path, MPI_INFO_NULL);
  sk_guard_set_scratch(NULL);
  return -1;
}

/* Closes and removes the point's file; every process of comm returns
 * when it is gone (the next point makes one of the same name). */
static void sk_io_close(sk_pctx_t *c, sk_io_t *io)
{
  MPI_File_close(&io->fh);
  if (!c->io_shared || c->rank == 0)
    MPI_File_delete(io->path, MPI_INFO_NULL);
  sk_guard_set_scratch(NULL);
  MPI_Barrier(c->comm);
}

/* The known sequence (seed) written into this process's region and
 * synced; 0, or -1 when a call failed. */
static int sk_io_put(sk_pctx_t *c, sk_io_t *io, unsigned seed)
{
  int ok = sk_dtype_fill(c->sbuf, c->count, c->dtype, seed) == 0 &&
           MPI_File_write_at(io->fh, io->at, c->sbuf, c->count, c->dtype,
                             MPI_STATUS_IGNORE) == MPI_SUCCESS;
  /* the sync is collective on a shared file: every process calls it,
   * also one whose write failed (else the others wait in it) */
  ok = MPI_File_sync(io->fh) == MPI_SUCCESS && ok;
  return ok ? 0 : -1;
}

/* TEST ONLY (doc/robustness.md): with SKAMPI_TEST_IO_HANG set, the
 * first point hangs in MPI while its files exist -- rank 0 waits for a
 * message nobody sends, the others in a barrier -- so that a test can
 * kill the run then. */
static void sk_io_test_hang(sk_pctx_t *c)
{
  int never = 0;
  if (getenv("SKAMPI_TEST_IO_HANG") == NULL)
    return;
  if (c->rank == 0)
    MPI_Recv(&never, 1, MPI_INT, MPI_ANY_SOURCE, 99, c->comm,
             MPI_STATUS_IGNORE);
  else
    MPI_Barrier(c->comm);
}

/* TEST ONLY (doc/robustness.md): with SKAMPI_TEST_IO_FLIP set, the
 * first byte of a process's region of the file is inverted before the
 * integrity check reads it, so that the check must fail.  0, or -1 when
 * a call failed. */
static int sk_io_test_flip(sk_pctx_t *c, sk_io_t *io)
{
  unsigned char b;
  if (getenv("SKAMPI_TEST_IO_FLIP") == NULL || c->count == 0)
    return 0;
  if (MPI_File_read_at(io->fh, io->at, &b, 1, MPI_BYTE,
                       MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return -1;
  b = (unsigned char)~b;
  return MPI_File_write_at(io->fh, io->at, &b, 1, MPI_BYTE,
                           MPI_STATUS_IGNORE) == MPI_SUCCESS
             ? 0 : -1;
}

static int sk_io_setup_common(sk_pctx_t *c, int reads)
{
  sk_io_t *io = calloc(1, sizeof *io);
  int ok, all;
  c->priv = io;
  ok = io != NULL;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, c->comm);
  if (!all || sk_io_open(c, io) != 0) {
    free(io);
    c->priv = NULL;
    return -1;
  }
  ok = !reads || sk_io_put(c, io, 1) == 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, c->comm);
  sk_io_test_hang(c);
  if (all)
    return 0;
  sk_io_close(c, io);
  free(io);
  c->priv = NULL;
  return -1;
}

static int sk_io_setup_write(sk_pctx_t *c)
{
  return sk_io_setup_common(c, 0);
}

static int sk_io_setup_read(sk_pctx_t *c)
{
  return sk_io_setup_common(c, 1);
}

static void sk_io_teardown(sk_pctx_t *c)
{
  sk_io_t *io = c->priv;
  if (io == NULL)
    return;
  sk_io_close(c, io);
  free(io);
  c->priv = NULL;
}

/* ---- the timed calls -------------------------------------------------- */

static void sk_io_write_at_all(sk_pctx_t *c)
{
  sk_io_t *io = c->priv;
  io->failed |= MPI_File_write_at_all(io->fh, io->at, c->sbuf, c->count,
                                      c->dtype, MPI_STATUS_IGNORE) !=
                MPI_SUCCESS;
}

static void sk_io_read_at_all(sk_pctx_t *c)
{
  sk_io_t *io = c->priv;
  io->failed |= MPI_File_read_at_all(io->fh, io->at, c->rbuf, c->rcvcount,
                                     c->rcvtype, MPI_STATUS_IGNORE) !=
                MPI_SUCCESS;
}

static void sk_io_write_at(sk_pctx_t *c)
{
  sk_io_t *io = c->priv;
  io->failed |= MPI_File_write_at(io->fh, io->at, c->sbuf, c->count,
                                  c->dtype, MPI_STATUS_IGNORE) !=
                MPI_SUCCESS;
}

static void sk_io_read_at(sk_pctx_t *c)
{
  sk_io_t *io = c->priv;
  io->failed |= MPI_File_read_at(io->fh, io->at, c->rbuf, c->rcvcount,
                                 c->rcvtype, MPI_STATUS_IGNORE) !=
                MPI_SUCCESS;
}

/* ---- integrity -------------------------------------------------------- */

/* A write: the sequence written by one repetition is read back (into a
 * receive buffer holding another sequence first) in the receive
 * pattern. */
static int sk_io_verify_write(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  sk_io_t *io = c->priv;
  int ok = sk_dtype_fill(c->sbuf, c->count, c->dtype, 1) == 0 &&
           sk_dtype_fill(c->rbuf, c->rcvcount, c->rcvtype, 2) == 0;
  /* the repetition and the sync are collective (a collective write, a
   * shared file): every process makes them, whatever failed before */
  io->failed = 0;
  ops->run(c);
  ok = !io->failed && sk_io_test_flip(c, io) == 0 && ok;
  ok = MPI_File_sync(io->fh) == MPI_SUCCESS && ok;
  if (!ok || MPI_File_read_at(io->fh, io->at, c->rbuf, c->rcvcount,
                              c->rcvtype, MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return -1;
  return sk_dtype_verify(c->rbuf, c->rcvcount, c->rcvtype, 1);
}

/* A read: one repetition must bring the sequence the setup wrote. */
static int sk_io_verify_read(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  sk_io_t *io = c->priv;
  int ok = sk_dtype_fill(c->rbuf, c->rcvcount, c->rcvtype, 2) == 0 &&
           sk_io_test_flip(c, io) == 0;
  io->failed = 0;
  ops->run(c);    /* collective for read_at_all: made whatever failed */
  if (!ok || io->failed)
    return -1;
  return sk_dtype_verify(c->rbuf, c->rcvcount, c->rcvtype, 1);
}

#define SK_IO_OPS(fn, prep, check) \
  const sk_inst_ops_t sk_inst_io_##fn = { \
    .run = sk_io_##fn, .setup = prep, .teardown = sk_io_teardown, \
    .verify = check};

SK_IO_OPS(write_at_all, sk_io_setup_write, sk_io_verify_write)
SK_IO_OPS(read_at_all, sk_io_setup_read, sk_io_verify_read)
SK_IO_OPS(write_at, sk_io_setup_write, sk_io_verify_write)
SK_IO_OPS(read_at, sk_io_setup_read, sk_io_verify_read)
