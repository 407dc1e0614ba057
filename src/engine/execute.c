/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * execute.c -- one suite: which arguments are measured (the refinement
 * decides, on world rank 0), and one point after another; what the suite
 * needs before that is execute_setup.c's.
 *
 * Every process of the world runs the same loop: world rank 0 chooses the
 * next argument and broadcasts it; the processes of the point measure it;
 * the timing process of the point (rank 0 of the point's communicator)
 * sends the point to world rank 0 when it is another process.
 */
#include <config.h>

#include "execute_int.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "budget.h"
#include "cache.h"
#include "dtype.h"
#include "fault.h"
#include "grow.h"
#include "guard.h"
#include "journal.h"
#include "measure.h"
#include "mpierr.h"
#include "overlap.h"
#include "pairs.h"
#include "pattern.h"
#include "reduce.h"
#include "refine.h"
#include "runlog.h"
#include "stats.h"
#include "suitekey.h"
#include "verify.h"
#include "window.h"

/* ---- one point -------------------------------------------------------- */

/* The point's element counts, whatever their size (c->lcount, ...), and
 * as ints where they fit. */
static void sk_exec_counts(const sk_exec_t *x, sk_pctx_t *c, long length)
{
  long sc, rc;
  sk_layout_counts(&x->dt.lay, length, &sc, &rc);
  c->lcount = sc;
  c->lrcvcount = rc;
  c->count = sc <= INT_MAX ? (int)sc : 0;
  c->rcvcount = rc <= INT_MAX ? (int)rc : 0;
}

/* Partitions: the counts of one partition (src/lang/layout.h). */
static void sk_exec_partitions(const sk_exec_t *x, sk_pctx_t *c,
                               long length)
{
  long sc, rc;
  c->partitions = (int)x->s->partitions;
  sk_layout_partition(&x->dt.lay, length, c->partitions, &sc, &rc);
  c->part_count = sc;
  c->part_rcvcount = rc;
}

/* Fills the context of a point of `length` bytes over comm. */
static void sk_exec_ctx(sk_exec_t *x, MPI_Comm comm, long length)
{
  sk_pctx_t *c = &x->ctx;
  memset(c, 0, sizeof *c);
  c->comm = comm;
  MPI_Comm_rank(comm, &c->rank);
  MPI_Comm_size(comm, &c->size);
  c->peer = c->size == 2 ? 1 - c->rank : 0;
  c->length = length;
  c->dtype = x->dt.send;
  c->rcvtype = x->dt.recv;
  sk_exec_counts(x, c, length);
  c->sext = (MPI_Aint)x->dt.lay.send_extent;
  c->rext = (MPI_Aint)x->dt.lay.recv_extent;
  c->span = sk_layout_span(&x->dt.lay, length);
  if (x->ops->reduces) {
    c->red = &x->red;
    c->rtype = x->red.type;
    c->rop = x->red.op;
    c->lrcount = sk_reduce_count(&x->red, &x->dt, length);
    c->rcount = c->lrcount <= INT_MAX ? (int)c->lrcount : 0;
  }
  c->large = c->lcount > INT_MAX || c->lrcvcount > INT_MAX ||
             c->lrcount > INT_MAX;
  if (c->large)
    c->count = c->rcvcount = c->rcount = 0;
  c->distribution = x->s->count_distribution;
  c->io_dir = x->eng->plan->io_directory;
  c->io_token = x->eng->io_token;
  c->io_shared = x->s->io_file == SK_IO_FILE_SHARED;
  c->chunks = x->chunks;
  c->sbuf = x->sbuf;
  c->rbuf = x->rbuf;
  c->aroom = sk_instance_attach(x->s->instance, c->span, c->size);
  c->overhead = x->eng->overhead;
  c->batch = x->batch;
  c->barrier = 0.0;
  c->calib = &x->eng->calib;
  c->test_calls = x->s->overlap_test_calls;
  c->rma_sync = x->s->rma_sync;
  c->rma_window = x->s->rma_window;
  c->rma_ops = x->s->rma_window_ops;
  c->in_place = x->s->in_place && x->ops->in_place;
  c->root = x->ops->rooted && x->s->root > 0 ? (int)x->s->root : 0;
  x->reps = 0;
  c->window = x->s->window;
  c->threads = (int)x->s->threads;
  sk_exec_partitions(x, c, length);
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_BARRIER_SCALE=F multiplies
 * the barrier estimate of Root_Barrier by F, so that tests/mpi/noise.sh
 * can make it exceed every repetition's time, as a barrier measured while
 * the machine was slower does; 1 without it. */
static double sk_exec_test_barrier_scale(void)
{
  const char *v = getenv("SKAMPI_TEST_BARRIER_SCALE");
  char *end;
  double f = v != NULL ? strtod(v, &end) : 1.0;
  return v != NULL && end != v && *end == '\0' && f > 0.0 && f < 1e9 ? f
                                                                    : 1.0;
}

/* The barrier time of comm for root_minus_barrier (all of comm get it). */
static double sk_exec_barrier_time(sk_exec_t *x, MPI_Comm comm)
{
  sk_measure_cfg_t cfg = x->cfg;
  sk_pattern_rep_t rep = {x->ops, &x->ctx};
  sk_point_t pt;
  cfg.node_times = 0;
  if (cfg.fixed) {
    /* the barrier is measured to eps, not Fixed_Repetitions times */
    cfg.fixed = 0;
    cfg.min_rep = x->s->min_repetition > 0 ? x->s->min_repetition : 1;
    if (x->s->max_repetition > 0 && x->s->max_repetition < cfg.max_rep)
      cfg.max_rep = x->s->max_repetition;
    if (cfg.min_rep > cfg.max_rep)
      cfg.min_rep = cfg.max_rep;
  }
  sk_measure_point(&cfg, sk_pattern_rep_barrier, &rep, comm, &x->samples,
                   &pt);
  pt.mean *= sk_exec_test_barrier_scale();
  MPI_Bcast(&pt.mean, 1, MPI_DOUBLE, 0, comm);
  return pt.mean;
}

static sk_measure_rep_fn sk_exec_rep_fn(const sk_exec_t *x)
{
  if (x->ops->rep != NULL)
    return x->ops->rep;
  if (!x->pat->synchronized)
    return sk_pattern_rep_local;
  if (x->s->collective_timing == SK_COLL_TIMING_ROOT_BARRIER)
    return sk_pattern_rep_root_barrier;
  return sk_pattern_rep_max_local;
}

/* Window sync: the window from Window_Size or a pilot (whose
 * repetitions are flushed under Cache = Cold, as the point's are). */
static void sk_exec_window(sk_exec_t *x, sk_window_t *w)
{
  w->rep.ops = x->ops;
  w->rep.ctx = &x->ctx;
  w->clock = &x->clock;
  w->timing = x->s->collective_timing;
  w->window = x->s->window_size;
  w->between = x->s->cache == SK_CACHE_COLD ? sk_exec_flush : NULL;
  w->between_ctx = x;
  sk_window_reset(w);
  if (w->window == SK_UNSET || !(w->window > 0.0))
    sk_window_pilot(w);
}

/* Does the suite subtract the barrier time (root_minus_barrier)? */
static int sk_exec_minus_barrier(const sk_exec_t *x)
{
  return x->pat->synchronized && x->ops->rep == NULL &&
         x->s->collective_timing == SK_COLL_TIMING_ROOT_BARRIER;
}

/* k calls a timed region: the tick per call, what is left resolved,
 * and what the timing subtracts per call. */
static void sk_exec_batch_set(sk_exec_t *x, sk_measure_cfg_t *cfg, long k)
{
  x->ctx.batch = k;
  cfg->tick = x->eng->tick / (double)k;
  cfg->floor = sk_batch_floor(x->eng->tick, x->eng->overhead) / (double)k;
  cfg->subtracted = x->eng->overhead / (double)k;
}

/* Where Batch applies (x->batch > 0): the calls a timed region of the
 * point holds, searched from k (Batch) by sk_batch_step() with the
 * shortest of SK_BATCH_TRIALS regions of each size it asks for
 * (src/engine/batch.h); rank 0 decides, all of comm follow.  The trials
 * are untimed for the point (a warm-up, after as many regions of k
 * untimed at all: a first call pays for cold code and caches).  Then the
 * point's settings: the tick per call, what is left resolved, and what
 * the timing subtracts per call.  *calls: sk_batch_t's. */
static long sk_exec_batch(sk_exec_t *x, sk_measure_rep_fn fn, void *fctx,
                          MPI_Comm comm, sk_measure_cfg_t *cfg, long k,
                          double *calls)
{
  sk_batch_t b;
  double msg[2], v, best, dummy;
  int t;
  sk_batch_start(&b, sk_batch_target(x->eng->tick, x->eng->overhead,
                                     cfg->eps), k, SK_BATCH_MAX);
  x->ctx.batch = b.k;
  for (t = 0; t < SK_BATCH_TRIALS; t++)
    fn(fctx, &dummy);
  for (;;) {
    x->ctx.batch = b.k;
    best = HUGE_VAL;
    for (t = 0; t < SK_BATCH_TRIALS; t++) {
      v = fn(fctx, &dummy);
      if (!isnan(v) && v < best)
        best = v;
    }
    if (x->ctx.rank == 0) {
      /* the region as read: the time per call, times k, plus the
       * overhead the timing took off */
      int done = sk_batch_step(&b, best == HUGE_VAL ? NAN :
                               best * (double)b.k + x->eng->overhead);
      msg[0] = done ? -(double)b.chosen : (double)b.k;
      msg[1] = b.calls;
    }
    MPI_Bcast(msg, 2, MPI_DOUBLE, 0, comm);
    if (msg[0] < 0.0)
      break;
    b.k = (long)msg[0];
  }
  k = (long)-msg[0];
  *calls = msg[1];
  sk_exec_batch_set(x, cfg, k);
  return k;
}

/* A batched point whose median came out unresolved although k could
 * grow: its trials ran slower than its repetitions (another task, a
 * cold start).  The least k of a new search (twice k), on all of comm,
 * or 0 when the point stands. */
static long sk_exec_rebatch(const sk_exec_t *x, MPI_Comm comm, long k,
                            const sk_point_t *pt)
{
  long next = 0;
  if (x->ctx.rank == 0 && pt->unresolved && SK_POINT_HAS_VALUE(pt) &&
      k < SK_BATCH_MAX)
    next = 2 * k < SK_BATCH_MAX ? 2 * k : SK_BATCH_MAX;
  MPI_Bcast(&next, 1, MPI_LONG, 0, comm);
  return next;
}

/* The untimed integrity check found wrong data: the lowest process of
 * comm whose check failed (ok 0) describes the first wrong byte in
 * x->vmsg. */
static void sk_exec_intact_describe(sk_exec_t *x, MPI_Comm comm, int ok)
{
  int mine = ok ? INT_MAX : x->ctx.rank, first;
  size_t s, r;
  char head[96];
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
  if (ok || mine != first)
    return;
  sk_exec_buffer_sizes(x, &s, &r);
  snprintf(head, sizeof head, "the untimed integrity check, process %d",
           x->eng->rank);
  sk_verify_describe_wrong(sk_dtype_wrong(), head, x->sbuf, s, x->rbuf, r,
                           x->vmsg, sizeof x->vmsg);
}

/* The untimed part before a point: context, setup, integrity check.
 * 0 when the point can be measured; -1 when a setup failed (-3 on the
 * processes whose Bsend buffer exceeded its counted room), -2 when
 * the data did not arrive intact (torn down again, on all of comm), -4
 * when the point is large and the instance cannot run it (before
 * setup, alike on every process), -5 on all when a setup refused the
 * point (ops->refusal), -6 when Root is not a rank of the point's
 * processes (the checker refuses that first; a plan made elsewhere may
 * not). */
static int sk_exec_prepare(sk_exec_t *x, MPI_Comm comm, long length)
{
  int ok, all, intact, refused;
  sk_exec_ctx(x, comm, length);
  if (x->ops->rooted && x->s->root >= x->ctx.size)
    return -6;
  /* a large-count point only where the instance has the path (the
   * checker refuses the others first) and not with skampi's own
   * reduction operation, whose function takes an int count */
  if (x->ctx.large && (sk_pattern_large_count(x->s->instance->number,
                                              NULL, 0) ||
                       (x->ops->reduces && x->red.own)))
    return -4;
  ok = x->ops->setup == NULL || x->ops->setup(&x->ctx) == 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, comm);
  if (!all) {
    if (ok && x->ops->teardown != NULL)
      x->ops->teardown(&x->ctx);
    MPI_Allreduce(&x->ctx.refused, &refused, 1, MPI_INT, MPI_MAX, comm);
    if (refused && x->ops->refusal != NULL)
      return -5;
    return x->ctx.aover ? -3 : -1;
  }
  if (x->ops->verify == NULL)
    return 0;
  x->vmsg[0] = '\0';
  sk_dtype_wrong_reset();
  ok = x->ops->verify(x->ops, &x->ctx) == 0;
  MPI_Allreduce(&ok, &intact, 1, MPI_INT, MPI_LAND, comm);
  if (intact)
    return 0;
  sk_exec_intact_describe(x, comm, ok);
  if (x->ops->teardown != NULL)
    x->ops->teardown(&x->ctx);
  return -2;
}

/* The timing process: what an overlap or persistent instance's point
 * records beside its time (the descriptor's properties say which). */
static void sk_exec_extras(const sk_exec_t *x, sk_point_t *pt)
{
  const sk_pctx_t *c = &x->ctx;
  if (x->ops->overlap && SK_POINT_HAS_VALUE(pt)) {
    pt->overlap = 1;
    pt->ovl_pure = c->ovl_pure;
    pt->ovl_cpu = c->ovl_cpu;
    pt->ovl_tests = c->test_calls;
    pt->ovl_percent = sk_overlap_percent(c->ovl_pure, c->ovl_cpu, pt->mean);
  }
  if (x->ops->persistent) {
    pt->persistent = 1;
    pt->init_time = c->init_time;
    pt->free_time = c->free_time;
  }
}

/* On the timing process: the spread of the per-process means of an
 * instance that always gathers them (ops->node_times) over ranks 1 ..
 * P-1, and the list itself only when the suite asks (Node_Times = yes):
 * O(1) numbers per point instead of O(P).  A point without a value has
 * neither. */
static void sk_exec_spread(sk_exec_t *x, sk_point_t *pt)
{
  size_t slowest;
  if (!x->ops->node_times || pt->node_times == NULL)
    return;
  if (SK_POINT_HAS_VALUE(pt) && pt->nprocs > 1 &&
      sk_stats_spread(pt->node_times + 1, (size_t)pt->nprocs - 1,
                      x->spread, &pt->dest_min, &pt->dest_median,
                      &pt->dest_max, &slowest) == 0) {
    pt->has_dest = 1;
    pt->dest_slowest = (int)slowest + 1;
  }
  if (!x->s->node_times || !SK_POINT_HAS_VALUE(pt)) {
    pt->node_times = NULL;
    pt->rtl = NULL;
  }
}

/* Measures one point on the processes of comm; *pt is valid on comm's
 * rank 0.  Returns -1 (or -3 .. -6: sk_exec_prepare()) when the point
 * could not be set up, -2 when the untimed integrity check found data
 * that did not arrive intact, -7 when a check of Verify did. */
static int sk_exec_measure(sk_exec_t *x, MPI_Comm comm, long length,
                           double suite_left, sk_point_t *pt)
{
  sk_pattern_rep_t rep = {x->ops, &x->ctx};
  sk_measure_cfg_t cfg = x->cfg;
  sk_window_t w;
  long batch = 1, more;
  double region = NAN;
  int rc;
  if ((rc = sk_exec_prepare(x, comm, length)) != 0)
    return rc;
  cfg.suite_left = suite_left;
  /* what is left after the timing's subtraction must be resolved
   * (src/engine/batch.h); a timing of the instance's own keeps its
   * values (it divides and subtracts in ways of its own) */
  if (x->ops->rep == NULL) {
    cfg.floor = sk_batch_floor(x->eng->tick, x->eng->overhead);
    cfg.subtracted = x->eng->overhead;
  }
  if (sk_exec_minus_barrier(x)) {
    if (isnan(x->barrier) || x->s->variation == SK_VARIATION_NODES)
      x->barrier = sk_exec_barrier_time(x, comm);
    x->ctx.barrier = x->barrier;
    cfg.subtracted += x->barrier;
  }
  /* under Verify every call of a point is counted and checked (its
   * integrity check, warm-up, repetitions: src/engine/verify.h), so no
   * unchecked trials come between them: Batch calls a region, as set */
  if (x->batch > 0 && x->s->verify)
    sk_exec_batch_set(x, &cfg, batch = x->batch);
  else if (x->batch > 0)
    batch = sk_exec_batch(x, sk_exec_rep_fn(x), &rep, comm, &cfg, x->batch,
                          &region);
  if (x->windowed) {
    sk_exec_window(x, &w);
    rc = sk_exec_repeat(x, &cfg, comm, length, sk_window_rep, &w, pt);
    if (x->ctx.rank == 0)
      pt->window = w.window;
  } else {
    rc = sk_exec_repeat(x, &cfg, comm, length, sk_exec_rep_fn(x), &rep, pt);
  }
  if (rc == 0 && x->batch > 0 && !x->s->verify &&
      (more = sk_exec_rebatch(x, comm, batch, pt)) > 0) {
    batch = sk_exec_batch(x, sk_exec_rep_fn(x), &rep, comm, &cfg, more,
                          &region);
    rc = sk_exec_repeat(x, &cfg, comm, length, sk_exec_rep_fn(x), &rep, pt);
  }
  if (x->ctx.rank == 0) {
    pt->batch = batch;
    pt->batch_region = region;
  }
  if (x->ops->round_trips != NULL && x->ctx.rank == 0 && x->s->node_times) {
    x->ops->round_trips(&x->ctx, x->rtl);
    pt->rtl = x->rtl;
  }
  if (x->ctx.rank == 0)
    sk_exec_spread(x, pt);
  if (x->ops->teardown != NULL)
    x->ops->teardown(&x->ctx);
  if (x->ctx.rank == 0)
    sk_exec_extras(x, pt);
  if (sk_exec_minus_barrier(x)) {
    pt->barrier_time = x->barrier;
    /* more than half of the repetitions shorter than the barrier
     * estimate: the estimate exceeds the point's median time, and what
     * is left of the point says nothing; it has no value */
    if (x->ctx.rank == 0 && pt->invalid > pt->valid) {
      pt->invalid += pt->valid;
      pt->valid = 0;
      pt->repetitions = pt->cut = pt->delayed = 0;
      pt->eps_met = 0;
    }
  }
  return rc;
}

/* Brings the point from the timing process to world rank 0. */
static void sk_exec_transfer(sk_exec_t *x, sk_point_t *pt)
{
  sk_engine_t *e = x->eng;
  if (x->decider == 0)
    return;
  if (e->rank == x->decider) {
    MPI_Send(pt, (int)sizeof *pt, MPI_BYTE, 0, SK_EXEC_TAG, e->world);
    if (pt->node_times != NULL)
      MPI_Send(pt->node_times, pt->nprocs, MPI_DOUBLE, 0, SK_EXEC_TAG,
               e->world);
    if (pt->raw != NULL)
      MPI_Send(pt->raw, (int)pt->valid, MPI_DOUBLE, 0, SK_EXEC_TAG, e->world);
  } else if (e->rank == 0) {
    MPI_Recv(pt, (int)sizeof *pt, MPI_BYTE, x->decider, SK_EXEC_TAG,
             e->world, MPI_STATUS_IGNORE);
    if (pt->node_times != NULL) {      /* the sender's pointer: replace */
      pt->node_times = x->samples.nodes;
      MPI_Recv(pt->node_times, pt->nprocs, MPI_DOUBLE, x->decider,
               SK_EXEC_TAG, e->world, MPI_STATUS_IGNORE);
    }
    if (pt->raw != NULL) {             /* likewise: rank 0's own array */
      pt->raw = x->samples.x;
      MPI_Recv(pt->raw, (int)pt->valid, MPI_DOUBLE, x->decider, SK_EXEC_TAG,
               e->world, MPI_STATUS_IGNORE);
    }
  }
}

/* An instance of concurrent pairs (ops->pairs), on the timing process
 * (world rank 0): the world ranks of the point's pairs as its
 * communicator orders them (rank i < k with i + k, as the instance pairs
 * them), and whether each crosses hosts. */
static void sk_exec_pairs(sk_exec_t *x, MPI_Comm comm, sk_point_t *pt)
{
  MPI_Group g, w;
  int i, k = x->ctx.size / 2, in[2], out[2];
  if (x->ctx.rank != 0)
    return;
  MPI_Comm_group(comm, &g);
  MPI_Comm_group(x->eng->world, &w);
  for (i = 0; i < k; i++) {
    in[0] = i;
    in[1] = i + k;
    MPI_Group_translate_ranks(g, 2, in, w, out);
    x->pairs[i].lo = out[0];
    x->pairs[i].hi = out[1];
    x->pairs[i].cross = sk_pairs_cross(x->eng->hosts, out[0], out[1]);
  }
  MPI_Group_free(&g);
  MPI_Group_free(&w);
  pt->pairs = x->pairs;
  pt->npairs = k;
}

/* The point's rate: bytes per second by the one formula of every
 * bandwidth (lib/collbw.h), else the instance's own (round trips per
 * second); 0 for none. */
static double sk_exec_rate(const sk_exec_t *x, long length,
                           const sk_point_t *pt)
{
  double b;
  /* a time the timer could not resolve is an upper bound: no rate */
  if (x->ops->rate_unit == NULL || !(pt->mean > 0.0) || pt->unresolved)
    return 0.0;
  if (strcmp(x->ops->rate_unit, "B/s") != 0)
    return x->ops->rate ? x->ops->rate(length, pt->nprocs, pt->mean) : 0.0;
  b = sk_instance_timed_bytes(x->s->instance, 0, pt->nprocs, (double)length);
  return isfinite(b) ? b / pt->mean : 0.0;
}

/* The point at arg, on every process of the world (those not taking part
 * wait); *pt is valid on world rank 0.  -1 (-3, -4, -5: sk_exec_prepare()) on
 * every process when the instance could not set the point up. */
static int sk_exec_point(sk_exec_t *x, long arg, int refined,
                         double suite_left, sk_point_t *pt)
{
  sk_engine_t *e = x->eng;
  MPI_Comm comm = x->comm;
  int nodes = x->s->variation == SK_VARIATION_NODES, temp = 0;
  long length = x->s->variation == SK_VARIATION_LENGTH
                    ? arg : x->s->default_message_length;
  int rc = 0, worst;
  double made = x->nodes.seconds;
  memset(pt, 0, sizeof *pt);
  x->chunks = x->s->variation == SK_VARIATION_CHUNKS
                  ? (int)arg : (int)x->s->default_chunks;
  if (nodes) {
    comm = sk_nodecomm_get(&x->nodes, arg, &temp);
    /* a communicator made now is setup too: the watchdog allows for it */
    sk_guard_setup_more(x->nodes.seconds - made);
    if (e->rank == 0)
      x->res->setup_time += x->nodes.seconds - made;
  }
  if (comm != MPI_COMM_NULL)
    rc = sk_exec_measure(x, comm, length, suite_left, pt);
  if (comm != MPI_COMM_NULL && rc == 0 && x->pairs != NULL)
    sk_exec_pairs(x, comm, pt);
  if (nodes)
    sk_nodecomm_release(&comm, temp);
  MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MIN, e->world);
  if (worst == -7 || worst == -2)
    sk_exec_verify_message(x, rc == worst && x->vmsg[0] != '\0');
  if (worst != 0)
    return worst;
  sk_exec_transfer(x, pt);
  if (e->rank == 0)
    pt->rate = sk_exec_rate(x, length, pt);

  pt->argument = arg;
  pt->refined = refined;
  return 0;
}


