/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern.h -- the MPI side of the pattern instances.
 *
 * An instance is a descriptor sk_inst_<fn> (fn from instances.def) whose
 * run() performs the instance's MPI calls once; the pattern modules wrap
 * it in the timing of their pattern (sk_pattern_rep_*).  run() must not
 * allocate, print or write files: it is the timed region.
 */
#ifndef SK_PATTERN_H
#define SK_PATTERN_H

#include <mpi.h>
#include <stddef.h>

/* Everything an instance needs for one point; set up before the point. */
typedef struct sk_pctx {
  MPI_Comm comm;        /* the processes that take part */
  int rank, size;       /* in comm; rank 0 is the root / timing process */
  int peer;             /* ping-pong: the other process of the pair */
  long length;          /* message length in bytes */
  int count;            /* elements of dtype in length bytes */
  MPI_Datatype dtype;   /* sends data (the send datatype pattern) */
  int rcvcount;         /* elements of rcvtype: the same data */
  /* The counts of a point, whatever their size: count, rcvcount and
   * rcount are these when they fit in an int.  A point where one does
   * not is `large` (count, rcvcount and rcount are then 0): only an
   * instance with a large-count path (.large_count) runs it, and its
   * run() calls the MPI-4 functions (MPI_Send_c, ...) with these. */
  MPI_Count lcount, lrcvcount, lrcount;
  int large;
  MPI_Datatype rcvtype; /* receives data (the receive pattern) */
  MPI_Aint sext, rext;  /* buffer bytes of one dtype / rcvtype element */
  long span;            /* buffer bytes of one message in the wider of
                         * the two layouts, gaps included (sk_layout_span):
                         * how far apart messages of a window lie */
  int rcount;           /* reductions: elements of rtype in length bytes */
  MPI_Datatype rtype;   /* reductions: their datatype and operation */
  MPI_Op rop;
  const struct sk_reduce *red;  /* and what they add (src/engine/reduce.h) */
  char *sbuf, *rbuf;    /* send and receive buffers (need() bytes) */
  char *abuf;           /* attach buffer for Bsend / Buffer_attach */
  int asize;            /* its size in bytes */
  size_t aroom;         /* Bsend instances: the most abuf may take, as
                         * counted against @MEMORY (sk_instance_attach) */
  int aover;            /* set by a setup whose abuf exceeds aroom */
  int *counts;          /* size entries, for Reduce_scatter and the
                         * v-variants (in elements of dtype) */
  int *displs;          /* size entries: v-variants' send displacements */
  int *rcounts, *rdispls;  /* the same in elements of rcvtype */
  int distribution;     /* v-variants: SK_DIST_* (Count_Distribution) */
  int chunks;           /* master-worker: chunks of the message */
  MPI_Request *reqs;    /* size + 1 entries for instances that need them */
  MPI_Status *stats;    /* as many, for MPI_Waitall (MPICH's
                         * MPI_STATUSES_IGNORE upsets gcc's bounds check) */
  double overhead;      /* empty-measurement time, subtracted */
  long batch;           /* sk_pattern_rep_local: calls per repetition
                         * (0 or 1: one) */
  double barrier;       /* barrier time, subtracted by root_minus_barrier */
  const struct sk_calib *calib;  /* Calibrate_Busywait's cost function */
  double busy;          /* Calibrate_Busywait: seconds to spin */
  void *priv;           /* the instance's own state (setup / teardown) */
  /* ---- nonblocking and persistent (pattern_nbc.c, pattern_persist.c) -- */
  long test_calls;      /* Overlap_Test_Calls: MPI_Test calls spread
                         * through the computation of an overlap point */
  long ovl_iters;       /* overlap: iterations of the computation,
                         * calibrated to last as long as t_pure */
  double ovl_pure;      /* overlap: t_pure, post + wait alone (setup) */
  double ovl_cpu;       /* overlap: t_cpu, the computation alone (setup) */
  MPI_Request preq[2];  /* persistent: the requests of the point */
  double init_time;     /* persistent: the *_init calls, rank 0's time */
  double free_time;     /* persistent: MPI_Request_free, rank 0's time */
  /* ---- MPI-IO (pattern_io.c) ------------------------------------------- */
  const char *io_dir;   /* @IO_DIRECTORY, NULL: the current directory */
  const char *io_token; /* the run's token of file names (lib/iodir.h) */
  int io_shared;        /* IO_File = Shared: one file for comm */
  /* ---- one-sided (pattern_rma.c, pattern_rmawin.c) ------------------- */
  int rma_sync;         /* RMA_Sync: SK_RMA_SYNC_* */
  int rma_window;       /* RMA_Window: SK_RMA_WIN_* */
  long rma_ops;         /* RMA_Window_Ops: operations of a bandwidth
                         * instance's repetition */
  int refused;          /* set by a setup that refuses the point for the
                         * reason its descriptor's .refusal states */
  /* ---- keys the instance's descriptor says it honours ----------------- */
  int in_place;         /* In_Place = yes (ops->in_place): MPI_IN_PLACE */
  int root;             /* the root of this repetition (ops->rooted, Root;
                         * else 0), set before the repetition */
  void *vstate;         /* Verify = yes: the engine's state of the checked
                         * repetition (src/engine/verify.h), else NULL */
  long window;          /* Window: sends in flight per pair (pattern_beyond.c,
                         * pattern_threads.c) */
  int threads;          /* Threads: threads per process (pattern_threads.c) */
  /* ---- partitioned (pattern_part.c) ---------------------------------- */
  int partitions;       /* Partitions: partitions of a message */
  MPI_Count part_count, part_rcvcount;  /* elements of dtype / rcvtype
                         * in one partition: an equal share of the
                         * message's whole units (a message that is not
                         * a multiple of Partitions units sends the
                         * multiple below it) */
} sk_pctx_t;

