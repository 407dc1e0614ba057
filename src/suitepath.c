/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * suitepath.c -- finding a shipped suite by name.
 *
 * The order: the directories of $SKAMPI_SUITE_PATH (a user's own suites
 * win), then, for a skampi that runs from its build tree, the source
 * tree's suites/ (so a fresh build finds the suites it ships without
 * make install), then the installation: the data directory at its
 * configured place relative to the program's bin/ (an installation that
 * was moved, or staged with DESTDIR), then the configured $(pkgdatadir)
 * (lib/skpaths.h, made again when configure runs again).
 */
#include <config.h>

#include "suitepath.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datadir.h"
#include "msg.h"
#include "skpaths.h"
#include "suggest.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* At most this many directories are searched (SKAMPI_SUITE_PATH is cut). */
#define SK_SUITEPATH_MAX 16

typedef struct sk_suitepath_list {
  char *dir[SK_SUITEPATH_MAX];
  int n;
} sk_suitepath_list_t;

static void sk_suitepath_add(sk_suitepath_list_t *l, const char *dir,
                             size_t len)
{
  char *d;
  int i;
  if (len == 0 || l->n == SK_SUITEPATH_MAX)
    return;
  for (i = 0; i < l->n; i++)   /* an installation found twice */
    if (strlen(l->dir[i]) == len && memcmp(l->dir[i], dir, len) == 0)
      return;
  d = malloc(len + 1);
  if (d == NULL)
    return;
  memcpy(d, dir, len);
  d[len] = '\0';
  l->dir[l->n++] = d;
}

static void sk_suitepath_clear(sk_suitepath_list_t *l)
{
  int i;
  for (i = 0; i < l->n; i++)
    free(l->dir[i]);
  l->n = 0;
}

/* The directory of the running program, resolved ("" when unknown:
 * /proc/self/exe is Linux's). */
static void sk_suitepath_exedir(char *buf, size_t size)
{
  ssize_t n = readlink("/proc/self/exe", buf, size - 1);
  char *slash;
  if (n <= 0) {
    buf[0] = '\0';
    return;
  }
  buf[n] = '\0';
  slash = strrchr(buf, '/');
  if (slash != NULL)
    *slash = '\0';
}

/* Whether the resolved directories a and b are the same. */
static int sk_suitepath_same_dir(const char *a, const char *b)
{
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
         sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static void sk_suitepath_collect(sk_suitepath_list_t *l)
{
  const char *env = getenv("SKAMPI_SUITE_PATH");
  char exedir[PATH_MAX], rel[2 * PATH_MAX + 2];
  l->n = 0;
  while (env != NULL && *env != '\0') {
    size_t len = strcspn(env, ":");
    sk_suitepath_add(l, env, len);
    env += len + (env[len] == ':');
  }
  sk_suitepath_exedir(exedir, sizeof exedir);
  if (exedir[0] != '\0' && sk_suitepath_same_dir(exedir, SK_BUILD_BINDIR) &&
      realpath(SK_SOURCE_SUITEDIR, rel) != NULL)
    sk_suitepath_add(l, rel, strlen(rel));
  if (exedir[0] != '\0') {
    char up[PATH_MAX];
    /* the configured place relative to bin/: ../share/skampi */
    sk_datadir_relative(SK_BINDIR, SK_PKGDATADIR, up, sizeof up);
    snprintf(rel, sizeof rel, "%s/%s", exedir,
             up[0] ? up : "../share/skampi");
    if (realpath(rel, exedir) != NULL)
      sk_suitepath_add(l, exedir, strlen(exedir));
  }
  sk_suitepath_add(l, SK_PKGDATADIR, strlen(SK_PKGDATADIR));
}

static int sk_suitepath_is_file(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A name: no '/', no ".skampi" ending (that is a file name), and
 * nothing of that name here (a FIFO or a directory here is meant, and
 * refused as no suite file by the reader). */
int sk_suitepath_is_name(const char *arg)
{
  size_t len = strlen(arg);
  struct stat st;
  return len > 0 && strchr(arg, '/') == NULL &&
         (len < 7 || strcmp(arg + len - 7, ".skampi") != 0) &&
         stat(arg, &st) != 0;
}

/* DIR/NAME.skampi when it is a file, else NULL. */
static char *sk_suitepath_in(const char *dir, const char *name)
{
  size_t size = strlen(dir) + strlen(name) + 9;
  char *p = malloc(size);
  if (p == NULL)
    return NULL;
  snprintf(p, size, "%s/%s.skampi", dir, name);
  if (sk_suitepath_is_file(p))
    return p;
  free(p);
  return NULL;
}

char *sk_suitepath_find(const char *arg)
{
  sk_suitepath_list_t l;
  char *found = NULL;
  int i;
  if (!sk_suitepath_is_name(arg))
    return strdup(arg);
  sk_suitepath_collect(&l);
  for (i = 0; i < l.n && found == NULL; i++)
    found = sk_suitepath_in(l.dir[i], arg);
  sk_suitepath_clear(&l);
  return found != NULL ? found : strdup(arg);
}

/* The shipped suite in dir whose name is closest to name, kept in best
 * (size SK_SUITEPATH_NAME) when it beats *best_d. */
#define SK_SUITEPATH_NAME 64
static void sk_suitepath_closest(const char *dir, const char *name,
                                 char *best, int *best_d)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  char cand[SK_SUITEPATH_NAME];
  size_t len;
  int dist;
  while (d != NULL && (e = readdir(d)) != NULL) {
    len = strlen(e->d_name);
    if (len <= 7 || len - 7 >= sizeof cand ||
        strcmp(e->d_name + len - 7, ".skampi") != 0)
      continue;
    snprintf(cand, sizeof cand, "%.*s", (int)(len - 7), e->d_name);
    dist = sk_suggest_distance(name, cand);
    if (dist >= 0 && dist < *best_d) {
      *best_d = dist;
      memcpy(best, cand, sizeof cand);
    }
  }
  if (d != NULL)
    closedir(d);
}

void sk_suitepath_note(const char *name, FILE *fp)
{
  sk_suitepath_list_t l;
  char best[SK_SUITEPATH_NAME];
  int i, best_d = INT_MAX, limit = (int)strlen(name) / 3;
  limit = limit < 1 ? 1 : limit > 4 ? 4 : limit;
  sk_suitepath_collect(&l);
  sk_msg_head(fp, NULL, 0, 0, "note");
  fprintf(fp, "'%s' is no file here, nor a suite in:\n", name);
  for (i = 0; i < l.n; i++) {
    fprintf(fp, "  %s\n", l.dir[i]);
    sk_suitepath_closest(l.dir[i], name, best, &best_d);
  }
  if (best_d <= limit) {
    sk_msg_head(fp, NULL, 0, 0, "note");
    fprintf(fp, "did you mean '%s'?\n", best);
  }
  sk_suitepath_clear(&l);
}
