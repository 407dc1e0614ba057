/*
 * instance.h -- the metadata of every pattern instance (no MPI here).
 *
 * The rows come from instances.def; the MPI side (src/patterns*.c) builds
 * its table of functions from the same file.
 */
#ifndef SK_INSTANCE_H
#define SK_INSTANCE_H

#include <stddef.h>

typedef enum {
  SK_PATTERN_PINGPONG,
  SK_PATTERN_COLLECTIVE,
  SK_PATTERN_MASTER_WORKER,
  SK_PATTERN_SIMPLE
} sk_pattern_t;

/* Variations, as a bit set in sk_instance_t.variations. */
enum {
  SK_VAR_NONE = 1u << 0,
  SK_VAR_LENGTH = 1u << 1,
  SK_VAR_NODES = 1u << 2,
  SK_VAR_CHUNKS = 1u << 3
};

typedef struct sk_instance {
  int number;              /* the suite key Type */
  const char *name;        /* the name accepted by Type = NAME; */
  sk_pattern_t pattern;
  unsigned variations;     /* SK_VAR_* bits */
  int implemented;         /* 0 for a row whose code is still to come */
  const char *summary;     /* one line for --list and the docs */
} sk_instance_t;

/* The whole table, in instances.def order; *count receives its length. */
const sk_instance_t *sk_instance_table(size_t *count);

/* Look-ups; NULL when there is no such instance. */
const sk_instance_t *sk_instance_by_number(int number);
const sk_instance_t *sk_instance_by_name(const char *name);

/* "pingpong", "collective", "master_worker", "simple". */
const char *sk_pattern_name(sk_pattern_t pattern);

#endif
