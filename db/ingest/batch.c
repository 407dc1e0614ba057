/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * batch.c -- the batch system's job of a stored run, read from the head
 * of its original file (batch.h).
 *
 * A result file is written head first (doc/output-format.md): the
 * factors come before `suites`, so the reader streams `suites` and stops
 * at its first item; what it has read then is the head.  Only those
 * bytes are parsed, whatever the size of the file.
 */
#include <config.h>

#include "batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "yread.h"

typedef struct sk_batch_read {
  sk_rfile_kv_t *kv;
  size_t n;
  int taken, nomem;
} sk_batch_read_t;

void sk_batch_free(sk_rfile_kv_t *kv, size_t n)
{
  size_t i;
  for (i = 0; kv != NULL && i < n; i++) {
    free(kv[i].key);
    free(kv[i].value);
  }
  free(kv);
}

/* A scalar without a NUL of at most MAX bytes. */
static int sk_batch_text_ok(const sk_ynode_t *n, size_t max)
{
  return n != NULL && n->kind == SK_YNODE_SCALAR && n->len <= max &&
         memchr(n->text, '\0', n->len) == NULL;
}

/* factors.batch of the root read so far into b (once). */
static void sk_batch_take(sk_yread_t *y, sk_batch_read_t *b)
{
  const sk_ynode_t *f = sk_yread_get(y, sk_yread_root(y), "factors");
  const sk_ynode_t *m = f && f->kind == SK_YNODE_MAP
                            ? sk_yread_get(y, f, "batch") : NULL;
  sk_ynode_t *k, *v;
  size_t i;
  if (b->taken++ || m == NULL || m->kind != SK_YNODE_MAP)
    return;
  b->kv = calloc(SK_BATCH_ENTRIES_MAX, sizeof *b->kv);
  if (b->kv == NULL) {
    b->nomem = 1;
    return;
  }
  for (i = 0; i < sk_yread_len(m) && b->n < SK_BATCH_ENTRIES_MAX; i++) {
    k = sk_yread_pair(y, m, i, &v);
    if (!sk_batch_text_ok(k, SK_BATCH_KEY_MAX) ||
        !sk_batch_text_ok(v, SK_BATCH_VALUE_MAX))
      continue;
    b->kv[b->n].key = strndup(k->text, k->len);
    b->kv[b->n].value = strndup(v->text, v->len);
    if (b->kv[b->n].key == NULL || b->kv[b->n].value == NULL) {
      b->n++;
      b->nomem = 1;
      return;
    }
    b->n++;
  }
}

/* The first suite: the head is read; take the batch and stop. */
static int sk_batch_at_suites(sk_yread_t *y, const char *key, size_t index,
                              sk_ynode_t *item, void *arg)
{
  (void)key;
  (void)index;
  (void)item;
  sk_batch_take(y, arg);
  return -1;
}

int sk_batch_parse(const void *buf, size_t len, sk_rfile_kv_t **kv,
                   size_t *n)
{
  sk_batch_read_t b = {NULL, 0, 0, 0};
  sk_yread_t y;
  char *junk = NULL;
  size_t junklen = 0;
  FILE *quiet = open_memstream(&junk, &junklen);
  *kv = NULL;
  *n = 0;
  if (quiet == NULL)
    return -1;
  /* a head cut short, or a stranger's file, is not an error here: the
   * run simply shows no batch job */
  sk_msg_to(quiet);
  sk_msg_source("batch", buf, len);    /* never a file named so */
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", sk_batch_at_suites, &b);
  if (sk_yread_mem(&y, "batch", buf, len) == 0 && y.errors == 0)
    sk_batch_take(&y, &b);
  sk_yread_done(&y);
  sk_msg_source(NULL, NULL, 0);
  sk_msg_to(NULL);
  fclose(quiet);
  free(junk);
  if (b.nomem) {
    sk_batch_free(b.kv, b.n);
    sk_msg_error("out of memory");
    return -1;
  }
  *kv = b.kv;
  *n = b.n;
  return 0;
}

int sk_batch_of_run(sk_store_t *st, int64_t run, sk_rfile_kv_t **kv,
                    size_t *n)
{
  void *head;
  size_t len;
  int rc;
  *kv = NULL;
  *n = 0;
  if (sk_store_original_head(st, run, SK_BATCH_HEAD_MAX, &head, &len) < 0)
    return -1;
  rc = sk_batch_parse(head, len, kv, n);
  free(head);
  return rc;
}
