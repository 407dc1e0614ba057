/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * journal.c -- the run journal: written line by line with write(2) and
 * fsync(2), read back line by line.
 *
 * The state of the running suite lives in file-scope variables: a signal
 * handler must reach it, and there is one journal per process.
 */
#include <config.h>

#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"
#include "grow.h"
#include "iodir.h"

#define SK_JOURNAL_MAGIC "skampi-journal 1"

static int sk_journal_fd = -1;
static volatile sig_atomic_t sk_journal_errno;  /* first failed append */
static int sk_journal_test_fd = -1;   /* SKAMPI_TEST_JOURNAL_FULL */
static volatile size_t sk_journal_k;        /* 1-based; 0: no suite */
static const char *volatile sk_journal_name;
/* A name or reason as a journal line holds it: escaped (lib/escape.h), so
 * that a newline in a suite's name cannot add a line, and cut to 256
 * bytes between two escapes. */
#define SK_JOURNAL_NAME 257
static char sk_journal_ename[SK_JOURNAL_NAME];
static volatile long sk_journal_last;
static volatile int sk_journal_has_last;

/* ---- writing ---------------------------------------------------------- */

/* Remembers the first failure, err, and returns -1 with errno set
 * (async-signal-safe). */
static int sk_journal_failed(int err)
{
  if (sk_journal_errno == 0)
    sk_journal_errno = err;
  errno = sk_journal_errno;
  return -1;
}

/* Writes len bytes and syncs them (async-signal-safe).  After a failure
 * nothing more is written: the line may have been cut, and a line
 * appended to a cut one would spoil both. */
