/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * resultfile.c -- the result file grown by appending (resultfile.h).
 */
#include <config.h>

#include "resultfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"

#define SK_RF_PAGE 4096          /* no in-place write crosses one */
#define SK_RF_RUN_ROOM 640       /* bytes of `run:` and its comment line:
                                  * a finished run's status, end_time,
                                  * wall_time and why it stopped */
#define SK_RF_EMPTY "suites: []\n...\n"
#define SK_RF_END "...\n"

void sk_resultfile_init(sk_resultfile_t *f)
{
  memset(f, 0, sizeof *f);
  f->fd = -1;
}

void sk_resultfile_close(sk_resultfile_t *f)
{
  if (f->fd >= 0)
    close(f->fd);
  f->fd = -1;
}

/* "cannot write 'PATH': strerror(err)" into why; -1. */
static int sk_rf_fail(const char *path, int err, char *why, size_t whylen)
{
  char q[256];
  sk_escape_buf(path, q, sizeof q);
  snprintf(why, whylen, "cannot write '%s': %s", q, strerror(err));
  return -1;
}

/* ---- text -------------------------------------------------------------- */

/* A growing buffer (open_memstream). */
typedef struct sk_rf_buf {
  FILE *fp;
  char *s;
  size_t n;
} sk_rf_buf_t;

static int sk_rf_buf_open(sk_rf_buf_t *b)
{
  b->s = NULL;
  b->n = 0;
  b->fp = open_memstream(&b->s, &b->n);
  return b->fp != NULL ? 0 : -1;
}

/* Closes the stream; -1 (and nothing kept) when a write to it failed. */
static int sk_rf_buf_close(sk_rf_buf_t *b, int rc)
{
  if (fclose(b->fp) != 0)
    rc = -1;
  b->fp = NULL;
  if (rc != 0) {
    free(b->s);
    b->s = NULL;
    b->n = 0;
  }
  return rc;
}

/* n newlines: blank lines, which YAML ignores between nodes. */
static void sk_rf_blank(FILE *fp, size_t n)
{
  while (n-- > 0)
    fputc('\n', fp);
}

/* How many blank lines put a region of len bytes that would start at
 * `at` wholly inside one page (0 when it is already). */
static size_t sk_rf_page_shift(long long at, size_t len)
{
  long long first = at / SK_RF_PAGE, last = (at + (long long)len - 1) /
                                            SK_RF_PAGE;
  return first == last ? 0 : (size_t)(SK_RF_PAGE - at % SK_RF_PAGE);
}

/* `run:` and its room: the mapping's text, then one comment line of
 * blanks to make it exactly room bytes.  -1 when it does not fit. */
static int sk_rf_run_room(const char *run, size_t len, size_t room,
                          FILE *out)
{
  if (len + 2 > room)
    return -1;
  fwrite(run, 1, len, out);
  fputc('#', out);
  for (len += 2; len < room; len++)
    fputc(' ', out);
  fputc('\n', out);
  return 0;
}

/* [*at, *end) is `run:` in the whole text s: from its line to the next
 * line that is not indented.  -1 when it is not there. */
static int sk_rf_find_run(const char *s, size_t n, size_t *at, size_t *end)
{
  const char *p = NULL, *q;
  size_t i;
  for (i = 0; i + 6 <= n && p == NULL; i++)
    if ((i == 0 || s[i - 1] == '\n') && memcmp(s + i, "run:\n", 5) == 0)
      p = s + i;
  if (p == NULL)
    return -1;
  *at = (size_t)(p - s);
  for (q = p + 5; q < s + n && *q == ' ';) {
    const char *nl = memchr(q, '\n', (size_t)(s + n - q));
    if (nl == NULL)
      return -1;
    q = nl + 1;
  }
  *end = (size_t)(q - s);
  return 0;
}

/* The whole file from its text s: `run:` with its room, and the regions
 * written in place later each within one page.  The layout goes to f. */
static int sk_rf_layout(sk_resultfile_t *f, const char *s, size_t n,
                        FILE *out)
{
  size_t at, end, room, shift, tail = 0;
  long long pos;
  if (sk_rf_find_run(s, n, &at, &end) != 0)
    return -1;
  if (n >= sizeof SK_RF_EMPTY - 1 &&
      memcmp(s + n - (sizeof SK_RF_EMPTY - 1), SK_RF_EMPTY,
             sizeof SK_RF_EMPTY - 1) == 0)
    tail = sizeof SK_RF_EMPTY - 1;
  else if (n >= 4 && memcmp(s + n - 4, SK_RF_END, 4) == 0)
    tail = 4;
  if (tail == 0 || end > n - tail)
    return -1;
  room = end - at + 2 > SK_RF_RUN_ROOM ? end - at + 66 : SK_RF_RUN_ROOM;
  shift = sk_rf_page_shift((long long)at, room);
  fwrite(s, 1, at, out);
  sk_rf_blank(out, shift);
  f->run_at = (long long)(at + shift);
  f->run_room = room;
  sk_rf_run_room(s + at, end - at, room, out);
  fwrite(s + end, 1, n - tail - end, out);
  pos = f->run_at + (long long)room + (long long)(n - tail - end);
  sk_rf_blank(out, sk_rf_page_shift(pos, tail));
  fwrite(s + n - tail, 1, tail, out);
  f->tail = tail;
  return 0;
}