typedef struct sk_inst_ops {
  /* One repetition's MPI calls (the timed region). */
  void (*run)(sk_pctx_t *c);
  /* Untimed work before and after a point (NULL: none); setup returns
   * -1 when the point cannot run. */
  int (*setup)(sk_pctx_t *c);
  void (*teardown)(sk_pctx_t *c);
  /* What a repetition's time is, when not the pattern's usual one
   * (doc/output-format.md `timing`); NULL: the pattern's. */
  const char *timing;
  /* ---- beyond the SKaMPI patterns (src/patterns/pattern_beyond.c) ---- */
  /* A repetition timing of the instance's own (an sk_measure_rep_fn on
   * an sk_pattern_rep_t); NULL: the pattern's. */
  double (*rep)(void *rep, double *local);
  /* The rate of a point of `length` bytes on nprocs processes whose mean
   * time is t, in rate_unit; NULL: none.  A rate_unit of "B/s" needs
   * none: its bytes are the payload class of the instance's row
   * (lib/instances.def) by sk_instance_timed_bytes(), the formula the
   * report's bandwidths use. */
  double (*rate)(long length, int nprocs, double t);
  const char *rate_unit;
  /* 1: every process's mean is gathered at every point, and the point
   * records their spread over ranks 1 .. P-1 (`destinations`: min,
   * median, max and the slowest rank); the list itself only with
   * Node_Times = yes.  Rank 0's entry is the point's own sample. */
  int node_times;
  /* Why a repetition whose rep() returned NaN outside window sync was
   * invalid: the point's note when it has such repetitions; NULL: its
   * rep() never does. */
  const char *invalid_why;
  /* On the timing process after the point (before teardown): the round
   * trip each process's time was corrected by, c->size entries (Bcast_OL:
   * RTL_i per destination i, 0 for the root); NULL: none. */
  void (*round_trips)(const sk_pctx_t *c, double *rtl);
  /* Untimed integrity check (after setup): fills the send data, runs
   * one repetition and checks what arrived; 0 intact, -1 not (NULL: the
   * instance moves no data to check). */
  int (*verify)(const struct sk_inst_ops *ops, sk_pctx_t *c);
  /* Why the datatype patterns do not apply (memcpy, ...); NULL: they do. */
  const char *plain;
  /* 1: a reduction, with rtype, rop and red set (src/engine/reduce.h). */
  int reduces;
  /* 1: its cost is the engine's calibration (SKAMPI_CALIBRATE, in
   * calib): a suite fails when that is unusable, and its result records
   * the cost function. */
  int calibrated;
  /* 1: concurrent pairs across the two halves of the world: a Nodes
   * point's communicator is made of such pairs (src/engine/pairs.c), and
   * the timing process lists each point's pairs. */
  int pairs;
  /* A note the result of every suite of the instance carries; NULL:
   * none. */
  const char *note;
  /* 1: a nonblocking operation with a computation between post and
   * wait: its setup measures ovl_pure and ovl_cpu (sk_nbc_overlap_setup()),
   * and each point records them with the overlap percentage. */
  int overlap;
  /* 1: persistent requests made in setup and freed in teardown: each
   * point records init_time and free_time. */
  int persistent;
  /* The MPI function this library lacks (configure found none), so the
   * instance cannot run; NULL: available. */
  const char *unavailable;
  /* The MPI-4 large-count function(s) its run() calls on a `large`
   * point (more than INT_MAX elements), e.g. "MPI_Send_c"; NULL: the
   * instance has no large-count path.  large_count_built is 1 when the
   * library has them (configure), 0 when it lacks them. */
  const char *large_count;
  int large_count_built;
  /* 1: a neighbourhood collective: the engine gives it a communicator
   * with the suite's topology (Neighbor_Topology, made untimed once per
   * suite by src/engine/topology.c), and the suite records it. */
  int topology;
  /* Why a setup that sets c->refused on any process refused the point
   * (the suite fails with this message); NULL: it never does. */
  const char *refusal;
  /* 1: its run() and verify honour c->in_place, the MPI_IN_PLACE form of
   * the call (In_Place = yes; the checker refuses the key elsewhere). */
  int in_place;
  /* 1: a rooted collective of the library whose run() and verify take
   * the root from c->root (Root); the others have their root at 0. */
  int rooted;
} sk_inst_ops_t;

