/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * execute_setup.c -- what a suite needs, decided alike on every process:
 * the range of its argument, the checks that can refuse it, its
 * measurement settings, buffers and communicator; and the description
 * of the suite in the result (execute_int.h).
 */
#include <config.h>

#include "execute_int.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gridfile.h"
#include "grow.h"
#include "guard.h"
#include "keys.h"
#include "pattern_pingpong.h"
#include "suitekey.h"
#include "topology.h"

/* ---- what the suite needs, decided alike on every process ------------- */

/* Buffer bytes of a process in role `root` (SK_ROLE_*) for messages of
 * length bytes on the run's processes, laid out in the suite's datatype
 * patterns (gaps included): src/lang/layout.c, which the checker uses
 * too.  Rank 0 is the root of every rooted collective (of a Nodes
 * suite's points too: they are ranks 0 .. k-1). */
static size_t sk_exec_need(const sk_exec_t *x, long length, int root,
                           size_t *send, size_t *recv)
{
  sk_role_t role;
  sk_layout_role(&role, x->s, x->eng->size, root);
  return sk_layout_need(&x->dt.lay, x->s->instance, length, &role, send,
                        recv);
}

/* The argument range of a Length suite, with Max_Value resolved to the
 * longest message that fits in @MEMORY (as skampi --check resolves it,
 * for the processes of this run). */
static int sk_exec_length_range(sk_exec_t *x)
{
  const sk_suite_t *s = x->s;
  long mem = x->eng->plan->memory_kib * 1024L;
  x->lo = s->start_argument;
  x->hi = s->end_argument;
  if (s->end_is_max) {
    sk_limit_t limit;
    sk_role_t any;
    sk_layout_role(&any, s, x->eng->size, SK_ROLE_ANY);
    x->hi = sk_layout_fit(&x->dt.lay, s->instance, mem, &any, &limit);
    snprintf(x->note, sizeof x->note, "End_Argument = Max_Value is %ld "
             "bytes here (the longest message that %s)", x->hi,
             limit == SK_LIMIT_DISPLACEMENTS
                 ? "keeps the int displacements in range"
                 : "fits in @MEMORY");
  }
  if (x->hi < x->lo) {
    snprintf(x->msg, sizeof x->msg, "no message length fits: @MEMORY %ld "
             "KiB, Start_Argument %ld", x->eng->plan->memory_kib, x->lo);
    return -1;
  }
  x->max_length = x->hi;
  return 0;
}

/* Concurrent pairs placed across two nodes or within one
 * (Pairs_Placement): how many processes a point can have. */
static int sk_exec_placed(const sk_exec_t *x)
{
  return x->ops->pairs && x->s->pairs_placement != SK_PAIRS_HALVES;
}

static long sk_exec_most(const sk_exec_t *x)
{
  const sk_pairs_place_t *pl = &x->eng->place;
  if (!sk_exec_placed(x))
    return x->eng->size;
  return sk_pairs_most((sk_pairs_placement_t)x->s->pairs_placement,
                       x->eng->size, pl->size_a, pl->size_b);
}

static const char *sk_exec_placement_name(const sk_exec_t *x)
{
  return sk_suitekey_value(SK_KEY_PAIRS_PLACEMENT, x->s->pairs_placement);
}

/* Nodes: from Start_Argument to End_Argument processes, within 1..P
 * (within what Pairs_Placement can place, for concurrent pairs). */
