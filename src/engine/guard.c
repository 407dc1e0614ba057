/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * guard.c -- the signal handlers and the watchdog.
 *
 * Handlers may only call async-signal-safe functions: the messages are
 * put together by hand and written with write(2).
 */
#include <config.h>

#include "guard.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

#include "journal.h"

#define SK_GUARD_EXIT 4          /* SK_EXIT_ABORTED (run.h) */
#define SK_GUARD_GRACE 5         /* seconds the other ranks wait longer */
#define SK_GUARD_IDLE 600        /* seconds a point may take without
                                  * Time_Suite (sk_guard_idle_timeout()) */

#define SK_GUARD_HEAD 65536      /* bytes searched for the run status */

static int sk_guard_rank;
static volatile pid_t sk_guard_root;  /* rank 0 on this host, or 0 */
static const char *volatile sk_guard_tmp;   /* changes with every write */
static const char *volatile sk_guard_scratch;  /* an MPI-IO file */
static const char *sk_guard_out;
static char sk_guard_head[SK_GUARD_HEAD];
static volatile unsigned sk_guard_seconds;
static volatile int sk_guard_idle;   /* re-armed after every point */
static volatile int sk_guard_retry;  /* the suite brought a run down */

typedef struct sk_guard_msg {
  char buf[768];
  size_t at;
} sk_guard_msg_t;

static void sk_guard_put(sk_guard_msg_t *m, const char *s)
{
  while (*s != '\0' && m->at < sizeof m->buf - 1)
    m->buf[m->at++] = *s++;
}

static void sk_guard_num(sk_guard_msg_t *m, long v)
{
  char d[24];
  int n = 0;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  if (v < 0)
    sk_guard_put(m, "-");
  do {
    d[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u != 0);
  while (n > 0 && m->at < sizeof m->buf - 1)
    m->buf[m->at++] = d[--n];
}

/* "suite K (NAME)" and, when known, " at argument A". */
static void sk_guard_where(sk_guard_msg_t *m)
{
  const char *name;
  long arg;
  int has;
  size_t k = sk_journal_current(&name, &arg, &has);
  if (k == 0) {
    sk_guard_put(m, "between suites");
    return;
  }
  sk_guard_put(m, "suite ");
  sk_guard_num(m, (long)k);
  sk_guard_put(m, " (");
  sk_guard_put(m, name != NULL ? name : "?");
  sk_guard_put(m, ")");
  if (has) {
    sk_guard_put(m, " at argument ");
    sk_guard_num(m, arg);
  }
}

/* Where "\nrun:\n  status: running\n" is in the first n bytes of
 * sk_guard_head, or -1. */
static long sk_guard_find(size_t n)
{
  static const char key[] = "\nrun:\n  status: running\n";
  size_t i, j, len = sizeof key - 1;
  for (i = 0; i + len <= n; i++) {
    for (j = 0; j < len && sk_guard_head[i + j] == key[j]; j++)
      ;
    if (j == len)
      return (long)i;
  }
  return -1;
}

/* The result file's run status "running" becomes "aborted", in place
 * (async-signal-safe: open, pread, pwrite, fsync).  Both words have 7
 * letters, so every other byte stays where it is, and whatever a crash in
 * the middle could leave is still one plain YAML scalar.  The run mapping
 * comes before the factors and suites, well within the first bytes. */
void sk_guard_mark_aborted(void)
{
  size_t n = 0;
  ssize_t r;
  long at;
  int fd;
  struct stat st;
  /* No link followed, no FIFO waited for, nothing but a regular file
   * written into: the path was resolved when the run began. */
  if (sk_guard_out == NULL ||
      (fd = open(sk_guard_out, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
                 O_CLOEXEC)) < 0)
    return;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return;
  }
  while (n < sizeof sk_guard_head &&
         ((r = pread(fd, sk_guard_head + n, sizeof sk_guard_head - n,
                     (off_t)n)) > 0 || (r < 0 && errno == EINTR)))
    n += r > 0 ? (size_t)r : 0;
  at = sk_guard_find(n);
  if (at >= 0 && pwrite(fd, "aborted", 7, (off_t)at + 16) == 7)
    fsync(fd);
  close(fd);
}

/* Removes the MPI-IO file of the point running now (async-signal-safe:
 * unlink); a later run sweeps what a killed process could not
 * (doc/robustness.md). */
static void sk_guard_drop_scratch(void)
{
  const char *s = sk_guard_scratch;
  if (s != NULL)
    unlink(s);
}

void sk_guard_set_scratch(const char *path)
{
  sk_guard_scratch = path;
}

