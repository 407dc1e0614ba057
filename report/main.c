/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * main.c -- skampi-report: the command line, then report.c does the work.
 */
#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "compare_run.h"
#include "licence.h"
#include "msg.h"
#include "report.h"

enum { SK_OPT_CSV = 256, SK_OPT_SCRIPT, SK_OPT_COMPARE, SK_OPT_RUNS };

static const struct option sk_main_options[] = {
  {"output", required_argument, NULL, 'o'},
  {"params", required_argument, NULL, 'p'},
  {"csv", required_argument, NULL, SK_OPT_CSV},
  {"script", required_argument, NULL, SK_OPT_SCRIPT},
  {"compare", no_argument, NULL, SK_OPT_COMPARE},
  {"runs", no_argument, NULL, SK_OPT_RUNS},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0}
};

static void sk_main_help(void)
{
  puts("Usage: skampi-report RESULT.yaml [MORE.yaml ...] [-o report.pdf]\n"
       "                     [-p params.yaml] [--csv DIR] [--script FILE]\n"
       "       skampi-report --runs SET [-o runs.pdf] [--csv DIR]\n"
       "       skampi-report --compare A B [-o compare.pdf] [--csv DIR]\n"
       "Draw skampi result files as a multi-page PDF with gnuplot.\n\n"
       "  -o, --output FILE   the PDF to write (default: report.pdf)\n"
       "  -p, --params FILE   report parameter file: labels, groups, pages\n"
       "      --csv DIR       also write the data of every plot as CSV to DIR\n"
       "      --script FILE   keep the gnuplot script in FILE\n"
       "      --runs          SET is a merged result file (skampi-merge) or a\n"
       "                      skampi-run directory: reproducibility pages\n"
       "      --compare       A and B are merged sets: Wilcoxon rank-sum test\n"
       "                      of every common point, box plots with stars\n"
       "  -h, --help          show this help and exit\n"
       "  -V, --version       show the version and the licence, and exit\n\n"
       "Exit status: 0 success, 1 bad result or parameter file, 2 bad\n"
       "command line, 3 gnuplot or writing the output failed.\n"
       "gnuplot: $GNUPLOT if set, else " SK_GNUPLOT ".\n"
       "See skampi-report(1) and doc/report.md.");
}

/* The option as the user wrote it, for "unknown option" messages. */
static void sk_main_bad(char **argv, const char *what)
{
  char shortopt[3] = {'-', (char)optopt, '\0'};
  char name[128];
  const char *arg = argv[optind - 1];
  if (optopt > 0 && optopt < 256 && strncmp(arg, "--", 2) != 0) {
    snprintf(name, sizeof name, "%s", shortopt);
  } else {
    snprintf(name, sizeof name, "%s", arg);
    name[strcspn(name, "=")] = '\0';
  }
  sk_msg_error("%s '%s' (see skampi-report --help)", what, name);
}

/* --runs SET / --compare A B: merged sets, doc/reproducibility.md. */
static int sk_main_sets(const sk_report_opts_t *o, int compare, char **files,
                        int nfiles)
{
  sk_compare_opts_t c = {files[0], NULL, o->output, o->csv_dir, o->script};
  if (nfiles != (compare ? 2 : 1) || o->params) {
    sk_msg_error("%s (see skampi-report --help)", o->params
                 ? "-p does not go with --runs or --compare" : compare
                 ? "--compare takes two sets, A and B"
                 : "--runs takes one set");
    return SK_REPORT_EUSAGE;
  }
  if (compare) {
    if (o->output == NULL || strcmp(o->output, "report.pdf") == 0)
      c.output = "compare.pdf";
    c.b = files[1];
  }
  return sk_compare_run(&c);
}

int main(int argc, char **argv)
{
  sk_report_opts_t o = {NULL, 0, "report.pdf", NULL, NULL, NULL};
  int c, sets = 0;
  sk_msg_set_program("skampi-report");
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":o:p:hV", sk_main_options,
                          NULL)) != -1) {
    switch (c) {
    case 'o': o.output = optarg; break;
    case 'p': o.params = optarg; break;
    case SK_OPT_CSV: o.csv_dir = optarg; break;
    case SK_OPT_SCRIPT: o.script = optarg; break;
    case SK_OPT_COMPARE: sets = 2; break;
    case SK_OPT_RUNS: sets = sets ? sets : 1; break;
    case 'h': sk_main_help(); return SK_REPORT_OK;
    case 'V':
      printf("skampi-report %s\n%s", PACKAGE_VERSION, SK_LICENCE_TEXT);
      return 0;
    case ':':
      sk_main_bad(argv, "missing argument to option");
      return SK_REPORT_EUSAGE;
    default:
      sk_main_bad(argv, "unknown option");
      return SK_REPORT_EUSAGE;
    }
  }
  if (optind >= argc) {
    sk_msg_error("no result file given (see skampi-report --help)");
    return SK_REPORT_EUSAGE;
  }
  if (sets)
    return sk_main_sets(&o, sets == 2, argv + optind, argc - optind);
  o.inputs = argv + optind;
  o.ninputs = (size_t)(argc - optind);
  return sk_report_run(&o);
}
