/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outfile_write.c -- writing output paths: temporaries, commit, appends.
 */
#include <config.h>

#include "outfile.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "msg.h"
#include "outfile_int.h"

/* ---- atomic replacement ------------------------------------------------ */

static char *sk_outfile_dup(const char *s)
{
  size_t len = strlen(s) + 1;
  char *d = malloc(len);
  if (d != NULL)
    memcpy(d, s, len);
  return d;
}

/* "DIR/.NAME.XXXXXX" for dest: beside it, or in $TMPDIR for a stream. */
static char *sk_outfile_template(const char *dest, int stream)
{
  const char *tmpdir = getenv("TMPDIR"), *base = sk_outfile_base(dest);
  size_t dirlen = (size_t)(base - dest), len;
  char *t;
  if (stream) {
    dest = tmpdir != NULL && tmpdir[0] == '/' ? tmpdir : "/tmp";
    dirlen = strlen(dest) + 1;
  }
  len = dirlen + strlen(base) + 16;
  if ((t = malloc(len)) == NULL)
    return NULL;
  snprintf(t, len, "%.*s%s.%s%s.XXXXXX", (int)(stream ? dirlen - 1 : dirlen),
           dest, stream ? "/" : "", stream ? "skampi-" : "", base);
  return t;
}

static mode_t sk_outfile_umask(void)
{
  mode_t mask = umask(0);   /* the only way to read it: set it back */
  umask(mask);
  return mask;
}

/* The temporary of h: created with mkstemp (O_EXCL: nothing planted is
 * followed), the mode a plain create would give, opened as h->fp. */
static int sk_outfile_mktemp(sk_outfile_t *h, char *why, size_t whylen)
{
  int fd;
  if ((h->tmp = sk_outfile_template(h->dest, h->stream)) == NULL)
    return sk_outfile_fail(why, whylen, "write", h->path);
  if ((fd = mkstemp(h->tmp)) < 0) {
    int rc = sk_outfile_fail(why, whylen, "create a temporary file for",
                             h->path);
    free(h->tmp);
    h->tmp = NULL;
    return rc;
  }
  if (fchmod(fd, 0666 & ~sk_outfile_umask()) != 0 ||
      (h->fp = fdopen(fd, "w")) == NULL) {
    int rc = sk_outfile_fail(why, whylen, "write", h->tmp);
    close(fd);
    return rc;
  }
  return 0;
}

/* What is there now: fresh (nothing), stream, and dest (links resolved). */
static int sk_outfile_target(sk_outfile_t *h, char *why, size_t whylen)
{
  struct stat lst, st;
  h->fresh = lstat(h->path, &lst) != 0;
  if (h->fresh || !S_ISLNK(lst.st_mode) || stat(h->path, &st) != 0)
    st = lst;
  h->stream = !h->fresh && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode));
  if (!h->fresh && S_ISLNK(lst.st_mode))
    h->dest = realpath(h->path, NULL);
  else
    h->dest = sk_outfile_dup(h->path);
  return h->dest != NULL ? 0 : sk_outfile_fail(why, whylen, "resolve",
                                               h->path);
}

sk_outfile_t *sk_outfile_open(const char *path, sk_outfile_kind_t kind,
                              const sk_outfile_inputs_t *in, char *why,
                              size_t whylen)
{
  sk_outfile_t *h;
  assert(kind != SK_OUTFILE_CSV);   /* a directory: mkdir, not a rename */
  if (sk_outfile_check(path, kind, in, why, whylen) != 0)
    return NULL;
  if ((h = calloc(1, sizeof *h)) == NULL ||
      (h->path = sk_outfile_dup(path)) == NULL) {
    free(h);
    sk_msg_why(why, whylen, "out of memory");
    return NULL;
  }
  h->kind = kind;
  h->in = in;
  if (sk_outfile_target(h, why, whylen) != 0 ||
      sk_outfile_mktemp(h, why, whylen) != 0) {
    sk_outfile_abort(h);
    return NULL;
  }
  return h;
}

static void sk_outfile_free(sk_outfile_t *h)
{
  if (h->tmp != NULL)
    unlink(h->tmp);
  free(h->tmp);
  free(h->dest);
  free(h->path);
  free(h);
}

void sk_outfile_abort(sk_outfile_t *h)
{
  if (h == NULL)
    return;
  if (h->fp != NULL)
    fclose(h->fp);
  sk_outfile_free(h);
}

/* Why writing fd failed earlier, when the stream kept no reason (its
 * buffer went out, and failed, long before the flush): one byte more at
 * its end, in a temporary that is discarded anyway, meets the same
 * limit (EFBIG, ENOSPC, EDQUOT).  EIO when that byte goes through. */
