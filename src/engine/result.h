/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * result.h -- the result of a run and its YAML file (no MPI here).
 *
 * Rank 0 keeps one sk_result_t for the whole run and rewrites the file
 * after every completed suite (doc/output-format.md is the contract).
 * The result borrows the plan and its suites; it owns everything else.
 */
#ifndef SK_RESULT_H
#define SK_RESULT_H

#include <stddef.h>

#include "noise.h"
#include "nodelimits.h"
#include "outfile.h"
#include "plan.h"
#include "point.h"
#include "resume.h"

typedef enum {
  SK_SUITE_COMPLETE,
  SK_SUITE_FAILED,
  SK_SUITE_TIMED_OUT,        /* written "incomplete": a time limit
                              * (Time_Suite, Time_Run) stopped it */
  SK_SUITE_CRASHED,
  SK_SUITE_LIBRARY_FAULT,    /* written "library_fault": a check found
                              * the data the MPI library delivered wrong
                              * (the suite's `library_fault`) */
  SK_SUITE_LEFT_OUT          /* written "left_out": the run lacks the
                              * pair or placement the suite asks for
                              * (Missing_Pair = Leave_Out); nothing
                              * measured, neither failed nor incomplete */
} sk_suite_status_t;

/* A library fault a check found (doc/output-format.md, a suite's
 * `library_fault`); call NULL: none.  Strings owned. */
typedef struct sk_fault_found {
  char *call;                    /* "MPI_Alltoall" */
  char *send, *recv;             /* the datatypes, in words */
  long processes;                /* of the point */
  long argument;
  char *wrong;                   /* the first wrong byte: where, got,
                                  * expected (and the process) */
  char *library;                 /* MPI_Get_library_version's first line */
  char *reproducer;              /* its path, or NULL */
  char *no_reproducer;           /* why there is none, or NULL */
} sk_fault_found_t;

typedef enum {
  SK_RUN_RUNNING,
  SK_RUN_COMPLETE,
  SK_RUN_PARTIAL,
  SK_RUN_ABORTED,
  SK_RUN_INCOMPLETE          /* finished, and a time limit cut a suite
                              * short (none failed) */
} sk_run_status_t;

/* Parameters of the calibration instance (doc/engine.md). */
typedef struct sk_calib {
  double a;      /* seconds at m = 0 */
  double b;      /* seconds per unit of m */
  double c;      /* seconds added from m >= m0 on */
  long m0;       /* where the step is */
} sk_calib_t;

/* How a suite's repetitions were started together; method NULL: not
 * recorded (patterns without synchronization). */
typedef struct sk_sync_info {
  const char *method;            /* "barrier", "window" (static) */
  double window;                 /* s, window sync */
  const char *window_source;     /* "Window_Size" or "pilot" (static) */
  const char *clock_sync;        /* "Offset", "Linear", "HCA"; NULL for
                                  * barrier sync (static) */
  long fit_points;               /* points of each fit (1: offset only) */
  long exchanges;                /* ping-pongs per fit point */
  long rounds;                   /* sequential rounds of exchanges */
  double cost;                   /* s the clock sync took */
  double max_rtt;                /* largest min round trip used */
  double max_slope;              /* largest |drift| of a model */
} sk_sync_info_t;

/* The topology a neighbourhood collective's suite ran on (the suite's
 * communicator as MPI made it); kind NULL: none. */
typedef struct sk_topo_info {
  const char *kind;              /* "cartesian", "ring", "random_regular"
                                  * (static) */
  int ndims;                     /* cartesian: dimensions */
  int dims[3];                   /* cartesian: processes along each */
  long degree;                   /* random_regular: k */
  long seed;                     /* random_regular: Neighbor_Seed */
  int sources, destinations;     /* neighbours of every process */
} sk_topo_info_t;

/* Where a ping-pong suite's pair ran (doc/output-format.md,
 * `pair_placement`); selection NULL: not a pair suite.  Hosts are
 * borrowed from the node map; the rest -1 where the map is not known. */
