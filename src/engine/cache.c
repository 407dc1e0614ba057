/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cache.c -- last-level cache size from sysfs, and the eviction buffer.
 */
#include <config.h>

#include "cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first line of root/index<i>/<name> into buf; -1 when absent. */
static int sk_cache_attr(const char *root, int i, const char *name,
                         char *buf, size_t len)
{
  char path[512];
  FILE *fp;
  snprintf(path, sizeof path, "%s/index%d/%s", root, i, name);
  if ((fp = fopen(path, "r")) == NULL)
    return -1;
  if (fgets(buf, (int)len, fp) == NULL) {
    fclose(fp);
    return -1;
  }
  fclose(fp);
  buf[strcspn(buf, "\n")] = '\0';
  return 0;
}

static size_t sk_cache_parse_size(const char *s)
{
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (end == s)
    return 0;
  if (*end == 'K')
    v *= 1024ULL;
  else if (*end == 'M')
    v *= 1024ULL * 1024ULL;
  else if (*end == 'G')
    v *= 1024ULL * 1024ULL * 1024ULL;
  return (size_t)v;
}

size_t sk_cache_llc_size(const char *root)
{
  char level[32], type[32], size[32];
  int i, best_level = 0;
  size_t best = 0;
  for (i = 0; i < 64; i++) {
    long lv;
    size_t sz;
    if (sk_cache_attr(root, i, "level", level, sizeof level) != 0)
      break;
    if (sk_cache_attr(root, i, "type", type, sizeof type) != 0 ||
        sk_cache_attr(root, i, "size", size, sizeof size) != 0)
      continue;
    if (strcmp(type, "Data") != 0 && strcmp(type, "Unified") != 0)
      continue;
    lv = strtol(level, NULL, 10);
    sz = sk_cache_parse_size(size);
    if (lv > best_level || (lv == best_level && sz > best)) {
      best_level = (int)lv;
      best = sz;
    }
  }
  return best;
}

int sk_cache_init(sk_cache_t *c, size_t size)
{
  memset(c, 0, sizeof *c);
  c->buf = malloc(size > 0 ? size : 1);
  if (c->buf == NULL)
    return -1;
  memset(c->buf, 1, size);
  c->size = size;
  return 0;
}

void sk_cache_free(sk_cache_t *c)
{
  if (c == NULL)
    return;
  free(c->buf);
  memset(c, 0, sizeof *c);
}

void sk_cache_flush(void *ctx)
{
  sk_cache_t *c = ctx;
  volatile unsigned char sink = 0;
  size_t i;
  c->round++;
  memset(c->buf, (int)(c->round & 0xff), c->size);
  for (i = 0; i < c->size; i += 64)
    sink ^= c->buf[i];
  (void)sink;
}
