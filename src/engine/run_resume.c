/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * run_resume.c -- what is left to do: kept, next, retried last, skipped.
 */
#include <config.h>

#include "run_resume.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "journal.h"
#include "outfile.h"
#include "run.h"

static char *sk_run_resume_cat(const char *a, const char *b)
{
  size_t la = strlen(a), lb = strlen(b);
  char *s = malloc(la + lb + 1);
  if (s != NULL) {
    memcpy(s, a, la);
    memcpy(s + la, b, lb + 1);
  }
  return s;
}

/* path, a file of the kind, becomes path.bak (an older .bak of the
 * kind is replaced); anything else stays and stops the run. */
static int sk_run_resume_backup(sk_run_resume_t *rr, const char *path,
                                sk_outfile_kind_t kind)
{
  char why[900];
  if (sk_outfile_backup(path, kind, rr->in, why, sizeof why) >= 0)
    return 0;
  snprintf(rr->err, sizeof rr->err, "--fresh: %s", why);
  return -1;
}

/* The result file and the journal may be written at all (lib/outfile.h):
 * not an input, not a file of another kind.  Checked before anything
 * else, so that what is said about them afterwards (--fresh) is said
 * only of skampi's own files. */
static int sk_run_resume_check(sk_run_resume_t *rr)
{
  char why[900];
  if (sk_outfile_check(rr->outfile, SK_OUTFILE_RUN, rr->in, why,
                       sizeof why) == 0 &&
      sk_outfile_check(rr->journal, SK_OUTFILE_JOURNAL, rr->in, why,
                       sizeof why) == 0)
    return 0;
  snprintf(rr->err, sizeof rr->err, "%s", why);
  return SK_EXIT_INPUT;
}

/* The entry of a suite skipped as crashed. */
static void sk_run_resume_crashed(sk_result_t *r, size_t k,
                                  const sk_journal_state_t *js)
{
  sk_suite_result_t *sr = &r->suites[r->nsuites++];
  char m[256], arg[64];
  sr->suite = &r->plan->suites[k];
  sr->status = SK_SUITE_CRASHED;
  if (js->has_arg[k])
    snprintf(arg, sizeof arg, "at argument %ld", js->last_arg[k]);
  else
    snprintf(arg, sizeof arg, "before its first point");
  if (js->hung[k])
    snprintf(m, sizeof m, "hung in an earlier run (the watchdog ended it "
             "%s); skipped", arg);
  else
    snprintf(m, sizeof m, "brought the run down twice (last seen %s); "
             "skipped", arg);
  sk_result_set_message(sr, m);
}

/* Untried suites first, in plan order, then those that crashed once. */
static int sk_run_resume_order(sk_run_resume_t *rr, sk_result_t *r,
                               const sk_journal_state_t *js)
{
  const sk_plan_t *plan = r->plan;
  size_t k, n = 0, pass;
  rr->order = malloc((plan->nsuites ? plan->nsuites : 1) * sizeof *rr->order);
  if (rr->order == NULL)
    return -1;
  for (pass = 0; pass < 2; pass++)
    for (k = 0; k < plan->nsuites; k++) {
      int crashes = js->n ? js->crashes[k] : 0;
      int hung = js->n ? js->hung[k] : 0;
      if (sk_resume_find(rr->kept, plan->suites[k].name) >= 0)
        continue;
      if (pass == 0 && (hung || crashes >= 2))
        sk_run_resume_crashed(r, k, js);
      else if ((pass == 0 && crashes == 0 && !hung) ||
               (pass == 1 && crashes == 1 && !hung))
        rr->order[n++] = (long)k;
      if (pass == 1 && crashes == 1 && !hung)
        rr->retried++;
    }
  rr->norder = n;
  return 0;
}

/* The earlier result file, when there is one, must be of this suite file. */
static int sk_run_resume_load(sk_run_resume_t *rr, const sk_result_t *r)
{
  char err[512];
  if (access(rr->outfile, F_OK) != 0)
    return 0;
  rr->kept = sk_resume_load(rr->outfile, err, sizeof err);
  if (rr->kept == NULL) {
    snprintf(rr->err, sizeof rr->err, "cannot continue the run in %s: %s "
             "(--fresh starts over and keeps it as %s.bak)", rr->outfile,
             err, rr->outfile);
    return SK_EXIT_INPUT;
  }
  if (strcmp(sk_resume_sha256(rr->kept), r->sha256) != 0) {
    snprintf(rr->err, sizeof rr->err, "%s holds the results of another "
             "suite file (or of %s before it changed): nothing measured; "
             "--fresh starts over and keeps it as %s.bak", rr->outfile,
             r->plan->path, rr->outfile);
    return SK_EXIT_INPUT;
  }
  /* Not busy (checked before): a run that left "running" was killed. */
  rr->killed = strcmp(sk_resume_run_status(rr->kept), "running") == 0;
  return 0;
}

