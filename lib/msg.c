/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * msg.c -- the errors, warnings and notes of every skampi program, and
 * the one printer of a source excerpt with its caret.
 */
#include <config.h>

#include "msg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Excerpts: the widest window of a long line shown (characters), how
 * much of it comes before the column, and the most of a line read back
 * from a file. */
#define SK_MSG_WIDTH 160
#define SK_MSG_LEAD 60
#define SK_MSG_LINE_MAX 65536

static const char *sk_msg_name = "skampi";

/* Per thread: where messages go (NULL: stderr) and the text excerpts
 * come from (NULL name: the files themselves). */
static _Thread_local FILE *sk_msg_fp;
static _Thread_local const char *sk_msg_src_name;
static _Thread_local const char *sk_msg_src_text;
static _Thread_local size_t sk_msg_src_len;

void sk_msg_to(FILE *fp)
{
  sk_msg_fp = fp;
}

void sk_msg_source(const char *name, const void *text, size_t len)
{
  sk_msg_src_name = name;
  sk_msg_src_text = text;
  sk_msg_src_len = text ? len : 0;
}

static FILE *sk_msg_out(void)
{
  return sk_msg_fp ? sk_msg_fp : stderr;
}

void sk_msg_set_program(const char *name)
{
  sk_msg_name = name;
}

const char *sk_msg_program(void)
{
  return sk_msg_name;
}

void sk_msg_head(FILE *fp, const char *file, int line, int col,
                 const char *kind)
{
  if (file == NULL)
    fprintf(fp, "%s: %s: ", sk_msg_name, kind);
  else if (line <= 0)
    fprintf(fp, "%s: %s: ", file, kind);
  else if (col <= 0)
    fprintf(fp, "%s:%d: %s: ", file, line, kind);
  else
    fprintf(fp, "%s:%d:%d: %s: ", file, line, col, kind);
}

int sk_msg_find_line(const char *text, size_t size, int line,
                     const char **start, size_t *len)
{
  const char *p = text, *end = text + size, *nl;
  int n = 1;
  if (line < 1)
    return -1;
  while (n < line) {
    nl = memchr(p, '\n', (size_t)(end - p));
    if (nl == NULL)
      return -1;
    p = nl + 1;
    n++;
  }
  if (p == end && line > 1)
    return -1;
  nl = memchr(p, '\n', (size_t)(end - p));
  *start = p;
  *len = (size_t)((nl ? nl : end) - p);
  if (*len > 0 && p[*len - 1] == '\r')
    (*len)--;
  return 0;
}

/* Steps *i over one character (a whole UTF-8 sequence) of s. */
static void sk_msg_next_char(const char *s, size_t len, size_t *i)
{
  if (*i >= len)
    return;
  (*i)++;
  while (*i < len && ((unsigned char)s[*i] & 0xC0) == 0x80)
    (*i)++;
}

/* The source line, with control characters shown as '?'. */
static void sk_msg_put_line(FILE *fp, const char *s, size_t len)
{
  size_t i;
  for (i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    fputc((c < 0x20 && c != '\t') || c == 0x7f ? '?' : c, fp);
  }
}

/* Under the source line: blanks (tabs kept) up to the first column, '^',
 * then '~' to the last column. */
static void sk_msg_put_caret(FILE *fp, const char *s, size_t len,
                             int first_col, int last_col)
{
  size_t i = 0;
  int col = 1;
  for (; col < first_col; col++) {
    fputc(i < len && s[i] == '\t' ? '\t' : ' ', fp);
    sk_msg_next_char(s, len, &i);
  }
  fputc('^', fp);
  sk_msg_next_char(s, len, &i);
  for (col++; col <= last_col && i < len; col++) {
    fputc('~', fp);
    sk_msg_next_char(s, len, &i);
  }
  fputc('\n', fp);
}

/* The byte offset of character COL (1-based) of s, or len. */
static size_t sk_msg_offset(const char *s, size_t len, int col)
{
  size_t i = 0;
  int c;
  for (c = 1; c < col && i < len; c++)
    sk_msg_next_char(s, len, &i);
  return i;
}

