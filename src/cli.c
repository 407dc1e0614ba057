/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cli.c -- options, help, the instance list and --check.
 */
#include <config.h>

#include "cli.h"

#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dtype.h"
#include "instance.h"
#include "msg.h"
#include "pattern.h"
#include "plan_emit.h"
#include "run.h"
#include "shuffle.h"
#include "suitekey.h"
#include "suitepath.h"
#include "timer.h"

/* an MPI communicator's size is an int */
#define SK_CLI_MAX_NP 2147483647L

enum { SK_OPT_CHECK = 256, SK_OPT_NP, SK_OPT_LIST, SK_OPT_SUITE,
       SK_OPT_FRESH, SK_OPT_TIMEOUT, SK_OPT_TIMER, SK_OPT_SHUFFLE,
       SK_OPT_GRID_FROM, SK_OPT_NO_POSTPROC, SK_OPT_NO_INTERLEAVE,
       SK_OPT_LOG };

static const struct option sk_cli_options[] = {
  {"check", no_argument, NULL, SK_OPT_CHECK},
  {"np", required_argument, NULL, SK_OPT_NP},
  {"list", no_argument, NULL, SK_OPT_LIST},
  {"suite", required_argument, NULL, SK_OPT_SUITE},
  {"fresh", no_argument, NULL, SK_OPT_FRESH},
  {"timeout", required_argument, NULL, SK_OPT_TIMEOUT},
  {"timer", required_argument, NULL, SK_OPT_TIMER},
  {"shuffle", optional_argument, NULL, SK_OPT_SHUFFLE},
  {"grid-from", required_argument, NULL, SK_OPT_GRID_FROM},
  {"no-interleave", no_argument, NULL, SK_OPT_NO_INTERLEAVE},
  {"no-postproc", no_argument, NULL, SK_OPT_NO_POSTPROC},
  {"log", required_argument, NULL, SK_OPT_LOG},
  {"output", required_argument, NULL, 'o'},
  {"quiet", no_argument, NULL, 'q'},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0}
};

/* A usage error: the message (fmt with its one %s), then the hint. */
static int sk_cli_usage(const char *fmt, const char *arg)
{
  char what[512];
  snprintf(what, sizeof what, fmt, arg);
  sk_msg_error("%s\nTry 'skampi --help' for more information.", what);
  return SK_EXIT_USAGE;
}

/* The option getopt_long() refused, as the user wrote it.  glibc sets
 * optopt to the option's value when a known option got a value it does
 * not take, and to 0 for an unknown long option. */
static int sk_cli_bad_option(char **argv, int missing)
{
  const char *arg = argv[optind - 1];
  char name[64];
  if (strncmp(arg, "--", 2) == 0) {
    snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
    if (missing)
      return sk_cli_usage("option '%s' needs a value", name);
    if (optopt != 0 && arg[strlen(name)] == '=')
      return sk_cli_usage("option '%s' takes no value", name);
    return sk_cli_usage("unknown option '%s'", name);
  }
  snprintf(name, sizeof name, "-%c", optopt);
  if (missing)
    return sk_cli_usage("option '%s' needs a value", name);
  return sk_cli_usage("unknown option '%s'", name);
}

static int sk_cli_np(const char *arg, sk_cli_t *cli)
{
  char *end;
  long v = strtol(arg, &end, 10);
  if (*arg == '\0' || *end != '\0' || v < 1 || v > SK_CLI_MAX_NP)
    return sk_cli_usage("--np expects a number of processes (1 to "
                        "2147483647), not '%s'", arg);
  cli->nprocs = (int)v;
  return 0;
}

/* --timeout: seconds (a decimal number, 0 turns the watchdog off). */
static int sk_cli_timeout(const char *arg, sk_cli_t *cli)
{
  char *end;
  double v = strtod(arg, &end);
  if (*arg == '\0' || *end != '\0' || !(v >= 0.0 && v <= 1e8))
    return sk_cli_usage("--timeout expects seconds (0 to 1e8, 0: no "
                        "watchdog), not '%s'", arg);
  cli->timeout = v;
  return 0;
}

static int sk_cli_timer(const char *arg, sk_cli_t *cli)
{
  sk_timer_kind_t k;
  if (sk_timer_parse(arg, &k) != 0)
    return sk_cli_usage("--timer expects MPI_Wtime, monotonic or rdtscp, "
                        "not '%s'", arg);
  cli->timer = (int)k;
  return 0;
}

