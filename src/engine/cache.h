/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cache.h -- the cold-cache mode (Cache = Cold): the size of the
 * last-level cache, and a buffer of that size written over between
 * repetitions so the message buffers are evicted (no MPI).
 */
#ifndef SK_CACHE_H
#define SK_CACHE_H

#include <stddef.h>

/* The largest cache of the highest level that holds data (type Data or
 * Unified) among root/indexN/ (root: normally
 * "/sys/devices/system/cpu/cpu0/cache"), in bytes; 0 when unreadable.
 * Sizes are read as "32768K", "32M" or a plain number of bytes. */
size_t sk_cache_llc_size(const char *root);

typedef struct sk_cache {
  unsigned char *buf;
  size_t size;
  unsigned round;       /* changes the bytes written each time */
} sk_cache_t;

/* A buffer of size bytes, touched once; -1 when out of memory. */
int sk_cache_init(sk_cache_t *c, size_t size);
void sk_cache_free(sk_cache_t *c);

/* Writes every byte of the buffer and reads one per 64-byte line back,
 * so the whole buffer passes through the cache.  ctx is an sk_cache_t;
 * the signature suits measure.h's between-repetitions hook. */
void sk_cache_flush(void *ctx);

#endif
