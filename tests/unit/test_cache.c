/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_cache.c -- the last-level cache size from a sysfs-like tree made
 * here (the highest level that holds data wins; K and M suffixes; an
 * instruction cache never counts), and the eviction buffer.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "sk_test.h"

static char root[64];

static void put(int i, const char *name, const char *value)
{
  char path[256];
  FILE *fp;
  snprintf(path, sizeof path, "%s/index%d", root, i);
  mkdir(path, 0700);
  snprintf(path, sizeof path, "%s/index%d/%s", root, i, name);
  fp = fopen(path, "w");
  if (fp != NULL) {
    fprintf(fp, "%s\n", value);
    fclose(fp);
  }
}

static void add(int i, const char *level, const char *type, const char *size)
{
  put(i, "level", level);
  put(i, "type", type);
  put(i, "size", size);
}

static void cleanup(int n)
{
  char path[256];
  for (int i = 0; i < n; i++) {
    const char *names[] = {"level", "type", "size"};
    for (int k = 0; k < 3; k++) {
      snprintf(path, sizeof path, "%s/index%d/%s", root, i, names[k]);
      remove(path);
    }
    snprintf(path, sizeof path, "%s/index%d", root, i);
    rmdir(path);
  }
  rmdir(root);
}

int main(void)
{
  sk_cache_t c;
  snprintf(root, sizeof root, "cachetest.%ld", (long)getpid());
  SK_CHECK(mkdir(root, 0700) == 0);
  SK_CHECK(sk_cache_llc_size(root) == 0);           /* no entries */
  add(0, "1", "Data", "32K");
  add(1, "1", "Instruction", "64K");
  SK_CHECK(sk_cache_llc_size(root) == 32 * 1024);
  add(2, "2", "Unified", "1024K");
  add(3, "3", "Unified", "32M");
  SK_CHECK(sk_cache_llc_size(root) == 32UL * 1024 * 1024);
  add(4, "4", "Instruction", "128M");               /* not data: ignored */
  SK_CHECK(sk_cache_llc_size(root) == 32UL * 1024 * 1024);
  add(5, "3", "Unified", "40000000");               /* plain bytes, larger */
  SK_CHECK(sk_cache_llc_size(root) == 40000000UL);
  cleanup(6);
  SK_CHECK(sk_cache_llc_size("/nonexistent/skampi") == 0);
  SK_CHECK(sk_cache_init(&c, 4096) == 0);
  sk_cache_flush(&c);
  SK_CHECK(c.buf[0] == 1 && c.buf[4095] == 1 && c.round == 1);
  sk_cache_flush(&c);
  SK_CHECK(c.buf[100] == 2 && c.round == 2);
  sk_cache_free(&c);
  sk_cache_free(&c);
  sk_cache_free(NULL);
  return sk_test_result();
}
