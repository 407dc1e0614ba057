/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * result_writer.c -- writes a result with known contents for result.sh,
 * which compares its flattened form with result.expected.
 *
 *   result_writer OUT      exit 0 when written, 1 otherwise
 *   result_writer -bad DIR tries DIR/no/such/dir/out.yaml; exit 0 if that
 *                          fails with the message of lib/outfile.h
 */
#include <config.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"
#include "resultfile.h"

static sk_suite_t suite;
static sk_meta_t meta[] = {{.key = "MACHINE", .value = "test box"},
                            {.key = "USER", .value = "yes"}};
static sk_plan_t plan;
static char why[4096];

static void make_plan(void)
{
  suite.name = "pp";
  suite.instance = sk_instance_by_number(1);
  suite.variation = SK_VARIATION_LENGTH;
  suite.scale = SK_SCALE_DYNAMIC_LOG;
  suite.start_argument = 0;
  suite.end_argument = 1024;
  suite.standard_error = 0.03;
  plan.path = "suites/x.skampi";
  plan.meta = meta;
  plan.nmeta = 2;
  plan.memory_kib = 4096;
  plan.cachewarmup = 5;
  plan.suites = &suite;
  plan.nsuites = 1;
}

static sk_point_t point(long arg, double mean, int refined)
{
  sk_point_t p;
  memset(&p, 0, sizeof p);
  p.argument = arg;
  p.mean = mean;
  p.se = mean / 100;
  p.repetitions = 90;
  p.cut = 10;
  p.min = mean / 2;
  p.median = mean;
  p.max = mean * 4;
  p.q1 = mean * 0.75;
  p.q3 = mean * 2;
  p.valid = 100;
  p.invalid = arg == 512 ? 3 : 0;
  p.eps_met = arg != 512;
  p.stop = arg == 512 ? SK_STOP_MAX_REPETITION : SK_STOP_EPS;
  p.refined = refined;
  p.order = arg / 256;
  p.barrier_time = NAN;
  p.elapsed = 0.25;
  p.nprocs = 2;
  return p;
}