/* RMA_Sync and RMA_Window, in the order of their names in keys.def. */
enum {
  SK_RMA_SYNC_FENCE = 0, SK_RMA_SYNC_LOCK = 1, SK_RMA_SYNC_LOCK_ALL = 2,
  SK_RMA_SYNC_PSCW = 3
};
enum {
  SK_RMA_WIN_CREATE = 0, SK_RMA_WIN_ALLOCATE = 1, SK_RMA_WIN_DYNAMIC = 2,
  SK_RMA_WIN_SHARED = 3
};

/* Count distributions of the v-variants (Count_Distribution). */
enum { SK_DIST_EQUAL = 0, SK_DIST_INCREASING = 1 };

/* share[i] = process i's share of total elements under distribution d,
 * for every i < nprocs (every share a whole number, the shares add up
 * to total; total at most INT_MAX). */
void sk_pattern_shares(int d, long total, int nprocs, int *share);

#define SK_INSTANCE(num, nm, pat, vars, fn, buf, pay, sum) \
  extern const sk_inst_ops_t sk_inst_##fn;
#define SK_PLANNED(num, nm, pat, vars, fn, buf, pay, sum)
#include "instances.def"
#undef SK_INSTANCE
#undef SK_PLANNED

/* Allocates and attaches c->abuf with room for `messages` buffered
 * sends of `count` elements of c->dtype (MPI_Pack_size +
 * MPI_BSEND_OVERHEAD each); -1 without attaching when it would exceed
 * c->aroom (then c->aover is set) or memory is short. */
