/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_layout.c -- the room messages take in memory (src/lang/layout.c) and
 * the buffers each kind of instance holds (sk_instance_need()): the one
 * count the checker and the engine share.  Extents of structured base
 * types with gaps, of patterns over them, and Max_Value as the longest
 * message that exactly fits.
 */
#include <config.h>

#include <stdint.h>

#include "instance.h"
#include "layout.h"
#include "sk_test.h"

static sk_basetype_field_t f_dc[] = {{1, 0, "MPI_DOUBLE"},
                                     {1, 8, "MPI_CHAR"}};
static sk_basetype_field_t f_lead[] = {{2, 4, "mpi_short"}};
static sk_basetype_field_t f_dii[] = {{1, 0, "MPI_DOUBLE"},
                                      {2, 12, "MPI_INT"}};
static sk_basetype_field_t f_int[] = {{1, 0, "MPI_INT"}};
static sk_basetype_field_t f_bad[] = {{1, 0, "MPI_QUAD"}};
static sk_basetype_t b_dc = {1, {0, 0}, f_dc, 2, 0, 0};
static sk_basetype_t b_lead = {2, {0, 0}, f_lead, 1, 0, 0};
static sk_basetype_t b_dii = {3, {0, 0}, f_dii, 2, 0, 0};
static sk_basetype_t b_int = {4, {0, 0}, f_int, 1, 0, 0};
static sk_basetype_t b_bad = {5, {0, 0}, f_bad, 1, 0, 0};

static void test_base(void)
{
  long size, extent;
  SK_CHECK_INT(sk_layout_base(NULL, &size, &extent), 0);
  SK_CHECK_INT(size, 1);
  SK_CHECK_INT(extent, 1);
  SK_CHECK_INT(sk_layout_base(&b_int, &size, &extent), 0);
  SK_CHECK_INT(size, sizeof(int));
  SK_CHECK_INT(extent, sizeof(int));
  /* a double and a char: 9 bytes of data, padded to the double's 8 */
  SK_CHECK_INT(sk_layout_base(&b_dc, &size, &extent), 0);
  SK_CHECK_INT(size, 9);
  SK_CHECK_INT(extent, 16);
  /* a gap before the first block counts: the offsets start at 0 */
  SK_CHECK_INT(sk_layout_base(&b_lead, &size, &extent), 0);
  SK_CHECK_INT(size, 4);
  SK_CHECK_INT(extent, 8);
  SK_CHECK_INT(sk_layout_base(&b_dii, &size, &extent), 0);
  SK_CHECK_INT(size, 16);
  SK_CHECK_INT(extent, 24);
  SK_CHECK_INT(sk_layout_base(&b_bad, &size, &extent), -1);
}

static void test_patterns(void)
{
  sk_layout_t l;
  long sc, rc;
  SK_CHECK_INT(sk_layout_init(&l, &b_dc, 999, 0), -1);
  SK_CHECK_INT(sk_layout_init(&l, &b_bad, 0, 0), -1);
  SK_CHECK_INT(sk_layout_init(&l, &b_dc, 0, 0), 0);
  SK_CHECK_INT(l.per_elem, 1);
  SK_CHECK_INT(sk_layout_elements(&l, 100), 11);
  SK_CHECK_INT(sk_layout_span(&l, 100), 176);
  SK_CHECK_NEAR(sk_layout_width(&l), 16.0 / 9.0, 1e-12);
  /* 56 sends 8 elements in 24 extents, received one by one */
  SK_CHECK_INT(sk_layout_init(&l, &b_dc, 56, 0), 0);
  SK_CHECK_INT(l.per_elem, 8);
  SK_CHECK_INT(l.send_extent, 24 * 16);
  SK_CHECK_INT(l.recv_extent, 16);
  sk_layout_counts(&l, 1000, &sc, &rc);
  SK_CHECK_INT(sc, 13);          /* 1000 / 72 whole units */
  SK_CHECK_INT(rc, 104);
  SK_CHECK_INT(sk_layout_span(&l, 1000), 13 * 384);
  /* 13 units in 3 partitions: 4 units each, one left out */
  sk_layout_partition(&l, 1000, 3, &sc, &rc);
  SK_CHECK_INT(sc, 4);
  SK_CHECK_INT(rc, 32);
  sk_layout_partition(&l, 1000, 20, &sc, &rc);   /* fewer units: empty */
  SK_CHECK_INT(sc, 0);
  SK_CHECK_INT(rc, 0);
  SK_CHECK_NEAR(sk_layout_width(&l), 384.0 / 72.0, 1e-12);
  /* bytes: the span is at least the length */
  SK_CHECK_INT(sk_layout_init(&l, NULL, 0, 0), 0);
  SK_CHECK_INT(sk_layout_span(&l, 5), 5);
  SK_CHECK_INT(sk_layout_init(&l, NULL, 50, 57), 0);
  SK_CHECK_INT(sk_layout_span(&l, 7), 7);        /* no whole unit */
  SK_CHECK_INT(sk_layout_span(&l, 64), 8 * 16);  /* 57 is wider than 50 */
}

