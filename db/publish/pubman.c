/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pubman.c -- the manifest of a published directory, and what of the
 * directory it accounts for (pubman.h).
 */
#include <config.h>

#include "pubman.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "grow.h"
#include "msg.h"
#include "sha256.h"

#define SK_PUBMAN_LIST_MAX ((long)64 << 20)  /* a manifest or journal */
#define SK_PUBMAN_DEPTH 4                    /* components of a REL */
#define SK_PUBMAN_LEGACY "skampi-db publish: a static site; publish " \
  "writes here again\n"

void sk_pubman_error(const char *path, const char *name,
                            const char *what)
{
  char *p = sk_escape_text(path), *n = sk_escape_text(name);
  sk_msg_error("%s%s%s: %s", p ? p : "?", name ? "/" : "",
               name ? (n ? n : "?") : "", what);
  free(p);
  free(n);
}

void sk_pubman_oom(void)
{
  sk_msg_error("out of memory");
}

/* ---- sets of entries ------------------------------------------------ */

int sk_pubman_add(sk_pubman_set_t *s, char kind, const char *sha,
                         const char *rel)
{
  sk_pubman_ent_t *e;
  if (SK_GROW(s->v, s->cap, s->n + 1, 64) != 0)
    return -1;
  e = &s->v[s->n];
  if (!(e->rel = strdup(rel)))
    return -1;
  e->kind = kind;
  snprintf(e->sha, sizeof e->sha, "%s", sha ? sha : "");
  s->n++;
  return 0;
}

void sk_pubman_set_free(sk_pubman_set_t *s)
{
  size_t i;
  for (i = 0; i < s->n; i++)
    free(s->v[i].rel);
  free(s->v);
  memset(s, 0, sizeof *s);
}

static int sk_pubman_ent_cmp(const void *a, const void *b)
{
  return strcmp(((const sk_pubman_ent_t *)a)->rel,
                ((const sk_pubman_ent_t *)b)->rel);
}

void sk_pubman_sort(sk_pubman_set_t *s)
{
  if (s->n)
    qsort(s->v, s->n, sizeof *s->v, sk_pubman_ent_cmp);
}

/* The first entry of the sorted S whose REL is not below rel (lower
 * bound). */
static size_t sk_pubman_lower(const sk_pubman_set_t *s, const char *rel)
{
  size_t lo = 0, hi = s->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strcmp(s->v[mid].rel, rel) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The entry of kind KIND for rel in the sorted S (any kind: 0), or NULL. */
const sk_pubman_ent_t *sk_pubman_find(const sk_pubman_set_t *s,
                                             const char *rel, char kind)
{
  size_t i;
  for (i = sk_pubman_lower(s, rel); i < s->n &&
       strcmp(s->v[i].rel, rel) == 0; i++)
    if (!kind || s->v[i].kind == kind)
      return &s->v[i];
  return NULL;
}

/* Whether the sorted S lists an entry below the directory REL. */
static int sk_pubman_below(const sk_pubman_set_t *s, const char *rel)
{
  char pre[SK_PUBMAN_REL_MAX + 2];
  size_t i, n = (size_t)snprintf(pre, sizeof pre, "%s/", rel);
  i = sk_pubman_lower(s, pre);
  return i < s->n && strncmp(s->v[i].rel, pre, n) == 0;
}

/* ---- names ---------------------------------------------------------- */

/* Whether REL is a name publish makes: components of letters, digits,
 * '.', '_' and '-', none "." or "..", at most SK_PUBMAN_DEPTH. */
int sk_pubman_rel_ok(const char *rel)
{
  const char *c = rel;
  int depth = 1;
  size_t len = strlen(rel);
  if (len == 0 || len >= SK_PUBMAN_REL_MAX)
    return 0;
  for (; *c; c++)
    if (*c == '/')
      depth++;
    else if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
               (*c >= '0' && *c <= '9') || *c == '.' || *c == '_' ||
               *c == '-'))
      return 0;
  if (depth > SK_PUBMAN_DEPTH || rel[0] == '/' || rel[len - 1] == '/' ||
      strstr(rel, "//"))
    return 0;
  for (c = rel; c; c = strchr(c, '/') ? strchr(c, '/') + 1 : NULL)
    if ((c[0] == '.' && (c[1] == '/' || !c[1])) ||
        (c[0] == '.' && c[1] == '.' && (c[2] == '/' || !c[2])))
      return 0;
  return 1;
}

/* DIR/NAME into out[0..n); "" when it does not fit (no name of
 * publish's then). */
