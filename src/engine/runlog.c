/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runlog.c -- the human-readable log of a run.
 */
#include <config.h>

#include "runlog.h"

#include <math.h>
#include <stdlib.h>

#include "escape.h"

/* Text taken from a file (a suite's name, a path, a message), escaped
 * (lib/escape.h): a newline in a suite's name cannot forge log lines. */
static void sk_runlog_text(FILE *fp, const char *s)
{
  char *e = sk_escape_text(s);
  fputs(e != NULL ? e : "?", fp);
  free(e);
}

void sk_runlog_header(FILE *fp, const sk_result_t *r)
{
  const sk_factors_t *f = &r->factors;
  size_t i;
  if (fp == NULL)
    return;
  fprintf(fp, "skampi %s run of ", PACKAGE_VERSION);
  sk_runlog_text(fp, r->plan->path);
  fprintf(fp, ", started %s\n", r->start_time);
  fprintf(fp, "suite file sha256: %s\n", r->sha256[0] ? r->sha256 : "?");
  fprintf(fp, "MPI library: %s\n", f->mpi_library ? f->mpi_library : "?");
  fprintf(fp, "processes: %d\n", f->processes);
  for (i = 0; f->hosts != NULL && i < (size_t)f->processes; i++)
    fprintf(fp, "  rank %zu on %s, cpus %s\n", i,
            f->hosts[i] ? f->hosts[i] : "?",
            f->affinity && f->affinity[i] ? f->affinity[i] : "?");
  fprintf(fp, "compiler: %s, flags: %s\n", f->compiler, f->cflags);
  fprintf(fp, "timer: %s, resolution %g s, overhead %g s (subtracted)\n",
          f->timer, f->timer_resolution, f->timer_overhead);
  for (i = 0; i < f->nenv; i++) {
    fputs("env: ", fp);
    sk_runlog_text(fp, f->env[i]);
    fputc('\n', fp);
  }
  if (f->batch_system != NULL)
    fprintf(fp, "batch: %s\n", f->batch_system);
  for (i = 0; i < f->nbatch; i++) {
    fputs("batch: ", fp);
    sk_runlog_text(fp, f->batch[i]);
    fputc('\n', fp);
  }
  fflush(fp);
}

void sk_runlog_suite_begin(FILE *fp, size_t k, size_t n, const sk_suite_t *s)
{
  if (fp == NULL)
    return;
  fprintf(fp, "\nsuite %zu of %zu: ", k, n);
  sk_runlog_text(fp, s->name);
  fprintf(fp, " (type %d, %s)\n", s->instance->number, s->instance->name);
  fflush(fp);
}

void sk_runlog_suite_resume(FILE *fp, size_t k, size_t n,
                            const sk_suite_t *s)
{
  if (fp == NULL)
    return;
  fprintf(fp, "suite %zu of %zu: ", k, n);
  sk_runlog_text(fp, s->name);
  fputs(", continued\n", fp);
  fflush(fp);
}

void sk_runlog_point(FILE *fp, const sk_point_t *p)
{
  if (fp == NULL)
    return;
  if (!SK_POINT_HAS_VALUE(p)) {
    fprintf(fp, "  %10ld  no value: 0 valid repetitions, %ld invalid  "
            "(%s)\n", p->argument, p->invalid, sk_stop_name(p->stop));
    fflush(fp);
    return;
  }
  fprintf(fp, "  %10ld  mean %.4e s  stderr %.2e (%.2f%%)  reps %ld + %ld "
          "cut  eps %s (%s)%s\n", p->argument, p->mean, p->se,
          p->mean != 0.0 ? 100.0 * p->se / fabs(p->mean) : 0.0,
          p->repetitions, p->cut, p->eps_met ? "met" : "MISSED",
          sk_stop_name(p->stop), p->refined ? "  refined" : "");
  fflush(fp);
}

/* "PREFIX noisy: EVIDENCE; EVIDENCE" (nothing when not judged). */
static void sk_runlog_noise(FILE *fp, const char *prefix, const sk_noise_t *n)
{
  size_t i;
  if (!n->measured)
    return;
  fprintf(fp, "%s %s", prefix, sk_noise_name(n->verdict));
  for (i = 0; i < n->nevidence; i++) {
    fputs(i ? "; " : ": ", fp);
    sk_runlog_text(fp, n->evidence[i]);
  }
  fputc('\n', fp);
}

void sk_runlog_suite_end(FILE *fp, const sk_suite_result_t *s)
{
  size_t i;
  if (fp == NULL)
    return;
  fprintf(fp, "  -> %s, %zu points, %.2f s%s",
          sk_suite_status_name(s->status), s->npoints, s->elapsed,
          s->message ? ": " : "");
  if (s->message)
    sk_runlog_text(fp, s->message);
  fputc('\n', fp);
  for (i = 0; i < s->nnotes; i++) {
    fputs("  note: ", fp);
    sk_runlog_text(fp, s->notes[i]);
    fputc('\n', fp);
  }
  sk_runlog_noise(fp, "  machine", &s->noise);
  if (s->unmeasured != NULL)
    fprintf(fp, "  unmeasured: %zu points of the grid%s\n", s->nunmeasured,
            s->unmeasured_refinement ? ", and its refinement" : "");
  fflush(fp);
}

void sk_runlog_footer(FILE *fp, const sk_result_t *r)
{
  if (fp == NULL)
    return;
  fprintf(fp, "\nrun %s at %s after %.1f s\n", sk_run_status_name(r->status),
          r->end_time, r->wall_time);
  if (r->stop != NULL)
    fprintf(fp, "stopped: %s\n", r->stop);
  sk_runlog_noise(fp, "machine", &r->noise);
  fflush(fp);
}