/* Why the point at arg failed, from sk_exec_point()'s code. */
static void sk_exec_point_failure(const sk_exec_t *x, int rc, long arg,
                                  char *m, size_t size)
{
  if (rc == -7)
    snprintf(m, size, "%s", x->vmsg);
  else if (rc == -6)
    snprintf(m, size, "at argument %ld Root %ld is not a rank of the "
             "point's processes", arg, x->s->root);
  else if (rc == -5)
    snprintf(m, size, "at argument %ld %s", arg, x->ops->refusal);
  else if (rc == -2)
    snprintf(m, size, "at argument %ld the data did not arrive intact (the "
             "untimed integrity check)", arg);
  else if (rc == -4)
    snprintf(m, size, "at argument %ld the message is more than INT_MAX "
             "elements, and the instance has no large-count path here (or "
             "reduces with skampi's own operation, whose count is an int)",
             arg);
  else if (rc == -3)
    snprintf(m, size, "at argument %ld the buffer MPI_Bsend needs "
             "(MPI_Pack_size + MPI_BSEND_OVERHEAD per message) exceeds the "
             "room counted against @MEMORY for it", arg);
  else
    snprintf(m, size, "a point could not be set up at argument %ld (out of "
             "memory?)", arg);
}

/* The suite fails at arg, with the MPI error that may have caused it
 * (on every rank: the check is collective), said here and cleared, not
 * left for the next suite's first point to find. */
