/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * result.c -- the result of a run, written as YAML through emit.h.
 *
 * The order of the keys is the one of doc/output-format.md.
 */
#include <config.h>

#include "result.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit.h"
#include "grow.h"
#include "outfile.h"
#include "plan_emit.h"
#include "result_place.h"
#include "schema.h"

sk_result_t *sk_result_new(const sk_plan_t *plan)
{
  size_t i;
  sk_result_t *r = calloc(1, sizeof *r);
  if (r == NULL)
    return NULL;
  r->plan = plan;
  r->factors.mpi_init_time = NAN;   /* not measured until collected */
  r->suites = calloc(plan->nsuites ? plan->nsuites : 1, sizeof *r->suites);
  if (r->suites == NULL) {
    free(r);
    return NULL;
  }
  for (i = 0; i < plan->nsuites; i++) {
    r->suites[i].suite = &plan->suites[i];
    r->suites[i].status = SK_SUITE_FAILED;
    r->suites[i].pair[0] = r->suites[i].pair[1] = -1;
    r->suites[i].pair_latency = NAN;
    r->suites[i].limit = -1.0;
  }
  return r;
}

static void sk_result_free_strv(char **v, size_t n)
{
  size_t i;
  if (v == NULL)
    return;
  for (i = 0; i < n; i++)
    free(v[i]);
  free(v);
}

void sk_result_free_suite(sk_suite_result_t *s)
{
  size_t i;
  for (i = 0; i < s->npoints; i++) {
    free(s->points[i].node_times);
    free(s->points[i].raw);
    free(s->points[i].pairs);
    free(s->points[i].rtl);
  }
  free(s->points);
  free(s->message);
  free(s->fault.call);
  free(s->fault.send);
  free(s->fault.recv);
  free(s->fault.wrong);
  free(s->fault.library);
  free(s->fault.reproducer);
  free(s->fault.no_reproducer);
  free(s->unmeasured);
  sk_noise_free(&s->noise);
  sk_result_free_strv(s->notes, s->nnotes);
  memset(s, 0, sizeof *s);
}

void sk_result_free(sk_result_t *r)
{
  size_t i;
  if (r == NULL)
    return;
  for (i = 0; i < r->plan->nsuites; i++)
    sk_result_free_suite(&r->suites[i]);
  free(r->suites);
  free(r->factors.mpi_library);
  free(r->factors.mpi_version);
  sk_result_free_strv(r->factors.hosts, (size_t)r->factors.processes);
  sk_result_free_strv(r->factors.affinity, (size_t)r->factors.processes);
  sk_result_free_strv(r->factors.env, r->factors.nenv);
  sk_result_free_strv(r->factors.batch, r->factors.nbatch);
  free(r->factors.governor);
  free(r->factors.mpi_init_times);
  free(r->factors.warning);
  sk_noise_free(&r->noise);
  free(r->stop);
  free(r);
}

static double *sk_result_dup_doubles(const double *v, size_t n)
{
  double *d = malloc(n * sizeof *d);
  if (d != NULL)
    memcpy(d, v, n * sizeof *d);
  return d;
}

/* Copies the arrays p points to into q (a copy of *p); -1 when memory
 * is short, nothing copied then. */
static int sk_result_dup_arrays(sk_point_t *q, const sk_point_t *p)
{
  q->node_times = NULL;
  q->raw = NULL;
  q->pairs = NULL;
  q->rtl = NULL;
  if (p->node_times != NULL && p->nprocs > 0 &&
      (q->node_times = sk_result_dup_doubles(p->node_times,
                                             (size_t)p->nprocs)) == NULL)
    return -1;
  if (p->raw != NULL && p->valid > 0 &&
      (q->raw = sk_result_dup_doubles(p->raw, (size_t)p->valid)) == NULL)
    goto fail;
  if (p->rtl != NULL && p->nprocs > 0 &&
      (q->rtl = sk_result_dup_doubles(p->rtl, (size_t)p->nprocs)) == NULL)
    goto fail;
  if (p->pairs != NULL && p->npairs > 0) {
    if ((q->pairs = malloc((size_t)p->npairs * sizeof *q->pairs)) == NULL)
      goto fail;
    memcpy(q->pairs, p->pairs, (size_t)p->npairs * sizeof *q->pairs);
  }
  return 0;
fail:
  free(q->node_times);
  free(q->raw);
  free(q->rtl);
  return -1;
}

/* The note that names a point without a value. */
static int sk_result_note_no_value(sk_suite_result_t *s, const sk_point_t *p)
{
  char note[160];
  snprintf(note, sizeof note, "no value at argument %ld: 0 valid "
           "repetitions (%ld invalid)", p->argument, p->invalid);
  return sk_result_add_note(s, note);
}

