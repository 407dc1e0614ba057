/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report.c -- the steps of skampi-report, in order.
 */
#include <config.h>

#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "gnuplot.h"
#include "rfile_load.h"
#include "msg.h"
#include "pages.h"
#include "params.h"
#include "plot.h"
#include "rout.h"

/* A point whose mean is .nan had no valid repetition: it is no
 * measurement, so it is neither drawn nor put in a CSV (nor, as 0,
 * pulls a curve down); a note names the suite. */
static void sk_report_drop_empty(sk_rfile_t *f)
{
  size_t i, j, kept;
  for (i = 0; i < f->nsuites; i++) {
    sk_rfile_suite_t *s = &f->suites[i];
    for (j = kept = 0; j < s->npoints; j++) {
      if (isnan(s->points[j].mean)) {
        sk_rfile_point_free(&s->points[j]);
        continue;
      }
      s->points[kept++] = s->points[j];
    }
    if (kept < s->npoints)
      sk_msg_note("%s: suite %s: %zu point%s without a value (0 valid "
                  "repetitions) not drawn", f->path, s->name,
                  s->npoints - kept, s->npoints - kept == 1 ? "" : "s");
    s->npoints = kept;
  }
}

/* Load every input (all of them, so that one run reports every bad
 * file) and the parameter file. */
static int sk_report_load(const sk_report_opts_t *o, sk_inputs_t *in,
                          sk_params_t **params)
{
  size_t i;
  int rc = 0;
  in->files = calloc(o->ninputs, sizeof *in->files);
  if (!in->files)
    return -1;
  in->n = o->ninputs;
  for (i = 0; i < o->ninputs; i++)
    if (sk_rfile_load(o->inputs[i], &in->files[i]) < 0)
      rc = -1;
    else
      sk_report_drop_empty(in->files[i]);
  if (o->params && sk_params_load(o->params, params) < 0)
    rc = -1;
  in->params = *params;
  return rc;
}

static void sk_report_unload(sk_inputs_t *in, sk_params_t *params)
{
  size_t i;
  for (i = 0; in->files && i < in->n; i++)
    sk_rfile_free(in->files[i]);
  free(in->files);
  sk_pages_labels_free(in->labels, in->n);
  sk_params_free(params);
}

/* The whole script into f (sk_rout_script_fn). */
typedef struct sk_report_draw {
  const sk_inputs_t *in;
  const sk_pages_t *pages;
} sk_report_draw_t;

static int sk_report_write(FILE *f, const char *pdf_gp, void *arg)
{
  const sk_report_draw_t *d = arg;
  return sk_plot_script(f, d->in, d->pages, pdf_gp);
}

/* What no output may be: the result files and -p's file.  The array is
 * the caller's; NULL when out of memory. */
static const char **sk_report_inputs(const sk_report_opts_t *o,
                                     sk_outfile_inputs_t *oin)
{
  const char **paths = calloc(o->ninputs + 1, sizeof *paths);
  size_t i;
  if (!paths)
    return NULL;
  for (i = 0; i < o->ninputs; i++)
    paths[i] = o->inputs[i];
  paths[o->ninputs] = o->params;      /* NULL without -p */
  oin->paths = paths;
  oin->n = o->ninputs + 1;
  return paths;
}

/* Every output may be written (lib/outfile.h): the PDF, --script, --csv,
 * none of them an input.  Checked before anything is written. */
static int sk_report_check(const sk_report_opts_t *o,
                           const sk_outfile_inputs_t *oin)
{
  if (sk_rout_check(o->output, SK_OUTFILE_PDF, oin) != 0 ||
      (o->script && sk_rout_check(o->script, SK_OUTFILE_SCRIPT, oin) != 0) ||
      (o->csv_dir && sk_rout_check(o->csv_dir, SK_OUTFILE_CSV, oin) != 0))
    return -1;
  return 0;
}

int sk_report_run(const sk_report_opts_t *o)
{
  sk_inputs_t in;
  sk_params_t *params = NULL;
  sk_pages_t pages = {NULL, 0, 0};
  sk_outfile_inputs_t oin;
  const char **paths = sk_report_inputs(o, &oin);
  int rc = SK_REPORT_EINPUT;
  memset(&in, 0, sizeof in);
  in.outin = &oin;
  if (!paths || sk_report_check(o, &oin) != 0) {
    free(paths);
    return SK_REPORT_EOUTPUT;
  }
  if (sk_report_load(o, &in, &params) == 0 &&
      (in.labels = sk_pages_labels(&in)) != NULL &&
      sk_pages_build(&in, &pages) == 0) {
    rc = SK_REPORT_EOUTPUT;
    if ((!o->csv_dir || sk_csv_write(o->csv_dir, &in, &pages) == 0) &&
        sk_rout_draw(o->output, o->script, in.outin, sk_report_write,
                     &(sk_report_draw_t){&in, &pages}) == 0)
      rc = SK_REPORT_OK;
  }
  sk_pages_free(&pages);
  sk_report_unload(&in, params);
  free(paths);
  return rc;
}
