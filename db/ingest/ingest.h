/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ingest.h -- one result file (a run or a merged file) into the database,
 * as one transaction: all of it or nothing (doc/database.md, "import").
 */
#ifndef SK_INGEST_H
#define SK_INGEST_H

#include <stddef.h>
#include <stdint.h>

#include "peer.h"
#include "store.h"

typedef struct sk_ingest_opts {
  const char *machine;        /* --machine NAME, or NULL: the rule */
  char *const *tags;          /* "KEY=VALUE" each, borrowed */
  size_t ntags;
  const char *now;            /* the import time written, ISO 8601 UTC */
  /* another benchmark's output (peer.h): its kind, the MPI library and
   * the processes it does not record (--library, --np: -1 unknown) */
  int peer;                   /* 0: a skampi result file, 1: PEER_KIND */
  sk_peer_kind_t peer_kind;
  const char *library;
  long np;
  int nofollow;               /* sk_ingest_file: a file of a directory,
                                 not read through a symbolic link */
} sk_ingest_opts_t;

typedef struct sk_ingest_result {
  int64_t run;                /* the run's id (new or the one there) */
  int added;                  /* 1 new, 0 the same content was there */
  long nsuites, npoints;
  int merged;                 /* a merged file (with a campaign) */
} sk_ingest_result_t;

/* What went wrong (both < 0, so "< 0" means "not imported"). */
enum {
  SK_INGEST_BAD = -1,       /* the file: unreadable, malformed, refused */
  SK_INGEST_FAILED = -2     /* the database (or memory), not the file */
};

/* Reads PATH with the hardened reader (lib/rfile_load.h, lib/yread.h)
 * and stores it.  0 with *res filled, or SK_INGEST_BAD / SK_INGEST_FAILED
 * with every problem printed (located where it has a place) and nothing
 * of the file stored. */
int sk_ingest_file(sk_store_t *st, const char *path,
                   const sk_ingest_opts_t *o, sk_ingest_result_t *res);

/* With O->peer set, PATH is an OSU or IMB output (peer.h), read and
 * stored the same way: hashed, kept verbatim, all or nothing; its start
 * time is the IMB header's date, or an OSU file's modification time. */

/* The same for LEN bytes at BYTES (borrowed), read as the file NAME:
 * messages name it, the run's source is NAME, and excerpts under the
 * messages come from BYTES, never from a file of that name
 * (sk_msg_source).  sk_ingest_file reads the file and calls this. */
int sk_ingest_mem(sk_store_t *st, const char *name, const void *bytes,
                  size_t len, const sk_ingest_opts_t *o,
                  sk_ingest_result_t *res);

/* The machine identity and name the rule gives a file (doc/database.md,
 * "Identity"): MACHINE the @MACHINE value or NULL, HOSTS the ranks' host
 * names, CPU the CPU model or NULL, CORES -1 when not recorded; OVERRIDE
 * the --machine name or NULL.  Both strings are the caller's. */
int sk_ingest_identity(const char *override, const char *machine,
                       char *const *hosts, size_t nhosts, const char *cpu,
                       long cores, char **identity, char **name,
                       char **distinct_hosts);

/* The time a run is imported or a token made: $SOURCE_DATE_EPOCH when
 * set (reproducible tests), else now; ISO 8601 UTC into buf[32]. */
void sk_ingest_now(char buf[32]);

#endif
