/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tar.c -- campaign archives read and written in memory (tar.h).
 *
 * The header (POSIX ustar; GNU tar writes the same fields with the magic
 * "ustar  "): name 0..100, mode 100, uid 108, gid 116, size 124..136,
 * mtime 136, checksum 148..156 (the sum of the header's bytes with the
 * checksum field taken as blanks), typeflag 156, magic 257, version 263,
 * prefix 345..500 (ustar: the name is PREFIX/NAME).  Data follows in
 * 512-byte blocks; two blocks of zeros end the archive.
 */
#include <config.h>

#include "tar.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "grow.h"

/* A pax header's size we skip at most. */
#define SK_TAR_PAX_MAX ((size_t)1 << 20)

typedef struct sk_tar_rd {
  const unsigned char *b;
  size_t len, off, entry;
  char name[256];           /* the current entry's name, as sent */
  sk_tar_file_t *v;
  size_t n, cap;
  char dir[256];            /* the directory of the files ("": none) */
  int have_dir;
  char *err;
  size_t errlen;
} sk_tar_rd_t;

static int sk_tar_fail(sk_tar_rd_t *r, const char *what)
{
  char e[300];
  sk_escape_buf(r->name, e, sizeof e);
  if (r->entry)
    snprintf(r->err, r->errlen, "byte %zu, entry %zu '%s': %s", r->off,
             r->entry, e, what);
  else
    snprintf(r->err, r->errlen, "byte %zu: %s", r->off, what);
  return -1;
}

int sk_tar_is(const void *bytes, size_t len)
{
  return len >= SK_TAR_BLOCK &&
         memcmp((const char *)bytes + 257, "ustar", 5) == 0;
}

/* An octal field (digits, then NUL or blanks); -1 when it is not one,
 * or base-256 (GNU's form for sizes of 8 GiB and more). */
static int sk_tar_octal(const unsigned char *f, size_t n, uint64_t *out)
{
  size_t i = 0;
  uint64_t v = 0;
  while (i < n && f[i] == ' ')
    i++;
  if (i == n || f[i] < '0' || f[i] > '7')
    return -1;
  for (; i < n && f[i] >= '0' && f[i] <= '7'; i++) {
    if (v >> 60)
      return -1;
    v = v * 8 + (uint64_t)(f[i] - '0');
  }
  for (; i < n; i++)
    if (f[i] != ' ' && f[i] != '\0')
      return -1;
  *out = v;
  return 0;
}

static int sk_tar_zero(const unsigned char *h)
{
  size_t i;
  for (i = 0; i < SK_TAR_BLOCK; i++)
    if (h[i])
      return 0;
  return 1;
}

static int sk_tar_sum_ok(const unsigned char *h)
{
  uint64_t want, sum = 0;
  size_t i;
  if (sk_tar_octal(h + 148, 8, &want) < 0)
    return 0;
  for (i = 0; i < SK_TAR_BLOCK; i++)
    sum += i >= 148 && i < 156 ? ' ' : h[i];
  return sum == want;
}

/* The entry's name: PREFIX/NAME for ustar, fields not NUL-terminated
 * when full.  -1 when the two make more than 255 bytes (a full prefix,
 * its '/' and a full name): OUT holds the first 255, for the message. */
static int sk_tar_name(const unsigned char *h, char out[256])
{
  size_t np = strnlen((const char *)h + 345, 155);
  size_t nn = strnlen((const char *)h, 100);
  size_t k = 0;
  int rc = 0;
  if (memcmp(h + 257, "ustar\0", 6) == 0 && np) {
    memcpy(out, h + 345, np);
    out[np] = '/';
    k = np + 1;
  }
  if (k + nn > 255) {
    nn = 255 - k;
    rc = -1;
  }
  memcpy(out + k, h, nn);
  out[k + nn] = '\0';
  return rc;
}

/* Checks NAME and splits it: leading "./" dropped; *dir its directory
 * part ("" for none), *base its last part; depth 0 (top), 1, or 2 (a
 * file deeper, left out).  NULL when the name is refused. */
static const char *sk_tar_check_name(char *name, int *depth, char **dir,
                                     char **base)
{
  char *p = name, *slash;
  size_t i;
  for (i = 0; name[i]; i++)
    if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
      return "a name with a control character";
  if (name[0] == '/')
    return "an absolute name (a leading '/')";
  while (p[0] == '.' && p[1] == '/')
    p += 2;
  for (i = 0; p[i]; i++)
    if ((i == 0 || p[i - 1] == '/') && p[i] == '.' && p[i + 1] == '.' &&
        (p[i + 2] == '/' || p[i + 2] == '\0'))
      return "a name with '..'";
  if (strstr(p, "//"))
    return "a name with an empty part";
  i = strlen(p);
  if (i && p[i - 1] == '/')
    p[--i] = '\0';
  slash = strchr(p, '/');
  *depth = !slash ? 0 : strchr(slash + 1, '/') ? 2 : 1;
  *dir = p;
  *base = slash ? strrchr(p, '/') + 1 : p;
  if (slash && *depth == 1)
    *slash = '\0';
  else if (!slash)
    *dir = name + strlen(name);     /* "" */
  return NULL;
}

