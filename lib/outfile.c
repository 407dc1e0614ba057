/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outfile.c -- the rule for output paths: signatures, inputs, --fresh,
 * paths named by a suite file.  Writing them: outfile_write.c.
 */
#include <config.h>

#include "outfile.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "msg.h"
#include "outfile_int.h"

/* ---- messages ---------------------------------------------------------- */

const char *sk_outfile_q(sk_outfile_q_t *q, const char *path)
{
  sk_escape_buf(path, q->s, sizeof q->s);
  return q->s;
}

/* "cannot VERB 'PATH': strerror(errno)". */
int sk_outfile_fail(char *why, size_t whylen, const char *verb,
                           const char *path)
{
  sk_outfile_q_t q;
  const char *msg = strerror(errno);
  return sk_msg_why(why, whylen, "cannot %s '%s': %s", verb,
                        sk_outfile_q(&q, path), msg);
}

const char *sk_outfile_kind_name(sk_outfile_kind_t kind)
{
  switch (kind) {
  case SK_OUTFILE_RESULT: return "a skampi result file";
  case SK_OUTFILE_RUN: return "a skampi result file";
  case SK_OUTFILE_MERGED: return "a skampi result file";
  case SK_OUTFILE_JOURNAL: return "a skampi journal";
  case SK_OUTFILE_LOG: return "a skampi log";
  case SK_OUTFILE_PDF: return "a PDF file";
  case SK_OUTFILE_SCRIPT: return "a gnuplot script written by skampi-report";
  case SK_OUTFILE_CSV: return "a CSV directory written by skampi-report";
  case SK_OUTFILE_CSV_FILE: return "a CSV file written by skampi-report";
  case SK_OUTFILE_SVG: return "an SVG file drawn by gnuplot";
  case SK_OUTFILE_ANY_NEW: return "a new file";
  }
  return "a skampi file";
}

static const char *sk_outfile_type_name(mode_t mode)
{
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISDIR(mode)) return "a directory";
  return "a special file";
}

/* ---- signatures -------------------------------------------------------- */

static int sk_outfile_prefix(const char *s, const char *prefix)
{
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The start of the first line that is not blank, a comment or a YAML
 * directive or document start. */
static const char *sk_outfile_yaml_first(const char *s)
{
  while (*s != '\0') {
    const char *t = s;
    while (*t == ' ' || *t == '\t' || *t == '\r')
      t++;
    if (*t != '\n' && *t != '#' && *s != '%' && !sk_outfile_prefix(s, "---"))
      return s;
    s = strchr(s, '\n');
    if (s == NULL)
      return "";
    s++;
  }
  return s;
}

static int sk_outfile_is_result(const char *head)
{
  const char *first = sk_outfile_yaml_first(head);
  return sk_outfile_prefix(first, "schema_version:") &&
         strstr(first, "\nskampi_version:") != NULL;
}

/* "skampi VERSION run of ..." on the first line. */
static int sk_outfile_is_log(const char *head)
{
  const char *nl = strchr(head, '\n'), *run = strstr(head, " run of ");
  return sk_outfile_prefix(head, "skampi ") && run != NULL &&
         (nl == NULL || run < nl);
}

int sk_outfile_head_is(sk_outfile_kind_t kind, const char *head)
{
  switch (kind) {
  case SK_OUTFILE_RESULT:
  case SK_OUTFILE_RUN:
  case SK_OUTFILE_MERGED: return sk_outfile_is_result(head);
  case SK_OUTFILE_JOURNAL:
    return strncmp(head, "skampi-journal 1\n", 17) == 0;
  case SK_OUTFILE_LOG: return sk_outfile_is_log(head);
  case SK_OUTFILE_PDF: return sk_outfile_prefix(head, "%PDF-");
  case SK_OUTFILE_SVG:
    return sk_outfile_prefix(head, "<?xml") &&
           strstr(head, "<desc>Produced by GNUPLOT") != NULL;
  case SK_OUTFILE_SCRIPT:
    return sk_outfile_prefix(head, "# written by skampi-report ");
  default: return 0;
  }
}

/* The first SK_OUTFILE_HEAD bytes of fd as a string (a NUL in the file
 * ends it early, which no signature has).  -1 (errno) on a read error. */
int sk_outfile_read_head(int fd, char *head)
{
  size_t n = 0;
  ssize_t r;
  while (n < SK_OUTFILE_HEAD &&
         ((r = pread(fd, head + n, SK_OUTFILE_HEAD - n, (off_t)n)) > 0 ||
          (r < 0 && errno == EINTR)))
    n += r > 0 ? (size_t)r : 0;
  head[n] = '\0';
  return r < 0 ? -1 : 0;
}

/* 1 when the regular file at path is of the kind, 0 when not, -1 (errno)
 * when it cannot be read. */
static int sk_outfile_file_is(const char *path, sk_outfile_kind_t kind)
{
  char head[SK_OUTFILE_HEAD + 1];
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), rc;
  if (fd < 0)
    return -1;
  rc = sk_outfile_read_head(fd, head);
  close(fd);
  return rc < 0 ? -1 : sk_outfile_head_is(kind, head);
}

