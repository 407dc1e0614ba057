/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_tar.c -- libFuzzer target for the campaign archive reader of an
 * upload (db/ingest/tar.c): any bytes go through sk_tar_is() and
 * sk_tar_campaign(); every file chosen must lie inside the input, be
 * named, and the message of a refusal must be a terminated string.
 * Seeds: archives that tests/fuzz/ci-fuzz.sh makes with sk_tar_add()'s
 * format (tar --format=ustar of tests/tools/runs) and GNU tar's.
 */
#include <config.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  sk_tar_file_t *files = NULL;
  char err[400];
  size_t n = 0, i;
  (void)sk_tar_is(data, size);
  if (sk_tar_campaign(data, size, &files, &n, err, sizeof err) == 0) {
    for (i = 0; i < n; i++) {
      const uint8_t *d = (const uint8_t *)files[i].data;
      if (files[i].name[0] == '\0' ||
          memchr(files[i].name, '\0', sizeof files[i].name) == NULL ||
          (files[i].len && (d < data || d + files[i].len > data + size)))
        abort();              /* a file outside the input, or unnamed */
    }
  } else if (memchr(err, '\0', sizeof err) == NULL)
    abort();
  free(files);
  return 0;
}
