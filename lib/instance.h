/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * instance.h -- the metadata of every pattern instance (no MPI here).
 *
 * The rows come from instances.def; the MPI side (src/patterns*.c) builds
 * its table of functions from the same file.
 */
#ifndef SK_INSTANCE_H
#define SK_INSTANCE_H

#include <stddef.h>

typedef enum {
  SK_PATTERN_PINGPONG,
  SK_PATTERN_COLLECTIVE,
  SK_PATTERN_MASTER_WORKER,
  SK_PATTERN_SIMPLE
} sk_instance_pattern_t;

/* What a pattern implies for every instance of it (sk_instance_pattern());
 * the engine asks this, never which pattern it has. */
typedef struct sk_instance_pattern_info {
  const char *name;         /* in results and --list: "pingpong" */
  const char *title;        /* in messages: "ping-pong" */
  int least;                /* processes a point needs */
  int pair;                 /* 1: runs on the ping-pong pair, chosen by
                             * measurement; the result records the pair */
  int synchronized;         /* 1: all processes start a repetition
                             * together: Synchronization and
                             * Collective_Timing apply, and the latter
                             * says what the time is */
  int batch;                /* 1: Batch applies (a repetition is t0, run,
                             * t1 on every process) */
  const char *timing;       /* a repetition's time (doc/output-format.md
                             * `timing`) when not synchronized */
} sk_instance_pattern_info_t;

/* Variations, as a bit set in sk_instance_t.variations. */
enum {
  SK_VAR_NONE = 1u << 0,
  SK_VAR_LENGTH = 1u << 1,
  SK_VAR_NODES = 1u << 2,
  SK_VAR_CHUNKS = 1u << 3
};

/* What an instance demands of its data, in the same bit set as the
 * variations (instances.def, column `variations`; the checker holds a
 * suite to them, src/lang/check_resolve.c):
 * SK_REQ_PREDEFINED  one predefined datatype: no datatype pattern and a
 *                    base type that is one builtin (MPI_Accumulate and
 *                    its kin apply predefined operations only);
 * SK_REQ_ELEMENT     one element: the message is one element of the
 *                    reduction's datatype (MPI_Fetch_and_op,
 *                    MPI_Compare_and_swap);
 * SK_REQ_INTEGER     an integer type (MPI_Compare_and_swap compares no
 *                    floating point);
 * SK_REQ_DISPL_ELEMENTS  it passes `int` displacements in elements of
 *                    the P blocks (the v-collectives): P times a
 *                    message's elements must be at most INT_MAX;
 * SK_REQ_DISPL_BYTES  it passes `int` displacements in bytes
 *                    (MPI_Alltoallw): P times a message's span in
 *                    memory must be at most INT_MAX.
 * sk_instance_displ_fits() says whether a message fits them.
 * And the suite keys an instance takes beyond the common ones, where the
 * key changes what it holds (sk_instance_slots()):
 * SK_TAKES_WINDOW    Window: sends in flight per pair at once;
 * SK_TAKES_THREADS   Threads: threads per process, each with its own
 *                    messages. */
enum {
  SK_REQ_PREDEFINED = 1u << 8,
  SK_REQ_ELEMENT = 1u << 9,
  SK_REQ_INTEGER = 1u << 10,
  SK_REQ_DISPL_ELEMENTS = 1u << 11,
  SK_REQ_DISPL_BYTES = 1u << 12,
  SK_TAKES_WINDOW = 1u << 13,
  SK_TAKES_THREADS = 1u << 14
};

/* The buffers an instance holds per process (instances.def, column
 * `buffers`; sk_instance_need_role() says how many bytes, by the
 * process's role: the root of a rooted collective is rank 0 of the
 * point's communicator). */
typedef enum {
  SK_BUFFERS_PAIR,      /* a send and a receive buffer of a message */
  SK_BUFFERS_NONE,      /* none: it moves no data */
  SK_BUFFERS_GATHER,    /* a message out; the root one per process in */
  SK_BUFFERS_ALLGATHER, /* a message out, one per process in */
  SK_BUFFERS_SCATTER,   /* the root one per process out; a message in */
  SK_BUFFERS_GATHERV,   /* GATHER with equal shares; else ALL (a share
                         * of Count_Distribution = Increasing can be
                         * twice a message, the root's total P of them) */
  SK_BUFFERS_ALLGATHERV,  /* ALLGATHER with equal shares; else ALL */
  SK_BUFFERS_SCATTERV,  /* SCATTER with equal shares; else ALL */
  SK_BUFFERS_ALL,       /* one per process each way */
  SK_BUFFERS_WINDOW,    /* a message out, SK_INSTANCE_WINDOW in */
  SK_BUFFERS_ATTACH,    /* a message + SK_INSTANCE_BSEND_OVERHEAD */
  SK_BUFFERS_BSEND,     /* PAIR + an attached buffer: 2 messages + 2 H */
  SK_BUFFERS_BSEND_MW,  /* PAIR + an attached buffer: 2 messages + P H */
  SK_BUFFERS_NEIGHBOR,  /* one message per neighbour each way: the
                         * topology's degree, or max(P,
                         * SK_INSTANCE_NEIGHBORS) when it is not known */
  SK_BUFFERS_SLOTS      /* a message out, one per receive in flight at
                         * once in (sk_role_t.slots, sk_instance_slots()) */
} sk_buffers_t;

