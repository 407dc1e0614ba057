/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * accuracy.c -- make bench, part 1: is the engine's ping-pong time right?
 *
 * In one MPI job of two processes, for 8 B, 1 KiB, 64 KiB and 1 MiB, it
 * alternates `rounds` times between
 *   - the engine's point measurement of Pingpong_Send_Recv with the
 *     settings of suites/default.skampi (the very code skampi runs:
 *     sk_measure_point() over the instance, overhead subtracted, its
 *     stopping rule, Batch = 8: 8 round trips a repetition), and
 *   - a minimal reference: N round trips of MPI_Send/MPI_Recv between two
 *     timer reads, divided by N; N is the number of round trips the
 *     engine's point just made (repetitions x Batch), so both measure the
 *     same work over about the same time.
 * The reference is a plain mean of everything, so the engine is judged by
 * the plain mean of its repetitions (taken from its raw samples): like
 * with like.  The mean after the default 10% cut, which is what a suite
 * reports, is printed beside it as the cut's effect -- the cut is a
 * filter by design, not an error of the timing.  Per size it prints the
 * medians over the rounds of both times and of the per-round ratios
 * (medians keep a round that the scheduler hit from deciding the figure),
 * and one machine-readable line per size for bench.sh.
 *
 *   mpiexec -n 2 accuracy [EPS [CUT [MIN_REPETITION [rounds]]]]
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "pattern.h"

enum { MAX_ROUNDS = 101, TAG = 5 };

static int rounds = 31;

static const long sizes[] = {8, 1024, 65536, 1048576};