static int sk_exec_nodes_range(sk_exec_t *x)
{
  const sk_suite_t *s = x->s;
  long p = sk_exec_most(x);
  int least = x->pat->least;
  char what[96];
  if (sk_exec_placed(x))
    snprintf(what, sizeof what, "processes %s = %s can place in this run",
             sk_suitekey_name(SK_KEY_PAIRS_PLACEMENT),
             sk_exec_placement_name(x));
  else
    snprintf(what, sizeof what, "processes of this run");
  x->lo = s->start_argument < least ? least : s->start_argument;
  x->hi = s->end_is_max || s->end_argument > p ? p : s->end_argument;
  if (!s->end_is_max && s->end_argument > p)
    snprintf(x->note, sizeof x->note, "End_Argument %ld is more than the %ld "
             "%s: measured up to %ld", s->end_argument, p, what, p);
  else if (s->end_is_max && sk_exec_placed(x))
    snprintf(x->note, sizeof x->note, "End_Argument = Max_Value is %ld "
             "processes here (%ld pair%s): the most %s = %s can place", p,
             p / 2, p / 2 == 1 ? "" : "s",
             sk_suitekey_name(SK_KEY_PAIRS_PLACEMENT),
             sk_exec_placement_name(x));
  if (x->lo > x->hi) {
    snprintf(x->msg, sizeof x->msg, "Start_Argument %ld is more than the "
             "%ld %s", s->start_argument, p, what);
    return -1;
  }
  x->max_length = s->default_message_length;
  return 0;
}

static int sk_exec_range(sk_exec_t *x)
{
  if (sk_exec_placed(x) && sk_exec_most(x) < 2) {
    /* the checker refuses it first where the node map is known */
    snprintf(x->msg, sizeof x->msg, "%s = %s: this run has no such pairs "
             "(%s)", sk_suitekey_name(SK_KEY_PAIRS_PLACEMENT),
             sk_exec_placement_name(x),
             x->eng->place.size_b == 0 ? "its processes are on one node"
                                       : "one process on the node of rank "
                                         "0");
    return -1;
  }
  switch (x->s->variation) {
  case SK_VARIATION_LENGTH:
    return sk_exec_length_range(x);
  case SK_VARIATION_NODES:
    return sk_exec_nodes_range(x);
  case SK_VARIATION_NONE:
    x->lo = x->hi = 0;
    x->max_length = x->s->default_message_length;
    return 0;
  case SK_VARIATION_CHUNKS:
    x->lo = x->s->start_argument < 1 ? 1 : x->s->start_argument;
    x->hi = x->s->end_argument;
    x->max_length = x->s->default_message_length;
    if (x->hi < x->lo) {
      snprintf(x->msg, sizeof x->msg, "End_Argument %ld is less than "
               "Start_Argument %ld", x->hi, x->lo);
      return -1;
    }
    return 0;
  }
  snprintf(x->msg, sizeof x->msg, "Variation = %s is not implemented yet",
           sk_variation_name(x->s->variation));
  return -1;
}

/* Synchronization and Collective_Timing must go together: Root_Barrier
 * needs barriers, Global_Span the synchronized clocks of windows. */
static int sk_exec_sync_check(sk_exec_t *x)
{
  const sk_suite_t *s = x->s;
  int coll = x->pat->synchronized;
  x->windowed = coll && s->synchronization == SK_SYNC_WINDOW;
  if (!coll && s->synchronization == SK_SYNC_WINDOW && x->eng->rank == 0)
    sk_result_add_note(x->res, "Synchronization = Window applies to "
                       "collective suites only: this suite ignores it");
  if (!coll)
    return 0;
  if (x->windowed && x->ops->overlap) {
    /* t_pure and t_cpu are timed after a barrier: so must t_ovrl be */
    snprintf(x->msg, sizeof x->msg, "an overlap instance is timed after a "
             "barrier, as its calibration is: it needs Synchronization = "
             "Barrier");
    return -1;
  }
  if (x->windowed && s->collective_timing == SK_COLL_TIMING_ROOT_BARRIER) {
    snprintf(x->msg, sizeof x->msg, "Collective_Timing = Root_Barrier needs "
             "Synchronization = Barrier");
    return -1;
  }
  if (!x->windowed && s->collective_timing == SK_COLL_TIMING_GLOBAL_SPAN) {
    snprintf(x->msg, sizeof x->msg, "Collective_Timing = Global_Span needs "
             "Synchronization = Window (synchronized clocks)");
    return -1;
  }
  return 0;
}