static void sk_exec_fail_point(sk_exec_t *x, int rc, long arg)
{
  char m[512], both[1040];
  sk_exec_point_failure(x, rc, arg, m, sizeof m);
  if (sk_mpierr_check(x->eng->world, x->msg, sizeof x->msg)) {
    snprintf(both, sizeof both, "%s (%s)", m, x->msg);
    sk_exec_fail(x, both);
  } else if (rc == -2 || rc == -7) {
    /* wrong data without an MPI error: the library's fault */
    sk_fault_record(x, arg);
  } else {
    sk_exec_fail(x, m);
  }
}

/* Rank 0: the next argument into msg = {more, arg, refined, suite_left};
 * more is 1 to measure, 0 when done, -1 when the refinement failed. */
static void sk_exec_next(sk_exec_t *x, sk_refine_t *r, double t0,
                         double msg[4])
{
  double elapsed = MPI_Wtime() - t0, limit = x->res->limit;
  long arg = 0;
  int refined = 0, more;
  /* a second pass counts the first pass's time against the limit */
  if (x->hold != NULL && x->hold->passes > 0)
    elapsed += x->hold->first;
  msg[3] = limit >= 0.0 ? limit - elapsed : -1.0;
  if (x->res->status == SK_SUITE_TIMED_OUT) {
    more = 0;
  } else if (limit >= 0.0 && elapsed >= limit) {
    x->res->status = SK_SUITE_TIMED_OUT;
    more = 0;
  } else if (x->hold != NULL && x->hold->pending) {
    /* the point the first pass's share cut short, measured whole */
    more = 1;
    arg = x->hold->arg;
    refined = x->hold->refined;
    x->hold->pending = 0;
  } else if (x->s->variation == SK_VARIATION_NONE) {
    more = x->res->npoints == 0;
  } else {
    more = r == NULL ? -1 : sk_refine_next(r, &arg, &refined);
  }
  msg[0] = more;
  msg[1] = (double)arg;
  msg[2] = refined;
}

