/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * repro.h -- the standalone C program of one collective call whose data
 * skampi's check found wrong (a library fault, doc/engine.md "Library
 * faults").
 *
 * The program builds the call's send and receive datatypes as the
 * library describes them (MPI_Type_get_envelope and
 * MPI_Type_get_contents, decoded into the constructors' calls), fills
 * every process's send buffer with bytes of its rank and offset, makes
 * the one call on MPI_COMM_WORLD, and checks every byte of the receive
 * buffer against what MPI_Pack of the sender's data and MPI_Unpack into
 * the receive type give on MPI_COMM_SELF (a path of the library that
 * involves no other process), bytes the receive type does not touch
 * included.  It prints the wrong bytes' count and the first of them,
 * and exits 1 when any byte is wrong, 0 when none.  It runs on any
 * number of processes: the fault's P is in its first comment.
 * Compiled with mpicc alone (C99).
 */
#ifndef SK_REPRO_H
#define SK_REPRO_H

#include <mpi.h>
#include <stddef.h>

/* How a call routes its blocks: the descriptor's .repro
 * (src/patterns/pattern.h); NONE: no reproducer is written. */
typedef enum {
  SK_REPRO_NONE,
  SK_REPRO_ALLTOALL,     /* block j of process i to block i of j */
  SK_REPRO_ALLGATHER,    /* process i's message to block i of every one */
  SK_REPRO_GATHER,       /* ... of the root */
  SK_REPRO_SCATTER,      /* block j of the root to process j */
  SK_REPRO_BCAST         /* the root's message to every process */
} sk_repro_shape_t;

/* The MPI function of a shape ("MPI_Alltoall"), NULL for NONE. */
const char *sk_repro_call(sk_repro_shape_t shape);

/* The call in words and numbers, for the program's first comment. */
typedef struct sk_repro {
  sk_repro_shape_t shape;
  MPI_Datatype stype, rtype;   /* borrowed */
  int scount, rcount, root;
  int procs;                   /* where skampi saw the fault */
  const char *about;           /* lines of the first comment: the suite,
                                * the argument, the library, the wrong
                                * byte (no comment terminator in it) */
} sk_repro_t;

/* Writes the program to path (lib/outfile.h, kind REPRO: a new file or
 * an earlier reproducer).  0, or -1 with why. */
int sk_repro_write(const char *path, const sk_repro_t *r, char *why,
                   size_t whylen);

#endif