/* Checks everything that can refuse the suite; -1 with x->msg set. */
static int sk_exec_check(sk_exec_t *x)
{
  const sk_instance_t *in = x->s->instance;
  long mem = x->eng->plan->memory_kib * 1024L;
  size_t need, sb, rb;
  char why[256];
  x->ops = in->implemented ? sk_pattern_ops(in->number) : NULL;
  x->pat = sk_instance_pattern(in->pattern);
  if (x->s->skip != NULL) {
    /* the checker left it out: a known fault, or nothing fits */
    snprintf(x->msg, sizeof x->msg, "%s", x->s->skip);
    return -1;
  }
  if (x->ops == NULL) {
    snprintf(x->msg, sizeof x->msg, "instance %s (type %d) is not "
             "implemented yet", in->name, in->number);
    return -1;
  }
  if (sk_pattern_unavailable(in->number, why, sizeof why)) {
    /* the checker refuses it first; a plan made elsewhere may not */
    snprintf(x->msg, sizeof x->msg, "instance %s is unavailable: %s",
             in->name, why);
    return -1;
  }
  if (x->eng->size < x->pat->least) {
    snprintf(x->msg, sizeof x->msg, "%s needs %d processes, this run has %d",
             x->pat->title, x->pat->least, x->eng->size);
    return -1;
  }
  if (x->ops->calibrated && x->eng->calib_err[0] != '\0') {
    snprintf(x->msg, sizeof x->msg, "%s", x->eng->calib_err);
    return -1;
  }
  if (sk_exec_sync_check(x) != 0)
    return -1;
  if (sk_exec_range(x) != 0)
    return -1;
  need = sk_exec_need(x, x->max_length, SK_ROLE_ANY, &sb, &rb);
  if (mem > 0 && need > (size_t)mem) {
    snprintf(x->msg, sizeof x->msg, "needs %zu KiB of buffers per process "
             "for %ld-byte messages, @MEMORY is %ld KiB", (need + 1023) / 1024,
             x->max_length, x->eng->plan->memory_kib);
    return -1;
  }
  return 0;
}

/* ---- resources of the suite ------------------------------------------- */

void sk_exec_cfg(sk_exec_t *x)
{
  const sk_suite_t *s = x->s;
  long max = s->max_repetition;
  if (max <= 0 || max > SK_EXECUTE_MAX_REPETITION)
    max = SK_EXECUTE_MAX_REPETITION;
  x->cfg.max_rep = max;
  x->cfg.min_rep = s->min_repetition > 0 ? s->min_repetition : 1;
  if (x->cfg.min_rep > max)
    x->cfg.min_rep = max;
  x->cfg.multiple_of = s->multiple_of > 0 ? s->multiple_of : 1;
  x->cfg.eps = s->standard_error;
  x->cfg.cut = s->cut_quantile > 0.0 ? s->cut_quantile : 0.0;
  x->cfg.filter = (int)s->outlier_filter;
  x->cfg.raw = s->raw_samples;
  /* Fixed_Repetitions replaces Min_ and Max_Repetition (not capped by
   * them); only the engine's own limit bounds it, as the checker's. */
  if (s->fixed_repetitions != SK_UNSET && s->fixed_repetitions > 0) {
    x->cfg.fixed = 1;
    x->cfg.max_rep = x->cfg.min_rep =
        s->fixed_repetitions < SK_EXECUTE_MAX_REPETITION
            ? s->fixed_repetitions : SK_EXECUTE_MAX_REPETITION;
  }
  /* Batch: k calls per repetition where the timing is t0, run, t1 (it
   * would let collectives and master-worker rounds overlap); a sample
   * then spans k times the time, so a tick weighs k times less. */
  x->batch = 1;
  if (s->batch > 1 && x->ops->rep == NULL && s->cache != SK_CACHE_COLD &&
      x->pat->batch)
    x->batch = s->batch;
  x->cfg.tick = x->eng->tick / (double)x->batch;
  x->cfg.point_limit = s->time_measurement;
  x->cfg.suite_left = -1.0;
  x->cfg.warmup = x->eng->plan->cachewarmup > 0 ? x->eng->plan->cachewarmup
                                                 : 0;
  x->cfg.node_times = s->node_times || x->ops->node_times;
  x->cfg.percentiles = s->percentiles;
  x->rotate = x->ops->rooted && s->root == SK_ROOT_ROTATE;
}