/* Rank 0: the point goes to the refinement, the result, progress, log. */
static void sk_exec_record(sk_exec_t *x, sk_refine_t *r, sk_point_t *pt)
{
  sk_engine_t *e = x->eng;
  if (r != NULL)
    sk_refine_record(r, pt->argument, pt->mean);
  pt->order = (long)x->res->npoints;
  if (!isnan(pt->barrier_time) && pt->invalid > 0) {
    x->res->barrier_reps += pt->invalid;
    x->res->barrier_points++;
    x->res->barrier_lost += !SK_POINT_HAS_VALUE(pt);
  }
  sk_result_add_point(x->res, pt);
  if (pt->invalid > 0 && !x->windowed && x->ops->invalid_why != NULL) {
    char note[512];
    snprintf(note, sizeof note, "at argument %ld %ld of %ld repetitions "
             "were invalid, left out of every statistic: %s", pt->argument,
             pt->invalid, pt->invalid + pt->valid, x->ops->invalid_why);
    sk_result_add_note(x->res, note);
  }
  sk_progress_point(e->progress, x->res->npoints, MPI_Wtime());
  sk_runlog_point(e->log, pt);
  if (pt->stop == SK_STOP_TIME_SUITE)
    x->res->status = SK_SUITE_TIMED_OUT;
}