static size_t need(const char *name, long span, int p, size_t *s, size_t *r)
{
  return sk_instance_need(sk_instance_by_name(name), span, p, 1, s, r);
}

static void test_need(void)
{
  size_t s, r;
  SK_CHECK_INT(need("Pingpong_Send_Recv", 100, 4, &s, &r), 200);
  SK_CHECK_INT(need("MPI_Alltoall", 100, 4, &s, &r), 800);
  SK_CHECK_INT(need("MPI_Gather", 100, 4, &s, &r), 500);
  SK_CHECK_INT(r, 400);
  SK_CHECK_INT(need("MPI_Scatter", 100, 4, &s, &r), 500);
  SK_CHECK_INT(s, 400);
  SK_CHECK_INT(need("MPI_Bcast", 100, 4, &s, &r), 200);
  SK_CHECK_INT(need("MPI_Barrier", 100, 4, &s, &r), 0);
  /* the broadcast methods receive apart, in the receive pattern */
  SK_CHECK_INT(need("Bcast_Rounds", 100, 4, &s, &r), 200);
  SK_CHECK_INT(need("Bandwidth_Bidirectional", 100, 2, &s, &r),
               100 + 100 * SK_INSTANCE_WINDOW);
  SK_CHECK_INT(need("MPI_Buffer_attach", 100, 2, &s, &r),
               100 + SK_INSTANCE_BSEND_OVERHEAD);
  SK_CHECK_INT(need("MW_Send", 100, 4, &s, &r), 200);
  /* a window of receives in flight, each in its own slot */
  SK_CHECK_INT(sk_instance_slots(sk_instance_by_name(
                   "Multipair_Message_Rate"), 3, 64), 64);
  SK_CHECK_INT(sk_instance_slots(sk_instance_by_name("Pingpong_Send_Recv"),
                                 3, 64), 1);
  SK_CHECK_INT(sk_instance_need(sk_instance_by_name("Multipair_Message_Rate"),
                                100, 4, 64, &s, &r), 100 + 64 * 100);
  SK_CHECK_INT(r, 6400);
  SK_CHECK_INT(need("MPI_Alltoallv", 100, 3, &s, &r), 600);
}

/* What a process holds by its role (doc/engine.md, "Memory per
 * process"), on 4 processes, messages of 100 bytes: the root of a gather
 * or scatter P of them, every other process one; an allgather everyone
 * P; the v-variants so with equal shares, else P each way; a
 * neighbourhood collective one per neighbour of its topology. */
static size_t role_need(const char *name, int root, int degree, int equal,
                        size_t *s, size_t *r)
{
  sk_role_t role = {4, root, degree, equal, 1};
  return sk_instance_need_role(sk_instance_by_name(name), 100, &role, s, r);
}