int sk_pattern_attach(sk_pctx_t *c, int messages, int count);

/* Detaches and frees c->abuf (nothing when there is none). */
void sk_pattern_detach(sk_pctx_t *c);

/* The untimed integrity check of an instance whose root sends to the
 * others (broadcasts, one-way bandwidth): the root (c->root, rank 0 but
 * for a rooted collective under Root) fills its send data with sequence
 * 1, one repetition runs, every other process must hold the sequence in
 * its receive pattern.  0 intact, -1 not. */
int sk_pattern_verify_from_root(const struct sk_inst_ops *ops, sk_pctx_t *c);

/* What instance `number` supports of the keys the checker asks about
 * (SK_SUPPORT_* of check.h): In_Place (ops->in_place), a Root
 * (ops->rooted), Root = Rotate (rooted and not persistent: a persistent
 * request's root is fixed when it is made), Verify (ops->verify); 0 for
 * an instance without code. */
unsigned sk_pattern_supports(int number);

/* The descriptor of instance `number`, or NULL when it has no code yet. */
const sk_inst_ops_t *sk_pattern_ops(int number);

/* 1 when instance `number` cannot run with this MPI library, and why
 * in why[0..len) -- "the MPI library skampi was built with (LIB) has no
 * MPI_Xxx_init" (ops->unavailable); 0 when it can run.  With len 0 only
 * the answer (why may be NULL). */
int sk_pattern_unavailable(int number, char *why, size_t len);

/* 1 when instance `number` must be left out of a run on nprocs
 * processes with the MPI library it runs with, and why in why[0..len)
 * -- "MPI_Scatter_init of the MPI library (MPICH Version: 4.0.2) fails
 * ..." (lib/libfault.h); 0 when no fault is known; len 0 as above.
 * TEST ONLY: SKAMPI_TEST_LIBRARY=NAME makes NAME the library's name for
 * the look-up. */
int sk_pattern_fault(int number, int nprocs, char *why, size_t len);

/* 1 when instance `number` cannot run a point of more than INT_MAX
 * elements, and why in why[0..len) -- "the MPI library skampi was built
 * with (LIB) has no MPI_Send_c" (ops->large_count without
 * large_count_built) or "NAME has no large-count path" (no
 * ops->large_count); 0 when it can; len 0 as above.  TEST ONLY:
 * SKAMPI_TEST_UNAVAILABLE=MPI_Send_c (the instance's large-count
 * function) makes the library lack it. */
int sk_pattern_large_count(int number, char *why, size_t len);

/* The counts of a point for its untimed checks: the int ones, or on a
 * large point the MPI_Count ones. */
static inline MPI_Count sk_pctx_scount(const sk_pctx_t *c)
{
  return c->large ? c->lcount : c->count;
}

static inline MPI_Count sk_pctx_rcvcount(const sk_pctx_t *c)
{
  return c->large ? c->lrcvcount : c->rcvcount;
}

static inline MPI_Count sk_pctx_rcount(const sk_pctx_t *c)
{
  return c->large ? c->lrcount : c->rcount;
}

/* The buffers of a collective call under In_Place: MPI_IN_PLACE for the
 * send buffer on every process (sk_pctx_in), at the root only (a rooted
 * reduction or gather: sk_pctx_root_in), or for the receive buffer at
 * the root (a scatter: sk_pctx_root_out); else the buffer itself. */
static inline void *sk_pctx_in(const sk_pctx_t *c)
{
  return c->in_place ? MPI_IN_PLACE : (void *)c->sbuf;
}

static inline void *sk_pctx_root_in(const sk_pctx_t *c)
{
  return c->in_place && c->rank == c->root ? MPI_IN_PLACE : (void *)c->sbuf;
}

static inline void *sk_pctx_root_out(const sk_pctx_t *c)
{
  return c->in_place && c->rank == c->root ? MPI_IN_PLACE : (void *)c->rbuf;
}

