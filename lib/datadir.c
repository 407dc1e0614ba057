/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * datadir.c -- an installation's data found from the running program
 * (datadir.h).
 */
#include <config.h>

#include "datadir.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SK_DATADIR_PARTS 64

/* The components of the absolute PATH ("/a//b/" -> "a", "b"), each a
 * pointer and a length; -1 when PATH is not absolute or has too many. */
static int sk_datadir_split(const char *path, const char *part[],
                            size_t plen[])
{
  int n = 0;
  if (!path || path[0] != '/')
    return -1;
  while (*path) {
    size_t k;
    path += strspn(path, "/");
    k = strcspn(path, "/");
    if (k == 0)
      break;
    if (n == SK_DATADIR_PARTS)
      return -1;
    /* "." adds nothing; ".." cannot be undone without the file system */
    if (k == 2 && path[0] == '.' && path[1] == '.')
      return -1;
    if (!(k == 1 && path[0] == '.')) {
      part[n] = path;
      plen[n++] = k;
    }
    path += k;
  }
  return n;
}

char *sk_datadir_relative(const char *bindir, const char *target, char *out,
                          size_t len)
{
  const char *b[SK_DATADIR_PARTS], *t[SK_DATADIR_PARTS];
  size_t bl[SK_DATADIR_PARTS], tl[SK_DATADIR_PARTS], used = 0;
  int nb = sk_datadir_split(bindir, b, bl);
  int nt = sk_datadir_split(target, t, tl), c = 0, i;
  if (len)
    out[0] = '\0';
  if (nb < 0 || nt < 0 || len == 0)
    return out;
  while (c < nb && c < nt && bl[c] == tl[c] && memcmp(b[c], t[c], bl[c]) == 0)
    c++;
  for (i = c; i < nb; i++) {
    int k = snprintf(out + used, len - used, "%s..", used ? "/" : "");
    if (k < 0 || (size_t)k >= len - used)
      goto too_long;
    used += (size_t)k;
  }
  for (i = c; i < nt; i++) {
    int k = snprintf(out + used, len - used, "%s%.*s", used ? "/" : "",
                     (int)tl[i], t[i]);
    if (k < 0 || (size_t)k >= len - used)
      goto too_long;
    used += (size_t)k;
  }
  if (!used)
    snprintf(out, len, ".");
  return out;
too_long:
  out[0] = '\0';
  return out;
}

char *sk_datadir_exedir(char *out, size_t len)
{
  ssize_t n;
  char *slash;
  if (len == 0)
    return out;
  n = readlink("/proc/self/exe", out, len - 1);
  if (n <= 0) {
    out[0] = '\0';
    return out;
  }
  out[n] = '\0';
  slash = strrchr(out, '/');
  if (slash)
    *slash = '\0';
  return out;
}

char *sk_datadir_locate(const char *bindir, const char *target,
                        const char *probe, char *out, size_t len)
{
  char exe[4096], rel[4096], path[8320];
  struct stat sb;
  sk_datadir_exedir(exe, sizeof exe);
  sk_datadir_relative(bindir, target, rel, sizeof rel);
  if (exe[0] && rel[0]) {
    snprintf(path, sizeof path, "%s/%s/%s", exe, rel, probe);
    if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
      snprintf(out, len, "%s/%s", exe, rel);
      return out;
    }
  }
  snprintf(out, len, "%s", target);
  return out;
}
