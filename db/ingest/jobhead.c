/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * jobhead.c -- the batch system's job of a stored run, read from the head
 * of its original file (jobhead.h).
 *
 * A result file is written head first (doc/output-format.md): the
 * factors come before `suites`, so only the bytes before the line
 * "suites:" are parsed, whatever the size of the file, and a head cut by
 * the limit of the read is never taken for a whole one.
 */
#include <config.h>

#include "jobhead.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "yread.h"

typedef struct sk_jobhead_read {
  sk_rfile_kv_t *kv;
  size_t n;
  int nomem;
} sk_jobhead_read_t;

void sk_jobhead_free(sk_rfile_kv_t *kv, size_t n)
{
  size_t i;
  for (i = 0; kv != NULL && i < n; i++) {
    free(kv[i].key);
    free(kv[i].value);
  }
  free(kv);
}

/* A scalar without a NUL of at most MAX bytes. */
static int sk_jobhead_text_ok(const sk_ynode_t *n, size_t max)
{
  return n != NULL && n->kind == SK_YNODE_SCALAR && n->len <= max &&
         memchr(n->text, '\0', n->len) == NULL;
}

/* factors.batch of the document Y read into b. */
static void sk_jobhead_take(sk_yread_t *y, sk_jobhead_read_t *b)
{
  const sk_ynode_t *f = sk_yread_get(y, sk_yread_root(y), "factors");
  const sk_ynode_t *m = f && f->kind == SK_YNODE_MAP
                            ? sk_yread_get(y, f, "batch") : NULL;
  sk_ynode_t *k, *v;
  size_t i;
  if (m == NULL || m->kind != SK_YNODE_MAP)
    return;
  b->kv = calloc(SK_JOBHEAD_ENTRIES_MAX, sizeof *b->kv);
  if (b->kv == NULL) {
    b->nomem = 1;
    return;
  }
  for (i = 0; i < sk_yread_len(m) && b->n < SK_JOBHEAD_ENTRIES_MAX; i++) {
    k = sk_yread_pair(y, m, i, &v);
    if (!sk_jobhead_text_ok(k, SK_JOBHEAD_KEY_MAX) ||
        !sk_jobhead_text_ok(v, SK_JOBHEAD_VALUE_MAX))
      continue;
    b->kv[b->n].key = strndup(k->text, k->len);
    b->kv[b->n].value = strndup(v->text, v->len);
    b->n++;
    if (b->kv[b->n - 1].key == NULL || b->kv[b->n - 1].value == NULL) {
      b->nomem = 1;
      return;
    }
  }
}

/* The bytes of BUF[0..LEN) before its top-level key suites (the line
 * "suites:"); LEN when it has none. */
static size_t sk_jobhead_head(const char *buf, size_t len)
{
  static const char key[] = "suites:";
  const char *p = buf;
  size_t n = sizeof key - 1;
  if (len >= n && memcmp(buf, key, n) == 0)
    return 0;
  while ((p = memmem(p, len - (size_t)(p - buf), "\nsuites:", n + 1))
         != NULL) {
    if ((size_t)(p - buf) + n + 1 == len || p[n + 1] == ' ' ||
        p[n + 1] == '\n' || p[n + 1] == '\r')
      return (size_t)(p - buf) + 1;
    p++;
  }
  return len;
}

int sk_jobhead_parse(const void *buf, size_t len, int cut, sk_rfile_kv_t **kv,
                   size_t *n)
{
  sk_jobhead_read_t b = {NULL, 0, 0};
  sk_yread_t y;
  char *junk = NULL;
  size_t junklen = 0, head = sk_jobhead_head(buf, len);
  FILE *quiet;
  *kv = NULL;
  *n = 0;
  if (cut && head == len)
    return 0;                 /* a head longer than what was read */
  if ((quiet = open_memstream(&junk, &junklen)) == NULL)
    return -1;
  /* a stranger's file is not an error here: the run simply shows no
   * batch job */
  sk_msg_to(quiet);
  sk_msg_source("batch", buf, head);   /* never a file named so */
  sk_yread_init(&y);
  if (sk_yread_mem(&y, "batch", buf, head) == 0 && y.errors == 0)
    sk_jobhead_take(&y, &b);
  sk_yread_done(&y);
  sk_msg_source(NULL, NULL, 0);
  sk_msg_to(NULL);
  fclose(quiet);
  free(junk);
  if (b.nomem) {
    sk_jobhead_free(b.kv, b.n);
    sk_msg_error("out of memory");
    return -1;
  }
  *kv = b.kv;
  *n = b.n;
  return 0;
}

int sk_jobhead_of_run(sk_store_t *st, int64_t run, sk_rfile_kv_t **kv,
                    size_t *n)
{
  void *head;
  size_t len;
  int rc;
  *kv = NULL;
  *n = 0;
  if (sk_store_original_head(st, run, SK_JOBHEAD_HEAD_MAX, &head, &len) < 0)
    return -1;
  rc = sk_jobhead_parse(head, len, len == SK_JOBHEAD_HEAD_MAX, kv, n);
  free(head);
  return rc;
}
