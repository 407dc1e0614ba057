/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * journal.h -- the run journal beside the result file (FILE.journal): an
 * append-only text file, one fsync'ed line per event, so that after any
 * crash it tells which suite was running and at which argument.  The
 * format is in doc/robustness.md.  No MPI here; rank 0 alone writes it.
 */
#ifndef SK_JOURNAL_H
#define SK_JOURNAL_H

#include <stddef.h>

#include "outfile.h"

/* An "io" line: a run made MPI-IO files of this token (lib/iodir.h) on
 * this many processes. */
typedef struct sk_journal_io {
  char token[20];
  int processes;
} sk_journal_io_t;

#define SK_JOURNAL_IO_MAX 256

/* What an existing journal says about the suites of a plan. */
typedef struct sk_journal_state {
  char sha256[65];        /* of the suite file it was written for */
  size_t n;               /* suites of the plan */
  int *crashes;           /* attempts that brought the run down: no line
                             at all after their begin, or SIGTERM */
  int *hung;              /* the watchdog ended an attempt */
  int *ended;             /* an attempt ended normally */
  long *last_arg;         /* last argument begun */
  int *has_arg;
  char finish[16];        /* the last run's "finish STATUS", or "" */
  sk_journal_io_t *io;    /* the MPI-IO files earlier runs made, each
                             token once, at most SK_JOURNAL_IO_MAX */
  size_t nio, capio;
} sk_journal_state_t;

/* Reads the journal at path for a plan whose suites are names[0..n-1].
 * Returns 0, 1 when there is no journal (st is then all zero), -1 with a
 * message in err when it cannot be read or belongs to other suites. */
int sk_journal_read(const char *path, const char *const *names, size_t n,
                    sk_journal_state_t *st, char *err, size_t errlen);
void sk_journal_state_free(sk_journal_state_t *st);

/* Opens path for appending (creating it with its header when new, and
 * cutting off a last line without its newline first) and
 * takes an exclusive flock(2) on it for as long as the process lives;
 * -1 with errno set (EWOULDBLOCK: another process holds it) and the
 * sentence in why.  Never through a symbolic link, and only a journal
 * (or an empty file) that is none of the inputs in (lib/outfile.h,
 * sk_outfile_open_append()).  One journal per process. */
int sk_journal_open(const char *path, const char *sha256,
                    const sk_outfile_inputs_t *in, char *why,
                    size_t whylen);
/* Lines; each is written whole and fsync'ed.  A name and a reason are
 * written escaped (lib/escape.h), cut to 256 bytes; sk_journal_read()
 * compares the plan's names escaped the same way.  -1 (errno set) when
 * writing failed: then, and for every later line, which is no longer
 * written (a cut line would spoil the next). */
int sk_journal_start(int processes, const char *iso_time);
int sk_journal_begin(size_t k, const char *name);   /* k is 1-based */
int sk_journal_arg(long arg);
int sk_journal_end(const char *status);
/* "pause K": suite K stops after a point and goes on later (interleaved
 * points, --shuffle); no suite is running until the next begin. */
int sk_journal_pause(void);
int sk_journal_crashed(size_t k, const char *why);
int sk_journal_finish(const char *status);
/* "io K TOKEN PROCESSES": the suite running now makes MPI-IO files named
 * by token (lib/iodir.h), written before the first of them exists. */
int sk_journal_io(const char *token, int processes);
void sk_journal_close(void);
/* 0 while every line since sk_journal_open() was written, else the errno
 * of the first that was not.  A run stops then (doc/robustness.md): the
 * journal would no longer tell where a crash happened. */
int sk_journal_error(void);
/* 1 when a live process holds the lock of the journal at path (a run is
 * writing it), 0 when none does or there is no journal, -1 when it
 * cannot tell (no locks on that file system, no permission). */
int sk_journal_held(const char *path);

/* For signal handlers (async-signal-safe): the suite running now (its
 * 1-based number and name, 0 when none) and its last argument. */
size_t sk_journal_current(const char **name, long *arg, int *has_arg);
/* Async-signal-safe lines for the suite running now:
 * "hung K ARG SECONDS" and "interrupted K SIGNAL". */
void sk_journal_hung_now(unsigned seconds);
void sk_journal_interrupted_now(const char *signame);

#endif
