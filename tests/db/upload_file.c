/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * upload_file.c -- upload_file DB FILE: FILE's bytes through
 * sk_upload_import() (as the server takes an upload, named FILE), then
 * "status N run R" and the caught messages on stdout.  For
 * tests/db/upload-hostile.sh, which holds them to `skampi-db import`.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "msg.h"
#include "store.h"
#include "upload.h"

int main(int argc, char **argv)
{
  static char msg[1 << 16];
  char *buf = NULL;
  size_t len = 0, cap = 0, k;
  sk_store_t *st;
  int64_t run;
  int status;
  FILE *f;
  sk_msg_set_program("skampi-db");
  if (argc != 3 || !(f = fopen(argv[2], "rb")))
    return 2;
  do {
    if (len == cap && !(buf = realloc(buf, cap = cap ? 2 * cap : 65536)))
      return 2;
    k = fread(buf + len, 1, cap - len, f);
    len += k;
  } while (k > 0);
  fclose(f);
  if (!(st = sk_store_open(argv[1], SK_STORE_CREATE)))
    return 3;
  status = sk_upload_import(st, buf, len, argv[2], msg, sizeof msg, &run);
  printf("status %d run %lld\n%s\n", status, (long long)run, msg);
  sk_store_close(st);
  free(buf);
  return 0;
}
