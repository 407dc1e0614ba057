/*
 * verify_faults.c -- the engine's untimed integrity check of every
 * instance passes on intact data and notices a corrupted byte
 * (tests/mpi/verify.sh, 2 processes).
 *
 * For every instance with a check, as the engine sets a point up (send
 * pattern 50, receive pattern 56, 1000 bytes, Increasing shares, 3
 * chunks, buffers of exactly what the process's role needs: rank 0 is
 * the root; the v-variants once more with Equal shares, where a
 * non-root holds one message): its check must pass; then the same check
 * around a run that
 * flips the first data byte of both buffers after the real run must fail
 * on some process.  The MPI_Bsend instances must attach no more than
 * the room counted against @MEMORY (sk_instance_attach()) and refuse,
 * with aover set, when the room is one byte short of what they need.
 * And message buffers start on a page, zeroed.  Instances this MPI
 * library cannot run (sk_pattern_unavailable()) or is known to break
 * (sk_pattern_fault(), lib/libfault.h) are left out, and so
 * are the MPI-IO instances (tests/mpi/io.sh checks theirs).  The
 * one-sided ones that take one predefined type (SK_REQ_PREDEFINED) are
 * checked in contiguous MPI_CHAR data (their reduction's MPI_INT), the
 * atomics (SK_REQ_ELEMENT) at one element, as the checker lets them run;
 * the bandwidth ones with a window of 8 operations.
 * The instances' checks are collective, so both ranks fail them alike;
 * every failed check is printed on stderr (tests/unit/sk_test.h), and a
 * rank with one exits 1; 0 when all pass.
 */
#include <config.h>

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "instance.h"
#include "pattern.h"
#include "reduce.h"
#include "topology.h"
#include "../unit/sk_test.h"

static const sk_inst_ops_t *real;
static size_t real_s, real_r;     /* the buffers' bytes on this process */

/* The real run, then one data byte of each buffer flipped (of a buffer
 * this process's role has: a non-root of a gather receives nothing). */
static void corrupt_run(sk_pctx_t *c)
{
  MPI_Aint tlb, text;
  real->run(c);
  MPI_Type_get_true_extent(c->rcvtype, &tlb, &text);
  if ((size_t)tlb < real_r)
    c->rbuf[tlb] ^= 0x5A;
  MPI_Type_get_true_extent(c->dtype, &tlb, &text);
  if ((size_t)tlb < real_s)
    c->sbuf[tlb] ^= 0x5A;
}

