/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * parse.c -- drives the generated lexer and parser; the parser's actions
 * that grow the tree.
 */
#include <config.h>

#include "parse.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"
#include "parse_ctx.h"
#include "parser.h"
#define YYSTYPE SK_YYSTYPE
#define YYLTYPE SK_YYLTYPE
#include "lexer.h"

/* Larger suite files are refused: they are surely not suite files. */
#define SK_PARSE_MAX_BYTES (16L * 1024 * 1024)
#define SK_PARSE_TOO_LARGE "file is too large for a suite file (over 16 MiB)"

int sk_parse_add_item(sk_parse_ctx_t *ctx, sk_ast_item_t *it)
{
  if (it == NULL)
    return -1;
  if (ctx->tail == NULL)
    ctx->tree->items = it;
  else
    ctx->tail->next = it;
  ctx->tail = it;
  return 0;
}

/* The suite goes into the tree at once, so that a suite whose '}' never
 * comes is still there for the semantic check. */
int sk_parse_suite_begin(sk_parse_ctx_t *ctx, const char *name,
                         sk_span_t name_span, sk_span_t open_span)
{
  char *copy = strdup(name);
  sk_ast_item_t *it = copy ? sk_ast_item_new(SK_AST_SUITE, copy, name_span)
                           : NULL;
  if (sk_parse_add_item(ctx, it) != 0)
    return -1;
  it->open_span = open_span;
  ctx->suite = it;
  ctx->entry_tail = NULL;
  return 0;
}

void sk_parse_suite_end(sk_parse_ctx_t *ctx)
{
  ctx->suite = NULL;
  ctx->entry_tail = NULL;
}

int sk_parse_add_entry(sk_parse_ctx_t *ctx, sk_ast_entry_t *e)
{
  if (e == NULL)
    return -1;
  if (ctx->entry_tail == NULL)
    ctx->suite->entries = e;
  else
    ctx->entry_tail->next = e;
  ctx->entry_tail = e;
  return 0;
}

/* A suite file is UTF-8 text: invalid sequences and control characters
 * (other than tab, CR, FF, VT) are errors, one per line. */
static void sk_parse_check_text(const char *name, const char *buf,
                                size_t len, sk_diag_t *diag)
{
  const unsigned char *s = (const unsigned char *)buf;
  size_t i = 0, n;
  int line = 1, col = 1, reported = 0;
  while (i < len) {
    n = sk_utf8_len(s + i, len - i);
    if (s[i] == '\n') {
      line++;
      col = 1;
      reported = 0;
      i++;
      continue;
    }
    if (!reported && (n == 0 || (s[i] < 0x20 && !strchr("\t\r\f\v", s[i]))
                      || s[i] == 0 || s[i] == 0x7f)) {
      sk_diag_error(diag, name, sk_span_at(line, col), n == 0
                    ? "invalid UTF-8 byte 0x%02x (a suite file is UTF-8 text)"
                    : "control character 0x%02x in the text", s[i]);
      reported = 1;
    }
    /* columns as the lexer counts them: one per non-continuation byte */
    for (n = i + (n ? n : 1); i < n; i++)
      col += (s[i] & 0xC0) != 0x80;
  }
}

/* Runs the parser over len bytes of buf; ctx says what to parse. */
static int sk_parse_run(sk_parse_ctx_t *ctx, const char *buf, size_t len)
{
  yyscan_t scanner;
  YY_BUFFER_STATE b;
  int rc;
  if (sk_yylex_init_extra(ctx, &scanner) != 0)
    return -1;
  b = sk_yy_scan_bytes(buf, (int)len, scanner);
  if (b == NULL) {
    sk_yylex_destroy(scanner);
    return -1;
  }
  rc = sk_yyparse(scanner, ctx);
  sk_yy_delete_buffer(b, scanner);
  sk_yylex_destroy(scanner);
  return rc;
}

/* Whether buf[i] is a CR not followed by LF: an old Mac line end. */
static int sk_parse_lone_cr(const char *buf, size_t len, size_t i)
{
  return buf[i] == '\r' && (i + 1 == len || buf[i + 1] != '\n');
}

/* buf, or a copy in *copy whose lone CRs are LFs, so that the lexer, the
 * text check and the quoted source lines all see the same lines (CR LF
 * stays as it is).  NULL out of memory. */
static const char *sk_parse_lines(const char *buf, size_t len, char **copy)
{
  size_t i = 0;
  *copy = NULL;
  while (i < len && !sk_parse_lone_cr(buf, len, i))
    i++;
  if (i == len)
    return buf;
  if ((*copy = malloc(len)) == NULL)
    return NULL;
  memcpy(*copy, buf, len);
  for (; i < len; i++)
    if (sk_parse_lone_cr(buf, len, i))
      (*copy)[i] = '\n';
  return *copy;
}