/* Where a process stands in a point, as far as its buffers go. */
typedef struct sk_role {
  int nprocs;           /* P: the processes of the point */
  int root;             /* SK_ROLE_ROOT, SK_ROLE_OTHER or SK_ROLE_ANY */
  int degree;           /* a neighbourhood collective's neighbours per
                         * process (its topology's); 0: not known */
  int equal;            /* 1: the v-variants' shares are equal
                         * (Count_Distribution = Equal) */
  long slots;           /* receives in flight at once (buffers SLOTS:
                         * sk_instance_slots()); 0 or 1: one */
} sk_role_t;

enum {
  SK_ROLE_ANY = -1,     /* the most of any process: what @MEMORY holds */
  SK_ROLE_OTHER = 0,    /* a process that is not the root */
  SK_ROLE_ROOT = 1      /* rank 0, the root of a rooted collective */
};

/* The most neighbours of a Cartesian topology (3 dimensions, 2 each);
 * a ring has 2, a random k-regular graph k < P. */
#define SK_INSTANCE_NEIGHBORS 6

/* What a process moves in one operation, for the report's collective
 * bandwidth (instances.def, column `payload`; sk_instance_payload()). */
typedef enum {
  SK_PAYLOAD_NONE,          /* not on the collective bandwidth page */
  SK_PAYLOAD_BCAST,
  SK_PAYLOAD_REDUCE,
  SK_PAYLOAD_REDUCE_SCATTER,
  SK_PAYLOAD_ALLREDUCE,
  SK_PAYLOAD_SCAN,
  SK_PAYLOAD_GATHER,
  SK_PAYLOAD_SCATTER,
  SK_PAYLOAD_ALLTOALL,
  SK_PAYLOAD_ALLGATHER,
  SK_PAYLOAD_MEMCPY,
  SK_PAYLOAD_IO,            /* MPI-IO: each process's n bytes of a file */
  /* rate classes: not collective payloads, so not on the collective
   * bandwidth page; what one timed unit moves (sk_instance_timed_bytes()) */
  SK_PAYLOAD_STREAM,        /* one message of n per timed unit */
  SK_PAYLOAD_EXCHANGE,      /* n each way at once: 2n */
  SK_PAYLOAD_PAIRS          /* k = floor(P/2) pairs, n each: kn */
} sk_payload_t;

/* The payload of rank r of P processes for length n is n (c0 + cp P),
 * (c0, cp) from `first` for rank 0 (every root is rank 0), `last` for
 * rank P-1 and `middle` for the ranks between; defined from min_procs
 * processes on (below it nothing crosses a process boundary).  lib/collbw.h
 * says what counts as payload; lib/instance.c why each class is what it
 * is. */
typedef struct sk_payload_rule {
  double first[2], last[2], middle[2];   /* c0, cp */
  long min_procs;
  const char *rule;         /* "(P-1)n | n | n": the three columns */
} sk_payload_rule_t;

/* Messages in flight at once in Bandwidth_Bidirectional (and the window
 * of the other bandwidth instances). */
#define SK_INSTANCE_WINDOW 32

/* Room for MPI's header of a buffered send, at least MPI_BSEND_OVERHEAD
 * of every MPI (96 in MPICH, 128 in Open MPI; src/patterns/pattern_simple.c
 * refuses to compile when it is not). */
#define SK_INSTANCE_BSEND_OVERHEAD 1024

typedef struct sk_instance {
  int number;              /* the suite key Type */
  const char *name;        /* the name accepted by Type = NAME; */
  sk_instance_pattern_t pattern;
  unsigned variations;     /* SK_VAR_* bits */
  int implemented;         /* 0 for a row whose code is still to come */
  sk_buffers_t buffers;
  sk_payload_t payload;
  const char *summary;     /* one line for --list and the docs */
  const char *fn;          /* its descriptor's name less sk_inst_ */
  const char *buffers_id;  /* the row's `buffers` as written: "PAIR" */
  const char *payload_id;  /* the row's `payload` as written: "BCAST" */
} sk_instance_t;

