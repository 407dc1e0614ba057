/*
 * sha256.c -- SHA-256 written from FIPS 180-4.
 */
#include <config.h>

#include "sha256.h"

#include <stdio.h>
#include <string.h>

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
 * eight per round was half the time of an import.) */
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
    sk_sha256_block(s->h, s->block);
    s->fill = 0;
  }
  for (; n >= 64; p += 64, n -= 64)   /* whole blocks from the input */
    sk_sha256_block(s->h, p);
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