static void fill(sk_result_t *r)
{
  static char *hosts[] = {"n0", "n1"}, *cpus[] = {"0", "1-3"};
  static char *env[] = {"MPIR_CVAR_X=1", "UCX_TLS=sm,self"};
  double nt[2] = {1.5e-06, 1.25e-06};
  static const double raw[] = {1e-06, 4e-06, 2e-06, 3e-06};
  sk_suite_result_t *s = &r->suites[0];
  sk_point_t p;
  strcpy(r->sha256, "ab");
  strcpy(r->start_time, "2026-01-02T03:04:05Z");
  r->wall_time = 1.5;
  r->factors.mpi_library = strdup("Lib 1.0\nline two");
  r->factors.mpi_version = strdup("3.1");
  r->factors.processes = 2;
  r->factors.hosts = malloc(sizeof hosts);
  r->factors.affinity = malloc(sizeof cpus);
  r->factors.env = malloc(sizeof env);
  for (int i = 0; i < 2; i++) {
    r->factors.hosts[i] = strdup(hosts[i]);
    r->factors.affinity[i] = strdup(cpus[i]);
    r->factors.env[i] = strdup(env[i]);
  }
  r->factors.nenv = 2;
  r->factors.compiler = "cc";
  r->factors.cflags = "-O2";
  r->factors.timer = "MPI_Wtime";
  r->factors.timer_resolution = 1e-9;
  r->factors.timer_overhead = 2.5e-08;
  r->factors.buffer_alignment = 4096;
  r->factors.governor = strdup("performance");
  r->factors.cpu_frequency = 2.4e9;
  r->factors.shuffle = 1;
  r->factors.shuffle_seed = 9007199254740991ULL;
  r->factors.grid_from = "first.yaml";
  r->factors.warning = strdup("not pinned");
  r->nsuites = 1;
  s->status = SK_SUITE_TIMED_OUT;
  sk_result_set_message(s, "Time_Suite (1 s) reached after 3 points");
  s->timing = "round_trip";
  s->pair[0] = 0;
  s->pair[1] = 1;
  s->elapsed = 1.0;
  s->refine_stop = "epsilon";
  s->refine_worst = 0.01;
  s->sync.method = "window";
  s->sync.window_source = "pilot";
  s->sync.clock_sync = "HCA";
  s->sync.fit_points = 16;
  s->sync.exchanges = 8;
  s->sync.rounds = 1;
  s->sync.cost = 0.015;
  s->sync.max_rtt = 5e-07;
  s->sync.max_slope = 2.5e-07;
  sk_result_add_note(s, "a note");
  /* Out of order on purpose: the file lists them by argument. */
  p = point(1024, 3e-06, 0);
  p.node_times = nt;
  p.nmodes = 2;              /* written as modes: two {location, share} */
  p.mode_location[0] = 2.5e-06;
  p.mode_share[0] = 0.75;
  p.mode_location[1] = 1e-05;
  p.mode_share[1] = 0.25;
  sk_result_add_point(s, &p);
  p = point(2048, 0.0, 0);   /* no valid repetition: .nan and a note */
  p.valid = 0;
  p.invalid = 20;
  p.repetitions = p.cut = 0;
  p.eps_met = 0;
  p.stop = SK_STOP_MAX_REPETITION;
  p.min = p.median = p.max = p.q1 = p.q3 = 0.0;
  sk_result_add_point(s, &p);
  p = point(0, 1e-06, 0);
  p.nmodes = 1;              /* one group: no modes key */
  p.mode_location[0] = 1e-06;
  p.mode_share[0] = 1.0;
  sk_result_add_point(s, &p);
  p = point(512, 2e-06, 1);
  p.barrier_time = 5e-07;
  p.window = 2.5e-05;
  p.raw = (double *)raw;     /* copied by sk_result_add_point */
  p.valid = 4;
  p.repetitions = 4;
  p.cut = 0;
  sk_result_add_point(s, &p);
}

/* replace_by_copy(PATH, COPY): PATH replaced by a copy of itself made
 * at COPY and renamed over it (a new inode, as an editor's save makes);
 * 0 on success. */
static int replace_by_copy(const char *path, const char *copy)
{
  char buf[4096];
  size_t n;
  int rc = 0;
  FILE *in = fopen(path, "rb"), *out = fopen(copy, "wb");
  if (in == NULL || out == NULL)
    rc = 1;
  while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
    rc = fwrite(buf, 1, n, out) != n;
  rc |= in != NULL && ferror(in);
  if (in != NULL)
    fclose(in);
  if (out != NULL)
    rc |= fclose(out) != 0;
  return rc || rename(copy, path) != 0;
}

/* -append DIR: the file of a run grown by sk_resultfile_write() in the
 * steps of a run -- no suite yet and running, the suite appended, the
 * file replaced by a copy behind the writer's back (a whole write
 * follows), the run's end with its noise judged (appended after the
 * suites) -- into DIR/grown.yaml, and the same result
 * written whole into DIR/whole.yaml; prints "WRITTEN SIZE" of the grown
 * one.  result.sh compares the two, value by value. */
