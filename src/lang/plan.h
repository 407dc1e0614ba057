/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plan.h -- a validated, fully resolved measurement plan.
 *
 * The semantic check (check.c) turns a syntax tree into an sk_plan_t in
 * which every key of every suite has its effective value; the engine and
 * `skampi --check` only ever read plans.  The plan owns every string and
 * array it points to; sk_plan_free() releases it all.
 */
#ifndef SK_PLAN_H
#define SK_PLAN_H

#include <stddef.h>

#include "instance.h"

/* An integer or real key left at Invalid_Value ("no limit"). */
#define SK_UNSET (-1)

typedef enum {
  SK_VARIATION_NONE,
  SK_VARIATION_LENGTH,
  SK_VARIATION_NODES,
  SK_VARIATION_CHUNKS
} sk_variation_t;

typedef enum {
  SK_SCALE_FIXED_LINEAR,
  SK_SCALE_FIXED_LOG,
  SK_SCALE_DYNAMIC_LINEAR,
  SK_SCALE_DYNAMIC_LOG
} sk_scale_t;

/* How a collective repetition's time is computed (Collective_Timing). */
typedef enum {
  SK_COLL_TIMING_MAX_LOCAL = 0,    /* max over processes (the default) */
  SK_COLL_TIMING_ROOT_BARRIER,     /* root's time minus a barrier (paper) */
  SK_COLL_TIMING_GLOBAL_SPAN       /* max end - min start, global clock */
} sk_coll_timing_t;

/* How the processes start a repetition together (Synchronization). */
typedef enum {
  SK_SYNC_BARRIER = 0,   /* MPI_Barrier before each repetition */
  SK_SYNC_WINDOW         /* synchronized clocks, start + i * window */
} sk_sync_t;

/* How the clocks are synchronized for window sync (Clock_Sync). */
typedef enum {
  SK_CLOCK_SYNC_OFFSET = 0,  /* one offset per process (SKaMPI style) */
  SK_CLOCK_SYNC_LINEAR,      /* Jones & Koenig: offset and drift */
  SK_CLOCK_SYNC_HCA          /* linear models composed along a tree */
} sk_clock_sync_t;

/* Cache: warm, or evicted between repetitions (Cold). */
typedef enum {
  SK_CACHE_WARM = 0,
  SK_CACHE_COLD
} sk_cache_mode_t;

/* Which repetitions are outliers (Outlier_Filter). */
typedef enum {
  SK_FILTER_CUT_QUANTILE = 0,  /* cut Cut_Quantile at each end */
  SK_FILTER_TUKEY,             /* outside [Q1 - 1.5 IQR, Q3 + 1.5 IQR] */
  SK_FILTER_NONE
} sk_filter_t;

/* The topology of a neighbourhood collective (Neighbor_Topology). */
typedef enum {
  SK_TOPO_CARTESIAN = 0,       /* periodic, Neighbor_Dimensions dims */
  SK_TOPO_RING,                /* distributed graph: v-1, v+1 */
  SK_TOPO_RANDOM_REGULAR       /* distributed graph: k-regular, seeded */
} sk_topo_kind_t;

/* A source position, for messages that point back into the suite file. */
typedef struct sk_loc {
  int line;
  int column;
} sk_loc_t;

/* One (count, offset, type) triple of a @BasetypeN structure. */
typedef struct sk_basetype_field {
  long count;
  long offset;           /* bytes from the start of the element */
  char *mpi_type;        /* a builtin, e.g. "MPI_INT" */
} sk_basetype_field_t;

/* @BasetypeN: a builtin MPI type (nfields == 1, count 1, offset 0) or a
 * simple structure of triples. */
typedef struct sk_basetype {
  int number;                    /* N of @BasetypeN */
  sk_loc_t loc;
  sk_basetype_field_t *fields;
  size_t nfields;
  long size, extent;             /* of one element, as sk_layout_base()
                                  * computes them; 0 until the checker has
                                  * (so that a type of many fields is not
                                  * summed again for every suite) */
} sk_basetype_t;

/* A free-text preamble line such as @MACHINE, kept in file order. */
typedef struct sk_meta {
  char *key;              /* without the '@': "MACHINE" (known keys in
                           * upper case, @X_ keys as written) */
  char *value;
  sk_loc_t loc;           /* of the @KEY */
} sk_meta_t;

