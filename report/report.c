/*
 * report.c -- the steps of skampi-report, in order.
 */
#include "report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csv.h"
#include "gnuplot.h"
#include "rfile_load.h"
#include "msg.h"
#include "pages.h"
#include "params.h"
#include "plot.h"

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

/* A new empty file named after TEMPLATE (ending in XXXXXX), with the
 * permissions a normal create would give. */
static int sk_report_mktemp(char *template)
{
  mode_t mask = umask(0);
  int fd;
  umask(mask);
  fd = mkstemp(template);
  if (fd < 0)
    return -1;
  if (fchmod(fd, 0666 & ~mask) != 0 || close(fd) != 0) {
    unlink(template);
    return -1;
  }
  return 0;
}

static char *sk_report_join(const char *a, const char *b)
{
  size_t len = strlen(a) + strlen(b) + 1;
  char *s = malloc(len);
  if (s)
    snprintf(s, len, "%s%s", a, b);
  return s;
}

/* Write the script to --script FILE or a temporary file; its name in
 * *path (the caller's). */
static int sk_report_script(const sk_report_opts_t *o, const sk_inputs_t *in,
                            const sk_pages_t *pages, const char *pdf,
                            char **path)
{
  const char *tmp = getenv("TMPDIR");
  FILE *f;
  int rc;
  *path = o->script ? strdup(o->script)
          : sk_report_join(tmp && *tmp ? tmp : "/tmp",
                           "/skampi-report-XXXXXX");
  if (!*path)
    return -1;
  if (!o->script && sk_report_mktemp(*path) < 0) {
    sk_msg_error("cannot create a temporary file '%s': %s", *path,
                 strerror(errno));
    return -1;
  }
  f = fopen(*path, "w");
  if (!f) {
    sk_msg_error("cannot write '%s': %s", *path, strerror(errno));
    return -1;
  }
  rc = sk_plot_script(f, in, pages, pdf);
  if ((fclose(f) != 0) | rc) {
    sk_msg_error("cannot write '%s': %s", *path, strerror(errno));
    return -1;
  }
  return 0;
}

/* Script, gnuplot, rename: the PDF appears complete or not at all. */
static int sk_report_draw(const sk_report_opts_t *o, const sk_inputs_t *in,
                          const sk_pages_t *pages)
{
  char *pdf = sk_report_join(o->output, ".XXXXXX"), *script = NULL;
  int rc, written;
  if (!pdf)
    return -1;
  if (sk_report_mktemp(pdf) < 0) {
    sk_msg_error("cannot write '%s': %s", o->output, strerror(errno));
    free(pdf);
    return -1;
  }
  written = sk_report_script(o, in, pages, pdf, &script) == 0;
  rc = sk_gnuplot_finish(written, script, pdf, o->output, o->script != NULL);
  free(script);
  free(pdf);
  return rc;
}

int sk_report_run(const sk_report_opts_t *o)
{
  sk_inputs_t in;
  sk_params_t *params = NULL;
  sk_pages_t pages = {NULL, 0};
  int rc = SK_REPORT_EINPUT;
  memset(&in, 0, sizeof in);
  if (sk_report_load(o, &in, &params) == 0 &&
      (in.labels = sk_pages_labels(&in)) != NULL &&
      sk_pages_build(&in, &pages) == 0) {
    rc = SK_REPORT_EOUTPUT;
    if ((!o->csv_dir || sk_csv_write(o->csv_dir, &in, &pages) == 0) &&
        sk_report_draw(o, &in, &pages) == 0)
      rc = SK_REPORT_OK;
  }
  sk_pages_free(&pages);
  sk_report_unload(&in, params);
  return rc;
}
