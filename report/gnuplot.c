/*
 * gnuplot.c -- start gnuplot, wait for it, keep what it says.
 */
#include <config.h>

#include "gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "msg.h"
#include "rout.h"

extern char **environ;

const char *sk_gnuplot_program(void)
{
  const char *g = getenv("GNUPLOT");
  return (g && *g) ? g : SK_GNUPLOT;
}

/* Copy everything in the stream OUT (rewound) to stderr. */
static size_t sk_gnuplot_relay(FILE *out)
{
  char buf[4096];
  size_t n, total = 0;
  rewind(out);
  while ((n = fread(buf, 1, sizeof buf, out)) > 0) {
    fwrite(buf, 1, n, stderr);
    total += n;
  }
  return total;
}

static size_t sk_gnuplot_size(FILE *out)
{
  long end;
  fflush(out);
  if (fseek(out, 0, SEEK_END) != 0 || (end = ftell(out)) < 0)
    return 0;
  return (size_t)end;
}

/* Start PROG SCRIPT with stdout and stderr going to ERRFD. */
static int sk_gnuplot_spawn(const char *prog, const char *script, int errfd,
                            pid_t *pid)
{
  posix_spawn_file_actions_t fa;
  char *argv[3];
  int rc;
  argv[0] = (char *)prog;
  argv[1] = (char *)script;
  argv[2] = NULL;
  if (posix_spawn_file_actions_init(&fa) != 0)
    return ENOMEM;
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, errfd, 1);
  posix_spawn_file_actions_adddup2(&fa, errfd, 2);
  rc = posix_spawnp(pid, prog, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc;
}

static int sk_gnuplot_wait(pid_t pid, const char *prog, FILE *out)
{
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      sk_msg_error("waiting for gnuplot '%s': %s", prog, strerror(errno));
      return -1;
    }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    if (sk_gnuplot_size(out) > 0) {
      sk_msg_warning("gnuplot '%s' said:", prog);
      sk_gnuplot_relay(out);
    }
    return 0;
  }
  if (WIFEXITED(status))
    sk_msg_error("gnuplot '%s' failed (exit status %d)%s", prog,
                 WEXITSTATUS(status),
                 sk_gnuplot_size(out) ? "; it said:" : " without a message");
  else
    sk_msg_error("gnuplot '%s' was killed by signal %d%s", prog,
                 WTERMSIG(status), sk_gnuplot_size(out) ? "; it said:" : "");
  sk_gnuplot_relay(out);
  return -1;
}

int sk_gnuplot_run(const char *script)
{
  const char *prog = sk_gnuplot_program();
  FILE *out = tmpfile();
  pid_t pid;
  int rc;
  if (!out) {
    sk_msg_error("cannot create a temporary file: %s", strerror(errno));
    return -1;
  }
  fflush(stderr);
  rc = sk_gnuplot_spawn(prog, script, fileno(out), &pid);
  if (rc != 0) {
    sk_msg_error("cannot run gnuplot '%s': %s (install gnuplot or set "
                 "GNUPLOT to its path)", prog, strerror(rc));
    fclose(out);
    return -1;
  }
  rc = sk_gnuplot_wait(pid, prog, out);
  fclose(out);
  return rc;
}

int sk_gnuplot_publish(sk_outfile_t *pdf)
{
  struct stat st;
  if (stat(pdf->tmp, &st) != 0 || st.st_size == 0) {
    sk_msg_error("gnuplot '%s' wrote no PDF", sk_gnuplot_program());
    sk_outfile_abort(pdf);
    return -1;
  }
  return sk_rout_commit(pdf);
}