/* ---- test switch ----------------------------------------------------- */

/* Test only (doc/robustness.md, "Test-only switches"): with
 * SKAMPI_TEST_RESULT_FULL=NAME every write of the result file after
 * suite NAME fails with ENOSPC, as on a full disk (the whole write's
 * temporary goes to /dev/full, the append is written to /dev/full). */
static int sk_rf_test_full(const sk_result_t *r)
{
  const char *full = getenv("SKAMPI_TEST_RESULT_FULL");
  return full != NULL && r->nsuites > 0 &&
         strcmp(r->suites[r->nsuites - 1].suite->name, full) == 0;
}

/* Test only: with SKAMPI_TEST_TORN_APPEND=NAME the process kills itself
 * (SIGKILL) after the text of suite NAME was appended and before the
 * old end marker was turned into a comment: what a crash there leaves,
 * for tests/mpi/resultfile.sh. */
static void sk_rf_test_torn(const sk_result_t *r)
{
  const char *torn = getenv("SKAMPI_TEST_TORN_APPEND");
  if (torn != NULL && r->nsuites > 0 &&
      strcmp(r->suites[r->nsuites - 1].suite->name, torn) == 0)
    kill(getpid(), SIGKILL);
}

/* ---- the whole write ------------------------------------------------- */

static int sk_rf_whole(sk_resultfile_t *f, const sk_result_t *r,
                       const char *path, const sk_outfile_inputs_t *in,
                       void (*on_tmp)(const char *), char *why,
                       size_t whylen)
{
  sk_rf_buf_t b;
  sk_outfile_t *h;
  struct stat st;
  int fd = -1, null, rc;
  sk_resultfile_close(f);
  if (sk_rf_buf_open(&b) != 0 ||
      sk_rf_buf_close(&b, sk_result_text(b.fp, r)) != 0) {
    snprintf(why, whylen, "cannot write the result file: the YAML emitter "
             "failed");
    return -1;
  }
  if ((h = sk_outfile_open(path, SK_OUTFILE_RUN, in, why, whylen)) == NULL) {
    free(b.s);
    return -1;
  }
  if (on_tmp != NULL)
    on_tmp(h->tmp);
  if (sk_rf_test_full(r) &&
      (null = open("/dev/full", O_WRONLY | O_CLOEXEC)) >= 0) {
    dup2(null, fileno(h->fp));
    close(null);
  }
  /* a text the in-place writes cannot use is written as it is */
  if (sk_rf_layout(f, b.s, b.n, h->fp) != 0) {
    f->tail = 0;
    fwrite(b.s, 1, b.n, h->fp);
  }
  free(b.s);
  if (on_tmp != NULL)
    on_tmp(NULL);
  rc = sk_outfile_commit_keep(h, &fd, why, whylen);
  if (rc != 0 || fstat(fd, &st) != 0) {
    if (fd >= 0)
      close(fd);
    return -1;
  }
  f->written += (unsigned long long)st.st_size;
  if (f->tail == 0) {            /* never appended to: whole next time */
    close(fd);
    return 0;
  }
  f->fd = fd;
  f->dev = (unsigned long long)st.st_dev;
  f->ino = (unsigned long long)st.st_ino;
  f->size = (long long)st.st_size;
  f->nsuites = r->nsuites;
  f->trailer = r->noise.measured;
  return 0;
}

/* ---- in place ------------------------------------------------------------ */

/* All of buf at offset off of fd; -1 with errno set. */
static int sk_rf_pwrite(int fd, const char *buf, size_t n, long long off)
{
  while (n > 0) {
    ssize_t w = pwrite(fd, buf, n, (off_t)off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (w == 0)
        errno = EIO;
      return -1;
    }
    buf += w;
    n -= (size_t)w;
    off += w;
  }
  return 0;
}

/* Does path still name the file this run last wrote, as it left it? */
static int sk_rf_ours(const sk_resultfile_t *f, const char *path)
{
  struct stat a, b;
  return f->fd >= 0 && stat(path, &a) == 0 && fstat(f->fd, &b) == 0 &&
         S_ISREG(a.st_mode) && a.st_dev == b.st_dev &&
         a.st_ino == b.st_ino && (unsigned long long)b.st_dev == f->dev &&
         (unsigned long long)b.st_ino == f->ino &&
         (long long)b.st_size == f->size;
}

/* The text of r's suites from f->nsuites on and a new end marker, each
 * region later written in place within one page; -1 when not made. */
/* The run's noise once judged and not yet in the file: the trailer. */
static int sk_rf_wants_trailer(const sk_resultfile_t *f,
                               const sk_result_t *r)
{
  return r->noise.measured && !f->trailer;
}

