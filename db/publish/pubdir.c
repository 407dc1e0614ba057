/*
 * pubdir.c -- the directory of a static site, written through
 * descriptors only (pubdir.h).
 */
#include <config.h>

#include "pubdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "msg.h"

#define SK_PUBDIR_COPY_MAX ((long)16 << 20)

static void sk_pubdir_error(const char *path, const char *name,
                            const char *what)
{
  char *p = sk_escape_text(path);
  sk_msg_error("%s%s%s: %s", p ? p : "?", name ? "/" : "", name ? name : "",
               what);
  free(p);
}

/* A listing of the directory open as dir, on a descriptor of its own
 * (closedir() leaves dir open); NULL on failure. */
static DIR *sk_pubdir_list(int dir)
{
  int fd = dup(dir);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d && fd >= 0)
    close(fd);
  return d;
}

/* Whether DIR holds nothing but "." and ".." (1), a marker (2), other
 * entries (0); -1 when unreadable. */
static int sk_pubdir_state(int dir)
{
  struct stat m;
  struct dirent *e;
  int any = 0;
  DIR *d = sk_pubdir_list(dir);
  if (!d)
    return -1;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      any = 1;
  closedir(d);
  if (fstatat(dir, SK_PUBDIR_MARKER, &m, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISREG(m.st_mode))
    return 2;
  return any ? 0 : 1;
}

int sk_pubdir_open(const char *path, int force)
{
  int dir, state;
  if (mkdir(path, 0777) < 0 && errno != EEXIST) {
    sk_pubdir_error(path, NULL, strerror(errno));
    return -1;
  }
  /* DIR itself is the user's to choose, a link to it included */
  if ((dir = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
    sk_pubdir_error(path, NULL, strerror(errno));
    return -1;
  }
  state = sk_pubdir_state(dir);
  if (state < 0) {
    sk_pubdir_error(path, NULL, strerror(errno));
    close(dir);
    return -1;
  }
  if (state == 0 && !force) {
    sk_pubdir_error(path, NULL, "the directory holds files but no "
                    SK_PUBDIR_MARKER " of an earlier publish; choose an "
                    "empty or new directory, or add --force");
    close(dir);
    return -1;
  }
  return dir;
}

/* Removes the regular files of SUB (not following anything). */
static int sk_pubdir_clean(int sub)
{
  struct dirent *e;
  struct stat s;
  DIR *d = sk_pubdir_list(sub);
  if (!d)
    return -1;
  while ((e = readdir(d)))
    if (fstatat(sub, e->d_name, &s, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG(s.st_mode) && unlinkat(sub, e->d_name, 0) < 0) {
      closedir(d);
      return -1;
    }
  closedir(d);
  return 0;
}

int sk_pubdir_sub(int dir, const char *path, const char *name, int clean)
{
  int sub;
  if (mkdirat(dir, name, 0777) < 0 && errno != EEXIST) {
    sk_pubdir_error(path, name, strerror(errno));
    return -1;
  }
  sub = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (sub < 0) {
    sk_pubdir_error(path, name, errno == ELOOP || errno == ENOTDIR
                    ? "not a directory (a symbolic link is not followed)"
                    : strerror(errno));
    return -1;
  }
  if (clean && sk_pubdir_clean(sub) < 0) {
    sk_pubdir_error(path, name, strerror(errno));
    close(sub);
    return -1;
  }
  return sub;
}

int sk_pubdir_write(int dir, const char *path, const char *name,
                    const void *data, size_t len)
{
  char tmp[256];
  const char *p = data;
  int fd;
  snprintf(tmp, sizeof tmp, ".%s.tmp", name);
  unlinkat(dir, tmp, 0);
  fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
              O_CLOEXEC, 0666);
  if (fd < 0) {
    sk_pubdir_error(path, tmp, strerror(errno));
    return -1;
  }
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      sk_pubdir_error(path, name, strerror(n < 0 ? errno : EIO));
      close(fd);
      unlinkat(dir, tmp, 0);
      return -1;
    }
    p += n;
    len -= (size_t)n;
  }
  if (close(fd) < 0 || renameat(dir, tmp, dir, name) < 0) {
    sk_pubdir_error(path, name, strerror(errno));
    unlinkat(dir, tmp, 0);
    return -1;
  }
  return 0;
}

int sk_pubdir_copy(int dir, const char *path, const char *name,
                   const char *src)
{
  FILE *f = fopen(src, "rb");
  char *buf = NULL;
  long n = -1;
  int rc = -1;
  if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
      n <= SK_PUBDIR_COPY_MAX && fseek(f, 0, SEEK_SET) == 0 &&
      (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) ==
      (size_t)n)
    rc = sk_pubdir_write(dir, path, name, buf, (size_t)n);
  else
    sk_pubdir_error(src, NULL, !f ? strerror(errno) : n > SK_PUBDIR_COPY_MAX
                    ? "larger than 16 MiB" : "cannot be read");
  if (f)
    fclose(f);
  free(buf);
  return rc;
}