/* Memory_Fit (keys.def). */
enum { SK_FIT_REFUSE = 0, SK_FIT_CLIP = 1 };

/* What bounds a suite's length on the run's processes
 * (src/lang/layout.h, sk_layout_fit()). */
typedef enum {
  SK_LIMIT_NONE = 0,
  SK_LIMIT_MEMORY,               /* the buffers must fit in @MEMORY */
  SK_LIMIT_DISPLACEMENTS         /* a v-collective's int displacements
                                  * (or Alltoallw's in bytes) must not
                                  * overflow */
} sk_limit_t;

/* A length the suite asked for and did not get (Memory_Fit = Clip): it
 * is measured up to `largest` instead.  All zero: nothing was clipped. */
typedef struct sk_clip {
  int clipped;                   /* 1: the rest says what and why */
  int key;                       /* SK_KEY_END_ARGUMENT or
                                  * SK_KEY_DEFAULT_MESSAGE_LENGTH */
  long asked;                    /* bytes, as resolved before the clip */
  long largest;                  /* bytes: the longest that fits, -1
                                  * when not even an empty one does */
  int nothing;                   /* 1: not even Start_Argument fits, the
                                  * suite is left out (sk_suite_t.skip) */
  sk_limit_t limit;              /* why */
  long memory_kib;               /* the @MEMORY that would hold `asked`
                                  * (limit MEMORY), else 0 */
} sk_clip_t;

typedef struct sk_suite {
  char *name;
  sk_loc_t loc;                  /* of the suite name */
  const sk_instance_t *instance; /* never NULL in a valid plan */
  int basetype;                  /* Basetype_Number, 0 = MPI_CHAR bytes */
  int send_datatype;             /* Send_Datatype_Number, 0 = base type */
  int recv_datatype;             /* Receive_Datatype_Number */
  sk_variation_t variation;
  sk_scale_t scale;
  long max_repetition;
  long min_repetition;
  long multiple_of;
  double time_measurement;       /* seconds per point, or SK_UNSET */
  double time_suite;             /* seconds per suite, or SK_UNSET */
  int node_times;                /* 0 / 1 */
  double cut_quantile;           /* in [0, 0.5) */
  long default_chunks;
  long default_message_length;   /* bytes */
  long start_argument;
  long first_length;             /* the smallest length above 0 that sends
                                  * data: 1, or a whole unit of the base
                                  * type and patterns (0 counts as 1); a
                                  * log grid from 0 goes on from there */
  long end_argument;             /* resolved; see end_is_max */
  int end_is_max;                /* End_Argument = Max_Value was given */
  int memory_fit;                /* Memory_Fit: SK_FIT_*, resolved */
  sk_clip_t clip;                /* a length lowered to what fits */
  char *note;                    /* what the checker changed for these
                                  * processes (a master-worker grid that
                                  * starts higher), for the result's notes;
                                  * NULL: nothing */
  char *skip;                    /* why the suite cannot run on these
                                  * processes (nothing fits, Memory_Fit =
                                  * Clip): the run records it as failed
                                  * with this message and measures
                                  * nothing (library_fault with
                                  * skip_fault, left_out with
                                  * skip_absent); NULL: it runs */
  int skip_fault;                /* 1: skip is a known fault of the MPI
                                  * library (lib/libfault.h) */
  int skip_absent;               /* 1: skip is a pair or placement the
                                  * run's node map lacks, with
                                  * Missing_Pair = Leave_Out: the run
                                  * records the suite as left_out (rank 0
                                  * only: the check sees the node map
                                  * there) */
  sk_loc_t skip_loc;             /* skip_absent: the value it is about */
  double stepwidth;
  long max_steps;
  long min_distance;
  long max_distance;             /* or SK_UNSET */
  double standard_error;         /* the target epsilon */
  sk_coll_timing_t collective_timing;  /* Collective_Timing */
  int count_distribution;        /* Count_Distribution: 0 Equal,
                                  * 1 Increasing (SK_DIST_* in pattern.h) */
  sk_sync_t synchronization;     /* Synchronization */
  double window_size;            /* Window_Size, s, or SK_UNSET (pilot) */
  sk_clock_sync_t clock_sync;    /* Clock_Sync */
  sk_filter_t outlier_filter;    /* Outlier_Filter */
  int raw_samples;               /* Raw_Samples: 0 / 1 */
  long fixed_repetitions;        /* Fixed_Repetitions, or SK_UNSET */
  sk_cache_mode_t cache;         /* Cache */
  long cache_size;               /* Cache_Size, bytes, or SK_UNSET */
  long batch;                    /* Batch: calls per repetition */
  long overlap_test_calls;       /* Overlap_Test_Calls */
  int neighbor_topology;         /* Neighbor_Topology: SK_TOPO_* */
  long neighbor_dimensions;      /* Neighbor_Dimensions: 1 .. 3 */
  long neighbor_degree;          /* Neighbor_Degree: k */
  long neighbor_seed;            /* Neighbor_Seed */
  int io_file;                   /* IO_File: SK_IO_FILE_* */
  int rma_sync;                  /* RMA_Sync: SK_RMA_SYNC_* (pattern.h) */
  int rma_window;                /* RMA_Window: SK_RMA_WIN_* (pattern.h) */
  long rma_window_ops;           /* RMA_Window_Ops */
  int pair;                      /* Pair: SK_PAIR_* */
  long pair_ranks[2];            /* Pair = A, B: the two world ranks, the
                                  * lower first; -1 -1 otherwise */
  int pairs_placement;           /* Pairs_Placement: SK_PAIRS_*
                                  * (src/engine/pairs.h) */
  int missing_pair;              /* Missing_Pair: SK_MISSING_PAIR_* */
  int percentiles;               /* Percentiles: 0 / 1 */
  int in_place;                  /* In_Place: 0 / 1 */
  long root;                     /* Root: a rank (Fixed is 0), or
                                  * SK_ROOT_ROTATE */
  int verify;                    /* Verify: 0 / 1 */
  long threads;                  /* Threads */
  long window;                   /* Window */
  long partitions;               /* Partitions */
} sk_suite_t;

