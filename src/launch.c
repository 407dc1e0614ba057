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
#include "parse.h"
#include "postproc.h"
#include "run.h"
#include "gridfile.h"
#include "msg.h"
#include "factors.h"
#include "outcheck.h"
#include "pattern.h"
#include "sha256.h"
#include "shuffle.h"
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
                      grid_from, why, sizeof why) != 0) {
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
  if (rc != SK_EXIT_OK && rc != SK_EXIT_PARTIAL)
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
 * and the merge; returns the exit status. */
static int sk_launch_measure(const sk_cli_t *cli, const sk_plan_t *plan,
                             int rank)
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
    run.fresh = cli->fresh;
    run.timeout = cli->timeout;
    rc = sk_run(plan, &run);
    if (post)
      rc = sk_launch_merge(cli, &pp, rank, rc);
  }
  sk_gridfile_free(grid);
  sk_postproc_release(&pp);
  return rc;
}

int sk_launch(const sk_cli_t *cli)
{
  sk_check_options_t opt;
  sk_diag_t *diag;
  sk_plan_t *plan = NULL;
  char *buf;
  size_t len = 0;
  int rank, size, ok, all_ok, rc;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
    sk_msg_error("MPI_Init failed");
    return SK_EXIT_ABORTED;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  sk_factors_init_time((double)(t1.tv_sec - t0.tv_sec) +
                       1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  diag = sk_diag_new();
  buf = sk_launch_share(cli->file, rank, diag, &len);
  opt.nprocs = size;
  opt.unavailable = sk_pattern_unavailable;
  opt.large_count = sk_pattern_large_count;
  opt.supports = sk_pattern_supports;
  if (buf != NULL && diag != NULL)
    plan = sk_check_buffer(cli->file, buf, len, &opt, diag);
  free(buf);
  ok = plan != NULL;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (all_ok) {
    rc = sk_launch_measure(cli, plan, rank);
  } else {
    if (rank == 0 && diag != NULL)
      sk_launch_refuse(cli, diag);
    rc = SK_EXIT_INPUT;
  }
  sk_plan_free(plan);
  sk_diag_free(diag);
  MPI_Finalize();
  return rc;
}
