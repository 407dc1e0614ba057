/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pubdir.c -- the directory of a static site, written through
 * descriptors only, with a manifest of what publish wrote (pubdir.h).
 * The manifest, its entries and what of the directory they account for
 * are pubman.c's.
 */
#include <config.h>

#include "pubdir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "msg.h"
#include "sha256.h"

#define SK_PUBDIR_COPY_MAX ((long)16 << 20)
#define SK_PUBDIR_SUBS 16
#define SK_PUBDIR_TMP SK_PUBDIR_MARKER ".tmp"
#define SK_PUBDIR_IN_WAY "in the way of the site: publish did not write " \
  "it and never replaces it; remove it, or choose another directory"

struct sk_pubdir {
  char *path;                /* DIR, as given */
  int force;
  int journal;               /* -1 until the first file is made */
  sk_pubman_set_t known;     /* the manifest's and the journal's entries */
  sk_pubman_scan_t here;     /* what the directory holds */
  sk_pubman_set_t wrote;     /* this publish's directories and files */
  struct { int fd; char rel[SK_PUBMAN_REL_MAX]; } sub[SK_PUBDIR_SUBS];
  size_t nsub;               /* sub[0]: the directory, holding the lock */
};

/* ---- opening -------------------------------------------------------- */

static int sk_pubdir_lock(sk_pubdir_t *d)
{
  if (flock(d->sub[0].fd, LOCK_EX | LOCK_NB) == 0)
    return 0;
  sk_pubman_error(d->path, NULL, errno == EWOULDBLOCK
                  ? "another skampi-db publish is writing this directory; "
                    "try again when it has finished"
                  : "cannot lock the directory against another publish");
  return -1;
}

/* Whether the directory may be written: what publish cannot account for
 * is refused unless forced. */
static int sk_pubdir_check(sk_pubdir_t *d, int marker)
{
  char what[600];
  char *f;
  if (!d->here.foreign || d->force)
    return 0;
  if (!marker) {
    sk_pubman_error(d->path, NULL, "the directory holds files but no "
                    SK_PUBDIR_MARKER " of an earlier publish; choose an "
                    "empty or new directory, or add --force");
    return -1;
  }
  f = sk_escape_text(d->here.first);
  snprintf(what, sizeof what, "%zu entr%s that no earlier publish wrote "
           "here, or changed since (the first: %s); publish removes and "
           "replaces only its own files: choose an empty or new directory, "
           "or add --force to write beside them", d->here.foreign,
           d->here.foreign == 1 ? "y" : "ies", f ? f : "?");
  free(f);
  sk_pubman_error(d->path, NULL, what);
  return -1;
}

/* The temporary files of an interrupted publish (its journal's) go. */
static void sk_pubdir_leftovers(sk_pubdir_t *d)
{
  size_t i;
  for (i = 0; i < d->known.n; i++)
    if (d->known.v[i].kind == 't' && sk_pubman_find(&d->here.have,
                                                    d->known.v[i].rel, 'f')) {
      const char *name;
      int dir = sk_pubman_parent(d->sub[0].fd, d->known.v[i].rel, &name);
      if (dir >= 0) {
        unlinkat(dir, name, 0);
        close(dir);
      }
    }
}

