/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dtype_integrity.c -- every pair of datatype patterns carries a message
 * intact (tests/mpi/dtype.sh, 2 processes).
 *
 * For four base types (MPI_CHAR, MPI_INT, a structure with a gap inside,
 * one with gaps before, between and after its blocks) and
 * every send and receive pattern of datatypes.def: rank 0 fills a message
 * in the send layout and sends it, rank 1 receives it in the receive
 * layout into a buffer prefilled with a marker, and checks (untimed, as
 * the engine does) that the data are the sequence, that the gaps of the
 * layout still hold the marker, and that a flipped byte is noticed.  Also
 * checks that every pattern carries 8 base elements, that 50 is a
 * vector, and the shares of the count distributions.  And for every
 * base type and send pattern, an MPI_Allreduce with the reductions'
 * datatype and operation (src/engine/reduce.h) adds 1 and 2 into 3 in every
 * scalar and leaves the gaps alone (so its table of scalars misses no
 * data byte: one it missed would hold 0, not the mark).  Every builtin
 * name of datatypes.def is an MPI type of the size the checker counts.
 * A message of several fill-and-check chunks (large counts) is one
 * sequence across them.
 * A failed check prints its case on stderr (tests/unit/sk_test.h); rank
 * 0 prints the failures of both ranks, and both exit 1; 0 when all pass.
 */
#include <config.h>

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datatype.h"
#include "dtype.h"
#include "pattern.h"
#include "reduce.h"
#include "../unit/sk_test.h"

#define LENGTH 3000L
#define MARK 0xEE
/* The case a failed check names: base type, send and receive pattern. */
#define WHERE " (base %d, send %d, receive %d)"

static sk_basetype_field_t f_int[] = {{1, 0, "MPI_INT"}};
static sk_basetype_field_t f_struct[] = {{1, 0, "MPI_DOUBLE"},
                                         {2, 12, "MPI_INT"}};
static sk_basetype_field_t f_gaps[] = {{2, 4, "MPI_SHORT"},
                                       {1, 16, "MPI_FLOAT"}};
static sk_basetype_t bases[] = {{1, {0, 0}, f_int, 1, 0, 0},
                                {2, {0, 0}, f_struct, 2, 0, 0},
                                {3, {0, 0}, f_gaps, 2, 0, 0}};

/* Bytes of buf still holding the marker. */
static long marked(const unsigned char *buf, long n)
{
  long i, k = 0;
  for (i = 0; i < n; i++)
    k += buf[i] == MARK;
  return k;
}

