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

#include "escape.h"
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
 * kind is replaced); anything else stays and stops the run.  What was
 * moved is added to rr->moved, so that the run says it. */
static int sk_run_resume_backup(sk_run_resume_t *rr, const char *path,
                                sk_outfile_kind_t kind)
{
  char why[900], *bak = sk_run_resume_cat(path, ".bak");
  size_t len = strlen(rr->moved);
  int older, rc;
  if (bak == NULL) {
    snprintf(rr->err, sizeof rr->err, "out of memory");
    return -1;
  }
  older = access(bak, F_OK) == 0;
  rc = sk_outfile_backup(path, kind, rr->in, why, sizeof why);
  if (rc < 0) {
    snprintf(rr->err, sizeof rr->err, "--fresh: %s", why);
    free(bak);
    return -1;
  }
  if (rc == 0 && len + 1 < sizeof rr->moved &&
      snprintf(rr->moved + len, sizeof rr->moved - len, "%s%s%s to %s",
               len ? ", " : "--fresh: ", len ? "its journal" : path,
               len ? "" : " moved aside", bak) > 0 && older) {
    len = strlen(rr->moved);
    if (snprintf(rr->moved + len, sizeof rr->moved - len, " (replacing an "
                 "older %s)", bak) < 0)
      rr->moved[len] = '\0';
  }
  free(bak);
  return 0;
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

/* What a refusal tells the user to do: the old file stays as it is. */
static void sk_run_resume_way_out(const sk_run_resume_t *rr, char *out,
                                  size_t n)
{
  snprintf(out, n, "nothing measured, %s left as it is: write to a new "
           "file (-o NEW.yaml) or start over with --fresh (%s becomes "
           "%s.bak)", rr->outfile, rr->outfile, rr->outfile);
}

/* v shortened for a message: its first line, control characters as
 * spaces, at most 60 characters, then escaped (lib/escape.h). */
static void sk_run_resume_show(const char *v, char *out, size_t n)
{
  char line[64];
  size_t i;
  for (i = 0; v[i] != '\0' && v[i] != '\n' && i + 1 < sizeof line; i++)
    line[i] = (unsigned char)v[i] < 0x20 ? ' ' : v[i];
  line[i] = '\0';
  if (v[i] != '\0' && v[i] != '\n' && i >= 3)
    memcpy(line + i - 3, "...", 3);
  sk_escape_buf(line, out, n);
}

/* Factor f as this run has it, into out (n bytes). */
static void sk_run_resume_now(const sk_result_t *r, sk_resume_factor_t f,
                              char *out, size_t n)
{
  const sk_factors_t *x = &r->factors;
  size_t i, len = 0;
  out[0] = '\0';
  switch (f) {
  case SK_RESUME_MPI_LIBRARY:
    snprintf(out, n, "%s", x->mpi_library ? x->mpi_library : "");
    break;
  case SK_RESUME_PROCESSES: snprintf(out, n, "%d", x->processes); break;
  case SK_RESUME_HOSTS:
    for (i = 0; x->hosts != NULL && i < (size_t)x->processes && len < n;
         i++)
      len += (size_t)snprintf(out + len, n - len, "%s%s", i ? "," : "",
                              x->hosts[i] ? x->hosts[i] : "");
    break;
  case SK_RESUME_TIMER:
    snprintf(out, n, "%s", x->timer ? x->timer : "");
    break;
  case SK_RESUME_SKAMPI_VERSION: snprintf(out, n, "%s", PACKAGE_VERSION);
    break;
  case SK_RESUME_NFACTORS: break;
  }
}

/* One difference of factor f between the file (old, NULL: not
 * recorded) and this run (now), appended to d (n bytes, at *len). */
static void sk_run_resume_diff(sk_resume_factor_t f, const char *old,
                               const char *now, char *d, size_t n,
                               size_t *len)
{
  static const char *const what[SK_RESUME_NFACTORS] = {
    "MPI library", "processes", "hosts", "timer", "skampi version"};
  char a[200], b[200];
  sk_run_resume_show(old ? old : "", a, sizeof a);
  sk_run_resume_show(now, b, sizeof b);
  if (*len >= n)
    return;
  if (old == NULL)
    *len += (size_t)snprintf(d + *len, n - *len, "%s%s not recorded there, "
                             "'%s' in this run", *len ? "; " : "", what[f], b);
  else if (strcmp(a, b) == 0)
    *len += (size_t)snprintf(d + *len, n - *len, "%s%s '%s' there and in "
                             "this run, but another build (the version "
                             "strings differ after their first line)",
                             *len ? "; " : "", what[f], a);
  else
    *len += (size_t)snprintf(d + *len, n - *len, "%s%s '%s' there, '%s' "
                             "in this run", *len ? "; " : "", what[f], a, b);
}

/* The factors of the experiment (lib and version, processes, hosts,
 * timer, skampi's version) and the suite file: those of the file must be this
 * run's.  0, or SK_EXIT_INPUT with the differences in rr->err. */
static int sk_run_resume_same(sk_run_resume_t *rr, const sk_result_t *r)
{
  char d[1200], now[4096], way[600];
  size_t len = 0;
  int f;
  d[0] = '\0';
  if (strcmp(sk_resume_sha256(rr->kept), r->sha256) != 0)
    len += (size_t)snprintf(d, sizeof d, "suite file: another one, or %s "
                            "changed since (its sha256 differs)",
                            r->plan->path);
  for (f = 0; f < SK_RESUME_NFACTORS; f++) {
    const char *old = sk_resume_factor(rr->kept, (sk_resume_factor_t)f);
    sk_run_resume_now(r, (sk_resume_factor_t)f, now, sizeof now);
    if (old == NULL || strcmp(old, now) != 0)
      sk_run_resume_diff((sk_resume_factor_t)f, old, now, d, sizeof d,
                         &len);
  }
  if (len == 0)
    return 0;
  sk_run_resume_way_out(rr, way, sizeof way);
  snprintf(rr->err, sizeof rr->err, "%s is the result of another "
           "experiment: %s; %s", rr->outfile, d, way);
  return SK_EXIT_INPUT;
}

/* A run that finished by itself (complete, incomplete, partial) is
 * never continued: only one killed, interrupted or aborted is. */
static int sk_run_resume_finished(sk_run_resume_t *rr)
{
  const char *st = sk_resume_run_status(rr->kept);
  char way[600], q[64];
  if (strcmp(st, "complete") != 0 && strcmp(st, "incomplete") != 0 &&
      strcmp(st, "partial") != 0)
    return 0;
  sk_run_resume_way_out(rr, way, sizeof way);
  sk_escape_buf(st, q, sizeof q);
  snprintf(rr->err, sizeof rr->err, "%s holds a finished run (run.status: "
           "%s); a result file is continued only when its run was "
           "interrupted; %s", rr->outfile, q, way);
  return SK_EXIT_INPUT;
}

/* The earlier result file, when there is one, must be of this
 * experiment, and its run unfinished. */
static int sk_run_resume_load(sk_run_resume_t *rr, const sk_result_t *r)
{
  char err[512], way[600];
  int rc;
  if (access(rr->outfile, F_OK) != 0)
    return 0;
  rr->kept = sk_resume_load(rr->outfile, err, sizeof err);
  if (rr->kept == NULL) {
    sk_run_resume_way_out(rr, way, sizeof way);
    snprintf(rr->err, sizeof rr->err, "cannot continue the run in %s: %s; "
             "%s", rr->outfile, err, way);
    return SK_EXIT_INPUT;
  }
  if ((rc = sk_run_resume_same(rr, r)) != 0 ||
      (rc = sk_run_resume_finished(rr)) != 0)
    return rc;
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