/* Pair (keys.def): the names in order, then two ranks written A, B. */
enum {
  SK_PAIR_MAX_LATENCY = 0, SK_PAIR_INTER_NODE, SK_PAIR_INTRA_NODE,
  SK_PAIR_INTRA_SOCKET, SK_PAIR_RANKS
};
/* Missing_Pair (keys.def): refuse the file, or leave the suite out. */
enum { SK_MISSING_PAIR_REFUSE = 0, SK_MISSING_PAIR_LEAVE_OUT = 1 };
/* Root = Rotate: the root of repetition i is i mod the processes. */
#define SK_ROOT_ROTATE (-2)

/* IO_File (keys.def): one shared file, or one per process. */
enum { SK_IO_FILE_SHARED = 0, SK_IO_FILE_PER_PROCESS = 1 };

typedef struct sk_plan {
  char *path;                    /* the suite file as given */
  int nprocs;                    /* processes the plan was resolved for
                                  * (Max_Value, limits) */
  sk_meta_t *meta;               /* free-text preamble keys */
  size_t nmeta, capmeta;
  long memory_kib;               /* @MEMORY */
  char *outfile;                 /* @OUTFILE or NULL */
  char *logfile;                 /* @LOGFILE or NULL */
  int postproc;                  /* @POSTPROC */
  int limits;                    /* @LIMITS */
  long cachewarmup;              /* @CACHEWARMUP */
  char *io_directory;            /* @IO_DIRECTORY or NULL (".") */
  double time_run;               /* @TIME_RUN s, or SK_UNSET */
  sk_basetype_t *basetypes;
  size_t nbasetypes, capbasetypes;
  sk_suite_t *suites;
  size_t nsuites;
} sk_plan_t;

/* The largest @MEMORY (KiB; keys.def, row MEMORY). */
#define SK_PLAN_MEMORY_MAX_KIB 4294967296ULL

void sk_plan_free(sk_plan_t *plan);

/* The sentence that says why suite s of plan p measures less than it
 * asked (s->clip) or nothing (clip.nothing), for --check, the result's
 * notes and the log: "End_Argument 1048576 is clipped to 524288, the
 * longest message that fits in @MEMORY (16384 KiB per process) for
 * MPI_Alltoall on 16 processes; raise @MEMORY to 32768 (KiB) to measure
 * End_Argument 1048576".  buf is "" when s was not clipped. */
void sk_plan_clip_text(const sk_plan_t *p, const sk_suite_t *s, char *buf,
                       size_t size);

const char *sk_variation_name(sk_variation_t v);  /* "Length", ... */

#endif