static int sk_cli_shuffle(const char *arg, sk_cli_t *cli)
{
  uint64_t seed;
  cli->shuffle = 1;
  if (arg == NULL)
    return 0;
  if (sk_shuffle_parse_seed(arg, &seed) != 0)
    return sk_cli_usage("--shuffle=SEED expects a whole number 0 to "
                        "9007199254740991, not '%s'", arg);
  cli->seed_given = 1;
  cli->seed = (unsigned long long)seed;
  return 0;
}

static int sk_cli_mode(sk_cli_t *cli, sk_cli_mode_t mode)
{
  if (cli->mode != SK_CLI_RUN && cli->mode != mode)
    return sk_cli_usage("%s", "--check and --list cannot be combined");
  cli->mode = mode;
  return 0;
}

/* What the options say together, and the one SUITE_FILE. */
static int sk_cli_finish(int argc, char **argv, sk_cli_t *cli, int help,
                         int version)
{
  int nfiles = argc - optind;
  if (help || version) {
    cli->mode = help ? SK_CLI_HELP : SK_CLI_VERSION;
    return 0;
  }
  if ((cli->fresh || cli->timeout >= 0.0) && cli->mode != SK_CLI_RUN)
    return sk_cli_usage("%s", "--fresh and --timeout go with a run");
  if (cli->no_interleave && !cli->shuffle)
    return sk_cli_usage("%s", "--no-interleave goes with --shuffle");
  if ((cli->shuffle || cli->grid_from || cli->timer || cli->no_postproc ||
       cli->log) && cli->mode != SK_CLI_RUN)
    return sk_cli_usage("%s", "--timer, --shuffle, --grid-from, "
                        "--no-postproc and --log go with a run");
  if (cli->nprocs && cli->mode == SK_CLI_LIST)
    return sk_cli_usage("%s", "--np goes with --check or a run");
  if (cli->output && cli->mode != SK_CLI_RUN)
    return sk_cli_usage("%s", "-o/--output goes with a run, not with "
                        "--check or --list");
  if (cli->mode == SK_CLI_LIST)
    return nfiles == 0 && cli->file == NULL ? 0 :
      sk_cli_usage("--list takes no file, not '%s'",
                   nfiles ? argv[optind] : cli->file);
  if (nfiles == 0 && cli->file == NULL)
    return sk_cli_usage("%s", "no SUITE_FILE given");
  if (nfiles > (cli->file == NULL))
    return sk_cli_usage("one SUITE_FILE only ('%s' is one too many)",
                        argv[optind + (cli->file == NULL)]);
  if (cli->file == NULL)
    cli->file = argv[optind];
  cli->by_name = sk_suitepath_is_name(cli->file);
  return 0;
}

int sk_cli_parse(int argc, char **argv, sk_cli_t *cli)
{
  int c, rc = 0, help = 0, version = 0;
  memset(cli, 0, sizeof *cli);
  cli->timeout = -1.0;
  opterr = 0;
  optind = 1;
  while (rc == 0 &&
         (c = getopt_long(argc, argv, ":o:qhV", sk_cli_options, NULL)) != -1)
    switch (c) {
    case SK_OPT_CHECK: rc = sk_cli_mode(cli, SK_CLI_CHECK); break;
    case SK_OPT_LIST: rc = sk_cli_mode(cli, SK_CLI_LIST); break;
    case SK_OPT_NP: rc = sk_cli_np(optarg, cli); break;
    case SK_OPT_SUITE:
      if (cli->file != NULL)
        rc = sk_cli_usage("%s", "--suite given twice");
      cli->file = optarg;
      break;
    case SK_OPT_FRESH: cli->fresh = 1; break;
    case SK_OPT_NO_INTERLEAVE: cli->no_interleave = 1; break;
    case SK_OPT_TIMEOUT: rc = sk_cli_timeout(optarg, cli); break;
    case SK_OPT_TIMER: rc = sk_cli_timer(optarg, cli); break;
    case SK_OPT_SHUFFLE: rc = sk_cli_shuffle(optarg, cli); break;
    case SK_OPT_GRID_FROM: cli->grid_from = optarg; break;
    case SK_OPT_NO_POSTPROC: cli->no_postproc = 1; break;
    case SK_OPT_LOG:
      if (*optarg == '\0')
        rc = sk_cli_usage("%s", "--log expects a file name");
      cli->log = optarg;
      break;
    case 'o': cli->output = optarg; break;
    case 'q': cli->quiet = 1; break;
    case 'h': help = 1; break;
    case 'V': version = 1; break;
    case ':': return sk_cli_bad_option(argv, 1);
    default: return sk_cli_bad_option(argv, 0);
    }
  return rc != 0 ? rc : sk_cli_finish(argc, argv, cli, help, version);
}

