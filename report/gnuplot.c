/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gnuplot.c -- start gnuplot, wait for it, keep what it says.
 */
#include <config.h>

#include "gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
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

/* Seconds one run may take (0: no limit); sk_gnuplot_limit. */
static unsigned sk_gnuplot_seconds;

void sk_gnuplot_limit(unsigned seconds)
{
  sk_gnuplot_seconds = seconds;
}

/* waitpid for PID; with a limit, polled (a child cannot be waited for
 * with a timeout), and the child killed when the limit is passed
 * (*late set).  -1 on an error of waitpid. */
static int sk_gnuplot_reap(pid_t pid, int *status, int *late)
{
  struct timespec t0, now, nap = {0, 1000000};
  pid_t k;
  *late = 0;
  if (!sk_gnuplot_seconds) {
    while (waitpid(pid, status, 0) < 0)
      if (errno != EINTR)
        return -1;
    return 0;
  }
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while ((k = waitpid(pid, status, WNOHANG)) == 0 ||
         (k < 0 && errno == EINTR)) {
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec - t0.tv_sec >= (time_t)sk_gnuplot_seconds && !*late) {
      kill(pid, SIGKILL);
      *late = 1;
    }
    nanosleep(&nap, NULL);
    if (nap.tv_nsec < 20000000)
      nap.tv_nsec *= 2;       /* at most 20 ms between two looks */
  }
  return k < 0 ? -1 : 0;
}

static int sk_gnuplot_wait(pid_t pid, const char *prog, FILE *out)
{
  int status, late;
  if (sk_gnuplot_reap(pid, &status, &late) < 0) {
    sk_msg_error("waiting for gnuplot '%s': %s", prog, strerror(errno));
    return -1;
  }
  if (late) {
    sk_msg_error("gnuplot '%s' took more than %u s and was stopped (fewer "
                 "series draw faster)", prog, sk_gnuplot_seconds);
    return -2;
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
