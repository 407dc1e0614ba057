/*
 * run.c -- the measurement run: every suite of the plan, on every rank,
 * with the result file rewritten after each one.
 */
#include <config.h>

#include "run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "execute.h"
#include "gridfile.h"
#include "factors.h"
#include "pattern.h"
#include "pattern_simple.h"
#include "progress.h"
#include "result.h"
#include "runlog.h"
#include "sha256.h"
#include "sysinfo.h"

typedef struct sk_runstate {
  sk_engine_t eng;
  sk_progress_t progress;
  sk_result_t *res;          /* rank 0 */
  const char *outfile;
  double t0;
} sk_runstate_t;

/* Rank 0 reads the calibration parameters; everybody gets them. */
static void sk_run_calib(sk_engine_t *e)
{
  if (e->rank == 0 &&
      sk_simple_calib_from_env(&e->calib, e->calib_err,
                               sizeof e->calib_err) != 0)
    e->calib.a = -1.0;
  MPI_Bcast(&e->calib, (int)sizeof e->calib, MPI_BYTE, 0, e->world);
  MPI_Bcast(e->calib_err, (int)sizeof e->calib_err, MPI_CHAR, 0, e->world);
}

/* Rank 0 writes the result file; every rank learns whether it worked. */
static int sk_run_write(sk_runstate_t *st)
{
  int ok = 1;
  if (st->eng.rank == 0) {
    st->res->wall_time = MPI_Wtime() - st->t0;
    if (sk_result_write(st->res, st->outfile) != 0) {
      char m[512];
      snprintf(m, sizeof m, "cannot write the result file %s: %s",
               st->outfile, strerror(errno));
      sk_progress_error(&st->progress, m);
      ok = 0;
    }
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, st->eng.world);
  return ok ? 0 : -1;
}

/* Rank 0: the run's options among the factors, and the warning (also on
 * stderr, where mpiexec shows it at once, unless --quiet). */
static void sk_run_conditions(sk_factors_t *f, const sk_run_options_t *opt)
{
  f->shuffle = opt->shuffle;
  f->shuffle_seed = opt->seed;
  f->grid_from = opt->grid ? opt->grid->path : NULL;
  if (f->warning != NULL && !opt->quiet)
    fprintf(stderr, "skampi: warning: %s\n", f->warning);
}

/* Everything before the first suite; -1 (on every rank) when the result
 * cannot be kept. */
static int sk_run_start(sk_runstate_t *st, const sk_plan_t *plan,
                        const sk_run_options_t *opt)
{
  sk_engine_t *e = &st->eng;
  sk_factors_t scratch;
  int ok = 1;
  e->plan = plan;
  MPI_Comm_rank(e->world, &e->rank);
  MPI_Comm_size(e->world, &e->size);
  st->t0 = MPI_Wtime();
  st->outfile = opt->outfile ? opt->outfile
                : plan->outfile ? plan->outfile : "skampi.yaml";
  e->overhead = sk_pattern_overhead();
  e->tick = MPI_Wtick();
  sk_run_calib(e);
  e->progress = &st->progress;
  e->shuffle = opt->shuffle;
  sk_shuffle_init(&e->rng, (uint64_t)opt->seed);
  e->grid = opt->grid;
  if (e->rank == 0) {
    sk_progress_init(&st->progress, stderr,
                     sk_progress_mode(opt->quiet, getenv("SKAMPI_PROGRESS")),
                     plan->nsuites, st->t0);
    ok = (st->res = sk_result_new(plan)) != NULL;
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, e->world);
  if (!ok)
    return -1;
  ok = sk_factors_collect(e->rank == 0 ? &st->res->factors : &scratch,
                          e->world, e->overhead) == 0;
  if (e->rank == 0)
    sk_run_conditions(&st->res->factors, opt);
  MPI_Bcast(&ok, 1, MPI_INT, 0, e->world);
  return ok ? 0 : -1;
}

/* Rank 0: the parts of the result that need no MPI. */
static void sk_run_open_records(sk_runstate_t *st)
{
  sk_result_t *r = st->res;
  const sk_plan_t *plan = st->eng.plan;
  if (sk_sha256_file(plan->path, r->sha256) != 0)
    r->sha256[0] = '\0';
  sk_sysinfo_iso_time(time(NULL), r->start_time);
  r->status = SK_RUN_RUNNING;
}

/* Rank 0, once the result file is known to be writable: @LOGFILE. */
static void sk_run_open_log(sk_runstate_t *st)
{
  const sk_plan_t *plan = st->eng.plan;
  if (plan->logfile != NULL) {
    st->eng.log = fopen(plan->logfile, "w");
    if (st->eng.log == NULL) {
      char m[512];
      snprintf(m, sizeof m, "cannot open the log file %s: %s (going on "
               "without it)", plan->logfile, strerror(errno));
      sk_progress_error(&st->progress, m);
    }
  }
  sk_runlog_header(st->eng.log, st->res);
}