/* 1 for a name skampi-report gives a CSV file: pNN-*.csv, compare.csv,
 * runs-a.csv, runs-b.csv. */
static int sk_outfile_csv_name(const char *name, size_t len)
{
  static const char *const fixed[] = {"compare.csv", "runs-a.csv",
                                       "runs-b.csv"};
  size_t i;
  for (i = 0; i < sizeof fixed / sizeof *fixed; i++)
    if (len == strlen(fixed[i]) && strncmp(name, fixed[i], len) == 0)
      return 1;
  return len > 8 && name[0] == 'p' && isdigit((unsigned char)name[1]) &&
         isdigit((unsigned char)name[2]) && name[3] == '-' &&
         strncmp(name + len - 4, ".csv", 4) == 0;
}

/* A CSV name, or one of our temporaries of it (".NAME.XXXXXX"). */
static int sk_outfile_csv_entry(const char *name)
{
  size_t len = strlen(name);
  if (name[0] == '.' && len > 8 && name[len - 7] == '.')
    return sk_outfile_csv_name(name + 1, len - 8);
  return sk_outfile_csv_name(name, len);
}

const char *sk_outfile_base(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash != NULL ? slash + 1 : path;
}

/* 1 when the directory holds only skampi-report's CSV files, 0 when it
 * holds something else, -1 (errno) when it cannot be read. */