/* --shuffle on a fixed grid: the same arguments, replayed in random
 * order.  Takes r; returns the replaying refiner (or r when it cannot). */
static sk_refine_t *sk_exec_shuffle(sk_exec_t *x, sk_refine_t *r)
{
  size_t n;
  long *args = sk_exec_fixed_grid(r, &n);
  sk_refine_t *q = NULL;
  if (args != NULL && n > 0) {
    sk_shuffle_longs(&x->eng->rng, args, n);
    q = sk_refine_new_replay(args, n);
  }
  free(args);
  if (q == NULL)
    return r;
  sk_refine_free(r);
  sk_result_add_note(x->res, "--shuffle: the points were measured in "
                     "random order");
  return q;
}

/* --grid-from: exactly the arguments of the same-named suite of the
 * earlier result (in random order with --shuffle); NULL with x->msg set
 * when it has none or one outside [lo, hi]. */
static sk_refine_t *sk_exec_replay(sk_exec_t *x)
{
  const sk_gridfile_suite_t *g = sk_gridfile_match(x->eng->grid, x->s->name,
                                                   x->lo, x->hi, x->msg,
                                                   sizeof x->msg);
  long *args;
  sk_refine_t *r;
  if (g == NULL)
    return NULL;
  if ((args = malloc(g->nargs * sizeof *args)) == NULL)
    return NULL;
  memcpy(args, g->args, g->nargs * sizeof *args);
  if (x->eng->shuffle)
    sk_shuffle_longs(&x->eng->rng, args, g->nargs);
  r = sk_refine_new_replay(args, g->nargs);
  free(args);
  if (r == NULL)
    snprintf(x->msg, sizeof x->msg, "--grid-from: the %zu points of suite "
             "'%s' cannot be replayed", g->nargs, x->s->name);
  else
    sk_result_add_note(x->res, "--grid-from: the arguments of the earlier "
                       "result were measured again, nothing else");
  return r;
}

/* The refiner of the suite over [lo, hi] (NULL for Variation none, or
 * with x->msg set when the keys are unusable). */
