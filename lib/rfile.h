/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfile.h -- a skampi result file in memory, as skampi-report,
 * skampi-merge and skampi-db import need it.
 *
 * rfile_load.c fills these structures from the YAML of
 * doc/output-format.md; every other file only reads them.  A result owns every string
 * and array it points to; sk_rfile_free() releases it all.  Keys the
 * reader does not know are ignored (the format allows new keys).
 */
#ifndef SK_RFILE_H
#define SK_RFILE_H

#include <stddef.h>

#include "suitekey.h"

/* A key and its value as text, in file order. */
typedef struct sk_rfile_kv {
  char *key;
  char *value;
} sk_rfile_kv_t;

/* What a suite varied: from argument_name. */
typedef enum {
  SK_RESULT_ARG_NONE,
  SK_RESULT_ARG_LENGTH,     /* bytes */
  SK_RESULT_ARG_NODES,      /* processes */
  SK_RESULT_ARG_CHUNKS      /* chunks */
} sk_rfile_arg_t;

#define SK_RFILE_MODES 8

typedef struct sk_rfile_point {
  double argument;
  double bytes;            /* bytes one timed repetition moves, for
                            * bandwidth: sk_collbw_point_bytes(), NaN
                            * when unknown */
  double mean;             /* seconds */
  double se;               /* `stderr` in the file: standard error, s */
  double q1, q3;           /* quartiles of the repetitions, s; NaN: none */
  double median;           /* s; NaN: none */
  /* a merged point: the confidence interval of the median over runs
   * (`ci: {low, high, coverage}`) and the runs; NaN / -1 when absent */
  double ci_low, ci_high, ci_coverage;
  long runs;
  /* `modes`: the groups of a multi-modal point, at most SK_RFILE_MODES
   * kept: modes[2 i] the location (s), modes[2 i + 1] the share of
   * group i; NULL and nmodes 0 when absent (most points: kept apart, so
   * a large file's points stay small) */
  double *modes;
  size_t nmodes;
  long mode_count;         /* how many modes: the list's length, or a
                            * merged point's `modes: N`; -1 absent */
  long repetitions;        /* -1 when absent */
  int novalue;             /* `valid: 0`: no repetition was valid, the
                            * statistics are NaN */
  int unresolved;          /* 1 only when the file says `resolved: false`:
                            * the times are the timer's reading, an upper
                            * bound, with no bandwidth (lib/collbw.h);
                            * beside novalue, in what was its padding, so
                            * that a point stays as small as it was */
  long cut;                /* repetitions the outlier filter left out;
                            * -1 when absent */
  int eps_met;             /* 0 only when the file says false */
  int refined;             /* 1 only when the file says true */
  /* beyond the SKaMPI patterns (report/beyond.c) */
  double rate;             /* `rate` in the suite's rate_unit; NaN: none */
  long processes;          /* -1 when absent */
  double *node_times;      /* nnode entries (OL_i for Bcast_OL), or NULL */
  size_t nnode;
  /* the rest of the statistics (skampi-db keeps every one); NaN, -1 or
   * NULL when the file does not have them */
  double min, max;         /* s */
  double *raw;             /* the raw samples (Raw_Samples = yes) */
  size_t nraw;
  double *run_medians, *run_means;   /* a merged point's per-run values */
  size_t nrun_medians, nrun_means;
  /* what nonblocking overlap and persistent points record beside their
   * time; NULL for every other point (kept apart, so that a large
   * file's points stay small): read it with sk_rfile_extras() */
  struct sk_rfile_extras *extra;
  /* the percentiles of a suite with Percentiles = yes; NULL for the
   * others (kept apart likewise): read them with sk_rfile_tail() */
  struct sk_rfile_tail *tail;
} sk_rfile_point_t;

/* A point's percentiles: p[k] is P50, P90, P99, P99.9 (s; the keys
 * sk_rfile_tail_key(k)); of a merged point, the median over the runs
 * with its interval lo[k] .. hi[k] (`pNN_ci: {low, high, coverage}`);
 * NaN: absent. */
#define SK_RFILE_TAIL_N 4
typedef struct sk_rfile_tail {
  double p[SK_RFILE_TAIL_N];
  double lo[SK_RFILE_TAIL_N], hi[SK_RFILE_TAIL_N];
  double coverage[SK_RFILE_TAIL_N];
} sk_rfile_tail_t;

/* "p50", "p90", "p99", "p999" for k = 0 .. 3; NULL beyond. */
const char *sk_rfile_tail_key(int k);

/* The point's percentiles, or ones that are all NaN when it has none. */
const sk_rfile_tail_t *sk_rfile_tail(const sk_rfile_point_t *p);

/* A point's `overlap` map (pure, with_computation, computation,
 * percent, test_calls), `persistent` map (init_time, free_time) and
 * `destinations` map (min, median, max, slowest); NaN (-1 for
 * ovl_tests and dest_slowest): absent. */
typedef struct sk_rfile_extras {
  double ovl_pure, ovl_with, ovl_cpu, ovl_percent;
  double init_time, free_time;
  /* a Bcast_OL point's map `destinations`: the spread of OL_i over the
   * destinations i (s) and the rank of the slowest; NaN and -1: absent */
  double dest_min, dest_median, dest_max;
  long dest_slowest;
  long ovl_tests;
} sk_rfile_extras_t;

/* The point's extras, or extras that are all NaN when it has none. */
const sk_rfile_extras_t *sk_rfile_extras(const sk_rfile_point_t *p);

