/*
 * collbw.c -- the payload table of the collective operations (collbw.h).
 *
 * One row per instance that moves data among processes.  n is `length`
 * as doc/engine.md defines it per operation; P the processes of the
 * point.  Columns: payload of rank 0, of rank P-1 and of the ranks in
 * between, each as n (c0 + cp P).  Why each row is what it is:
 *
 *   Bcast: the root's n leave it once; everyone else gets n.
 *   Reduce: every non-root's vector n leaves it; the root's result n
 *     comes from the others.  Allreduce (and Reduce+Bcast): both, 2n.
 *   Scan: rank r gets a result from ranks below it (not rank 0) and its
 *     vector is needed above it (not rank P-1): n at the ends, 2n between.
 *   Reduce_scatter: (P-1)/P of the vector goes to the others, n/P of
 *     result comes back: n.
 *   Alltoall(v): (P-1) blocks out, (P-1) in: 2(P-1)n.
 *   Allgather(v): n out, (P-1)n in: Pn.
 *   Gather(v) and the hand-written gathers: the root gets (P-1)n, every
 *     other process sends n.  Scatter(v) and Scatterv by Send/Recv:
 *     mirrored.  The v-variants count their Equal distribution (shares
 *     of n); with Increasing the shares, not the total, differ.
 *   The broadcast methods 65-69 time one broadcast of n: as Bcast.
 *   memcpy: every process copies n bytes (memory, not the network), and
 *     counts from one process on.
 */
#include "collbw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct sk_collbw_row {
  long type;
  const char *instance;
  double first[2], last[2], middle[2];   /* c0, cp */
  long min_procs;
  const char *rule;
} sk_collbw_row_t;

#define SK_CB_ONE {1, 0}
#define SK_CB_TWO {2, 0}
#define SK_CB_PM1 {-1, 1}
#define SK_CB_A2A {-2, 2}
#define SK_CB_P {0, 1}

static const sk_collbw_row_t sk_collbw_table[] = {
  {18, "MPI_Bcast", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2, "n | n | n"},
  {20, "MPI_Reduce", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2, "n | n | n"},
  {21, "MPI_Alltoall", SK_CB_A2A, SK_CB_A2A, SK_CB_A2A, 2,
   "2(P-1)n | 2(P-1)n | 2(P-1)n"},
  {22, "MPI_Scan", SK_CB_ONE, SK_CB_ONE, SK_CB_TWO, 2, "n | n | 2n"},
  {24, "memcpy", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 1, "n | n | n"},
  {33, "MPI_Gather", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {35, "MPI_Scatter", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {36, "MPI_Allreduce", SK_CB_TWO, SK_CB_TWO, SK_CB_TWO, 2, "2n | 2n | 2n"},
  {37, "Reduce_Bcast", SK_CB_TWO, SK_CB_TWO, SK_CB_TWO, 2, "2n | 2n | 2n"},
  {38, "MPI_Reduce_scatter", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2,
   "n | n | n"},
  {39, "MPI_Allgather", SK_CB_P, SK_CB_P, SK_CB_P, 2, "Pn | Pn | Pn"},
  {40, "MPI_Scatterv", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {41, "MPI_Gatherv", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {42, "MPI_Allgatherv", SK_CB_P, SK_CB_P, SK_CB_P, 2, "Pn | Pn | Pn"},
  {43, "MPI_Alltoallv", SK_CB_A2A, SK_CB_A2A, SK_CB_A2A, 2,
   "2(P-1)n | 2(P-1)n | 2(P-1)n"},
  {44, "Gather_Send_Recv", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {45, "Scatterv_Send_Recv", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {46, "Gatherv_Send_Recv", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {47, "Gather_Isend_Irecv_Waitall", SK_CB_PM1, SK_CB_ONE, SK_CB_ONE, 2,
   "(P-1)n | n | n"},
  {65, "Bcast_Send_Latency", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2,
   "n | n | n"},
  {66, "Bcast_Rounds", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2, "n | n | n"},
  {67, "Bcast_Barrier", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2, "n | n | n"},
  {68, "Bcast_Ack", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2, "n | n | n"},
  {69, "Bcast_OL", SK_CB_ONE, SK_CB_ONE, SK_CB_ONE, 2, "n | n | n"},
};

static const sk_collbw_row_t *sk_collbw_row(const sk_rfile_suite_t *s)
{
  size_t i, n = sizeof sk_collbw_table / sizeof *sk_collbw_table;
  for (i = 0; i < n; i++)
    if (s->type >= 0 ? s->type == sk_collbw_table[i].type
                     : strcmp(s->instance, sk_collbw_table[i].instance) == 0)
      return &sk_collbw_table[i];
  return NULL;
}

int sk_collbw_known(const sk_rfile_suite_t *s)
{
  return sk_collbw_row(s) != NULL;
}

const char *sk_collbw_rule(const sk_rfile_suite_t *s)
{
  const sk_collbw_row_t *row = sk_collbw_row(s);
  return row ? row->rule : "";
}

double sk_collbw_rank_bytes(const sk_rfile_suite_t *s, long procs,
                            long rank, double n)
{
  const sk_collbw_row_t *row = sk_collbw_row(s);
  const double *c;
  if (!row || procs < row->min_procs || rank < 0 || rank >= procs ||
      !isfinite(n) || n < 0)
    return NAN;
  c = rank == 0 ? row->first : rank == procs - 1 ? row->last : row->middle;
  return n * (c[0] + c[1] * (double)procs);
}

double sk_collbw_process_bytes(const sk_rfile_suite_t *s, long procs,
                               double n)
{
  double sum = 0;
  long r;
  for (r = 0; r < procs; r++)
    sum += sk_collbw_rank_bytes(s, procs, r, n);
  return procs > 0 ? sum / (double)procs : NAN;
}

double sk_collbw_host_bytes(const sk_rfile_suite_t *s, long procs,
                            double n, char *const *hosts, size_t nhosts,
                            const char *host)
{
  double sum = 0;
  long r;
  if (procs < 1 || !hosts || (size_t)procs > nhosts)
    return NAN;
  for (r = 0; r < procs; r++)
    if (strcmp(hosts[r], host) == 0)
      sum += sk_collbw_rank_bytes(s, procs, r, n);
  return sum;
}

int sk_collbw_point(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                    const sk_rfile_point_t *p, long *procs, double *n)
{
  const char *len = sk_rfile_param(s, "Default_Message_length");
  const char *np = sk_rfile_factor(r, "processes");
  char *end = NULL;
  *procs = p->processes > 0 ? p->processes
           : s->arg == SK_RESULT_ARG_NODES ? (long)p->argument
           : np ? strtol(np, &end, 10) : -1;
  if (end && (end == np || *end))
    *procs = -1;
  if (s->arg == SK_RESULT_ARG_LENGTH)
    *n = p->argument;
  else {
    end = NULL;
    *n = len ? strtod(len, &end) : NAN;
    if (!len || end == len || *end)
      *n = NAN;
  }
  return *procs >= 1 && isfinite(*n) && *n >= 0 ? 0 : -1;
}