/* N round trips of n bytes between two timer reads, per round trip. */
static double reference(MPI_Comm comm, int rank, char *sbuf, char *rbuf,
                        long n, long trips)
{
  double t0, t1;
  long i;
  MPI_Barrier(comm);
  t0 = MPI_Wtime();
  for (i = 0; i < trips; i++) {
    if (rank == 0) {
      MPI_Send(sbuf, (int)n, MPI_BYTE, 1, TAG, comm);
      MPI_Recv(rbuf, (int)n, MPI_BYTE, 1, TAG, comm, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(rbuf, (int)n, MPI_BYTE, 0, TAG, comm, MPI_STATUS_IGNORE);
      MPI_Send(sbuf, (int)n, MPI_BYTE, 0, TAG, comm);
    }
  }
  t1 = MPI_Wtime();
  return (t1 - t0) / (double)trips;
}

/* The engine's point of n bytes: the plain mean of all its repetitions
 * (returned) and the mean after the cut (*cut_mean); *reps receives the
 * repetitions measured. */
static double engine_point(sk_pctx_t *c, sk_samples_t *s,
                           const sk_measure_cfg_t *cfg, long n, long *reps,
                           double *cut_mean)
{
  sk_pattern_rep_t rep = {&sk_inst_pp_send_recv, c};
  sk_point_t pt;
  double v[2] = {0.0, 0.0};
  long i;
  c->length = n;
  c->count = (int)n;
  c->rcvcount = (int)n;
  sk_measure_point(cfg, sk_pattern_rep_local, &rep, c->comm, s, &pt);
  if (c->rank == 0) {
    for (i = 0; i < pt.valid; i++)
      v[0] += pt.raw[i];
    v[0] /= (double)(pt.valid > 0 ? pt.valid : 1);
    v[1] = pt.mean;
    *reps = pt.valid;
  }
  MPI_Bcast(v, 2, MPI_DOUBLE, 0, c->comm);
  MPI_Bcast(reps, 1, MPI_LONG, 0, c->comm);
  *cut_mean = v[1];
  return v[0];
}

static double median(double *x, int n)
{
  int i, j;
  for (i = 1; i < n; i++)
    for (j = i; j > 0 && x[j - 1] > x[j]; j--) {
      double t = x[j];
      x[j] = x[j - 1];
      x[j - 1] = t;
    }
  return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

int main(int argc, char **argv)
{
  /* The settings of suites/default.skampi. */
  sk_measure_cfg_t cfg = {.min_rep = 100, .max_rep = 10000, .multiple_of = 1,
                          .eps = 0.01, .cut = 0.1, .point_limit = -1,
                          .suite_left = -1, .warmup = 5, .raw = 1};
  sk_samples_t s;
  sk_pctx_t c;
  double ours[MAX_ROUNDS], ref[MAX_ROUNDS], pair[MAX_ROUNDS];
  double cut[MAX_ROUNDS], cpair[MAX_ROUNDS];
  char *sbuf, *rbuf;
  int rank, size, k, r, worst = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 2) {
    if (rank == 0)
      fprintf(stderr, "accuracy: run with exactly 2 processes\n");
    MPI_Finalize();
    return 2;
  }
  if (argc > 1)
    cfg.eps = atof(argv[1]);
  if (argc > 2)
    cfg.cut = atof(argv[2]);
  if (argc > 3)
    cfg.min_rep = atol(argv[3]);
  if (argc > 4)
    rounds = atoi(argv[4]);
  if (rounds < 1 || rounds > MAX_ROUNDS)
    rounds = 31;
  cfg.tick = MPI_Wtick() / 8.0;   /* Batch = 8, as execute_setup.c scales it */
  sbuf = sk_pattern_buffer(1 << 20);   /* as the engine's buffers */
  rbuf = sk_pattern_buffer(1 << 20);
  if (sbuf == NULL || rbuf == NULL ||
      sk_samples_init(&s, (size_t)cfg.max_rep, 2) != 0)
    MPI_Abort(MPI_COMM_WORLD, 1);
  memset(&c, 0, sizeof c);
  MPI_Comm_dup(MPI_COMM_WORLD, &c.comm);
  c.rank = rank;
  c.size = 2;
  c.peer = 1 - rank;
  c.dtype = MPI_BYTE;
  c.rcvtype = MPI_BYTE;
  c.sbuf = sbuf;
  c.rbuf = rbuf;
  c.overhead = sk_pattern_overhead();
  c.batch = 8;           /* the default suite's ping-pong Batch */
  if (rank == 0)
    printf("accuracy: Pingpong_Send_Recv round trip, engine (eps %g, cut "
           "%g, min. repetitions %ld) vs reference loop, median of %d "
           "interleaved rounds\n%10s %13s %13s %8s %10s %7s\n", cfg.eps,
           cfg.cut, cfg.min_rep, rounds, "bytes", "engine [s]",
           "reference [s]", "ratio", "cut ratio", "reps");
  for (k = 0; k < (int)(sizeof sizes / sizeof sizes[0]); k++) {
    long reps = 0, trips;
    double ratio, cratio;
    for (r = 0; r < rounds; r++) {
      ours[r] = engine_point(&c, &s, &cfg, sizes[k], &reps, &cut[r]);
      /* As many round trips as the engine's point made: a loop of 1 ms
       * against a point of 0.2 s (1 MiB) met the machine in another
       * state now and then (ratios of 1.03-1.05 in some jobs). */
      trips = reps * c.batch;
      ref[r] = reference(c.comm, rank, sbuf, rbuf, sizes[k],
                         trips > 5 ? trips : 5);
    }
    /* Paired: each round's engine point against the reference loop that
     * ran right after it, so that a machine that changes speed between
     * rounds does not skew the comparison. */
    for (r = 0; r < rounds; r++) {
      pair[r] = ours[r] / ref[r];
      cpair[r] = cut[r] / ref[r];
    }
    ratio = median(pair, rounds);
    cratio = median(cpair, rounds);
    if (fabs(ratio - 1.0) > 0.03)
      worst = 1;
    if (rank == 0)
      printf("%10ld %13.6e %13.6e %8.4f %10.4f %7ld\n"
             "accuracy-row %ld %.6f %.6f\n", sizes[k], median(ours, rounds),
             median(ref, rounds), ratio, cratio, reps, sizes[k], ratio,
             cratio);
  }
  if (rank == 0)
    printf("accuracy: %s\n", worst ? "some ratio is off by more than 3%"
                                   : "every ratio within 3%");
  sk_samples_free(&s);
  MPI_Comm_free(&c.comm);
  free(sbuf);
  free(rbuf);
  MPI_Finalize();
  return 0;
}
