/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_rma.h -- the windows of the one-sided instances, shared by
 * pattern_rma.c (operations) and pattern_rmawin.c (window creation).
 */
#ifndef SK_PATTERN_RMA_H
#define SK_PATTERN_RMA_H

#include <mpi.h>

/* What RMA_Window = Shared needs, for a setup that refuses a point. */
extern const char sk_rma_shared_refusal[];

/* 1 when every process of comm shares memory with every other
 * (MPI_Comm_split_type by MPI_COMM_TYPE_SHARED keeps comm whole), so
 * MPI_Win_allocate_shared may be called on comm; collective. */
int sk_rma_one_node(MPI_Comm comm);

/* A window over size bytes of each process of comm, made as kind
 * (SK_RMA_WIN_*) says: over mem (Create; Dynamic attaches it), or memory
 * MPI allocates (Allocate, Shared: comm must be one node), size rounded
 * up to a multiple of 64 bytes (pattern_rma.c says why).  *base is
 * this process's window memory.  Collective. */
void sk_rma_win_make(MPI_Comm comm, int kind, MPI_Aint size, char *mem,
                     MPI_Win *win, char **base);

/* Frees a window of sk_rma_win_make() (Dynamic: detaches mem first). */
void sk_rma_win_free(int kind, MPI_Aint size, char *mem, MPI_Win *win);

#endif
