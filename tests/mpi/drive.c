/*
 * drive.c -- INTERIM: runs the engine on a plan built in C from the
 * command line, until the suite language lands.
 *
 *   drive [-q] -o OUT [@KEY=VALUE ...] -- key=value ... [-- key=value ...]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "run.h"

static void defaults(sk_suite_t *s)
{
  memset(s, 0, sizeof *s);
  s->name = "suite";
  s->instance = sk_instance_by_number(1);
  s->variation = SK_VARIATION_LENGTH;
  s->scale = SK_SCALE_FIXED_LOG;
  s->max_repetition = 1000;
  s->min_repetition = 20;
  s->multiple_of = 1;
  s->time_measurement = -1;
  s->time_suite = -1;
  s->cut_quantile = 0.1;
  s->default_message_length = 256;
  s->start_argument = 0;
  s->end_argument = 1024;
  s->stepwidth = 2;
  s->max_steps = 30;
  s->min_distance = 1;
  s->max_distance = -1;
  s->standard_error = 0.03;
}

static void set(sk_suite_t *s, const char *k, const char *v)
{
  if (!strcmp(k, "name")) s->name = strdup(v);
  else if (!strcmp(k, "type")) s->instance = sk_instance_by_number(atoi(v));
  else if (!strcmp(k, "var")) s->variation = !strcmp(v, "length") ? SK_VARIATION_LENGTH : !strcmp(v, "nodes") ? SK_VARIATION_NODES : SK_VARIATION_NONE;
  else if (!strcmp(k, "scale")) s->scale = atoi(v);
  else if (!strcmp(k, "maxrep")) s->max_repetition = atol(v);
  else if (!strcmp(k, "minrep")) s->min_repetition = atol(v);
  else if (!strcmp(k, "mult")) s->multiple_of = atol(v);
  else if (!strcmp(k, "tm")) s->time_measurement = atof(v);
  else if (!strcmp(k, "ts")) s->time_suite = atof(v);
  else if (!strcmp(k, "nodetimes")) s->node_times = atoi(v);
  else if (!strcmp(k, "cut")) s->cut_quantile = atof(v);
  else if (!strcmp(k, "len")) s->default_message_length = atol(v);
  else if (!strcmp(k, "start")) s->start_argument = atol(v);
  else if (!strcmp(k, "end")) s->end_argument = atol(v);
  else if (!strcmp(k, "endmax")) s->end_is_max = atoi(v);
  else if (!strcmp(k, "step")) s->stepwidth = atof(v);
  else if (!strcmp(k, "maxsteps")) s->max_steps = atol(v);
  else if (!strcmp(k, "eps")) s->standard_error = atof(v);
  else if (!strcmp(k, "timing")) s->collective_timing = atoi(v);
  else { fprintf(stderr, "drive: unknown key %s\n", k); exit(2); }
}

int main(int argc, char **argv)
{
  static sk_suite_t suites[64];
  sk_plan_t plan;
  sk_run_options_t opt = {NULL, 0};
  int i, n = -1, code;
  MPI_Init(&argc, &argv);
  memset(&plan, 0, sizeof plan);
  plan.path = "drive";
  plan.memory_kib = 8192;
  plan.cachewarmup = 5;
  for (i = 1; i < argc; i++) {
    char *eq = strchr(argv[i], '=');
    if (!strcmp(argv[i], "-q")) opt.quiet = 1;
    else if (!strcmp(argv[i], "-o")) opt.outfile = argv[++i];
    else if (!strcmp(argv[i], "--")) defaults(&suites[++n]);
    else if (n < 0 && !strncmp(argv[i], "@MEMORY=", 8)) plan.memory_kib = atol(argv[i] + 8);
    else if (n < 0 && !strncmp(argv[i], "@LOGFILE=", 9)) plan.logfile = argv[i] + 9;
    else if (n < 0 && !strncmp(argv[i], "@CACHEWARMUP=", 13)) plan.cachewarmup = atol(argv[i] + 13);
    else if (eq != NULL && n >= 0) { *eq = '\0'; set(&suites[n], argv[i], eq + 1); }
    else { fprintf(stderr, "drive: bad argument %s\n", argv[i]); return 2; }
  }
  plan.suites = suites;
  plan.nsuites = (size_t)(n + 1);
  code = sk_run(&plan, &opt);
  MPI_Finalize();
  return code;
}
