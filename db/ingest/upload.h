/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * upload.h -- one result file sent to the server (POST /api/runs),
 * imported exactly as `skampi-db import` imports a file: the same reader,
 * one transaction, all of it or nothing, the same content twice is the
 * run already there (doc/database.md, "Uploads and tokens").
 */
#ifndef SK_UPLOAD_H
#define SK_UPLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

/* The largest upload taken (the server refuses a larger body with 413
 * before it calls sk_upload_import). */
#define SK_UPLOAD_MAX_BYTES (64u << 20)

/* What became of an upload, and the HTTP status that says it. */
typedef enum {
  SK_UPLOAD_OK = 0,         /* 201 Created: a new run, *run its id */
  SK_UPLOAD_DUPLICATE,      /* 200 OK: the same content is run *run */
  SK_UPLOAD_BAD,            /* 422: the file was refused; msg says where */
  SK_UPLOAD_TOO_LARGE,      /* 413: more than SK_UPLOAD_MAX_BYTES */
  SK_UPLOAD_FAILED          /* 500: the database (or memory) failed */
} sk_upload_status_t;

/* The HTTP status of STATUS (201, 200, 422, 413, 500). */
int sk_upload_http(int status);

/* Imports the LEN bytes at BYTES as the result file NAME (NULL or "":
 * "upload"; used in messages and as the run's source).  Every message
 * of the import (the reader's located ones with their excerpt taken from
 * BYTES, never from a file) goes into MSG (MSGLEN bytes, NUL-terminated,
 * cut with "..." when longer; "" when there is none) instead of stderr;
 * a message about NAME names it with its control characters escaped.
 * *RUN is the new or existing run's id, 0 when none.  Nothing of a
 * refused file is stored.  Thread-safe for threads with stores of their
 * own (the messages are captured per thread).  BYTES, NAME borrowed.
 *
 * BYTES that are a tar archive (tar.h) are the skampi-run directory it
 * holds: its files chosen and ordered as import DIR chooses them, each
 * named NAME/FILE, all imported in one transaction or (one refused) none;
 * OK when one of them was new, DUPLICATE when all were there already,
 * *RUN merged.yaml's run (else the last file's); a bad archive is BAD
 * with the reader's located sentence. */
int sk_upload_import(sk_store_t *st, const void *bytes, size_t len,
                     const char *name, char *msg, size_t msglen,
                     int64_t *run);

/* At most this many tags label an upload, each at most this long. */
#define SK_UPLOAD_TAGS 16
#define SK_UPLOAD_TAG_MAX 256

/* NULL when TAG is one an upload may carry: KEY=VALUE with KEY not
 * empty, at most SK_UPLOAD_TAG_MAX bytes, no control character; else
 * the reason (a static string). */
const char *sk_upload_tag_check(const char *tag);

/* sk_upload_import() with the runs labelled by TAGS ("KEY=VALUE" each,
 * checked by the caller with sk_upload_tag_check(); borrowed), as
 * `skampi-db import --tag` labels them. */
int sk_upload_import_tagged(sk_store_t *st, const void *bytes, size_t len,
                            const char *name, char *const *tags,
                            size_t ntags, char *msg, size_t msglen,
                            int64_t *run);

#endif