/* A regular file: kept when it is in the archive's one directory. */
static int sk_tar_file(sk_tar_rd_t *r, const unsigned char *data,
                       size_t size)
{
  char name[256];
  char *dir, *base;
  const char *bad;
  int depth;
  snprintf(name, sizeof name, "%s", r->name);
  if ((bad = sk_tar_check_name(name, &depth, &dir, &base)))
    return sk_tar_fail(r, bad);
  if (depth == 2 || !*base)
    return 0;                       /* as import DIR: not subdirectories */
  if (r->have_dir && strcmp(r->dir, dir) != 0)
    return sk_tar_fail(r, "files of more than one directory (an archive "
                       "holds one skampi-run directory)");
  snprintf(r->dir, sizeof r->dir, "%s", dir);
  r->have_dir = 1;
  if (SK_GROW(r->v, r->cap, r->n + 1, 64) != 0)
    return sk_tar_fail(r, "out of memory");
  snprintf(r->v[r->n].name, sizeof r->v[r->n].name, "%s", base);
  r->v[r->n].data = (const char *)data;
  r->v[r->n].len = size;
  r->n++;
  return 0;
}

/* One header at r->off and its data; 1 at the end of the archive. */
static int sk_tar_entry(sk_tar_rd_t *r)
{
  const unsigned char *h = r->b + r->off;
  char *dir, *base, name[256];
  uint64_t size;
  size_t room;
  int depth, type, long_name;
  const char *bad;
  r->name[0] = '\0';
  if (r->len - r->off < SK_TAR_BLOCK) {
    r->entry = 0;
    return sk_tar_fail(r, "the archive is truncated (it ends without its "
                       "end-of-archive blocks)");
  }
  if (sk_tar_zero(h))
    return 1;
  long_name = sk_tar_name(h, r->name) < 0;
  if (++r->entry > SK_TAR_MAX_ENTRIES)
    return sk_tar_fail(r, "more than 4096 entries");
  if (memcmp(h + 257, "ustar", 5) != 0)
    return sk_tar_fail(r, "not a tar header (no ustar magic)");
  if (long_name)
    return sk_tar_fail(r, "a name longer than 255 bytes");
  if (!sk_tar_sum_ok(h))
    return sk_tar_fail(r, "the header's checksum does not match");
  if (sk_tar_octal(h + 124, 12, &size) < 0)
    return sk_tar_fail(r, "the size is not an octal number");
  room = r->len - r->off - SK_TAR_BLOCK;
  if (size > room) {
    char what[160];
    snprintf(what, sizeof what, "declares %llu bytes, but only %zu follow "
             "(truncated, or a false size)", (unsigned long long)size, room);
    return sk_tar_fail(r, what);
  }
  snprintf(name, sizeof name, "%s", r->name);
  if ((bad = sk_tar_check_name(name, &depth, &dir, &base)))
    return sk_tar_fail(r, bad);
  type = h[156];
  if (type == '0' || type == '\0') {
    if (sk_tar_file(r, h + SK_TAR_BLOCK, (size_t)size) < 0)
      return -1;
  } else if (type == 'x' || type == 'g') {
    if (size > SK_TAR_PAX_MAX)
      return sk_tar_fail(r, "a pax header larger than 1 MiB");
  } else if (type != '5') {
    char what[160];
    snprintf(what, sizeof what, "an entry of type '%c' (%s); only regular "
             "files and directories are taken", type >= 0x20 && type < 0x7f
             ? type : '?', type == '1' ? "a hard link" : type == '2'
             ? "a symbolic link" : type == 'L' || type == 'K'
             ? "a GNU long name" : "not a regular file");
    return sk_tar_fail(r, what);
  }
  r->off += SK_TAR_BLOCK + ((size_t)size + SK_TAR_BLOCK - 1) /
            SK_TAR_BLOCK * SK_TAR_BLOCK;
  if (r->off > r->len)
    r->off = r->len;
  return 0;
}

static int sk_tar_by_name(const void *a, const void *b)
{
  return strcmp(((const sk_tar_file_t *)a)->name,
                ((const sk_tar_file_t *)b)->name);
}

/* NAME among the files, sorted by sk_tar_by_name (a runs.txt of
 * millions of lines costs a logarithm each). */
static const sk_tar_file_t *sk_tar_find(const sk_tar_rd_t *r,
                                        const char *name)
{
  sk_tar_file_t key;
  if (r->n == 0)
    return NULL;
  snprintf(key.name, sizeof key.name, "%s", name);
  return bsearch(&key, r->v, r->n, sizeof *r->v, sk_tar_by_name);
}

static int sk_tar_yaml(const char *name, const char *prefix)
{
  size_t n = strlen(name);
  return n > 5 && strcmp(name + n - 5, ".yaml") == 0 && name[0] != '.' &&
         strncmp(name, prefix, strlen(prefix)) == 0;
}