int sk_result_add_point(sk_suite_result_t *s, const sk_point_t *p)
{
  sk_point_t *q;
  size_t i;
  if (SK_GROW(s->points, s->cap, s->npoints + 1, 32) != 0)
    return -1;
  /* Keep the points in increasing argument order, as the file lists them. */
  for (i = s->npoints; i > 0 && s->points[i - 1].argument > p->argument; i--)
    ;
  memmove(&s->points[i + 1], &s->points[i],
          (s->npoints - i) * sizeof *s->points);
  q = &s->points[i];
  *q = *p;
  if (sk_result_dup_arrays(q, p) != 0) {
    memmove(&s->points[i], &s->points[i + 1],
            (s->npoints - i) * sizeof *s->points);
    return -1;
  }
  s->npoints++;
  return SK_POINT_HAS_VALUE(p) ? 0 : sk_result_note_no_value(s, p);
}

int sk_result_add_note(sk_suite_result_t *s, const char *note)
{
  if (SK_GROW(s->notes, s->capnotes, s->nnotes + 1, 4) != 0 ||
      (s->notes[s->nnotes] = strdup(note)) == NULL)
    return -1;
  s->nnotes++;
  return 0;
}

int sk_result_set_unmeasured(sk_suite_result_t *s, const long *args,
                             size_t n, int refinement)
{
  long *v = malloc((n ? n : 1) * sizeof *v);
  if (v == NULL)
    return -1;
  if (n > 0)
    memcpy(v, args, n * sizeof *v);
  free(s->unmeasured);
  s->unmeasured = v;
  s->nunmeasured = n;
  s->unmeasured_refinement = refinement;
  return 0;
}

int sk_result_set_message(sk_suite_result_t *s, const char *msg)
{
  char *m = strdup(msg);
  if (m == NULL)
    return -1;
  free(s->message);
  s->message = m;
  return 0;
}

const char *sk_suite_status_name(sk_suite_status_t s)
{
  switch (s) {
  case SK_SUITE_COMPLETE: return "complete";
  case SK_SUITE_FAILED: return "failed";
  case SK_SUITE_TIMED_OUT: return "incomplete";
  case SK_SUITE_CRASHED: return "crashed";
  case SK_SUITE_LIBRARY_FAULT: return "library_fault";
  case SK_SUITE_LEFT_OUT: return "left_out";
  }
  return "?";
}

const char *sk_run_status_name(sk_run_status_t s)
{
  switch (s) {
  case SK_RUN_RUNNING: return "running";
  case SK_RUN_COMPLETE: return "complete";
  case SK_RUN_PARTIAL: return "partial";
  case SK_RUN_ABORTED: return "aborted";
  case SK_RUN_INCOMPLETE: return "incomplete";
  }
  return "?";
}

/* ---- writing ---------------------------------------------------------- */

/* key: [v0, v1, ...], n numbers in a flow sequence. */
static void sk_result_emit_doubles(sk_emit_t *e, const char *key,
                                   const double *v, long n)
{
  long i;
  sk_emit_str(e, key);
  sk_emit_flow_seq_begin(e);
  for (i = 0; i < n; i++)
    sk_emit_double(e, v[i]);
  sk_emit_seq_end(e);
}

static int sk_result_emit_strv(sk_emit_t *e, const char *key, char **v,
                               size_t n, int flow)
{
  size_t i;
  sk_emit_str(e, key);
  if (flow)
    sk_emit_flow_seq_begin(e);
  else
    sk_emit_seq_begin(e);
  for (i = 0; i < n; i++)
    sk_emit_str(e, v[i]);
  return sk_emit_seq_end(e);
}

/* run: its status and times, the only part of the file's head that
 * changes while the run goes on (src/engine/resultfile.c rewrites it in
 * place). */
static int sk_result_emit_run(sk_emit_t *e, const sk_result_t *r)
{
  sk_emit_str(e, "run");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "status", sk_run_status_name(r->status));
  if (r->stop != NULL)
    sk_emit_kv_str(e, "stop", r->stop);
  sk_emit_kv_str(e, "start_time", r->start_time);
  if (r->end_time[0] != '\0')
    sk_emit_kv_str(e, "end_time", r->end_time);
  sk_emit_kv_double(e, "wall_time", r->wall_time);
  return sk_emit_map_end(e);
}

static int sk_result_emit_head(sk_emit_t *e, const sk_result_t *r)
{
  const sk_plan_t *p = r->plan;
  size_t i;
  sk_emit_kv_long(e, "schema_version", SK_SCHEMA_VERSION);
  sk_emit_kv_str(e, "skampi_version", PACKAGE_VERSION);
  sk_emit_str(e, "suite_file");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "path", p->path);
  sk_emit_kv_str(e, "sha256", r->sha256[0] ? r->sha256 : NULL);
  sk_emit_map_end(e);
  sk_emit_str(e, "metadata");
  sk_emit_map_begin(e);
  for (i = 0; i < p->nmeta; i++)
    sk_emit_kv_str(e, p->meta[i].key, p->meta[i].value);
  sk_emit_map_end(e);
  return sk_result_emit_run(e, r);
}