static int all(int ok)
{
  int a;
  MPI_Allreduce(&ok, &a, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  return a;
}

/* The context of a point of `length` bytes, as execute.c fills it. */
static void context(sk_pctx_t *c, const sk_dtype_t *dt, long length)
{
  memset(c, 0, sizeof *c);
  c->comm = MPI_COMM_WORLD;
  MPI_Comm_rank(c->comm, &c->rank);
  MPI_Comm_size(c->comm, &c->size);
  c->peer = 1 - c->rank;
  c->length = length;
  c->dtype = dt->send;
  c->rcvtype = dt->recv;
  sk_dtype_counts(dt, length, &c->count, &c->rcvcount);
  c->sext = (MPI_Aint)dt->lay.send_extent;
  c->rext = (MPI_Aint)dt->lay.recv_extent;
  c->span = sk_layout_span(&dt->lay, length);
  c->distribution = SK_DIST_INCREASING;
  c->chunks = 3;
  c->rma_ops = 8;
}

/* A neighbourhood collective's communicator, as the engine makes it: a
 * periodic 2-D grid of 2 x 1 processes, so that a process is its own
 * neighbour along one dimension and the other's twice along the other
 * (the blocks the check must tell apart). */
static int neighbours(sk_pctx_t *c)
{
  sk_suite_t s;
  sk_topo_info_t info;
  char why[256];
  memset(&s, 0, sizeof s);
  s.neighbor_topology = SK_TOPO_CARTESIAN;
  s.neighbor_dimensions = 2;
  if (sk_topology_make(&s, MPI_COMM_WORLD, &c->comm, &info, why,
                       sizeof why) == 0)
    return 0;
  SK_CHECK_MSG(0, "no topology: %s", why);
  return -1;
}

/* The instance's check passes intact and fails corrupted, with buffers
 * of exactly what this process's role needs (rank 0 the root: what the
 * engine allocates, sk_layout_need(); under the sanitizers a check or a
 * run that strays beyond them is caught); `dist` the shares of the
 * v-variants. */
static void one(const sk_instance_t *in, const sk_dtype_t *dt,
               const sk_reduce_t *red, long length, int dist)
{
  sk_inst_ops_t bad;
  sk_pctx_t c;
  sk_role_t role;
  size_t s, r;
  int intact, noticed, set;
  real = sk_pattern_ops(in->number);
  if (real == NULL || real->verify == NULL)
    return;
  context(&c, dt, length);
  c.distribution = dist;
  if (real->topology && neighbours(&c) != 0)
    return;
  if (real->reduces) {
    c.red = red;
    c.rtype = red->type;
    c.rop = red->op;
    c.rcount = sk_reduce_count(red, dt, length);
  }
  role.nprocs = c.size;
  role.root = c.rank == 0 ? SK_ROLE_ROOT : SK_ROLE_OTHER;
  role.degree = real->topology ? 4 : 0;       /* 2 x 1, 2 dimensions */
  role.equal = dist == SK_DIST_EQUAL;
  sk_layout_need(&dt->lay, in, length, &role, &s, &r);
  c.aroom = sk_instance_attach(in, sk_layout_span(&dt->lay, length), c.size);
  real_s = s;
  real_r = r;
  c.sbuf = s > 0 ? malloc(s) : NULL;
  c.rbuf = r > 0 ? malloc(r) : NULL;
  if (s > 0 && c.sbuf != NULL)
    memset(c.sbuf, 0, s);
  if (r > 0 && c.rbuf != NULL)
    memset(c.rbuf, 0, r);
  set = all(real->setup == NULL || real->setup(&c) == 0);
  SK_CHECK_MSG(set, "%s: the point cannot be set up", in->name);
  if (!set)
    return;
  bad = *real;
  bad.run = corrupt_run;
  intact = all(real->verify(real, &c) == 0);
  noticed = !all(real->verify(&bad, &c) == 0);
  if (real->teardown != NULL)
    real->teardown(&c);
  if (c.comm != MPI_COMM_WORLD)
    MPI_Comm_free(&c.comm);
  free(c.sbuf);
  free(c.rbuf);
  SK_CHECK_MSG(intact, "%s: intact data rejected (%s shares)", in->name,
               dist == SK_DIST_EQUAL ? "equal" : "increasing");
  SK_CHECK_MSG(noticed, "%s: corruption unnoticed (%s shares)", in->name,
               dist == SK_DIST_EQUAL ? "equal" : "increasing");
}

/* Setup with `room` bytes for the attach buffer: 0 when it succeeds
 * attaching at most room bytes (*asize: how many), -1 when it refuses
 * with aover set and nothing attached, -2 otherwise. */
static int attach_with(const sk_inst_ops_t *ops, const sk_dtype_t *dt,
                       size_t room, int *asize)
{
  sk_pctx_t c;
  int rc;
  context(&c, dt, 1000);
  c.aroom = room;
  rc = ops->setup(&c);
  *asize = c.asize;
  if (rc == 0 && c.abuf != NULL && (size_t)c.asize <= room) {
    ops->teardown(&c);
    return 0;
  }
  if (rc == 0)
    ops->teardown(&c);
  return rc != 0 && c.aover && c.abuf == NULL ? -1 : -2;
}

/* A Bsend instance fits its counted room and refuses less. */
static void bounded(const sk_instance_t *in, const sk_dtype_t *dt)
{
  const sk_inst_ops_t *ops = sk_pattern_ops(in->number);
  int size, size2, fits;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  fits = all(attach_with(ops, dt, sk_instance_attach(in,
             sk_layout_span(&dt->lay, 1000), size), &size2) == 0);
  SK_CHECK_MSG(fits, "%s: attach exceeds the room counted", in->name);
  if (fits)
    SK_CHECK_MSG(all(attach_with(ops, dt, (size_t)size2 - 1, &size) == -1),
                 "%s: a room one byte short not refused", in->name);
}

/* Message buffers start on a page boundary and are zeroed, whatever
 * the heap held before (src/patterns/pattern.h). */
static void aligned(void)
{
  size_t i, n[3] = {1, 65536, 200000}, k;
  long page = sk_pattern_alignment();
  void *junk = malloc(24);
  int bad = page < 4096 || (page & (page - 1)) != 0;
  for (k = 0; k < 3 && !bad; k++) {
    unsigned char *p = sk_pattern_buffer(n[k]);
    bad = p == NULL || (uintptr_t)p % (uintptr_t)page != 0;
    for (i = 0; !bad && i < n[k]; i++)
      bad = p[i] != 0;
    free(p);
  }
  free(junk);
  SK_CHECK_MSG(!bad, "a message buffer is not page-aligned and zeroed");
}

int main(int argc, char **argv)
{
  sk_plan_t plan;
  sk_suite_t suite;
  sk_dtype_t dt, pdt;
  sk_reduce_t red, pred;
  char note[256];
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  int size, checked = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 2) {
    fprintf(stderr, "verify_faults: run with 2 processes\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  memset(&plan, 0, sizeof plan);
  memset(&suite, 0, sizeof suite);
  suite.send_datatype = 50;
  suite.recv_datatype = 56;
  if (sk_dtype_build(&plan, &suite, &dt, note, sizeof note) != 0 ||
      sk_reduce_init(&red, &plan, &suite, &dt) != 0)
    MPI_Abort(MPI_COMM_WORLD, 1);
  suite.send_datatype = suite.recv_datatype = 0;
  if (sk_dtype_build(&plan, &suite, &pdt, note, sizeof note) != 0 ||
      sk_reduce_init(&pred, &plan, &suite, &pdt) != 0)
    MPI_Abort(MPI_COMM_WORLD, 1);
  aligned();
  for (i = 0; i < n; i++) {
    const sk_inst_ops_t *ops = sk_pattern_ops(t[i].number);
    /* The MPI-IO instances move data to and from a file of the run's:
     * a corruption after a write lands in no buffer the check reads, so
     * tests/mpi/io.sh corrupts the file itself (SKAMPI_TEST_IO_FLIP). */
    if (ops == NULL || ops->verify == NULL ||
        sk_pattern_unavailable(t[i].number) != NULL ||
        sk_pattern_fault(t[i].number, 2) != NULL ||
        sk_instance_uses_files(&t[i]))
      continue;
    checked++;
    if (t[i].variations & SK_REQ_PREDEFINED)
      one(&t[i], &pdt, &pred,
          t[i].variations & SK_REQ_ELEMENT ? pred.size : 1000,
          SK_DIST_INCREASING);
    else
      one(&t[i], &dt, &red, 1000, SK_DIST_INCREASING);
    /* the v-variants with equal shares hold less on a non-root */
    if (t[i].buffers == SK_BUFFERS_GATHERV ||
        t[i].buffers == SK_BUFFERS_SCATTERV ||
        t[i].buffers == SK_BUFFERS_ALLGATHERV)
      one(&t[i], &dt, &red, 1000, SK_DIST_EQUAL);
    if (t[i].buffers == SK_BUFFERS_BSEND || t[i].buffers == SK_BUFFERS_BSEND_MW)
      bounded(&t[i], &dt);
  }
  sk_reduce_free(&pred);
  sk_dtype_free(&pdt);
  sk_reduce_free(&red);
  sk_dtype_free(&dt);
  if (sk_test_failures == 0 && checked > 0) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
      printf("verify_faults: %d instances checked\n", checked);
  }
  MPI_Finalize();
  return sk_test_result();
}