/* The runs runs.txt names, in its order (first word of each line). */
static int sk_tar_runs_txt(sk_tar_rd_t *r, const sk_tar_file_t *t,
                           sk_tar_file_t *out, size_t *n)
{
  size_t i = 0, k;
  while (i < t->len) {
    char word[256];
    const sk_tar_file_t *f;
    size_t e = i;
    while (e < t->len && t->data[e] != '\n')
      e++;
    for (k = 0; i + k < e && !strchr(" \t\r", t->data[i + k]) &&
                t->data[i + k] != '\0'; k++)
      ;
    if (k > 0 && k < sizeof word) {
      memcpy(word, t->data + i, k);
      word[k] = '\0';
      if (!strchr(word, '/') && word[0] != '.') {
        if (!(f = sk_tar_find(r, word))) {
          char what[400], e[300];
          sk_escape_buf(word, e, sizeof e);
          snprintf(what, sizeof what, "runs.txt names '%s', which the "
                   "archive does not hold", e);
          r->entry = 0;
          r->off = r->len;
          return sk_tar_fail(r, what);
        }
        if (*n < r->n)
          out[(*n)++] = *f;
      }
    }
    i = e + 1;
  }
  return 0;
}

/* The files import DIR would take, in its order, into *files. */
static int sk_tar_choose(sk_tar_rd_t *r, sk_tar_file_t **files, size_t *n)
{
  const sk_tar_file_t *runs, *merged;
  sk_tar_file_t *out = malloc((r->n + 1) * sizeof *out);
  size_t i, k = 0;
  if (!out)
    return sk_tar_fail(r, "out of memory");
  if (r->n)
    qsort(r->v, r->n, sizeof *r->v, sk_tar_by_name);
  for (i = 1; i < r->n; i++)
    if (strcmp(r->v[i - 1].name, r->v[i].name) == 0) {
      char what[400], e[300];
      sk_escape_buf(r->v[i].name, e, sizeof e);
      snprintf(what, sizeof what, "two entries named '%s'", e);
      free(out);
      r->entry = 0;
      r->off = r->len;
      return sk_tar_fail(r, what);
    }
  merged = sk_tar_find(r, "merged.yaml");
  runs = sk_tar_find(r, "runs.txt");
  if (runs) {
    if (sk_tar_runs_txt(r, runs, out, &k) < 0) {
      free(out);
      return -1;
    }
  } else
    for (i = 0; i < r->n; i++)
      if (sk_tar_yaml(r->v[i].name, merged ? "run-" : "") &&
          strcmp(r->v[i].name, "merged.yaml") != 0)
        out[k++] = r->v[i];
  if (merged && k < r->n + 1)
    out[k++] = *merged;
  if (k == 0) {
    free(out);
    r->entry = 0;
    r->off = r->len;
    return sk_tar_fail(r, "the archive holds no result file (*.yaml)");
  }
  *files = out;
  *n = k;
  return 0;
}

int sk_tar_campaign(const void *bytes, size_t len, sk_tar_file_t **files,
                    size_t *n, char *err, size_t errlen)
{
  sk_tar_rd_t r;
  int rc;
  memset(&r, 0, sizeof r);
  r.b = bytes;
  r.len = len;
  r.err = err;
  r.errlen = errlen;
  *files = NULL;
  *n = 0;
  while ((rc = sk_tar_entry(&r)) == 0)
    ;
  if (rc == 1)
    rc = sk_tar_choose(&r, files, n);
  free(r.v);
  return rc < 0 ? -1 : 0;
}

/* ---- writing ----------------------------------------------------------- */

static int sk_tar_grow(char **buf, size_t *len, size_t more)
{
  char *g = realloc(*buf, *len + more);
  if (!g)
    return -1;
  memset(g + *len, 0, more);
  *buf = g;
  *len += more;
  return 0;
}

int sk_tar_add(char **buf, size_t *len, const char *name, const void *data,
               size_t dlen)
{
  size_t at = *len, i, pad = (dlen + SK_TAR_BLOCK - 1) / SK_TAR_BLOCK *
              SK_TAR_BLOCK;
  unsigned char *h;
  unsigned long sum = 0;
  if (strlen(name) > 99 || sk_tar_grow(buf, len, SK_TAR_BLOCK + pad) < 0)
    return -1;
  h = (unsigned char *)*buf + at;
  memcpy(h, name, strlen(name));
  memcpy(h + 100, "0000644", 7);
  memcpy(h + 108, "0000000", 7);
  memcpy(h + 116, "0000000", 7);
  snprintf((char *)h + 124, 12, "%011llo", (unsigned long long)dlen);
  memcpy(h + 136, "00000000000", 11);
  h[156] = '0';
  memcpy(h + 257, "ustar\0" "00", 8);
  memset(h + 148, ' ', 8);
  for (i = 0; i < SK_TAR_BLOCK; i++)
    sum += h[i];
  snprintf((char *)h + 148, 8, "%06lo", sum);
  h[155] = ' ';
  if (dlen)
    memcpy(h + SK_TAR_BLOCK, data, dlen);
  return 0;
}

int sk_tar_end(char **buf, size_t *len)
{
  return sk_tar_grow(buf, len, 2 * SK_TAR_BLOCK);
}
