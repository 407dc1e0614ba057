/*
 * pattern_coll.h -- what the two collective modules share.
 */
#ifndef SK_PATTERN_COLL_H
#define SK_PATTERN_COLL_H

#include "pattern.h"

/* Segment i of buf, whose segments are count elements of extent ext. */
char *sk_coll_seg(char *buf, long i, int count, MPI_Aint ext);

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