static sk_refine_t *sk_exec_refine(sk_exec_t *x)
{
  sk_refine_params_t p;
  const char *why;
  sk_refine_t *r;
  if (x->s->variation == SK_VARIATION_NONE)
    return NULL;
  if (x->eng->grid != NULL)
    return sk_exec_replay(x);
  sk_refine_params_from_suite(x->s, &p);
  p.start = x->lo;
  p.end = x->hi;
  if ((why = sk_refine_params_check(&p)) != NULL) {
    snprintf(x->msg, sizeof x->msg, "%s", why);
    return NULL;
  }
  if ((r = sk_refine_new(&p)) == NULL)
    snprintf(x->msg, sizeof x->msg, "out of memory for the refinement");
  else if (x->eng->shuffle && !p.dynamic)
    r = sk_exec_shuffle(x, r);
  return r;
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_HANG=NAME makes suite NAME
 * hang in MPI at its first point -- rank 0 waits for a message nobody
 * sends, the others in a barrier -- so that the watchdog can be tested;
 * SKAMPI_TEST_MPI_ERROR=NAME makes rank 0 send to a rank that does not
 * exist, an MPI error. */
static void sk_exec_test_hang(const sk_exec_t *x)
{
  const char *name = getenv("SKAMPI_TEST_HANG");
  const char *err = getenv("SKAMPI_TEST_MPI_ERROR");
  int never = 0;
  if (err != NULL && strcmp(err, x->s->name) == 0 && x->eng->rank == 0)
    MPI_Send(&never, 1, MPI_INT, x->eng->size, SK_EXEC_TAG + 1,
             x->eng->world);
  if (name == NULL || strcmp(name, x->s->name) != 0)
    return;
  if (x->eng->rank == 0)
    MPI_Recv(&never, 1, MPI_INT, MPI_ANY_SOURCE, SK_EXEC_TAG + 1,
             x->eng->world, MPI_STATUS_IGNORE);
  else
    MPI_Barrier(x->eng->world);
}

/* msg[0] of a point: > 0 measure it, 0 the suite is done, -1 the
 * refinement failed, SK_EXEC_STOP the journal failed. */
#define SK_EXEC_STOP (-2.0)

/* Rank 0: the journal's line for the point msg announces.  When it
 * cannot be written, the suite stops here on every rank (SK_EXEC_STOP)
 * and run.c stops the run: without the journal a crash would go unseen. */
static void sk_exec_journal(double msg[4])
{
  if (msg[0] > 0.0 && sk_journal_arg((long)msg[1]) != 0)
    msg[0] = SK_EXEC_STOP;
}

/* 1 when every point of res met eps. */
static int sk_exec_all_met(const sk_suite_result_t *res)
{
  size_t i;
  for (i = 0; i < res->npoints; i++)
    if (!res->points[i].eps_met)
      return 0;
  return 1;
}

/* Rank 0, when a time limit stopped the suite: the arguments of its
 * grid the refiner still had to hand out (the initial grid's; a dynamic
 * scale would have refined after them), recorded as unmeasured. */
static void sk_exec_unmeasured(sk_exec_t *x, sk_refine_t *r)
{
  size_t n = 0, cap = 64;
  long *args, arg;
  int refined = 0, rc;
  if (x->res->status != SK_SUITE_TIMED_OUT)
    return;
  if (r == NULL) {                /* Variation none: its one point */
    arg = 0;
    if (x->res->npoints == 0)
      sk_result_set_unmeasured(x->res, &arg, 1, 0);
    return;
  }
  if ((args = malloc(cap * sizeof *args)) == NULL)
    return;
  /* a held point never measured again: the refiner still waits for it */
  if (x->hold != NULL && x->hold->pending) {
    x->hold->pending = 0;
    args[n++] = x->hold->arg;
    sk_refine_record(r, x->hold->arg, 1.0);
    if (x->hold->refined) {
      sk_result_set_unmeasured(x->res, args, n, 1);
      free(args);
      return;
    }
  }
  /* the refiner is done with: record a dummy time for each argument it
   * hands out until it starts refining */
  while ((rc = sk_refine_next(r, &arg, &refined)) == 1 && !refined) {
    /* out of memory: the arguments so far are recorded */
    if (SK_GROW(args, cap, n + 1, 64) == 0)
      args[n++] = arg;
    sk_refine_record(r, arg, 1.0);
  }
  /* The limit came just as the refiner had handed out its last point
   * (sk_exec_next() looks at the clock before it asks the refiner): with
   * nothing left to measure or refine and every point at eps, the suite
   * is whole, and the refiner, asked now, says why it stopped. */
  if (n == 0 && rc == 0 && sk_exec_all_met(x->res))
    x->res->status = SK_SUITE_COMPLETE;
  else
    sk_result_set_unmeasured(x->res, args, n, rc == 1 && refined);
  free(args);
}

/* Rank 0: may the first pass hold the suite for a second one?  Its
 * share of Time_Run cut it, and the run's budget is not yet spent. */
static int sk_exec_may_hold(const sk_exec_t *x)
{
  const sk_execute_hold_t *h = x->hold;
  return h != NULL && h->passes == 0 &&
         x->res->status == SK_SUITE_TIMED_OUT && x->res->limit_by != NULL &&
         strcmp(x->res->limit_by, SK_BUDGET_BY_SHARE) == 0 &&
         (h->held || MPI_Wtime() < h->deadline);
}

/* Rank 0, after point pt at msg's argument: a point the share cut short
 * (stop time_suite) in a first pass that may hold the suite is not
 * recorded -- the second pass measures it again whole; 1 then. */
static int sk_exec_hold_point(sk_exec_t *x, const sk_point_t *pt,
                              const double msg[4])
{
  sk_suite_status_t was = x->res->status;
  if (pt->stop != SK_STOP_TIME_SUITE || x->hold == NULL)
    return 0;
  x->res->status = SK_SUITE_TIMED_OUT;
  if (!sk_exec_may_hold(x)) {
    x->res->status = was;
    return 0;
  }
  x->hold->held = 1;
  x->hold->pending = 1;
  x->hold->arg = (long)msg[1];
  x->hold->refined = msg[2] != 0.0;
  /* kept (its arrays copied: pt's are the suite's buffers) in case no
   * second pass comes; out of memory: it is named unmeasured then */
  sk_result_free_suite(&x->hold->cut);
  memset(&x->hold->cut, 0, sizeof x->hold->cut);
  sk_result_add_point(&x->hold->cut, pt);
  return 1;
}

/* Every point of the suite, one after another; t0 when the suite began
 * (its setup ends before the first point). */
static void sk_exec_points(sk_exec_t *x, double t0)
{
  sk_engine_t *e = x->eng;
  sk_refine_t *r = e->rank != 0 ? NULL
                   : x->hold != NULL && x->hold->passes > 0 ? x->hold->r
                   : sk_exec_refine(x);
  double msg[4];
  sk_point_t pt;
  int rc;
  sk_exec_nodes_prepare(x);
  sk_exec_setup_done(x, t0);
  t0 = MPI_Wtime();
  if (e->rank == 0)
    x->res->status = SK_SUITE_COMPLETE;
  for (;;) {
    if (e->rank == 0) {
      sk_exec_next(x, r, t0, msg);
      sk_exec_journal(msg);
    }
    MPI_Bcast(msg, 4, MPI_DOUBLE, 0, e->world);
    if (msg[0] == SK_EXEC_STOP)
      break;
    if (msg[0] < 0.0)
      sk_exec_fail(x, x->msg[0] ? x->msg : "the refinement failed");
    if (msg[0] <= 0.0)
      break;
    sk_exec_test_hang(x);
    if ((rc = sk_exec_point(x, (long)msg[1], (int)msg[2], msg[3], &pt))) {
      sk_exec_fail_point(x, rc, (long)msg[1]);
      break;
    }
    if (sk_mpierr_check(e->world, x->msg, sizeof x->msg)) {
      sk_exec_fail(x, x->msg);
      break;
    }
    sk_guard_point_done();
    if (e->rank == 0 && !sk_exec_hold_point(x, &pt, msg))
      sk_exec_record(x, r, &pt);
  }
  if (r != NULL) {
    x->res->refine_stop = sk_refine_stop_name(sk_refine_stop_reason(r));
    x->res->refine_worst = sk_refine_worst_error(r);
  }
  if (e->rank == 0 && sk_exec_may_hold(x)) {
    /* held for the second pass: the refiner goes on there */
    x->hold->held = 1;
    x->hold->passes = 1;
    x->hold->first = x->res->limit;
    x->hold->r = r;
    return;
  }
  if (x->hold != NULL)
    x->hold->r = NULL;
  if (e->rank == 0) {
    sk_exec_unmeasured(x, r);
    /* asking the refiner for the unmeasured arguments found that it had
     * stopped: its reason, not "running" */
    if (r != NULL && x->res->status == SK_SUITE_COMPLETE) {
      x->res->refine_stop = sk_refine_stop_name(sk_refine_stop_reason(r));
      x->res->refine_worst = sk_refine_worst_error(r);
    }
    sk_execute_finish(x->res);
  }
  sk_refine_free(r);
}

/* Rank 0: the note of the repetitions Root_Barrier left out. */
static void sk_exec_barrier_note(sk_suite_result_t *res)
{
  char m[320];
  if (res->barrier_points == 0)
    return;
  snprintf(m, sizeof m, "Root_Barrier: %ld repetition%s at %ld point%s "
           "took less than the barrier estimate subtracted from them: "
           "invalid, left out (the barrier was measured while the machine "
           "was slower); %ld point%s lost %s value", res->barrier_reps,
           res->barrier_reps == 1 ? "" : "s", res->barrier_points,
           res->barrier_points == 1 ? "" : "s", res->barrier_lost,
           res->barrier_lost == 1 ? "" : "s",
           res->barrier_lost == 1 ? "its" : "their");
  sk_result_add_note(res, m);
}

void sk_execute_finish(sk_suite_result_t *res)
{
  char m[256], lim[96];
  size_t i, missed = 0;
  sk_exec_barrier_note(res);
  if (res->status != SK_SUITE_TIMED_OUT)
    return;
  for (i = 0; i < res->npoints; i++)
    missed += !res->points[i].eps_met;
  if (res->limit_by != NULL && strcmp(res->limit_by, "Time_Run") == 0 &&
      res->npoints == 0)
    snprintf(m, sizeof m, "not measured: Time_Run (%g s) was spent before "
             "it started", res->limit);
  else if (res->limit_by != NULL && strcmp(res->limit_by, "Time_Run") == 0)
    snprintf(m, sizeof m, "Time_Run (%g s) was spent after %zu of its "
             "points, %zu of them missed eps", res->limit, res->npoints,
             missed);
  else {
    if (res->limit_by != NULL && strcmp(res->limit_by, sk_suitekey_name(SK_KEY_TIME_SUITE)) != 0)
      snprintf(lim, sizeof lim, "its share of Time_Run (%.3g s)",
               res->limit);
    else
      snprintf(lim, sizeof lim, "Time_Suite (%g s)", res->suite->time_suite);
    if (res->npoints == 0)
      snprintf(m, sizeof m, "not measured: %s was spent before its first "
               "point", lim);
    else
      snprintf(m, sizeof m, "%s reached after %zu points, %zu of them "
               "missed eps", lim, res->npoints, missed);
  }
  sk_result_set_message(res, m);
}

/* Everything a suite needs before its points (datatypes, settings,
 * buffers, clock sync, communicator), on every rank; rank 0 describes
 * the suite in x->res when describe is set.  0, or -1 on every rank with
 * the suite failed; sk_exec_close() frees what was made either way. */
static int sk_exec_open(sk_exec_t *x, int describe)
{
  sk_engine_t *eng = x->eng;
  int ok, all;
  char dtnote[256];
  if (sk_exec_types(x, dtnote, sizeof dtnote) != 0)
    return -1;
  x->typed = 1;
  x->nodes.pairs = x->ops->pairs;
  x->nodes.placement = x->s->pairs_placement;
  x->nodes.place = eng->place;
  sk_exec_cfg(x);
  ok = sk_exec_cold(x) == 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, eng->world);
  if (!all) {
    sk_exec_fail(x, x->msg[0] ? x->msg : "Cache = Cold failed on another "
                 "process");
    return -1;
  }
  ok = sk_exec_alloc(x) == 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, eng->world);
  if (all && x->windowed &&
      sk_clocksync_run(eng->world, x->s->clock_sync, &x->clock) != 0 &&
      eng->rank == 0 && describe)
    sk_result_add_note(x->res, "the clock sync failed: the clocks were "
                       "taken as they are");
  sk_exec_test_setup_delay();
  if (!all || sk_exec_comm(x) != 0) {
    sk_exec_fail(x, all && x->msg[0] ? x->msg : "out of memory for the "
                 "buffers and samples of the suite");
    return -1;
  }
  if (!describe)
    return 0;
  sk_exec_describe(x);
  if (eng->rank == 0 && dtnote[0] != '\0')
    sk_result_add_note(x->res, dtnote);
  sk_exec_dtype_note(x, dtnote, sizeof dtnote);
  if (eng->rank == 0 && dtnote[0] != '\0')
    sk_result_add_note(x->res, dtnote);
  return 0;
}