static int grow(sk_result_t *r, const char *dir)
{
  char grown[2048], whole[2048], copy[2100];
  sk_resultfile_t f;
  size_t n = r->nsuites;
  int rc = 0, judged = r->noise.measured;
  FILE *fp;
  long size;
  snprintf(grown, sizeof grown, "%s/grown.yaml", dir);
  snprintf(whole, sizeof whole, "%s/whole.yaml", dir);
  snprintf(copy, sizeof copy, "%s.copy", grown);
  sk_resultfile_init(&f);
  r->noise.measured = 0;        /* judged when the run ends */
  r->status = SK_RUN_RUNNING;
  r->end_time[0] = '\0';
  r->nsuites = 0;
  rc |= sk_resultfile_write(&f, r, grown, NULL, NULL, why, sizeof why);
  r->nsuites = n;
  rc |= sk_resultfile_write(&f, r, grown, NULL, NULL, why, sizeof why);
  rc |= replace_by_copy(grown, copy);
  rc |= sk_resultfile_write(&f, r, grown, NULL, NULL, why, sizeof why);
  r->status = SK_RUN_COMPLETE;
  snprintf(r->end_time, sizeof r->end_time, "2026-11-22T04:07:01Z");
  r->wall_time = 115.25;
  r->noise.measured = judged;
  rc |= sk_resultfile_write(&f, r, grown, NULL, NULL, why, sizeof why);
  rc |= sk_result_write(r, whole, NULL, NULL, why, sizeof why);
  sk_resultfile_close(&f);
  if (rc != 0 || (fp = fopen(grown, "rb")) == NULL) {
    fprintf(stderr, "result_writer: %s\n", why);
    return 1;
  }
  fseek(fp, 0, SEEK_END);
  size = ftell(fp);
  fclose(fp);
  printf("%llu %ld\n", f.written, size);
  return 0;
}

/* A judged run and suite (lib/noise.h): two ranks pinned to one CPU
 * (oversubscribed), rank 1 switched out (40% of the CPU, 20 involuntary
 * switches a second), 3% of the repetitions delayed; a suite cut short
 * by Time_Run with the points it left unmeasured. */
static void fill_noise(sk_result_t *r, sk_suite_result_t *s)
{
  static char *hosts[] = {"h1", "h1"}, *aff[] = {"0", "0"};
  static const long left[] = {4096, 8192};
  double cpus[] = {4, 4};
  sk_noise_place_t pl;
  sk_noise_probe_t a[2] = {{0, 0, 0, 0.5, 1, 4}, {0, 0, 0, 0.5, 1, 4}};
  sk_noise_probe_t b[2] = {{10, 9.9, 3, 0.75, 2, 4},
                           {10, 4, 200, 0.75, 2, 4}};
  if (sk_noise_place(&pl, 2, hosts, aff, cpus) != 0)
    return;
  sk_noise_judge(&pl, a, b, 30, 1000, 1, &r->noise);
  sk_noise_judge(&pl, a, a, 0, 10, 0, &s->noise);
  sk_noise_place_free(&pl);
  sk_result_set_unmeasured(s, left, 2, 1);
  r->stop = strdup("Time_Run (60 s): 1 suite cut short");
}

int main(int argc, char **argv)
{
  sk_result_t *r;
  int rc;
  make_plan();
  if ((r = sk_result_new(&plan)) == NULL)
    return 1;
  fill(r);
  fill_noise(r, &r->suites[0]);
  if (argc == 3 && strcmp(argv[1], "-append") == 0) {
    rc = grow(r, argv[2]);
    sk_result_free(r);
    return rc;
  }
  if (argc == 3 && strcmp(argv[1], "-bad") == 0) {
    char path[2048], want[4200];
    snprintf(path, sizeof path, "%s/no/such/dir/out.yaml", argv[2]);
    snprintf(want, sizeof want, "cannot create a temporary file for '%s': "
             "No such file or directory", path);
    rc = sk_result_write(r, path, NULL, NULL, why, sizeof why) == -1 &&
         strcmp(why, want) == 0;
    if (!rc)
      fprintf(stderr, "result_writer: got '%s'\n", why);
    sk_result_free(r);
    return rc ? 0 : 1;
  }
  rc = argc == 2 ? sk_result_write(r, argv[1], NULL, NULL, why, sizeof why)
                 : -1;
  if (rc != 0 && argc == 2)
    fprintf(stderr, "result_writer: %s\n", why);
  sk_result_free(r);
  return rc == 0 ? 0 : 1;
}