/* This process's role for its buffers: the root of a rooted collective
 * is rank 0 or Root's rank; under Root = Rotate every process is the
 * root in turn, and holds the most of any. */
static int sk_exec_role(const sk_exec_t *x)
{
  long root = x->ops->rooted && x->s->root > 0 ? x->s->root : 0;
  if (x->ops->rooted && x->s->root == SK_ROOT_ROTATE)
    return SK_ROLE_ANY;
  return x->eng->rank == root ? SK_ROLE_ROOT : SK_ROLE_OTHER;
}

void sk_exec_buffer_sizes(const sk_exec_t *x, size_t *send, size_t *recv)
{
  sk_exec_need(x, x->max_length, sk_exec_role(x), send, recv);
}

/* Buffers for the longest message, as this process's role needs them
 * (doc/engine.md, "Memory per process"), touched once. */
int sk_exec_alloc(sk_exec_t *x)
{
  size_t s, r;
  sk_exec_buffer_sizes(x, &s, &r);
  x->sbuf = sk_pattern_buffer(s);
  x->rbuf = sk_pattern_buffer(r);
  if (x->ops->pairs &&
      (x->pairs = calloc((size_t)x->eng->size / 2 + 1,
                         sizeof *x->pairs)) == NULL)
    return -1;
  if (x->ops->round_trips != NULL &&
      (x->rtl = calloc((size_t)x->eng->size, sizeof *x->rtl)) == NULL)
    return -1;
  if (x->ops->node_times &&
      (x->spread = calloc((size_t)x->eng->size, sizeof *x->spread)) == NULL)
    return -1;
  if (x->sbuf == NULL || x->rbuf == NULL ||
      sk_samples_init(&x->samples, (size_t)x->cfg.max_rep, x->eng->size) != 0)
    return -1;
  return 0;
}

/* Cache = Cold: a buffer of Cache_Size, or of the last-level cache,
 * flushed before every repetition.  -1 with x->msg set. */
int sk_exec_cold(sk_exec_t *x)
{
  size_t size;
  if (x->s->cache != SK_CACHE_COLD)
    return 0;
  size = x->s->cache_size != SK_UNSET
             ? (size_t)x->s->cache_size
             : sk_cache_llc_size("/sys/devices/system/cpu/cpu0/cache");
  if (size == 0) {
    snprintf(x->msg, sizeof x->msg, "Cache = Cold: the last-level cache "
             "size cannot be read from /sys/devices/system/cpu/cpu0/cache; "
             "give Cache_Size");
    return -1;
  }
  if (sk_cache_init(&x->cache, size) != 0) {
    snprintf(x->msg, sizeof x->msg, "Cache = Cold: no memory for a %zu-byte "
             "buffer", size);
    return -1;
  }
  x->cfg.between = sk_cache_flush;
  x->cfg.between_ctx = &x->cache;
  return 0;
}

void sk_exec_release(sk_exec_t *x)
{
  sk_cache_free(&x->cache);
  free(x->sbuf);
  free(x->rbuf);
  free(x->pairs);
  free(x->rtl);
  free(x->spread);
  sk_samples_free(&x->samples);
  if (x->comm != MPI_COMM_NULL)
    MPI_Comm_free(&x->comm);
}

/* A neighbourhood collective's communicator: every process, with the
 * suite's topology (made here, untimed, once for all its points). */
static int sk_exec_topology(sk_exec_t *x)
{
  if (sk_topology_make(x->s, x->eng->world, &x->comm, &x->topo, x->msg,
                       sizeof x->msg) == 0)
    return 0;
  x->comm = MPI_COMM_NULL;
  return -1;
}