/* Frees what sk_exec_open() made. */
static void sk_exec_close(sk_exec_t *x)
{
  if (!x->typed)
    return;
  sk_nodecomm_free(&x->nodes);
  sk_exec_release(x);
  sk_reduce_free(&x->red);
  sk_dtype_free(&x->dt);
}

static void sk_exec_init(sk_exec_t *x, sk_engine_t *eng,
                         const sk_suite_t *s, sk_suite_result_t *res)
{
  memset(x, 0, sizeof *x);
  x->eng = eng;
  x->s = s;
  x->res = res;
  x->barrier = NAN;
  x->comm = MPI_COMM_NULL;
  sk_nodecomm_init(&x->nodes, eng->world, 0);
}

/* The refinement parameters of suite S over the arguments its types
 * allow, for a grid made before any point is measured: *X is set up on
 * SCRATCH and its datatypes made and freed again.  -1 when the types
 * fail (said again when the suite is measured on its own). */
static int sk_exec_grid_params(sk_exec_t *x, sk_engine_t *eng,
                               const sk_suite_t *s,
                               sk_suite_result_t *scratch,
                               sk_refine_params_t *p)
{
  char dtnote[256];
  sk_exec_init(x, eng, s, scratch);
  if (sk_exec_types(x, dtnote, sizeof dtnote) != 0) {
    free(scratch->message);
    return -1;
  }
  sk_reduce_free(&x->red);
  sk_dtype_free(&x->dt);
  sk_refine_params_from_suite(s, p);
  p->start = x->lo;
  p->end = x->hi;
  return 0;
}

