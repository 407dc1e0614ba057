/*
 * pattern_coll.h -- what the two collective modules share.
 */
#ifndef SK_PATTERN_COLL_H
#define SK_PATTERN_COLL_H

#include "pattern.h"

/* Segment i of buf, whose segments are count elements of extent ext. */
char *sk_coll_seg(char *buf, long i, int count, MPI_Aint ext);

/* Frees counts, displs, rcounts, rdispls and reqs of c (a teardown). */
void sk_coll_free_arrays(sk_pctx_t *c);

#endif