/* Pair = Inter_Node, Intra_Node, Intra_Socket: rank 0 finds the first
 * such pair in the node map and broadcasts it (the checker refused a
 * pair the map does not have; without a map the suite fails here). */
static int sk_exec_pair_by_map(sk_exec_t *x)
{
  static const sk_nodemap_pairkind_t kind[] = {
    SK_NODEMAP_INTER_NODE, SK_NODEMAP_INTER_NODE, SK_NODEMAP_INTRA_NODE,
    SK_NODEMAP_INTRA_SOCKET};
  sk_engine_t *e = x->eng;
  long msg[3] = {0, 0, 0};
  if (e->rank == 0 && e->nodes != NULL &&
      sk_nodemap_pair(e->nodes, kind[x->s->pair], msg + 1) == 0)
    msg[0] = 1;
  MPI_Bcast(msg, 3, MPI_LONG, 0, e->world);
  if (!msg[0]) {
    snprintf(x->msg, sizeof x->msg, "%s = %s: the node map of this run "
             "has no such pair", sk_suitekey_name(SK_KEY_PAIR),
             sk_suitekey_value(SK_KEY_PAIR, x->s->pair));
    return -1;
  }
  x->pair[0] = (int)msg[1];
  x->pair[1] = (int)msg[2];
  return 0;
}

/* The suite's pair by its key Pair, alike on every rank: the pair of
 * largest latency (measured once per run, on the first suite that asks),
 * two ranks written in the suite, or a pair of the node map. */
static int sk_exec_pair(sk_exec_t *x)
{
  sk_engine_t *e = x->eng;
  x->pair_latency = NAN;
  switch (x->s->pair) {
  case SK_PAIR_MAX_LATENCY:
    if (!e->pair_known) {
      if (sk_pingpong_choose_pair(e->world, e->pair, &e->pair_latency) != 0)
        return -1;
      e->pair_known = 1;
    }
    x->pair[0] = e->pair[0];
    x->pair[1] = e->pair[1];
    x->pair_latency = e->pair_latency;
    return 0;
  case SK_PAIR_RANKS:
    x->pair[0] = (int)x->s->pair_ranks[0];
    x->pair[1] = (int)x->s->pair_ranks[1];
    if (x->pair[1] < e->size)
      return 0;
    snprintf(x->msg, sizeof x->msg, "%s = %d, %d: this run has %d "
             "processes", sk_suitekey_name(SK_KEY_PAIR), x->pair[0],
             x->pair[1], e->size);
    return -1;
  default:
    return sk_exec_pair_by_map(x);
  }
}

/* Concurrent pairs placed by Pairs_Placement, varying no processes:
 * the most processes the placement can place (src/engine/pairs.h). */
static void sk_exec_placed_comm(sk_exec_t *x)
{
  sk_engine_t *e = x->eng;
  int key = sk_pairs_key_placed((sk_pairs_placement_t)x->s->pairs_placement,
                                e->size, (int)sk_exec_most(x), e->rank,
                                &e->place);
  MPI_Comm_split(e->world, key >= 0 ? 0 : MPI_UNDEFINED, key, &x->comm);
}

/* The suite's communicator: the pair for ping-pong, everybody for the
 * others (the placed pairs for concurrent pairs with Pairs_Placement);
 * Nodes suites make one per point instead. */
int sk_exec_comm(sk_exec_t *x)
{
  sk_engine_t *e = x->eng;
  x->comm = MPI_COMM_NULL;
  x->decider = 0;
  if (x->pat->pair) {
    int in;
    if (sk_exec_pair(x) != 0)
      return -1;
    in = e->rank == x->pair[0] || e->rank == x->pair[1];
    MPI_Comm_split(e->world, in ? 0 : MPI_UNDEFINED, e->rank, &x->comm);
    x->decider = x->pair[0];
  } else if (x->ops->topology) {
    return sk_exec_topology(x);
  } else if (x->s->variation != SK_VARIATION_NODES && sk_exec_placed(x)) {
    sk_exec_placed_comm(x);
  } else if (x->s->variation != SK_VARIATION_NODES) {
    MPI_Comm_dup(e->world, &x->comm);
  }
  return 0;
}