/* "NAME=VALUE" entries as a mapping NAME: VALUE. */
static void sk_result_emit_entries(sk_emit_t *e, char **v, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    const char *eq = strchr(v[i], '=');
    char name[256];
    size_t len = eq ? (size_t)(eq - v[i]) : strlen(v[i]);
    if (len >= sizeof name)
      len = sizeof name - 1;
    memcpy(name, v[i], len);
    name[len] = '\0';
    sk_emit_kv_str(e, name, eq ? eq + 1 : "");
  }
}

/* The environment as a mapping NAME: VALUE; under a batch system its
 * job as the mapping batch (system first). */
static int sk_result_emit_env(sk_emit_t *e, const sk_factors_t *f)
{
  sk_emit_str(e, "environment");
  sk_emit_map_begin(e);
  sk_result_emit_entries(e, f->env, f->nenv);
  sk_emit_map_end(e);
  if (f->batch_system == NULL)
    return 0;
  sk_emit_str(e, "batch");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "system", f->batch_system);
  sk_result_emit_entries(e, f->batch, f->nbatch);
  return sk_emit_map_end(e);
}

/* What else may change the numbers: CPU frequency, pinning, the order
 * and grid of the run (doc/output-format.md). */
static int sk_result_emit_conditions(sk_emit_t *e, const sk_factors_t *f)
{
  sk_emit_kv_str(e, "cpu_governor", f->governor);
  if (f->cpu_frequency > 0.0)
    sk_emit_kv_double(e, "cpu_frequency", f->cpu_frequency);
  else
    sk_emit_kv_str(e, "cpu_frequency", NULL);
  sk_emit_kv_bool(e, "pinned", f->pinned);
  if (f->shuffle) {
    sk_emit_str(e, "shuffle_seed");
    sk_emit_long(e, (long)f->shuffle_seed);
  }
  if (f->grid_from != NULL)
    sk_emit_kv_str(e, "grid_from", f->grid_from);
  if (f->warning != NULL)
    sk_emit_kv_str(e, "warning", f->warning);
  return 0;
}

/* Does the plan hold a suite of an MPI-IO instance (its directory is a
 * factor then)? */
static int sk_result_has_io(const sk_plan_t *plan)
{
  size_t k;
  for (k = 0; k < plan->nsuites; k++)
    if (sk_instance_uses_files(plan->suites[k].instance))
      return 1;
  return 0;
}

/* factors.limits (doc/output-format.md; src/engine/nodelimits.c). */
static void sk_result_emit_limits(sk_emit_t *e, const sk_limits_t *l)
{
  size_t i;
  char key[32];
  if (l == NULL || !l->measured)
    return;
  sk_emit_str(e, "limits");
  sk_emit_map_begin(e);
  sk_emit_kv_double(e, "cost", l->cost);
  sk_emit_str(e, "cache_line");
  sk_emit_map_begin(e);
  sk_emit_str(e, "cpus");
  sk_emit_flow_seq_begin(e);
  sk_emit_long(e, l->cpus[0]);
  sk_emit_long(e, l->cpus[1]);
  sk_emit_seq_end(e);
  if (l->cl_measured) {
    sk_emit_kv_bool(e, "pinned", l->cl_pinned);
    sk_emit_kv_double(e, "median", l->cl_median);
    sk_emit_kv_double(e, "best", l->cl_best);
    sk_emit_kv_double(e, "spread", l->cl_spread);
    sk_emit_kv_long(e, "round_trips", l->round_trips);
  } else
    sk_emit_kv_str(e, "skipped", l->cl_skipped);
  sk_emit_map_end(e);
  sk_emit_str(e, "copy");
  sk_emit_map_begin(e);
  for (i = 0; i < l->ncopy; i++) {
    snprintf(key, sizeof key, "%ld", l->copy[i].length);
    sk_emit_str(e, key);
    sk_emit_flow_map_begin(e);
    sk_emit_kv_double(e, "median", l->copy[i].median);
    sk_emit_kv_double(e, "best", l->copy[i].best);
    sk_emit_kv_double(e, "spread", l->copy[i].spread);
    sk_emit_map_end(e);
  }
  sk_emit_map_end(e);
  if (l->all_ranks > 0) {
    sk_emit_str(e, "all_ranks_copy");
    sk_emit_flow_map_begin(e);
    sk_emit_kv_long(e, "ranks", l->all_ranks);
    sk_emit_kv_long(e, "length", l->all_length);
    sk_emit_kv_double(e, "rate", l->all_rate);
    sk_emit_kv_double(e, "spread", l->all_spread);
    sk_emit_map_end(e);
  }
  sk_emit_str(e, "links");
  sk_emit_map_begin(e);
  for (i = 0; i < l->nlinks; i++)
    sk_emit_kv_str(e, l->links[i].name, l->links[i].rate);
  sk_emit_map_end(e);
  sk_emit_map_end(e);
}

