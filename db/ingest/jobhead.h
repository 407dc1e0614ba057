/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * jobhead.h -- the batch system's job of a stored run (factors.batch of
 * its result file: system, job_id, partition, ...), read back from the
 * head of the original file the database keeps, for skampi-db show and
 * /api/runs/ID.
 */
#ifndef SK_JOBHEAD_H
#define SK_JOBHEAD_H

#include <stddef.h>
#include <stdint.h>

#include "rfile.h"
#include "store.h"

/* Bytes of a stored file's head read for its batch factors: a head
 * (everything before `suites`) longer than this shows no batch job. */
#define SK_JOBHEAD_HEAD_MAX (4u << 20)
/* The most entries, and bytes of a key and a value, taken from a file
 * (skampi writes at most 18 entries of at most 1 KiB). */
#define SK_JOBHEAD_ENTRIES_MAX 32
#define SK_JOBHEAD_KEY_MAX 64
#define SK_JOBHEAD_VALUE_MAX 4096

/* The entries of factors.batch of the LEN bytes at BUF (borrowed), a
 * result file, or with CUT its first LEN bytes, in file order, as new
 * copies into *KV (the caller frees them with sk_jobhead_free()) and their
 * count into *N.  Only the head is parsed: the bytes before the line
 * "suites:" (the whole buffer without one, but with CUT none: the head
 * may go on beyond it).  A head without the mapping, one that is not
 * YAML, or a batch that is not a mapping gives none; an entry that is
 * not text or is beyond the limits above is left out.  Nothing is
 * printed.  -1 only when out of memory (message given). */
int sk_jobhead_parse(const void *buf, size_t len, int cut, sk_rfile_kv_t **kv,
                   size_t *n);

/* The same for stored run RUN, from the first SK_JOBHEAD_HEAD_MAX bytes of
 * its original file.  -1 (message given) when the run cannot be read. */
int sk_jobhead_of_run(sk_store_t *st, int64_t run, sk_rfile_kv_t **kv,
                    size_t *n);

void sk_jobhead_free(sk_rfile_kv_t *kv, size_t n);

#endif
