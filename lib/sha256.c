/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sha256.c -- SHA-256 written from FIPS 180-4.
 */
#include <config.h>

#include "sha256.h"

#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    defined(__has_include)
#if __has_include(<cpuid.h>) && __has_include(<immintrin.h>)
#define SK_SHA256_X86 1
#include <cpuid.h>
#include <immintrin.h>
#include <stdatomic.h>
#endif
#endif
#ifndef SK_SHA256_X86
#define SK_SHA256_X86 0
#endif

/* The first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes (FIPS 180-4, 4.2.2). */
static const uint32_t sk_sha256_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define SK_ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

void sk_sha256_init(sk_sha256_t *s)
{
  static const uint32_t h0[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
  };
  memcpy(s->h, h0, sizeof h0);
  s->length = 0;
  s->fill = 0;
}

/* Big-endian 32-bit word at P. */
static uint32_t sk_sha256_be32(const unsigned char *p)
{
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
         (uint32_t)p[3];
}

/* One round (FIPS 180-4, 6.2.2 step 3) on the eight working variables
 * named in rotated order, so that no round moves a value: the round
 * after it names them one place further on.  (Shifting an array of the
 * eight every round, as this did before, made hashing a fifth of the
 * time of an import.) */
#define SK_SHA256_ROUND(a, b, c, d, e, f, g, h, t)                         \
  do {                                                                     \
    uint32_t t1 = h + (SK_ROTR(e, 6) ^ SK_ROTR(e, 11) ^ SK_ROTR(e, 25)) +  \
                  ((e & f) ^ (~e & g)) + sk_sha256_k[t] + w[t];            \
    uint32_t t2 = (SK_ROTR(a, 2) ^ SK_ROTR(a, 13) ^ SK_ROTR(a, 22)) +      \
                  ((a & b) ^ (a & c) ^ (b & c));                           \
    d += t1;                                                               \
    h = t1 + t2;                                                           \
  } while (0)

static void sk_sha256_block(uint32_t hash[8], const unsigned char *p)
{
  uint32_t w[64], a = hash[0], b = hash[1], c = hash[2], d = hash[3],
           e = hash[4], f = hash[5], g = hash[6], h = hash[7];
  int t;
  for (t = 0; t < 16; t++)
    w[t] = sk_sha256_be32(p + 4 * t);
  for (t = 16; t < 64; t++) {
    uint32_t s0 = SK_ROTR(w[t - 15], 7) ^ SK_ROTR(w[t - 15], 18) ^
                  (w[t - 15] >> 3);
    uint32_t s1 = SK_ROTR(w[t - 2], 17) ^ SK_ROTR(w[t - 2], 19) ^
                  (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  for (t = 0; t < 64; t += 8) {
    SK_SHA256_ROUND(a, b, c, d, e, f, g, h, t);
    SK_SHA256_ROUND(h, a, b, c, d, e, f, g, t + 1);
    SK_SHA256_ROUND(g, h, a, b, c, d, e, f, t + 2);
    SK_SHA256_ROUND(f, g, h, a, b, c, d, e, t + 3);
    SK_SHA256_ROUND(e, f, g, h, a, b, c, d, t + 4);
    SK_SHA256_ROUND(d, e, f, g, h, a, b, c, t + 5);
    SK_SHA256_ROUND(c, d, e, f, g, h, a, b, t + 6);
    SK_SHA256_ROUND(b, c, d, e, f, g, h, a, t + 7);
  }
  hash[0] += a;
  hash[1] += b;
  hash[2] += c;
  hash[3] += d;
  hash[4] += e;
  hash[5] += f;
  hash[6] += g;
  hash[7] += h;
}

/* ---- the SHA extensions of x86 ---------------------------------------
 * Four rounds per pair of SHA256RNDS2 on the state split as ABEF and
 * CDGH, the schedule by SHA256MSG1/MSG2 (Intel's description of the
 * instructions, 2013).  Chosen at run time, when CPUID says the
 * processor has them (valgrind's CPUID says it has not). */
#if SK_SHA256_X86
#define SK_SHA256_HW_TARGET __attribute__((target("sha,sse4.1,ssse3")))

SK_SHA256_HW_TARGET
static void sk_sha256_blocks_hw(uint32_t hash[8], const unsigned char *p,
                                size_t nblocks)
{
  const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL,
                                      0x0405060700010203LL);
  __m128i t = _mm_loadu_si128((const __m128i *)(const void *)&hash[0]);
  __m128i st1 = _mm_loadu_si128((const __m128i *)(const void *)&hash[4]);
  __m128i st0, m[4], x, save0, save1;
  int g;
  t = _mm_shuffle_epi32(t, 0xB1);              /* CDAB */
  st1 = _mm_shuffle_epi32(st1, 0x1B);          /* EFGH */
  st0 = _mm_alignr_epi8(t, st1, 8);            /* ABEF */
  st1 = _mm_blend_epi16(st1, t, 0xF0);         /* CDGH */
  for (; nblocks > 0; nblocks--, p += 64) {
    save0 = st0;
    save1 = st1;
    for (g = 0; g < 16; g++) {
      __m128i *w = &m[g % 4];   /* words 4g .. 4g+3 of the schedule */
      if (g < 4)
        *w = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)
                                              (const void *)(p + 16 * g)),
                              swap);
      else {
        x = _mm_sha256msg1_epu32(*w, m[(g + 1) % 4]);
        x = _mm_add_epi32(x, _mm_alignr_epi8(m[(g + 3) % 4],
                                             m[(g + 2) % 4], 4));
        *w = _mm_sha256msg2_epu32(x, m[(g + 3) % 4]);
      }
      x = _mm_add_epi32(*w, _mm_loadu_si128((const __m128i *)(const void *)
                                            &sk_sha256_k[4 * g]));
      st1 = _mm_sha256rnds2_epu32(st1, st0, x);
      st0 = _mm_sha256rnds2_epu32(st0, st1, _mm_shuffle_epi32(x, 0x0E));
    }
    st0 = _mm_add_epi32(st0, save0);
    st1 = _mm_add_epi32(st1, save1);
  }
  t = _mm_shuffle_epi32(st0, 0x1B);            /* FEBA */
  st1 = _mm_shuffle_epi32(st1, 0xB1);          /* DCHG */
  _mm_storeu_si128((__m128i *)(void *)&hash[0],
                   _mm_blend_epi16(t, st1, 0xF0));   /* DCBA */
  _mm_storeu_si128((__m128i *)(void *)&hash[4],
                   _mm_alignr_epi8(st1, t, 8));      /* HGFE */
}

