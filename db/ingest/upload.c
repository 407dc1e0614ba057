/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * upload.c -- an uploaded result file into the database (upload.h):
 * sk_ingest_mem() with the messages caught for the answer.
 */
#include <config.h>

#include "upload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "ingest.h"
#include "msg.h"
#include "tar.h"

/* Longest upload name kept (escaped), so that a message stays short. */
#define SK_UPLOAD_NAME_MAX 200

int sk_upload_http(int status)
{
  switch (status) {
  case SK_UPLOAD_OK: return 201;
  case SK_UPLOAD_DUPLICATE: return 200;
  case SK_UPLOAD_BAD: return 422;
  case SK_UPLOAD_TOO_LARGE: return 413;
  default: return 500;
  }
}

/* TEXT into MSG[MSGLEN]: without its last newline, cut at a character
 * boundary with "..." when it does not fit. */
static void sk_upload_copy(char *msg, size_t msglen, const char *text,
                           size_t len)
{
  if (!msg || msglen == 0)
    return;
  while (len > 0 && text[len - 1] == '\n')
    len--;
  if (len < msglen) {
    memcpy(msg, text, len);
    msg[len] = '\0';
    return;
  }
  len = msglen > 4 ? msglen - 4 : 0;
  while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
    len--;
  memcpy(msg, text, len);
  snprintf(msg + len, msglen - len, "%s", msglen > 4 ? "..." : "");
}

/* The name messages give the upload: escaped, bounded, never empty. */
static char *sk_upload_name(const char *name)
{
  char *e = sk_escape_text(name && *name ? name : "upload");
  if (e && strlen(e) > SK_UPLOAD_NAME_MAX)
    e[SK_UPLOAD_NAME_MAX] = '\0';
  return e;
}

/* What became of each file of an archive, said once it is in. */
static void sk_upload_notes(const char *name, const sk_tar_file_t *f,
                            const sk_ingest_result_t *r, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (r[i].added)
      sk_msg_note("%s/%s: run %lld%s, %ld suites, %ld points", name,
                  f[i].name, (long long)r[i].run, r[i].merged ? " (merged, "
                  "with its campaign)" : "", r[i].nsuites, r[i].npoints);
    else
      sk_msg_note("%s/%s: already in the database as run %lld (same "
                  "content)", name, f[i].name, (long long)r[i].run);
}

/* The files of a campaign archive (tar.h), imported as import DIR
 * imports the directory, but in one transaction: every file, or (one
 * refused) none.  *run is merged.yaml's run when there is one, else the
 * last file's. */
static int sk_upload_archive(sk_store_t *st, const void *bytes, size_t len,
                             const char *name, const sk_ingest_opts_t *o,
                             int64_t *run)
{
  sk_tar_file_t *f;
  sk_ingest_result_t *r;
  char err[512], path[600];
  size_t n, i, added = 0;
  int rc = 0;
  if (sk_tar_campaign(bytes, len, &f, &n, err, sizeof err) < 0) {
    sk_msg_error("%s: not a campaign archive: %s", name, err);
    return SK_UPLOAD_BAD;
  }
  if (!(r = calloc(n, sizeof *r)) || sk_store_begin(st) < 0) {
    free(f);
    free(r);
    return SK_UPLOAD_FAILED;
  }
  for (i = 0; rc == 0 && i < n; i++) {
    snprintf(path, sizeof path, "%s/%s", name, f[i].name);
    rc = sk_ingest_mem(st, path, f[i].data, f[i].len, o, &r[i]);
    added += rc == 0 && r[i].added;
  }
  if (rc == 0 && sk_store_commit(st) == 0) {
    sk_upload_notes(name, f, r, n);
    *run = r[n - 1].run;
    free(f);
    free(r);
    return added ? SK_UPLOAD_OK : SK_UPLOAD_DUPLICATE;
  }
  sk_store_rollback(st);
  free(f);
  free(r);
  sk_msg_error("%s: nothing of the archive was imported", name);
  return rc == SK_INGEST_BAD ? SK_UPLOAD_BAD : SK_UPLOAD_FAILED;
}

static int sk_upload_run(sk_store_t *st, const void *bytes, size_t len,
                         const char *name, char *const *tags, size_t ntags,
                         int64_t *run)
{
  sk_ingest_opts_t o;
  sk_ingest_result_t r;
  char now[32];
  int rc;
  if (len > SK_UPLOAD_MAX_BYTES) {
    sk_msg_error("%s: larger than the limit of %u MiB", name,
                 SK_UPLOAD_MAX_BYTES >> 20);
    return SK_UPLOAD_TOO_LARGE;
  }
  memset(&o, 0, sizeof o);
  sk_ingest_now(now);
  o.now = now;
  o.tags = tags;
  o.ntags = ntags;
  if (sk_tar_is(bytes, len))
    return sk_upload_archive(st, bytes, len, name, &o, run);
  rc = sk_ingest_mem(st, name, bytes, len, &o, &r);
  if (rc == SK_INGEST_BAD)
    return SK_UPLOAD_BAD;
  if (rc < 0)
    return SK_UPLOAD_FAILED;
  *run = r.run;
  if (!r.added) {
    sk_msg_note("%s: already in the database as run %lld (same content), "
                "nothing imported", name, (long long)r.run);
    return SK_UPLOAD_DUPLICATE;
  }
  sk_msg_note("%s: run %lld%s, %ld suites, %ld points", name,
              (long long)r.run, r.merged ? " (merged, with its campaign)"
              : "", r.nsuites, r.npoints);
  return SK_UPLOAD_OK;
}

const char *sk_upload_tag_check(const char *tag)
{
  const char *eq = tag ? strchr(tag, '=') : NULL;
  const unsigned char *p;
  if (!eq || eq == tag)
    return "a tag is KEY=VALUE";
  if (strlen(tag) > SK_UPLOAD_TAG_MAX)
    return "a tag is at most 256 bytes";
  for (p = (const unsigned char *)tag; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      return "a tag holds no control character";
  return NULL;
}

int sk_upload_import(sk_store_t *st, const void *bytes, size_t len,
                     const char *name, char *msg, size_t msglen,
                     int64_t *run)
{
  return sk_upload_import_tagged(st, bytes, len, name, NULL, 0, msg, msglen,
                                 run);
}

int sk_upload_import_tagged(sk_store_t *st, const void *bytes, size_t len,
                            const char *name, char *const *tags,
                            size_t ntags, char *msg, size_t msglen,
                            int64_t *run)
{
  char *text = NULL, *shown = sk_upload_name(name);
  size_t tlen = 0;
  FILE *f = open_memstream(&text, &tlen);
  int rc;
  *run = 0;
  if (msg && msglen)
    msg[0] = '\0';
  if (!f || !shown) {
    if (f)
      fclose(f);
    free(text);
    free(shown);
    sk_upload_copy(msg, msglen, "out of memory", 13);
    return SK_UPLOAD_FAILED;
  }
  sk_msg_to(f);
  rc = sk_upload_run(st, bytes, len, shown, tags, ntags, run);
  sk_msg_to(NULL);
  if (fclose(f) == 0 && text)
    sk_upload_copy(msg, msglen, text, tlen);
  free(text);
  free(shown);
  return rc;
}