static int sk_result_emit_factors(sk_emit_t *e, const sk_result_t *r)
{
  const sk_factors_t *f = &r->factors;
  sk_emit_str(e, "factors");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "mpi_library", f->mpi_library);
  sk_emit_kv_str(e, "mpi_version", f->mpi_version);
  sk_emit_kv_long(e, "processes", f->processes);
  sk_result_emit_strv(e, "hosts", f->hosts, f->hosts ? (size_t)f->processes : 0, 1);
  sk_result_emit_strv(e, "affinity", f->affinity,
                      f->affinity ? (size_t)f->processes : 0, 1);
  sk_emit_kv_str(e, "compiler", f->compiler);
  sk_emit_kv_str(e, "cflags", f->cflags);
  sk_emit_kv_str(e, "timer", f->timer);
  sk_emit_kv_double(e, "timer_resolution", f->timer_resolution);
  if (f->timer_frequency > 0.0)
    sk_emit_kv_double(e, "timer_frequency", f->timer_frequency);
  sk_emit_kv_double(e, "timer_overhead", f->timer_overhead);
  if (!isnan(f->mpi_init_time))
    sk_emit_kv_double(e, "mpi_init_time", f->mpi_init_time);
  if (f->mpi_init_times != NULL)
    sk_result_emit_doubles(e, "mpi_init_times", f->mpi_init_times,
                           f->processes);
  if (f->mpi_thread_level != NULL) {
    sk_emit_kv_str(e, "mpi_thread_requested", f->mpi_thread_requested);
    sk_emit_kv_str(e, "mpi_thread_level", f->mpi_thread_level);
  }
  if (f->buffer_alignment > 0)
    sk_emit_kv_long(e, "buffer_alignment", f->buffer_alignment);
  sk_result_emit_env(e, f);
  sk_result_emit_conditions(e, f);
  sk_emit_kv_long(e, "memory_kib", r->plan->memory_kib);
  sk_emit_kv_long(e, "cachewarmup", r->plan->cachewarmup);
  sk_result_emit_limits(e, &r->limits);
  if (sk_result_has_io(r->plan))
    sk_emit_kv_str(e, "io_directory", r->plan->io_directory != NULL
                                          ? r->plan->io_directory : ".");
  return sk_emit_map_end(e);
}

static const char *sk_result_arg_name(sk_variation_t v, int unit)
{
  switch (v) {
  case SK_VARIATION_LENGTH: return unit ? "bytes" : "length";
  case SK_VARIATION_NODES: return unit ? "processes" : "nodes";
  case SK_VARIATION_CHUNKS: return unit ? "chunks" : "chunks";
  case SK_VARIATION_NONE: break;
  }
  return "none";
}

/* Multipair_Pingpong: the world ranks of each pair, and whether each
 * crosses hosts when every host name is known. */
static void sk_result_emit_pairs(sk_emit_t *e, const sk_point_t *p)
{
  int i, known = 1;
  sk_emit_str(e, "pairs");
  sk_emit_flow_seq_begin(e);
  for (i = 0; i < p->npairs; i++) {
    sk_emit_flow_seq_begin(e);
    sk_emit_long(e, p->pairs[i].lo);
    sk_emit_long(e, p->pairs[i].hi);
    sk_emit_seq_end(e);
    known = known && p->pairs[i].cross >= 0;
  }
  sk_emit_seq_end(e);
  if (!known)
    return;
  sk_emit_str(e, "pairs_cross_hosts");
  sk_emit_flow_seq_begin(e);
  for (i = 0; i < p->npairs; i++)
    sk_emit_bool(e, p->pairs[i].cross);
  sk_emit_seq_end(e);
}

/* modes: one {location, share} per group, only when there are several. */
static void sk_result_emit_modes(sk_emit_t *e, const sk_point_t *p)
{
  int k;
  if (p->nmodes < 2)
    return;
  sk_emit_str(e, "modes");
  sk_emit_seq_begin(e);
  for (k = 0; k < p->nmodes && k < SK_MODES_MAX; k++) {
    sk_emit_map_begin(e);
    sk_emit_kv_double(e, "location", p->mode_location[k]);
    sk_emit_kv_double(e, "share", p->mode_share[k]);
    sk_emit_map_end(e);
  }
  sk_emit_seq_end(e);
}

/* A statistic of p as written: .nan when no repetition was valid, never
 * a 0 that looks measured. */
static double sk_result_value(const sk_point_t *p, double v)
{
  return SK_POINT_HAS_VALUE(p) ? v : NAN;
}