void sk_exec_fail(sk_exec_t *x, const char *msg)
{
  if (x->eng->rank != 0)
    return;
  x->res->status = SK_SUITE_FAILED;
  sk_result_set_message(x->res, msg);
}

/* Rank 0: the cache mode. */
static void sk_exec_describe_cache(sk_exec_t *x)
{
  sk_suite_result_t *res = x->res;
  res->cache_mode = x->s->cache == SK_CACHE_COLD ? "cold" : "warm";
  res->cache_size = (long)x->cache.size;
  res->cache_source = x->s->cache_size != SK_UNSET ? sk_suitekey_name(SK_KEY_CACHE_SIZE)
                                                   : "sysfs";
}

/* Rank 0: how the repetitions were started together. */
static void sk_exec_describe_sync(sk_exec_t *x)
{
  sk_sync_info_t *y = &x->res->sync;
  y->method = x->windowed ? "window" : "barrier";
  if (!x->windowed)
    return;
  y->window = x->s->window_size == SK_UNSET ? 0.0 : x->s->window_size;
  y->window_source = x->s->window_size == SK_UNSET ? "pilot"
                             : sk_suitekey_name(SK_KEY_WINDOW_SIZE);
  y->clock_sync = sk_clocksync_name(x->clock.algorithm);
  y->fit_points = x->clock.fit_points;
  y->exchanges = x->clock.exchanges;
  y->rounds = x->clock.rounds;
  y->cost = x->clock.cost;
  y->max_rtt = x->clock.max_rtt;
  y->max_slope = x->clock.max_slope;
}

/* Rank 0: where the ping-pong pair runs, from the node map. */
static void sk_exec_describe_pair(sk_exec_t *x)
{
  sk_pair_place_t *pp = &x->res->pair_place;
  const sk_nodemap_t *m = x->eng->nodes;
  int i;
  pp->selection = x->s->pair == SK_PAIR_RANKS
                      ? "Ranks" : sk_suitekey_value(SK_KEY_PAIR, x->s->pair);
  pp->nodes[0] = pp->nodes[1] = pp->shm[0] = pp->shm[1] = -1;
  pp->hosts[0] = pp->hosts[1] = NULL;
  pp->same_node = pp->same_socket = -1;
  if (m == NULL || m->nranks == 0)
    return;
  for (i = 0; i < 2; i++) {
    const sk_nodemap_run_t *u = sk_nodemap_find(m, x->pair[i]);
    pp->nodes[i] = u != NULL ? u->node : -1;
    pp->hosts[i] = u != NULL ? m->nodes[u->node].host : NULL;
    pp->shm[i] = u != NULL ? u->shm : -1;
  }
  pp->same_node = sk_nodemap_same_node(m, x->pair[0], x->pair[1]);
  pp->same_socket = sk_nodemap_same_socket(m, x->pair[0], x->pair[1]);
}

/* Rank 0: how concurrent pairs were placed. */
static void sk_exec_describe_pairs(sk_exec_t *x)
{
  sk_pairs_info_t *pi = &x->res->pairs_place;
  const sk_nodemap_t *m = x->eng->nodes;
  long b = -1;
  size_t i;
  pi->selection = sk_exec_placement_name(x);
  pi->most = sk_exec_most(x);
  pi->nodes[0] = pi->nodes[1] = -1;
  pi->hosts[0] = pi->hosts[1] = NULL;
  if (m == NULL || m->nranks == 0 || !sk_exec_placed(x))
    return;
  for (i = 1; b < 0 && i < m->nruns; i++)
    if (m->runs[i].node != m->runs[0].node)
      b = m->runs[i].node;
  pi->nodes[0] = m->runs[0].node;
  pi->hosts[0] = m->nodes[pi->nodes[0]].host;
  if (x->s->pairs_placement == SK_PAIRS_ACROSS_NODES && b >= 0) {
    pi->nodes[1] = b;
    pi->hosts[1] = m->nodes[b].host;
  }
}

