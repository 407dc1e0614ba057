/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * iodir.h -- the directory of the MPI-IO instances (@IO_DIRECTORY) and
 * the names of the files skampi makes in it.  No MPI here.
 *
 * A suite file names only the directory; every file name in it is
 * skampi's own: "skampi-io-TOKEN.dat" for the file all processes share
 * and "skampi-io-TOKEN-RANK.dat" for a process's own file, where TOKEN
 * is 16 lowercase hex digits chosen at random per run and recorded in
 * the journal before any file is made, so that a later run removes what
 * a killed one left (doc/robustness.md).  The instances create their
 * files with MPI_MODE_EXCL, so a name that exists is never written over.
 */
#ifndef SK_IODIR_H
#define SK_IODIR_H

#include <stddef.h>

/* Characters of a token, without the terminating NUL. */
#define SK_IODIR_TOKEN 16

/* The longest directory name accepted: room for a file name after it
 * within the usual PATH_MAX of 4096. */
#define SK_IODIR_MAX 3072

/* Is dir a directory skampi may make its files in?  0 when it is; -1
 * with the sentence in why ("'DIR' does not exist", "'DIR' is not a
 * directory", "'DIR' is not writable", ..., the name escaped,
 * lib/escape.h) when it is not empty, too long, holds a control
 * character, does not exist, is no directory or cannot be written. */
int sk_iodir_check(const char *dir, char *why, size_t whylen);

/* Is t a token as sk_iodir_token() makes them (16 lowercase hex)? */
int sk_iodir_token_ok(const char *t);

/* A new token into t (SK_IODIR_TOKEN + 1 bytes): from /dev/urandom, or
 * the time and the process id where that cannot be read. */
void sk_iodir_token(char *t);

/* The path of a file in dir (NULL: ".") for token: the shared file when
 * rank < 0, else rank's own.  0, or -1 when it does not fit in size or
 * token is none of sk_iodir_token()'s. */
int sk_iodir_path(const char *dir, const char *token, int rank, char *buf,
                  size_t size);

/* Removes the files of token in dir that processes 0..nprocs-1 may have
 * left (the shared file and each process's own); files that are not
 * there are no error.  Returns how many were removed. */
int sk_iodir_sweep(const char *dir, const char *token, int nprocs);

#endif
