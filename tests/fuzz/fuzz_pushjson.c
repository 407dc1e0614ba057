/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_pushjson.c -- libFuzzer target for the JSON reader of skampi-db
 * push (db/push/push.c, sk_push_json_get()), which reads a server's
 * answer: any bytes, not terminated, for each key push asks for and
 * one it never does; a value found is a terminated string no longer
 * than the input.
 */
#include <config.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "push.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const char *const keys[] = {"run", "error", "status", "message",
                                     ""};
  size_t i;
  for (i = 0; i < sizeof keys / sizeof *keys; i++) {
    char *v = sk_push_json_get((const char *)data, size, keys[i]);
    if (v && strlen(v) > size)
      abort();
    free(v);
  }
  return 0;
}