static void sk_guard_leave(sk_guard_msg_t *m)
{
  ssize_t w;
  int saved = errno;
  const char *tmp = sk_guard_tmp;
  if (tmp != NULL)
    unlink(tmp);
  sk_guard_drop_scratch();
  sk_guard_mark_aborted();
  errno = saved;
  m->buf[m->at++] = '\n';
  w = write(STDERR_FILENO, m->buf, m->at);
  (void)w;
  _exit(SK_GUARD_EXIT);
}

static void sk_guard_alarm(int sig)
{
  sk_guard_msg_t m;
  (void)sig;
  if (sk_guard_rank != 0) {
    sk_guard_drop_scratch();
    _exit(SK_GUARD_EXIT);
  }
  m.at = 0;
  sk_guard_put(&m, "skampi: error: the watchdog ended ");
  sk_guard_where(&m);
  sk_guard_put(&m, sk_guard_idle ? ": no point ended for "
                                 : ": no end after ");
  sk_guard_num(&m, (long)sk_guard_seconds);
  sk_guard_put(&m, " s (a hung operation?); run aborted, a rerun skips "
               "the suite as crashed");
  sk_journal_hung_now(sk_guard_seconds);
  sk_guard_leave(&m);
}

static void sk_guard_signal(int sig)
{
  const char *name = sig == SIGINT ? "SIGINT" : "SIGTERM", *dummy;
  sk_guard_msg_t m;
  long arg;
  int has;
  ssize_t w;
  /* SIGINT never counts against a suite, but only rank 0 can say so in
   * the journal: another rank passes it on to rank 0 (the same signal
   * twice, from Ctrl-C, does no harm), or, where it cannot reach rank 0,
   * ignores it rather than end as a crash would. */
  if (sk_guard_rank != 0 && sig == SIGINT && sk_guard_root <= 0) {
    m.at = 0;
    sk_guard_put(&m, "skampi: warning: SIGINT to rank ");
    sk_guard_num(&m, sk_guard_rank);
    sk_guard_put(&m, " ignored: rank 0 runs on another host; send it to "
                 "rank 0 to stop the run\n");
    w = write(STDERR_FILENO, m.buf, m.at);
    (void)w;
    return;
  }
  if (sk_guard_rank != 0 && sig == SIGINT)
    kill(sk_guard_root, SIGINT);
  /* The launcher kills the others when one rank ends: rank 0 must have
   * written its journal line first. */
  if (sk_guard_rank != 0) {
    sk_guard_drop_scratch();
    sleep(SK_GUARD_GRACE);
    _exit(SK_GUARD_EXIT);
  }
  m.at = 0;
  sk_guard_put(&m, "skampi: error: ");
  sk_guard_put(&m, name);
  sk_guard_put(&m, " during ");
  sk_guard_where(&m);
  sk_guard_put(&m, "; run aborted, the result file holds the suites "
               "completed before");
  /* A SIGTERM during a suite counts as the suite bringing the run down
   * (doc/robustness.md): say what a rerun does with it. */
  if (sig == SIGTERM && sk_journal_current(&dummy, &arg, &has) != 0)
    sk_guard_put(&m, sk_guard_retry ? "; it brought the run down before: "
                                      "a rerun skips it as crashed"
                                    : "; a rerun retries this suite last");
  sk_journal_interrupted_now(name);
  sk_guard_leave(&m);
}

void sk_guard_install(int rank, const char *out_path)
{
  struct sigaction sa;
  sk_guard_rank = rank;
  sk_guard_out = out_path;
  memset(&sa, 0, sizeof sa);
  sigfillset(&sa.sa_mask);
  sa.sa_handler = sk_guard_signal;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sa.sa_handler = sk_guard_alarm;
  sigaction(SIGALRM, &sa, NULL);
}

void sk_guard_set_tmp(const char *tmp_path)
{
  sk_guard_tmp = tmp_path;
}

void sk_guard_set_root(long pid)
{
  sk_guard_root = (pid_t)pid;
}

void sk_guard_retrying(int retry)
{
  sk_guard_retry = retry;
}

/* The alarm in seconds from now (<= 0: off), on ITIMER_REAL, the timer
 * alarm(2) uses too. */
static void sk_guard_timer(double seconds)
{
  struct itimerval it;
  memset(&it, 0, sizeof it);
  if (seconds > 1e8)
    seconds = 1e8;
  if (seconds > 0.0) {
    it.it_value.tv_sec = (time_t)seconds;
    it.it_value.tv_usec = (suseconds_t)((seconds - floor(seconds)) * 1e6);
    if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
      it.it_value.tv_usec = 1;
  }
  setitimer(ITIMER_REAL, &it, NULL);
}

/* The allowance the message and the journal give, in whole seconds: the
 * suite's time rounded up (as --timeout 2.5 always said 3), and its
 * setup rounded. */