sk_pubdir_t *sk_pubdir_open(const char *path, int force)
{
  sk_pubdir_t *d = calloc(1, sizeof *d);
  int marker, journal;
  if (!d || !(d->path = strdup(path))) {
    free(d);
    sk_pubman_oom();
    return NULL;
  }
  d->force = force;
  d->journal = -1;
  d->sub[0].fd = -1;
  d->nsub = 1;
  if (mkdir(path, 0777) < 0 && errno != EEXIST) {
    sk_pubman_error(path, NULL, strerror(errno));
    goto fail;
  }
  /* DIR itself is the user's to choose, a link to it included */
  if ((d->sub[0].fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
    sk_pubman_error(path, NULL, strerror(errno));
    goto fail;
  }
  if (sk_pubdir_lock(d) < 0 ||
      (marker = sk_pubman_read(d->sub[0].fd, path, SK_PUBDIR_MARKER, 0,
                               &d->known)) < 0 ||
      (journal = sk_pubman_read(d->sub[0].fd, path, SK_PUBDIR_JOURNAL, 1,
                                &d->known)) < 0)
    goto fail;
  sk_pubman_sort(&d->known);
  d->here.known = &d->known;
  if (sk_pubman_scan(d->sub[0].fd, &d->here) < 0) {
    sk_pubman_error(path, NULL, strerror(errno));
    goto fail;
  }
  if (sk_pubdir_check(d, marker == 0 || journal == 0) < 0)
    goto fail;
  sk_pubdir_leftovers(d);
  return d;
fail:
  sk_pubdir_close(d);
  return NULL;
}

void sk_pubdir_close(sk_pubdir_t *d)
{
  size_t i;
  if (!d)
    return;
  if (d->journal >= 0)
    close(d->journal);
  for (i = d->nsub; i-- > 0;)   /* the directory (its lock) last */
    if (d->sub[i].fd >= 0)
      close(d->sub[i].fd);
  sk_pubman_set_free(&d->known);
  sk_pubman_set_free(&d->wrote);
  sk_pubman_scan_free(&d->here);
  free(d->path);
  free(d);
}

/* ---- writing -------------------------------------------------------- */

/* One line of the journal (made at the first), then D->wrote's entry. */
static int sk_pubdir_note(sk_pubdir_t *d, char kind, const char *sha,
                          const char *rel)
{
  char line[SK_PUBMAN_REL_MAX + 80];
  int n;
  if (d->journal < 0) {
    d->journal = openat(d->sub[0].fd, SK_PUBDIR_JOURNAL, O_WRONLY | O_CREAT
                        | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (d->journal < 0 || (lseek(d->journal, 0, SEEK_END) == 0 &&
                           write(d->journal, SK_PUBDIR_HEADER "\n",
                                 sizeof SK_PUBDIR_HEADER) !=
                           (ssize_t)sizeof SK_PUBDIR_HEADER)) {
      sk_pubman_error(d->path, SK_PUBDIR_JOURNAL, strerror(errno));
      return -1;
    }
  }
  n = sha ? snprintf(line, sizeof line, "%c %s %s\n", kind, sha, rel)
          : snprintf(line, sizeof line, "%c %s\n", kind, rel);
  if (write(d->journal, line, (size_t)n) != n) {
    sk_pubman_error(d->path, SK_PUBDIR_JOURNAL, strerror(errno));
    return -1;
  }
  if (kind != 't' && sk_pubman_add(&d->wrote, kind, sha, rel) < 0) {
    sk_pubman_oom();
    return -1;
  }
  return 0;
}

int sk_pubdir_sub(sk_pubdir_t *d, int parent, const char *name)
{
  char rel[SK_PUBMAN_REL_MAX];
  struct stat s;
  int fd;
  size_t k = d->nsub;
  sk_pubman_join(rel, sizeof rel, d->sub[parent].rel, name);
  if (k == SK_PUBDIR_SUBS || !sk_pubman_rel_ok(rel)) {
    sk_pubman_error(d->path, rel, "not a directory publish makes");
    return -1;
  }
  /* the journal names a directory before it is made; one of another,
   * used with --force, stays theirs */
  if (fstatat(d->sub[parent].fd, name, &s, AT_SYMLINK_NOFOLLOW) < 0) {
    if (errno == ENOENT && sk_pubdir_note(d, 'd', NULL, rel) < 0)
      return -1;
    if (errno != ENOENT ||
        (mkdirat(d->sub[parent].fd, name, 0777) < 0 && errno != EEXIST)) {
      sk_pubman_error(d->path, rel, strerror(errno));
      return -1;
    }
  } else if (sk_pubman_find(&d->here.have, rel, 'd') &&
             sk_pubdir_note(d, 'd', NULL, rel) < 0)
    return -1;
  fd = openat(d->sub[parent].fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW
              | O_CLOEXEC);
  if (fd < 0) {
    sk_pubman_error(d->path, rel, errno == ELOOP || errno == ENOTDIR
                    ? "not a directory (a symbolic link is not followed)"
                    : strerror(errno));
    return -1;
  }
  d->sub[k].fd = fd;
  snprintf(d->sub[k].rel, sizeof d->sub[k].rel, "%s", rel);
  d->nsub++;
  return (int)k;
}

/* Whether NAME may be written in SUB: absent, or a file of the earlier
 * site. */
static int sk_pubdir_free(sk_pubdir_t *d, int sub, const char *name,
                          const char *rel)
{
  struct stat s;
  if (fstatat(d->sub[sub].fd, name, &s, AT_SYMLINK_NOFOLLOW) < 0) {
    if (errno == ENOENT)
      return 0;
    sk_pubman_error(d->path, rel, strerror(errno));
    return -1;
  }
  if (S_ISREG(s.st_mode) && sk_pubman_find(&d->here.have, rel, 'f'))
    return 0;
  sk_pubman_error(d->path, rel, SK_PUBDIR_IN_WAY);
  return -1;
}

static int sk_pubdir_put(int fd, const char *p, size_t len)
{
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return -1;
    }
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

int sk_pubdir_write(sk_pubdir_t *d, int sub, const char *name,
                    const void *data, size_t len)
{
  char tmp[256], rel[SK_PUBMAN_REL_MAX], trel[SK_PUBMAN_REL_MAX + 8];
  char hex[65];
  sk_sha256_t h;
  int fd, dir = d->sub[sub].fd;
  snprintf(tmp, sizeof tmp, ".%s.tmp", name);
  sk_pubman_join(rel, sizeof rel, d->sub[sub].rel, name);
  sk_pubman_join(trel, sizeof trel, d->sub[sub].rel, tmp);
  if (!sk_pubman_rel_ok(rel) || !sk_pubman_rel_ok(trel)) {
    sk_pubman_error(d->path, rel, "not a name publish makes");
    return -1;
  }
  if (sk_pubdir_free(d, sub, name, rel) < 0 ||
      sk_pubdir_note(d, 't', NULL, trel) < 0)
    return -1;
  fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
              O_CLOEXEC, 0666);
  if (fd < 0) {
    sk_pubman_error(d->path, trel, errno == EEXIST ? SK_PUBDIR_IN_WAY
                    : strerror(errno));
    return -1;
  }
  if (sk_pubdir_put(fd, data, len) < 0) {
    sk_pubman_error(d->path, rel, strerror(errno));
    close(fd);
    unlinkat(dir, tmp, 0);
    return -1;
  }
  /* the journal has the file before its name does */
  sk_sha256_init(&h);
  sk_sha256_update(&h, data, len);
  sk_sha256_final(&h, hex);
  if (close(fd) < 0 || sk_pubdir_note(d, 'f', hex, rel) < 0 ||
      renameat(dir, tmp, dir, name) < 0) {
    sk_pubman_error(d->path, rel, strerror(errno));
    unlinkat(dir, tmp, 0);
    return -1;
  }
  return 0;
}

int sk_pubdir_copy(sk_pubdir_t *d, int sub, const char *name,
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
    rc = sk_pubdir_write(d, sub, name, buf, (size_t)n);
  else
    sk_pubman_error(src, NULL, !f ? strerror(errno) : n > SK_PUBDIR_COPY_MAX
                    ? "larger than 16 MiB" : "cannot be read");
  if (f)
    fclose(f);
  free(buf);
  return rc;
}

/* ---- finishing ------------------------------------------------------ */

/* The earlier site's files this one did not write again. */
static int sk_pubdir_prune(sk_pubdir_t *d)
{
  size_t i;
  sk_pubman_sort(&d->wrote);
  for (i = 0; i < d->here.have.n; i++) {
    const char *rel = d->here.have.v[i].rel, *name;
    int dir;
    if (d->here.have.v[i].kind != 'f' || sk_pubman_find(&d->wrote, rel, 'f'))
      continue;
    if ((dir = sk_pubman_parent(d->sub[0].fd, rel, &name)) < 0)
      continue;                 /* its directory is gone: so is it */
    if (unlinkat(dir, name, 0) < 0 && errno != ENOENT) {
      sk_pubman_error(d->path, rel, strerror(errno));
      close(dir);
      return -1;
    }
    close(dir);
  }
  return 0;
}

/* The manifest's text: this site's files, and every directory of an
 * earlier site too (never removed). */
static char *sk_pubdir_manifest(sk_pubdir_t *d, size_t *len)
{
  size_t i, cap = sizeof SK_PUBDIR_HEADER + 1, n;
  char *buf, *p;
  for (i = 0; i < d->here.have.n; i++)
    if (d->here.have.v[i].kind == 'd' && !sk_pubman_find(&d->wrote,
                                                    d->here.have.v[i].rel, 'd') &&
        sk_pubman_add(&d->wrote, 'd', NULL, d->here.have.v[i].rel) < 0)
      return NULL;
  sk_pubman_sort(&d->wrote);
  for (i = 0; i < d->wrote.n; i++)
    cap += strlen(d->wrote.v[i].rel) + 70;
  if (!(p = buf = malloc(cap)))
    return NULL;
  p += snprintf(p, cap, "%s\n", SK_PUBDIR_HEADER);
  for (i = 0; i < d->wrote.n; i++) {
    const sk_pubman_ent_t *e = &d->wrote.v[i];
    n = cap - (size_t)(p - buf);
    p += e->kind == 'f' ? snprintf(p, n, "f %s %s\n", e->sha, e->rel)
                        : snprintf(p, n, "d %s\n", e->rel);
  }
  *len = (size_t)(p - buf);
  return buf;
}

int sk_pubdir_finish(sk_pubdir_t *d)
{
  int root = d->sub[0].fd, fd;
  size_t len = 0;
  char *text;
  if (sk_pubdir_prune(d) < 0)
    return -1;
  if (!(text = sk_pubdir_manifest(d, &len))) {
    sk_pubman_oom();
    return -1;
  }
  if (sk_pubdir_note(d, 't', NULL, SK_PUBDIR_TMP) < 0) {
    free(text);
    return -1;
  }
  /* an interrupted publish's was removed (sk_pubdir_leftovers); another
   * is in the way */
  fd = openat(root, SK_PUBDIR_TMP, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
              | O_CLOEXEC, 0666);
  if (fd < 0 || sk_pubdir_put(fd, text, len) < 0 || close(fd) < 0 ||
      renameat(root, SK_PUBDIR_TMP, root, SK_PUBDIR_MARKER) < 0) {
    int e = errno;
    sk_pubman_error(d->path, fd < 0 ? SK_PUBDIR_TMP : SK_PUBDIR_MARKER,
                    e == EEXIST ? SK_PUBDIR_IN_WAY : strerror(e));
    if (fd >= 0)
      unlinkat(root, SK_PUBDIR_TMP, 0);
    free(text);
    return -1;
  }
  free(text);
  close(d->journal);
  d->journal = -1;
  unlinkat(root, SK_PUBDIR_JOURNAL, 0);
  return 0;
}