/* -1: not asked yet; 0: the portable rounds; 1: the instructions.
 * Atomic: the server's threads hash tokens. */
static atomic_int sk_sha256_use_hw = -1;

static int sk_sha256_cpu_has(void)
{
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSE4_1) ||
      !(c & bit_SSSE3))
    return 0;
  return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
}

int sk_sha256_hw(int use)
{
  int on = use && sk_sha256_cpu_has();
  atomic_store(&sk_sha256_use_hw, on);
  return on;
}
#else
int sk_sha256_hw(int use)
{
  (void)use;
  return 0;
}
#endif

/* NBLOCKS whole blocks at P into HASH. */
static void sk_sha256_blocks(uint32_t hash[8], const unsigned char *p,
                             size_t nblocks)
{
#if SK_SHA256_X86
  int hw = atomic_load_explicit(&sk_sha256_use_hw, memory_order_relaxed);
  if (hw < 0)
    hw = sk_sha256_hw(1);
  if (hw) {
    sk_sha256_blocks_hw(hash, p, nblocks);
    return;
  }
#endif
  for (; nblocks > 0; nblocks--, p += 64)
    sk_sha256_block(hash, p);
}

void sk_sha256_update(sk_sha256_t *s, const void *data, size_t n)
{
  const unsigned char *p = data;
  if (n == 0)                  /* DATA may be NULL */
    return;
  s->length += n;
  if (s->fill > 0) {           /* complete the block begun before */
    size_t take = 64 - s->fill < n ? 64 - s->fill : n;
    memcpy(s->block + s->fill, p, take);
    s->fill += take;
    p += take;
    n -= take;
    if (s->fill < 64)
      return;
    sk_sha256_blocks(s->h, s->block, 1);
    s->fill = 0;
  }
  sk_sha256_blocks(s->h, p, n / 64);   /* whole blocks from the input */
  p += n / 64 * 64;
  n %= 64;
  memcpy(s->block, p, n);
  s->fill = n;
}

/* Pads with 0x80, zeros and the bit length (FIPS 180-4, 5.1.1). */
void sk_sha256_final(sk_sha256_t *s, char hex[65])
{
  uint64_t bits = s->length * 8;
  unsigned char pad = 0x80, zero = 0, len[8];
  int i;
  sk_sha256_update(s, &pad, 1);
  while (s->fill != 56)
    sk_sha256_update(s, &zero, 1);
  for (i = 0; i < 8; i++)
    len[i] = (unsigned char)(bits >> (56 - 8 * i));
  sk_sha256_update(s, len, 8);
  for (i = 0; i < 8; i++)
    snprintf(hex + 8 * i, 9, "%08x", (unsigned)s->h[i]);
}

int sk_sha256_file(const char *path, char hex[65])
{
  unsigned char buf[8192];
  sk_sha256_t s;
  size_t n;
  int err;
  FILE *fp = fopen(path, "rb");
  if (fp == NULL)
    return -1;
  sk_sha256_init(&s);
  while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
    sk_sha256_update(&s, buf, n);
  err = ferror(fp);
  fclose(fp);
  if (err)
    return -1;
  sk_sha256_final(&s, hex);
  return 0;
}