void sk_msg_excerpt(FILE *fp, int line, const char *s, size_t len,
                    int first_col, int last_col)
{
  /* A line longer than SK_MSG_WIDTH characters is shown as a window
   * around the column, "..." marking what is left out: one message
   * line for a hostile megabyte of source, not the megabyte. */
  int from = first_col > SK_MSG_LEAD ? first_col - SK_MSG_LEAD : 1;
  size_t b0 = sk_msg_offset(s, len, from);
  size_t b1 = b0 + sk_msg_offset(s + b0, len - b0, SK_MSG_WIDTH + 1);
  if (sk_msg_offset(s, len, SK_MSG_WIDTH + 1) == len) {
    from = 1;
    b0 = 0;
    b1 = len;
  }
  fprintf(fp, "%5d | %s", line, b0 > 0 ? "..." : "");
  sk_msg_put_line(fp, s + b0, b1 - b0);
  fputs(b1 < len ? "...\n" : "\n", fp);
  if (first_col <= 0)
    return;
  fputs(b0 > 0 ? "      |    " : "      | ", fp);
  sk_msg_put_caret(fp, s + b0, b1 - b0, first_col - from + 1,
                   last_col - from + 1);
}

/* The excerpt of FILE's line under a located error, read again from the
 * file: a regular file only (a FIFO cannot be read twice), and at most
 * SK_MSG_LINE_MAX bytes of the line.  Silent when the file cannot be
 * read again or is shorter: the message itself is what matters, the
 * excerpt is a convenience. */
static void sk_msg_file_excerpt(const char *file, int line, int col)
{
  struct stat st;
  char *buf;
  size_t len = 0;
  int n = 1, c = EOF;
  FILE *f;
  if (sk_msg_src_name) {
    const char *s;
    if (strcmp(file, sk_msg_src_name) == 0 &&
        sk_msg_find_line(sk_msg_src_text ? sk_msg_src_text : "",
                         sk_msg_src_len, line, &s, &len) == 0) {
      if (len > SK_MSG_LINE_MAX)
        len = SK_MSG_LINE_MAX;
      sk_msg_excerpt(sk_msg_out(), line, s, len, col, col);
    }
    return;
  }
  if (stat(file, &st) != 0 || !S_ISREG(st.st_mode) ||
      (f = fopen(file, "rb")) == NULL)
    return;
  while (n < line && (c = getc(f)) != EOF)
    n += c == '\n';
  if (n == line && (buf = malloc(SK_MSG_LINE_MAX)) != NULL) {
    while (len < SK_MSG_LINE_MAX && (c = getc(f)) != EOF && c != '\n')
      buf[len++] = (char)c;
    if (len > 0 && buf[len - 1] == '\r')
      len--;
    if (c != EOF || len > 0)
      sk_msg_excerpt(sk_msg_out(), line, buf, len, col, col);
    free(buf);
  }
  fclose(f);
}

static _Thread_local char *sk_msg_cap;
static _Thread_local size_t sk_msg_capsize;

void sk_msg_capture(char *buf, size_t size)
{
  sk_msg_cap = size ? buf : NULL;
  sk_msg_capsize = size;
  if (sk_msg_cap)
    sk_msg_cap[0] = '\0';
}

static void sk_msg_vsay(const char *kind, const char *fmt, va_list ap)
{
  FILE *fp = sk_msg_out();
  if (!sk_msg_fp && sk_msg_cap && kind && strcmp(kind, "error") == 0) {
    if (!sk_msg_cap[0])
      vsnprintf(sk_msg_cap, sk_msg_capsize, fmt, ap);
    return;
  }
  if (kind != NULL)
    sk_msg_head(fp, NULL, 0, 0, kind);
  else
    fprintf(fp, "%s: ", sk_msg_name);
  vfprintf(fp, fmt, ap);
  fputc('\n', fp);
}

static void sk_msg_vat(const char *kind, const char *file, int line,
                       int col, const char *fmt, va_list ap)
{
  FILE *fp = sk_msg_out();
  sk_msg_head(fp, file, line, col, kind);
  vfprintf(fp, fmt, ap);
  fputc('\n', fp);
  if (file && line > 0)
    sk_msg_file_excerpt(file, line, col);
}

void sk_msg_error_at(const char *file, int line, int col, const char *fmt,
                     ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_msg_vat("error", file, line, col, fmt, ap);
  va_end(ap);
}

void sk_msg_warning_at(const char *file, int line, int col, const char *fmt,
                       ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_msg_vat("warning", file, line, col, fmt, ap);
  va_end(ap);
}

void sk_msg_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_msg_vsay("error", fmt, ap);
  va_end(ap);
}

int sk_msg_why(char *why, size_t len, const char *fmt, ...)
{
  va_list ap;
  if (why != NULL && len > 0) {
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
  }
  return -1;
}

void sk_msg_warning(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_msg_vsay("warning", fmt, ap);
  va_end(ap);
}

void sk_msg_note(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_msg_vsay(NULL, fmt, ap);
  va_end(ap);
}
