/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * instance.c -- the instance metadata table, built from instances.def.
 */
#include <config.h>

#include "instance.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define SK_ROW(num, nm, pat, vars, fn, buf, pay, sum, impl) \
  {(num), (nm), SK_PATTERN_##pat, (vars), (impl), SK_BUFFERS_##buf, \
   SK_PAYLOAD_##pay, (sum), #fn, #buf, #pay},
#define SK_INSTANCE(num, nm, pat, vars, fn, buf, pay, sum) \
  SK_ROW(num, nm, pat, vars, fn, buf, pay, sum, 1)
#define SK_PLANNED(num, nm, pat, vars, fn, buf, pay, sum) \
  SK_ROW(num, nm, pat, vars, fn, buf, pay, sum, 0)

static const sk_instance_t sk_instances[] = {
#include "instances.def"
};

#undef SK_ROW
#undef SK_INSTANCE
#undef SK_PLANNED

const sk_instance_t *sk_instance_table(size_t *count)
{
  *count = sizeof sk_instances / sizeof sk_instances[0];
  return sk_instances;
}

const sk_instance_t *sk_instance_by_number(int number)
{
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  for (i = 0; i < n; i++)
    if (t[i].number == number)
      return &t[i];
  return NULL;
}

const sk_instance_t *sk_instance_by_name(const char *name)
{
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  for (i = 0; i < n; i++)
    if (strcmp(t[i].name, name) == 0)
      return &t[i];
  return NULL;
}

/* The families of --list, in the order it prints them, by the prefix of
 * the descriptor's name: a descriptor's module names its family (pp_ in
 * pattern_pingpong.c, nbc_ and ovl_ in pattern_nbc.c, ...). */
static const struct {
  const char *prefix, *family;
} sk_families[] = {
  {"pp_", "ping-pong"},
  {"coll_", "collective"},
  {"bc_", "broadcast methods"},
  {"by_", "pairs and bandwidth"},
  {"nbc_", "nonblocking collective"},
  {"ovl_", "nonblocking collective overlap"},
  {"pers_", "persistent"},
  {"part_", "partitioned"},
  {"thr_", "threads"},
  {"nbr_", "neighborhood collective"},
  {"rma_", "one-sided (RMA)"},
  {"mw_", "master-worker"},
  {"simple_", "simple"},
  {"start_", "start-up"},
  {"io_", "MPI-IO"},
};

static int sk_instance_family_index(const sk_instance_t *in)
{
  size_t i, n = sizeof sk_families / sizeof sk_families[0];
  for (i = 0; i < n; i++)
    if (strncmp(in->fn, sk_families[i].prefix,
                strlen(sk_families[i].prefix)) == 0)
      return (int)i;
  return (int)n;
}

const char *sk_instance_family(const sk_instance_t *in)
{
  int i = sk_instance_family_index(in);
  return i < (int)(sizeof sk_families / sizeof sk_families[0])
             ? sk_families[i].family : "other";
}

int sk_instance_family_order(const sk_instance_t *in)
{
  return sk_instance_family_index(in);
}

/* The four patterns of the SKaMPI paper (§3.1).  Ping-pong and
 * master-worker need two processes; a ping-pong repetition is a round
 * trip on the pair, a master-worker one the master's time (its
 * instances say so), a simple one a local call; collective repetitions
 * start together and are timed as Collective_Timing says.  Batch fits
 * where a repetition is t0, run, t1 on each process alone. */
static const sk_instance_pattern_info_t sk_patterns[] = {
  [SK_PATTERN_PINGPONG] = {"pingpong", "ping-pong", 2, 1, 0, 1,
                           "round_trip"},
  [SK_PATTERN_COLLECTIVE] = {"collective", "collective", 1, 0, 1, 0, NULL},
  [SK_PATTERN_MASTER_WORKER] = {"master_worker", "master-worker", 2, 0, 0,
                                0, "local"},
  [SK_PATTERN_SIMPLE] = {"simple", "simple", 1, 0, 0, 1, "local"},
};

const sk_instance_pattern_info_t *sk_instance_pattern(sk_instance_pattern_t p)
{
  if ((size_t)p >= sizeof sk_patterns / sizeof *sk_patterns)
    return NULL;
  return &sk_patterns[p];
}

const char *sk_instance_pattern_name(sk_instance_pattern_t pattern)
{
  const sk_instance_pattern_info_t *p = sk_instance_pattern(pattern);
  return p ? p->name : "?";
}

/* a * b and a + b, saturated at SIZE_MAX: a span of @MEMORY (2^42 at
 * most) times 2^31 - 1 processes does not fit in 64 bits, and a need
 * that wrapped around would pass for a small one. */
static size_t sk_instance_mul(size_t a, size_t b)
{
  return b != 0 && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

static size_t sk_instance_add(size_t a, size_t b)
{
  return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* The classes of the v-variants are their plain ones when the shares
 * are equal, else ALL. */
static sk_buffers_t sk_instance_class(const sk_instance_t *in,
                                      const sk_role_t *role)
{
  switch (in->buffers) {
  case SK_BUFFERS_GATHERV:
    return role->equal ? SK_BUFFERS_GATHER : SK_BUFFERS_ALL;
  case SK_BUFFERS_ALLGATHERV:
    return role->equal ? SK_BUFFERS_ALLGATHER : SK_BUFFERS_ALL;
  case SK_BUFFERS_SCATTERV:
    return role->equal ? SK_BUFFERS_SCATTER : SK_BUFFERS_ALL;
  default:
    return in->buffers;
  }
}

size_t sk_instance_need_role(const sk_instance_t *in, long span,
                             const sk_role_t *role, size_t *send,
                             size_t *recv)
{
  int p = role->nprocs > 0 ? role->nprocs : 1;
  size_t m = span > 0 ? (size_t)span : 0;
  size_t all = sk_instance_mul(m, (size_t)p);
  int root = role->root != SK_ROLE_OTHER;    /* the root, or any */
  size_t deg = role->degree > 0 ? (size_t)role->degree
               : (size_t)(p > SK_INSTANCE_NEIGHBORS ? p
                                                    : SK_INSTANCE_NEIGHBORS);
  *send = m;
  *recv = m;
  switch (sk_instance_class(in, role)) {
  case SK_BUFFERS_NONE: *send = 0; *recv = 0; break;
  case SK_BUFFERS_GATHER: *recv = root ? all : 0; break;
  case SK_BUFFERS_ALLGATHER: *recv = all; break;
  case SK_BUFFERS_SCATTER: *send = root ? all : 0; break;
  case SK_BUFFERS_ALL: *send = all; *recv = all; break;
  case SK_BUFFERS_WINDOW: *recv = sk_instance_mul(m, SK_INSTANCE_WINDOW);
    break;
  case SK_BUFFERS_ATTACH:
    *send = sk_instance_add(m, SK_INSTANCE_BSEND_OVERHEAD);
    *recv = 0;
    break;
  case SK_BUFFERS_NEIGHBOR:
    *send = *recv = sk_instance_mul(m, deg);
    break;
  case SK_BUFFERS_SLOTS:
    *recv = sk_instance_mul(m, (size_t)(role->slots > 1 ? role->slots : 1));
    break;
  default:      /* PAIR, BSEND, BSEND_MW: a message each way */
    break;
  }
  return sk_instance_add(sk_instance_add(*send, *recv),
                         sk_instance_attach(in, span, p));
}

long sk_instance_slots(const sk_instance_t *in, long threads, long window)
{
  long n = 1;
  if ((in->variations & SK_TAKES_THREADS) && threads > 1)
    n *= threads;
  if ((in->variations & SK_TAKES_WINDOW) && window > 1)
    n *= window;
  return n;
}

size_t sk_instance_need(const sk_instance_t *in, long span, int nprocs,
                        long slots, size_t *send, size_t *recv)
{
  sk_role_t any = {nprocs, SK_ROLE_ANY, 0, 0, slots};
  return sk_instance_need_role(in, span, &any, send, recv);
}

/* Ping-pong Bsend attaches room for two messages with a header each;
 * master-worker Bsend for one round's chunks and one more (at most P
 * chunks, together at most two messages' data: src/patterns/pattern_mw.c). */
size_t sk_instance_attach(const sk_instance_t *in, long span, int nprocs)
{
  size_t m = span > 0 ? (size_t)span : 0;
  size_t p = (size_t)(nprocs > 1 ? nprocs : 1);
  if (in->buffers == SK_BUFFERS_BSEND)
    return sk_instance_mul(2, sk_instance_add(m, SK_INSTANCE_BSEND_OVERHEAD));
  if (in->buffers == SK_BUFFERS_BSEND_MW)
    return sk_instance_add(sk_instance_mul(2, m),
                           sk_instance_mul(p, SK_INSTANCE_BSEND_OVERHEAD));
  return 0;
}

/* The blocks of P processes lie one after another: the sum of P counts
 * (the displacement after the last block) must be an int, so must the
 * bytes for Alltoallw's displacements in bytes. */
int sk_instance_displ_fits(const sk_instance_t *in, long elements,
                           long span, int nprocs)
{
  long long p = nprocs > 0 ? nprocs : 1;
  long long unit = 0;
  if (in->variations & SK_REQ_DISPL_ELEMENTS)
    unit = elements > 0 ? elements : 0;
  else if (in->variations & SK_REQ_DISPL_BYTES)
    unit = span > 0 ? span : 0;
  else
    return 1;
  return unit <= INT_MAX / p;
}

/* The payload classes (lib/collbw.h says what counts).  n is `length` as
 * doc/engine.md defines it per operation; P the processes of the point.
 * Why each class is what it is:
 *
 *   BCAST: the root's n leave it once; everyone else gets n.  The
 *     broadcast methods time one broadcast of n: BCAST too.
 *   REDUCE: every non-root's vector n leaves it; the root's result n
 *     comes from the others.  ALLREDUCE (and Reduce+Bcast): both, 2n.
 *   SCAN: rank r gets a result from ranks below it (not rank 0) and its
 *     vector is needed above it (not rank P-1): n at the ends, 2n between.
 *   REDUCE_SCATTER: (P-1)/P of the vector goes to the others, n/P of
 *     result comes back: n.
 *   ALLTOALL(v): (P-1) blocks out, (P-1) in: 2(P-1)n.
 *   ALLGATHER(v): n out, (P-1)n in: Pn.
 *   GATHER(v) and the hand-written gathers: the root gets (P-1)n, every
 *     other process sends n.  SCATTER(v) and Scatterv by Send/Recv:
 *     mirrored.  The v-variants count their Equal distribution (shares
 *     of n); with Increasing the shares, not the total, differ.
 *   MEMCPY: every process copies n bytes (memory, not the network), and
 *     counts from one process on.
 *   IO: every process writes or reads its own n bytes of a file (the
 *     file system, not the network), from one process on.
 */
#define SK_PAY_ONE {1, 0}
#define SK_PAY_TWO {2, 0}
#define SK_PAY_PM1 {-1, 1}
#define SK_PAY_A2A {-2, 2}
#define SK_PAY_P {0, 1}

static const sk_payload_rule_t sk_payload_rules[] = {
  [SK_PAYLOAD_BCAST] = {SK_PAY_ONE, SK_PAY_ONE, SK_PAY_ONE, 2, "n | n | n"},
  [SK_PAYLOAD_REDUCE] = {SK_PAY_ONE, SK_PAY_ONE, SK_PAY_ONE, 2,
                         "n | n | n"},
  [SK_PAYLOAD_REDUCE_SCATTER] = {SK_PAY_ONE, SK_PAY_ONE, SK_PAY_ONE, 2,
                                 "n | n | n"},
  [SK_PAYLOAD_ALLREDUCE] = {SK_PAY_TWO, SK_PAY_TWO, SK_PAY_TWO, 2,
                            "2n | 2n | 2n"},
  [SK_PAYLOAD_SCAN] = {SK_PAY_ONE, SK_PAY_ONE, SK_PAY_TWO, 2, "n | n | 2n"},
  [SK_PAYLOAD_GATHER] = {SK_PAY_PM1, SK_PAY_ONE, SK_PAY_ONE, 2,
                         "(P-1)n | n | n"},
  [SK_PAYLOAD_SCATTER] = {SK_PAY_PM1, SK_PAY_ONE, SK_PAY_ONE, 2,
                          "(P-1)n | n | n"},
  [SK_PAYLOAD_ALLTOALL] = {SK_PAY_A2A, SK_PAY_A2A, SK_PAY_A2A, 2,
                           "2(P-1)n | 2(P-1)n | 2(P-1)n"},
  [SK_PAYLOAD_ALLGATHER] = {SK_PAY_P, SK_PAY_P, SK_PAY_P, 2,
                            "Pn | Pn | Pn"},
  [SK_PAYLOAD_MEMCPY] = {SK_PAY_ONE, SK_PAY_ONE, SK_PAY_ONE, 1, "n | n | n"},
  [SK_PAYLOAD_IO] = {SK_PAY_ONE, SK_PAY_ONE, SK_PAY_ONE, 1, "n | n | n"},
};

int sk_instance_uses_files(const sk_instance_t *in)
{
  return in != NULL && in->payload == SK_PAYLOAD_IO;
}

const sk_payload_rule_t *sk_instance_payload(const sk_instance_t *in)
{
  size_t n = sizeof sk_payload_rules / sizeof *sk_payload_rules;
  if (in->payload == SK_PAYLOAD_NONE || (size_t)in->payload >= n)
    return NULL;
  return &sk_payload_rules[in->payload];
}

/* The mean payload per process of rule ROW (lib/collbw.h). */
static double sk_instance_rule_bytes(const sk_payload_rule_t *row, long procs,
                                   double n)
{
  double sum = 0;
  long r;
  if (procs < row->min_procs)
    return NAN;
  for (r = 0; r < procs; r++) {
    const double *c = r == 0 ? row->first
                      : r == procs - 1 ? row->last : row->middle;
    sum += n * (c[0] + c[1] * (double)procs);
  }
  return sum / (double)procs;
}

double sk_instance_timed_bytes(const sk_instance_t *in, int two_way,
                               long procs, double n)
{
  const sk_payload_rule_t *row = in ? sk_instance_payload(in) : NULL;
  if (!isfinite(n) || n < 0)
    return NAN;
  if (row)
    return sk_instance_rule_bytes(row, procs, n);
  switch (in ? in->payload : SK_PAYLOAD_NONE) {
  case SK_PAYLOAD_STREAM: return n;
  case SK_PAYLOAD_EXCHANGE: return 2 * n;
  case SK_PAYLOAD_PAIRS: return procs >= 2 ? (double)(procs / 2) * n : NAN;
  default: return two_way ? 2 * n : n;
  }
}