static int sk_outfile_csv_dir(const char *path)
{
  DIR *d = opendir(path);
  struct dirent *ent;
  struct stat st;
  int ok = 1;
  if (d == NULL)
    return -1;
  while (ok && (errno = 0, ent = readdir(d)) != NULL) {
    if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
      continue;
    ok = sk_outfile_csv_entry(ent->d_name) &&
         fstatat(dirfd(d), ent->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
         S_ISREG(st.st_mode);
  }
  if (ok && errno != 0)
    ok = -1;
  closedir(d);
  return ok;
}

/* ---- the rule ---------------------------------------------------------- */

static int sk_outfile_same_stat(const struct stat *a, const char *other)
{
  struct stat b;
  return stat(other, &b) == 0 && a->st_dev == b.st_dev &&
         a->st_ino == b.st_ino;
}

int sk_outfile_same(const char *path, const char *other)
{
  struct stat a;
  return stat(path, &a) == 0 && sk_outfile_same_stat(&a, other);
}

/* -1 (why) when st, the output at path, is one of the inputs. */
int sk_outfile_not_input(const char *path, const struct stat *st,
                                const sk_outfile_inputs_t *in, char *why,
                                size_t whylen)
{
  sk_outfile_q_t q1, q2;
  size_t i;
  for (i = 0; in != NULL && i < in->n; i++)
    if (in->paths[i] != NULL && sk_outfile_same_stat(st, in->paths[i]))
      return sk_msg_why(why, whylen, "output '%s' is the input file "
                            "'%s'; name another output",
                            sk_outfile_q(&q1, path),
                            sk_outfile_q(&q2, in->paths[i]));
  return 0;
}

/* The refusal of a regular file of another kind. */
int sk_outfile_not_kind(const char *path, sk_outfile_kind_t kind,
                               int link, char *why, size_t whylen)
{
  sk_outfile_q_t q;
  if (link)
    return sk_msg_why(why, whylen, "'%s' is a symbolic link to a file "
                          "that is not %s; not writing through it (remove "
                          "it or name another output)",
                          sk_outfile_q(&q, path), sk_outfile_kind_name(kind));
  return sk_msg_why(why, whylen, "'%s' exists and is not %s; not "
                        "overwriting it (remove it or name another output)",
                        sk_outfile_q(&q, path), sk_outfile_kind_name(kind));
}

/* A regular file that exists: empty or of the kind. */
static int sk_outfile_judge_file(const char *path, const struct stat *st,
                                 sk_outfile_kind_t kind, int link, char *why,
                                 size_t whylen)
{
  int is;
  if (kind == SK_OUTFILE_CSV_FILE)
    is = sk_outfile_csv_name(sk_outfile_base(path),
                             strlen(sk_outfile_base(path)));
  else
    is = st->st_size == 0 ? 1 : sk_outfile_file_is(path, kind);
  if (is < 0)
    return sk_outfile_fail(why, whylen, "read", path);
  return is ? 0 : sk_outfile_not_kind(path, kind, link, why, whylen);
}

static int sk_outfile_judge_dir(const char *path, sk_outfile_kind_t kind,
                                char *why, size_t whylen)
{
  sk_outfile_q_t q;
  int is;
  if (kind != SK_OUTFILE_CSV)
    return sk_msg_why(why, whylen, "'%s' is a directory; name a file "
                          "as the output", sk_outfile_q(&q, path));
  if ((is = sk_outfile_csv_dir(path)) < 0)
    return sk_outfile_fail(why, whylen, "read the directory", path);
  if (is)
    return 0;
  return sk_msg_why(why, whylen, "the directory '%s' holds files that "
                        "skampi-report did not write; not writing CSV files "
                        "into it (name a new or empty directory)",
                        sk_outfile_q(&q, path));
}

/* What exists at path (st: after symbolic links) may be written? */
int sk_outfile_judge(const char *path, const struct stat *st,
                            sk_outfile_kind_t kind, int link, char *why,
                            size_t whylen)
{
  sk_outfile_q_t q;
  int stream = S_ISFIFO(st->st_mode) || S_ISCHR(st->st_mode);
  if (S_ISREG(st->st_mode) && kind != SK_OUTFILE_CSV)
    return sk_outfile_judge_file(path, st, kind, link, why, whylen);
  if (S_ISDIR(st->st_mode))
    return sk_outfile_judge_dir(path, kind, why, whylen);
  if (stream && kind != SK_OUTFILE_RUN && kind != SK_OUTFILE_JOURNAL &&
      kind != SK_OUTFILE_CSV && kind != SK_OUTFILE_CSV_FILE)
    return 0;
  return sk_msg_why(why, whylen, "'%s' is %s, and %s cannot be "
                        "written there; name %s", sk_outfile_q(&q, path),
                        S_ISREG(st->st_mode) ? "a regular file"
                                             : sk_outfile_type_name(st->st_mode),
                        sk_outfile_kind_name(kind),
                        kind == SK_OUTFILE_CSV ? "a directory"
                                               : "a regular file");
}

int sk_outfile_check(const char *path, sk_outfile_kind_t kind,
                     const sk_outfile_inputs_t *in, char *why, size_t whylen)
{
  struct stat lst, st;
  sk_outfile_q_t q;
  if (path[0] == '\0')
    return sk_msg_why(why, whylen, "the output file name is empty");
  if (lstat(path, &lst) != 0)
    return errno == ENOENT ? 0 : sk_outfile_fail(why, whylen, "examine",
                                                 path);
  st = lst;
  if (S_ISLNK(lst.st_mode) && stat(path, &st) != 0) {
    if (errno != ENOENT)
      return sk_outfile_fail(why, whylen, "examine", path);
    return sk_msg_why(why, whylen, "'%s' is a symbolic link to a file "
                          "that does not exist; not creating a file through "
                          "it (remove it or name another output)",
                          sk_outfile_q(&q, path));
  }
  if (sk_outfile_not_input(path, &st, in, why, whylen) != 0)
    return -1;
  if (kind == SK_OUTFILE_ANY_NEW)
    return sk_msg_why(why, whylen, "'%s' exists; not overwriting it "
                          "(remove it or name another output)",
                          sk_outfile_q(&q, path));
  return sk_outfile_judge(path, &st, kind, S_ISLNK(lst.st_mode), why,
                          whylen);
}

/* ---- --fresh ----------------------------------------------------------- */

/* path.bak may be replaced: missing, or a regular file of the kind. */
static int sk_outfile_bak_ok(const char *path, const char *bak,
                             sk_outfile_kind_t kind,
                             const sk_outfile_inputs_t *in, char *why,
                             size_t whylen)
{
  struct stat st;
  sk_outfile_q_t q1, q2;
  if (lstat(bak, &st) != 0)
    return errno == ENOENT ? 0 : sk_outfile_fail(why, whylen, "examine",
                                                 bak);
  if (S_ISREG(st.st_mode) &&
      sk_outfile_check(bak, kind, in, why, whylen) == 0)
    return 0;
  return sk_msg_why(why, whylen, "'%s' exists and is not %s; not "
                        "replacing it with '%s' (remove it, or start over "
                        "with another output)", sk_outfile_q(&q1, bak),
                        sk_outfile_kind_name(kind), sk_outfile_q(&q2, path));
}

int sk_outfile_backup(const char *path, sk_outfile_kind_t kind,
                      const sk_outfile_inputs_t *in, char *why, size_t whylen)
{
  struct stat st;
  sk_outfile_q_t q1, q2;
  size_t len = strlen(path) + 5;
  char *bak;
  int rc;
  if (lstat(path, &st) != 0)
    return errno == ENOENT ? 1 : sk_outfile_fail(why, whylen, "examine",
                                                 path);
  if (sk_outfile_check(path, kind, in, why, whylen) != 0)
    return -1;
  if (!S_ISREG(st.st_mode))
    return sk_msg_why(why, whylen, "'%s' is not a regular file; only "
                          "%s is moved aside (remove it or name another "
                          "output)", sk_outfile_q(&q1, path),
                          sk_outfile_kind_name(kind));
  if ((bak = malloc(len)) == NULL)
    return sk_msg_why(why, whylen, "out of memory");
  snprintf(bak, len, "%s.bak", path);
  rc = sk_outfile_bak_ok(path, bak, kind, in, why, whylen);
  if (rc == 0 && rename(path, bak) != 0)
    rc = sk_msg_why(why, whylen, "cannot rename '%s' to '%s': %s",
                        sk_outfile_q(&q1, path), sk_outfile_q(&q2, bak),
                        strerror(errno));
  free(bak);
  return rc;
}

/* ---- paths named by a suite file --------------------------------------- */

/* The first component of path that is ".." or starts with '.' ("./" and
 * "." alone are harmless and pass), copied into comp; 0 when none. */
static int sk_outfile_dot_component(const char *path, char *comp,
                                    size_t complen)
{
  const char *p = path;
  while (*p != '\0') {
    size_t len = strcspn(p, "/");
    if (p[0] == '.' && len != 1) {
      snprintf(comp, complen, "%.*s", (int)len, p);
      return 1;
    }
    p += len;
    p += *p == '/';
  }
  return 0;
}

static int sk_outfile_has_control(const char *s)
{
  for (; *s != '\0'; s++)
    if ((unsigned char)*s < 0x20 || *s == 0x7f)
      return 1;
  return 0;
}

int sk_outfile_suite_path(const char *key, const char *path, char *why,
                          size_t whylen)
{
  sk_outfile_q_t q, qc;
  char comp[SK_OUTFILE_QLEN];
  if (path[0] == '\0')
    return sk_msg_why(why, whylen, "@%s is empty; name a file", key);
  sk_outfile_q(&q, path);
  if (sk_outfile_has_control(path))
    return sk_msg_why(why, whylen, "@%s '%s' holds a control "
                          "character; a suite file names plain files", key,
                          q.s);
  if (path[0] == '/')
    return sk_msg_why(why, whylen, "@%s '%s' is an absolute path; a "
                          "suite file may name only files below the current "
                          "directory", key, q.s);
  if (!sk_outfile_dot_component(path, comp, sizeof comp))
    return 0;
  if (strcmp(comp, "..") == 0)
    return sk_msg_why(why, whylen, "@%s '%s' leaves the current "
                          "directory; a suite file may name only files "
                          "below it", key, q.s);
  return sk_msg_why(why, whylen, "@%s '%s' names the hidden '%s'; a "
                        "suite file may not write hidden files or into "
                        "hidden directories", key, q.s,
                        sk_outfile_q(&qc, comp));
}

int sk_outfile_check_suite(const char *key, const char *path,
                           sk_outfile_kind_t kind, const char *suite,
                           const sk_outfile_inputs_t *in, char *why,
                           size_t whylen)
{
  size_t n = in != NULL ? in->n : 0;
  const char **all;
  sk_outfile_inputs_t with;
  int rc;
  if (sk_outfile_suite_path(key, path, why, whylen) != 0)
    return -1;
  if ((all = malloc((n + 1) * sizeof *all)) == NULL)
    return sk_msg_why(why, whylen, "out of memory");
  all[0] = suite;
  if (n > 0)
    memcpy(all + 1, in->paths, n * sizeof *all);
  with.paths = all;
  with.n = n + 1;
  rc = sk_outfile_check(path, kind, &with, why, whylen);
  free(all);
  return rc;
}
