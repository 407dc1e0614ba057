/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * progress.c -- the progress line on stderr.
 */
#include <config.h>

#include "progress.h"

#include <string.h>
#include <unistd.h>

#include "escape.h"
#include "msg.h"

sk_progress_mode_t sk_progress_mode(int quiet, const char *env)
{
  if (quiet)
    return SK_PROGRESS_QUIET;
  if (env != NULL && strcmp(env, "live") == 0)
    return SK_PROGRESS_LIVE;
  if (env != NULL && strcmp(env, "plain") == 0)
    return SK_PROGRESS_PLAIN;
  return SK_PROGRESS_AUTO;
}

void sk_progress_init(sk_progress_t *p, FILE *fp, sk_progress_mode_t mode,
                      size_t nsuites, double now)
{
  p->fp = mode == SK_PROGRESS_QUIET ? NULL : fp;
  p->err = fp;
  p->live = mode == SK_PROGRESS_LIVE ||
            (mode == SK_PROGRESS_AUTO && isatty(fileno(fp)));
  p->nsuites = nsuites;
  p->k = 0;
  p->name[0] = '\0';
  p->t_run = now;
  p->t_suite = now;
  p->dirty = 0;
}

/* Ends a live line so that the next output starts on a fresh line. */
static void sk_progress_clear(sk_progress_t *p)
{
  if (p->dirty) {
    fputc('\n', p->fp);
    p->dirty = 0;
  }
}

void sk_progress_suite_begin(sk_progress_t *p, size_t k, const char *name,
                             double now)
{
  p->k = k;
  /* a name from the suite file: a newline or an escape sequence in it
   * must not reach the terminal (cut, as a progress line may be) */
  sk_escape_buf(name, p->name, sizeof p->name);
  p->t_suite = now;
  if (p->fp == NULL)
    return;
  if (p->live)
    sk_progress_point(p, 0, now);
  else
    fprintf(p->fp, "skampi: suite %zu of %zu: %s: started (%.1f s into "
            "the run)\n", k, p->nsuites, p->name, now - p->t_run);
  fflush(p->fp);
}

void sk_progress_point(sk_progress_t *p, size_t points, double now)
{
  if (p->fp == NULL || !p->live)
    return;
  /* \033[K clears the rest of a longer previous line. */
  fprintf(p->fp, "\rskampi: suite %zu of %zu: %s: %zu points, %.1f s "
          "(run %.1f s)\033[K", p->k, p->nsuites, p->name, points,
          now - p->t_suite, now - p->t_run);
  p->dirty = 1;
  fflush(p->fp);
}

void sk_progress_block(sk_progress_t *p, size_t points, size_t suites,
                       double now)
{
  if (p->fp == NULL)
    return;
  sk_progress_clear(p);
  fprintf(p->fp, "skampi: %zu points of %zu suites interleaved in random "
          "order (--shuffle; %.1f s into the run)\n", points, suites,
          now - p->t_run);
  fflush(p->fp);
}

void sk_progress_suite_switch(sk_progress_t *p, size_t k, const char *name,
                              double spent, double now)
{
  p->k = k;
  sk_escape_buf(name, p->name, sizeof p->name);
  p->t_suite = now - spent;
}

void sk_progress_suite_end(sk_progress_t *p, const char *status,
                           size_t points, size_t eps_met,
                           const char *verdict, double now)
{
  int said = verdict != NULL && strcmp(verdict, "quiet") != 0;
  if (p->fp == NULL)
    return;
  if (p->live)
    fputc('\r', p->fp);
  fprintf(p->fp, "skampi: suite %zu of %zu: %s: %s, %zu points (%zu met "
          "eps), %.1f s%s%s%s\n", p->k, p->nsuites, p->name, status, points,
          eps_met, now - p->t_suite, said ? ", machine " : "",
          said ? verdict : "", p->live ? "\033[K" : "");
  p->dirty = 0;
  fflush(p->fp);
}

void sk_progress_suite_held(sk_progress_t *p, size_t points, double share,
                            double now)
{
  if (p->fp == NULL)
    return;
  if (p->live)
    fputc('\r', p->fp);
  fprintf(p->fp, "skampi: suite %zu of %zu: %s: cut by its share of "
          "Time_Run (%.3g s) after %zu points, %.1f s: continued in the "
          "second pass%s\n", p->k, p->nsuites, p->name, share, points,
          now - p->t_suite, p->live ? "\033[K" : "");
  p->dirty = 0;
  fflush(p->fp);
}

void sk_progress_second(sk_progress_t *p, size_t suites, double left,
                        double now)
{
  if (p->fp == NULL)
    return;
  sk_progress_clear(p);
  fprintf(p->fp, "skampi: second pass: %zu suite%s cut for time, %.1f s "
          "left (%.1f s into the run)\n", suites, suites == 1 ? "" : "s",
          left, now - p->t_run);
  fflush(p->fp);
}

void sk_progress_error(sk_progress_t *p, const char *msg)
{
  if (p->fp != NULL)
    sk_progress_clear(p);
  sk_msg_head(p->err, NULL, 0, 0, "error");
  fprintf(p->err, "%s\n", msg);
  fflush(p->err);
}

void sk_progress_note(sk_progress_t *p, const char *file, int line,
                      int col, const char *msg)
{
  if (p->fp != NULL)
    sk_progress_clear(p);
  sk_msg_head(p->err, file, line, col, "note");
  fprintf(p->err, "%s\n", msg);
  fflush(p->err);
}

void sk_progress_done(sk_progress_t *p, const char *status, size_t written,
                      const char *verdict, const char *evidence,
                      double now)
{
  char ev[1024];
  if (p->fp == NULL)
    return;
  sk_progress_clear(p);
  if (written == p->nsuites)
    fprintf(p->fp, "skampi: run %s: %zu suites in %.1f s", status,
            p->nsuites, now - p->t_run);
  else
    fprintf(p->fp, "skampi: run %s: %zu of %zu suites in the result file, "
            "%.1f s", status, written, p->nsuites, now - p->t_run);
  sk_escape_buf(evidence != NULL ? evidence : "", ev, sizeof ev);
  if (verdict != NULL)
    fprintf(p->fp, "; machine %s%s%s%s", verdict, ev[0] ? " (" : "", ev,
            ev[0] ? ")" : "");
  fputc('\n', p->fp);
  fflush(p->fp);
}
