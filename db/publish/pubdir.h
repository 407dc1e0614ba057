/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pubdir.h -- the directory skampi-db publish writes (doc/database.md,
 * "A static site").  Publish removes and replaces only files it wrote
 * itself: the directory's manifest (SK_PUBDIR_MARKER) lists every file
 * of the site with its SHA-256, and a file is the site's only while its
 * content is what publish wrote.  A directory holding anything else is
 * refused unless forced; forced, publish writes beside the other files
 * and never removes, replaces or writes through one of them (a file of
 * another in the way of one of the site's names is an error).
 *
 * While it writes, publish holds a lock on the directory (flock on its
 * descriptor), so a second publish fails at once with a message instead
 * of mixing two sites, and it keeps a journal (SK_PUBDIR_JOURNAL) of
 * every file it is about to make, so that a publish killed half-way
 * leaves nothing the next one cannot account for.  Every file is made
 * new under a temporary name (O_EXCL, O_NOFOLLOW) in a directory opened
 * without following a symbolic link, then renamed into place.  Names
 * are skampi's own (never a text of the database).
 */
#ifndef SK_PUBDIR_H
#define SK_PUBDIR_H

#include <stddef.h>

#include "pubman.h"

/* The manifest: the files of the site in this directory. */
#define SK_PUBDIR_MARKER SK_PUBMAN_MARKER
/* The journal of a publish under way (removed when it finishes). */
#define SK_PUBDIR_JOURNAL SK_PUBMAN_JOURNAL
/* The manifest's first line. */
#define SK_PUBDIR_HEADER SK_PUBMAN_HEADER

typedef struct sk_pubdir sk_pubdir_t;

/* The directory itself among the handles of sk_pubdir_sub(). */
#define SK_PUBDIR_ROOT 0

/* Opens (making it when missing) the directory PATH for publishing:
 * locks it, reads its manifest and journal, and checks every entry of
 * it and of the site's subdirectories against them.  FORCE: write
 * beside entries publish cannot account for (kept untouched).  NULL
 * with the message printed. */
sk_pubdir_t *sk_pubdir_open(const char *path, int force);

/* The subdirectory NAME of the handle PARENT (made when missing, refused
 * when it is a symbolic link or not a directory); a handle, or -1
 * (message printed). */
int sk_pubdir_sub(sk_pubdir_t *d, int parent, const char *name);

/* Writes LEN bytes at DATA as the file NAME of the handle SUB (a file of
 * the earlier site replaced whole; any other entry of that name is an
 * error); 0, or -1 with the message printed. */
int sk_pubdir_write(sk_pubdir_t *d, int sub, const char *name,
                    const void *data, size_t len);

/* Copies the file SRC (at most 16 MiB) to NAME in SUB; 0 or -1. */
int sk_pubdir_copy(sk_pubdir_t *d, int sub, const char *name,
                   const char *src);

/* The site is complete: the earlier site's files not written again are
 * removed, the manifest lists this site's files, the journal goes.
 * 0, or -1 with the message printed. */
int sk_pubdir_finish(sk_pubdir_t *d);

/* Closes the directory and gives up the lock (after a failure the
 * journal stays for the next publish).  NULL is safe. */
void sk_pubdir_close(sk_pubdir_t *d);

#endif
