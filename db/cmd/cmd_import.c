/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_import.c -- skampi-db import FILE|DIR...: every file one transaction;
 * a bad file is reported and the others still go in.
 *
 * A directory is a skampi-run directory when it holds runs.txt or
 * merged.yaml: its runs (in the order of runs.txt, else run-*.yaml by
 * name), then merged.yaml, so the campaign finds its runs.  Any other
 * directory gives its *.yaml files by name (not its subdirectories).
 */
#include <config.h>

#include "dbcmd.h"

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
#include "ingest.h"
#include "msg.h"

/* The files to import; ofdir[i]: paths[i] is a file of a directory,
 * read without following a symbolic link (import DIR takes the
 * directory's own files), where a file named on the command line is the
 * user's to choose. */
typedef struct sk_import_list {
  char **paths;
  unsigned char *ofdir;
  size_t n, cap, capof;
} sk_import_list_t;

static int sk_import_push(sk_import_list_t *l, const char *dir,
                          const char *name)
{
  size_t len = (dir ? strlen(dir) + 1 : 0) + strlen(name) + 1;
  char *p = malloc(len);
  if (!p || SK_GROW(l->paths, l->cap, l->n + 1, 16) != 0 ||
      SK_GROW(l->ofdir, l->capof, l->n + 1, 16) != 0) {
    free(p);
    sk_msg_error("out of memory");
    return -1;
  }
  l->ofdir[l->n] = dir != NULL;
  if (dir)
    snprintf(p, len, "%s/%s", dir, name);
  else
    snprintf(p, len, "%s", name);
  l->paths[l->n++] = p;
  return 0;
}

/* Whether DIR has the file NAME; a symbolic link counts, so that reading
 * it refuses it with a message (sk_ingest_file, nofollow). */
static int sk_import_exists(const char *dir, const char *name)
{
  char p[4096];
  struct stat sb;
  snprintf(p, sizeof p, "%s/%s", dir, name);
  return lstat(p, &sb) == 0 && (S_ISREG(sb.st_mode) || S_ISLNK(sb.st_mode));
}

/* The regular file PATH, not through a symbolic link; NULL if not. */
static FILE *sk_import_open(const char *path)
{
  struct stat sb;
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  FILE *f;
  if (fd < 0)
    return NULL;
  if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || !(f = fdopen(fd, "r"))) {
    close(fd);
    return NULL;
  }
  return f;
}

/* The run files runs.txt names (its first word per line). */
static int sk_import_runs_txt(sk_import_list_t *l, const char *dir)
{
  char p[4096], line[1024];
  FILE *f;
  snprintf(p, sizeof p, "%s/runs.txt", dir);
  if (!(f = sk_import_open(p)))
    return 1;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, " \t\r\n")] = '\0';
    /* only plain names of this directory, never a path elsewhere */
    if (*line && !strchr(line, '/') && line[0] != '.' &&
        sk_import_push(l, dir, line) < 0) {
      fclose(f);
      return -1;
    }
  }
  fclose(f);
  return 0;
}

static int sk_import_namecmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names in DIR ending in SUFFIX (not hidden), sorted; those starting
 * with PREFIX when PREFIX is not NULL; merged.yaml left out when
 * SKIP_MERGED. */
static int sk_import_names(sk_import_list_t *l, const char *dir,
                           const char *suffix, const char *prefix,
                           int skip_merged)
{
  size_t sl = strlen(suffix);
  sk_import_list_t names = {NULL, NULL, 0, 0, 0};
  DIR *d = opendir(dir);
  struct dirent *e;
  size_t i, n;
  int rc = 0;
  if (!d) {
    char *p = sk_escape_text(dir);
    sk_msg_error("cannot read directory '%s'", p ? p : "?");
    free(p);
    return -1;
  }
  while (rc == 0 && (e = readdir(d)) != NULL) {
    n = strlen(e->d_name);
    if (n > sl && strcmp(e->d_name + n - sl, suffix) == 0 &&
        e->d_name[0] != '.' &&
        (!prefix || strncmp(e->d_name, prefix, strlen(prefix)) == 0) &&
        !(skip_merged && strcmp(e->d_name, "merged.yaml") == 0) &&
        sk_import_exists(dir, e->d_name))
      rc = sk_import_push(&names, NULL, e->d_name);
  }
  closedir(d);
  if (names.n > 0)   /* an empty directory: paths may be NULL */
    qsort(names.paths, names.n, sizeof *names.paths, sk_import_namecmp);
  for (i = 0; i < names.n; i++) {
    if (rc == 0)
      rc = sk_import_push(l, dir, names.paths[i]);
    free(names.paths[i]);
  }
  free(names.paths);
  free(names.ofdir);
  return rc;
}

static int sk_import_dir(sk_import_list_t *l, const char *dir)
{
  int has_merged = sk_import_exists(dir, "merged.yaml"), rc;
  if (!has_merged && !sk_import_exists(dir, "runs.txt"))
    return sk_import_names(l, dir, ".yaml", NULL, 0);
  rc = sk_import_runs_txt(l, dir);
  if (rc > 0)
    rc = sk_import_names(l, dir, ".yaml", "run-", 1);
  if (rc == 0 && has_merged)
    rc = sk_import_push(l, dir, "merged.yaml");
  return rc;
}

/* Names in DIR ending in .txt, sorted (a directory of peer outputs). */
static int sk_import_txt(sk_import_list_t *l, const char *dir)
{
  return sk_import_names(l, dir, ".txt", NULL, 0);
}