typedef struct sk_pair_place {
  const char *selection;         /* the key Pair: "Max_Latency",
                                  * "Inter_Node", ..., "Ranks" (static) */
  const char *hosts[2];          /* of pair[0], pair[1], or NULL */
  long nodes[2];                 /* their nodes in the map, or -1 */
  long shm[2];                   /* their shared-memory domains, or -1 */
  int same_node;                 /* 1, 0, -1 unknown */
  int same_socket;               /* 1, 0, -1 unknown (lib/nodemap.h) */
} sk_pair_place_t;

/* How a suite of concurrent pairs placed them (`pairs_placement`);
 * selection NULL: not such a suite. */
typedef struct sk_pairs_info {
  const char *selection;         /* the key Pairs_Placement (static) */
  long most;                     /* the most processes it could place */
  long nodes[2];                 /* node A, node B (-1: none, unknown) */
  const char *hosts[2];          /* their host names (borrowed), or NULL */
} sk_pairs_info_t;

typedef struct sk_suite_result {
  const sk_suite_t *suite;       /* borrowed from the plan */
  sk_suite_status_t status;
  char *message;                 /* why, when not complete; or NULL */
  sk_fault_found_t fault;        /* status library_fault: the finding */
  const char *timing;            /* "round_trip", "max_local", ... */
  int pair[2];                   /* ping-pong pair, or -1 -1 */
  double pair_latency;           /* round trip that chose it, or NaN */
  sk_pair_place_t pair_place;    /* where it ran */
  sk_pairs_info_t pairs_place;   /* concurrent pairs: their placement */
  int has_calib;
  sk_calib_t calib;
  const char *rate_unit;         /* unit of the points' rate, or NULL */
  sk_sync_info_t sync;
  const char *cache_mode;        /* "warm", "cold" (static), or NULL */
  long cache_size;               /* cold: bytes written over */
  const char *cache_source;      /* cold: "Cache_Size" or "sysfs" */
  double elapsed;
  double setup_time;             /* s of its setup on rank 0 (datatypes,
                                  * buffers, pair, clock sync,
                                  * communicators); 0: not measured */
  const char *refine_stop;       /* sk_refine_stop_name(), or NULL */
  double refine_worst;           /* largest segment error left */
  sk_point_t *points;
  size_t npoints, cap;
  sk_topo_info_t topology;       /* neighbourhood collectives */
  char **notes;                  /* things the reader must know */
  size_t nnotes, capnotes;
  /* rank 0: the time this suite may take, the smaller of Time_Suite and
   * its share of Time_Run (src/engine/budget.h); < 0: none */
  double limit;
  const char *limit_by;          /* which: "Time_Suite", "share of
                                  * Time_Run" (a suite measured on its
                                  * own), "Time_Run" (interleaved points:
                                  * the run's budget); static, or NULL */
  long *unmeasured;              /* a suite cut short: the arguments of
                                  * its grid left unmeasured (owned) */
  size_t nunmeasured;
  int unmeasured_refinement;     /* ... and the refinement after them */
  long barrier_reps;             /* Root_Barrier: repetitions shorter than
                                  * the barrier estimate (invalid) */
  long barrier_points;           /* points that had some */
  long barrier_lost;             /* points that lost their value */
  sk_noise_t noise;              /* the machine's noise over the suite
                                  * (measured 0: not judged) */
} sk_suite_result_t;

typedef struct sk_factors {
  char *mpi_library;
  char *mpi_version;
  int processes;
  char **hosts;                  /* processes entries */
  char **affinity;               /* processes entries */
  const char *compiler;          /* static (config.h) */
  const char *cflags;            /* static (config.h) */
  const char *timer;             /* static: "MPI_Wtime" */
  double timer_resolution;
  double timer_frequency;        /* RDTSCP: calibrated ticks/s, else 0 */
  double timer_overhead;
  double mpi_init_time;     /* s MPI_Init took, the largest of any
                             * process; NaN: not known */
  double *mpi_init_times;   /* each process's, processes entries (rank
                             * order), or NULL: not known */
  const char *mpi_thread_requested;  /* static: the level MPI_Init(_thread)
                                      * was asked, or NULL: not known */
  const char *mpi_thread_level;      /* static: the level every process
                                      * has (the least), or NULL */
  long buffer_alignment;         /* message buffers start at a multiple */
  char **env;                    /* "NAME=VALUE", sorted */
  size_t nenv;
  const char *batch_system;      /* static: "slurm", ...; NULL: none */
  char **batch;                  /* its factors, "KEY=VALUE" in the
                                  * order of src/engine/sysinfo.c */
  size_t nbatch;
  char *governor;                /* cpu0's cpufreq governor, or NULL */
  double cpu_frequency;          /* cpu0's current frequency, Hz, or 0 */
  int pinned;                    /* every process bound to one CPU */
  int shuffle;                   /* --shuffle given */
  unsigned long long shuffle_seed;
  const char *grid_from;         /* --grid-from FILE (borrowed), or NULL */
  char *warning;                 /* about the run's conditions, or NULL */
} sk_factors_t;