static int sk_outfile_reason(int fd)
{
  off_t end = lseek(fd, 0, SEEK_END);
  if (end >= 0 && pwrite(fd, "", 1, end) < 0)
    return errno;
  return EIO;
}

/* The temporary complete on disk and closed; -1 (why) with the reason a
 * write failed (a full disk, a file size limit). */
static int sk_outfile_finish_tmp(sk_outfile_t *h, char *why, size_t whylen)
{
  FILE *fp = h->fp;
  int err = 0;
  h->fp = NULL;
  /* fflush first: after a failed write it tries the buffer again and so
   * says why.  fsync: see sk_outfile_commit() in the header. */
  if (fflush(fp) != 0)
    err = errno;
  else if (ferror(fp))
    err = sk_outfile_reason(fileno(fp));
  else if (fsync(fileno(fp)) != 0 && errno != EINVAL)
    err = errno;
  if (fclose(fp) != 0 && err == 0)
    err = errno;
  if (err == 0)
    return 0;
  errno = err;
  return sk_outfile_fail(why, whylen, "write", h->path);
}

/* The target is still what it was at the open and still allowed. */
static int sk_outfile_recheck(sk_outfile_t *h, char *why, size_t whylen)
{
  struct stat st;
  sk_outfile_q_t q;
  int now_fresh = lstat(h->path, &st) != 0;
  if (sk_outfile_check(h->path, h->kind, h->in, why, whylen) != 0 ||
      (strcmp(h->dest, h->path) != 0 &&
       sk_outfile_check(h->dest, h->kind, h->in, why, whylen) != 0))
    return -1;
  if (now_fresh == h->fresh)
    return 0;
  return sk_msg_why(why, whylen, "'%s' was %s while it was being "
                        "written; not replacing it (run again)",
                        sk_outfile_q(&q, h->path),
                        h->fresh ? "created by someone else" : "removed");
}

/* All of fd into out; -1 (errno) on a failed write. */
static int sk_outfile_copy_fd(int fd, int out)
{
  char buf[65536];
  ssize_t r;
  while ((r = read(fd, buf, sizeof buf)) != 0) {
    ssize_t done = 0, w;
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return -1;
    while (done < r) {
      if ((w = write(out, buf + done, (size_t)(r - done))) < 0 &&
          errno != EINTR)
        return -1;
      done += w > 0 ? w : 0;
    }
  }
  return 0;
}

/* The temporary copied into the FIFO or character device.  The
 * temporary is removed before the copy: a reader that goes away ends
 * the process with SIGPIPE, and nothing must be left behind then. */
static int sk_outfile_to_stream(sk_outfile_t *h, char *why, size_t whylen)
{
  struct stat st;
  sk_outfile_q_t q;
  int fd = open(h->tmp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), out, rc;
  if (fd < 0)
    return sk_outfile_fail(why, whylen, "read", h->tmp);
  unlink(h->tmp);
  out = open(h->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (out < 0) {
    rc = sk_outfile_fail(why, whylen, "open", h->path);
  } else if (fstat(out, &st) != 0 ||
             !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
    rc = sk_msg_why(why, whylen, "'%s' is no longer a FIFO or a "
                        "device; not writing to it (run again)",
                        sk_outfile_q(&q, h->path));
  } else {
    rc = sk_outfile_copy_fd(fd, out) == 0 ? 0
         : sk_outfile_fail(why, whylen, "write", h->path);
  }
  if (out >= 0 && close(out) != 0 && rc == 0)
    rc = sk_outfile_fail(why, whylen, "write", h->path);
  close(fd);
  return rc;
}

/* A new target: link(2) fails rather than replace what appeared since
 * the check; rename(2) only where the file system has no hard links. */
static int sk_outfile_to_new(sk_outfile_t *h, char *why, size_t whylen)
{
  sk_outfile_q_t q;
  if (link(h->tmp, h->dest) == 0)
    return 0;
  if (errno == EEXIST)
    return sk_msg_why(why, whylen, "'%s' was created by someone else "
                          "while it was being written; not replacing it "
                          "(run again)", sk_outfile_q(&q, h->path));
  if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP &&
      errno != EMLINK && errno != ENOSYS)
    return sk_outfile_fail(why, whylen, "write", h->path);
  if (rename(h->tmp, h->dest) != 0)
    return sk_outfile_fail(why, whylen, "write", h->path);
  free(h->tmp);            /* renamed: its name is no longer ours */
  h->tmp = NULL;
  return 0;
}