/* The files named on the command line, a directory by what `dir` finds
 * in it (a campaign's or skampi's files, or a directory of peer
 * outputs). */
static int sk_import_expand(sk_import_list_t *l, char **args, size_t n,
                            int (*dir)(sk_import_list_t *, const char *))
{
  struct stat sb;
  size_t i;
  for (i = 0; i < n; i++) {
    if (stat(args[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
      if (dir(l, args[i]) < 0)
        return -1;
    } else if (sk_import_push(l, NULL, args[i]) < 0)
      return -1;
  }
  return 0;
}

static void sk_import_say(const char *path, const sk_ingest_result_t *r)
{
  char *p = sk_escape_text(path);
  if (!r->added)
    printf("%s: already in the database as run %lld (same content), "
           "nothing imported\n", p ? p : "?", (long long)r->run);
  else
    printf("%s: run %lld%s, %ld suites, %ld points\n", p ? p : "?",
           (long long)r->run, r->merged ? " (merged, with its campaign)" : "",
           r->nsuites, r->npoints);
  fflush(stdout);   /* in order with the messages on stderr */
  free(p);
}

/* A file the result reader refused that begins like another
 * benchmark's output: which one ("osu", "imb"), NULL for none. */
static const char *sk_import_looks_like(const char *path)
{
  char head[4097];
  struct stat sb;
  ssize_t n;
  /* never blocks on a FIFO or a device: a regular file only */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return NULL;
  if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
    close(fd);
    return NULL;
  }
  n = read(fd, head, sizeof head - 1);
  close(fd);
  head[n > 0 ? n : 0] = '\0';
  if (strstr(head, "# OSU MPI"))
    return "osu";
  if (strstr(head, "Intel(R) MPI Benchmarks"))
    return "imb";
  return NULL;
}

/* Progress on stderr when there are many files: every 5%. */
static void sk_import_progress(size_t done, size_t n)
{
  if (n >= 20 && (done * 20 / n != (done - 1) * 20 / n || done == n))
    fprintf(stderr, "%s: import: %zu of %zu files\n", sk_msg_program(),
            done, n);
}

/* import --from osu|imb: the factors the outputs lack, from the command
 * line (the machine and library always, the processes where the output
 * cannot say). */
int sk_dbcmd_import_args(const sk_dbcmd_t *c)
{
  sk_peer_kind_t k;
  char *end;
  long np;
  if (!c->peer) {
    if (c->library || c->np) {
      sk_msg_error("import takes --library and --np with --from osu|imb "
                   "only (a skampi result file records them)");
      return -1;
    }
    return 0;
  }
  if (sk_peer_kind(c->peer, &k) < 0)
    return -1;
  if (!c->machine || !*c->machine || !c->library || !*c->library) {
    sk_msg_error("import --from %s needs --machine NAME and --library NAME "
                 "(an %s output records neither)", c->peer,
                 k == SK_PEER_OSU ? "OSU" : "IMB");
    return -1;
  }
  if (c->np) {
    errno = 0;
    np = strtol(c->np, &end, 10);
    if (errno || end == c->np || *end || np < 1 || np > 100000000) {
      char *e = sk_escape_text(c->np);
      sk_msg_error("--np takes a process count from 1 to 100000000, not "
                   "'%s'", e ? e : "?");
      free(e);
      return -1;
    }
  }
  return 0;
}

int sk_dbcmd_import(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_import_list_t l = {NULL, NULL, 0, 0, 0};
  sk_ingest_opts_t o;
  sk_ingest_result_t r;
  char now[32];
  size_t i, failed = 0;
  if (sk_dbcmd_import_args(c) < 0)
    return SK_DB_USAGE;
  sk_ingest_now(now);
  memset(&o, 0, sizeof o);
  o.machine = c->machine;
  o.peer = c->peer != NULL;
  if (c->peer)
    sk_peer_kind(c->peer, &o.peer_kind);
  o.library = c->library;
  o.np = c->np ? strtol(c->np, NULL, 10) : -1;
  o.tags = c->tags;
  o.ntags = c->ntags;
  o.now = now;
  /* a peer's outputs are files; a directory gives its *.txt, sorted */
  if (sk_import_expand(&l, c->args, c->nargs,
                       c->peer ? sk_import_txt : sk_import_dir) < 0)
    failed++;
  if (l.n > 1)
    sk_store_bulk(st);     /* fewer checkpoints and fsyncs */
  for (i = 0; i < l.n; i++) {
    o.nofollow = l.ofdir[i];
    if (sk_ingest_file(st, l.paths[i], &o, &r) < 0) {
      char *p = sk_escape_text(l.paths[i]);
      const char *like = c->peer ? NULL : sk_import_looks_like(l.paths[i]);
      if (like)
        fprintf(stderr, "%s: %s: this looks like an %s output: import it "
                "with --from %s --machine NAME --library NAME\n",
                sk_msg_program(), p ? p : "?", strcmp(like, "osu") == 0
                ? "OSU" : "IMB", like);
      fprintf(stderr, "%s: %s: not imported\n", sk_msg_program(),
              p ? p : "?");
      free(p);
      failed++;
    } else if (!c->quiet)
      sk_import_say(l.paths[i], &r);
    if (!c->quiet)
      sk_import_progress(i + 1, l.n);
  }
  for (i = 0; i < l.n; i++)
    free(l.paths[i]);
  free(l.paths);
  free(l.ofdir);
  if (failed)
    fprintf(stderr, "%s: %zu of %zu files not imported\n", sk_msg_program(),
            failed, l.n > failed ? l.n : failed);
  return failed ? SK_DB_FAILED : SK_DB_OK;
}
