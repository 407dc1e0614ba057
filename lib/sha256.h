/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sha256.h -- SHA-256 (FIPS 180-4) of a buffer or a file, to record which
 * suite file a result came from.  No MPI, no dependency.
 */
#ifndef SK_SHA256_H
#define SK_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct sk_sha256 {
  uint32_t h[8];
  uint64_t length;           /* bytes hashed so far */
  unsigned char block[64];
  size_t fill;               /* bytes waiting in block */
} sk_sha256_t;

void sk_sha256_init(sk_sha256_t *s);
void sk_sha256_update(sk_sha256_t *s, const void *data, size_t n);
/* Writes the digest as 64 lowercase hex digits and a NUL into hex[65]. */
void sk_sha256_final(sk_sha256_t *s, char hex[65]);

/* Whether the SHA instructions of the processor do the rounds (x86-64
 * with the SHA extensions; the same digests, about eight times as fast
 * as the portable rounds, which matters when skampi-db import hashes
 * every file).  By default they do where the processor has them;
 * USE = 0 turns them off for the process, USE = 1 on again where
 * available.  Returns 1 when they are in use.  For the tests, which
 * check both. */
int sk_sha256_hw(int use);

/* The digest of the file at path; -1 if it cannot be read. */
int sk_sha256_file(const char *path, char hex[65]);

#endif