/* Rank 0: what the result says besides the points. */
void sk_exec_describe(sk_exec_t *x)
{
  sk_suite_result_t *res = x->res;
  if (x->eng->rank != 0)
    return;
  if (x->ops->timing != NULL)
    res->timing = x->ops->timing;
  else if (!x->pat->synchronized)
    res->timing = x->pat->timing;
  else
    res->timing = x->s->collective_timing == SK_COLL_TIMING_ROOT_BARRIER
                      ? "root_minus_barrier"
                  : x->s->collective_timing == SK_COLL_TIMING_GLOBAL_SPAN
                      ? "global_span" : "max_local";
  if (x->pat->synchronized)
    sk_exec_describe_sync(x);
  sk_exec_describe_cache(x);
  if (x->pat->pair) {
    res->pair[0] = x->pair[0];
    res->pair[1] = x->pair[1];
    res->pair_latency = x->pair_latency;
    sk_exec_describe_pair(x);
  }
  if (x->ops->pairs)
    sk_exec_describe_pairs(x);
  if (x->ops->topology)
    res->topology = x->topo;
  if (x->ops->calibrated) {
    res->has_calib = 1;
    res->calib = x->eng->calib;
  }
  if (x->note[0] != '\0')
    sk_result_add_note(res, x->note);
  if (x->s->note != NULL)
    sk_result_add_note(res, x->s->note);
  if (x->s->clip.clipped) {
    char clip[640];
    sk_plan_clip_text(x->eng->plan, x->s, clip, sizeof clip);
    sk_result_add_note(res, clip);
  }
  if (x->s->batch > 1 && x->batch == 1)
    sk_result_add_note(res, x->s->cache == SK_CACHE_COLD
                       ? "Batch does not go with Cache = Cold (the cache "
                         "is flushed once a repetition): this suite "
                         "ignores it"
                       : "Batch applies to the ping-pong instances of Fig. "
                         "2 (1-8, 17, 34) and the simple ones only: this "
                         "suite ignores it");
  res->rate_unit = x->ops->rate_unit;
  if (sk_exec_placed(x))
    sk_result_add_note(res, x->s->pairs_placement == SK_PAIRS_ACROSS_NODES
                       ? "pairs: the i-th process of node A (the node of "
                         "world rank 0) with the i-th of node B (the node "
                         "of the lowest rank not on A), for the k pairs of "
                         "a point; each point lists its pairs and whether "
                         "they cross hosts"
                       : "pairs: of the first n processes of node A (the "
                         "node of world rank 0), the i-th with the (k+i)-th, "
                         "for the k = floor(n/2) pairs of a point; each "
                         "point lists its pairs");
  else if (x->ops->note != NULL)
    sk_result_add_note(res, x->ops->note);
}

/* Instances that move no typed data say so when a suite names patterns;
 * reductions say what they add and how. */
void sk_exec_dtype_note(const sk_exec_t *x, char *note, size_t size)
{
  note[0] = '\0';
  if (x->ops->reduces)
    sk_reduce_note(&x->red, x->s, note, size);
  else if (x->ops->plain && (x->s->send_datatype || x->s->recv_datatype))
    snprintf(note, size, "%s does not use the datatype patterns: %s",
             x->s->instance->name, x->ops->plain);
}

/* Builds the suite's datatypes and checks what can refuse it; on -1 the
 * suite has failed and the types are freed. */
int sk_exec_types(sk_exec_t *x, char *dtnote, size_t size)
{
  if (sk_dtype_build(x->eng->plan, x->s, &x->dt, dtnote, size) != 0) {
    sk_exec_fail(x, dtnote);
    sk_dtype_free(&x->dt);
    return -1;
  }
  if (sk_exec_check(x) != 0) {
    sk_exec_fail(x, x->msg);
    sk_dtype_free(&x->dt);
    return -1;
  }
  if (x->ops->reduces &&
      sk_reduce_init(&x->red, x->eng->plan, x->s, &x->dt) != 0) {
    sk_exec_fail(x, "the reduction's datatype and operation cannot be "
                 "built");
    sk_dtype_free(&x->dt);
    return -1;
  }
  return 0;
}