static int sk_journal_put(const char *line, size_t len)
{
  size_t done = 0;
  if (sk_journal_fd < 0)
    return 0;
  if (sk_journal_errno != 0)
    return sk_journal_failed(sk_journal_errno);
  while (done < len) {
    ssize_t w = write(sk_journal_fd, line + done, len - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return sk_journal_failed(w < 0 ? errno : EIO);
    done += (size_t)w;
  }
  return fsync(sk_journal_fd) == 0 || errno == EINVAL
             ? 0 : sk_journal_failed(errno);
}

int sk_journal_error(void)
{
  return sk_journal_errno;
}

static int sk_journal_line(const char *line)
{
  return sk_journal_put(line, strlen(line));
}

/* The lock tells readers that a live process writes the journal (and the
 * result file beside it); the kernel drops it when the process dies, by
 * kill -9 too.  A file system without locks (ENOLCK, EINVAL) goes on
 * without it.  A reader asking (sk_journal_held) holds a shared lock for
 * an instant: a lock still taken after a second is another run's. */
static int sk_journal_lock(int fd)
{
  struct timespec pause = {0, 50000000L};
  int i;
  for (i = 0; i < 20; i++) {
    if (flock(fd, LOCK_EX | LOCK_NB) == 0 || errno == ENOLCK ||
        errno == EINVAL || errno == ENOSYS)
      return 0;
    if (errno != EWOULDBLOCK && errno != EINTR)
      return -1;
    nanosleep(&pause, NULL);
  }
  return -1;
}

/* The size of the journal on fd without a last line cut in the middle
 * (by a crash, or a full disk), which is cut off: a line appended to it
 * would join it and spoil both.  -1 when it cannot be read or cut. */
static off_t sk_journal_trim(int fd)
{
  char buf[512];
  off_t end = lseek(fd, 0, SEEK_END), at = end;
  while (at > 0) {
    size_t n = at < (off_t)sizeof buf ? (size_t)at : sizeof buf, i;
    if (pread(fd, buf, n, at - (off_t)n) != (ssize_t)n)
      return -1;
    for (i = n; i > 0 && buf[i - 1] != '\n'; i--)
      ;
    at -= (off_t)(n - i);
    if (i > 0)
      break;
  }
  if (end < 0 || (at < end && ftruncate(fd, at) != 0))
    return -1;
  return at;
}

/* "cannot write the journal PATH: strerror(err)" into why; -1. */
static int sk_journal_why(const char *path, int err, char *why,
                          size_t whylen)
{
  char q[512];
  sk_escape_buf(path, q, sizeof q);
  snprintf(why, whylen, "cannot write the journal %s: %s", q,
           strerror(err));
  errno = err;
  return -1;
}

int sk_journal_open(const char *path, const char *sha256,
                    const sk_outfile_inputs_t *in, char *why,
                    size_t whylen)
{
  char head[128];
  off_t end;
  int fd = sk_outfile_open_append(path, SK_OUTFILE_JOURNAL, in, 0, why,
                                  whylen);
  sk_journal_errno = 0;
  if (fd < 0)
    return -1;
  if (sk_journal_lock(fd) != 0) {
    int saved = errno;
    close(fd);
    return sk_journal_why(path, saved, why, whylen);
  }
  sk_journal_fd = fd;
  end = sk_journal_trim(fd);
  if (end < 0) {
    int saved = errno;
    sk_journal_close();
    return sk_journal_why(path, saved, why, whylen);
  }
  if (end == 0) {
    snprintf(head, sizeof head, SK_JOURNAL_MAGIC "\nsha256 %s\n",
             sha256[0] ? sha256 : "-");
    if (sk_journal_line(head) != 0) {
      sk_journal_close();
      return sk_journal_why(path, sk_journal_errno, why, whylen);
    }
  }
  return 0;
}

int sk_journal_held(const char *path)
{
  int rc = 0, fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return errno == ENOENT ? 0 : -1;
  if (flock(fd, LOCK_SH | LOCK_NB) != 0)
    rc = errno == EWOULDBLOCK ? 1 : -1;
  close(fd);               /* drops our own lock, if we got it */
  return rc;
}

void sk_journal_close(void)
{
  if (sk_journal_fd >= 0)
    close(sk_journal_fd);
  if (sk_journal_test_fd >= 0)
    close(sk_journal_test_fd);
  sk_journal_fd = sk_journal_test_fd = -1;
  sk_journal_k = 0;
}

/* Test only (doc/robustness.md, "Test-only switches"): with
 * SKAMPI_TEST_JOURNAL_FULL=NAME the lines after "begin K NAME" go to
 * /dev/full, which fails every write with ENOSPC as a full disk does.
 * The journal stays open beside it, so its lock stays held. */
static void sk_journal_test_full(const char *name)
{
  const char *full = getenv("SKAMPI_TEST_JOURNAL_FULL");
  int fd;
  if (full == NULL || strcmp(full, name) != 0 || sk_journal_fd < 0 ||
      sk_journal_test_fd >= 0)
    return;
  fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  sk_journal_test_fd = sk_journal_fd;
  sk_journal_fd = fd;
}

int sk_journal_start(int processes, const char *iso_time)
{
  char line[128];
  snprintf(line, sizeof line, "start %s processes %d\n", iso_time,
           processes);
  return sk_journal_line(line);
}

int sk_journal_begin(size_t k, const char *name)
{
  char line[320];
  int rc;
  sk_journal_has_last = 0;
  sk_journal_k = 0;            /* a handler reads no half-written name */
  sk_escape_buf(name, sk_journal_ename, sizeof sk_journal_ename);
  sk_journal_name = sk_journal_ename;
  sk_journal_k = k;
  snprintf(line, sizeof line, "begin %zu %s\n", k, sk_journal_ename);
  rc = sk_journal_line(line);
  sk_journal_test_full(name);
  return rc;
}

int sk_journal_arg(long arg)
{
  char line[64];
  sk_journal_last = arg;
  sk_journal_has_last = 1;
  snprintf(line, sizeof line, "arg %zu %ld\n", (size_t)sk_journal_k, arg);
  return sk_journal_line(line);
}

int sk_journal_end(const char *status)
{
  char line[64];
  snprintf(line, sizeof line, "end %zu %s\n", (size_t)sk_journal_k, status);
  sk_journal_k = 0;
  return sk_journal_line(line);
}

int sk_journal_pause(void)
{
  char line[64];
  snprintf(line, sizeof line, "pause %zu\n", (size_t)sk_journal_k);
  sk_journal_k = 0;
  sk_journal_has_last = 0;
  return sk_journal_line(line);
}

int sk_journal_crashed(size_t k, const char *why)
{
  char line[320], e[SK_JOURNAL_NAME];
  sk_escape_buf(why != NULL ? why : "", e, sizeof e);
  snprintf(line, sizeof line, "skip %zu %s\n", k, e);
  return sk_journal_line(line);
}

int sk_journal_io(const char *token, int processes)
{
  char line[96];
  snprintf(line, sizeof line, "io %zu %.16s %d\n", (size_t)sk_journal_k,
           token, processes);
  return sk_journal_line(line);
}

int sk_journal_finish(const char *status)
{
  char line[64];
  snprintf(line, sizeof line, "finish %s\n", status);
  return sk_journal_line(line);
}

size_t sk_journal_current(const char **name, long *arg, int *has_arg)
{
  *name = sk_journal_name;
  *arg = sk_journal_last;
  *has_arg = sk_journal_has_last;
  return sk_journal_k;
}

/* Appends the decimal digits of v to buf at *at (async-signal-safe). */
static void sk_journal_num(char *buf, size_t *at, long v)
{
  char d[24];
  int n = 0;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  if (v < 0)
    buf[(*at)++] = '-';
  do {
    d[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u != 0);
  while (n > 0)
    buf[(*at)++] = d[--n];
}

static void sk_journal_word(char *buf, size_t *at, const char *w,
                            size_t max)
{
  while (*w != '\0' && *at < max)
    buf[(*at)++] = *w++;
}

void sk_journal_hung_now(unsigned seconds)
{
  char line[128];
  size_t at = 0;
  sk_journal_word(line, &at, "hung ", 100);
  sk_journal_num(line, &at, (long)sk_journal_k);
  line[at++] = ' ';
  if (sk_journal_has_last)
    sk_journal_num(line, &at, sk_journal_last);
  else
    line[at++] = '-';
  line[at++] = ' ';
  sk_journal_num(line, &at, (long)seconds);
  line[at++] = '\n';
  sk_journal_put(line, at);
}

void sk_journal_interrupted_now(const char *signame)
{
  char line[128];
  size_t at = 0;
  sk_journal_word(line, &at, "interrupted ", 100);
  sk_journal_num(line, &at, (long)sk_journal_k);
  line[at++] = ' ';
  sk_journal_word(line, &at, signame, 120);
  line[at++] = '\n';
  sk_journal_put(line, at);
}

/* ---- reading ---------------------------------------------------------- */

void sk_journal_state_free(sk_journal_state_t *st)
{
  if (st == NULL)
    return;
  free(st->crashes);
  free(st->hung);
  free(st->ended);
  free(st->last_arg);
  free(st->has_arg);
  free(st->io);
  memset(st, 0, sizeof *st);
}

static int sk_journal_state_alloc(sk_journal_state_t *st, size_t n)
{
  size_t m = n ? n : 1;
  memset(st, 0, sizeof *st);
  st->n = n;
  st->crashes = calloc(m, sizeof *st->crashes);
  st->hung = calloc(m, sizeof *st->hung);
  st->ended = calloc(m, sizeof *st->ended);
  st->last_arg = calloc(m, sizeof *st->last_arg);
  st->has_arg = calloc(m, sizeof *st->has_arg);
  return st->crashes && st->hung && st->ended && st->last_arg && st->has_arg
             ? 0 : -1;
}

/* "TOKEN PROCESSES" of an io line into st->io, each token once; a
 * token or count that is not one of ours makes the line foreign. */
static int sk_journal_add_io(sk_journal_state_t *st, const char *rest)
{
  char token[20], extra[2];
  int procs;
  size_t i;
  sk_journal_io_t *io;
  if (sscanf(rest, "%19s %d %1s", token, &procs, extra) != 2 ||
      !sk_iodir_token_ok(token) || procs < 1 || procs > 1048576)
    return -1;
  for (i = 0; i < st->nio; i++)
    if (strcmp(st->io[i].token, token) == 0) {
      if (procs > st->io[i].processes)
        st->io[i].processes = procs;
      return 0;
    }
  if (st->nio >= SK_JOURNAL_IO_MAX)
    return 0;              /* the oldest are swept; a later run the rest */
  if (SK_GROW(st->io, st->capio, st->nio + 1, 8) != 0)
    return -1;
  io = st->io;
  snprintf(io[st->nio].token, sizeof io[st->nio].token, "%s", token);
  io[st->nio].processes = procs;
  st->nio++;
  return 0;
}

/* One line; *open is the suite (0-based) begun and not yet over, or -1.
 * Returns -1 when the line names a suite the plan does not have. */
static int sk_journal_apply(sk_journal_state_t *st, const char *line,
                            const char *const *names, long *open)
{
  char word[16], rest[300];
  unsigned long k = 0;
  long a;
  if (strncmp(line, "start ", 6) == 0) {
    if (*open >= 0)
      st->crashes[*open]++;
    *open = -1;
    st->finish[0] = '\0';
    return 0;
  }
  if (strncmp(line, "finish ", 7) == 0)
    snprintf(st->finish, sizeof st->finish, "%.*s",
             (int)strcspn(line + 7, "\n"), line + 7);
  if (strncmp(line, "sha256 ", 7) == 0) {
    snprintf(st->sha256, sizeof st->sha256, "%.64s", line + 7);
    return 0;
  }
  rest[0] = '\0';
  if (strncmp(line, "finish ", 7) == 0 ||
      sscanf(line, "%15s %lu %299[^\n]", word, &k, rest) < 2)
    return 0;
  if (k == 0 && strcmp(word, "interrupted") == 0)
    return 0;                /* between suites: no suite to blame */
  if (k < 1 || k > st->n)
    return -1;
  k--;
  if (strcmp(word, "begin") == 0) {
    char e[SK_JOURNAL_NAME];
    sk_escape_buf(names[k], e, sizeof e);
    if (strcmp(rest, e) != 0)
      return -1;
    if (*open >= 0)
      st->crashes[*open]++;
    *open = (long)k;
    st->has_arg[k] = 0;
  } else if (strcmp(word, "io") == 0) {
    return sk_journal_add_io(st, rest);
  } else if (strcmp(word, "arg") == 0 && sscanf(rest, "%ld", &a) == 1) {
    st->last_arg[k] = a;
    st->has_arg[k] = 1;
  } else if (strcmp(word, "hung") == 0) {
    st->hung[k] = 1;
    st->has_arg[k] = sscanf(rest, "%ld", &a) == 1;
    st->last_arg[k] = st->has_arg[k] ? a : 0;
    *open = -1;
  } else if (strcmp(word, "pause") == 0) {
    *open = -1;              /* interleaved: another suite's point next */
  } else if (strcmp(word, "end") == 0) {
    st->ended[k]++;
    *open = -1;
  } else if (strcmp(word, "interrupted") == 0) {
    /* SIGTERM is how launchers end the other ranks when one died (Open
     * MPI's mpiexec) and how batch systems end a job at its time limit:
     * either way the suite brought the run down.  SIGINT (Ctrl-C) only
     * interrupts. */
    st->crashes[k] += strcmp(rest, "SIGTERM") == 0;
    *open = -1;
  }
  return 0;
}

int sk_journal_read(const char *path, const char *const *names, size_t n,
                    sk_journal_state_t *st, char *err, size_t errlen)
{
  char line[512];
  long open = -1, lineno = 0;
  int rc = 0;
  FILE *fp = fopen(path, "r");
  if (sk_journal_state_alloc(st, n) != 0) {
    snprintf(err, errlen, "out of memory");
    if (fp != NULL)
      fclose(fp);
    return -1;
  }
  if (fp == NULL) {
    if (errno == ENOENT)
      return 1;
    snprintf(err, errlen, "%s", strerror(errno));
    return -1;
  }
  /* A line without its newline was cut by a crash: it never happened. */
  while (rc == 0 && fgets(line, sizeof line, fp) != NULL &&
         strchr(line, '\n') != NULL) {
    lineno++;
    if (lineno == 1 && strcmp(line, SK_JOURNAL_MAGIC "\n") != 0)
      rc = -1;
    else if (sk_journal_apply(st, line, names, &open) != 0)
      rc = -1;
  }
  fclose(fp);
  if (rc != 0) {
    snprintf(err, errlen, "line %ld is not a journal line of this suite "
             "file", lineno);
    return -1;
  }
  if (open >= 0)
    st->crashes[open]++;
  return 0;
}
