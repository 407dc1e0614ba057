/*
 * pubdir.h -- the directory skampi-db publish writes (doc/database.md,
 * "A static site"): created when missing, refused when it holds files
 * but no marker of an earlier publish (unless forced), and written only
 * through descriptors: every file is made new under a temporary name
 * (O_EXCL, O_NOFOLLOW) in a directory opened without following a
 * symbolic link, then renamed over the old one, so that nothing outside
 * the directory is ever written, whatever links an earlier occupant
 * left in it.  Names are skampi's own (never a text of the database).
 */
#ifndef SK_PUBDIR_H
#define SK_PUBDIR_H

#include <stddef.h>

/* The marker file of a published directory. */
#define SK_PUBDIR_MARKER ".skampi-publish"

/* Opens (making it when missing) the directory PATH for publishing.
 * FORCE: write into a directory of other files too.  The descriptor, or
 * -1 with the message printed. */
int sk_pubdir_open(const char *path, int force);

/* The subdirectory NAME of DIR (made when missing, refused when it is
 * a symbolic link or not a directory); CLEAN: its regular files are
 * removed first (an earlier publish's).  A descriptor, or -1 (message
 * printed; PATH names DIR in it). */
int sk_pubdir_sub(int dir, const char *path, const char *name, int clean);

/* Writes LEN bytes at DATA as the file NAME of DIR (replaced whole);
 * 0, or -1 with the message printed. */
int sk_pubdir_write(int dir, const char *path, const char *name,
                    const void *data, size_t len);

/* Copies the file SRC (at most 16 MiB) to NAME in DIR; 0 or -1. */
int sk_pubdir_copy(int dir, const char *path, const char *name,
                   const char *src);

#endif
