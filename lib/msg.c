/*
 * msg.c -- error and warning messages of every skampi program.
 */
#include "msg.h"

#include <stdarg.h>
#include <stdio.h>
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

/* Print line LINE of FILE and a caret under column COL.  Silent when the
 * file cannot be read again or is shorter: the message itself is what
 * matters, the excerpt is a convenience. */
static void sk_msg_excerpt(const char *file, int line, int col)
{
  char buf[512];
  FILE *f = fopen(file, "r");
  int n = 1, i;
  size_t len;
  if (!f)
    return;
  while (fgets(buf, sizeof buf, f)) {
    len = strlen(buf);
    if (n == line) {
      while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
        buf[--len] = '\0';
      fprintf(stderr, " %s\n ", buf);
      for (i = 1; i < col && (size_t)(i - 1) < len; i++)
        fputc(buf[i - 1] == '\t' ? '\t' : ' ', stderr);
      fputs("^\n", stderr);
      break;
    }
    if (len > 0 && buf[len - 1] == '\n')
      n++;
  }
  fclose(f);
}

void sk_msg_error_at(const char *file, int line, int col, const char *fmt,
                     ...)
{
  va_list ap;
  if (!file)
    fprintf(stderr, "%s: error: ", sk_msg_name);
  else if (line <= 0)
    fprintf(stderr, "%s: error: ", file);
  else
    fprintf(stderr, "%s:%d:%d: error: ", file, line, col);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  if (file && line > 0)
    sk_msg_excerpt(file, line, col);
}

void sk_msg_error(const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "%s: error: ", sk_msg_name);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

void sk_msg_warning(const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "%s: warning: ", sk_msg_name);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}