void sk_cli_help(FILE *fp)
{
  fputs(
"Usage: mpiexec -n P skampi [OPTIONS] SUITE_FILE\n"
"       skampi --check [--np P] SUITE_FILE\n"
"       skampi --list\n"
"\n"
"Measures the MPI operations the suites of SUITE_FILE (a .skampi file)\n"
"describe and writes the results as YAML.  SUITE_FILE is a path, or the\n"
"name of a shipped suite such as 'default' (see skampi(1), FILES).\n"
"\n"
"      --suite NAME   the same as giving NAME as SUITE_FILE\n"
"  -o, --output FILE  write the results to FILE (default: @OUTFILE of the\n"
"                     suite file, else skampi.yaml)\n"
"  -q, --quiet        no progress on stderr\n"
"      --fresh        start over: an earlier FILE becomes FILE.bak instead\n"
"                     of being continued (FILE.journal says how far it got)\n"
"      --timeout S    watchdog: abort when a suite runs longer than S\n"
"                     seconds (0: none; default from Time_Suite)\n"
"      --timer NAME   the clock of every timed region: MPI_Wtime (the\n"
"                     default), monotonic (clock_gettime CLOCK_MONOTONIC)\n"
"                     or rdtscp (x86-64 with an invariant TSC)\n"
"      --shuffle[=SEED]\n"
"                     measure in random order: the points of every suite\n"
"                     whose arguments are known in advance (fixed scale,\n"
"                     --grid-from, Variation none) interleaved across\n"
"                     suites, then the others (SEED: a whole number;\n"
"                     default: from the clock; recorded in the result)\n"
"      --no-interleave\n"
"                     with --shuffle: suites in random order, each\n"
"                     suite's points shuffled on their own\n"
"      --grid-from FILE\n"
"                     measure exactly the arguments of the same-named\n"
"                     suites of the earlier result FILE (no refinement)\n"
"      --no-postproc  one result file, as with @POSTPROC no (skampi-run\n"
"                     merges its runs itself)\n"
"      --log FILE     the log of the run goes to FILE instead of the suite\n"
"                     file's @LOGFILE\n"
"      --check        check SUITE_FILE and print the resolved plan as YAML;\n"
"                     measures nothing and needs no mpiexec\n"
"      --np P         with --check: resolve the plan for P processes\n"
"                     (default 2); with a run: the processes it must\n"
"                     have, or it stops at once naming the launcher\n"
"      --list         list every instance (the values of Type) by family\n"
"  -h, --help         show this help\n"
"  -V, --version      show the version, the MPI library and the licence\n"
"\n"
"Exit status: 0 all suites complete (or incomplete: a time limit cut\n"
"them short), 1 errors in SUITE_FILE (nothing measured), 2 bad command\n"
"line or a launcher that started the wrong processes, 3 some suite\n"
"failed, 4 run aborted.\n"
"Rerunning into the same FILE continues an interrupted run\n"
"(doc/robustness.md).\n"
"The suite language: skampi(5) and doc/suite-language.md.\n", fp);
}


/* --list's order: by family, then by number. */
static int sk_cli_by_family(const void *a, const void *b)
{
  const sk_instance_t *x = *(const sk_instance_t *const *)a;
  const sk_instance_t *y = *(const sk_instance_t *const *)b;
  int fx = sk_instance_family_order(x), fy = sk_instance_family_order(y);
  if (fx != fy)
    return (fx > fy) - (fx < fy);
  return (x->number > y->number) - (x->number < y->number);
}

