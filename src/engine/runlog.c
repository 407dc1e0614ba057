/*
 * runlog.c -- the human-readable log of a run.
 */
#include <config.h>

#include "runlog.h"

#include <math.h>

void sk_runlog_header(FILE *fp, const sk_result_t *r)
{
  const sk_factors_t *f = &r->factors;
  size_t i;
  if (fp == NULL)
    return;
  fprintf(fp, "skampi %s run of %s, started %s\n", PACKAGE_VERSION,
          r->plan->path, r->start_time);
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
  for (i = 0; i < f->nenv; i++)
    fprintf(fp, "env: %s\n", f->env[i]);
  fflush(fp);
}

void sk_runlog_suite_begin(FILE *fp, size_t k, size_t n, const sk_suite_t *s)
{
  if (fp == NULL)
    return;
  fprintf(fp, "\nsuite %zu of %zu: %s (type %d, %s)\n", k, n, s->name,
          s->instance->number, s->instance->name);
  fflush(fp);
}

void sk_runlog_point(FILE *fp, const sk_point_t *p)
{
  if (fp == NULL)
    return;
  fprintf(fp, "  %10ld  mean %.4e s  stderr %.2e (%.2f%%)  reps %ld + %ld "
          "cut  eps %s (%s)%s\n", p->argument, p->mean, p->se,
          p->mean != 0.0 ? 100.0 * p->se / fabs(p->mean) : 0.0,
          p->repetitions, p->cut, p->eps_met ? "met" : "MISSED",
          sk_stop_name(p->stop), p->refined ? "  refined" : "");
  fflush(fp);
}

void sk_runlog_suite_end(FILE *fp, const sk_suite_result_t *s)
{
  size_t i;
  if (fp == NULL)
    return;
  fprintf(fp, "  -> %s, %zu points, %.2f s%s%s\n",
          sk_suite_status_name(s->status), s->npoints, s->elapsed,
          s->message ? ": " : "", s->message ? s->message : "");
  for (i = 0; i < s->nnotes; i++)
    fprintf(fp, "  note: %s\n", s->notes[i]);
  fflush(fp);
}

void sk_runlog_footer(FILE *fp, const sk_result_t *r)
{
  if (fp == NULL)
    return;
  fprintf(fp, "\nrun %s at %s after %.1f s\n", sk_run_status_name(r->status),
          r->end_time, r->wall_time);
  fflush(fp);
}