static int sk_result_emit_point(sk_emit_t *e, const sk_point_t *p)
{
  sk_emit_map_begin(e);
  sk_emit_kv_long(e, "argument", p->argument);
  sk_emit_kv_double(e, "mean", sk_result_value(p, p->mean));
  sk_emit_kv_double(e, "stderr", sk_result_value(p, p->se));
  sk_emit_kv_long(e, "repetitions", p->repetitions);
  sk_emit_kv_long(e, "cut", p->cut);
  sk_emit_kv_double(e, "min", sk_result_value(p, p->min));
  sk_emit_kv_double(e, "median", sk_result_value(p, p->median));
  sk_emit_kv_double(e, "max", sk_result_value(p, p->max));
  sk_emit_kv_double(e, "q1", sk_result_value(p, p->q1));
  sk_emit_kv_double(e, "q3", sk_result_value(p, p->q3));
  if (p->percentiles) {
    sk_emit_kv_double(e, "p50", sk_result_value(p, p->p50));
    sk_emit_kv_double(e, "p90", sk_result_value(p, p->p90));
    sk_emit_kv_double(e, "p99", sk_result_value(p, p->p99));
    sk_emit_kv_double(e, "p999", sk_result_value(p, p->p999));
  }
  sk_result_emit_modes(e, p);
  sk_emit_kv_long(e, "valid", p->valid);
  sk_emit_kv_long(e, "invalid", p->invalid);
  sk_emit_kv_long(e, "delayed", p->delayed);
  sk_emit_kv_bool(e, "eps_met", p->eps_met);
  sk_emit_kv_str(e, "stop", sk_stop_name(p->stop));
  sk_emit_kv_bool(e, "refined", p->refined);
  sk_emit_kv_long(e, "order", p->order);
  sk_emit_kv_long(e, "processes", p->nprocs);
  sk_emit_kv_double(e, "elapsed", p->elapsed);
  if (!isnan(p->barrier_time))
    sk_emit_kv_double(e, "barrier_time", p->barrier_time);
  if (p->batch > 0 && !isnan(p->batch_region)) {
    sk_emit_kv_long(e, "batch", p->batch);
    sk_emit_kv_double(e, "batch_region", p->batch_region);
  }
  if (p->unresolved)
    sk_emit_kv_bool(e, "resolved", 0);
  if (p->rate > 0.0)
    sk_emit_kv_double(e, "rate", p->rate);
  if (p->pairs != NULL && p->npairs > 0)
    sk_result_emit_pairs(e, p);
  if (p->window > 0.0)
    sk_emit_kv_double(e, "window", p->window);
  if (p->node_times != NULL)
    sk_result_emit_doubles(e, "node_times", p->node_times, p->nprocs);
  if (p->rtl != NULL)
    sk_result_emit_doubles(e, "rtl", p->rtl, p->nprocs);
  if (p->has_dest) {
    sk_emit_str(e, "destinations");
    sk_emit_flow_map_begin(e);
    sk_emit_kv_double(e, "min", p->dest_min);
    sk_emit_kv_double(e, "median", p->dest_median);
    sk_emit_kv_double(e, "max", p->dest_max);
    sk_emit_kv_long(e, "slowest", p->dest_slowest);
    sk_emit_map_end(e);
  }
  if (p->raw != NULL)
    sk_result_emit_doubles(e, "raw", p->raw, p->valid);
  if (p->overlap) {
    sk_emit_str(e, "overlap");
    sk_emit_map_begin(e);
    sk_emit_kv_double(e, "pure", p->ovl_pure);
    sk_emit_kv_double(e, "with_computation", sk_result_value(p, p->mean));
    sk_emit_kv_double(e, "computation", p->ovl_cpu);
    sk_emit_kv_double(e, "percent", p->ovl_percent);
    sk_emit_kv_long(e, "test_calls", p->ovl_tests);
    sk_emit_map_end(e);
  }
  if (p->persistent) {
    sk_emit_str(e, "persistent");
    sk_emit_map_begin(e);
    sk_emit_kv_double(e, "init_time", p->init_time);
    sk_emit_kv_double(e, "free_time", p->free_time);
    sk_emit_map_end(e);
  }
  return sk_emit_map_end(e);
}

static int sk_result_emit_calib(sk_emit_t *e, const sk_calib_t *c)
{
  sk_emit_str(e, "calibration");
  sk_emit_map_begin(e);
  sk_emit_kv_double(e, "a", c->a);
  sk_emit_kv_double(e, "b", c->b);
  sk_emit_kv_double(e, "c", c->c);
  sk_emit_kv_long(e, "m0", c->m0);
  return sk_emit_map_end(e);
}

/* How the repetitions were started together (doc/output-format.md). */
static int sk_result_emit_sync(sk_emit_t *e, const sk_sync_info_t *y)
{
  if (y->method == NULL)
    return 0;
  sk_emit_str(e, "synchronization");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "method", y->method);
  if (y->clock_sync != NULL) {
    if (y->window > 0.0)
      sk_emit_kv_double(e, "window", y->window);
    sk_emit_kv_str(e, "window_source", y->window_source);
    sk_emit_str(e, "clock_sync");
    sk_emit_map_begin(e);
    sk_emit_kv_str(e, "algorithm", y->clock_sync);
    sk_emit_kv_long(e, "fit_points", y->fit_points);
    sk_emit_kv_long(e, "exchanges", y->exchanges);
    sk_emit_kv_long(e, "rounds", y->rounds);
    sk_emit_kv_double(e, "cost", y->cost);
    sk_emit_kv_double(e, "max_rtt", y->max_rtt);
    sk_emit_kv_double(e, "max_slope", y->max_slope);
    sk_emit_map_end(e);
  }
  return sk_emit_map_end(e);
}

