/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * launch.c -- the start of a run: rank 0 reads the suite file and sends
 * its bytes to every rank, so that all ranks check the very same text;
 * the verdict is agreed on with a reduction, so that a bad file makes
 * every rank exit with status 1 before anything is measured or written.
 */
#include <config.h>

#include "launch.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "dtype.h"
#include "parse.h"
#include "postproc.h"
#include "run.h"
#include "gridfile.h"
#include "msg.h"
#include "factors.h"
#include "licence.h"
#include "outcheck.h"
#include "pattern.h"
#include "placement.h"
#include "sha256.h"
#include "shuffle.h"
#include "suitekey.h"
#include "timer.h"

/* Every rank gets the file's bytes; NULL on all ranks if rank 0 could not
 * read it (reported to rank 0's diag) or a rank is out of memory.  Every
 * rank makes the same collective calls whatever happens. */
static char *sk_launch_share(const char *path, int rank, sk_diag_t *diag,
                             size_t *len)
{
  char *buf = NULL;
  long long n = -1;
  int ok, all_ok;
  if (rank == 0 && diag != NULL &&
      (buf = sk_parse_read(path, len, diag)) != NULL)
    n = (long long)*len;
  MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  if (n < 0)
    return NULL;
  if (rank != 0)
    buf = malloc((size_t)n + 1);
  ok = buf != NULL;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all_ok) {
    free(buf);
    return NULL;
  }
  MPI_Bcast(buf, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
  *len = (size_t)n;
  return buf;
}

/* The first line of MPI_Get_library_version: which MPI skampi runs on. */
static void sk_launch_library(char *buf, size_t size)
{
  char s[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  size_t i, k = 0;
  int len = 0;
  MPI_Get_library_version(s, &len);
  s[len] = '\0';
  /* the first line, its blanks and tabs one space each */
  for (i = 0; s[i] != '\0' && s[i] != '\n' && k + 1 < size; i++)
    if (s[i] != ' ' && s[i] != '\t')
      buf[k++] = s[i];
    else if (k > 0 && buf[k - 1] != ' ')
      buf[k++] = ' ';
  while (k > 0 && buf[k - 1] == ' ')
    k--;
  buf[k] = '\0';
}

void sk_launch_version(FILE *fp)
{
  char lib[256];
  sk_launch_library(lib, sizeof lib);
  fprintf(fp, "skampi %s\nMPI: %s\n%s", PACKAGE_VERSION, lib, SK_LICENCE_TEXT);
}

/* A process a launcher started as one of N whose MPI_COMM_WORLD has
 * only itself: the launcher's own count, from the variables Open MPI's
 * mpiexec (OMPI_COMM_WORLD_SIZE) and MPICH's Hydra and other PMI
 * launchers (PMI_SIZE) give each process; 0 when neither says more
 * than 1. */
static long sk_launch_foreign(const char **var)
{
  static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"};
  size_t i;
  for (i = 0; i < sizeof vars / sizeof *vars; i++) {
    const char *v = getenv(vars[i]);
    char *end;
    long n = v != NULL ? strtol(v, &end, 10) : 0;
    if (v != NULL && *v && *end == '\0' && n > 1) {
      *var = vars[i];
      return n;
    }
  }
  return 0;
}

/* Did the launcher start the processes this run needs?  A singleton
 * that a launcher counted as one of N (the mpiexec of another MPI than
 * skampi's starts every process alone), or --np P against another
 * MPI_COMM_WORLD size: rank 0 names it in one line, every rank stops
 * before anything is read or written.  0, or SK_EXIT_USAGE. */
static int sk_launch_world(const sk_cli_t *cli, int rank, int size)
{
  const char *var = NULL;
  char lib[160];
  long n = size == 1 ? sk_launch_foreign(&var) : 0;
  if (n == 0 && (cli->nprocs == 0 || cli->nprocs == size))
    return 0;
  if (rank != 0)
    return SK_EXIT_USAGE;
  sk_launch_library(lib, sizeof lib);
  if (n > 0)
    sk_msg_error("MPI_COMM_WORLD has 1 process, but the launcher started "
                 "%ld (%s=%ld): its mpiexec belongs to another MPI than "
                 "skampi's (%s), so every process runs alone; start skampi "
                 "with the mpiexec of its MPI", n, var, n, lib);
  else
    sk_msg_error("MPI_COMM_WORLD has %d process%s, not the %d of --np %d: "
                 "the launcher started %s (skampi's MPI: %s)", size,
                 size == 1 ? "" : "es", cli->nprocs, cli->nprocs,
                 size == 1 ? "each process alone, as the mpiexec of "
                 "another MPI does" : "another number of processes", lib);
  return SK_EXIT_USAGE;
}

/* Rank 0 tells why nothing is measured. */
static void sk_launch_refuse(const sk_cli_t *cli, sk_diag_t *diag)
{
  size_t n = sk_diag_errors(diag);
  sk_diag_print(diag, stderr);
  if (n > 0)
    sk_msg_note("nothing was measured: %s has %zu error%s", cli->file, n,
                n == 1 ? "" : "s");
  else
    sk_msg_note("nothing was measured: %s could not be read or checked "
                "on every process", cli->file);
  sk_cli_not_found(cli, stderr);
}

static double sk_launch_wtime(void)
{
  return MPI_Wtime();
}

/* --timer on every process; a refusal is a usage error, said once. */
static int sk_launch_timer(const sk_cli_t *cli, int rank)
{
  const char *why = NULL;
  int ok, all;
  ok = sk_timer_select((sk_timer_kind_t)cli->timer, sk_launch_wtime,
                       MPI_Wtick(), &why) == 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all && rank == 0)
    sk_msg_error("%s", why ? why : "--timer: not usable on every process");
  return all ? 0 : -1;
}

