/* SPDX-License-Identifier: BSD-3-Clause */
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
 * The instances with an MPI_IN_PLACE form are checked so too in place,
 * and the rooted ones with the root at rank 1, both in a round of
 * Verify's data other than 0; a failed check must note the flipped byte
 * as the first wrong one (sk_dtype_wrong()).
 * And message buffers start on a page, zeroed.  Instances this MPI
 * library cannot run (sk_pattern_unavailable()) or is known to break
 * (sk_pattern_fault(), lib/libfault.h) are left out, and so
 * are the MPI-IO instances (tests/mpi/io.sh checks theirs).  The
 * one-sided ones that take one predefined type (SK_REQ_PREDEFINED) are
 * checked in contiguous MPI_CHAR data (their reduction's MPI_INT), the
 * atomics (SK_REQ_ELEMENT) at one element, as the checker lets them run;
 * the bandwidth ones with a window of 8 operations, the windowed message
 * rate with a window of 4 sends, the threaded ones with one thread (MPI
 * is started without MPI_THREAD_MULTIPLE here), the partitioned ones
 * with 3 partitions (1000 bytes: the rest of an uneven share unsent).
 * The instances' checks are collective, so both ranks fail them alike;
 * every failed check is printed on stderr (tests/unit/sk_test.h), and a
 * rank with one exits 1; 0 when all pass.  Rank 0 prints a line per
 * instance, "checked TYPE NAME" or "skipped TYPE NAME: WHY" (planned,
 * unavailable, no check, files), then "verify_faults: N instances
 * checked".
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
  long sc, rc;
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
  c->window = 4;
  c->threads = 1;
  c->partitions = 3;
  sk_layout_partition(&dt->lay, length, c->partitions, &sc, &rc);
  c->part_count = sc;
  c->part_rcvcount = rc;
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

/* The first wrong byte a failed check noted is the one corrupt_run
 * flipped (XOR 0x5A), on every process whose check failed. */
static int noted(int failed)
{
  const sk_dtype_wrong_t *w = sk_dtype_wrong();
  return all(!failed || (w->found && (w->got ^ w->want) == 0x5A));
}

/* The instance's check passes intact and fails corrupted, noting the
 * flipped byte, with buffers of exactly what this process's role needs
 * (the root: what the engine allocates, sk_layout_need(); under the
 * sanitizers a check or a run that strays beyond them is caught).
 * `dist`: the shares of the v-variants; variant: 0 as the engine runs it
 * by default, 1 in place (In_Place) in round 3 of Verify's data, 2 with
 * the root at rank 1 (Root = 1) in round 5. */
static void one(const sk_instance_t *in, const sk_dtype_t *dt,
               const sk_reduce_t *red, long length, int dist, int variant)
{
  static const char *const what[] = {"", " (in place)", " (root 1)"};
  const char *shares = dist == SK_DIST_EQUAL ? "equal" : "increasing";
  sk_inst_ops_t bad;
  sk_pctx_t c;
  sk_role_t role;
  size_t s, r;
  int intact, noticed, set, failed, wrong;
  real = sk_pattern_ops(in->number);
  if (real == NULL || real->verify == NULL)
    return;
  context(&c, dt, length);
  c.in_place = variant == 1;
  c.root = variant == 2 ? 1 : 0;
  c.distribution = dist;
  sk_dtype_set_round(variant == 1 ? 3 : variant == 2 ? 5 : 0);
  if (real->topology && neighbours(&c) != 0)
    return;
  if (real->reduces) {
    c.red = red;
    c.rtype = red->type;
    c.rop = red->op;
    c.rcount = sk_reduce_count(red, dt, length);
  }
  role.nprocs = c.size;
  role.root = c.rank == c.root ? SK_ROLE_ROOT : SK_ROLE_OTHER;
  role.degree = real->topology ? 4 : 0;       /* 2 x 1, 2 dimensions */
  role.equal = dist == SK_DIST_EQUAL;
  role.slots = sk_instance_slots(in, c.threads, c.window);
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
  sk_dtype_wrong_reset();
  failed = real->verify(&bad, &c) != 0;
  noticed = !all(!failed);
  /* a neighbourhood alltoall's block may match any of several sent to
   * this process: its noted byte is the mismatch with the first one */
  wrong = real->topology || noted(failed);
  if (real->teardown != NULL)
    real->teardown(&c);
  if (c.comm != MPI_COMM_WORLD)
    MPI_Comm_free(&c.comm);
  free(c.sbuf);
  free(c.rbuf);
  sk_dtype_set_round(0);
  SK_CHECK_MSG(intact, "%s%s: intact data rejected (%s shares)", in->name,
               what[variant], shares);
  SK_CHECK_MSG(noticed, "%s%s: corruption unnoticed (%s shares)", in->name,
               what[variant], shares);
  SK_CHECK_MSG(wrong, "%s%s: the wrong byte noted is not the flipped one "
               "(%s shares)", in->name, what[variant], shares);
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

/* Why instance IN is not checked here, or NULL when it is.  The MPI-IO
 * instances move data to and from a file of the run's: a corruption
 * after a write lands in no buffer the check reads, so tests/mpi/io.sh
 * corrupts the file itself (SKAMPI_TEST_IO_FLIP). */
static const char *skipped(const sk_instance_t *in, const sk_inst_ops_t *ops)
{
  if (ops == NULL)
    return "planned";
  if (sk_pattern_unavailable(in->number, NULL, 0))
    return "unavailable";
  if (sk_pattern_fault(in->number, 2, NULL, 0))
    return "a known fault of the library";
  if (ops->verify == NULL)
    return "no check";
  if (sk_instance_uses_files(in))
    return "files";
  return NULL;
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
  int size, rank, checked = 0, inplace = 0, rooted = 0;
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
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < n; i++) {
    const sk_inst_ops_t *ops = sk_pattern_ops(t[i].number);
    const char *skip = skipped(&t[i], ops);
    if (rank == 0)
      printf("%s %d %s%s%s\n", skip ? "skipped" : "checked", t[i].number,
             t[i].name, skip ? ": " : "", skip ? skip : "");
    if (skip != NULL)
      continue;
    checked++;
    if (t[i].variations & SK_REQ_PREDEFINED)
      one(&t[i], &pdt, &pred,
          t[i].variations & SK_REQ_ELEMENT ? pred.size : 1000,
          SK_DIST_INCREASING, 0);
    else
      one(&t[i], &dt, &red, 1000, SK_DIST_INCREASING, 0);
    /* the v-variants with equal shares hold less on a non-root */
    if (t[i].buffers == SK_BUFFERS_GATHERV ||
        t[i].buffers == SK_BUFFERS_SCATTERV ||
        t[i].buffers == SK_BUFFERS_ALLGATHERV)
      one(&t[i], &dt, &red, 1000, SK_DIST_EQUAL, 0);
    if (ops->in_place) {
      one(&t[i], &dt, &red, 1000, SK_DIST_INCREASING, 1);
      inplace++;
    }
    if (ops->rooted) {
      one(&t[i], &dt, &red, 1000, SK_DIST_INCREASING, 2);
      rooted++;
    }
    if (t[i].buffers == SK_BUFFERS_BSEND || t[i].buffers == SK_BUFFERS_BSEND_MW)
      bounded(&t[i], &dt);
  }
  sk_reduce_free(&pred);
  sk_dtype_free(&pdt);
  sk_reduce_free(&red);
  sk_dtype_free(&dt);
  if (sk_test_failures == 0 && checked > 0 && rank == 0)
    printf("verify_faults: %d instances checked\n"
           "verify_faults: %d in place, %d with the root at rank 1\n",
           checked, inplace, rooted);
  MPI_Finalize();
  return sk_test_result();
}