typedef struct sk_result {
  const sk_plan_t *plan;         /* borrowed */
  char sha256[65];               /* of the suite file; "" if unreadable */
  sk_run_status_t status;
  char start_time[32];           /* ISO 8601 UTC */
  char end_time[32];             /* "" while running */
  double wall_time;
  sk_factors_t factors;
  const sk_resume_t *kept;       /* borrowed: suites of an earlier run
                                    written first, or NULL */
  const struct sk_nodemap *nodes;   /* borrowed: the node map, or NULL */
  sk_suite_result_t *suites;     /* this run's, in the order measured */
  size_t nsuites;
  sk_noise_t noise;              /* the run's verdict (measured 0: none
                                  * yet) */
  sk_limits_t limits;            /* @LIMITS (measured 0: none) */
  char *stop;                    /* why the run stopped before measuring
                                  * everything (Time_Run), or NULL */
} sk_result_t;

/* A result for plan with one (empty, status failed) entry per suite
 * reserved; nsuites counts the entries written so far. */
sk_result_t *sk_result_new(const sk_plan_t *plan);
void sk_result_free(sk_result_t *r);

/* Frees what s holds (its points, message, notes) and zeroes it. */
void sk_result_free_suite(sk_suite_result_t *s);

/* Appends a copy of p (its node_times, raw, pairs and rtl copied too)
 * to s; a point without a value (SK_POINT_HAS_VALUE) also adds the note
 * "no value at argument A: 0 valid repetitions (N invalid)". */
int sk_result_add_point(sk_suite_result_t *s, const sk_point_t *p);
/* Adds a note (copied) to s. */
int sk_result_add_note(sk_suite_result_t *s, const char *note);
/* The arguments left unmeasured of s (copied). */
int sk_result_set_unmeasured(sk_suite_result_t *s, const long *args,
                             size_t n, int refinement);
/* Sets s->message to a copy of msg. */
int sk_result_set_message(sk_suite_result_t *s, const char *msg);

/* Writes r to path, an output of kind RUN that is none of the inputs
 * in (lib/outfile.h), through a temporary file beside it that replaces
 * it when complete.  on_tmp, when not NULL, is told the temporary's name
 * once it exists and NULL before it is renamed (a signal handler removes
 * it).  -1 with the sentence in why. */
int sk_result_write(const sk_result_t *r, const char *path,
                    const sk_outfile_inputs_t *in,
                    void (*on_tmp)(const char *tmp), char *why,
                    size_t whylen);

/* The text of the result file on fp, as sk_result_write() writes it
 * (the whole document, its end marker last); of the run's `run:` mapping
 * alone ("run:\n  status: ..."); of one suite as the one item of
 * "suites:\n- name: ..." (suite k of r); of the run's `noise` mapping alone (nothing
 * before the run's noise is judged at its end).  The pieces are the same bytes the whole
 * document holds (libyaml lays a top-level key out alike wherever it
 * stands), which is what src/engine/resultfile.c appends and patches.
 * -1 when the emitter or fp failed. */
int sk_result_text(FILE *fp, const sk_result_t *r);
int sk_result_text_run(FILE *fp, const sk_result_t *r);
int sk_result_text_suite(FILE *fp, const sk_result_t *r, size_t k);
int sk_result_text_noise(FILE *fp, const sk_result_t *r);

const char *sk_suite_status_name(sk_suite_status_t s);
const char *sk_run_status_name(sk_run_status_t s);

#endif