static int sk_result_emit_pair(sk_emit_t *e, const sk_suite_result_t *s)
{
  sk_emit_str(e, "pingpong_pair");
  sk_emit_flow_seq_begin(e);
  sk_emit_long(e, s->pair[0]);
  sk_emit_long(e, s->pair[1]);
  sk_emit_seq_end(e);
  if (!isnan(s->pair_latency))
    sk_emit_kv_double(e, "pingpong_pair_latency", s->pair_latency);
  return 0;
}

/* A neighbourhood collective's topology (doc/output-format.md). */
static int sk_result_emit_topology(sk_emit_t *e, const sk_topo_info_t *t)
{
  int i;
  if (t->kind == NULL)
    return 0;
  sk_emit_str(e, "topology");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "kind", t->kind);
  if (strcmp(t->kind, "cartesian") == 0) {
    sk_emit_str(e, "dimensions");
    sk_emit_flow_seq_begin(e);
    for (i = 0; i < t->ndims && i < 3; i++)
      sk_emit_long(e, t->dims[i]);
    sk_emit_seq_end(e);
    sk_emit_kv_bool(e, "periodic", 1);
  }
  if (strcmp(t->kind, "random_regular") == 0) {
    sk_emit_kv_long(e, "degree", t->degree);
    sk_emit_kv_long(e, "seed", t->seed);
  }
  sk_emit_kv_long(e, "sources", t->sources);
  sk_emit_kv_long(e, "destinations", t->destinations);
  return sk_emit_map_end(e);
}

/* key: v, or key: null when v is NaN (not known). */
static void sk_result_kv_num(sk_emit_t *e, const char *key, double v)
{
  if (isnan(v))
    sk_emit_kv_str(e, key, NULL);
  else
    sk_emit_kv_double(e, key, v);
}

/* evidence: the sentences of a verdict, a block list. */
static void sk_result_emit_evidence(sk_emit_t *e, const sk_noise_t *n)
{
  sk_result_emit_strv(e, "evidence", n->evidence, n->nevidence, 0);
}

/* A span's summary numbers (doc/output-format.md, "noise"). */
static void sk_result_emit_noise_numbers(sk_emit_t *e, const sk_noise_t *n)
{
  sk_emit_kv_long(e, "delayed", n->delayed);
  sk_emit_kv_long(e, "repetitions", n->repetitions);
  if (isnan(n->cpu_share)) {
    sk_emit_kv_str(e, "cpu_share", NULL);
  } else {
    sk_emit_kv_double(e, "cpu_share", n->cpu_share);
    sk_emit_kv_long(e, "cpu_share_rank", n->cpu_rank);
  }
  sk_emit_kv_double(e, "switch_rate", n->switch_rate);
  if (n->switch_rate > 0.0)
    sk_emit_kv_long(e, "switch_rate_rank", n->switch_rank);
}

/* The run's hosts: ranks, CPUs, load and runnable tasks. */
static void sk_result_emit_noise_hosts(sk_emit_t *e, const sk_noise_t *n)
{
  size_t h;
  sk_emit_str(e, "hosts");
  sk_emit_seq_begin(e);
  for (h = 0; h < n->nhosts; h++) {
    const sk_noise_host_t *x = &n->hosts[h];
    sk_emit_flow_map_begin(e);
    sk_emit_kv_str(e, "host", x->name);
    sk_emit_kv_long(e, "ranks", x->ranks);
    sk_emit_kv_long(e, "cpus", x->cpus);
    sk_result_kv_num(e, "load_start", x->load_start);
    sk_result_kv_num(e, "load_end", x->load_end);
    sk_emit_kv_long(e, "runnable_start", x->runnable_start);
    sk_emit_kv_long(e, "runnable_end", x->runnable_end);
    sk_emit_map_end(e);
  }
  sk_emit_seq_end(e);
}

/* The run's noise (doc/output-format.md, "noise"); nothing before it was
 * judged. */
static int sk_result_emit_noise(sk_emit_t *e, const sk_noise_t *n)
{
  if (!n->measured)
    return 0;
  sk_emit_str(e, "noise");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "verdict", sk_noise_name(n->verdict));
  sk_result_emit_evidence(e, n);
  sk_emit_kv_double(e, "quantum", SK_NOISE_QUANTUM);
  sk_result_emit_noise_numbers(e, n);
  if (n->rank_cpu_share != NULL) {
    sk_result_emit_doubles(e, "rank_cpu_share", n->rank_cpu_share,
                           n->nranks);
    sk_result_emit_doubles(e, "rank_switches", n->rank_switches, n->nranks);
  }
  if (n->hosts != NULL)
    sk_result_emit_noise_hosts(e, n);
  return sk_emit_map_end(e);
}

