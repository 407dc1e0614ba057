/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_yread.c -- libFuzzer target for lib/yread and the result loaders
 * on it: any bytes are read from memory with `suites` streamed, every
 * node of every item and of the root is walked through the typed
 * accessors, and everything is freed.  Then the same bytes, as a file (a
 * memory file, memfd), go through the whole result loader of
 * skampi-report (lib/rfile_load: schema, end marker, value checks,
 * collective bandwidth) and the loader of skampi-merge (lib/merge), each
 * with its default limits.
 * Small limits (depth 16, scalars of 4 KiB, 1 MiB of input) let the
 * fuzzer reach each refusal.  The messages are printed (the message code
 * runs too); -close_fd_mask=2 keeps them off the terminal, and libFuzzer
 * and the sanitizers still report on a stderr of their own.
 *
 * Build and run by hand (Makefile.am has no rule yet):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Ilib \
 *     -o /tmp/fuzz_yread tests/fuzz/fuzz_yread.c lib/*.c \
 *     $(pkg-config --cflags --libs yaml-0.1) -lm
 * or tests/fuzz/ci-fuzz.sh SECONDS DIR fuzz_yread.
 *   mkdir -p /tmp/yc && find tests/report tests/tools/runs -name '*.yaml' \
 *     -exec cp {} /tmp/yc/ ';'
 *   /tmp/fuzz_yread -max_total_time=120 -rss_limit_mb=2048 -timeout=10 \
 *     -close_fd_mask=2 /tmp/yc
 */
#include <config.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "merge.h"
#include "rfile_load.h"
#include "yread.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every accessor on NODE and, recursively, its children. */
static void fuzz_walk(sk_yread_t *y, const sk_ynode_t *node, int depth)
{
  sk_ynode_t *v;
  size_t i;
  double d;
  long l;
  int b;
  char *s = NULL;
  if (!node || depth > 64)
    return;
  sk_yread_number_as(y, node, "n", SK_YREAD_FINITE | SK_YREAD_WHOLE, &d);
  sk_yread_number(y, node, "n", &d);
  sk_yread_integer_as(y, node, "i", SK_YREAD_NONNEG, &l);
  sk_yread_bool(y, node, "b", &b);
  if (sk_yread_string(y, node, "s", &s) == 0)
    free(s);
  for (i = 0; i < sk_yread_len(node); i++) {
    if (node->kind == SK_YNODE_MAP) {
      fuzz_walk(y, sk_yread_pair(y, node, i, &v), depth + 1);
      fuzz_walk(y, v, depth + 1);
      sk_yread_get(y, node, "points");
    } else
      fuzz_walk(y, sk_yread_item(y, node, i), depth + 1);
  }
}

static int fuzz_item(sk_yread_t *y, const char *key, size_t index,
                     sk_ynode_t *item, void *arg)
{
  (void)key;
  (void)arg;
  sk_yread_want_map(y, item, "a suite");
  fuzz_walk(y, item, 0);
  /* the partial root is readable during a callback */
  fuzz_walk(y, sk_yread_root(y), 0);
  return index == 5000 ? -1 : 0;
}

/* The input as the file the loaders read: one memory file, rewritten for
 * every input; *path is its name under /proc/self/fd. */
static int fuzz_file(const uint8_t *data, size_t size, const char **path)
{
  static int fd = -1;
  static char name[64];
  if (fd < 0 && (fd = memfd_create("fuzz_yread", MFD_CLOEXEC)) < 0)
    return -1;
  snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
  if (ftruncate(fd, 0) != 0 ||
      (size > 0 && pwrite(fd, data, size, 0) != (ssize_t)size))
    return -1;
  *path = name;
  return 0;
}

/* skampi-report's loader, then skampi-merge's, on the same bytes. */
static void fuzz_loaders(const uint8_t *data, size_t size)
{
  const char *path;
  sk_rfile_t *r = NULL;
  sk_merge_run_t run;
  if (fuzz_file(data, size, &path) != 0)
    return;
  if (sk_rfile_load(path, &r) == 0)
    sk_rfile_free(r);
  sk_merge_load(&run, path);
  sk_merge_run_free(&run);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  sk_yread_t y;
  sk_yread_init(&y);
  y.limits.max_depth = 16;
  y.limits.max_scalar = 4096;
  y.limits.max_bytes = 1 << 20;
  sk_yread_stream(&y, "suites", fuzz_item, NULL);
  if (sk_yread_mem(&y, "(fuzz)", data, size) == 0)
    fuzz_walk(&y, sk_yread_root(&y), 0);
  sk_yread_done(&y);
  fuzz_loaders(data, size);
  return 0;
}