/* The grid file (--grid-from, or with @POSTPROC run 1's; read by rank
 * 0) and --shuffle's seed (chosen by rank 0), into *run; a file that
 * cannot be used is a usage error, said once. */
static int sk_launch_replay(const sk_cli_t *cli, const char *grid_from,
                            int rank, sk_run_options_t *run,
                            sk_gridfile_t **grid)
{
  int ok = 1;
  unsigned long long seed = cli->seed;
  *grid = NULL;
  if (rank == 0 && grid_from != NULL &&
      (*grid = sk_gridfile_load(grid_from)) == NULL)
    ok = 0;
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (cli->shuffle && !cli->seed_given && rank == 0)
    seed = (unsigned long long)sk_shuffle_seed_now();
  MPI_Bcast(&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  run->shuffle = cli->shuffle;
  run->per_suite = cli->no_interleave;
  run->seed = seed;
  run->grid = *grid;
  return ok ? 0 : -1;
}

/* @POSTPROC yes without --no-postproc: rank 0 picks this start's run
 * file (src/postproc.h); every rank learns whether it could.  0, or
 * -1 (said once) when the series belongs to another suite file. */
static int sk_launch_postproc(const sk_cli_t *cli, const sk_plan_t *plan,
                              int rank, sk_postproc_t *pp)
{
  char why[1200] = "", sha[65] = "";
  const char *out = cli->output ? cli->output
                    : plan->outfile ? plan->outfile : "skampi.yaml";
  int ok = 1;
  memset(pp, 0, sizeof *pp);
  if (rank == 0) {
    if (sk_sha256_file(cli->file, sha) != 0)
      sha[0] = '\0';
    if (sk_postproc_prepare(pp, out, sha, why, sizeof why) != 0) {
      sk_msg_error("%s", why);
      ok = 0;
    }
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok ? 0 : -1;
}

/* Rank 0 checks every file the run will write (src/outcheck.h) before
 * anything is measured; every rank learns the verdict.  -1 (said once)
 * when one may not be written. */
static int sk_launch_outputs(const sk_cli_t *cli, const sk_plan_t *plan,
                             const sk_postproc_t *pp, int rank)
{
  const char *grid_from = cli->grid_from ? cli->grid_from
                          : pp != NULL ? pp->grid_path : NULL;
  char why[1200];
  int ok = 1;
  if (rank == 0 &&
      sk_outcheck_run(plan, cli->output, pp != NULL ? pp->run_path : NULL,
                      grid_from, cli->log, why, sizeof why) != 0) {
    sk_msg_error("%s", why);
    ok = 0;
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok ? 0 : -1;
}

/* After a run that finished: rank 0 merges the series into the result
 * file; a merge that fails makes the exit status 3.  Every rank returns
 * the same status. */
static int sk_launch_merge(const sk_cli_t *cli, const sk_postproc_t *pp,
                           int rank, int rc)
{
  if (rc != SK_EXIT_OK && rc != SK_EXIT_PARTIAL &&
      rc != SK_EXIT_LIBRARY_FAULT)
    return rc;
  if (rank == 0) {
    if (sk_postproc_merge(pp) != 0) {
      sk_msg_error("@POSTPROC: runs 1 to %d could not be merged into %s; "
                   "this run is in %s", pp->run, pp->outfile, pp->run_path);
      rc = SK_EXIT_PARTIAL;
    } else if (!cli->quiet) {
      sk_msg_note("@POSTPROC: %d run%s merged into %s (this run: %s)",
                  pp->run, pp->run == 1 ? "" : "s", pp->outfile,
                  pp->run_path);
    }
  }
  MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return rc;
}

/* A plan every rank accepted: timer, @POSTPROC, grid and seed, the run,
 * and the merge; returns the exit status.  nodes and place: the node
 * map (rank 0) and this rank's place, gathered at the start. */
static int sk_launch_measure(const sk_cli_t *cli, const sk_plan_t *plan,
                             int rank, const sk_nodemap_t *nodes,
                             const sk_pairs_place_t *place)
{
  sk_run_options_t run;
  sk_gridfile_t *grid = NULL;
  sk_postproc_t pp;
  int post = plan->postproc && !cli->no_postproc, rc;
  memset(&pp, 0, sizeof pp);
  if (sk_launch_timer(cli, rank) != 0)
    rc = SK_EXIT_USAGE;
  else if (post && sk_launch_postproc(cli, plan, rank, &pp) != 0)
    rc = SK_EXIT_INPUT;
  else if (sk_launch_replay(cli, cli->grid_from ? cli->grid_from
                                                : pp.grid_path,
                            rank, &run, &grid) != 0)
    rc = SK_EXIT_USAGE;
  else if (sk_launch_outputs(cli, plan, post ? &pp : NULL, rank) != 0)
    rc = SK_EXIT_INPUT;
  else {
    run.outfile = post && rank == 0 ? pp.run_path : cli->output;
    run.quiet = cli->quiet;
    run.log = cli->log;
    run.fresh = cli->fresh;
    run.timeout = cli->timeout;
    run.nodes = rank == 0 ? nodes : NULL;
    run.place = place;
    rc = sk_run(plan, &run);
    if (post)
      rc = sk_launch_merge(cli, &pp, rank, rc);
  }
  sk_gridfile_free(grid);
  sk_postproc_release(&pp);
  return rc;
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_QUICK=N runs every suite of
 * the plan with N repetitions a point (Min_ and Max_Repetition N,
 * Multiple_of 1, Fixed_Repetitions N where set), its initial grid only
 * (Max_Steps 0), about 6 points a grid (Stepwidth at least 16 on a log
 * scale, (End - Start) / 6 on a linear one) and @CACHEWARMUP at most 1:
 * the shipped suites, unedited, on 8 oversubscribed processes in the CI
 * (tests/mpi/suites-np.sh).  The result's parameters say what ran. */
static void sk_launch_test_quick(sk_plan_t *plan)
{
  const char *v = getenv("SKAMPI_TEST_QUICK");
  long n = v != NULL ? atol(v) : 0;
  size_t i;
  if (n < 1 || n > 1000)
    return;
  if (plan->cachewarmup > 1)
    plan->cachewarmup = 1;
  for (i = 0; i < plan->nsuites; i++) {
    sk_suite_t *s = &plan->suites[i];
    int log = s->scale == SK_SCALE_FIXED_LOG ||
              s->scale == SK_SCALE_DYNAMIC_LOG;
    double lin = (double)(s->end_argument - s->start_argument) / 6.0;
    s->min_repetition = s->max_repetition = n;
    s->multiple_of = 1;
    if (s->fixed_repetitions != SK_UNSET)
      s->fixed_repetitions = n;
    s->max_steps = 0;
    if (log && s->stepwidth < 16.0)
      s->stepwidth = 16.0;
    else if (!log && s->stepwidth < lin)
      s->stepwidth = lin;
  }
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_LIMITS (any value) measures
 * the node's limits as @LIMITS yes does, so that tests/mpi/suites-p2.sh
 * holds the shipped suites, unedited, to their floors. */
static void sk_launch_test_limits(sk_plan_t *plan)
{
  if (getenv("SKAMPI_TEST_LIMITS") != NULL)
    plan->limits = 1;
}

/* Before MPI_Init: does the suite file give a threaded suite more than
 * one thread?  Each process reads and checks the file quietly itself
 * (after MPI_Init rank 0's bytes are what count); the check tells the
 * largest Threads of a threaded suite whatever else is wrong.  A process
 * that cannot read the file asks for no threads, and then the agreed
 * level is too low and the check after MPI_Init refuses such suites. */
static int sk_launch_wants_threads(const sk_cli_t *cli)
{
  sk_diag_t *diag = sk_diag_new();
  sk_check_options_t opt;
  char *buf;
  size_t len = 0;
  long most = 1;
  if (diag == NULL)
    return 0;
  memset(&opt, 0, sizeof opt);
  opt.nprocs = 2;
  opt.max_threads = &most;
  if ((buf = sk_parse_read(cli->file, &len, diag)) != NULL)
    sk_plan_free(sk_check_buffer(cli->file, buf, len, &opt, diag));
  free(buf);
  sk_diag_free(diag);
  return most > 1;
}

/* The thread level every process has, the least of theirs (set after
 * MPI_Init), and what it was asked. */
static int sk_launch_level = MPI_THREAD_SINGLE;
static int sk_launch_asked = MPI_THREAD_SINGLE;

static const char *sk_launch_level_name(int level)
{
  return level == MPI_THREAD_MULTIPLE ? "MPI_THREAD_MULTIPLE"
         : level == MPI_THREAD_SERIALIZED ? "MPI_THREAD_SERIALIZED"
         : level == MPI_THREAD_FUNNELED ? "MPI_THREAD_FUNNELED"
                                        : "MPI_THREAD_SINGLE";
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_THREAD_LEVEL=single,
 * funneled or serialized caps the level this process reports as
 * provided, so that the refusal is tested with libraries that provide
 * MPI_THREAD_MULTIPLE. */
static int sk_launch_test_level(int provided)
{
  static const char *const names[] = {"single", "funneled", "serialized"};
  static const int levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED,
                               MPI_THREAD_SERIALIZED};
  const char *v = getenv("SKAMPI_TEST_THREAD_LEVEL");
  int i;
  for (i = 0; v != NULL && i < 3; i++)
    if (strcmp(v, names[i]) == 0 && levels[i] < provided)
      return levels[i];
  return provided;
}

/* The checker's threads_unavailable: 1 with why this run gives no
 * threads into WHY (LEN bytes), 0 when it gives them. */
static int sk_launch_threads_unavailable(char *why, size_t len)
{
  char lib[SK_PATTERN_LIBRARY_SIZE];
  if (sk_launch_level >= MPI_THREAD_MULTIPLE)
    return 0;
  snprintf(why, len, "the MPI library skampi was built with (%s) "
           "provides %s%s", sk_pattern_library(lib, sizeof lib),
           sk_launch_level_name(sk_launch_level),
           sk_launch_asked < MPI_THREAD_MULTIPLE
               ? " (it was not asked for threads: a process could not read "
                 "the suite file before MPI_Init)" : "");
  return 1;
}

/* MPI_Init, or MPI_Init_thread(MPI_THREAD_MULTIPLE) when the file gives
 * a threaded suite threads; its time (the monotonic clock around it) and
 * the level go to the factors.  -1 when it failed. */
static int sk_launch_init(const sk_cli_t *cli)
{
  struct timespec t0, t1;
  int provided = MPI_THREAD_SINGLE, rc;
  sk_launch_asked = sk_launch_wants_threads(cli) ? MPI_THREAD_MULTIPLE
                                                 : MPI_THREAD_SINGLE;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (sk_launch_asked == MPI_THREAD_MULTIPLE)
    rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
  else
    rc = MPI_Init(NULL, NULL);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (rc != MPI_SUCCESS)
    return -1;
  sk_factors_init_time((double)(t1.tv_sec - t0.tv_sec) +
                       1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  if (sk_launch_asked != MPI_THREAD_MULTIPLE)
    MPI_Query_thread(&provided);
  provided = sk_launch_test_level(provided);
  MPI_Allreduce(&provided, &sk_launch_level, 1, MPI_INT, MPI_MIN,
                MPI_COMM_WORLD);
  sk_factors_thread_level(sk_launch_level_name(sk_launch_asked),
                          sk_launch_level_name(sk_launch_level));
  return 0;
}

int sk_launch(const sk_cli_t *cli)
{
  sk_check_options_t opt;
  sk_diag_t *diag;
  sk_plan_t *plan = NULL;
  sk_nodemap_t nodes;
  sk_pairs_place_t place;
  char *buf;
  size_t len = 0;
  int rank, size, ok, all_ok, rc, mapped;
  if (sk_launch_init(cli) != 0) {
    sk_msg_error("MPI_Init failed");
    return SK_EXIT_ABORTED;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if ((rc = sk_launch_world(cli, rank, size)) != 0) {
    MPI_Finalize();
    return rc;
  }
  /* the node map first: the check refuses a pair the run does not have */
  mapped = sk_placement_gather(MPI_COMM_WORLD, &nodes, &place) == 0;
  if (!mapped && rank == 0)
    sk_msg_warning("the node map could not be gathered (out of memory): "
                   "the result has none, and %s and %s other than their "
                   "defaults are refused", sk_suitekey_name(SK_KEY_PAIR),
                   sk_suitekey_name(SK_KEY_PAIRS_PLACEMENT));
  diag = sk_diag_new();
  buf = sk_launch_share(cli->file, rank, diag, &len);
  memset(&opt, 0, sizeof opt);
  opt.nprocs = size;
  opt.unavailable = sk_pattern_unavailable;
  opt.large_count = sk_pattern_large_count;
  opt.supports = sk_pattern_supports;
  opt.fault = sk_pattern_fault;
  opt.nodes = rank == 0 ? &nodes : NULL;
  opt.type_unavailable = sk_dtype_unavailable;
  opt.threads_unavailable = sk_launch_threads_unavailable;
  if (buf != NULL && diag != NULL)
    plan = sk_check_buffer(cli->file, buf, len, &opt, diag);
  free(buf);
  ok = plan != NULL;
  if (plan != NULL) {
    sk_launch_test_quick(plan);
    sk_launch_test_limits(plan);
  }
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (all_ok) {
    rc = sk_launch_measure(cli, plan, rank, &nodes, &place);
  } else {
    if (rank == 0 && diag != NULL)
      sk_launch_refuse(cli, diag);
    rc = SK_EXIT_INPUT;
  }
  sk_plan_free(plan);
  sk_diag_free(diag);
  sk_nodemap_free(&nodes);
  MPI_Finalize();
  return rc;
}