/* A suite's noise: its verdict, evidence and numbers. */
static void sk_result_emit_suite_noise(sk_emit_t *e, const sk_noise_t *n)
{
  if (!n->measured)
    return;
  sk_emit_str(e, "noise");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "verdict", sk_noise_name(n->verdict));
  sk_result_emit_evidence(e, n);
  sk_result_emit_noise_numbers(e, n);
  sk_emit_map_end(e);
}

/* A suite a time limit stopped: the arguments it left unmeasured. */
static void sk_result_emit_unmeasured(sk_emit_t *e, const sk_suite_result_t *s)
{
  size_t i;
  if (s->unmeasured == NULL)
    return;
  sk_emit_str(e, "unmeasured");
  sk_emit_flow_seq_begin(e);
  for (i = 0; i < s->nunmeasured; i++)
    sk_emit_long(e, s->unmeasured[i]);
  sk_emit_seq_end(e);
  sk_emit_kv_bool(e, "unmeasured_refinement", s->unmeasured_refinement);
}

/* A suite's library_fault (doc/output-format.md), when it has one. */
static void sk_result_emit_fault(sk_emit_t *e, const sk_fault_found_t *f)
{
  if (f->call == NULL)
    return;
  sk_emit_str(e, "library_fault");
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "call", f->call);
  sk_emit_kv_str(e, "send_datatype", f->send ? f->send : "");
  sk_emit_kv_str(e, "receive_datatype", f->recv ? f->recv : "");
  sk_emit_kv_long(e, "processes", f->processes);
  sk_emit_kv_long(e, "argument", f->argument);
  sk_emit_kv_str(e, "first_wrong", f->wrong ? f->wrong : "");
  sk_emit_kv_str(e, "library", f->library ? f->library : "");
  sk_emit_kv_str(e, "reproducer", f->reproducer ? f->reproducer : "");
  if (f->no_reproducer != NULL)
    sk_emit_kv_str(e, "no_reproducer", f->no_reproducer);
  sk_emit_map_end(e);
}

static int sk_result_emit_suite(sk_emit_t *e, const sk_plan_t *plan,
                                const sk_suite_result_t *s)
{
  const sk_suite_t *su = s->suite;
  size_t i;
  sk_emit_map_begin(e);
  sk_emit_kv_str(e, "name", su->name);
  sk_emit_kv_long(e, "type", su->instance->number);
  sk_emit_kv_str(e, "instance", su->instance->name);
  sk_emit_kv_str(e, "pattern",
                 sk_instance_pattern_name(su->instance->pattern));
  sk_emit_kv_str(e, "status", sk_suite_status_name(s->status));
  sk_emit_kv_str(e, "message", s->message ? s->message : "");
  sk_result_emit_fault(e, &s->fault);
  sk_emit_str(e, "parameters");
  sk_plan_emit_suite_params(e, su);
  sk_plan_emit_clip(e, plan, su);
  sk_emit_kv_str(e, "argument_name", sk_result_arg_name(su->variation, 0));
  sk_emit_kv_str(e, "argument_unit", sk_result_arg_name(su->variation, 1));
  sk_emit_kv_str(e, "time_unit", "s");
  sk_emit_kv_str(e, "timing", s->timing ? s->timing : "none");
  if (s->pair[0] >= 0)
    sk_result_emit_pair(e, s);
  sk_result_emit_pair_place(e, &s->pair_place);
  sk_result_emit_pairs_place(e, &s->pairs_place);
  if (s->has_calib)
    sk_result_emit_calib(e, &s->calib);
  if (s->rate_unit != NULL)
    sk_emit_kv_str(e, "rate_unit", s->rate_unit);
  sk_result_emit_sync(e, &s->sync);
  sk_result_emit_topology(e, &s->topology);
  if (s->cache_mode != NULL) {
    sk_emit_str(e, "cache");
    sk_emit_map_begin(e);
    sk_emit_kv_str(e, "mode", s->cache_mode);
    if (strcmp(s->cache_mode, "cold") == 0) {
      sk_emit_kv_long(e, "size", s->cache_size);
      sk_emit_kv_str(e, "size_source", s->cache_source);
    }
    sk_emit_map_end(e);
  }
  sk_result_emit_strv(e, "notes", s->notes, s->nnotes, 0);
  sk_result_emit_suite_noise(e, &s->noise);
  sk_result_emit_unmeasured(e, s);
  sk_emit_kv_double(e, "elapsed", s->elapsed);
  if (s->setup_time > 0.0)
    sk_emit_kv_double(e, "setup_time", s->setup_time);
  if (s->refine_stop != NULL) {
    sk_emit_str(e, "refinement");
    sk_emit_map_begin(e);
    sk_emit_kv_str(e, "stop", s->refine_stop);
    sk_emit_kv_double(e, "worst_error", s->refine_worst);
    sk_emit_map_end(e);
  }
  sk_emit_str(e, "points");
  sk_emit_seq_begin(e);
  for (i = 0; i < s->npoints; i++)
    sk_result_emit_point(e, &s->points[i]);
  sk_emit_seq_end(e);
  return sk_emit_map_end(e);
}