/* ---- setup that grows with the processes (guard.h, nodecomm.h) ---- */

/* The initial grid of a fixed-scale refiner (it needs no times). */
long *sk_exec_fixed_grid(sk_refine_t *r, size_t *n)
{
  size_t cap = 0;
  long *args = NULL, arg;
  *n = 0;
  while (sk_refine_next(r, &arg, NULL) == 1) {
    if (SK_GROW(args, cap, *n + 1, 64) != 0)
      break;
    args[(*n)++] = arg;
    sk_refine_record(r, arg, 1.0);
  }
  return args;
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_SETUP_DELAY=S makes every
 * process spend S more seconds (0 to 600) in the setup of every suite,
 * so that tests/mpi/hang.sh can see the watchdog allow for a setup. */
void sk_exec_test_setup_delay(void)
{
  const char *v = getenv("SKAMPI_TEST_SETUP_DELAY");
  double s = v != NULL ? atof(v) : 0.0;
  struct timespec ts;
  if (!(s > 0.0 && s <= 600.0))
    return;
  ts.tv_sec = (time_t)s;
  ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

/* The suite's setup, from t0 to now, is done: the watchdog allows for
 * it (guard.h) and rank 0 records it. */
void sk_exec_setup_done(sk_exec_t *x, double t0)
{
  double setup = MPI_Wtime() - t0;
  sk_guard_setup_done(setup);
  if (x->eng->rank == 0)
    x->res->setup_time += setup;
}

/* Rank 0: the arguments of a Nodes suite known before its first point
 * (a fixed grid, or --grid-from's), else none (n 0). */
static long *sk_exec_nodes_args(sk_exec_t *x, size_t *n)
{
  const sk_gridfile_suite_t *g;
  sk_refine_params_t p;
  sk_refine_t *r;
  long *args = NULL;
  char scratch[512];
  *n = 0;
  if (x->eng->grid != NULL) {
    g = sk_gridfile_match(x->eng->grid, x->s->name, x->lo, x->hi, scratch,
                          sizeof scratch);
    if (g != NULL && (args = malloc(g->nargs * sizeof *args)) != NULL) {
      memcpy(args, g->args, g->nargs * sizeof *args);
      *n = g->nargs;
    }
    return args;
  }
  sk_refine_params_from_suite(x->s, &p);
  p.start = x->lo;
  p.end = x->hi;
  if (p.dynamic || sk_refine_params_check(&p) != NULL ||
      (r = sk_refine_new(&p)) == NULL)
    return NULL;
  args = sk_exec_fixed_grid(r, n);
  sk_refine_free(r);
  return args;
}

/* Every process: the communicators of a Nodes suite's grid, made before
 * its first point when the grid is known (nodecomm.h). */
void sk_exec_nodes_prepare(sk_exec_t *x)
{
  long *args = NULL, n = 0;
  size_t k = 0;
  if (x->s->variation != SK_VARIATION_NODES)
    return;
  if (x->eng->rank == 0 && (args = sk_exec_nodes_args(x, &k)) != NULL)
    n = (long)(k < SK_NODECOMM_MAX ? k : SK_NODECOMM_MAX);
  MPI_Bcast(&n, 1, MPI_LONG, 0, x->eng->world);
  if (n > 0 && x->eng->rank != 0 &&
      (args = malloc((size_t)n * sizeof *args)) == NULL)
    MPI_Abort(x->eng->world, 4);
  if (n > 0) {
    MPI_Bcast(args, (int)n, MPI_LONG, 0, x->eng->world);
    sk_nodecomm_make(&x->nodes, args, (size_t)n);
  }
  free(args);
}
