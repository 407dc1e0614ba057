/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outfile.h -- which paths skampi, skampi-report and skampi-merge may
 * write, and writing them without destroying anything else.  POSIX, no
 * MPI, no threads (the umask is read by setting it back).
 *
 * THE RULE.  An output path may be written only when
 *   (a) nothing exists there; or
 *   (b) it is a regular file of skampi's own kind for that output (see
 *       "Signatures"), or an empty regular file (nothing in it can be
 *       lost); or
 *   (c) it is a FIFO or a character device (a pipe, /dev/null, a
 *       terminal): written into, never replaced, renamed or truncated.
 *       Not for RUN, a journal, a CSV directory or ANY_NEW.
 * and in every case it is not the same file (st_dev and st_ino, symbolic
 * links followed) as one of the program's inputs.  A symbolic link is
 * judged by what it points to and written through (the link stays, its
 * target is replaced); a dangling link is refused, since writing through
 * it would create a file wherever it points.  Everything else -- a
 * directory (but for CSV), a socket, a block device, a file of another
 * kind, an input -- is refused with one sentence that names the path and
 * the way out, for the caller to print after "PROGRAM: error: ".
 *
 * Signatures, read from the first SK_OUTFILE_HEAD bytes:
 *   RESULT, RUN,    the first line that is not blank, a comment or a YAML
 *   MERGED          directive ("%YAML", "---") is "schema_version: ...",
 *                   and a line starting "skampi_version:" follows (what
 *                   src/engine/result.c and lib/mergeout.c write first)
 *   JOURNAL         the first line is "skampi-journal 1" (lib/journal.c)
 *   LOG             the first line is "skampi VERSION run of ..."
 *                   (src/engine/runlog.c)
 *   PDF             the file starts with "%PDF-"
 *   SVG             the file starts with "<?xml" and its head holds
 *                   "<desc>Produced by GNUPLOT" (gnuplot's svg terminal)
 *   SCRIPT          the first line starts with "# written by
 *                   skampi-report " (report/plot.c, compare_plot.c)
 *   CSV             a directory holding only regular files named as
 *                   skampi-report names them: pNN-*.csv, compare.csv,
 *                   runs-a.csv, runs-b.csv (or nothing); also such
 *                   names with our temporaries' form ".NAME.XXXXXX",
 *                   which a killed skampi-report may leave
 *   CSV_FILE        a regular file with one of those names
 *   ANY_NEW         nothing: the path must not exist
 *
 * Messages are single sentences without a final period; a path or a
 * name in them is quoted and escaped (lib/escape.h).  Every function
 * that takes why/whylen writes its sentence there on -1 (cut to whylen).
 * Every pointer argument is borrowed unless a comment says otherwise.
 */
#ifndef SK_OUTFILE_H
#define SK_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#define SK_OUTFILE_HEAD 4096     /* bytes read to tell a file's kind */

typedef enum sk_outfile_kind {
  SK_OUTFILE_RESULT,             /* a result file written once */
  SK_OUTFILE_RUN,                /* skampi -o, @OUTFILE: a RESULT that is
                                    rewritten after every suite, continued
                                    by the next run and marked aborted in
                                    place, so a regular file, no stream */
  SK_OUTFILE_MERGED,             /* skampi-merge -o, @POSTPROC's merge */
  SK_OUTFILE_JOURNAL,            /* OUT.journal */
  SK_OUTFILE_LOG,                /* @LOGFILE */
  SK_OUTFILE_PDF,                /* skampi-report -o */
  SK_OUTFILE_SCRIPT,             /* skampi-report --script */
  SK_OUTFILE_CSV,                /* skampi-report --csv DIR */
  SK_OUTFILE_CSV_FILE,           /* one file skampi-report writes in DIR */
  SK_OUTFILE_SVG,                /* skampi-db plot -o FILE.svg */
  SK_OUTFILE_ANY_NEW             /* anything that must be new */
} sk_outfile_kind_t;

/* The program's inputs: an output that is one of them is refused.  The
 * paths (and the array) are borrowed and must outlive every handle and
 * call that is given them. */
typedef struct sk_outfile_inputs {
  const char *const *paths;
  size_t n;
} sk_outfile_inputs_t;

/* ---- the rule ---------------------------------------------------------- */

/* 0 when path may be written as an output of this kind, -1 (why) when it
 * may not, or when it cannot be examined.  in may be NULL. */
int sk_outfile_check(const char *path, sk_outfile_kind_t kind,
                     const sk_outfile_inputs_t *in, char *why,
                     size_t whylen);

/* 1 when path and other name the same file (both followed through
 * symbolic links), 0 when not or when either does not exist. */
int sk_outfile_same(const char *path, const char *other);

/* The noun of a kind as the messages use it ("a skampi result file"). */
const char *sk_outfile_kind_name(sk_outfile_kind_t kind);

/* ---- atomic replacement ------------------------------------------------ */

/* An output being written.  fp and tmp may be used (tmp: a program such
 * as gnuplot may write the file by name; fp then stays unwritten); the
 * rest is the module's. */
typedef struct sk_outfile {
  FILE *fp;                  /* the temporary, open for writing */
  char *tmp;                 /* its path: "DIR/.NAME.XXXXXX" beside the
                                target, or in $TMPDIR for a stream */
  char *path;                /* the output as the caller named it */
  char *dest;                /* what is replaced: path, links resolved */
  sk_outfile_kind_t kind;
  const sk_outfile_inputs_t *in;   /* borrowed */
  int fresh;                 /* the target did not exist at the check */
  int stream;                /* the target is a FIFO or character device */
} sk_outfile_t;

/* Checks path (sk_outfile_check) and creates its temporary with
 * mkstemp(3) -- O_EXCL, so no planted file or link is ever followed --
 * in the directory of the target (after symbolic links), mode 0666 less
 * the umask.  For a FIFO or character device the temporary goes to
 * $TMPDIR (else /tmp) and is copied into the stream at commit, so that a
 * reader sees the whole output or nothing.  The handle is the caller's:
 * sk_outfile_commit() or sk_outfile_abort() frees it.  NULL (why) when
 * refused or when the temporary cannot be made. */
sk_outfile_t *sk_outfile_open(const char *path, sk_outfile_kind_t kind,
                              const sk_outfile_inputs_t *in, char *why,
                              size_t whylen);

/* Flushes, fsyncs and closes the temporary, checks the target again
 * (something may have appeared there since the open), and then
 *   - a target that did not exist: link(2)s the temporary to it, which
 *     fails rather than replace a file planted in between (rename(2)
 *     when the file system has no hard links);
 *   - a regular file: rename(2)s the temporary over it;
 *   - a FIFO or character device: copies the temporary into it.
 * fsync, because the result file may be the only record of hours of
 * measurement, and a rename without it can leave an empty file after a
 * crash on file systems that delay allocation (ext4, XFS).  Frees h and
 * the temporary whatever happens; 0, or -1 (why) with the target as it
 * was (a stream may have received part of the output). */
int sk_outfile_commit(sk_outfile_t *h, char *why, size_t whylen);

/* sk_outfile_commit() that also hands back a descriptor of the file
 * committed (*fd, read-write, close-on-exec, the caller's to close), so
 * that the caller can later append to the very file it wrote and tell
 * whether the path still names it (skampi's result file,
 * src/engine/resultfile.c); *fd is -1 when the commit failed.  Not for
 * a stream (FIFO or device): -1 (why) then. */
int sk_outfile_commit_keep(sk_outfile_t *h, int *fd, char *why,
                           size_t whylen);

/* Closes and removes the temporary and frees h.  h NULL is fine. */
void sk_outfile_abort(sk_outfile_t *h);

/* ---- appending (journal, log) ------------------------------------------ */

#define SK_OUTFILE_TRUNCATE 1   /* empty the file once it passed the check */

/* Opens path for appending, read-write (the journal reads back its last
 * line), with O_NOFOLLOW (a symbolic link is refused) and O_CLOEXEC,
 * creating it with mode 0644 less the umask.  An existing file must be
 * of the kind (JOURNAL or LOG), not an input, and a regular file; a LOG
 * may also be a FIFO or a character device.  flags: 0 or
 * SK_OUTFILE_TRUNCATE.  Returns the descriptor (the caller's), or -1
 * (why).  A file created here and then refused is removed again. */
int sk_outfile_open_append(const char *path, sk_outfile_kind_t kind,
                           const sk_outfile_inputs_t *in, int flags,
                           char *why, size_t whylen);

/* ---- --fresh ----------------------------------------------------------- */

/* Moves path aside to path.bak for skampi --fresh.  Only a regular file
 * of the kind (not a link, a directory, a stream or an input) is moved,
 * and only over a path.bak that is missing or a regular file of the same
 * kind.  1 when there was nothing to move, 0 when moved, -1 (why) when
 * refused or when the rename failed. */
int sk_outfile_backup(const char *path, sk_outfile_kind_t kind,
                      const sk_outfile_inputs_t *in, char *why,
                      size_t whylen);

/* ---- paths named by a suite file --------------------------------------- */

/* The paths a suite file may name for @OUTFILE and @LOGFILE (key: the
 * name for the message, "OUTFILE"): relative, without a component ".."
 * or starting with '.', without control characters, not empty.  A suite
 * file from elsewhere thus cannot reach ~/.ssh or ~/.bashrc nor leave
 * the directory of the run; a user who wants that says so with -o.
 * Lexical only (no file is looked at): the checker can call it. */
int sk_outfile_suite_path(const char *key, const char *path, char *why,
                          size_t whylen);

/* sk_outfile_suite_path() and then sk_outfile_check() with the suite
 * file counted among the inputs: for the run, before anything is
 * written. */
int sk_outfile_check_suite(const char *key, const char *path,
                           sk_outfile_kind_t kind, const char *suite,
                           const sk_outfile_inputs_t *in, char *why,
                           size_t whylen);

#endif
