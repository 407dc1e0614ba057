/*
 * merge_main.c -- skampi-merge: several runs of one suite file and grid
 * into one merged result file (doc/reproducibility.md).
 */
#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "mergeout.h"
#include "msg.h"
#include "outfile.h"

static const struct option sk_mmain_options[] = {
  {"output", required_argument, NULL, 'o'},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0}
};

static void sk_mmain_help(void)
{
  puts("Usage: skampi-merge RUN.yaml [RUN.yaml ...] [-o merged.yaml]\n"
       "Merge the result files of several runs of one suite file and grid:\n"
       "per point the runs' medians and means, and over the runs the\n"
       "median, quartiles, min, max and normalized spread.\n\n"
       "  -o, --output FILE   the merged result file (default: merged.yaml)\n"
       "  -h, --help          show this help and exit\n"
       "  -V, --version       show the version and exit\n\n"
       "Exit status: 0 success, 1 a run cannot be read or does not match\n"
       "the first, 2 bad command line, 3 the output cannot be written.\n"
       "See skampi-merge(1) and doc/reproducibility.md.");
}

/* Load every run and check it against the first; all are loaded so
 * that every unreadable file is reported in one go. */
static int sk_mmain_merge(char **files, size_t n, const char *out)
{
  sk_merge_run_t *runs = calloc(n, sizeof *runs);
  sk_outfile_inputs_t in;       /* the output is none of the runs */
  size_t i;
  int bad = 0, rc;
  if (!runs)
    return 1;
  for (i = 0; i < n; i++)
    bad |= sk_merge_load(&runs[i], files[i]) != 0;
  if (!bad)
    bad = sk_merge_distinct(runs, n) != 0;
  for (i = 1; !bad && i < n; i++) {
    sk_merge_align(&runs[0], &runs[i]);
    bad |= sk_merge_check(&runs[0], &runs[i]) != 0;
  }
  in.paths = (const char *const *)files;
  in.n = n;
  rc = bad ? 1 : (sk_mergeout_write(out, runs, n, &in) != 0 ? 3 : 0);
  for (i = 0; i < n; i++)
    sk_merge_run_free(&runs[i]);
  free(runs);
  return rc;
}

int main(int argc, char **argv)
{
  const char *out = "merged.yaml";
  int c;
  sk_msg_set_program("skampi-merge");
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":o:hV", sk_mmain_options, NULL))
         != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'h': sk_mmain_help(); return 0;
    case 'V': printf("skampi-merge %s\n", PACKAGE_VERSION); return 0;
    case ':':
      sk_msg_error("missing argument to option '%s' (see skampi-merge "
                   "--help)", argv[optind - 1]);
      return 2;
    default:
      sk_msg_error("unknown option '%s' (see skampi-merge --help)",
                   argv[optind - 1]);
      return 2;
    }
  }
  if (optind >= argc) {
    sk_msg_error("no result file given (see skampi-merge --help)");
    return 2;
  }
  return sk_mmain_merge(argv + optind, (size_t)(argc - optind), out);
}