static void sk_guard_say(double base, double setup)
{
  double s = ceil(base) + floor(setup + 0.5);
  sk_guard_seconds = s >= 1e8 ? 100000000U : (unsigned)s;
}

/* Other ranks than 0 wait a little longer, so that rank 0 reports. */
static double sk_guard_graced(double seconds)
{
  return sk_guard_rank != 0 ? seconds + SK_GUARD_GRACE : seconds;
}

static double sk_guard_base;     /* the suite's time (sk_guard_timeout) */
static double sk_guard_setup;    /* its setup as measured so far */

void sk_guard_arm(double seconds)
{
  sk_guard_base = 0.0;
  sk_guard_setup = 0.0;
  sk_guard_idle = 0;
  if (!(seconds > 0.0)) {
    sk_guard_seconds = 0;
    sk_guard_timer(0.0);
    return;
  }
  sk_guard_say(seconds, 0.0);
  sk_guard_timer(sk_guard_graced(ceil(seconds)));
}

double sk_guard_setup_room(int nprocs)
{
  return SK_GUARD_SETUP_BASE +
         SK_GUARD_SETUP_PER_PROC * (double)(nprocs > 0 ? nprocs : 1);
}

void sk_guard_arm_suite(double base, int nprocs)
{
  double room = sk_guard_setup_room(nprocs);
  sk_guard_arm(0.0);
  if (!(base > 0.0))
    return;
  sk_guard_base = base;
  sk_guard_say(base, room);
  sk_guard_timer(sk_guard_graced(ceil(base) + room));
}

void sk_guard_setup_done(double seconds)
{
  if (!(sk_guard_base > 0.0))
    return;
  sk_guard_setup = seconds > 0.0 ? seconds : 0.0;
  sk_guard_say(sk_guard_base, sk_guard_setup);
  sk_guard_timer(sk_guard_graced(ceil(sk_guard_base)));
}

void sk_guard_setup_more(double seconds)
{
  struct itimerval it;
  double left;
  if (!(sk_guard_base > 0.0) || !(seconds > 0.0) ||
      getitimer(ITIMER_REAL, &it) != 0)
    return;
  left = (double)it.it_value.tv_sec + 1e-6 * (double)it.it_value.tv_usec;
  if (left <= 0.0)
    return;                    /* fired already, or disarmed */
  sk_guard_setup += seconds;
  sk_guard_say(sk_guard_base, sk_guard_setup);
  sk_guard_timer(left + seconds);
}

/* A suite checks Time_Suite between points and a point checks
 * Time_Measurement between repetitions: twice the limits and a minute
 * more is far beyond any run that still makes progress. */
double sk_guard_timeout(const sk_suite_t *s, double timeout)
{
  double t;
  if (timeout >= 0.0)
    return timeout;
  if (s->time_suite <= 0.0)
    return 0.0;
  t = 2.0 * s->time_suite + 60.0;
  if (s->time_measurement > 0.0)
    t += 2.0 * s->time_measurement;
  return t;
}

/* Without Time_Suite nothing says how long a suite may take, but every
 * point ends: SK_GUARD_IDLE seconds after the previous one (or the
 * suite's start, its setup included) is far beyond any point that still
 * makes progress, unless Time_Measurement allows more. */
double sk_guard_idle_timeout(const sk_suite_t *s, double timeout)
{
  /* TEST ONLY (doc/robustness.md): SKAMPI_TEST_IDLE=S instead of 600 s,
   * so that tests/mpi/hang.sh sees the bound end a hung suite */
  const char *test = getenv("SKAMPI_TEST_IDLE");
  double t = test != NULL && atof(test) > 0.0 ? atof(test) : SK_GUARD_IDLE;
  if (timeout >= 0.0 || s->time_suite > 0.0)
    return 0.0;
  if (s->time_measurement > 0.0)
    t += 2.0 * s->time_measurement;
  return t;
}

void sk_guard_arm_for(const sk_suite_t *s, double timeout, int nprocs)
{
  double idle = sk_guard_idle_timeout(s, timeout);
  sk_guard_arm_suite(idle > 0.0 ? idle : sk_guard_timeout(s, timeout),
                     nprocs);
  sk_guard_idle = idle > 0.0;
}

void sk_guard_point_done(void)
{
  if (!sk_guard_idle || !(sk_guard_base > 0.0))
    return;
  sk_guard_timer(sk_guard_graced(ceil(sk_guard_base)));
}

void sk_guard_remove(void)
{
  sk_guard_timer(0.0);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGALRM, SIG_DFL);
  sk_guard_tmp = NULL;
  sk_guard_out = NULL;
}