void sk_pubman_join(char *out, size_t n, const char *dir,
                           const char *name)
{
  int k = snprintf(out, n, "%s%s%s", dir, *dir ? "/" : "", name);
  if (k < 0 || (size_t)k >= n)
    out[0] = '\0';
}

/* The directory holding REL, opened from ROOT without following a link
 * (the caller closes it); *name: REL's last component.  -1 if absent. */
int sk_pubman_parent(int root, const char *rel, const char **name)
{
  char part[SK_PUBMAN_REL_MAX];
  const char *c = rel, *slash;
  int fd = dup(root);
  while (fd >= 0 && (slash = strchr(c, '/'))) {
    int next;
    snprintf(part, sizeof part, "%.*s", (int)(slash - c), c);
    next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
                  O_CLOEXEC);
    close(fd);
    fd = next;
    c = slash + 1;
  }
  *name = c;
  return fd;
}

/* ---- the manifest and the journal ---------------------------------- */

/* The whole of the regular file NAME of DIR (at most
 * SK_PUBMAN_LIST_MAX), malloc'ed and NUL-terminated; NULL with errno
 * (ENOENT: none). */
static char *sk_pubman_slurp(int dir, const char *name, size_t *len)
{
  struct stat s;
  char *buf = NULL;
  size_t got = 0;
  int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return NULL;
  if (fstat(fd, &s) < 0 || !S_ISREG(s.st_mode) ||
      s.st_size > SK_PUBMAN_LIST_MAX) {
    close(fd);
    errno = EINVAL;
    return NULL;
  }
  if ((buf = malloc((size_t)s.st_size + 1))) {
    ssize_t n;
    while (got < (size_t)s.st_size &&
           (n = read(fd, buf + got, (size_t)s.st_size - got)) > 0)
      got += (size_t)n;
    buf[got] = '\0';
  }
  close(fd);
  *len = got;
  return buf;
}

/* One line of a manifest (JOURNAL: of the journal) into KNOWN. */
static int sk_pubman_line(sk_pubman_set_t *known, char *line, int journal)
{
  char *sha = NULL, *rel;
  size_t i;
  if ((line[0] != 'd' && line[0] != 'f' && !(journal && line[0] == 't')) ||
      line[1] != ' ')
    return -1;
  rel = line + 2;
  if (line[0] == 'f') {
    sha = rel;
    for (i = 0; i < 64; i++)
      if (!((sha[i] >= '0' && sha[i] <= '9') ||
            (sha[i] >= 'a' && sha[i] <= 'f')))
        return -1;
    if (sha[64] != ' ')
      return -1;
    sha[64] = '\0';
    rel = sha + 65;
  }
  if (!sk_pubman_rel_ok(rel))
    return -1;
  return sk_pubman_add(known, line[0], sha, rel) < 0 ? -2 : 0;
}

int sk_pubman_read(int root, const char *path, const char *name,
                   int journal, sk_pubman_set_t *known)
{
  size_t len = 0, n = 0, hl = strlen(SK_PUBMAN_HEADER);
  char *buf = sk_pubman_slurp(root, name, &len), *line, *save = NULL;
  char what[200];
  if (!buf && errno == ENOENT)
    return 1;
  if (!buf || strlen(buf) != len || len <= hl ||
      strncmp(buf, SK_PUBMAN_HEADER "\n", hl + 1) != 0) {
    if (!journal && buf && strcmp(buf, SK_PUBMAN_LEGACY) == 0)
      sk_pubman_error(path, NULL, "the site of an older skampi-db "
                      "publish, which kept no list of its files: remove "
                      "them and " SK_PUBMAN_MARKER ", or choose an empty or "
                      "new directory");
    else
      sk_pubman_error(path, name, errno == ENOMEM && !buf
                      ? "out of memory" : "not skampi-db publish's own "
                      "(never replaced): remove it, or choose another "
                      "directory");
    free(buf);
    return -1;
  }
  for (line = strtok_r(buf + hl + 1, "\n", &save); line;
       line = strtok_r(NULL, "\n", &save)) {
    int rc = sk_pubman_line(known, line, journal);
    n++;
    if (rc < 0) {
      snprintf(what, sizeof what, "line %zu is not an entry of a "
               "manifest (never replaced): remove it, or choose another "
               "directory", n + 1);
      if (rc == -2)
        sk_pubman_oom();
      else
        sk_pubman_error(path, name, what);
      free(buf);
      return -1;
    }
  }
  free(buf);
  return 0;
}

/* ---- the entries present -------------------------------------------- */