/* Test only (doc/robustness.md, "Test-only switches"): with
 * SKAMPI_TEST_RESULT_FULL=NAME every write of the result file after
 * suite NAME goes to /dev/full, which fails it with ENOSPC as a full
 * disk does. */
static void sk_result_test_full(const sk_result_t *r, FILE *fp)
{
  const char *full = getenv("SKAMPI_TEST_RESULT_FULL");
  int fd;
  if (full == NULL || r->nsuites == 0 ||
      strcmp(r->suites[r->nsuites - 1].suite->name, full) != 0 ||
      (fd = open("/dev/full", O_WRONLY | O_CLOEXEC)) < 0)
    return;
  dup2(fd, fileno(fp));
  close(fd);
}

/* One document on fp made by emit(e, arg) inside a top-level mapping,
 * ended with the end marker when marker is set; -1 when the emitter
 * failed (or its stream: ferror). */
static int sk_result_emit_doc(FILE *fp, int marker,
                              int (*emit)(sk_emit_t *, const void *),
                              const void *arg)
{
  sk_emit_t *e = sk_emit_open(fp);
  if (e == NULL)
    return -1;
  if (marker)
    sk_emit_end_marker(e);
  sk_emit_map_begin(e);
  emit(e, arg);
  sk_emit_map_end(e);
  return sk_emit_close(e) == 0 && !ferror(fp) ? 0 : -1;
}

static int sk_result_emit_all(sk_emit_t *e, const void *arg)
{
  const sk_result_t *r = arg;
  size_t i;
  sk_result_emit_head(e, r);
  sk_result_emit_factors(e, r);
  sk_result_emit_nodes(e, r);
  sk_emit_str(e, "suites");
  sk_emit_seq_begin(e);
  for (i = 0; r->kept != NULL && i < sk_resume_count(r->kept); i++)
    sk_resume_emit(r->kept, i, e);
  for (i = 0; i < r->nsuites; i++)
    sk_result_emit_suite(e, r->plan, &r->suites[i]);
  sk_emit_seq_end(e);
  /* the run's noise is judged when it ends, so it follows the suites:
   * resultfile.c appends it after the last one */
  return sk_result_emit_noise(e, &r->noise);
}

static int sk_result_emit_noise_only(sk_emit_t *e, const void *arg)
{
  const sk_result_t *r = arg;
  return sk_result_emit_noise(e, &r->noise);
}

static int sk_result_emit_run_only(sk_emit_t *e, const void *arg)
{
  return sk_result_emit_run(e, arg);
}

/* The argument of sk_result_emit_one_suite(): suite k of r. */
typedef struct sk_result_suite_arg {
  const sk_result_t *r;
  size_t k;
} sk_result_suite_arg_t;

static int sk_result_emit_one_suite(sk_emit_t *e, const void *arg)
{
  const sk_result_t *r = ((const sk_result_suite_arg_t *)arg)->r;
  size_t k = ((const sk_result_suite_arg_t *)arg)->k;
  sk_emit_str(e, "suites");
  sk_emit_seq_begin(e);
  sk_result_emit_suite(e, r->plan, &r->suites[k]);
  return sk_emit_seq_end(e);
}

int sk_result_text(FILE *fp, const sk_result_t *r)
{
  return sk_result_emit_doc(fp, 1, sk_result_emit_all, r);
}

int sk_result_text_noise(FILE *fp, const sk_result_t *r)
{
  return sk_result_emit_doc(fp, 0, sk_result_emit_noise_only, r);
}

int sk_result_text_run(FILE *fp, const sk_result_t *r)
{
  return sk_result_emit_doc(fp, 0, sk_result_emit_run_only, r);
}

int sk_result_text_suite(FILE *fp, const sk_result_t *r, size_t k)
{
  sk_result_suite_arg_t a;
  a.r = r;
  a.k = k;
  return sk_result_emit_doc(fp, 0, sk_result_emit_one_suite, &a);
}

int sk_result_write(const sk_result_t *r, const char *path,
                    const sk_outfile_inputs_t *in,
                    void (*on_tmp)(const char *tmp), char *why,
                    size_t whylen)
{
  sk_outfile_t *h = sk_outfile_open(path, SK_OUTFILE_RUN, in, why, whylen);
  int rc;
  if (h == NULL)
    return -1;
  if (on_tmp != NULL)
    on_tmp(h->tmp);
  sk_result_test_full(r, h->fp);
  rc = sk_result_text(h->fp, r);
  if (on_tmp != NULL)
    on_tmp(NULL);
  /* A failed emit shows in the stream's error flag, which the commit
   * turns into the reason (ENOSPC on a full disk). */
  if (rc == 0 || ferror(h->fp))
    return sk_outfile_commit(h, why, whylen);
  snprintf(why, whylen, "cannot write the result file: the YAML emitter "
           "failed");
  sk_outfile_abort(h);
  return -1;
}