static int sk_rf_chunk(const sk_resultfile_t *f, const sk_result_t *r,
                       sk_rf_buf_t *out)
{
  size_t i;
  int rc = 0;
  if (sk_rf_buf_open(out) != 0)
    return -1;
  for (i = f->nsuites; i < r->nsuites && rc == 0; i++) {
    sk_rf_buf_t one;
    if (sk_rf_buf_open(&one) != 0 ||
        sk_rf_buf_close(&one, sk_result_text_suite(one.fp, r, i))
            != 0)
      rc = -1;
    else if (one.n < 8 || memcmp(one.s, "suites:\n", 8) != 0)
      rc = -1;                   /* not the layout appended to */
    else
      fwrite(one.s + 8, 1, one.n - 8, out->fp);
    free(one.s);
  }
  if (rc == 0 && sk_rf_wants_trailer(f, r)) {
    sk_rf_buf_t t;
    if (sk_rf_buf_open(&t) != 0 ||
        sk_rf_buf_close(&t, sk_result_text_noise(t.fp, r)) != 0)
      rc = -1;
    else
      fwrite(t.s, 1, t.n, out->fp);
    free(t.s);
  }
  if (rc == 0) {
    fflush(out->fp);
    sk_rf_blank(out->fp, sk_rf_page_shift(f->size + (long long)out->n, 4));
    fputs(SK_RF_END, out->fp);
  }
  return sk_rf_buf_close(out, rc);
}

/* Steps 1 and 2 of resultfile.h: the new suites after the end, then the
 * old end marker a comment.  0, 1 (nothing written: write it whole), or
 * -1 (why) with the file as it was. */
static int sk_rf_append(sk_resultfile_t *f, const sk_result_t *r,
                        const char *path, char *why, size_t whylen)
{
  static const char empty[] = "suites:\n#     \n", end[] = "#  \n";
  const char *commit = f->tail == 4 ? end : empty;
  sk_rf_buf_t c;
  int fd = f->fd, null = -1, err;
  if (r->nsuites == f->nsuites && !sk_rf_wants_trailer(f, r))
    return 0;
  if (f->trailer || (f->tail != 4 && sk_rf_wants_trailer(f, r)))
    return 1;                    /* nothing goes after the noise, and an
                                  * empty list takes no trailer in place */
  if (sk_rf_chunk(f, r, &c) != 0)
    return 1;
  if (sk_rf_test_full(r))
    fd = null = open("/dev/full", O_WRONLY | O_CLOEXEC);
  /* No fdatasync between the two writes: the moment a reader could see
   * the new suites after the old end marker stays that of two system
   * calls.  Lost power may keep either write without the other, and
   * either way the first document of the file holds every suite it held
   * before (see resultfile.h), which is what the next run keeps. */
  if (fd < 0 || sk_rf_pwrite(fd, c.s, c.n, f->size) != 0)
    goto fail;
  sk_rf_test_torn(r);
  if (sk_rf_pwrite(fd, commit, f->tail, f->size - (long long)f->tail) != 0 ||
      fdatasync(fd) != 0)
    goto fail;
  f->written += c.n + f->tail;
  f->size += (long long)c.n;
  f->tail = 4;
  f->nsuites = r->nsuites;
  f->trailer = r->noise.measured;
  free(c.s);
  return 0;
fail:
  err = errno;
  f->written += c.n;
  if (ftruncate(f->fd, (off_t)f->size) != 0)
    sk_resultfile_close(f);      /* unknown: whole next time */
  if (null >= 0)
    close(null);
  free(c.s);
  return sk_rf_fail(path, err, why, whylen);
}

/* Step 3: `run:` again, in its room.  0, 1 (it outgrew its room), -1. */
static int sk_rf_patch_run(sk_resultfile_t *f, const sk_result_t *r,
                           const char *path, char *why, size_t whylen)
{
  sk_rf_buf_t run, room;
  int rc = 0;
  if (sk_rf_buf_open(&run) != 0 ||
      sk_rf_buf_close(&run, sk_result_text_run(run.fp, r)) != 0)
    return 1;
  if (sk_rf_buf_open(&room) != 0) {
    free(run.s);
    return 1;
  }
  rc = sk_rf_run_room(run.s, run.n, f->run_room, room.fp);
  free(run.s);
  if (sk_rf_buf_close(&room, rc) != 0)
    return 1;
  if (sk_rf_pwrite(f->fd, room.s, room.n, f->run_at) != 0 ||
      fdatasync(f->fd) != 0)
    rc = sk_rf_fail(path, errno, why, whylen);
  f->written += room.n;
  free(room.s);
  return rc;
}

int sk_resultfile_write(sk_resultfile_t *f, const sk_result_t *r,
                        const char *path, const sk_outfile_inputs_t *in,
                        void (*on_tmp)(const char *tmp), char *why,
                        size_t whylen)
{
  int rc = 1;
  if (sk_rf_ours(f, path) && r->nsuites >= f->nsuites &&
      (rc = sk_rf_append(f, r, path, why, whylen)) == 0)
    rc = sk_rf_patch_run(f, r, path, why, whylen);
  if (rc <= 0)
    return rc;
  return sk_rf_whole(f, r, path, in, on_tmp, why, whylen);
}
