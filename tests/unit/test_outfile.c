/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_outfile.c -- lib/outfile.c: every rule for output paths with its
 * exact sentence, and what the writes leave on disk (the target, the
 * inputs, a planted link's victim, no temporary), in a fresh mkdtemp
 * directory that is removed at the end.
 *
 * By hand (until the build knows lib/), from the top of the tree:
 *   cc -Wall -Wextra -Ilib -o /tmp/test_outfile tests/unit/test_outfile.c \
 *      lib/outfile.c lib/outfile_write.c lib/escape.c && /tmp/test_outfile
 * also with -fsanitize=address,undefined, and under valgrind.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"
#include "sk_test.h"

#define RESULT "schema_version: 1\nskampi_version: 0.1.0\nsuite_file:\n"
#define JOURNAL "skampi-journal 1\nsha256 -\n"
#define LOG "skampi 0.1.0 run of s.skampi, started 2026-01-01T00:00:00Z\n"

static char why[512];

static void put(const char *path, const char *text)
{
  FILE *f = fopen(path, "w");
  SK_CHECK(f != NULL);
  if (f != NULL) {
    fputs(text, f);
    SK_CHECK_INT(fclose(f), 0);
  }
}

/* The file's text (up to 4 KiB), "(missing)" when it cannot be read. */
static const char *get(const char *path)
{
  static char buf[4096];
  FILE *f = fopen(path, "r");
  size_t n;
  if (f == NULL)
    return "(missing)";
  n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

/* Entries of the current directory whose name starts with '.' (the
 * temporaries), but for "." and "..". */
static int hidden(void)
{
  DIR *d = opendir(".");
  struct dirent *e;
  int n = 0;
  while (d != NULL && (e = readdir(d)) != NULL)
    n += e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 &&
         strcmp(e->d_name, "..") != 0;
  if (d != NULL)
    closedir(d);
  return n;
}

static int is_link(const char *path)
{
  struct stat st;
  return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

/* Writes text to path through open/commit; the commit's result. */
static int write_via(const char *path, sk_outfile_kind_t kind,
                     const sk_outfile_inputs_t *in, const char *text)
{
  sk_outfile_t *h = sk_outfile_open(path, kind, in, why, sizeof why);
  if (h == NULL)
    return -2;
  fputs(text, h->fp);
  return sk_outfile_commit(h, why, sizeof why);
}

static void test_inputs(void)
{
  const char *paths[] = {"other.yaml", "r.yaml"};
  sk_outfile_inputs_t in = {paths, 2};
  put("r.yaml", RESULT);
  SK_CHECK_INT(link("r.yaml", "hard.yaml"), 0);
  SK_CHECK_INT(symlink("r.yaml", "soft.yaml"), 0);
  SK_CHECK_INT(sk_outfile_check("r.yaml", SK_OUTFILE_RESULT, &in, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "output 'r.yaml' is the input file 'r.yaml'; name "
               "another output");
  SK_CHECK_INT(sk_outfile_check("hard.yaml", SK_OUTFILE_MERGED, &in, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "output 'hard.yaml' is the input file 'r.yaml'; name "
               "another output");
  SK_CHECK_INT(sk_outfile_check("soft.yaml", SK_OUTFILE_RESULT, &in, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "output 'soft.yaml' is the input file 'r.yaml'; name "
               "another output");
  /* The input is refused even as a temporary's target: nothing made. */
  SK_CHECK(sk_outfile_open("r.yaml", SK_OUTFILE_RESULT, &in, why,
                           sizeof why) == NULL);
  SK_CHECK_INT(hidden(), 0);
  SK_CHECK_STR(get("r.yaml"), RESULT);
  SK_CHECK_INT(sk_outfile_same("soft.yaml", "hard.yaml"), 1);
  SK_CHECK_INT(sk_outfile_same("r.yaml", "missing.yaml"), 0);
  SK_CHECK_INT(sk_outfile_check("new.yaml", SK_OUTFILE_RESULT, &in, why,
                                sizeof why), 0);
  SK_CHECK_INT(sk_outfile_check("", SK_OUTFILE_RESULT, &in, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "the output file name is empty");
}

static void test_kinds(void)
{
  put("notes.txt", "my notes\n");
  SK_CHECK_INT(sk_outfile_check("notes.txt", SK_OUTFILE_RESULT, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'notes.txt' exists and is not a skampi result file; "
               "not overwriting it (remove it or name another output)");
  put("c.yaml", "# skampi result\n%YAML 1.1\n---\n" RESULT);
  SK_CHECK_INT(sk_outfile_check("c.yaml", SK_OUTFILE_RESULT, NULL, why,
                                sizeof why), 0);
  /* Another program's YAML with a schema_version is not ours. */
  put("o.yaml", "schema_version: 3\nname: x\n");
  SK_CHECK_INT(sk_outfile_check("o.yaml", SK_OUTFILE_MERGED, NULL, why,
                                sizeof why), -1);
  put("empty", "");
  SK_CHECK_INT(sk_outfile_check("empty", SK_OUTFILE_PDF, NULL, why,
                                sizeof why), 0);
  put("j", JOURNAL);
  SK_CHECK_INT(sk_outfile_check("j", SK_OUTFILE_JOURNAL, NULL, why,
                                sizeof why), 0);
  SK_CHECK_INT(sk_outfile_check("j", SK_OUTFILE_LOG, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'j' exists and is not a skampi log; not overwriting "
               "it (remove it or name another output)");
  put("l", LOG);
  SK_CHECK_INT(sk_outfile_check("l", SK_OUTFILE_LOG, NULL, why,
                                sizeof why), 0);
  put("p.pdf", "%PDF-1.5\n");
  SK_CHECK_INT(sk_outfile_check("p.pdf", SK_OUTFILE_PDF, NULL, why,
                                sizeof why), 0);
  SK_CHECK_INT(sk_outfile_check("r.yaml", SK_OUTFILE_PDF, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'r.yaml' exists and is not a PDF file; not "
               "overwriting it (remove it or name another output)");
  /* an SVG gnuplot drew may be replaced, another SVG not */
  put("g.svg", "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
      "<svg width=\"1\" height=\"1\">\n\n<title>Gnuplot</title>\n"
      "<desc>Produced by GNUPLOT 5.4 patchlevel 4 </desc>\n</svg>\n");
  SK_CHECK_INT(sk_outfile_check("g.svg", SK_OUTFILE_SVG, NULL, why,
                                sizeof why), 0);
  put("o.svg", "<?xml version=\"1.0\"?>\n<svg/>\n");
  SK_CHECK_INT(sk_outfile_check("o.svg", SK_OUTFILE_SVG, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'o.svg' exists and is not an SVG file drawn by "
               "gnuplot; not overwriting it (remove it or name another "
               "output)");
  SK_CHECK_INT(sk_outfile_check("g.svg", SK_OUTFILE_PDF, NULL, why,
                                sizeof why), -1);
  put("s.gp", "# written by skampi-report 0.1.0\nset terminal pdfcairo\n");
  SK_CHECK_INT(sk_outfile_check("s.gp", SK_OUTFILE_SCRIPT, NULL, why,
                                sizeof why), 0);
  SK_CHECK_INT(sk_outfile_check("notes.txt", SK_OUTFILE_SCRIPT, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'notes.txt' exists and is not a gnuplot script written "
               "by skampi-report; not overwriting it (remove it or name "
               "another output)");
  SK_CHECK_INT(sk_outfile_check("r.yaml", SK_OUTFILE_ANY_NEW, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'r.yaml' exists; not overwriting it (remove it or "
               "name another output)");
}

static void test_dirs(void)
{
  SK_CHECK_INT(mkdir("d", 0777), 0);
  SK_CHECK_INT(sk_outfile_check("d", SK_OUTFILE_RESULT, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'d' is a directory; name a file as the output");
  SK_CHECK_INT(sk_outfile_check("d", SK_OUTFILE_CSV, NULL, why,
                                sizeof why), 0);
  put("d/p01-suite-f1-x.csv", "file,label\n");
  put("d/compare.csv", "suite\n");
  put("d/.p02-y.csv.Ab12Cd", "");
  SK_CHECK_INT(sk_outfile_check("d", SK_OUTFILE_CSV, NULL, why,
                                sizeof why), 0);
  SK_CHECK_INT(sk_outfile_check("d/p01-suite-f1-x.csv", SK_OUTFILE_CSV_FILE,
                                NULL, why, sizeof why), 0);
  put("d/thesis.tex", "x");
  SK_CHECK_INT(sk_outfile_check("d", SK_OUTFILE_CSV, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "the directory 'd' holds files that skampi-report did "
               "not write; not writing CSV files into it (name a new or "
               "empty directory)");
  SK_CHECK_INT(sk_outfile_check("d/thesis.tex", SK_OUTFILE_CSV_FILE, NULL,
                                why, sizeof why), -1);
  SK_CHECK_STR(why, "'d/thesis.tex' exists and is not a CSV file written by "
               "skampi-report; not overwriting it (remove it or name another "
               "output)");
  SK_CHECK_INT(sk_outfile_check("r.yaml", SK_OUTFILE_CSV, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'r.yaml' is a regular file, and a CSV directory written "
               "by skampi-report cannot be written there; name a directory");
  /* A name from a file reaches the message escaped. */
  SK_CHECK_INT(mkdir("new\nline", 0777), 0);
  SK_CHECK_INT(sk_outfile_check("new\nline", SK_OUTFILE_LOG, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'new\\nline' is a directory; name a file as the "
               "output");
}

static void test_links(void)
{
  put("r2.yaml", RESULT);
  SK_CHECK_INT(symlink("r2.yaml", "latest.yaml"), 0);
  SK_CHECK_INT(symlink("nowhere.yaml", "dangling.yaml"), 0);
  SK_CHECK_INT(symlink("notes.txt", "ln.yaml"), 0);
  SK_CHECK_INT(sk_outfile_check("dangling.yaml", SK_OUTFILE_RESULT, NULL,
                                why, sizeof why), -1);
  SK_CHECK_STR(why, "'dangling.yaml' is a symbolic link to a file that does "
               "not exist; not creating a file through it (remove it or name "
               "another output)");
  SK_CHECK_INT(sk_outfile_check("ln.yaml", SK_OUTFILE_RESULT, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'ln.yaml' is a symbolic link to a file that is not a "
               "skampi result file; not writing through it (remove it or "
               "name another output)");
  /* Written through: the link stays, its target gets the new text. */
  SK_CHECK_INT(write_via("latest.yaml", SK_OUTFILE_RESULT, NULL,
                         RESULT "new: 1\n"), 0);
  SK_CHECK(is_link("latest.yaml"));
  SK_CHECK_STR(get("r2.yaml"), RESULT "new: 1\n");
  SK_CHECK_INT(hidden(), 0);
}

/* A predictable temporary name planted as a link to a victim changes
 * nothing: the temporary is made by mkstemp. */
static void test_planted(void)
{
  put("victim", "precious\n");
  SK_CHECK_INT(symlink("victim", "res.yaml.tmp"), 0);
  SK_CHECK_INT(symlink("victim", ".res.yaml.tmp"), 0);
  SK_CHECK_INT(symlink("victim", "res.yaml.XXXXXX"), 0);
  SK_CHECK_INT(write_via("res.yaml", SK_OUTFILE_RESULT, NULL, RESULT), 0);
  SK_CHECK_STR(get("victim"), "precious\n");
  SK_CHECK_STR(get("res.yaml"), RESULT);
  SK_CHECK(!is_link("res.yaml"));
  SK_CHECK_INT(unlink(".res.yaml.tmp"), 0);
  SK_CHECK_INT(hidden(), 0);
}

static void test_commit_abort(void)
{
  sk_outfile_t *h;
  struct stat st;
  mode_t old = umask(027);
  h = sk_outfile_open("fresh.yaml", SK_OUTFILE_RESULT, NULL, why,
                      sizeof why);
  SK_CHECK(h != NULL);
  SK_CHECK_INT(hidden(), 1);
  SK_CHECK(strncmp(h->tmp, ".fresh.yaml.", 12) == 0);
  fputs(RESULT, h->fp);
  SK_CHECK_INT(sk_outfile_commit(h, why, sizeof why), 0);
  umask(old);
  SK_CHECK_INT(hidden(), 0);
  SK_CHECK_INT(stat("fresh.yaml", &st), 0);
  SK_CHECK_INT(st.st_mode & 0777, 0640);
  SK_CHECK_INT(st.st_nlink, 1);
  h = sk_outfile_open("fresh.yaml", SK_OUTFILE_RESULT, NULL, why,
                      sizeof why);
  SK_CHECK(h != NULL);
  fputs("half", h->fp);
  sk_outfile_abort(h);
  sk_outfile_abort(NULL);
  SK_CHECK_INT(hidden(), 0);
  SK_CHECK_STR(get("fresh.yaml"), RESULT);
}

/* What appears or changes between the open and the commit wins. */
static void test_recheck(void)
{
  sk_outfile_t *h = sk_outfile_open("race.yaml", SK_OUTFILE_RESULT, NULL,
                                    why, sizeof why);
  SK_CHECK(h != NULL);
  put("race.yaml", RESULT "theirs: 1\n");
  fputs(RESULT, h->fp);
  SK_CHECK_INT(sk_outfile_commit(h, why, sizeof why), -1);
  SK_CHECK_STR(why, "'race.yaml' was created by someone else while it was "
               "being written; not replacing it (run again)");
  SK_CHECK_STR(get("race.yaml"), RESULT "theirs: 1\n");
  h = sk_outfile_open("race.yaml", SK_OUTFILE_RESULT, NULL, why, sizeof why);
  SK_CHECK(h != NULL);
  put("race.yaml", "now my notes\n");
  SK_CHECK_INT(sk_outfile_commit(h, why, sizeof why), -1);
  SK_CHECK_STR(why, "'race.yaml' exists and is not a skampi result file; "
               "not overwriting it (remove it or name another output)");
  SK_CHECK_STR(get("race.yaml"), "now my notes\n");
  SK_CHECK_INT(hidden(), 0);
}

static void test_fifo(void)
{
  char buf[64];
  struct stat st;
  ssize_t n;
  int rd;
  SK_CHECK_INT(mkfifo("pipe", 0600), 0);
  rd = open("pipe", O_RDONLY | O_NONBLOCK);
  SK_CHECK(rd >= 0);
  SK_CHECK_INT(write_via("pipe", SK_OUTFILE_RESULT, NULL, "to the reader\n"),
               0);
  n = read(rd, buf, sizeof buf - 1);
  SK_CHECK_INT(n, 14);
  buf[n > 0 ? n : 0] = '\0';
  SK_CHECK_STR(buf, "to the reader\n");
  close(rd);
  SK_CHECK_INT(lstat("pipe", &st), 0);
  SK_CHECK(S_ISFIFO(st.st_mode));
  SK_CHECK_INT(hidden(), 0);     /* $TMPDIR is this directory */
  SK_CHECK_INT(sk_outfile_check("pipe", SK_OUTFILE_JOURNAL, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'pipe' is a FIFO, and a skampi journal cannot be "
               "written there; name a regular file");
  SK_CHECK_INT(sk_outfile_check("/dev/null", SK_OUTFILE_RUN, NULL, why,
                                sizeof why), -1);
  SK_CHECK_STR(why, "'/dev/null' is a character device, and a skampi result "
               "file cannot be written there; name a regular file");
  SK_CHECK_INT(sk_outfile_check("r.yaml", SK_OUTFILE_RUN, NULL, why,
                                sizeof why), 0);
}

/* A full device and a file size limit: the reason is said, the target
 * stays as it was, no temporary is left. */
static void test_failed_write(void)
{
  struct rlimit old, small;
  sk_outfile_t *h;
  char big[16384];
  memset(big, 'x', sizeof big);
  big[sizeof big - 1] = '\0';
  SK_CHECK_INT(write_via("/dev/full", SK_OUTFILE_RESULT, NULL, RESULT), -1);
  SK_CHECK_STR(why, "cannot write '/dev/full': No space left on device");
  SK_CHECK_INT(hidden(), 0);
  put("big.yaml", RESULT);
  SK_CHECK_INT(getrlimit(RLIMIT_FSIZE, &old), 0);
  small = old;
  small.rlim_cur = 4096;
  signal(SIGXFSZ, SIG_IGN);       /* EFBIG instead of the signal */
  SK_CHECK_INT(setrlimit(RLIMIT_FSIZE, &small), 0);
  /* The limit met in writes long before the commit (nothing is left to
   * flush then), and again in the commit's flush. */
  h = sk_outfile_open("big.yaml", SK_OUTFILE_RESULT, NULL, why, sizeof why);
  SK_CHECK(h != NULL);
  if (h != NULL) {
    fputs(big + 4096, h->fp);
    fputs(big + 4096, h->fp);
    SK_CHECK_INT(sk_outfile_commit(h, why, sizeof why), -1);
    SK_CHECK_STR(why, "cannot write 'big.yaml': File too large");
  }
  h = sk_outfile_open("big.yaml", SK_OUTFILE_RESULT, NULL, why, sizeof why);
  SK_CHECK(h != NULL);
  if (h != NULL) {
    fputs(big, h->fp);
    SK_CHECK(ferror(h->fp));
    fputs("the end\n", h->fp);
    SK_CHECK_INT(sk_outfile_commit(h, why, sizeof why), -1);
    SK_CHECK_STR(why, "cannot write 'big.yaml': File too large");
  }
  SK_CHECK_INT(setrlimit(RLIMIT_FSIZE, &old), 0);
  signal(SIGXFSZ, SIG_DFL);
  SK_CHECK_STR(get("big.yaml"), RESULT);
  SK_CHECK_INT(hidden(), 0);
}

static void test_append(void)
{
  const char *paths[] = {"s.skampi"};
  sk_outfile_inputs_t in = {paths, 1};
  int fd;
  put("victim", "precious\n");
  SK_CHECK_INT(symlink("victim", "run.journal"), 0);
  SK_CHECK_INT(sk_outfile_open_append("run.journal", SK_OUTFILE_JOURNAL,
                                      NULL, 0, why, sizeof why), -1);
  SK_CHECK_STR(why, "'run.journal' is a symbolic link; not appending through "
               "it (remove it or name another file)");
  SK_CHECK_INT(symlink("gone", "dang.journal"), 0);
  SK_CHECK_INT(sk_outfile_open_append("dang.journal", SK_OUTFILE_JOURNAL,
                                      NULL, 0, why, sizeof why), -1);
  SK_CHECK_STR(why, "'dang.journal' is a symbolic link; not appending "
               "through it (remove it or name another file)");
  SK_CHECK_STR(get("victim"), "precious\n");
  SK_CHECK_INT(access("gone", F_OK), -1);
  /* New, then appended to: the header is checked. */
  fd = sk_outfile_open_append("new.journal", SK_OUTFILE_JOURNAL, NULL, 0,
                              why, sizeof why);
  SK_CHECK(fd >= 0);
  SK_CHECK_INT(write(fd, JOURNAL, strlen(JOURNAL)), strlen(JOURNAL));
  close(fd);
  fd = sk_outfile_open_append("new.journal", SK_OUTFILE_JOURNAL, NULL, 0,
                              why, sizeof why);
  SK_CHECK(fd >= 0);
  SK_CHECK_INT(write(fd, "start\n", 6), 6);
  close(fd);
  SK_CHECK_STR(get("new.journal"), JOURNAL "start\n");
  /* ~/.ssh/authorized_keys from a stranger's @LOGFILE. */
  put("authorized_keys", "ssh-ed25519 AAAA me\n");
  SK_CHECK_INT(sk_outfile_open_append("authorized_keys", SK_OUTFILE_LOG,
                                      NULL, 0, why, sizeof why), -1);
  SK_CHECK_STR(why, "'authorized_keys' exists and is not a skampi log; not "
               "overwriting it (remove it or name another output)");
  SK_CHECK_STR(get("authorized_keys"), "ssh-ed25519 AAAA me\n");
  put("s.skampi", "");
  SK_CHECK_INT(sk_outfile_open_append("s.skampi", SK_OUTFILE_LOG, &in, 0,
                                      why, sizeof why), -1);
  SK_CHECK_STR(why, "output 's.skampi' is the input file 's.skampi'; name "
               "another output");
  put("run.log", LOG "suite 1\n");
  fd = sk_outfile_open_append("run.log", SK_OUTFILE_LOG, &in,
                              SK_OUTFILE_TRUNCATE, why, sizeof why);
  SK_CHECK(fd >= 0);
  close(fd);
  SK_CHECK_STR(get("run.log"), "");
  fd = sk_outfile_open_append("/dev/null", SK_OUTFILE_LOG, NULL,
                              SK_OUTFILE_TRUNCATE, why, sizeof why);
  SK_CHECK(fd >= 0);
  close(fd);
  SK_CHECK_INT(sk_outfile_open_append("/dev/null", SK_OUTFILE_JOURNAL, NULL,
                                      0, why, sizeof why), -1);
  SK_CHECK_STR(why, "'/dev/null' is a character device, and a skampi "
               "journal cannot be written there; name a regular file");
}

/* skampi --fresh -o S.skampi S.skampi (a suite file as its own
 * output), and the rest of --fresh. */
static void test_backup(void)
{
  const char *paths[] = {"s.skampi"};
  sk_outfile_inputs_t in = {paths, 1};
  put("s.skampi", "Type = 1\n");
  SK_CHECK_INT(sk_outfile_backup("s.skampi", SK_OUTFILE_RESULT, &in, why,
                                 sizeof why), -1);
  SK_CHECK_STR(why, "output 's.skampi' is the input file 's.skampi'; name "
               "another output");
  SK_CHECK_STR(get("s.skampi"), "Type = 1\n");
  SK_CHECK_INT(access("s.skampi.bak", F_OK), -1);
  SK_CHECK_INT(sk_outfile_backup("d", SK_OUTFILE_RESULT, &in, why,
                                 sizeof why), -1);
  SK_CHECK_STR(why, "'d' is a directory; name a file as the output");
  SK_CHECK_INT(sk_outfile_backup("none.yaml", SK_OUTFILE_RESULT, &in, why,
                                 sizeof why), 1);
  SK_CHECK_INT(sk_outfile_backup("pipe", SK_OUTFILE_RESULT, &in, why,
                                 sizeof why), -1);
  SK_CHECK_STR(why, "'pipe' is not a regular file; only a skampi result "
               "file is moved aside (remove it or name another output)");
  put("out.yaml", RESULT);
  put("out.yaml.bak", "my notes\n");
  SK_CHECK_INT(sk_outfile_backup("out.yaml", SK_OUTFILE_RESULT, &in, why,
                                 sizeof why), -1);
  SK_CHECK_STR(why, "'out.yaml.bak' exists and is not a skampi result file; "
               "not replacing it with 'out.yaml' (remove it, or start over "
               "with another output)");
  put("out.yaml.bak", RESULT "older: 1\n");
  SK_CHECK_INT(sk_outfile_backup("out.yaml", SK_OUTFILE_RESULT, &in, why,
                                 sizeof why), 0);
  SK_CHECK_STR(get("out.yaml.bak"), RESULT);
  SK_CHECK_INT(access("out.yaml", F_OK), -1);
}

static void check_suite_path(const char *path, int rc, const char *msg)
{
  why[0] = '\0';
  SK_CHECK_INT(sk_outfile_suite_path("LOGFILE", path, why, sizeof why), rc);
  SK_CHECK_STR(why, msg);
}

static void test_suite_paths(void)
{
  const char *paths[] = {"r.yaml"};
  sk_outfile_inputs_t in = {paths, 1};
  check_suite_path("run.log", 0, "");
  check_suite_path("./logs/run.log", 0, "");
  check_suite_path("", -1, "@LOGFILE is empty; name a file");
  check_suite_path("/home/u/.ssh/authorized_keys", -1, "@LOGFILE "
                   "'/home/u/.ssh/authorized_keys' is an absolute path; a "
                   "suite file may name only files below the current "
                   "directory");
  check_suite_path("logs/../../x", -1, "@LOGFILE 'logs/../../x' leaves the "
                   "current directory; a suite file may name only files "
                   "below it");
  check_suite_path(".ssh/authorized_keys", -1, "@LOGFILE "
                   "'.ssh/authorized_keys' names the hidden '.ssh'; a suite "
                   "file may not write hidden files or into hidden "
                   "directories");
  check_suite_path("a\nb", -1, "@LOGFILE 'a\\nb' holds a control character; "
                   "a suite file names plain files");
  SK_CHECK_INT(sk_outfile_check_suite("OUTFILE", "s.skampi",
                                      SK_OUTFILE_RESULT, "s.skampi", &in,
                                      why, sizeof why), -1);
  SK_CHECK_STR(why, "output 's.skampi' is the input file 's.skampi'; name "
               "another output");
  SK_CHECK_INT(sk_outfile_check_suite("OUTFILE", "r.yaml",
                                      SK_OUTFILE_RESULT, "s.skampi", &in,
                                      why, sizeof why), -1);
  SK_CHECK_STR(why, "output 'r.yaml' is the input file 'r.yaml'; name "
               "another output");
  SK_CHECK_INT(sk_outfile_check_suite("OUTFILE", "out2.yaml",
                                      SK_OUTFILE_RESULT, "s.skampi", &in,
                                      why, sizeof why), 0);
}

static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
  (void)st;
  (void)flag;
  (void)ftw;
  return remove(path);
}

int main(void)
{
  char dir[] = "/tmp/test_outfile.XXXXXX", old[4096];
  if (getcwd(old, sizeof old) == NULL || mkdtemp(dir) == NULL ||
      chdir(dir) != 0 || setenv("TMPDIR", dir, 1) != 0) {
    perror("test_outfile: setup");
    return 1;
  }
  test_inputs();
  test_kinds();
  test_dirs();
  test_links();
  test_planted();
  test_commit_abort();
  test_recheck();
  test_fifo();
  test_failed_write();
  test_append();
  test_backup();
  test_suite_paths();
  if (chdir(old) != 0 || nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS))
    perror("test_outfile: cleanup");
  return sk_test_result();
}
