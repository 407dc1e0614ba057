/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * noise.h -- how noisy the machine was while a run measured, and what
 * that did to its numbers: the verdict quiet, noisy or oversubscribed
 * with its evidence (doc/engine.md, "The machine's noise").  No MPI and
 * no system calls here: src/engine/probe.c reads the machine, this
 * module judges what it read.
 *
 * The evidence of a span of time (a suite, or the whole run):
 *
 *   - per rank, its wall time, the CPU time of its measuring thread and
 *     its involuntary context switches over the span (getrusage).  A
 *     rank that busy-polls (MPICH, Open MPI) and got much less CPU than
 *     wall time while it was switched out against its will waited for
 *     someone else's time slice;
 *   - per host, the 1-minute load average and the tasks runnable
 *     (/proc/loadavg) at the start and at the end of the span, and its
 *     online CPUs;
 *   - per point, the repetitions that took one scheduler quantum
 *     (SK_NOISE_QUANTUM) or more above the point's median: a repetition
 *     that waited for another task's time slice;
 *   - once per run, the placement: whether every rank of a host can
 *     have a CPU of its own within the affinity masks (and the CPUs
 *     online), which decides `oversubscribed`.
 *
 * The rules, each stated where it is applied in noise.c:
 *   oversubscribed  the placement test fails on some host;
 *   noisy           a rank had CPU time below SK_NOISE_CPU_SHARE of its
 *                   wall time with at least SK_NOISE_SWITCH_RATE
 *                   involuntary switches per second; or more than
 *                   SK_NOISE_DELAYED_SHARE of the repetitions (and at
 *                   least SK_NOISE_DELAYED_MIN) were delayed by a
 *                   quantum; or a host had more runnable tasks than
 *                   CPUs both at the start and at the end;
 *   quiet           none of these.
 * The order of the verdicts is their severity: a run is as bad as its
 * worst suite.
 */
#ifndef SK_NOISE_H
#define SK_NOISE_H

#include <stddef.h>

/* The shortest delay a repetition shows when the scheduler ran another
 * task in its place: Linux's base time slice is 0.75 ms and more with
 * more CPUs (3 ms on 8), a timer tick 1 to 4 ms; 1 ms is below both and
 * far above what a quiet machine's interrupts cost (microseconds). */
#define SK_NOISE_QUANTUM 1e-3
/* Thresholds of the verdict `noisy` (noise.c says why each). */
#define SK_NOISE_CPU_SHARE 0.75
#define SK_NOISE_SWITCH_RATE 10.0
#define SK_NOISE_DELAYED_SHARE 0.01
#define SK_NOISE_DELAYED_MIN 5

typedef enum {
  SK_NOISE_QUIET,
  SK_NOISE_NOISY,
  SK_NOISE_OVERSUBSCRIBED
} sk_noise_verdict_t;

/* What one rank reads at one moment (src/engine/probe.c).  All doubles,
 * so that a gather moves them as SK_NOISE_PROBE_N of MPI_DOUBLE. */
typedef struct sk_noise_probe {
  double wall;       /* s of CLOCK_MONOTONIC */
  double cpu;        /* user + system CPU s of the measuring thread */
  double nivcsw;     /* its involuntary context switches so far */
  double load1;      /* the 1-minute load average; NaN unknown */
  double runnable;   /* tasks runnable now (/proc/loadavg); -1 unknown */
  double cpus;       /* CPUs online; 0 unknown */
} sk_noise_probe_t;
#define SK_NOISE_PROBE_N 6

/* One host in the evidence of a span. */
typedef struct sk_noise_host {
  const char *name;          /* borrowed (the run's hosts) */
  long ranks;                /* ranks on it */
  long cpus;                 /* CPUs online (0: unknown) */
  double load_start, load_end;         /* NaN: unknown */
  long runnable_start, runnable_end;   /* -1: unknown */
} sk_noise_host_t;

/* The judgement of a span: the verdict and its evidence. */
typedef struct sk_noise {
  sk_noise_verdict_t verdict;
  char **evidence;           /* sentences, the reasons of the verdict
                              * (owned); none when quiet */
  size_t nevidence, capevidence;
  long delayed;              /* repetitions >= a quantum above their
                              * point's median */
  long repetitions;          /* valid repetitions of the span's points */
  double cpu_share;          /* the lowest CPU/wall of any rank; NaN:
                              * not measured */
  int cpu_rank;              /* which rank */
  double switch_rate;        /* the highest involuntary switches per s */
  int switch_rank;
  /* per rank (the run's judgement only; NULL for a suite) */
  double *rank_cpu_share;    /* nranks entries, owned */
  double *rank_switches;     /* involuntary switches over the span */
  int nranks;
  sk_noise_host_t *hosts;    /* the run's judgement only; owned (the
                              * names borrowed) */
  size_t nhosts;
  int measured;              /* 0: nothing was judged (the span never
                              * ran); the struct is all zero then */
} sk_noise_t;

/* The run's placement: which host each rank is on, and the sentence of
 * an oversubscribed one.  Built once per run from the hosts and
 * affinity lists of the factors and the CPUs every rank saw online. */
typedef struct sk_noise_place {
  int nranks;
  int *host;                 /* nranks entries: index into names */
  const char **names;        /* borrowed: one per host, in order of its
                              * lowest rank */
  int *first;                /* the lowest rank of each host */
  long *cpus;                /* online CPUs of each host (its lowest
                              * rank's), 0 unknown */
  size_t nhosts;
  char *oversubscribed;      /* the sentence, or NULL (owned) */
} sk_noise_place_t;

/* The placement of nranks ranks: hosts[i] and affinity[i] (the factors'
 * lists, "0-3,6" or "unknown"; NULL: unknown) and cpus[i] (CPUs online,
 * 0: unknown).  On each host the ranks must be able to each have a CPU
 * of their own: a CPU of its affinity mask per rank, no two alike
 * (a matching; a truncated or unknown mask counts as every CPU online),
 * and no more ranks than CPUs online.  -1 when out of memory. */
int sk_noise_place(sk_noise_place_t *pl, int nranks, char *const *hosts,
                   char *const *affinity, const double *cpus);
void sk_noise_place_free(sk_noise_place_t *pl);

/* Judges a span: start[i] and end[i] are rank i's probes at its start
 * and end (nranks entries each); delayed and repetitions sum the span's
 * points.  per_rank: also fill the per-rank and per-host arrays (the
 * run's judgement).  -1 when out of memory (out is then empty). */
int sk_noise_judge(const sk_noise_place_t *pl, const sk_noise_probe_t *start,
                   const sk_noise_probe_t *end, long delayed,
                   long repetitions, int per_rank, sk_noise_t *out);

/* Raises *n to at least v with the sentence why (copied) added to its
 * evidence: how a run takes in its suites' verdicts.  -1 on no memory. */
int sk_noise_raise(sk_noise_t *n, sk_noise_verdict_t v, const char *why);

void sk_noise_free(sk_noise_t *n);

/* "quiet", "noisy", "oversubscribed". */
const char *sk_noise_name(sk_noise_verdict_t v);
/* The verdict named s; -1 for any other text. */
int sk_noise_parse(const char *s);

/* The evidence joined with "; " into buf (cut with "..." when it does
 * not fit); "" when there is none. */
void sk_noise_summary(const sk_noise_t *n, char *buf, size_t size);

#endif