typedef struct sk_rfile_suite {
  char *name;
  long type;               /* the suite key Type, -1 when absent */
  char *instance;          /* "" when absent, like every string here */
  char *pattern;
  char *status;            /* complete | failed | incomplete | crashed
                            * (timed_out, as older files say, is read as
                            * incomplete) */
  char *message;
  sk_rfile_kv_t *params;  /* the resolved suite keys */
  size_t nparams;
  sk_rfile_arg_t arg;
  long pair[2];            /* ping-pong pair, -1 -1 when absent */
  /* pair_placement (read leniently: it labels the report's pages):
   * selection as an identifier ([A-Za-z_], "" when absent), inter 1
   * for inter_node, 0 for intra_node, -1 unknown; same_socket 1, 0, -1;
   * the two host names, NULL when absent */
  char pair_selection[16];
  int pair_inter, pair_socket;
  char *pair_hosts[2];
  char pairs_selection[16];   /* pairs_placement.selection, or "" */
  char *rate_unit;         /* "B/s", "1/s"; NULL when absent */
  int two_way;             /* timing round_trip or exchange: a timed unit
                            * carries the message twice */
  char timing[32];         /* `timing` when it is an identifier
                            * ([a-z_]), else "" */
  char sync[16];           /* synchronization.method likewise */
  double sync_window;      /* synchronization.window, s; NaN: none */
  double elapsed;          /* seconds, negative when absent */
  /* `clipped` (Memory_Fit = Clip lowered the length on the run's
   * processes): the key ("End_Argument", "Default_Message_length"), the
   * length asked and the one measured up to, and the limit ("memory",
   * "displacements"); clip_asked -1 when absent.  Read leniently: only
   * a label of the report. */
  char clip_key[32];
  char clip_limit[16];
  long clip_asked, clip_largest;
  sk_rfile_point_t *points;   /* sorted by argument */
  size_t npoints;
  int line;                /* where the suite starts in the file */
  /* the machine's noise over the suite (`noise`): the verdict, one of
   * lib/noise.h's words, and its evidence joined with "; "; NULL when
   * absent (or not one of the words); its degree, "worst rank 24% CPU"
   * from noise.cpu_share (sk_noise_degree()), NULL when unknown */
  char *noise_verdict, *noise_evidence, *noise_degree;
  /* `unmeasured`: the arguments a time limit left unmeasured, joined,
   * and how many (-1: absent) */
  char *unmeasured;
  long nunmeasured;
} sk_rfile_suite_t;

/* One run a merged file merged (merged.files). */
typedef struct sk_rfile_member {
  char *sha256;            /* its file's SHA-256 (64 hex digits); NULL
                            * when absent, null or not a digest */
  char *path;              /* "" when absent */
} sk_rfile_member_t;

typedef struct sk_result {
  char *path;              /* as given on the command line */
  long schema_version;
  char *skampi_version;
  char *suite_file;        /* suite_file.path */
  sk_rfile_kv_t *meta;    /* the free-text preamble (MACHINE, ...) */
  size_t nmeta;
  char *run_status;
  char *start_time;
  char *end_time;
  double wall_time;        /* negative when absent */
  /* Factors as text: a list is joined with ", " (runs of one value as
   * "v ×3"), a mapping becomes one entry per key named "map.key". */
  sk_rfile_kv_t *factors;
  size_t nfactors;
  char **hosts;            /* factors.hosts: one name per rank, or NULL */
  size_t nhosts;
  struct sk_nodemap *nodemap;   /* node_map (lib/nodemap.h), or NULL */
  sk_rfile_suite_t *suites;
  size_t nsuites;
  char *suite_sha256;      /* suite_file.sha256; NULL when absent, null */
  int merged;              /* a merged file (it has 'merged') */
  /* the run's noise (`noise`), as a suite's; NULL when absent */
  char *noise_verdict, *noise_evidence, *noise_degree;
  char *run_stop;          /* run.stop: why the run stopped early */
  sk_rfile_member_t *members;   /* merged.files, in order */
  size_t nmembers;
} sk_rfile_t;

void sk_rfile_free(sk_rfile_t *r);
/* Frees what one suite owns (strings, parameters, points), not the suite
 * itself: for a reader of single suites (rfile_load.h). */
void sk_rfile_suite_free(sk_rfile_suite_t *s);
/* Frees what one point owns (its arrays), not the point itself: for a
 * reader that drops points from a loaded file. */
void sk_rfile_point_free(sk_rfile_point_t *p);

/* Look-ups; NULL when absent.  The returned pointers are borrowed. */
const char *sk_rfile_meta(const sk_rfile_t *r, const char *key);
const char *sk_rfile_factor(const sk_rfile_t *r, const char *key);
const char *sk_rfile_param(const sk_rfile_suite_t *s, const char *key);
/* The suite key KEY as the suite's parameters record it (by its name in
 * lib/keys.def); NULL when absent. */
const char *sk_rfile_key(const sk_rfile_suite_t *s, sk_key_id_t key);
const sk_rfile_suite_t *sk_rfile_find(const sk_rfile_t *r,
                                        const char *name);

/* A suite that gets a plot against its argument: varied and with data. */
int sk_rfile_plottable(const sk_rfile_suite_t *s);
/* A suite measured at one point without a variation, and with data. */
int sk_rfile_single(const sk_rfile_suite_t *s);

/* The first line of the MPI library string, shortened to its name and
 * version ("MPICH 4.0.2", "Open MPI v4.1.4"); "" when not recorded. */
char *sk_rfile_mpi_short(const sk_rfile_t *r);

/* Name of a variation for titles and axis labels. */
const char *sk_rfile_arg_name(sk_rfile_arg_t a);  /* "Length", ... */

#endif
