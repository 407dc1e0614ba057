/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * layout.h -- the room a suite's messages take in memory, without MPI.
 *
 * A message of `length` bytes is a number of base elements (whole units
 * of 8 when a datatype pattern other than 0 is used), laid out in the send
 * and in the receive pattern over the base type, gaps included: gaps of
 * the pattern (datatypes.def, column `extent`) and gaps inside a
 * structured @BasetypeN (its extent against its size).  This module is
 * the one place that says how many bytes that is.  The engine resizes its
 * MPI types to these extents (src/engine/dtype.c) and allocates with
 * sk_layout_need(); the checker bounds End_Argument and resolves
 * Max_Value with the same functions (src/lang/check_resolve.c).
 */
#ifndef SK_LAYOUT_H
#define SK_LAYOUT_H

#include <stddef.h>

#include "instance.h"
#include "plan.h"

typedef struct sk_layout {
  int send, recv;          /* the datatype pattern numbers */
  long base_size;          /* data bytes of one base element */
  long base_extent;        /* buffer bytes of one base element */
  int per_elem;            /* a message is a multiple of this many base
                            * elements: 1 when both patterns are 0 */
  int send_per, recv_per;  /* base elements in one send / recv element */
  long send_extent;        /* buffer bytes of one send element */
  long recv_extent;        /* buffer bytes of one receive element */
} sk_layout_t;

/* Data bytes and buffer bytes (extent) of one element of base type b
 * (NULL: MPI_CHAR).  A structure's extent runs from byte 0 to the end
 * of its last block, rounded up to the alignment of its widest type, as
 * a C struct's would.  -1 for an unknown MPI type name. */
int sk_layout_base(const sk_basetype_t *b, long *size, long *extent);

/* The layout of messages of base type b (NULL: MPI_CHAR) sent in
 * pattern `send` and received in pattern `recv`.  -1 for an unknown
 * pattern or type. */
int sk_layout_init(sk_layout_t *l, const sk_basetype_t *b, int send,
                   int recv);

/* Base elements in a message of length bytes (a multiple of per_elem). */
long sk_layout_elements(const sk_layout_t *l, long length);

/* Elements of the send and of the receive pattern in such a message. */
void sk_layout_counts(const sk_layout_t *l, long length, long *scount,
                      long *rcount);

/* Elements of the send and of the receive pattern in one of `parts`
 * partitions of a message of length bytes: each partition an equal
 * share of the message's whole units (per_elem base elements), so a
 * message that is not a multiple of parts units loses the rest (the
 * partitioned instances, src/patterns/pattern_part.c). */
void sk_layout_partition(const sk_layout_t *l, long length, long parts,
                         long *scount, long *rcount);

/* Buffer bytes a message of length bytes occupies in the wider of the
 * send and receive layouts (at least length). */
long sk_layout_span(const sk_layout_t *l, long length);

/* How many times wider than its data the wider layout is (1 without
 * gaps): buffer bytes of a unit over its data bytes. */
double sk_layout_width(const sk_layout_t *l);

/* Buffer bytes a process in `role` holds for instance `in` with
 * messages of length bytes (send in *send, receive in *recv): what the
 * engine allocates for that role; SK_ROLE_ANY is what @MEMORY must
 * hold (sk_instance_need_role()). */
size_t sk_layout_need(const sk_layout_t *l, const sk_instance_t *in,
                      long length, const sk_role_t *role, size_t *send,
                      size_t *recv);

/* The neighbours of every process in a neighbourhood collective's
 * topology (Neighbor_Topology, Neighbor_Dimensions, Neighbor_Degree): 2
 * per dimension of a Cartesian grid, 2 on a ring, k on a random
 * k-regular graph; 0 when the values make none. */
int sk_layout_degree(int topology, long dimensions, long degree);

/* The role of a process of suite s on nprocs processes (root:
 * SK_ROLE_ROOT, SK_ROLE_OTHER or SK_ROLE_ANY): its topology's degree
 * and whether Count_Distribution makes the shares equal. */
void sk_layout_role(sk_role_t *r, const sk_suite_t *s, int nprocs,
                    int root);

/* The longest message (at most mem bytes) whose buffers fit in mem bytes
 * for `role`, or -1 when not even an empty one does. */
long sk_layout_max_length(const sk_layout_t *l, const sk_instance_t *in,
                          long mem, const sk_role_t *role);

/* 1 when instance `in` on nprocs processes can pass the displacements
 * of messages of length bytes as `int`s (sk_instance_displ_fits()), else
 * 0. */
int sk_layout_displ_fits(const sk_layout_t *l, const sk_instance_t *in,
                         long length, int nprocs);

/* The longest message that fits in mem bytes per process and whose
 * displacements fit in an int (at most mem bytes), or -1 when not even
 * an empty one does; *limit says which bound decided it
 * (SK_LIMIT_MEMORY, or SK_LIMIT_DISPLACEMENTS when that bound is the
 * lower).  What Max_Value becomes and what Memory_Fit = Clip clips to;
 * the engine and the checker both call it. */
long sk_layout_fit(const sk_layout_t *l, const sk_instance_t *in, long mem,
                   const sk_role_t *role, sk_limit_t *limit);

#endif
