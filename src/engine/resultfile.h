/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * resultfile.h -- the result file of a run, grown by appending (doc/
 * robustness.md, "The result file is always whole").  Rank 0 only; no
 * MPI here.
 *
 * The first write of a run is whole: a temporary file renamed over the
 * result file (sk_result_write()'s way), with two things added to the
 * text: after the `run:` mapping a comment line of blanks that gives the
 * mapping room to grow (a finished run's status and end_time), and, only
 * when a region written in place later would cross a 4 KiB page, blank
 * lines that move it to the next page.  The file stays open, and each
 * later write changes it in place, in this order:
 *
 *   1. the new suites' text and a new end marker "...\n" go after the
 *      end of the file (pwrite): the old document, ended by the old
 *      marker, is still all there is before it;
 *   2. the old end marker "...\n" becomes the comment line "#  \n" (or,
 *      when the list was empty, "suites: []\n...\n" becomes "suites:\n"
 *      and a comment line of the same length): one write of 4 or 15
 *      bytes that crosses no page, so the new document replaces the old
 *      one at once; then fdatasync;
 *   3. `run:` and its room are written again, the same number of bytes
 *      in the same place (the status, end_time and wall_time of now),
 *      and fdatasync.
 *
 * The run's `noise` (judged when the run ends) is appended the same way
 * after the last suite, once; a suite to append after it makes the
 * write whole.
 *
 * Every suite is thus written once; the bytes written over a run are the
 * final size plus about 200 per suite.  The first document of the file
 * always holds every suite written so far.  Between the two system calls
 * of 1 and 2 the new suites stand after the old end marker: a reader
 * that reads the file in that moment finds text after the end of the
 * document (refused, located) and reads a whole file a moment later; a process killed
 * there, or lost power that kept one write and not the other, leaves
 * the file so (or with the old marker a comment and nothing after it),
 * and the next run into it keeps the first document (src/engine/
 * resume.c reads no further) and writes the file whole.  Whatever the
 * in-place writes cannot do -- the path no longer names the file
 * written, its size changed, suites to drop, a run mapping grown past
 * its room -- a whole write does instead.
 */
#ifndef SK_RESULTFILE_H
#define SK_RESULTFILE_H

#include <stddef.h>

#include "outfile.h"
#include "result.h"

typedef struct sk_resultfile {
  int fd;                   /* the file last written whole, or -1 */
  unsigned long long dev, ino;
  long long size;           /* its bytes as this run left them */
  long long run_at;         /* where `run:` starts */
  size_t run_room;          /* bytes of `run:` and its comment line */
  size_t tail;              /* 4 ("...\n") or 15 ("suites: []\n...\n"):
                             * what the next append turns into comments */
  size_t nsuites;           /* r->nsuites in the file */
  int trailer;              /* the run's noise follows the suites: no
                             * suite can be appended after it */
  unsigned long long written;   /* bytes handed to write(2) for it, all
                                 * writes of the run together */
} sk_resultfile_t;

void sk_resultfile_init(sk_resultfile_t *f);

/* Brings the file at path up to r: appends r's suites not yet in it and
 * rewrites `run:` in place, or writes it whole (the first time, or when
 * the in-place writes cannot do: see above), as an output of kind RUN
 * that is none of the inputs in.  on_tmp as for sk_result_write().  0,
 * or -1 with the sentence in why and the file as the last successful
 * write left it. */
int sk_resultfile_write(sk_resultfile_t *f, const sk_result_t *r,
                        const char *path, const sk_outfile_inputs_t *in,
                        void (*on_tmp)(const char *tmp), char *why,
                        size_t whylen);

/* Closes the file (f stays usable: the next write is whole). */
void sk_resultfile_close(sk_resultfile_t *f);

#endif
