/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * run.c -- the measurement run: every suite of the plan, on every rank,
 * with the result file rewritten after each one.
 */
#include <config.h>

#include "run.h"
#include "run_int.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "budget.h"
#include "execute.h"
#include "gridfile.h"
#include "factors.h"
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
#include "nodelimits.h"
#include "runnoise.h"
#include "sha256.h"
#include "suitekey.h"
#include "sysinfo.h"

/* sk_runstate_t and what run_block.c shares with this file are in
 * run_int.h. */

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
int sk_run_write(sk_runstate_t *st, const char *end)
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
  e->nodes = opt->nodes;
  if (opt->place != NULL)
    e->place = *opt->place;
  if (e->rank == 0) {
    sk_progress_init(&st->progress, stderr,
                     sk_progress_mode(opt->quiet, getenv("SKAMPI_PROGRESS")),
                     plan->nsuites, st->t0);
    ok = (st->res = sk_result_new(plan)) != NULL;
    if (ok)
      st->res->nodes = opt->nodes;
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, e->world);
  if (!ok)
    return -1;
  ok = sk_factors_collect(e->rank == 0 ? &st->res->factors : &scratch,
                          e->world, e->overhead) == 0;
  if (e->rank == 0) {
    sk_run_conditions(&st->res->factors, opt);
    e->hosts = st->res->factors.hosts;
    e->outfile = st->outfile;
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, e->world);
  if (!ok)
    return -1;
  /* @LIMITS: before the first suite, outside every timed region */
  if (plan->limits)
    sk_limits_measure(e->rank == 0 ? &st->res->limits : NULL, e->world,
                      plan->memory_kib * 1024L);
  st->budget.total = plan->time_run;
  st->budget.t0 = st->t0;
  return sk_runnoise_start(&st->noise, e->world, plan->nsuites,
                           e->rank == 0 ? &st->res->factors : NULL);
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
  const char *log = st->log != NULL ? st->log : st->eng.plan->logfile;
  char why[1024], m[1200];
  int fd;
  if (log != NULL) {
    fd = sk_outfile_open_append(log, SK_OUTFILE_LOG, &st->in,
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

/* Rank 0: a suite whose time the run's budget left at 0 is not
 * measured: it is incomplete, with its grid named as unmeasured. */
static void sk_run_skip(sk_runstate_t *st, sk_suite_result_t *sr)
{
  char m[200];
  long *args = NULL;
  size_t n = 0;
  int dynamic = sk_execute_initial_grid(&st->eng, sr->suite, &args, &n);
  sr->status = SK_SUITE_TIMED_OUT;
  snprintf(m, sizeof m, "not measured: Time_Run (%g s) was spent before "
           "it started", st->budget.total);
  sk_result_set_message(sr, m);
  if (dynamic >= 0)
    sk_result_set_unmeasured(sr, args, n, dynamic);
  free(args);
}

/* Rank 0: a suite the check left out because the run lacks its pair or
 * placement (Missing_Pair = Leave_Out): left_out, with the check's
 * sentence, said in a note at the value; nothing measured. */
static void sk_run_left_out(sk_runstate_t *st, sk_suite_result_t *sr)
{
  const sk_suite_t *s = sr->suite;
  char m[640];
  sr->status = SK_SUITE_LEFT_OUT;
  sk_result_set_message(sr, s->skip);
  snprintf(m, sizeof m, "suite '%s': %s", s->name, s->skip);
  sk_progress_note(&st->progress, st->eng.plan->path, s->skip_loc.line,
                   s->skip_loc.column, m);
}

/* Rank 0: did the run's budget (@TIME_RUN) stop suite x? */
static int sk_run_by_budget(const sk_suite_result_t *x)
{
  return x->status == SK_SUITE_TIMED_OUT && x->limit_by != NULL &&
         strcmp(x->limit_by, sk_suitekey_name(SK_KEY_TIME_SUITE)) != 0;
}

/* Rank 0: the progress line and the log of a suite that ended. */
void sk_run_suite_said(sk_runstate_t *st, sk_suite_result_t *sr)
{
  size_t i, met = 0;
  char degree[64], label[96];
  for (i = 0; i < sr->npoints; i++)
    met += sr->points[i].eps_met ? 1 : 0;
  if (sr->status == SK_SUITE_FAILED ||
      sr->status == SK_SUITE_LIBRARY_FAULT)
    sk_progress_error(&st->progress, sr->message ? sr->message : "failed");
  sk_noise_degree(sr->noise.cpu_share, degree, sizeof degree);
  sk_noise_label(sk_noise_name(sr->noise.verdict), degree, label,
                 sizeof label);
  sk_progress_suite_end(&st->progress, sk_suite_status_name(sr->status),
                        sr->npoints, met, sr->noise.measured ? label : NULL,
                        MPI_Wtime());
  sk_runlog_suite_end(st->eng.log, sr);
  if (sk_run_by_budget(sr))
    st->cut_run++;
}

/* Rank 0: the hold of suite k for the first pass (NULL: no budget, or
 * no memory for the holds, so nothing is held). */
static sk_execute_hold_t *sk_run_hold(sk_runstate_t *st, size_t k)
{
  sk_execute_hold_t *h;
  if (st->holds == NULL || st->budget.total < 0.0)
    return NULL;
  h = &st->holds[k];
  memset(h, 0, sizeof *h);
  h->deadline = st->budget.t0 + st->budget.total;
  return h;
}

/* Rank 0: a reserved entry of the result, as sk_result_new() makes it. */
static void sk_run_reserve(sk_suite_result_t *sr, const sk_suite_t *s)
{
  memset(sr, 0, sizeof *sr);
  sr->suite = s;
  sr->status = SK_SUITE_FAILED;
  sr->pair[0] = sr->pair[1] = -1;
  sr->pair_latency = NAN;
  sr->limit = -1.0;
}

/* Rank 0: suite k, which the first pass held, waits for the second: its
 * result leaves the entry it was measured into, the journal pauses it. */
static void sk_run_hold_suite(sk_runstate_t *st, size_t k,
                              sk_suite_result_t *sr)
{
  st->held[k] = *sr;
  sk_run_reserve(sr, sr->suite);
  st->second[st->nsecond++] = (long)k;
  sk_journal_pause();
  sk_progress_suite_held(&st->progress, st->held[k].npoints,
                         st->holds[k].first, MPI_Wtime());
}

/* Rank 0: the seconds that ending the suites held so far will take in
 * the second pass, as ending a suite has taken (with the first pass's
 * margin of 1.5). */
static double sk_run_end_reserve(const sk_runstate_t *st)
{
  if (st->nsecond == 0 || st->nend == 0)
    return 0.0;
  return (double)st->nsecond * SK_BUDGET_MARGIN * st->endcost /
         (double)st->nend;
}

/* Suite k (0-based) on every rank, under the watchdog; rank 0 reports
 * it and fills the next entry of the result.  left: the suites still to
 * measure on their own, k included (the budget's share).  1 (on every
 * rank) when the first pass held it for the second. */
static int sk_run_suite(sk_runstate_t *st, size_t k, size_t left)
{
  sk_engine_t *e = &st->eng;
  const sk_suite_t *s = &e->plan->suites[k];
  sk_suite_result_t *sr = NULL;
  sk_suite_result_t scratch;
  sk_execute_hold_t *hold = NULL;
  int skip = 0, held = 0;
  double begin = MPI_Wtime();
  if (e->rank == 0) {
    sr = &st->res->suites[st->res->nsuites];
    sr->suite = s;
    /* the suites held so far will each take the time to end them (their
     * noise gathered, the result file and the journal written) after
     * the first pass: the share counts it as spent already */
    sr->limit = sk_budget_suite(&st->budget, s, begin + sk_run_end_reserve(st),
                                left, &sr->limit_by);
    hold = sk_run_hold(st, k);
    skip = sr->limit == 0.0;
    if (s->skip_absent)   /* the node map is rank 0's: it decides */
      skip = 2;
    sk_journal_begin(k + 1, s->name);
    if (sk_instance_uses_files(s->instance))
      sk_journal_io(e->io_token, e->size);
    sk_progress_suite_begin(&st->progress, k + 1, s->name, MPI_Wtime());
    sk_runlog_suite_begin(e->log, k + 1, e->plan->nsuites, s);
  } else {
    memset(&scratch, 0, sizeof scratch);
    sr = &scratch;
  }
  MPI_Bcast(&skip, 1, MPI_INT, 0, e->world);
  if (skip == 2) {
    if (e->rank == 0)
      sk_run_left_out(st, sr);
  } else if (skip) {
    if (e->rank == 0)
      sk_run_skip(st, sr);
  } else {
    sk_guard_arm_for(s, st->timeout, e->size);
    sk_runnoise_begin(&st->noise);
    sk_execute_suite_hold(e, s, sr, hold);
    sk_runnoise_end(&st->noise, k);
    sk_guard_arm(0.0);
    st->exec_end = MPI_Wtime();
    held = hold != NULL && hold->held;
    MPI_Bcast(&held, 1, MPI_INT, 0, e->world);
    if (!held)     /* a held suite is judged when it ends */
      sk_runnoise_suite(&st->noise, k, e->rank == 0 ? sr : NULL);
    sk_budget_ended(&st->budget, MPI_Wtime() - begin);
  }
  if (e->rank != 0)
    return held;
  st->cut_begin = begin;
  st->cut_limit = sk_run_by_budget(sr) && sr->limit > 0.0 ? sr->limit : -1.0;
  if (held) {
    sk_run_hold_suite(st, k, sr);
    return 1;
  }
  st->res->nsuites++;
  if (sk_journal_error() != 0)    /* cut short, not kept: sk_run_write() */
    return 0;
  sk_run_suite_said(st, sr);
  return 0;
}

/* Rank 0: the run's final status, the last write of the result file and
 * the closing lines; returns the exit code. */
/* Rank 0: why the run measured less than its suites ask for, when the
 * budget (@TIME_RUN) cut suites short (r->stop). */
static void sk_run_stop_reason(sk_runstate_t *st)
{
  sk_result_t *r = st->res;
  char m[320];
  size_t i, cut = 0, none = 0, points = 0;
  if (st->cut_run == 0)
    return;
  for (i = 0; i < r->nsuites; i++) {
    const sk_suite_result_t *x = &r->suites[i];
    if (!sk_run_by_budget(x))
      continue;
    if (x->npoints == 0)
      none++;
    else
      cut++;
    points += x->nunmeasured;
  }
  snprintf(m, sizeof m, "Time_Run (%g s): %zu suite%s cut short and %zu "
           "not measured, %zu point%s of their grids left unmeasured "
           "(each suite's 'unmeasured')", st->budget.total, cut,
           cut == 1 ? "" : "s", none, points, points == 1 ? "" : "s");
  free(r->stop);
  r->stop = strdup(m);
}

/* Rank 0: skampi's last line: the status, and the machine's verdict
 * with its evidence. */
static void sk_run_done_line(sk_runstate_t *st)
{
  const sk_noise_t *n = &st->res->noise;
  char ev[1024] = "", degree[64] = "";
  size_t len;
  /* the degree first among the evidence: "noisy (worst rank 24% CPU;
   * 2 of 2 ranks were ...)" */
  if (n->measured && n->verdict != SK_NOISE_QUIET)
    sk_noise_degree(n->cpu_share, degree, sizeof degree);
  len = (size_t)snprintf(ev, sizeof ev, "%s", degree);
  if (len > 0 && n->nevidence > 0 && len + 2 < sizeof ev)
    len += (size_t)snprintf(ev + len, sizeof ev - len, "; ");
  if (len < sizeof ev)
    sk_noise_summary(n, ev + len, sizeof ev - len);
  sk_progress_done(&st->progress, sk_run_status_name(st->res->status),
                   st->written, n->measured ? sk_noise_name(n->verdict) : NULL,
                   ev, MPI_Wtime());
}

static int sk_run_finish(sk_runstate_t *st, int aborted)
{
  sk_result_t *r = st->res;
  size_t i;
  int code, failed = 0, faults = 0;
  r->status = aborted ? SK_RUN_ABORTED : SK_RUN_COMPLETE;
  for (i = 0; !aborted && i < r->nsuites; i++)
    if (r->suites[i].status == SK_SUITE_TIMED_OUT &&
        r->status == SK_RUN_COMPLETE)
      r->status = SK_RUN_INCOMPLETE;
  for (i = 0; !aborted && i < r->nsuites; i++) {
    if (r->suites[i].status == SK_SUITE_FAILED ||
        r->suites[i].status == SK_SUITE_CRASHED)
      r->status = SK_RUN_PARTIAL, failed = 1;
    if (r->suites[i].status == SK_SUITE_LIBRARY_FAULT)
      r->status = SK_RUN_PARTIAL, faults = 1;
  }
  sk_run_stop_reason(st);
  for (i = 0; !aborted && r->kept != NULL && i < sk_resume_count(r->kept);
       i++)
    if ((strcmp(sk_resume_status(r->kept, i), "incomplete") == 0 ||
         strcmp(sk_resume_status(r->kept, i), "timed_out") == 0) &&
        r->status == SK_RUN_COMPLETE)
      r->status = SK_RUN_INCOMPLETE;
  for (i = 0; !aborted && r->kept != NULL && i < sk_resume_count(r->kept);
       i++)
    if (strcmp(sk_resume_status(r->kept, i), "failed") == 0 ||
        strcmp(sk_resume_status(r->kept, i), "crashed") == 0)
      r->status = SK_RUN_PARTIAL, failed = 1;
    else if (strcmp(sk_resume_status(r->kept, i), "library_fault") == 0)
      r->status = SK_RUN_PARTIAL, faults = 1;
  sk_sysinfo_iso_time(time(NULL), r->end_time);
  /* the run's verdict, judged once at its end (each suite's is in the
   * file as the suite ends): it follows the suites in the file.  A run
   * that measured nothing (an interrupted run continued with nothing
   * left to measure) judges nothing: no verdict from no measurement */
  if (st->rr.norder > 0)
    sk_runnoise_run(&st->noise, &r->noise);
  code = r->status == SK_RUN_ABORTED   ? SK_EXIT_ABORTED
         : r->status == SK_RUN_PARTIAL ? (faults && !failed
                                          ? SK_EXIT_LIBRARY_FAULT
                                          : SK_EXIT_PARTIAL)
         : SK_EXIT_OK;
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
  sk_run_done_line(st);
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
    if (st->rr.moved[0] != '\0')   /* said even with --quiet */
      sk_msg_note("%s", st->rr.moved);
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

/* The suites from the i-th of the order on that are measured on their
 * own (the budget's share of suite i). */
static size_t sk_run_left(const sk_runstate_t *st, const sk_run_block_t *b,
                          size_t i)
{
  size_t n = 0;
  for (; i < st->rr.norder; i++)
    n += b->in == NULL || !b->in[i];
  return n;
}

/* Rank 0, at the start (unless --quiet): how long the run will take at
 * most, as the file bounds it -- @TIME_RUN, else the sum of the suites'
 * Time_Suite (each suite's point under way and setup may add a little;
 * doc/engine.md, "The run's time budget"). */
static void sk_run_say_estimate(const sk_runstate_t *st)
{
  const sk_plan_t *plan = st->eng.plan;
  double sum = 0.0;
  size_t i, n = st->rr.norder;
  if (st->quiet || n == 0)
    return;
  for (i = 0; i < n && sum >= 0.0; i++) {
    double t = plan->suites[st->rr.order[i]].time_suite;
    sum = t >= 0.0 ? sum + t : -1.0;
  }
  if (plan->time_run >= 0.0 && (sum < 0.0 || plan->time_run <= sum))
    sk_msg_note("%zu suite%s to measure: the run takes at most about %g s "
                "(@TIME_RUN), less on a quiet machine", n, n == 1 ? "" : "s",
                plan->time_run);
  else if (sum >= 0.0)
    sk_msg_note("%zu suite%s to measure: the run takes at most about %g s "
                "(the sum of their Time_Suite), less on a quiet machine", n,
                n == 1 ? "" : "s", sum);
  else
    sk_msg_note("%zu suite%s to measure, no time limit: the file sets "
                "neither @TIME_RUN nor every suite's Time_Suite", n,
                n == 1 ? "" : "s");
}

/* Rank 0: what the second pass holds, allocated (nothing is held when
 * memory is short: the first pass then ends every suite as it cuts it),
 * and released again. */
static void sk_run_holds_alloc(sk_runstate_t *st)
{
  size_t n = st->eng.plan->nsuites ? st->eng.plan->nsuites : 1;
  st->holds = calloc(n, sizeof *st->holds);
  st->held = calloc(n, sizeof *st->held);
  st->second = calloc(n, sizeof *st->second);
  if (st->holds == NULL || st->held == NULL || st->second == NULL) {
    free(st->holds);
    free(st->held);
    free(st->second);
    st->holds = NULL;
    st->held = NULL;
    st->second = NULL;
  }
}

static void sk_run_holds_free(sk_runstate_t *st)
{
  size_t i;
  for (i = 0; i < st->nsecond; i++) {
    size_t k = (size_t)st->second[i];
    if (st->holds[k].held) {      /* the run stopped before the second pass */
      sk_refine_free(st->holds[k].r);
      sk_result_free_suite(&st->held[k]);
    }
    sk_result_free_suite(&st->holds[k].cut);
  }
  free(st->holds);
  free(st->held);
  free(st->second);
}

/* Rank 0: a suite cut by its share took `seconds` beyond it, the write
 * of the result file included (sk_budget_second()'s `over`). */
static void sk_run_over(sk_runstate_t *st, double seconds)
{
  st->over += seconds > 0.0 ? seconds : 0.0;
  st->nover++;
}

/* Rank 0: the note of a suite the second pass continued (go) or ended
 * without time (!go). */
static void sk_run_second_note(sk_suite_result_t *sr,
                               const sk_execute_hold_t *h, int go)
{
  char m[320];
  if (go)
    snprintf(m, sizeof m, "second pass: its share of Time_Run (%.3g s) cut "
             "it after every suite's first turn; it went on where it "
             "stopped, with the time the others left (%.3g s in all)",
             h->first, sr->limit);
  else
    snprintf(m, sizeof m, "second pass: its share of Time_Run (%.3g s) cut "
             "it; no time was left to go on", h->first);
  sk_result_add_note(sr, m);
}

/* Did plan suite k bring an earlier run down (it is among the last
 * rr.retried of the order, which rank 0 alone knows)? */
static int sk_run_retried(const sk_runstate_t *st, size_t k)
{
  size_t i;
  for (i = 0; i < st->rr.norder; i++)
    if ((size_t)st->rr.order[i] == k)
      return i + st->rr.retried >= st->rr.norder;
  return 0;
}

/* Every rank: the i-th of the n held suites (rank 0 chooses, at its
 * limit, and says it); the result written.  -1 when the run stops. */
static int sk_run_second_suite(sk_runstate_t *st, size_t i, size_t n)
{
  sk_engine_t *e = &st->eng;
  sk_suite_result_t *sr = NULL, scratch;
  sk_execute_hold_t *h = NULL;
  double msg[2] = {0.0, 0.0};    /* the plan suite, and go on (1) or not */
  double start = MPI_Wtime(), over;
  size_t k;
  int rc;
  if (e->rank == 0) {
    k = (size_t)st->second[i];
    h = &st->holds[k];
    sr = &st->res->suites[st->res->nsuites];
    sk_result_free_suite(sr);    /* the reserved entry */
    *sr = st->held[k];
    memset(&st->held[k], 0, sizeof st->held[k]);
    over = st->nover > 0 ? SK_BUDGET_MARGIN * st->over / (double)st->nover
                         : 0.0;
    sr->limit = sk_budget_second(&st->budget, sr->suite, MPI_Wtime(),
                                 n - i, h->first, over, &sr->limit_by);
    msg[0] = (double)k;
    /* it goes on only with more time than going on costs (setting it up
     * again, the write): a sliver would re-measure the point the first
     * pass cut, cut it again and lose the first measurement */
    msg[1] = sk_budget_left(&st->budget, MPI_Wtime()) > 0.0 &&
             sr->limit > h->first && sr->limit - h->first >= over;
    sk_journal_begin(k + 1, sr->suite->name);
    if (sk_instance_uses_files(sr->suite->instance))
      sk_journal_io(e->io_token, e->size);
    sk_progress_suite_begin(&st->progress, k + 1, sr->suite->name,
                            MPI_Wtime());
    sk_runlog_suite_resume(e->log, k + 1, e->plan->nsuites, sr->suite);
  }
  MPI_Bcast(msg, 2, MPI_DOUBLE, 0, e->world);
  k = (size_t)msg[0];
  if (msg[1] != 0.0) {
    if (e->rank != 0) {
      memset(&scratch, 0, sizeof scratch);
      sr = &scratch;
    }
    sk_guard_retrying(sk_run_retried(st, k));
    sk_guard_arm_for(&e->plan->suites[k], st->timeout, e->size);
    sk_runnoise_begin(&st->noise);
    sk_execute_continue(e, &e->plan->suites[k], sr, h);
    sk_runnoise_end(&st->noise, k);
    sk_guard_arm(0.0);
  } else if (e->rank == 0) {
    sk_execute_release(h, sr);
  }
  sk_runnoise_suite(&st->noise, k, e->rank == 0 ? sr : NULL);
  if (e->rank == 0) {
    sk_run_second_note(sr, h, msg[1] != 0.0);
    st->res->nsuites++;
    if (sk_journal_error() == 0)
      sk_run_suite_said(st, sr);
  }
  rc = sk_run_write(st, e->rank != 0 ? NULL
                        : sk_suite_status_name(sr->status));
  /* what a suite took beyond its limit is learnt from those the limit
   * stopped again (or that had none left): one that ended inside its
   * share says nothing about the cost of a cut (doc/engine.md) */
  if (e->rank == 0 && (msg[1] == 0.0 || sk_run_by_budget(sr)))
    sk_run_over(st, MPI_Wtime() - start -
                (msg[1] != 0.0 ? sr->limit - h->first : 0.0));
  return rc;
}

/* Every rank: the second pass over the suites the first held, in the
 * order they were held, each with its share of what is left
 * (sk_budget_second()); 1 when the run had to stop. */
static int sk_run_second(sk_runstate_t *st)
{
  long n = st->eng.rank == 0 ? (long)st->nsecond : 0, i;
  MPI_Bcast(&n, 1, MPI_LONG, 0, st->eng.world);
  if (n == 0)
    return 0;
  if (st->eng.rank == 0)
    sk_progress_second(&st->progress, (size_t)n,
                       sk_budget_left(&st->budget, MPI_Wtime()), MPI_Wtime());
  for (i = 0; i < n; i++)
    if (sk_run_second_suite(st, (size_t)i, (size_t)n) != 0)
      return 1;
  return 0;
}

/* Every rank: the suites in their order, the result written after each
 * and the journal told, then the second pass; 1 when the run had to
 * stop. */
static int sk_run_loop(sk_runstate_t *st)
{
  sk_run_block_t b;
  size_t i;
  int stop = 0, held;
  memset(&b, 0, sizeof b);
  if (st->eng.rank == 0)
    sk_run_holds_alloc(st);
  if (st->eng.shuffle && st->eng.interleave)
    stop = sk_run_block(st, &b);
  for (i = 0; !stop && i < st->rr.norder; i++) {
    size_t k = (size_t)st->rr.order[i];
    if (b.in != NULL && b.in[i])
      continue;
    sk_guard_retrying(i + st->rr.retried >= st->rr.norder);
    held = sk_run_suite(st, k, sk_run_left(st, &b, i));
    if (sk_run_write(st, st->eng.rank != 0 || held ? NULL
                     : sk_suite_status_name(
                         st->res->suites[st->res->nsuites - 1].status)) != 0)
      stop = 1;
    if (st->eng.rank == 0 && st->cut_limit >= 0.0)
      sk_run_over(st, MPI_Wtime() - st->cut_begin - st->cut_limit);
    if (st->eng.rank == 0 && !held && st->exec_end > 0.0) {
      st->endcost += MPI_Wtime() - st->exec_end;
      st->nend++;
    }
    st->exec_end = 0.0;
  }
  if (!stop)
    stop = sk_run_second(st);
  if (st->eng.rank == 0 && b.res != NULL)
    for (i = 0; i < st->eng.plan->nsuites; i++)
      sk_result_free_suite(&b.res[i]);
  if (st->eng.rank == 0)
    sk_run_holds_free(st);
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
  st->log = opt->log;
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
  if (st->eng.rank == 0) {
    sk_run_open_log(st);
    sk_run_say_estimate(st);
  }
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
  sk_runnoise_free(&st.noise);
  free(st.dest);
  MPI_Comm_free(&st.eng.world);
  return code;
}
