/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * collbw-test.c -- the payload table of lib/collbw.c row by row, and
 * the protocol switches report/model.c finds in the ping-pong curves of
 * the real runs in tests/report/real/ (no MPI; reads $top_srcdir).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collbw.h"
#include "rfile_load.h"
#include "model.h"
#include "../unit/sk_test.h"

/* The payloads of ranks 0..3 of 4 and of ranks 0, 1 of 2, in units of
 * n, as doc/report.md's table gives them. */
typedef struct {
  const char *instance;
  double p4[4], p2[2];
} want_t;

static const want_t wants[] = {
  {"MPI_Bcast", {1, 1, 1, 1}, {1, 1}},
  {"MPI_Reduce", {1, 1, 1, 1}, {1, 1}},
  {"MPI_Alltoall", {6, 6, 6, 6}, {2, 2}},
  {"MPI_Scan", {1, 2, 2, 1}, {1, 1}},
  {"memcpy", {1, 1, 1, 1}, {1, 1}},
  {"MPI_Gather", {3, 1, 1, 1}, {1, 1}},
  {"MPI_Scatter", {3, 1, 1, 1}, {1, 1}},
  {"MPI_Allreduce", {2, 2, 2, 2}, {2, 2}},
  {"Reduce_Bcast", {2, 2, 2, 2}, {2, 2}},
  {"MPI_Reduce_scatter", {1, 1, 1, 1}, {1, 1}},
  {"MPI_Allgather", {4, 4, 4, 4}, {2, 2}},
  {"MPI_Scatterv", {3, 1, 1, 1}, {1, 1}},
  {"MPI_Gatherv", {3, 1, 1, 1}, {1, 1}},
  {"MPI_Allgatherv", {4, 4, 4, 4}, {2, 2}},
  {"MPI_Alltoallv", {6, 6, 6, 6}, {2, 2}},
  {"Gather_Send_Recv", {3, 1, 1, 1}, {1, 1}},
  {"Scatterv_Send_Recv", {3, 1, 1, 1}, {1, 1}},
  {"Gatherv_Send_Recv", {3, 1, 1, 1}, {1, 1}},
  {"Gather_Isend_Irecv_Waitall", {3, 1, 1, 1}, {1, 1}},
  {"Bcast_Send_Latency", {1, 1, 1, 1}, {1, 1}},
  {"Bcast_Rounds", {1, 1, 1, 1}, {1, 1}},
  {"Bcast_Barrier", {1, 1, 1, 1}, {1, 1}},
  {"Bcast_Ack", {1, 1, 1, 1}, {1, 1}},
  {"Bcast_OL", {1, 1, 1, 1}, {1, 1}},
};

static void test_table(void)
{
  char inst[64];
  sk_rfile_suite_t s;
  size_t i;
  int r;
  memset(&s, 0, sizeof s);
  s.type = -1;                 /* found by the instance name */
  s.instance = inst;
  for (i = 0; i < sizeof wants / sizeof *wants; i++) {
    snprintf(inst, sizeof inst, "%s", wants[i].instance);
    SK_CHECK_MSG(sk_collbw_known(&s), "%s is in the table", inst);
    for (r = 0; r < 4; r++)
      SK_CHECK_MSG(sk_collbw_rank_bytes(&s, 4, r, 100) == 100 * wants[i].p4[r],
                   "%s rank %d of 4", inst, r);
    for (r = 0; r < 2; r++)
      SK_CHECK_MSG(sk_collbw_rank_bytes(&s, 2, r, 100) == 100 * wants[i].p2[r],
                   "%s rank %d of 2", inst, r);
    SK_CHECK_MSG(strcmp(inst, "memcpy") == 0
                 ? sk_collbw_rank_bytes(&s, 1, 0, 100) == 100
                 : isnan(sk_collbw_rank_bytes(&s, 1, 0, 100)),
                 "%s: 1 process", inst);
    SK_CHECK_MSG(isnan(sk_collbw_rank_bytes(&s, 4, 4, 100)),
                 "%s: rank beyond P", inst);
  }
  snprintf(inst, sizeof inst, "MPI_Barrier");
  SK_CHECK_MSG(!sk_collbw_known(&s), "MPI_Barrier moves no data");
  s.type = 33;                 /* the Type wins over the instance */
  SK_CHECK_MSG(sk_collbw_rank_bytes(&s, 4, 0, 10) == 30, "Type 33 is a gather");
  s.type = 19;
  snprintf(inst, sizeof inst, "MPI_Gather");
  SK_CHECK_MSG(!sk_collbw_known(&s), "Type 19 is a barrier");
}

/* Switches of the file's suite "pingpong". */
static long switches(const char *file, sk_fit_jump_t *j, size_t cap)
{
  const char *top = getenv("top_srcdir");
  char path[1024];
  sk_rfile_t *r = NULL;
  long n = -9;
  snprintf(path, sizeof path, "%s/tests/report/real/%s",
           top ? top : ".", file);
  if (sk_rfile_load(path, &r) == 0 && sk_rfile_find(r, "pingpong"))
    n = sk_model_curve_jumps(sk_rfile_find(r, "pingpong"), j, cap);
  sk_rfile_free(r);
  return n;
}

static void test_real_switches(void)
{
  sk_fit_jump_t j[16];
  long n = switches("mpich.yaml", j, 16);
  printf("MPICH ping-pong: %ld switches\n", n);
  SK_CHECK_MSG(n == 0, "MPICH: no switch in the noise");
  n = switches("openmpi.yaml", j, 16);
  printf("Open MPI ping-pong: %ld switches\n", n);
  SK_CHECK_MSG(n == 1 && j[0].lo == 3922 && j[0].hi == 4096 &&
               j[0].factor > 3,
               "Open MPI: the eager limit between 3922 and 4096 bytes");
}

int main(void)
{
  test_table();
  test_real_switches();
  return sk_test_result();
}
