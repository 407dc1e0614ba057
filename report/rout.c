/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rout.c -- skampi-report's outputs through lib/outfile.h, with messages.
 */
#include <config.h>

#include "rout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "gnuplot.h"
#include "msg.h"

#define SK_ROUT_WHY 1200

int sk_rout_check(const char *path, sk_outfile_kind_t kind,
                  const sk_outfile_inputs_t *in)
{
  char why[SK_ROUT_WHY];
  if (sk_outfile_check(path, kind, in, why, sizeof why) == 0)
    return 0;
  sk_msg_error("%s", why);
  return -1;
}

sk_outfile_t *sk_rout_open(const char *path, sk_outfile_kind_t kind,
                           const sk_outfile_inputs_t *in)
{
  char why[SK_ROUT_WHY];
  sk_outfile_t *h = sk_outfile_open(path, kind, in, why, sizeof why);
  if (h == NULL)
    sk_msg_error("%s", why);
  return h;
}

int sk_rout_commit(sk_outfile_t *h)
{
  char why[SK_ROUT_WHY];
  if (sk_outfile_commit(h, why, sizeof why) == 0)
    return 0;
  sk_msg_error("%s", why);
  return -1;
}

int sk_rout_csv_dir(const char *dir, const sk_outfile_inputs_t *in)
{
  char q[512];
  if (sk_rout_check(dir, SK_OUTFILE_CSV, in) != 0)
    return -1;
  /* EEXIST: the check found a directory of CSV files there */
  if (mkdir(dir, 0777) == 0 || errno == EEXIST)
    return 0;
  sk_escape_buf(dir, q, sizeof q);
  sk_msg_error("cannot create the CSV directory '%s': %s", q,
               strerror(errno));
  return -1;
}

char *sk_rout_gp_name(const char *name, const char *output)
{
  char q[512], *gp = sk_escape_gp_single(name);
  if (gp != NULL)
    return gp;
  sk_escape_buf(output, q, sizeof q);
  if (errno == EINVAL)
    sk_msg_error("'%s' cannot be named in a gnuplot script (it holds a "
                 "control character or \"\\U+\"); name another output", q);
  else
    sk_msg_error("out of memory");
  return NULL;
}

/* A new file in $TMPDIR for the script, with the permissions a normal
 * create would give, opened on *f; its name in *path (the caller's). */
int sk_rout_tmpscript(char **path, FILE **f)
{
  const char *tmp = getenv("TMPDIR");
  size_t len;
  mode_t mask = umask(0);
  int fd;
  umask(mask);
  if (!tmp || !*tmp)
    tmp = "/tmp";
  len = strlen(tmp) + sizeof "/skampi-report-XXXXXX";
  if (!(*path = malloc(len)))
    return -1;
  snprintf(*path, len, "%s/skampi-report-XXXXXX", tmp);
  if ((fd = mkstemp(*path)) < 0) {
    sk_msg_error("cannot create a temporary file '%s': %s", *path,
                 strerror(errno));
    return -1;
  }
  if (fchmod(fd, 0666 & ~mask) != 0 || !(*f = fdopen(fd, "w"))) {
    sk_msg_error("cannot write '%s': %s", *path, strerror(errno));
    close(fd);
    unlink(*path);
    return -1;
  }
  return 0;
}

/* The user's --script: kept where named.  gnuplot's messages name it as
 * the user did; a FIFO, though, gets the script only once gnuplot has
 * run on its temporary. */
static int sk_rout_kept_script(const char *script, const char *pdf_gp,
                               const sk_outfile_inputs_t *in,
                               sk_rout_script_fn write, void *arg)
{
  sk_outfile_t *h = sk_rout_open(script, SK_OUTFILE_SCRIPT, in);
  int rc;
  if (!h)
    return -1;
  if (write(h->fp, pdf_gp, arg) != 0 || fflush(h->fp) != 0) {
    sk_msg_error("cannot write the script '%s': %s", script,
                 strerror(errno));
    sk_outfile_abort(h);
    return -1;
  }
  if (h->stream) {
    rc = sk_gnuplot_run(h->tmp);
    return sk_rout_commit(h) == 0 ? rc : -1;
  }
  if (sk_rout_commit(h) != 0)
    return -1;
  return sk_gnuplot_run(script);
}

/* The script (kept or temporary), and gnuplot run on it. */
static int sk_rout_gnuplot(const char *script, const char *pdf_gp,
                           const sk_outfile_inputs_t *in,
                           sk_rout_script_fn write, void *arg)
{
  char *tmp = NULL;
  FILE *f = NULL;
  int rc = -1;
  if (script)
    return sk_rout_kept_script(script, pdf_gp, in, write, arg);
  if (sk_rout_tmpscript(&tmp, &f) == 0) {
    rc = write(f, pdf_gp, arg);
    if ((fclose(f) != 0) | rc) {
      sk_msg_error("cannot write '%s': %s", tmp, strerror(errno));
      rc = -1;
    } else {
      rc = sk_gnuplot_run(tmp);
    }
    unlink(tmp);
  }
  free(tmp);
  return rc;
}

int sk_rout_draw(const char *output, const char *script,
                 const sk_outfile_inputs_t *in, sk_rout_script_fn write,
                 void *arg)
{
  sk_outfile_t *pdf = sk_rout_open(output, SK_OUTFILE_PDF, in);
  char *gp;
  int rc = -1;
  if (!pdf)
    return -1;
  gp = sk_rout_gp_name(pdf->tmp, output);
  if (gp && sk_rout_gnuplot(script, gp, in, write, arg) == 0)
    rc = sk_gnuplot_publish(pdf);
  else
    sk_outfile_abort(pdf);
  free(gp);
  return rc;
}
