/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * run_block.c -- interleaved points (--shuffle, Alg. 2 of the
 * reproducibility paper): the points of every suite whose arguments are
 * known in advance, in one random order (doc/engine.md "Order"), within
 * the run's time budget.
 */
#include <config.h>

#include "run_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "guard.h"
#include "journal.h"
#include "runlog.h"
#include "suitekey.h"

void sk_run_block_free(sk_run_block_t *b)
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
    if (e->plan->suites[k].skip_absent)   /* left out: sk_run_suite() */
      continue;
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

/* Rank 0: the journal's open suite becomes k (0-based). */
static void sk_run_block_journal(sk_runstate_t *st, sk_run_block_t *b,
                                 size_t k)
{
  const sk_suite_t *s = &st->eng.plan->suites[k];
  if (b->open == k + 1)
    return;
  if (b->open != 0)
    sk_journal_pause();
  sk_journal_begin(k + 1, s->name);
  b->open = k + 1;
  if (b->started[k])
    sk_runlog_suite_resume(st->eng.log, k + 1, st->eng.plan->nsuites, s);
}

/* Rank 0: the seconds suite k may still take: what is left of its
 * Time_Suite and of the run's budget, the smaller; -1 for none. */
static double sk_run_block_left(sk_runstate_t *st, sk_run_block_t *b,
                                size_t k)
{
  const sk_suite_t *s = &st->eng.plan->suites[k];
  double left = s->time_suite >= 0.0 ? s->time_suite - b->res[k].elapsed
                                     : -1.0;
  double run = sk_budget_left(&st->budget, MPI_Wtime());
  /* the limit a point stopped by it names (sk_execute_finish()) */
  b->res[k].limit_by = sk_suitekey_name(SK_KEY_TIME_SUITE);
  b->res[k].limit = s->time_suite;
  if (run >= 0.0 && (left < 0.0 || run < left)) {
    left = run;
    b->res[k].limit_by = "Time_Run";
    b->res[k].limit = st->budget.total;
  }
  return left;
}

/* Rank 0: the next point into msg = {more, suite, argument, first,
 * suite_left}; more is 0 when all are done, SK_RUN_STOP when the
 * journal cannot be written, SK_RUN_SPENT when the run's budget is. */
#define SK_RUN_STOP (-2.0)
#define SK_RUN_SPENT (-3.0)
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
  if (sk_budget_left(&st->budget, MPI_Wtime()) == 0.0) {
    msg[0] = SK_RUN_SPENT;
    return;
  }
  k = (size_t)b->ent[2 * b->next];
  arg = b->ent[2 * b->next + 1];
  b->next++;
  s = &st->eng.plan->suites[k];
  sk_run_block_journal(st, b, k);
  sk_journal_arg(arg);
  if (!b->started[k])
    sk_runlog_suite_begin(st->eng.log, k + 1, st->eng.plan->nsuites, s);
  sk_progress_suite_switch(&st->progress, k + 1, s->name,
                           b->res[k].elapsed, MPI_Wtime());
  msg[0] = sk_journal_error() != 0 ? SK_RUN_STOP : 1.0;
  msg[1] = (double)k;
  msg[2] = (double)arg;
  msg[3] = !b->started[k];
  msg[4] = sk_run_block_left(st, b, k);
  b->started[k] = 1;
}

/* Rank 0: the arguments of suite k not handed out yet. */
static void sk_run_block_unmeasured(sk_run_block_t *b, size_t k)
{
  long *args = malloc((b->left[k] ? b->left[k] : 1) * sizeof *args);
  size_t i, n = 0;
  if (args == NULL)
    return;
  for (i = b->next; i < b->nent && n < b->left[k]; i++)
    if ((size_t)b->ent[2 * i] == k)
      args[n++] = b->ent[2 * i + 1];
  sk_result_set_unmeasured(&b->res[k], args, n, 0);
  free(args);
}

/* Rank 0: suite k is done; its entry moves into the result. */
static void sk_run_block_close(sk_runstate_t *st, sk_run_block_t *b,
                               size_t k)
{
  sk_suite_result_t *r = &b->res[k], *sr;
  char note[160];
  if (r->status == SK_SUITE_TIMED_OUT)
    sk_run_block_unmeasured(b, k);
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
  sk_progress_suite_switch(&st->progress, k + 1, sr->suite->name,
                           sr->elapsed, MPI_Wtime());
}