int sk_execute_grid(sk_engine_t *eng, const sk_suite_t *s,
                    sk_suite_result_t *res, long **args, size_t *n)
{
  sk_exec_t x;
  sk_suite_result_t scratch;
  sk_refine_params_t p;
  sk_refine_t *r = NULL;
  const sk_gridfile_suite_t *g;
  *args = NULL;
  *n = 0;
  memset(&scratch, 0, sizeof scratch);
  scratch.suite = s;
  if (sk_exec_grid_params(&x, eng, s, &scratch, &p) != 0)
    return -1;
  if (s->variation == SK_VARIATION_NONE) {
    if ((*args = malloc(sizeof **args)) != NULL) {
      (*args)[0] = 0;
      *n = 1;
    }
  } else if (eng->grid != NULL) {
    g = sk_gridfile_match(eng->grid, s->name, x.lo, x.hi, x.msg,
                          sizeof x.msg);
    if (g != NULL && g->nargs > 0 &&
        (*args = malloc(g->nargs * sizeof **args)) != NULL) {
      memcpy(*args, g->args, g->nargs * sizeof **args);
      *n = g->nargs;
      res->refine_stop = sk_refine_stop_name(SK_REFINE_STOP_GRID);
    }
  } else if (!p.dynamic && sk_refine_params_check(&p) == NULL &&
             (r = sk_refine_new(&p)) != NULL) {
    *args = sk_exec_fixed_grid(r, n);
    res->refine_stop = sk_refine_stop_name(sk_refine_stop_reason(r));
    res->refine_worst = sk_refine_worst_error(r);
    sk_refine_free(r);
  }
  if (*args != NULL && *n > 0)
    return 0;
  free(*args);
  *args = NULL;
  *n = 0;
  res->refine_stop = NULL;
  res->refine_worst = 0.0;
  return -1;
}

int sk_execute_initial_grid(sk_engine_t *eng, const sk_suite_t *s,
                            long **args, size_t *n)
{
  sk_exec_t x;
  sk_suite_result_t scratch;
  sk_refine_params_t p;
  sk_refine_t *r;
  long arg;
  size_t cap = 64;
  int refined = 0;
  memset(&scratch, 0, sizeof scratch);
  scratch.suite = s;
  if (sk_execute_grid(eng, s, &scratch, args, n) == 0)
    return 0;
  if (sk_exec_grid_params(&x, eng, s, &scratch, &p) != 0)
    return -1;
  if (sk_refine_params_check(&p) != NULL || (r = sk_refine_new(&p)) == NULL)
    return -1;
  *args = malloc(cap * sizeof **args);
  *n = 0;
  while (*args != NULL && sk_refine_next(r, &arg, &refined) == 1 &&
         !refined) {
    if (SK_GROW(*args, cap, *n + 1, 64) != 0)
      break;
    (*args)[(*n)++] = arg;
    sk_refine_record(r, arg, 1.0);
  }
  sk_refine_free(r);
  return *args != NULL ? 1 : -1;
}

void sk_execute_one(sk_engine_t *eng, const sk_suite_t *s,
                    sk_suite_result_t *res, long arg, int first,
                    double suite_left, double *barrier)
{
  sk_exec_t x;
  sk_point_t pt;
  double t0 = MPI_Wtime();
  int rc;
  sk_exec_init(&x, eng, s, res);
  x.barrier = *barrier;
  if (eng->rank == 0 && first)
    res->status = SK_SUITE_COMPLETE;
  if (sk_exec_open(&x, first) == 0) {
    sk_exec_setup_done(&x, t0);
    sk_exec_test_hang(&x);
    if ((rc = sk_exec_point(&x, arg, 0, suite_left, &pt)) != 0) {
      sk_exec_fail_point(&x, rc, arg);
    } else if (sk_mpierr_check(eng->world, x.msg, sizeof x.msg)) {
      sk_exec_fail(&x, x.msg);
    } else if (eng->rank == 0) {
      sk_exec_record(&x, NULL, &pt);
    }
  }
  *barrier = x.barrier;
  sk_exec_close(&x);
  if (eng->rank == 0)
    res->elapsed += MPI_Wtime() - t0;
}

int sk_execute_suite(sk_engine_t *eng, const sk_suite_t *s,
                     sk_suite_result_t *res)
{
  return sk_execute_suite_hold(eng, s, res, NULL);
}

int sk_execute_continue(sk_engine_t *eng, const sk_suite_t *s,
                        sk_suite_result_t *res, sk_execute_hold_t *hold)
{
  sk_exec_t x;
  double t0 = MPI_Wtime();
  sk_exec_init(&x, eng, s, res);
  x.hold = eng->rank == 0 ? hold : NULL;
  if (x.hold != NULL) {         /* the cut point is measured again */
    sk_result_free_suite(&hold->cut);
    memset(&hold->cut, 0, sizeof hold->cut);
  }
  if (sk_exec_open(&x, 0) == 0)
    sk_exec_points(&x, t0);
  sk_exec_close(&x);
  if (eng->rank == 0) {
    res->elapsed += MPI_Wtime() - t0;
    sk_refine_free(hold->r);    /* the setup failed: not used */
    hold->r = NULL;
    hold->held = 0;
    hold->pending = 0;
  }
  return x.typed ? 0 : -1;
}

void sk_execute_release(sk_execute_hold_t *hold, sk_suite_result_t *res)
{
  sk_exec_t x;
  sk_point_t *pt = hold->cut.npoints == 1 ? &hold->cut.points[0] : NULL;
  memset(&x, 0, sizeof x);
  x.res = res;
  x.hold = hold;
  /* the point the share cut short is recorded as the first pass would
   * have recorded it */
  if (hold->pending && pt != NULL && pt->argument == hold->arg &&
      (hold->r == NULL ||
       sk_refine_record(hold->r, hold->arg, pt->mean) == 0)) {
    hold->pending = 0;
    pt->order = (long)res->npoints;
    if (!isnan(pt->barrier_time) && pt->invalid > 0) {
      res->barrier_reps += pt->invalid;
      res->barrier_points++;
      res->barrier_lost += !SK_POINT_HAS_VALUE(pt);
    }
    sk_result_add_point(res, pt);
  }
  sk_result_free_suite(&hold->cut);
  memset(&hold->cut, 0, sizeof hold->cut);
  sk_exec_unmeasured(&x, hold->r);
  if (hold->r != NULL) {
    res->refine_stop = sk_refine_stop_name(sk_refine_stop_reason(hold->r));
    res->refine_worst = sk_refine_worst_error(hold->r);
  }
  sk_execute_finish(res);
  sk_refine_free(hold->r);
  hold->r = NULL;
  hold->held = 0;
}

int sk_execute_suite_hold(sk_engine_t *eng, const sk_suite_t *s,
                          sk_suite_result_t *res, sk_execute_hold_t *hold)
{
  sk_exec_t x;
  double t0 = MPI_Wtime();
  int rc;
  sk_exec_init(&x, eng, s, res);
  x.hold = eng->rank == 0 ? hold : NULL;
  rc = sk_exec_open(&x, 1);
  if (rc == 0)
    sk_exec_points(&x, t0);
  sk_exec_close(&x);
  if (eng->rank == 0 && x.typed)
    res->elapsed = MPI_Wtime() - t0;
  return x.typed ? 0 : -1;
}
