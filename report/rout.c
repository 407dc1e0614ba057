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