/* sk_parse_buffer() once the text is lines ending in LF or CR LF. */
static sk_ast_file_t *sk_parse_text(const char *name, const char *buf,
                                    size_t len, sk_diag_t *diag)
{
  sk_parse_ctx_t ctx;
  int rc;
  memset(&ctx, 0, sizeof ctx);
  ctx.diag = diag;
  ctx.file = name;
  ctx.start_token = SK_TOK_START_FILE;
  ctx.line = ctx.column = 1;
  ctx.tree = calloc(1, sizeof *ctx.tree);
  if (ctx.tree == NULL || (ctx.tree->path = strdup(name)) == NULL ||
      sk_diag_add_source(diag, name, buf, len) != 0 ||
      (long)len > SK_PARSE_MAX_BYTES) {
    sk_ast_file_free(ctx.tree);
    sk_diag_error(diag, name, sk_span_at(0, 0), (long)len > SK_PARSE_MAX_BYTES
                  ? SK_PARSE_TOO_LARGE
                  : "out of memory");
    return NULL;
  }
  sk_parse_check_text(name, buf, len, diag);
  rc = sk_parse_run(&ctx, buf, len);
  if (rc == -1 || rc == 2) {
    sk_ast_file_free(ctx.tree);
    sk_diag_error(diag, name, sk_span_at(0, 0), "out of memory");
    return NULL;
  }
  return ctx.tree;
}

sk_ast_file_t *sk_parse_buffer(const char *name, const char *buf,
                               size_t len, sk_diag_t *diag)
{
  sk_ast_file_t *f;
  char *copy;
  const char *text;
  /* a byte-order mark some editors write is not part of the text */
  if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
    buf += 3;
    len -= 3;
  }
  if ((text = sk_parse_lines(buf, len, &copy)) == NULL) {
    sk_diag_error(diag, name, sk_span_at(0, 0), "out of memory");
    return NULL;
  }
  f = sk_parse_text(name, text, len, diag);
  free(copy);
  return f;
}

sk_ast_value_t *sk_parse_value(const char *name, const char *text,
                               size_t len, sk_span_t at, const char *what,
                               sk_diag_t *diag)
{
  sk_parse_ctx_t ctx;
  int rc;
  memset(&ctx, 0, sizeof ctx);
  ctx.diag = diag;
  ctx.file = name;
  ctx.what = what;
  ctx.start_token = SK_TOK_START_VALUE;
  ctx.line = at.first_line;
  ctx.column = at.first_column;
  rc = sk_parse_run(&ctx, text, len);
  if (rc == -1 || rc == 2)
    sk_diag_error(diag, name, at, "out of memory");
  if (rc != 0) {
    sk_ast_value_free(ctx.value);
    return NULL;
  }
  return ctx.value;
}

/* What a file that is not a regular file is, for the message. */
static const char *sk_parse_kind(mode_t m)
{
  return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO"
         : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

/* Opens path for reading without waiting: a FIFO with no writer would
 * block open() and read() for ever.  Only a regular file of at most
 * SK_PARSE_MAX_BYTES is read; NULL with *why set otherwise. */
static FILE *sk_parse_open(const char *path, const char **why, char *buf,
                           size_t size)
{
  struct stat st;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
  FILE *fp;
  if (fd < 0) {
    snprintf(buf, size, "cannot open: %s", strerror(errno));
  } else if (fstat(fd, &st) != 0) {
    snprintf(buf, size, "cannot read: %s", strerror(errno));
  } else if (!S_ISREG(st.st_mode)) {
    snprintf(buf, size, "cannot read: it is %s; a suite file must be a "
             "regular file", sk_parse_kind(st.st_mode));
  } else if (st.st_size > SK_PARSE_MAX_BYTES) {
    snprintf(buf, size, "cannot read: %s", SK_PARSE_TOO_LARGE);
  } else if (fcntl(fd, F_SETFL, 0) != 0 || (fp = fdopen(fd, "rb")) == NULL) {
    snprintf(buf, size, "cannot read: %s", strerror(errno));
  } else {
    return fp;
  }
  if (fd >= 0)
    close(fd);
  *why = buf;
  return NULL;
}

char *sk_parse_read(const char *path, size_t *len, sk_diag_t *diag)
{
  char *buf = NULL, msg[160];
  size_t cap = 0, n = 0, got = 1;
  const char *why = NULL;
  FILE *fp = sk_parse_open(path, &why, msg, sizeof msg);
  /* the bound holds for a file that grows while it is read, too */
  while (fp != NULL && got > 0 && why == NULL) {
    /* doubled, the buffer would pass the bound: the file is too large */
    if (n == cap && (cap > ((size_t)SK_PARSE_MAX_BYTES + 1) / 2 ||
                     SK_GROW(buf, cap, n + 1, 8192) != 0)) {
      why = "cannot read: " SK_PARSE_TOO_LARGE;
      break;
    }
    got = fread(buf + n, 1, cap - n, fp);
    n += got;
    if (ferror(fp)) {
      snprintf(msg, sizeof msg, "cannot read: %s", strerror(errno));
      why = msg;
    }
  }
  if (fp != NULL)
    fclose(fp);
  if (why != NULL) {
    sk_diag_error(diag, path, sk_span_at(0, 0), "%s", why);
    free(buf);
    return NULL;
  }
  *len = n;
  return buf != NULL ? buf : calloc(1, 1);
}

sk_ast_file_t *sk_parse_file(const char *path, sk_diag_t *diag)
{
  size_t len = 0;
  char *buf = sk_parse_read(path, &len, diag);
  sk_ast_file_t *f;
  if (buf == NULL)
    return NULL;
  f = sk_parse_buffer(path, buf, len, diag);
  free(buf);
  return f;
}