int sk_outfile_commit(sk_outfile_t *h, char *why, size_t whylen)
{
  int rc = sk_outfile_finish_tmp(h, why, whylen);
  if (rc == 0)
    rc = sk_outfile_recheck(h, why, whylen);
  if (rc == 0 && h->stream)
    rc = sk_outfile_to_stream(h, why, whylen);
  else if (rc == 0 && h->fresh)
    rc = sk_outfile_to_new(h, why, whylen);
  else if (rc == 0 && rename(h->tmp, h->dest) != 0)
    rc = sk_outfile_fail(why, whylen, "write", h->path);
  else if (rc == 0) {
    free(h->tmp);          /* renamed: its name is no longer ours */
    h->tmp = NULL;
  }
  sk_outfile_free(h);
  return rc;
}

int sk_outfile_commit_keep(sk_outfile_t *h, int *fd, char *why,
                           size_t whylen)
{
  sk_outfile_q_t q;
  int d = -1, rc;
  *fd = -1;
  if (h->stream)
    rc = sk_msg_why(why, whylen, "'%s' is not a regular file",
                        sk_outfile_q(&q, h->path));
  else if ((d = fcntl(fileno(h->fp), F_DUPFD_CLOEXEC, 0)) < 0)
    rc = sk_outfile_fail(why, whylen, "write", h->path);
  else
    rc = 0;
  if (rc != 0) {
    sk_outfile_abort(h);
    return rc;
  }
  if (sk_outfile_commit(h, why, whylen) != 0) {
    close(d);
    return -1;
  }
  *fd = d;
  return 0;
}

/* ---- appending (journal, log) ------------------------------------------ */

/* "'P' is a symbolic link; ..." when open(O_NOFOLLOW) failed on one
 * (ELOOP; EMLINK on FreeBSD), else the error. */
static int sk_outfile_append_failed(const char *path, char *why,
                                    size_t whylen)
{
  struct stat st;
  sk_outfile_q_t q;
  int saved = errno;
  if ((saved == ELOOP || saved == EMLINK || saved == EEXIST) &&
      lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
    return sk_msg_why(why, whylen, "'%s' is a symbolic link; not "
                          "appending through it (remove it or name "
                          "another file)", sk_outfile_q(&q, path));
  errno = saved;
  return sk_outfile_fail(why, whylen, "open", path);
}

/* The descriptor of path, never through a symbolic link; *created says
 * whether this call made the file.  A FIFO or device (a LOG) is opened
 * write-only, as a writer of a pipe should be: a reader going away
 * then ends the writes instead of letting them fill the pipe. */
static int sk_outfile_append_fd(const char *path, sk_outfile_kind_t kind,
                                int *created)
{
  int flags = O_APPEND | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, fd;
  struct stat st;
  *created = 0;
  if (kind == SK_OUTFILE_LOG && lstat(path, &st) == 0 &&
      (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))
    return open(path, O_WRONLY | flags);
  fd = open(path, O_RDWR | O_NONBLOCK | flags);
  if (fd < 0 && errno == ENOENT) {
    fd = open(path, O_RDWR | O_CREAT | O_EXCL | flags, 0644);
    *created = fd >= 0;
  }
  if (fd >= 0 && fcntl(fd, F_SETFL, O_APPEND) != 0) {
    close(fd);
    fd = -1;
  }
  return fd;
}

/* The file open on fd may be appended to as the kind. */
static int sk_outfile_append_ok(int fd, const char *path,
                                sk_outfile_kind_t kind,
                                const sk_outfile_inputs_t *in, char *why,
                                size_t whylen)
{
  char head[SK_OUTFILE_HEAD + 1];
  struct stat st;
  if (fstat(fd, &st) != 0)
    return sk_outfile_fail(why, whylen, "examine", path);
  if (sk_outfile_not_input(path, &st, in, why, whylen) != 0)
    return -1;
  if (!S_ISREG(st.st_mode) || st.st_size == 0)
    return sk_outfile_judge(path, &st, kind, 0, why, whylen);
  if (sk_outfile_read_head(fd, head) != 0)
    return sk_outfile_fail(why, whylen, "read", path);
  if (sk_outfile_head_is(kind, head))
    return 0;
  return sk_outfile_not_kind(path, kind, 0, why, whylen);
}

int sk_outfile_open_append(const char *path, sk_outfile_kind_t kind,
                           const sk_outfile_inputs_t *in, int flags,
                           char *why, size_t whylen)
{
  struct stat st;
  int created, fd = sk_outfile_append_fd(path, kind, &created);
  if (fd < 0)
    return sk_outfile_append_failed(path, why, whylen);
  if (sk_outfile_append_ok(fd, path, kind, in, why, whylen) != 0) {
    close(fd);
    if (created)
      unlink(path);
    return -1;
  }
  if ((flags & SK_OUTFILE_TRUNCATE) && fstat(fd, &st) == 0 &&
      S_ISREG(st.st_mode) && ftruncate(fd, 0) != 0) {
    sk_outfile_fail(why, whylen, "truncate", path);
    close(fd);
    return -1;
  }
  return fd;
}
