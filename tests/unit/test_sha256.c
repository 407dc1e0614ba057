/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_sha256.c -- SHA-256 against the FIPS 180-4 examples and sha256sum.
 */
#include <config.h>

#include <stdlib.h>

#include "sha256.h"
#include "sk_test.h"

static void digest(const char *msg, size_t n, size_t chunk, char hex[65])
{
  sk_sha256_t s;
  size_t off;
  sk_sha256_init(&s);
  for (off = 0; off < n; off += chunk)
    sk_sha256_update(&s, msg + off, n - off < chunk ? n - off : chunk);
  sk_sha256_final(&s, hex);
}

/* A file in the build directory hashes like its bytes. */
static void test_file(void)
{
  const char *path = "test_sha256.tmp";
  char hex[65] = "";
  FILE *fp = fopen(path, "wb");
  SK_CHECK(fp != NULL);
  if (fp == NULL)
    return;
  fputs("abc", fp);
  fclose(fp);
  SK_CHECK(sk_sha256_file(path, hex) == 0);
  SK_CHECK_STR(hex,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  remove(path);
}

/* Whole blocks are hashed straight from the input and the rest kept:
 * every split of 1,000 bytes across blocks gives hashlib's digest
 * (Python 3), and an empty update (even of NULL) changes nothing. */
static void test_splits(void)
{
  static const size_t chunks[] = {1, 7, 63, 64, 65, 127, 128, 129, 1000};
  char msg[1000], hex[65];
  sk_sha256_t s;
  size_t i, k;
  for (i = 0; i < sizeof msg; i++)
    msg[i] = (char)(unsigned char)(i * 131 + 7);
  for (k = 0; k < sizeof chunks / sizeof *chunks; k++) {
    digest(msg, sizeof msg, chunks[k], hex);
    SK_CHECK_STR(hex,
        "533b698850849b7908b20a22658f639c0b2a476f1791f85f50188287c31a9aba");
  }
  sk_sha256_init(&s);
  sk_sha256_update(&s, msg, 10);
  sk_sha256_update(&s, NULL, 0);
  sk_sha256_update(&s, msg + 10, sizeof msg - 10);
  sk_sha256_final(&s, hex);
  SK_CHECK_STR(hex,
      "533b698850849b7908b20a22658f639c0b2a476f1791f85f50188287c31a9aba");
}

static void test_all(void)
{
  static const char two_blocks[] =
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  char hex[65], *big;
  size_t chunk;
  digest("", 0, 1, hex);
  SK_CHECK_STR(hex,
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  digest("abc", 3, 1, hex);
  SK_CHECK_STR(hex,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  /* The same digest whatever the chunking of the updates. */
  for (chunk = 1; chunk <= 64; chunk *= 3) {
    digest(two_blocks, sizeof two_blocks - 1, chunk, hex);
    SK_CHECK_STR(hex,
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  }
  /* One million 'a' (FIPS 180-4 example). */
  big = malloc(1000000);
  SK_CHECK(big != NULL);
  if (big != NULL) {
    memset(big, 'a', 1000000);
    digest(big, 1000000, 4096, hex);
    SK_CHECK_STR(hex,
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(big);
  }
  SK_CHECK(sk_sha256_file("/nonexistent/skampi", hex) == -1);
  test_file();
  test_splits();
}

/* The same digests from the processor's SHA instructions (where it has
 * them) and from the portable rounds. */
int main(void)
{
  int hw = sk_sha256_hw(1);
  printf("SHA instructions: %s\n", hw ? "yes" : "no (portable rounds only)");
  if (hw)
    test_all();
  SK_CHECK_INT(sk_sha256_hw(0), 0);
  test_all();
  return sk_test_result();
}
