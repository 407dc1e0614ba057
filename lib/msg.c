/*
 * msg.c -- the errors, warnings and notes of every skampi program, and
 * the one printer of a source excerpt with its caret.
 */
#include <config.h>

#include "msg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *sk_msg_name = "skampi";

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

void sk_msg_excerpt(FILE *fp, int line, const char *s, size_t len,
                    int first_col, int last_col)
{
  fprintf(fp, "%5d | ", line);
  sk_msg_put_line(fp, s, len);
  fputc('\n', fp);
  if (first_col <= 0)
    return;
  fputs("      | ", fp);
  sk_msg_put_caret(fp, s, len, first_col, last_col);
}

/* The whole of FILE in a new buffer (*size bytes), or NULL. */
static char *sk_msg_read(const char *file, size_t *size)
{
  FILE *f = fopen(file, "rb");
  char *text = NULL, *t;
  size_t cap = 0, n;
  *size = 0;
  if (f == NULL)
    return NULL;
  do {
    if (*size == cap) {
      cap = cap ? 2 * cap : 65536;
      if ((t = realloc(text, cap)) == NULL)
        break;
      text = t;
    }
    n = fread(text + *size, 1, cap - *size, f);
    *size += n;
  } while (n > 0);
  fclose(f);
  return text;
}

/* The excerpt of FILE's line under a located error.  Silent when the
 * file cannot be read again or is shorter: the message itself is what
 * matters, the excerpt is a convenience. */
static void sk_msg_file_excerpt(const char *file, int line, int col)
{
  size_t size, len;
  const char *start;
  char *text = sk_msg_read(file, &size);
  if (text != NULL && sk_msg_find_line(text, size, line, &start, &len) == 0)
    sk_msg_excerpt(stderr, line, start, len, col, col);
  free(text);
}

static void sk_msg_vsay(const char *kind, const char *fmt, va_list ap)
{
  if (kind != NULL)
    sk_msg_head(stderr, NULL, 0, 0, kind);
  else
    fprintf(stderr, "%s: ", sk_msg_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void sk_msg_error_at(const char *file, int line, int col, const char *fmt,
                     ...)
{
  va_list ap;
  sk_msg_head(stderr, file, line, col, "error");
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  if (file && line > 0)
    sk_msg_file_excerpt(file, line, col);
}

void sk_msg_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_msg_vsay("error", fmt, ap);
  va_end(ap);
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
