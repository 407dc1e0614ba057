/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_coll.h -- what the two collective modules share.
 */
#ifndef SK_PATTERN_COLL_H
#define SK_PATTERN_COLL_H

#include "pattern.h"

/* Segment i of buf, whose segments are count elements of extent ext. */
char *sk_coll_seg(char *buf, long i, int count, MPI_Aint ext);

/* Does this process's input wait in its receive buffer: In_Place on
 * every process, or for a rooted call at the root only? */
int sk_coll_in_place_here(const sk_pctx_t *c, int rooted);

/* The check of a reduction: process i adds i + 1 in every scalar (in
 * its receive buffer where sk_coll_in_place_here(c, rooted)), the
 * receive buffer marked first; after one run, when `check`, `count`
 * elements at rbuf must hold `want` and the gaps between their scalars
 * the mark.  0 intact, -1 not. */
int sk_coll_reduced(const sk_inst_ops_t *ops, sk_pctx_t *c, MPI_Count count,
                    long long want, int check, int rooted);

/* The seed of the alltoall block from process `from` to process `to` of
 * `size`: from * size + to + 1, unsigned (it wraps instead of
 * overflowing from 46341 processes on, and stays a distinct seed for
 * every block up to 65535 processes). */
static inline unsigned sk_coll_block_seed(int from, int to, int size)
{
  return (unsigned)from * (unsigned)size + (unsigned)to + 1u;
}

/* Frees counts, displs, rcounts, rdispls and reqs of c (a teardown). */
void sk_coll_free_arrays(sk_pctx_t *c);

#endif
