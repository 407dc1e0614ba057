/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * resume.h -- the suites of an earlier result file, kept as they are when
 * an interrupted run is continued (doc/robustness.md).  No MPI here.
 *
 * The file is read with libyaml and every suite entry is kept as its
 * sequence of events, so that the new result file holds the very same
 * entry (same values, same text) without this module knowing its fields.
 */
#ifndef SK_RESUME_H
#define SK_RESUME_H

#include <stddef.h>

#include "emit.h"

typedef struct sk_resume sk_resume_t;

/* Reads the result file at path; NULL with a message in err (n bytes)
 * when it cannot be read or is no skampi result file. */
sk_resume_t *sk_resume_load(const char *path, char *err, size_t n);
void sk_resume_free(sk_resume_t *r);

/* suite_file.sha256 of the file, or "" when it has none. */
const char *sk_resume_sha256(const sk_resume_t *r);
/* run.status of the file ("running", "complete", ...), or "". */
const char *sk_resume_run_status(const sk_resume_t *r);
/* Number of suite entries, and the name of entry i ("" if it has none). */
size_t sk_resume_count(const sk_resume_t *r);
const char *sk_resume_name(const sk_resume_t *r, size_t i);
/* The status of entry i ("complete", "failed", ...; "" if it has none). */
const char *sk_resume_status(const sk_resume_t *r, size_t i);
/* Index of the entry named name, or -1. */
long sk_resume_find(const sk_resume_t *r, const char *name);
/* Emits entry i again; -1 when the emitter failed. */
int sk_resume_emit(const sk_resume_t *r, size_t i, sk_emit_t *e);

#endif
