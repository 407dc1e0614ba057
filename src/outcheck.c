/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outcheck.c -- the files a run will write, checked before it measures.
 */
#include <config.h>

#include "outcheck.h"

#include "outfile.h"

/* The result file (or with @POSTPROC the merged file) as kind: from the
 * suite file only when -o does not name it. */
static int sk_outcheck_result(const sk_plan_t *plan, const char *output,
                              sk_outfile_kind_t kind,
                              const sk_outfile_inputs_t *in, char *why,
                              size_t whylen)
{
  if (output != NULL)
    return sk_outfile_check(output, kind, in, why, whylen);
  if (plan->outfile != NULL)
    return sk_outfile_check_suite("OUTFILE", plan->outfile, kind,
                                  plan->path, in, why, whylen);
  return sk_outfile_check("skampi.yaml", kind, in, why, whylen);
}

int sk_outcheck_run(const sk_plan_t *plan, const char *output,
                    const char *run_path, const char *grid_from,
                    const char *log, char *why, size_t whylen)
{
  const char *paths[3];
  sk_outfile_inputs_t in;
  paths[0] = plan->path;
  paths[1] = grid_from;
  paths[2] = run_path;            /* the merged file is none of the runs */
  in.paths = paths;
  in.n = 2;
  if (run_path != NULL &&
      sk_outfile_check(run_path, SK_OUTFILE_RUN, &in, why, whylen) != 0)
    return -1;
  in.n = run_path != NULL ? 3 : 2;
  if (sk_outcheck_result(plan, output, run_path != NULL ? SK_OUTFILE_MERGED
                                                        : SK_OUTFILE_RUN,
                         &in, why, whylen) != 0)
    return -1;
  in.n = 2;
  if (log != NULL)         /* --log: whoever runs skampi names it */
    return sk_outfile_check(log, SK_OUTFILE_LOG, &in, why, whylen);
  if (plan->logfile != NULL)
    return sk_outfile_check_suite("LOGFILE", plan->logfile, SK_OUTFILE_LOG,
                                  plan->path, &in, why, whylen);
  return 0;
}
