/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli.h -- the command line of skampi, and what needs no MPI: --help,
 * --version, --list, --check.  skampi(1) (doc/skampi.1) documents every
 * option.
 */
#ifndef SK_CLI_H
#define SK_CLI_H

#include <stdio.h>

typedef enum {
  SK_CLI_RUN,              /* measure SUITE_FILE (under mpiexec) */
  SK_CLI_CHECK,            /* --check */
  SK_CLI_LIST,             /* --list */
  SK_CLI_HELP,             /* --help */
  SK_CLI_VERSION           /* --version */
} sk_cli_mode_t;

typedef struct sk_cli {
  sk_cli_mode_t mode;
  const char *file;        /* SUITE_FILE or --suite NAME (borrowed from
                              argv); main() swaps in the path found */
  int by_name;             /* file was looked up by name (suitepath.h) */
  int nprocs;              /* --np P, 0 when not given: with --check the
                              plan's processes, with a run the
                              processes MPI_COMM_WORLD must have */
  const char *output;      /* -o FILE or NULL */
  int quiet;               /* -q */
  int fresh;               /* --fresh: start over, keep FILE.bak */
  double timeout;          /* --timeout S per suite; -1 when not given */
  int timer;               /* --timer: an sk_timer_kind_t (timer.h) */
  int shuffle;             /* --shuffle[=SEED] given */
  int no_interleave;       /* --no-interleave */
  int seed_given;          /* ... with a SEED */
  unsigned long long seed; /* that SEED */
  const char *grid_from;   /* --grid-from FILE (borrowed), or NULL */
  int no_postproc;         /* --no-postproc: ignore @POSTPROC yes */
  const char *log;         /* --log FILE (borrowed), instead of @LOGFILE */
} sk_cli_t;

/* Parses the command line.  Returns 0, or SK_EXIT_USAGE after printing
 * what is wrong (and a hint to --help) on stderr. */
int sk_cli_parse(int argc, char **argv, sk_cli_t *cli);

void sk_cli_help(FILE *fp);
/* Every instance: number, name, pattern, variations, status, summary. */
void sk_cli_list(FILE *fp);
/* Rank 0's note after a suite could not be read: where a name was
 * looked up (nothing when cli->file was a path). */
void sk_cli_not_found(const sk_cli_t *cli, FILE *fp);
/* --check: diagnostics on stderr, the plan as YAML on stdout; returns
 * the exit status (SK_EXIT_OK or SK_EXIT_INPUT). */
int sk_cli_check(const sk_cli_t *cli);

#endif