/* One message from rank 0 to rank 1; rank 1 checks it. */
static void pair(const sk_plan_t *plan, int base, int s, int r, int rank)
{
  sk_suite_t suite;
  sk_dtype_t dt;
  char note[256];
  int sc, rc, built, seed = base * 1000 + s * 10 + r;
  long span;
  unsigned char *buf;
  memset(&suite, 0, sizeof suite);
  suite.basetype = base;
  suite.send_datatype = s;
  suite.recv_datatype = r;
  built = sk_dtype_build(plan, &suite, &dt, note, sizeof note) == 0;
  SK_CHECK_MSG(built, "%s" WHERE, note, base, s, r);
  if (!built)
    return;
  sk_dtype_counts(&dt, LENGTH, &sc, &rc);
  span = sk_dtype_span(&dt, LENGTH);
  buf = malloc((size_t)span);
  memset(buf, MARK, (size_t)span);
  if (rank == 0) {
    sk_dtype_fill(buf, sc, dt.send, (unsigned)seed);
    MPI_Send(buf, sc, dt.send, 1, 0, MPI_COMM_WORLD);
  } else {
    long data = sk_dtype_elements(&dt, LENGTH) * dt.lay.base_size;
    MPI_Recv(buf, rc, dt.recv, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    SK_CHECK_MSG(sk_dtype_verify(buf, rc, dt.recv, (unsigned)seed) == 0,
                 "the data did not arrive intact" WHERE, base, s, r);
    SK_CHECK_MSG(data > 0 && data <= LENGTH && data >= LENGTH - 8 * 24,
                 "the message does not carry the length's data" WHERE, base,
                 s, r);
    SK_CHECK_MSG(marked(buf, span) >= span - data,
                 "a gap of the receive layout was written" WHERE, base, s, r);
    if (rc > 0) {
      MPI_Aint lb, tlb;
      MPI_Type_get_true_extent(dt.recv, &tlb, &lb);
      buf[tlb] ^= 0x5A;      /* the first data byte of the layout */
      SK_CHECK_MSG(sk_dtype_verify(buf, rc, dt.recv, (unsigned)seed) != 0,
                   "a corrupted byte went unnoticed" WHERE, base, s, r);
    }
  }
  free(buf);
  sk_dtype_free(&dt);
}

/* The reduction of base type `base` in send pattern s. */
static void reduction(const sk_plan_t *plan, int base, int s, int rank)
{
  sk_suite_t suite;
  sk_dtype_t dt;
  sk_reduce_t red;
  char note[256];
  int count, size, built;
  char *sbuf, *rbuf;
  memset(&suite, 0, sizeof suite);
  suite.basetype = base;
  suite.send_datatype = s;
  built = sk_dtype_build(plan, &suite, &dt, note, sizeof note) == 0 &&
          sk_reduce_init(&red, plan, &suite, &dt) == 0;
  SK_CHECK_MSG(built, "the reduction cannot be built" WHERE, base, s, 0);
  if (!built)
    return;
  count = sk_reduce_count(&red, &dt, LENGTH);
  MPI_Type_size(red.type, &size);
  SK_CHECK_MSG(count > 0 && (long)size == red.size && red.n != 0 &&
               red.own == (s != 0 || base >= 2),
               "the reduction's type, count or operation" WHERE, base, s, 0);
  sbuf = malloc((size_t)(count * red.extent));
  rbuf = malloc((size_t)(count * red.extent));
  memset(sbuf, 0, (size_t)(count * red.extent));
  memset(rbuf, MARK, (size_t)(count * red.extent));
  sk_reduce_fill(&red, sbuf, count, rank + 1);
  MPI_Allreduce(sbuf, rbuf, count, red.type, red.op, MPI_COMM_WORLD);
  SK_CHECK_MSG(sk_reduce_check(&red, rbuf, count, 3, MARK) == 0,
               "the reduction did not add 1 and 2 into 3, gaps intact" WHERE,
               base, s, 0);
  rbuf[red.off[red.n - 1]] ^= 0x01;
  SK_CHECK_MSG(sk_reduce_check(&red, rbuf, count, 3, MARK) != 0,
               "a changed scalar of a reduction went unnoticed" WHERE, base,
               s, 0);
  free(sbuf);
  free(rbuf);
  sk_reduce_free(&red);
  sk_dtype_free(&dt);
}

/* Every pattern but 0 carries SK_DTYPE_UNIT base elements, and every
 * pattern has the elements and the extent datatypes.def gives (what the
 * checker counts); 50 is a vector (resized to repeat its gaps). */
static void shapes(void)
{
  size_t n, i;
  const sk_datatype_t *t = sk_datatype_table(&n);
  for (i = 0; i < n; i++) {
    MPI_Datatype d = sk_dtype_pattern(t[i].number, MPI_INT);
    int size, want = 4 * t[i].elements;
    MPI_Aint lb, extent;
    MPI_Type_size(d, &size);
    MPI_Type_get_extent(d, &lb, &extent);
    SK_CHECK_MSG(size == want &&
                 t[i].elements == (t[i].number == 0 ? 1 : SK_DTYPE_UNIT),
                 "a pattern's size is not its base elements'" WHERE, 1,
                 t[i].number, 0);
    SK_CHECK_MSG(lb == 0 && extent == 4 * (MPI_Aint)t[i].extent,
                 "a pattern's extent is not datatypes.def's" WHERE, 1,
                 t[i].number, 0);
    if (t[i].number == 50) {
      int ni, na, nd, comb, is[4];
      MPI_Aint as[4];
      MPI_Datatype inner;
      MPI_Type_get_envelope(d, &ni, &na, &nd, &comb);
      MPI_Type_get_contents(d, 4, 4, 1, is, as, &inner);
      MPI_Type_get_envelope(inner, &ni, &na, &nd, &comb);
      SK_CHECK_MSG(comb == MPI_COMBINER_VECTOR,
                   "pattern 50 is not a vector" WHERE, 1, 50, 0);
      MPI_Type_free(&inner);
    }
    MPI_Type_free(&d);
  }
}

/* Every builtin the checker knows is an MPI type of the size the checker
 * counts with (both read datatypes.def), but those this library lacks,
 * which sk_dtype_unavailable() names so (the checker refuses them). */
static void builtins(void)
{
  size_t n, i;
  const char *const *names = sk_mpi_type_table(&n);
  for (i = 0; i < n; i++) {
    MPI_Datatype d = sk_dtype_builtin(names[i]);
    long want, align;
    int size = -1;
    if (d == MPI_DATATYPE_NULL) {
      char why[256];
      SK_CHECK_MSG(sk_dtype_unavailable(names[i], why, sizeof why) &&
                   strstr(why, " has no ") != NULL,
                   "builtin %s has no MPI type and is not unavailable",
                   names[i]);
      continue;
    }
    MPI_Type_size(d, &size);
    SK_CHECK_MSG(sk_mpi_type_bytes_of(names[i], &want, &align) == 0 &&
                 (long)size == want,
                 "builtin %s is not an MPI type of the checker's size",
                 names[i]);
  }
}

/* Increasing on 65536 processes: p(p+1)/2 parts pass 2^31, the total
 * of one share each does not; the shares still add up, grow with the
 * rank, and need no O(p) pass per share (sk_pattern_shares()). */
static void big_shares(void)
{
  enum { P = 65536 };
  static int got[P];
  long long sum = 0;
  int i, rising = 1;
  sk_pattern_shares(SK_DIST_INCREASING, 32767L * P, P, got);
  for (i = 0; i < P; i++) {
    sum += got[i];
    rising &= i == 0 || got[i] >= got[i - 1];
  }
  SK_CHECK_MSG(sum == 32767LL * P, "65536 shares add up to %lld", sum);
  SK_CHECK_MSG(rising, "65536 increasing shares do not rise");
  /* share i is floor(total (i+1) / parts), parts = 2147516416 */
  SK_CHECK_INT(got[0], 0);
  SK_CHECK_INT(got[P - 2], (int)(32767LL * P * (P - 1) / 2147516416LL));
}

/* The count distributions of the v-collectives (doc/engine.md). */
static void shares(void)
{
  static const struct { int d; long total; int p, want[4]; } t[] = {
    {SK_DIST_EQUAL, 12, 4, {3, 3, 3, 3}},
    {SK_DIST_INCREASING, 12, 3, {2, 4, 6, 0}},
    {SK_DIST_INCREASING, 8, 2, {2, 6, 0, 0}},
    {SK_DIST_INCREASING, 10, 4, {1, 2, 3, 4}},
    {SK_DIST_INCREASING, 11, 4, {1, 2, 3, 5}},
    {SK_DIST_INCREASING, 0, 3, {0, 0, 0, 0}},
  };
  size_t k;
  int i, got[4];
  for (k = 0; k < sizeof t / sizeof t[0]; k++) {
    sk_pattern_shares(t[k].d, t[k].total, t[k].p, got);
    for (i = 0; i < t[k].p; i++)
      SK_CHECK_MSG(got[i] == t[k].want[i], "a share of a count "
                   "distribution (case %zu, rank %d, want %d)", k, i,
                   t[k].want[i]);
  }
  big_shares();
}

/* The sequence's byte i (src/engine/dtype.c), for the check below. */
static unsigned char seq_byte(long i, unsigned seed)
{
  return (unsigned char)((unsigned)i * 2654435761u + seed) ^
         (unsigned char)(i >> 8);
}

/* A message of more than one chunk (64 MiB of packed data: how a
 * large-count point of more than INT_MAX elements is filled and checked)
 * is one sequence across the chunks, and a flipped byte in its last
 * chunk is noticed; so too in a vector layout whose chunks are not
 * contiguous. */
static void chunks(void)
{
  const long n = (160L << 20) + 3;
  const long at[] = {0, 1, (64L << 20) - 1, 64L << 20, (128L << 20) + 5,
                     n - 1};
  unsigned char *b = malloc((size_t)n);
  MPI_Datatype v;
  size_t i;
  long k, ve = 10L << 20;   /* 10 Mi elements of 8 data bytes: 80 MiB */
  char *vb;
  SK_CHECK_MSG(b != NULL, "chunks: no memory for %ld bytes", n);
  if (b == NULL)
    return;
  SK_CHECK_MSG(sk_dtype_fill(b, n, MPI_BYTE, 7) == 0, "chunks: fill");
  for (i = 0; i < sizeof at / sizeof at[0]; i++)
    SK_CHECK_MSG(b[at[i]] == seq_byte(at[i], 7), "chunks: byte %ld is %u, "
                 "want %u", at[i], b[at[i]], seq_byte(at[i], 7));
  SK_CHECK_MSG(sk_dtype_verify(b, n, MPI_BYTE, 7) == 0,
               "chunks: intact data rejected");
  b[(150L << 20) + 1] ^= 0x10;
  SK_CHECK_MSG(sk_dtype_verify(b, n, MPI_BYTE, 7) != 0,
               "chunks: a flipped byte in the third chunk unnoticed");
  free(b);
  /* two MPI_INTs of three: 8 data bytes in an extent of 12 */
  MPI_Type_vector(2, 1, 2, MPI_INT, &v);
  MPI_Type_commit(&v);
  vb = calloc((size_t)(ve * 12 + 4), 1);
  SK_CHECK_MSG(vb != NULL, "chunks: no memory for the vector layout");
  if (vb != NULL) {
    SK_CHECK_MSG(sk_dtype_fill(vb, ve, v, 9) == 0 &&
                 sk_dtype_verify(vb, ve, v, 9) == 0,
                 "chunks: vector layout rejected");
    for (k = 0; k < ve; k += ve / 7)
      SK_CHECK_MSG(vb[k * 12 + 4] == 0 && vb[k * 12 + 7] == 0,
                   "chunks: vector element %ld: its gap was written", k);
    vb[(ve - 3) * 12 + 1] ^= 0x01;
    SK_CHECK_MSG(sk_dtype_verify(vb, ve, v, 9) != 0,
                 "chunks: a flipped byte in the vector's last chunk "
                 "unnoticed");
    free(vb);
  }
  MPI_Type_free(&v);
}

int main(int argc, char **argv)
{
  sk_plan_t plan;
  size_t n, i, j;
  const sk_datatype_t *t = sk_datatype_table(&n);
  int rank, size, b, all;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 2) {
    if (rank == 0)
      fprintf(stderr, "dtype_integrity: run with 2 processes\n");
    MPI_Finalize();
    return 2;
  }
  memset(&plan, 0, sizeof plan);
  plan.basetypes = bases;
  plan.nbasetypes = 3;
  if (rank == 0) {
    shapes();
    shares();
    builtins();
    chunks();
  }
  for (b = 0; b <= 3; b++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        pair(&plan, b, t[i].number, t[j].number, rank);
  for (b = 0; b <= 3; b++)
    for (i = 0; i < n; i++)
      reduction(&plan, b, t[i].number, rank);
  MPI_Allreduce(&sk_test_failures, &all, 1, MPI_INT, MPI_SUM,
                MPI_COMM_WORLD);
  if (rank == 0)
    printf("dtype_integrity: %zu x %zu patterns, 4 base types, reductions "
           "in %zu: %d failures\n", n, n, n, all);
  MPI_Finalize();
  return all ? 1 : 0;
}