static void test_need_role(void)
{
  static const struct {
    const char *name;
    int equal;
    long root_s, root_r, other_s, other_r;
  } t[] = {
    {"MPI_Gather", 1, 100, 400, 100, 0},
    {"Gather_Send_Recv", 1, 100, 400, 100, 0},
    {"MPI_Igather", 1, 100, 400, 100, 0},
    {"MPI_Scatter", 1, 400, 100, 0, 100},
    {"MPI_Iscatter_Overlap", 0, 400, 100, 0, 100},
    {"MPI_Allgather", 1, 100, 400, 100, 400},
    {"MPI_Gatherv", 1, 100, 400, 100, 0},
    {"MPI_Gatherv", 0, 400, 400, 400, 400},
    {"Scatterv_Send_Recv", 1, 400, 100, 0, 100},
    {"MPI_Scatterv", 0, 400, 400, 400, 400},
    {"MPI_Allgatherv", 1, 100, 400, 100, 400},
    {"MPI_Alltoallv", 1, 400, 400, 400, 400},
    {"MPI_Reduce", 1, 100, 100, 100, 100},
    {"MPI_Bcast", 1, 100, 100, 100, 100},
  };
  size_t i, s, r;
  for (i = 0; i < sizeof t / sizeof t[0]; i++) {
    role_need(t[i].name, SK_ROLE_ROOT, 0, t[i].equal, &s, &r);
    SK_CHECK_MSG(s == (size_t)t[i].root_s && r == (size_t)t[i].root_r,
                 "%s (equal %d) root: %zu and %zu", t[i].name, t[i].equal,
                 s, r);
    role_need(t[i].name, SK_ROLE_OTHER, 0, t[i].equal, &s, &r);
    SK_CHECK_MSG(s == (size_t)t[i].other_s && r == (size_t)t[i].other_r,
                 "%s (equal %d) other: %zu and %zu", t[i].name, t[i].equal,
                 s, r);
    /* ANY is the most of both, what @MEMORY holds */
    SK_CHECK_INT(role_need(t[i].name, SK_ROLE_ANY, 0, t[i].equal, &s, &r),
                 (size_t)(t[i].root_s > t[i].other_s ? t[i].root_s
                                                     : t[i].other_s) +
                 (size_t)(t[i].root_r > t[i].other_r ? t[i].root_r
                                                     : t[i].other_r));
  }
  /* neighbours: the topology's degree; not known, max(P, 6) */
  SK_CHECK_INT(role_need("MPI_Neighbor_alltoall", SK_ROLE_OTHER, 2, 1, &s,
                         &r), 400);
  SK_CHECK_INT(role_need("MPI_Neighbor_alltoall", SK_ROLE_ANY, 0, 1, &s, &r),
               1200);
  SK_CHECK_INT(sk_layout_degree(SK_TOPO_CARTESIAN, 3, 9), 6);
  SK_CHECK_INT(sk_layout_degree(SK_TOPO_CARTESIAN, 1, 9), 2);
  SK_CHECK_INT(sk_layout_degree(SK_TOPO_RING, 3, 9), 2);
  SK_CHECK_INT(sk_layout_degree(SK_TOPO_RANDOM_REGULAR, 3, 9), 9);
  /* saturated, never wrapped: 2^42 bytes on 2^31 - 1 processes */
  {
    sk_role_t big = {2147483647, SK_ROLE_ANY, 0, 0, 1};
    SK_CHECK(sk_instance_need_role(sk_instance_by_name("MPI_Alltoall"),
                                   1L << 42, &big, &s, &r) == SIZE_MAX);
  }
}

/* The Bsend instances hold a message each way and count the buffer they
 * attach: two messages with a header each, or for master-worker two
 * messages' data with a header per process. */