/* "Length,Nodes": the variations of an instance, in Variation order. */
static void sk_cli_variations(unsigned bits, char *buf, size_t size)
{
  size_t len = 0;
  int i;
  buf[0] = '\0';
  for (i = 0; i < 4; i++)
    if (bits & (1u << i))
      len += (size_t)snprintf(buf + len, size - len, "%s%s",
                              len ? "," : "",
                              sk_variation_name((sk_variation_t)i));
}

/* implemented, planned (no code yet), unavailable (the MPI library
 * lacks its function) or faulty (the library is known to break it on
 * some number of processes: lib/libfault.h). */
static const char *sk_cli_status(const sk_instance_t *in)
{
  if (!in->implemented)
    return "planned";
  if (sk_pattern_unavailable(in->number, NULL, 0))
    return "unavailable";
  return sk_pattern_fault(in->number, 2147483647, NULL, 0) ? "faulty"
                                                           : "implemented";
}

/* A class of the row (its buffers or payload, "BSEND_MW") as --list
 * prints it: in lower case, "bsend_mw". */
static void sk_cli_class(const char *id, char *buf, size_t size)
{
  size_t i;
  for (i = 0; id[i] != '\0' && i + 1 < size; i++)
    buf[i] = (char)tolower((unsigned char)id[i]);
  buf[i] = '\0';
}

static void sk_cli_list_row(FILE *fp, const sk_instance_t *in)
{
  char vars[64], buffers[32], payload[32];
  sk_cli_variations(in->variations, vars, sizeof vars);
  sk_cli_class(in->buffers_id, buffers, sizeof buffers);
  sk_cli_class(in->payload_id, payload, sizeof payload);
  fprintf(fp, "%4d  %-33s %-14s %-20s %-9s %-15s %-11s %s\n", in->number,
          in->name, sk_instance_pattern_name(in->pattern), vars, buffers, payload,
          sk_cli_status(in), in->summary);
}

void sk_cli_list(FILE *fp)
{
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  const sk_instance_t **order = malloc(n * sizeof *order);
  char lib[SK_PATTERN_LIBRARY_SIZE];
  if (order == NULL)
    return;
  for (i = 0; i < n; i++)
    order[i] = &t[i];
  qsort(order, n, sizeof *order, sk_cli_by_family);
  fprintf(fp, "MPI library: %s\n", sk_pattern_library(lib, sizeof lib));
  fprintf(fp, "%4s  %-33s %-14s %-20s %-9s %-15s %-11s %s\n",
          sk_suitekey_name(SK_KEY_TYPE), "Name", "Pattern", "Variations",
          "Buffers", "Payload", "Status", "Operations");
  for (i = 0; i < n; i++) {
    if (i == 0 || sk_instance_family_order(order[i]) !=
                      sk_instance_family_order(order[i - 1]))
      fprintf(fp, "-- %s\n", sk_instance_family(order[i]));
    sk_cli_list_row(fp, order[i]);
  }
  free(order);
}

void sk_cli_not_found(const sk_cli_t *cli, FILE *fp)
{
  if (!cli->by_name)
    return;
  sk_suitepath_note(cli->file, fp);
}

int sk_cli_check(const sk_cli_t *cli)
{
  sk_check_options_t opt;
  sk_diag_t *diag = sk_diag_new();
  sk_plan_t *plan;
  int rc = SK_EXIT_INPUT;
  if (diag == NULL)
    return SK_EXIT_INPUT;
  memset(&opt, 0, sizeof opt);
  opt.nprocs = cli->nprocs ? cli->nprocs : 2;
  opt.unavailable = sk_pattern_unavailable;
  opt.large_count = sk_pattern_large_count;
  opt.supports = sk_pattern_supports;
  opt.fault = sk_pattern_fault;
  opt.nodes = NULL;       /* not known before a run */
  opt.type_unavailable = sk_dtype_unavailable;
  plan = sk_check_file(cli->file, &opt, diag);
  sk_diag_print(diag, stderr);
  if (plan == NULL)
    sk_cli_not_found(cli, stderr);
  if (plan != NULL) {
    rc = SK_EXIT_OK;
    if (sk_plan_write(plan, stdout) != 0 || fflush(stdout) != 0) {
      sk_msg_error("cannot write the plan to stdout");
      rc = SK_EXIT_INPUT;
    }
  }
  sk_plan_free(plan);
  sk_diag_free(diag);
  return rc;
}