/* Rank 0: the k-th suite measured is s; with --shuffle the result lists
 * the suites in the order measured. */
static void sk_run_place(sk_runstate_t *st, size_t k, const sk_suite_t *s)
{
  st->res->suites[k].suite = s;
}

/* The order of the suites, the same on every rank: the plan's, or with
 * --shuffle a random one (rank 0 draws it first, before any grid). */
static long *sk_run_order(sk_runstate_t *st, size_t n)
{
  long *order = malloc((n ? n : 1) * sizeof *order);
  size_t i;
  int ok = order != NULL, all;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, st->eng.world);
  if (!all) {               /* every rank falls back to the plan's order */
    free(order);
    return NULL;
  }
  for (i = 0; i < n; i++)
    order[i] = (long)i;
  if (st->eng.shuffle && st->eng.rank == 0)
    sk_shuffle_longs(&st->eng.rng, order, n);
  MPI_Bcast(order, (int)n, MPI_LONG, 0, st->eng.world);
  return order;
}

/* Suite k (0-based, the order measured), plan suite idx, on every rank;
 * rank 0 reports it. */
static void sk_run_suite(sk_runstate_t *st, size_t k, size_t idx)
{
  sk_engine_t *e = &st->eng;
  const sk_suite_t *s = &e->plan->suites[idx];
  sk_suite_result_t *sr = e->rank == 0 ? &st->res->suites[k] : NULL;
  sk_suite_result_t scratch;
  size_t i, met = 0;
  if (e->rank == 0) {
    sk_run_place(st, k, s);
    sk_progress_suite_begin(&st->progress, k + 1, s->name, MPI_Wtime());
    sk_runlog_suite_begin(e->log, k + 1, e->plan->nsuites, s);
  } else {
    memset(&scratch, 0, sizeof scratch);
    sr = &scratch;
  }
  sk_execute_suite(e, s, sr);
  if (e->rank != 0)
    return;
  st->res->nsuites = k + 1;
  for (i = 0; i < sr->npoints; i++)
    met += sr->points[i].eps_met ? 1 : 0;
  if (sr->status == SK_SUITE_FAILED)
    sk_progress_error(&st->progress, sr->message ? sr->message : "failed");
  sk_progress_suite_end(&st->progress, sk_suite_status_name(sr->status),
                        sr->npoints, met, MPI_Wtime());
  sk_runlog_suite_end(e->log, sr);
}

/* Rank 0: the run's final status, the last write of the result file and
 * the closing lines; returns the exit code. */
static int sk_run_finish(sk_runstate_t *st, int aborted)
{
  sk_result_t *r = st->res;
  size_t i;
  int code;
  r->status = aborted ? SK_RUN_ABORTED : SK_RUN_COMPLETE;
  for (i = 0; !aborted && i < r->nsuites; i++)
    if (r->suites[i].status == SK_SUITE_FAILED ||
        r->suites[i].status == SK_SUITE_CRASHED)
      r->status = SK_RUN_PARTIAL;
  sk_sysinfo_iso_time(time(NULL), r->end_time);
  code = r->status == SK_RUN_ABORTED   ? SK_EXIT_ABORTED
         : r->status == SK_RUN_PARTIAL ? SK_EXIT_PARTIAL : SK_EXIT_OK;
  r->wall_time = MPI_Wtime() - st->t0;
  if (!aborted && sk_result_write(r, st->outfile) != 0) {
    char m[512];
    snprintf(m, sizeof m, "cannot write the result file %s: %s",
             st->outfile, strerror(errno));
    sk_progress_error(&st->progress, m);
    code = SK_EXIT_ABORTED;
  }
  sk_runlog_footer(st->eng.log, r);
  sk_progress_done(&st->progress, sk_run_status_name(r->status),
                   MPI_Wtime());
  return code;
}

int sk_run(const sk_plan_t *plan, const sk_run_options_t *opt)
{
  sk_runstate_t st;
  size_t k;
  long *order;
  int code = SK_EXIT_ABORTED, aborted = 0;
  memset(&st, 0, sizeof st);
  MPI_Comm_dup(MPI_COMM_WORLD, &st.eng.world);
  if (sk_run_start(&st, plan, opt) != 0)
    goto out;
  if (st.eng.rank == 0)
    sk_run_open_records(&st);
  if (sk_run_write(&st) != 0)
    goto out;
  if (st.eng.rank == 0)
    sk_run_open_log(&st);
  order = sk_run_order(&st, plan->nsuites);
  for (k = 0; k < plan->nsuites && !aborted; k++) {
    sk_run_suite(&st, k, order ? (size_t)order[k] : k);
    aborted = sk_run_write(&st) != 0;
  }
  free(order);
  if (st.eng.rank == 0)
    code = sk_run_finish(&st, aborted);
out:
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (st.eng.rank == 0) {
    sk_result_free(st.res);
    if (st.eng.log != NULL)
      fclose(st.eng.log);
  }
  MPI_Comm_free(&st.eng.world);
  return code;
}