static void test_need_bsend(void)
{
  const sk_instance_t *pp = sk_instance_by_name("Pingpong_Bsend_Recv");
  const sk_instance_t *mw = sk_instance_by_name("MW_Bsend");
  size_t s, r;
  SK_CHECK_INT(need("Pingpong_Bsend_Recv", 100, 4, &s, &r),
               200 + 2 * (100 + SK_INSTANCE_BSEND_OVERHEAD));
  SK_CHECK_INT(s, 100);
  SK_CHECK_INT(r, 100);
  SK_CHECK_INT(sk_instance_attach(pp, 100, 4),
               2 * (100 + SK_INSTANCE_BSEND_OVERHEAD));
  SK_CHECK_INT(sk_instance_attach(pp, 100, 2),
               2 * (100 + SK_INSTANCE_BSEND_OVERHEAD));
  SK_CHECK_INT(need("MW_Bsend", 100, 4, &s, &r),
               400 + 4 * SK_INSTANCE_BSEND_OVERHEAD);
  SK_CHECK_INT(s, 100);
  SK_CHECK_INT(r, 100);
  SK_CHECK_INT(sk_instance_attach(mw, 100, 3),
               200 + 3 * SK_INSTANCE_BSEND_OVERHEAD);
  SK_CHECK_INT(sk_instance_attach(sk_instance_by_name("MW_Send"), 100, 4),
               0);
  SK_CHECK_INT(sk_instance_attach(sk_instance_by_name("MPI_Buffer_attach"),
                                  100, 2), 0);
}

/* fit is the longest length whose buffers fit in mem: exact. */
static void check_fit(const sk_layout_t *l, const char *name, long mem,
                      int p, long want)
{
  const sk_instance_t *in = sk_instance_by_name(name);
  sk_role_t any = {p, SK_ROLE_ANY, 0, 0, 1};
  long fit = sk_layout_max_length(l, in, mem, &any);
  size_t s, r;
  SK_CHECK_INT(fit, want);
  if (fit >= 0 && fit < mem) {
    SK_CHECK(sk_layout_need(l, in, fit, &any, &s, &r) <= (size_t)mem);
    SK_CHECK(sk_layout_need(l, in, fit + 1, &any, &s, &r) > (size_t)mem);
  }
}

static void test_max_length(void)
{
  sk_layout_t l;
  sk_layout_init(&l, &b_dc, 0, 0);
  check_fit(&l, "Pingpong_Send_Recv", 65536, 2, 18440);
  check_fit(&l, "MPI_Alltoall", 65536, 2, 9224);
  check_fit(&l, "MPI_Barrier", 65536, 2, 65536);
  sk_layout_init(&l, &b_dc, 56, 0);
  check_fit(&l, "Pingpong_Send_Recv", 65536, 2, 6191);
  sk_layout_init(&l, &b_lead, 0, 0);
  check_fit(&l, "Pingpong_Send_Recv", 65536, 2, 16387);
  sk_layout_init(&l, NULL, 56, 56);
  check_fit(&l, "Pingpong_Send_Recv", 8388608, 2, 1398103);
  sk_layout_init(&l, NULL, 0, 0);
  check_fit(&l, "Pingpong_Send_Recv", 65536, 2, 32768);
  check_fit(&l, "MPI_Gather", 65536, 4, 13107);
  check_fit(&l, "MPI_Buffer_attach", SK_INSTANCE_BSEND_OVERHEAD - 1, 2, -1);
  check_fit(&l, "MPI_Buffer_attach", 65536, 2,
            65536 - SK_INSTANCE_BSEND_OVERHEAD);
  /* 4m + 2H and 4m + PH bytes: 65536 holds exactly 15872 and 15360 */
  check_fit(&l, "Pingpong_Bsend_Recv", 65536, 2, 15872);
  check_fit(&l, "Pingpong_Bsend_Recv", 65536, 4, 15872);
  check_fit(&l, "MW_Bsend", 65536, 4, 15360);
  check_fit(&l, "MW_Bsend", 65536, 2, 15872);
  check_fit(&l, "Pingpong_Bsend_Recv", 2 * SK_INSTANCE_BSEND_OVERHEAD - 1, 2,
            -1);
  check_fit(&l, "MW_Bsend", 3 * SK_INSTANCE_BSEND_OVERHEAD, 3, 0);
}

int main(void)
{
  test_base();
  test_patterns();
  test_need();
  test_need_role();
  test_need_bsend();
  test_max_length();
  return sk_test_result();
}
