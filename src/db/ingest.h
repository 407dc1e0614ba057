/*
 * ingest.h -- one result file (a run or a merged file) into the database,
 * as one transaction: all of it or nothing (doc/database.md, "import").
 */
#ifndef SK_INGEST_H
#define SK_INGEST_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

typedef struct sk_ingest_opts {
  const char *machine;        /* --machine NAME, or NULL: the rule */
  char *const *tags;          /* "KEY=VALUE" each, borrowed */
  size_t ntags;
  const char *now;            /* the import time written, ISO 8601 UTC */
} sk_ingest_opts_t;

typedef struct sk_ingest_result {
  int64_t run;                /* the run's id (new or the one there) */
  int added;                  /* 1 new, 0 the same content was there */
  long nsuites, npoints;
  int merged;                 /* a merged file (with a campaign) */
} sk_ingest_result_t;

/* Reads PATH with the hardened reader (lib/rfile_load.h, lib/yread.h)
 * and stores it.  0 with *res filled, or -1 with every problem printed
 * (located where it has a place) and nothing of the file stored. */
int sk_ingest_file(sk_store_t *st, const char *path,
                   const sk_ingest_opts_t *o, sk_ingest_result_t *res);

/* The machine identity and name the rule gives a file (doc/database.md,
 * "Identity"): MACHINE the @MACHINE value or NULL, HOSTS the ranks' host
 * names, CPU the CPU model or NULL, CORES -1 when not recorded; OVERRIDE
 * the --machine name or NULL.  Both strings are the caller's. */
int sk_ingest_identity(const char *override, const char *machine,
                       char *const *hosts, size_t nhosts, const char *cpu,
                       long cores, char **identity, char **name,
                       char **distinct_hosts);

#endif