/* The SHA-256 of the regular file NAME of DIR; -1 when unreadable. */
static int sk_pubman_hash(int dir, const char *name, char hex[65])
{
  char buf[65536];
  sk_sha256_t h;
  ssize_t n;
  int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return -1;
  sk_sha256_init(&h);
  while ((n = read(fd, buf, sizeof buf)) > 0)
    sk_sha256_update(&h, buf, (size_t)n);
  close(fd);
  if (n < 0)
    return -1;
  sk_sha256_final(&h, hex);
  return 0;
}

/* Whether the entry REL (NAME of DIR, of type MODE) is publish's own. */
static int sk_pubman_own(const sk_pubman_set_t *k, int dir,
                         const char *name, const char *rel, mode_t mode)
{
  char hex[65];
  size_t i;
  if (S_ISDIR(mode))
    return sk_pubman_find(k, rel, 'd') != NULL;
  if (!S_ISREG(mode))
    return 0;
  if (sk_pubman_find(k, rel, 't'))
    return 1;
  if (!sk_pubman_find(k, rel, 'f') || sk_pubman_hash(dir, name, hex) < 0)
    return 0;
  for (i = sk_pubman_lower(k, rel); i < k->n && !strcmp(k->v[i].rel, rel);
       i++)
    if (k->v[i].kind == 'f' && strcmp(k->v[i].sha, hex) == 0)
      return 1;
  return 0;
}

/* A listing of the directory open as dir, on a descriptor of its own
 * (closedir() leaves dir open); NULL on failure. */
static DIR *sk_pubman_list(int dir)
{
  int fd = dup(dir);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d && fd >= 0)
    close(fd);
  return d;
}

static int sk_pubman_walk(sk_pubman_scan_t *d, int dir, const char *rel,
                          int depth);

/* One entry NAME of DIR (REL its path): publish's own or foreign; a
 * directory that holds entries of the site is looked into. */
static int sk_pubman_entry(sk_pubman_scan_t *d, int dir, const char *rel,
                           const char *name, int depth)
{
  char path[SK_PUBMAN_REL_MAX + 260];
  struct stat s;
  int rc = 0;
  sk_pubman_join(path, sizeof path, rel, name);
  if (!*rel && (!strcmp(name, SK_PUBMAN_MARKER) ||
                !strcmp(name, SK_PUBMAN_JOURNAL)))
    return 0;                 /* read already, or refused */
  if (fstatat(dir, name, &s, AT_SYMLINK_NOFOLLOW) < 0)
    return errno == ENOENT ? 0 : -1;
  if (sk_pubman_rel_ok(path) && sk_pubman_own(d->known, dir, name, path,
                                               s.st_mode)) {
    if (sk_pubman_add(&d->have, S_ISDIR(s.st_mode) ? 'd' : 'f', NULL,
                      path) < 0)
      return -2;
    return S_ISDIR(s.st_mode) ? sk_pubman_walk(d, dir, path, depth + 1) : 0;
  }
  d->foreign++;
  if (!d->first || strcmp(path, d->first) < 0) {
    free(d->first);
    if (!(d->first = strdup(path)))
      return -2;
  }
  /* a directory of another that the site uses (--force) */
  if (S_ISDIR(s.st_mode) && sk_pubman_rel_ok(path) &&
      sk_pubman_below(d->known, path))
    rc = sk_pubman_walk(d, dir, path, depth + 1);
  return rc;
}

/* The entries of the directory REL (NAME's last component, open below
 * PARENT); -1 unreadable, -2 out of memory. */
static int sk_pubman_walk(sk_pubman_scan_t *d, int parent, const char *rel,
                          int depth)
{
  const char *name = strrchr(rel, '/');
  struct dirent *e;
  DIR *l;
  int dir, rc = 0;
  if (depth >= SK_PUBMAN_DEPTH)
    return 0;
  dir = *rel ? openat(parent, name ? name + 1 : rel, O_RDONLY | O_DIRECTORY
                      | O_NOFOLLOW | O_CLOEXEC) : dup(parent);
  if (dir < 0 || !(l = sk_pubman_list(dir))) {
    if (dir >= 0)
      close(dir);
    return -1;
  }
  while (rc == 0 && (e = readdir(l)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      rc = sk_pubman_entry(d, dir, rel, e->d_name, depth);
  closedir(l);
  close(dir);
  return rc;
}


int sk_pubman_scan(int root, sk_pubman_scan_t *s)
{
  int rc = sk_pubman_walk(s, root, "", 0);
  if (rc == -2)
    errno = ENOMEM;
  if (rc == 0)
    sk_pubman_sort(&s->have);
  return rc < 0 ? -1 : 0;
}

void sk_pubman_scan_free(sk_pubman_scan_t *s)
{
  sk_pubman_set_free(&s->have);
  free(s->first);
  s->first = NULL;
}