/* Rank 0, after a point of suite k: is the suite done (its last point,
 * failed, or Time_Suite spent)?  Then its entry moves into the result. */
static int sk_run_block_done(sk_runstate_t *st, sk_run_block_t *b, size_t k)
{
  sk_suite_result_t *r = &b->res[k];
  const sk_suite_t *s = r->suite;
  b->left[k]--;
  if (r->status == SK_SUITE_COMPLETE && b->left[k] > 0 &&
      s->time_suite >= 0.0 && r->elapsed >= s->time_suite) {
    r->status = SK_SUITE_TIMED_OUT;
    r->limit_by = sk_suitekey_name(SK_KEY_TIME_SUITE);
    r->limit = s->time_suite;
  }
  if (r->status == SK_SUITE_COMPLETE && b->left[k] > 0)
    return 0;
  sk_run_block_close(st, b, k);
  return 1;
}

/* Every rank, once rank 0 has chosen (k: the suite done, on rank 0):
 * the suite's noise judged, the progress said, the result written; -1
 * when the run has to stop. */
static int sk_run_block_write(sk_runstate_t *st, sk_run_block_t *b,
                              size_t k)
{
  sk_suite_result_t *sr = NULL;
  long kk = (long)k;
  MPI_Bcast(&kk, 1, MPI_LONG, 0, st->eng.world);
  if (st->eng.rank == 0)
    sr = &st->res->suites[st->res->nsuites - 1];
  sk_runnoise_suite(&st->noise, (size_t)kk, sr);
  if (st->eng.rank == 0) {
    sk_run_suite_said(st, sr);
    b->open = 0;               /* sk_run_write() ends it in the journal */
  }
  return sk_run_write(st, sr != NULL ? sk_suite_status_name(sr->status)
                                     : NULL);
}

/* Every rank, when the run's budget is spent: the interleaved suites
 * not done yet end incomplete, with their points left unmeasured named;
 * 1 when the run had to stop. */
static int sk_run_block_spent(sk_runstate_t *st, sk_run_block_t *b)
{
  long n = 0, i;
  size_t k = 0;
  if (st->eng.rank == 0)
    for (k = 0; k < st->eng.plan->nsuites; k++)
      n += b->left[k] > 0;
  MPI_Bcast(&n, 1, MPI_LONG, 0, st->eng.world);
  for (i = 0, k = 0; i < n; i++) {
    if (st->eng.rank == 0) {
      while (b->left[k] == 0)
        k++;
      b->res[k].status = SK_SUITE_TIMED_OUT;
      b->res[k].limit_by = "Time_Run";
      b->res[k].limit = st->budget.total;
      sk_run_block_journal(st, b, k);
      sk_run_block_close(st, b, k);
    }
    if (sk_run_block_write(st, b, k) != 0)
      return 1;
  }
  return 0;
}

/* Every rank: the interleaved points, each suite written when its last
 * point is measured; 1 when the run had to stop. */
int sk_run_block(sk_runstate_t *st, sk_run_block_t *b)
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
    if (msg[0] == SK_RUN_SPENT)
      return sk_run_block_spent(st, b);
    if (msg[0] <= 0.0)
      return 0;
    k = (size_t)msg[1];
    memset(&scratch, 0, sizeof scratch);
    sk_guard_retrying(0);
    sk_guard_arm_for(&e->plan->suites[k], st->timeout, e->size);
    sk_runnoise_begin(&st->noise);
    sk_execute_one(e, &e->plan->suites[k],
                   e->rank == 0 ? &b->res[k] : &scratch, (long)msg[2],
                   msg[3] != 0.0, msg[4], &b->barrier[k]);
    sk_runnoise_end(&st->noise, k);
    sk_guard_arm(0.0);
    if (e->rank == 0)
      done = sk_run_block_done(st, b, k);
    MPI_Bcast(&done, 1, MPI_INT, 0, e->world);
    if (done && sk_run_block_write(st, b, k) != 0)
      return 1;
  }
}

