/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfile_load.h -- the one reader of a skampi result file
 * (doc/output-format.md), for skampi-report, skampi-db and, suite by
 * suite, skampi-merge and @POSTPROC (lib/merge.c).
 */
#ifndef SK_RFILE_LOAD_H
#define SK_RFILE_LOAD_H

#include "rfile.h"
#include "yread.h"

/* Load PATH into *out (the caller's; sk_rfile_free()).  Returns -1 with
 * every problem found already printed as FILE:LINE:COL: error: ...: an
 * unreadable file, malformed YAML, a schema_version newer than
 * SK_SCHEMA_VERSION, or a value of the wrong type. */
int sk_rfile_load(const char *path, sk_rfile_t **out);

/* The same from LEN bytes of BUF (borrowed) already read from PATH, so
 * that what is parsed is exactly what the caller has (skampi-db hashes
 * and keeps those bytes); messages name PATH. */
int sk_rfile_load_mem(const char *path, const void *buf, size_t len,
                      sk_rfile_t **out);

/* One suite, NODE (an item of `suites` of a document Y holds), into *S
 * (zeroed by the caller, who frees it with sk_rfile_suite_free()), as
 * sk_rfile_load() reads each: every value checked (rcheck.h), points
 * sorted by argument; RUNS is merged.runs of a merged file, else -1.
 * With LEAVE a point with a time out of range is left out with a
 * warning (yread.h, soft), as skampi-report and skampi-db read; without
 * it (skampi-merge, --compare: every run must have every point) that is
 * an error.  Returns -1 when it printed an error (counted in
 * y->errors). */
int sk_rfile_load_suite(sk_yread_t *y, sk_ynode_t *node, sk_rfile_suite_t *s,
                        long runs, int leave);

/* A program's own demand of every point of suite NODE beyond what the
 * reader checks (skampi-merge: a value and a median; --compare: the run
 * medians): NEED is called on each point that is a mapping and says what
 * is missing with sk_yread_error().  -1 when it returned -1 for any. */
int sk_rfile_load_need(sk_yread_t *y, sk_ynode_t *node,
                       int (*need)(sk_yread_t *y, sk_ynode_t *point));

#endif