/* The large-count path of the instances that have one: the descriptor
 * fields, with large_count_built from configure's check of `have`. */
#define SK_LARGE_COUNT(fns, have) .large_count = (fns), \
  .large_count_built = (have)
#if defined HAVE_MPI_SEND_C && defined HAVE_MPI_RECV_C
#define SK_HAVE_LARGE_P2P 1
#else
#define SK_HAVE_LARGE_P2P 0
#endif
#ifdef HAVE_MPI_BCAST_C
#define SK_HAVE_LARGE_BCAST 1
#else
#define SK_HAVE_LARGE_BCAST 0
#endif
#ifdef HAVE_MPI_REDUCE_C
#define SK_HAVE_LARGE_REDUCE 1
#else
#define SK_HAVE_LARGE_REDUCE 0
#endif
#ifdef HAVE_MPI_ALLREDUCE_C
#define SK_HAVE_LARGE_ALLREDUCE 1
#else
#define SK_HAVE_LARGE_ALLREDUCE 0
#endif

/* The MPI library's name for messages into name[0..size) (at most
 * SK_PATTERN_LIBRARY_SIZE - 1 characters are ever needed): the first line
 * of MPI_Get_library_version up to its first comma, blanks collapsed
 * ("MPICH Version: 4.0.2", "Open MPI v4.1.4"), "unknown" when empty.
 * Returns name.  May be called before MPI_Init. */
#define SK_PATTERN_LIBRARY_SIZE 64
const char *sk_pattern_library(char *name, size_t size);

/* The time of an empty measurement on this process: the two timer reads
 * around a call of an instance that does nothing, as in every repetition
 * (the mean of many, after cutting 10% at each end). */
double sk_pattern_overhead(void);

/* A message buffer of `bytes` bytes, zeroed (every page touched before a
 * point), starting at a page boundary; free() frees it.  NULL when
 * memory is short.  Where a buffer starts changes what a transfer costs:
 * a 64 KiB ping-pong between heap buffers 16 bytes apart modulo the page
 * took 80 us here, between page-aligned ones 20 us, so the alignment is
 * fixed, not left to the heap (factors.buffer_alignment records it). */
void *sk_pattern_buffer(size_t bytes);

/* The alignment of sk_pattern_buffer(): the page size. */
long sk_pattern_alignment(void);

/* Repetition wrappers for sk_measure_point(): ctx is an sk_pattern_rep_t.
 * Each returns the repetition's time on rank 0 of the communicator and
 * stores this process's own time in *local; both have the overhead (and
 * for root_minus_barrier the barrier time) subtracted. */
typedef struct sk_pattern_rep {
  const sk_inst_ops_t *ops;
  sk_pctx_t *ctx;
} sk_pattern_rep_t;

/* t0, run, t1 on every process (ping-pong, simple); with ctx->batch = k
 * > 1, t0, k runs, t1, and the time is (t1 - t0 - overhead) / k. */
double sk_pattern_rep_local(void *rep, double *local);
/* The heart of the repetition timings: the timer, one run() of the
 * instance, the timer; the time less the empty-measurement overhead.
 * Timings of their own (src/patterns/pattern_beyond.c,
 * pattern_bcast.c) divide it by what one repetition holds. */
double sk_pattern_rep_once(sk_pattern_rep_t *r);
/* Barrier, t0, run, t1; the sample is the maximum over processes. */
double sk_pattern_rep_max_local(void *rep, double *local);
/* Barrier, t0, run, Barrier, t1; the sample is rank 0's time minus the
 * barrier time (the SKaMPI paper's collective timing). */
double sk_pattern_rep_root_barrier(void *rep, double *local);
/* Barrier, t0, Barrier, t1: measures the barrier time itself. */
double sk_pattern_rep_barrier(void *rep, double *local);

#endif