/* The journal of an earlier run, when there is one. */
static int sk_run_resume_journal(sk_run_resume_t *rr, const sk_result_t *r,
                                 sk_journal_state_t *js)
{
  const sk_plan_t *plan = r->plan;
  const char **names = malloc((plan->nsuites + 1) * sizeof *names);
  char err[512];
  size_t k;
  int rc;
  if (names == NULL)
    return SK_EXIT_ABORTED;
  for (k = 0; k < plan->nsuites; k++)
    names[k] = plan->suites[k].name;
  rc = sk_journal_read(rr->journal, names, plan->nsuites, js, err,
                       sizeof err);
  free(names);
  if (rc == 1) {
    sk_journal_state_free(js);
    return 0;
  }
  if (rc == 0 && strcmp(js->sha256, r->sha256) == 0)
    return 0;
  if (rc == 0)
    snprintf(err, sizeof err, "it was written for another suite file");
  snprintf(rr->err, sizeof rr->err, "cannot continue from the journal %s: "
           "%s; nothing measured (--fresh starts over)", rr->journal, err);
  return SK_EXIT_INPUT;
}

/* --fresh: the MPI-IO files the journal about to become a backup says
 * earlier runs made, so that they are removed all the same (a journal
 * that cannot be read, or is another suite file's, tells none). */
static void sk_run_resume_fresh_io(sk_run_resume_t *rr, const sk_result_t *r)
{
  sk_journal_state_t js;
  memset(&js, 0, sizeof js);
  if (sk_run_resume_journal(rr, r, &js) == 0) {
    rr->io = js.io;
    rr->nio = js.nio;
    js.io = NULL;
    js.nio = 0;
  }
  rr->err[0] = '\0';
  sk_journal_state_free(&js);
}

/* A live run holds the lock of its journal: its files are not ours. */
static int sk_run_resume_busy(sk_run_resume_t *rr)
{
  if (sk_journal_held(rr->journal) != 1)
    return 0;
  snprintf(rr->err, sizeof rr->err, "another run is writing %s (its "
           "process holds %s): nothing measured", rr->outfile, rr->journal);
  return SK_EXIT_INPUT;
}

int sk_run_resume_prepare(sk_run_resume_t *rr, sk_result_t *r,
                          const char *outfile, int fresh,
                          const sk_outfile_inputs_t *in)
{
  sk_journal_state_t js;
  int rc;
  memset(rr, 0, sizeof *rr);
  memset(&js, 0, sizeof js);
  rr->outfile = outfile;
  rr->in = in;
  rr->journal = sk_run_resume_cat(outfile, ".journal");
  if (rr->journal == NULL)
    return SK_EXIT_ABORTED;
  if ((rc = sk_run_resume_check(rr)) != 0 ||
      (rc = sk_run_resume_busy(rr)) != 0)
    return rc;
  if (fresh)
    sk_run_resume_fresh_io(rr, r);
  if (fresh &&
      (sk_run_resume_backup(rr, outfile, SK_OUTFILE_RUN) != 0 ||
       sk_run_resume_backup(rr, rr->journal, SK_OUTFILE_JOURNAL) != 0))
    return SK_EXIT_ABORTED;
  if ((rc = sk_run_resume_load(rr, r)) != 0 ||
      (rc = sk_run_resume_journal(rr, r, &js)) != 0) {
    sk_journal_state_free(&js);
    return rc;
  }
  rc = sk_run_resume_order(rr, r, &js) == 0 ? 0 : SK_EXIT_ABORTED;
  if (rr->killed)
    snprintf(rr->finish, sizeof rr->finish, "%s", js.finish);
  if (!fresh) {             /* taken over from js */
    rr->io = js.io;
    rr->nio = js.nio;
    js.io = NULL;
    js.nio = 0;
  }
  sk_journal_state_free(&js);
  r->kept = rr->kept;
  return rc;
}

void sk_run_resume_release(sk_run_resume_t *rr)
{
  free(rr->journal);
  free(rr->order);
  free(rr->io);
  sk_resume_free(rr->kept);
  memset(rr, 0, sizeof *rr);
}