/* The whole table, in instances.def order; *count receives its length. */
const sk_instance_t *sk_instance_table(size_t *count);

/* Look-ups; NULL when there is no such instance. */
const sk_instance_t *sk_instance_by_number(int number);
const sk_instance_t *sk_instance_by_name(const char *name);

/* The receives instance `in` has in flight at once on a process, for a
 * suite's Threads and Window (what buffers SLOTS hold): the product of
 * the keys it takes (SK_TAKES_*), 1 for an instance that takes none. */
long sk_instance_slots(const sk_instance_t *in, long threads, long window);

/* Buffer bytes a process in role `role` holds for instance `in` with
 * messages that each occupy `span` bytes (src/lang/layout.c: a message's
 * length laid out in its datatypes, gaps included), with `slots`
 * receives in flight at once (sk_instance_slots()): the send buffer in
 * *send, the receive buffer in *recv; returned their sum plus the
 * buffer the instance attaches for MPI_Bsend (sk_instance_attach()).
 * The engine allocates this for its role (rank 0 the root, every other
 * process not), and the checker counts SK_ROLE_ANY, the most of any
 * process, against @MEMORY.  Saturates at SIZE_MAX. */
size_t sk_instance_need_role(const sk_instance_t *in, long span,
                             const sk_role_t *role, size_t *send,
                             size_t *recv);

/* sk_instance_need_role() of SK_ROLE_ANY on nprocs processes with the
 * degree not known, the shares not equal and `slots` receives in
 * flight: the most any process of any suite of `in` holds. */
size_t sk_instance_need(const sk_instance_t *in, long span, int nprocs,
                        long slots, size_t *send, size_t *recv);

/* Whether instance `in` on nprocs processes can name a message of
 * `elements` elements (the larger of the send and receive counts) that
 * spans `span` bytes in memory, with displacements that are `int`s
 * (SK_REQ_DISPL_*): 1 when it can (or has no such displacements), 0 when
 * the last block's displacement or the sum of the blocks would pass
 * INT_MAX.  Computed in 64 bits for any nprocs up to INT_MAX. */
int sk_instance_displ_fits(const sk_instance_t *in, long elements,
                           long span, int nprocs);

/* The part of sk_instance_need() that the MPI_Bsend instances attach
 * with MPI_Buffer_attach (their setup allocates it, at most this); 0
 * for the other instances. */
size_t sk_instance_attach(const sk_instance_t *in, long span, int nprocs);

/* 1 when instance `in` writes and reads files (payload class IO: the
 * MPI-IO instances, in @IO_DIRECTORY), else 0. */
int sk_instance_uses_files(const sk_instance_t *in);

/* The payload rule of instance `in`; NULL for SK_PAYLOAD_NONE. */
const sk_payload_rule_t *sk_instance_payload(const sk_instance_t *in);

/* The bytes one timed unit of instance IN moves for length N on PROCS
 * processes: the numerator of every bandwidth skampi writes or draws
 * (the engine's `rate` of a B/s instance, the report's bandwidth panel,
 * bandwidth page and CSV).  By IN's payload class (lib/instances.def):
 * a collective's mean payload per process (lib/collbw.h);
 * STREAM n; EXCHANGE 2n (both directions at once); PAIRS floor(P/2) n
 * (every pair's n once per round trip).  Any other instance, or IN
 * NULL: 2n when TWO_WAY (the suite's timing is `round_trip` or
 * `exchange`: the message goes there and back, or both at once), else
 * n.  NaN when the class needs PROCS and it is below what the class
 * needs, or N is not a length. */
double sk_instance_timed_bytes(const sk_instance_t *in, int two_way,
                               long procs, double n);

/* The family --list groups the instance in ("ping-pong", "collective",
 * "nonblocking collective", "persistent", ...; "other" for a descriptor
 * name of no family), and the family's place in that order. */
const char *sk_instance_family(const sk_instance_t *in);
int sk_instance_family_order(const sk_instance_t *in);

/* The pattern's row of the table in lib/instance.c. */
const sk_instance_pattern_info_t *sk_instance_pattern(sk_instance_pattern_t p);

/* "pingpong", "collective", "master_worker", "simple"; "?" for a value
 * that is no pattern. */
const char *sk_instance_pattern_name(sk_instance_pattern_t pattern);

#endif
