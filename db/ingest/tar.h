/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tar.h -- a campaign archive: the tar (ustar, or GNU tar's default
 * format) of a skampi-run directory, as `tar -cf` makes it, read from
 * memory and written to memory (doc/database.md, "Uploads and tokens").
 *
 * The reader is bounded and trusts nothing: every header's checksum is
 * checked, sizes must fit in what was sent, at most SK_TAR_MAX_ENTRIES
 * entries, names of at most 255 bytes without "..", a leading '/',
 * control characters or more than one directory level.  Only regular
 * files and directories are taken (pax headers are skipped); a link,
 * device or any other entry refuses the archive.  Names are never used
 * as paths: they choose which entries are imported, and in what order,
 * and name them in messages.
 */
#ifndef SK_TAR_H
#define SK_TAR_H

#include <stddef.h>

#define SK_TAR_MAX_ENTRIES 4096
#define SK_TAR_BLOCK 512

/* One file of an archive: its name's last part, its bytes (inside the
 * archive, borrowed). */
typedef struct sk_tar_file {
  char name[256];
  const char *data;
  size_t len;
} sk_tar_file_t;

/* Whether the LEN bytes at BYTES start with a tar header (its magic). */
int sk_tar_is(const void *bytes, size_t len);

/* Reads the archive and chooses its files as `skampi-db import DIR`
 * chooses them in a directory: the runs runs.txt names (in its order),
 * else run-*.yaml by name, then merged.yaml; in an archive of neither,
 * every *.yaml by name.  *files is the caller's to free (the data stays
 * in BYTES).  0, or -1 with one located sentence in ERR ("byte 1536,
 * entry 3 'x/run-1.yaml': ..."). */
int sk_tar_campaign(const void *bytes, size_t len, sk_tar_file_t **files,
                    size_t *n, char *err, size_t errlen);

/* Appends a ustar entry for the regular file NAME (at most 99 bytes,
 * no '/') with LEN bytes at DATA to *buf (realloc'ed, *len its size);
 * sk_tar_end() closes the archive.  0 or -1 (out of memory). */
int sk_tar_add(char **buf, size_t *len, const char *name, const void *data,
               size_t dlen);
int sk_tar_end(char **buf, size_t *len);

#endif
