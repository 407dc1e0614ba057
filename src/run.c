/*
 * run.c -- the measurement run: every suite of the plan, on every rank,
 * with the result file rewritten after each one.
 */
#include <config.h>

#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "execute.h"
#include "gridfile.h"
#include "factors.h"
#include "grow.h"
#include "guard.h"
#include "iodir.h"
#include "journal.h"
#include "mpierr.h"
#include "msg.h"
#include "outfile.h"
#include "pattern.h"
#include "pattern_simple.h"
#include "progress.h"
#include "result.h"
#include "resultfile.h"
#include "run_resume.h"
#include "runlog.h"
#include "sha256.h"
#include "sysinfo.h"

typedef struct sk_runstate {
  sk_engine_t eng;
  sk_progress_t progress;
  sk_result_t *res;          /* rank 0 */
  const char *outfile;
  char *dest;                /* outfile, links resolved: the guard's */
  const char *inputs[2];     /* rank 0: the suite file, --grid-from */
  sk_outfile_inputs_t in;    /* no output may be one of them */
  sk_run_resume_t rr;        /* rank 0; order and norder on every rank */
  double t0;
  double timeout;            /* --timeout, or -1 */
  int quiet;
  size_t written;            /* rank 0: suites in the result file as last
                              * written (kept ones included) */
  sk_resultfile_t rf;        /* rank 0: the result file, appended to */
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

/* The suites a write of r puts in the result file. */
static size_t sk_run_in_file(const sk_result_t *r)
{
  return r->nsuites + (r->kept != NULL ? sk_resume_count(r->kept) : 0);
}

/* Rank 0: writes the result file (a signal handler removes its
 * temporary); -1 with the message said. */
static int sk_run_write_result(sk_runstate_t *st)
{
  char why[1200];
  st->res->wall_time = MPI_Wtime() - st->t0;
  if (sk_resultfile_write(&st->rf, st->res, st->outfile, &st->in,
                          sk_guard_set_tmp, why, sizeof why) == 0) {
    st->written = sk_run_in_file(st->res);
    return 0;
  }
  sk_progress_error(&st->progress, why);
  return -1;
}

/* Rank 0: -1 with the message said once a journal line could not be
 * written (the journal then writes no more: sk_journal_error()). */
static int sk_run_journal_ok(sk_runstate_t *st)
{
  char m[1200];
  int err = sk_journal_error();
  if (err == 0)
    return 0;
  snprintf(m, sizeof m, "cannot write the journal %s: %s", st->rr.journal,
           strerror(err));
  sk_progress_error(&st->progress, m);
  return -1;
}

/* Rank 0 writes the result file and, after a suite, the journal's end
 * line for it (end: its status); every rank learns whether the run goes
 * on.  A journal that failed stops the run as a result file that cannot
 * be written does: a suite cut short by it is not written. */
static int sk_run_write(sk_runstate_t *st, const char *end)
{
  int ok = 1, written;
  if (st->eng.rank == 0) {
    written = sk_journal_error() == 0 && sk_run_write_result(st) == 0;
    /* measured, not kept: no crash either */
    if (end != NULL && sk_journal_error() == 0)
      sk_journal_end(written ? end : "unwritten");
    ok = sk_run_journal_ok(st) == 0 && written;
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
    sk_msg_warning("%s", f->warning);
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
  e->interleave = !opt->per_suite;
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
  if (e->rank == 0) {
    sk_run_conditions(&st->res->factors, opt);
    e->hosts = st->res->factors.hosts;
  }
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

/* Rank 0, once the result file is known to be writable: @LOGFILE,
 * emptied, never through a link (lib/outfile.h). */
static void sk_run_open_log(sk_runstate_t *st)
{
  const sk_plan_t *plan = st->eng.plan;
  char why[1024], m[1200];
  int fd;
  if (plan->logfile != NULL) {
    fd = sk_outfile_open_append(plan->logfile, SK_OUTFILE_LOG, &st->in,
                                SK_OUTFILE_TRUNCATE, why, sizeof why);
    if (fd >= 0 && (st->eng.log = fdopen(fd, "a")) == NULL) {
      snprintf(why, sizeof why, "%s", strerror(errno));
      close(fd);
    }
    if (st->eng.log == NULL) {
      snprintf(m, sizeof m, "cannot open the log file: %s (going on "
               "without it)", why);
      sk_progress_error(&st->progress, m);
    }
  }
  sk_runlog_header(st->eng.log, st->res);
}

/* Suite k (0-based) on every rank, under the watchdog; rank 0 reports
 * it and fills the next entry of the result. */
static void sk_run_suite(sk_runstate_t *st, size_t k)
{
  sk_engine_t *e = &st->eng;
  const sk_suite_t *s = &e->plan->suites[k];
  sk_suite_result_t *sr = NULL;
  sk_suite_result_t scratch;
  size_t i, met = 0;
  if (e->rank == 0) {
    sr = &st->res->suites[st->res->nsuites];
    sr->suite = s;
    sk_journal_begin(k + 1, s->name);
    if (sk_instance_uses_files(s->instance))
      sk_journal_io(e->io_token, e->size);
    sk_progress_suite_begin(&st->progress, k + 1, s->name, MPI_Wtime());
    sk_runlog_suite_begin(e->log, k + 1, e->plan->nsuites, s);
  } else {
    memset(&scratch, 0, sizeof scratch);
    sr = &scratch;
  }
  sk_guard_arm_suite(sk_guard_timeout(s, st->timeout), e->size);
  sk_execute_suite(e, s, sr);
  sk_guard_arm(0.0);
  if (e->rank != 0)
    return;
  st->res->nsuites++;
  if (sk_journal_error() != 0)    /* cut short, not kept: sk_run_write() */
    return;
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
  for (i = 0; !aborted && r->kept != NULL && i < sk_resume_count(r->kept);
       i++)
    if (strcmp(sk_resume_status(r->kept, i), "failed") == 0 ||
        strcmp(sk_resume_status(r->kept, i), "crashed") == 0)
      r->status = SK_RUN_PARTIAL;
  sk_sysinfo_iso_time(time(NULL), r->end_time);
  code = r->status == SK_RUN_ABORTED   ? SK_EXIT_ABORTED
         : r->status == SK_RUN_PARTIAL ? SK_EXIT_PARTIAL : SK_EXIT_OK;
  r->wall_time = MPI_Wtime() - st->t0;
  if (!aborted && sk_run_write_result(st) != 0) {
    r->status = SK_RUN_ABORTED;
    code = SK_EXIT_ABORTED;
  }
  /* The file could not be rewritten (a full disk): its status at least
   * stops saying "running", in place. */
  if (r->status == SK_RUN_ABORTED)
    sk_guard_mark_aborted();
  sk_runlog_footer(st->eng.log, r);
  sk_progress_done(&st->progress, sk_run_status_name(r->status),
                   st->written, MPI_Wtime());
  return code;
}

/* Rank 0 decides what is left to do (doc/robustness.md); every rank
 * learns the order of the suites.  Returns 0 or the exit status. */
static int sk_run_plan_order(sk_runstate_t *st, const sk_run_options_t *opt)
{
  sk_engine_t *e = &st->eng;
  long n = 0;
  int code = 0;
  if (e->rank == 0) {
    code = sk_run_resume_prepare(&st->rr, st->res, st->outfile, opt->fresh,
                                 &st->in);
    if (code != 0)
      sk_progress_error(&st->progress, st->rr.err[0] ? st->rr.err
                                                      : "out of memory");
    /* --shuffle: the untried suites in random order; those retried after
     * a crash stay last (SKaMPI §4.3). */
    else if (e->shuffle && st->rr.norder > st->rr.retried)
      sk_shuffle_longs(&e->rng, st->rr.order,
                       st->rr.norder - st->rr.retried);
    n = (long)st->rr.norder;
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, e->world);
  if (code != 0)
    return code;
  MPI_Bcast(&n, 1, MPI_LONG, 0, e->world);
  if (e->rank != 0) {
    st->rr.order = malloc((size_t)(n ? n : 1) * sizeof *st->rr.order);
    if (st->rr.order == NULL)
      MPI_Abort(e->world, SK_EXIT_ABORTED);
    st->rr.norder = (size_t)n;
  }
  if (n > 0)
    MPI_Bcast(st->rr.order, (int)n, MPI_LONG, 0, e->world);
  return 0;
}

/* Rank 0, before the result file is rewritten: the journal, and what
 * the earlier run left (said unless --quiet). */
static int sk_run_open_journal(sk_runstate_t *st)
{
  sk_result_t *r = st->res;
  size_t i, kept = r->kept ? sk_resume_count(r->kept) : 0;
  char why[1024];
  if (sk_journal_open(st->rr.journal, r->sha256, &st->in, why,
                      sizeof why) != 0) {
    sk_progress_error(&st->progress, why);
    return -1;
  }
  if (sk_journal_start(st->eng.size, r->start_time) != 0) {
    char m[1200];
    snprintf(m, sizeof m, "cannot write the journal %s: %s", st->rr.journal,
             strerror(errno));
    sk_progress_error(&st->progress, m);
    return -1;
  }
  for (i = 0; i < r->nsuites; i++)
    sk_journal_crashed((size_t)(r->suites[i].suite - r->plan->suites) + 1,
                       r->suites[i].message);
  if (!st->quiet && st->rr.killed && st->rr.finish[0] != '\0')
    sk_msg_note("%s is incomplete: the run that wrote it stopped (%s says "
                "'finish %s') but could not write its status, which still "
                "says running", st->outfile, st->rr.journal, st->rr.finish);
  else if (!st->quiet && st->rr.killed)
    sk_msg_note("%s is incomplete: the run that wrote it was killed before "
                "it finished (its status says running, and no process "
                "holds %s)", st->outfile, st->rr.journal);
  if (!st->quiet && (kept > 0 || r->nsuites > 0 || st->rr.retried > 0))
    sk_msg_note("continuing %s: %zu suites kept, %zu to measure (%zu of "
                "them retried last), %zu skipped as crashed", st->outfile,
                kept, st->rr.norder, st->rr.retried, r->nsuites);
  return 0;
}

/* ---- interleaved points (--shuffle, Alg. 2 of the reproducibility
 * paper): the points of every suite whose arguments are known in
 * advance, in one random order (doc/engine.md "Order") ---- */

typedef struct sk_run_block {
  char *in;                  /* every rank: order[i] is interleaved */
  double *barrier;           /* every rank: per plan suite, its barrier
                              * time once measured (sk_execute_one) */
  sk_suite_result_t *res;    /* rank 0: per plan suite, until it is done */
  size_t *left;              /* rank 0: its points still to measure */
  int *started;              /* rank 0: its first point was measured */
  long *ent;                 /* rank 0: pairs (plan suite, argument) */
  size_t nent, next;
  size_t nsuites;            /* rank 0: suites interleaved */
  size_t open;               /* rank 0: the journal's open suite (1-based) */
} sk_run_block_t;

static void sk_run_block_free(sk_run_block_t *b)
{
  free(b->in);
  free(b->barrier);
  free(b->res);
  free(b->left);
  free(b->started);
  free(b->ent);
}

/* Rank 0: which suites are interleaved and the shuffled list of their
 * points; -1 when out of memory (nothing is interleaved then). */
static int sk_run_block_plan(sk_runstate_t *st, sk_run_block_t *b)
{
  sk_engine_t *e = &st->eng;
  size_t n = e->plan->nsuites, i, j, cap = 0, nargs, untried;
  long *args;
  b->res = calloc(n, sizeof *b->res);
  b->left = calloc(n, sizeof *b->left);
  b->started = calloc(n, sizeof *b->started);
  if (b->res == NULL || b->left == NULL || b->started == NULL)
    return -1;
  untried = st->rr.norder - st->rr.retried;   /* retried ones stay last */
  for (i = 0; i < untried; i++) {
    size_t k = (size_t)st->rr.order[i];
    b->res[k].suite = &e->plan->suites[k];
    if (sk_execute_grid(e, &e->plan->suites[k], &b->res[k], &args,
                        &nargs) != 0)
      continue;
    /* two longs an entry: the suite and the argument */
    if (SK_GROW(b->ent, cap, 2 * (b->nent + nargs), 64) != 0) {
      free(args);
      return -1;
    }
    for (j = 0; j < nargs; j++) {
      b->ent[2 * (b->nent + j)] = (long)k;
      b->ent[2 * (b->nent + j) + 1] = args[j];
    }
    b->nent += nargs;
    b->left[k] = nargs;
    b->in[i] = 1;
    free(args);
  }
  sk_shuffle_pairs(&e->rng, b->ent, b->nent);
  return 0;
}

/* Rank 0: the next point into msg = {more, suite, argument, first,
 * suite_left}; more is 0 when all are done, SK_RUN_STOP when the
 * journal cannot be written. */
#define SK_RUN_STOP (-2.0)
static void sk_run_block_next(sk_runstate_t *st, sk_run_block_t *b,
                              double msg[5])
{
  const sk_suite_t *s;
  size_t k;
  long arg;
  memset(msg, 0, 5 * sizeof *msg);
  while (b->next < b->nent && b->left[b->ent[2 * b->next]] == 0)
    b->next++;
  if (b->next == b->nent)
    return;
  k = (size_t)b->ent[2 * b->next];
  arg = b->ent[2 * b->next + 1];
  b->next++;
  s = &st->eng.plan->suites[k];
  if (b->open != k + 1) {
    if (b->open != 0)
      sk_journal_pause();
    sk_journal_begin(k + 1, s->name);
    b->open = k + 1;
    if (b->started[k])
      sk_runlog_suite_resume(st->eng.log, k + 1, st->eng.plan->nsuites, s);
  }
  sk_journal_arg(arg);
  if (!b->started[k])
    sk_runlog_suite_begin(st->eng.log, k + 1, st->eng.plan->nsuites, s);
  sk_progress_suite_switch(&st->progress, k + 1, s->name,
                           b->res[k].elapsed, MPI_Wtime());
  msg[0] = sk_journal_error() != 0 ? SK_RUN_STOP : 1.0;
  msg[1] = (double)k;
  msg[2] = (double)arg;
  msg[3] = !b->started[k];
  msg[4] = s->time_suite >= 0.0 ? s->time_suite - b->res[k].elapsed : -1.0;
  b->started[k] = 1;
}

/* Rank 0, after a point of suite k: is the suite done (its last point,
 * failed, or Time_Suite spent)?  Then its entry moves into the result. */
static int sk_run_block_done(sk_runstate_t *st, sk_run_block_t *b, size_t k)
{
  sk_suite_result_t *r = &b->res[k], *sr;
  const sk_suite_t *s = r->suite;
  size_t i, met = 0;
  char note[160];
  b->left[k]--;
  if (r->status == SK_SUITE_COMPLETE && b->left[k] > 0 &&
      s->time_suite >= 0.0 && r->elapsed >= s->time_suite)
    r->status = SK_SUITE_TIMED_OUT;
  if (r->status == SK_SUITE_COMPLETE && b->left[k] > 0)
    return 0;
  b->left[k] = 0;
  sk_execute_finish(r);
  snprintf(note, sizeof note, "--shuffle: the points were measured in "
           "random order, interleaved across %zu suites (%zu points "
           "in all)", b->nsuites, b->nent);
  sk_result_add_note(r, note);
  if (st->eng.grid != NULL)
    sk_result_add_note(r, "--grid-from: the arguments of the earlier "
                       "result were measured again, nothing else");
  sr = &st->res->suites[st->res->nsuites++];
  sk_result_free_suite(sr);     /* the reserved entry */
  *sr = *r;
  memset(r, 0, sizeof *r);
  for (i = 0; i < sr->npoints; i++)
    met += sr->points[i].eps_met ? 1 : 0;
  if (sr->status == SK_SUITE_FAILED)
    sk_progress_error(&st->progress, sr->message ? sr->message : "failed");
  sk_progress_suite_switch(&st->progress, k + 1, s->name, sr->elapsed,
                           MPI_Wtime());
  sk_progress_suite_end(&st->progress, sk_suite_status_name(sr->status),
                        sr->npoints, met, MPI_Wtime());
  sk_runlog_suite_end(st->eng.log, sr);
  b->open = 0;                  /* sk_run_write() ends it in the journal */
  return 1;
}

/* Every rank: the interleaved points, each suite written when its last
 * point is measured; 1 when the run had to stop. */
static int sk_run_block(sk_runstate_t *st, sk_run_block_t *b)
{
  sk_engine_t *e = &st->eng;
  sk_suite_result_t scratch;
  double msg[5];
  int done = 0, ok = 1;
  long n = (long)st->rr.norder;
  size_t i, k;
  b->in = calloc((size_t)(n ? n : 1), 1);
  b->barrier = malloc((e->plan->nsuites + 1) * sizeof *b->barrier);
  if (b->in == NULL || b->barrier == NULL)
    ok = 0;
  for (i = 0; ok && i < e->plan->nsuites; i++)
    b->barrier[i] = NAN;
  if (ok && e->rank == 0) {
    ok = sk_run_block_plan(st, b) == 0;
    for (i = 0; i < (size_t)n; i++)
      b->nsuites += b->in[i] != 0;
    if (ok && b->nent > 0)
      sk_progress_block(&st->progress, b->nent, b->nsuites, MPI_Wtime());
  }
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, e->world);
  if (!ok) {
    if (b->in != NULL)
      memset(b->in, 0, (size_t)(n ? n : 1));
    return 0;                   /* every suite measured on its own */
  }
  if (n > 0)
    MPI_Bcast(b->in, (int)n, MPI_CHAR, 0, e->world);
  for (;;) {
    if (e->rank == 0)
      sk_run_block_next(st, b, msg);
    MPI_Bcast(msg, 5, MPI_DOUBLE, 0, e->world);
    if (msg[0] == SK_RUN_STOP)
      return 1;
    if (msg[0] <= 0.0)
      return 0;
    k = (size_t)msg[1];
    memset(&scratch, 0, sizeof scratch);
    sk_guard_retrying(0);
    sk_guard_arm_suite(sk_guard_timeout(&e->plan->suites[k], st->timeout),
                       e->size);
    sk_execute_one(e, &e->plan->suites[k],
                   e->rank == 0 ? &b->res[k] : &scratch, (long)msg[2],
                   msg[3] != 0.0, msg[4], &b->barrier[k]);
    sk_guard_arm(0.0);
    if (e->rank == 0)
      done = sk_run_block_done(st, b, k);
    MPI_Bcast(&done, 1, MPI_INT, 0, e->world);
    if (done && sk_run_write(st, e->rank != 0 ? NULL : sk_suite_status_name(
            st->res->suites[st->res->nsuites - 1].status)) != 0)
      return 1;
  }
}

/* Every rank: the suites in their order, the result written after each
 * and the journal told; 1 when the run had to stop. */
static int sk_run_loop(sk_runstate_t *st)
{
  sk_run_block_t b;
  size_t i;
  int stop = 0;
  memset(&b, 0, sizeof b);
  if (st->eng.shuffle && st->eng.interleave)
    stop = sk_run_block(st, &b);
  for (i = 0; !stop && i < st->rr.norder; i++) {
    size_t k = (size_t)st->rr.order[i];
    if (b.in != NULL && b.in[i])
      continue;
    sk_guard_retrying(i + st->rr.retried >= st->rr.norder);
    sk_run_suite(st, k);
    if (sk_run_write(st, st->eng.rank != 0 ? NULL : sk_suite_status_name(
            st->res->suites[st->res->nsuites - 1].status)) != 0)
      stop = 1;
  }
  if (st->eng.rank == 0 && b.res != NULL)
    for (i = 0; i < st->eng.plan->nsuites; i++)
      sk_result_free_suite(&b.res[i]);
  sk_run_block_free(&b);
  return stop;
}

/* Does the plan hold a suite of an MPI-IO instance? */
static int sk_run_has_io(const sk_plan_t *plan)
{
  size_t k;
  for (k = 0; k < plan->nsuites; k++)
    if (sk_instance_uses_files(plan->suites[k].instance))
      return 1;
  return 0;
}

/* Every rank: the run's token of MPI-IO file names (rank 0's), and the
 * files earlier runs into this result file left (the journal's io
 * lines, read by rank 0) removed by every rank, so that a directory
 * local to each node loses them too (doc/robustness.md). */
static void sk_run_io_begin(sk_runstate_t *st)
{
  sk_engine_t *e = &st->eng;
  long n = 0, i;
  int removed = 0, sum = 0;
  sk_journal_io_t io;
  if (e->rank == 0) {
    sk_iodir_token(e->io_token);
    n = (long)st->rr.nio;
  }
  MPI_Bcast(e->io_token, (int)sizeof e->io_token, MPI_CHAR, 0, e->world);
  MPI_Bcast(&n, 1, MPI_LONG, 0, e->world);
  for (i = 0; i < n; i++) {
    if (e->rank == 0)
      io = st->rr.io[i];
    MPI_Bcast(&io, (int)sizeof io, MPI_BYTE, 0, e->world);
    io.token[sizeof io.token - 1] = '\0';
    removed += sk_iodir_sweep(e->plan->io_directory, io.token,
                              io.processes);
  }
  MPI_Reduce(&removed, &sum, 1, MPI_INT, MPI_SUM, 0, e->world);
  if (e->rank == 0 && sum > 0 && !st->quiet)
    sk_msg_note("removed %d MPI-IO file%s an earlier run left in %s", sum,
                sum == 1 ? "" : "s", e->plan->io_directory != NULL
                                         ? e->plan->io_directory : ".");
}

/* Every rank: whatever of this run's MPI-IO files is left (every point
 * removes its own; a failed close may not). */
static void sk_run_io_end(sk_runstate_t *st)
{
  if (sk_run_has_io(st->eng.plan))
    sk_iodir_sweep(st->eng.plan->io_directory, st->eng.io_token,
                   st->eng.size);
}

/* Rank 0: can the result file be written?  Creating its temporary file
 * (and removing it again) tells, before the journal is touched. */
static int sk_run_probe(sk_runstate_t *st)
{
  char why[1200];
  sk_outfile_t *h = sk_outfile_open(st->outfile, SK_OUTFILE_RUN, &st->in,
                                    why, sizeof why);
  if (h != NULL) {
    sk_outfile_abort(h);
    return 0;
  }
  sk_progress_error(&st->progress, why);
  return -1;
}

/* Rank 0: what no output may be (the suite file, --grid-from's file). */
static void sk_run_inputs(sk_runstate_t *st, const sk_plan_t *plan,
                          const sk_run_options_t *opt)
{
  st->inputs[0] = plan->path;
  st->inputs[1] = opt->grid != NULL ? opt->grid->path : NULL;
  st->in.paths = st->inputs;
  st->in.n = 2;
}

/* Rank 0: the result file the guard marks aborted: the file itself, so
 * that the handler follows no link (lib/outfile.h resolves them too). */
static const char *sk_run_dest(sk_runstate_t *st)
{
  struct stat lst;
  if (st->eng.rank != 0)
    return NULL;
  if (lstat(st->outfile, &lst) == 0 && S_ISLNK(lst.st_mode))
    st->dest = realpath(st->outfile, NULL);
  return st->dest != NULL ? st->dest : st->outfile;
}

/* Every rank learns rank 0's pid and whether it shares its host, so that
 * SIGINT sent to another rank reaches rank 0 (src/engine/guard.h). */
static void sk_run_guard_root(sk_runstate_t *st)
{
  char host[256] = "", root[256];
  long pid = (long)getpid();
  gethostname(host, sizeof host - 1);
  memcpy(root, host, sizeof root);
  MPI_Bcast(&pid, 1, MPI_LONG, 0, st->eng.world);
  MPI_Bcast(root, (int)sizeof root, MPI_CHAR, 0, st->eng.world);
  if (st->eng.rank != 0)
    sk_guard_set_root(host[0] != '\0' && strcmp(host, root) == 0 ? pid : 0);
}

/* Everything before the loop; 0 or the exit status.  The journal is
 * opened before the result file is first rewritten, so that a journal
 * that cannot be written leaves an earlier result file as it was. */
static int sk_run_open(sk_runstate_t *st, const sk_plan_t *plan,
                       const sk_run_options_t *opt)
{
  int ok = 1, code;
  st->timeout = opt->timeout;
  st->quiet = opt->quiet;
  sk_run_inputs(st, plan, opt);
  if (sk_run_start(st, plan, opt) != 0)
    return SK_EXIT_ABORTED;
  if (st->eng.rank == 0)
    sk_run_open_records(st);
  if ((code = sk_run_plan_order(st, opt)) != 0)
    return code;
  sk_run_io_begin(st);
  if (st->eng.rank == 0)
    ok = sk_run_probe(st) == 0 && sk_run_open_journal(st) == 0;
  MPI_Bcast(&ok, 1, MPI_INT, 0, st->eng.world);
  if (!ok || sk_run_write(st, NULL) != 0)
    return SK_EXIT_ABORTED;
  if (st->eng.rank == 0)
    sk_run_open_log(st);
  sk_guard_install(st->eng.rank, sk_run_dest(st));
  sk_run_guard_root(st);
  return 0;
}

/* Test only (doc/robustness.md, "Test-only switches"): with
 * SKAMPI_TEST_RESULT_BYTES set, rank 0 says at the end how many bytes
 * the writes of the result file handed to the kernel over the run, and
 * the file's size, so that tests/mpi/resultfile.sh can hold the one to
 * twice the other. */
static void sk_run_test_bytes(const sk_runstate_t *st)
{
  struct stat sb;
  if (getenv("SKAMPI_TEST_RESULT_BYTES") == NULL ||
      stat(st->outfile, &sb) != 0)
    return;
  sk_msg_note("test: result file: %llu bytes written, %lld bytes long",
              st->rf.written, (long long)sb.st_size);
}

int sk_run(const sk_plan_t *plan, const sk_run_options_t *opt)
{
  sk_runstate_t st;
  int code, aborted;
  memset(&st, 0, sizeof st);
  sk_resultfile_init(&st.rf);
  MPI_Comm_dup(MPI_COMM_WORLD, &st.eng.world);
  sk_mpierr_install(st.eng.world);
  code = sk_run_open(&st, plan, opt);
  if (code == 0) {
    aborted = sk_run_loop(&st);
    sk_run_io_end(&st);
    if (st.eng.rank == 0) {
      code = sk_run_finish(&st, aborted);
      sk_journal_finish(sk_run_status_name(st.res->status));
    }
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  sk_guard_remove();
  if (st.eng.rank == 0) {
    sk_journal_close();
    sk_run_test_bytes(&st);
    sk_resultfile_close(&st.rf);
    sk_result_free(st.res);
    if (st.eng.log != NULL)
      fclose(st.eng.log);
  }
  sk_run_resume_release(&st.rr);
  free(st.dest);
  MPI_Comm_free(&st.eng.world);
  return code;
}
