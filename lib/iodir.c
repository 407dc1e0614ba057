/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * iodir.c -- the directory of the MPI-IO instances and the names of
 * skampi's files in it (iodir.h).
 */
#include <config.h>

#include "iodir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"

/* "'DIR' WHAT" into why, the name escaped and cut; -1. */
static int sk_iodir_why(const char *dir, const char *what, char *why,
                        size_t whylen)
{
  char q[512];
  sk_escape_buf(dir, q, sizeof q);
  snprintf(why, whylen, "'%s' %s", q, what);
  return -1;
}

int sk_iodir_check(const char *dir, char *why, size_t whylen)
{
  struct stat st;
  const char *p;
  if (dir[0] == '\0') {
    snprintf(why, whylen, "is empty: name a directory");
    return -1;
  }
  if (strlen(dir) > SK_IODIR_MAX)
    return sk_iodir_why(dir, "is too long (at most 3072 bytes)", why,
                        whylen);
  for (p = dir; *p != '\0'; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f)
      return sk_iodir_why(dir, "holds a control character", why, whylen);
  if (stat(dir, &st) != 0)
    return sk_iodir_why(dir, errno == ENOENT || errno == ENOTDIR
                                 ? "does not exist"
                                 : strerror(errno), why, whylen);
  if (!S_ISDIR(st.st_mode))
    return sk_iodir_why(dir, "is not a directory", why, whylen);
  if (access(dir, W_OK | X_OK) != 0)
    return sk_iodir_why(dir, "is not writable", why, whylen);
  return 0;
}

int sk_iodir_token_ok(const char *t)
{
  size_t i;
  for (i = 0; i < SK_IODIR_TOKEN; i++)
    if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f')))
      return 0;
  return t[SK_IODIR_TOKEN] == '\0';
}

void sk_iodir_token(char *t)
{
  unsigned char b[SK_IODIR_TOKEN / 2];
  ssize_t got = -1;
  size_t i;
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    got = read(fd, b, sizeof b);
    close(fd);
  }
  if (got != (ssize_t)sizeof b) {
    struct timespec ts;
    unsigned long long v;
    clock_gettime(CLOCK_REALTIME, &ts);
    v = (unsigned long long)ts.tv_sec * 1000000007ULL ^
        (unsigned long long)ts.tv_nsec ^
        ((unsigned long long)getpid() << 40);
    for (i = 0; i < sizeof b; i++)
      b[i] = (unsigned char)(v >> (8 * i));
  }
  for (i = 0; i < sizeof b; i++)
    snprintf(t + 2 * i, 3, "%02x", b[i]);
  t[SK_IODIR_TOKEN] = '\0';
}

int sk_iodir_path(const char *dir, const char *token, int rank, char *buf,
                  size_t size)
{
  int n;
  if (token == NULL || !sk_iodir_token_ok(token))
    return -1;
  if (dir == NULL)
    dir = ".";
  if (rank < 0)
    n = snprintf(buf, size, "%s/skampi-io-%s.dat", dir, token);
  else
    n = snprintf(buf, size, "%s/skampi-io-%s-%d.dat", dir, token, rank);
  return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* Removes path when it is a regular file (never a directory, nor what
 * a link points to: unlink removes the link itself); 1 when it did. */
static int sk_iodir_remove(const char *path)
{
  struct stat st;
  if (lstat(path, &st) != 0 || S_ISDIR(st.st_mode))
    return 0;
  return unlink(path) == 0;
}

int sk_iodir_sweep(const char *dir, const char *token, int nprocs)
{
  char path[SK_IODIR_MAX + 64];
  int r, n = 0;
  if (!sk_iodir_token_ok(token))
    return 0;
  for (r = -1; r < nprocs; r++)
    if (sk_iodir_path(dir, token, r, path, sizeof path) == 0)
      n += sk_iodir_remove(path);
  return n;
}
