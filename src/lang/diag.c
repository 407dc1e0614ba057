/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * diag.c -- collected diagnostics, printed like gcc: position, message,
 * source line and caret (the head and the excerpt are lib/msg.h's, so
 * every program quotes a file alike).
 */
#include <config.h>

#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "msg.h"

typedef enum { SK_DIAG_ERROR, SK_DIAG_NOTE } sk_diag_kind_t;

typedef struct sk_diag_msg {
  sk_diag_kind_t kind;
  char *file;              /* NULL: not about a file */
  sk_span_t span;
  char *text;
  size_t group;            /* index of the error a note belongs to */
  size_t seq;              /* order of arrival */
} sk_diag_msg_t;

typedef struct sk_diag_source {
  char *name;
  char *text;
  size_t len;
} sk_diag_source_t;

struct sk_diag {
  sk_diag_msg_t *msgs;
  size_t nmsgs, capmsgs;
  size_t nerrors;
  size_t dropped;          /* errors beyond SK_DIAG_MAX */
  int drop_notes;          /* the last error was dropped: drop its notes */
  sk_diag_source_t *sources;
  size_t nsources, capsources;
};

sk_diag_t *sk_diag_new(void)
{
  return calloc(1, sizeof(sk_diag_t));
}

void sk_diag_free(sk_diag_t *d)
{
  size_t i;
  if (d == NULL)
    return;
  for (i = 0; i < d->nmsgs; i++) {
    free(d->msgs[i].file);
    free(d->msgs[i].text);
  }
  for (i = 0; i < d->nsources; i++) {
    free(d->sources[i].name);
    free(d->sources[i].text);
  }
  free(d->msgs);
  free(d->sources);
  free(d);
}

int sk_diag_add_source(sk_diag_t *d, const char *name, const char *text,
                       size_t len)
{
  sk_diag_source_t *s;
  if (SK_GROW(d->sources, d->capsources, d->nsources + 1, 4) != 0)
    return -1;
  s = &d->sources[d->nsources];
  s->name = strdup(name);
  s->text = malloc(len + 1);
  if (s->name == NULL || s->text == NULL) {
    free(s->name);
    free(s->text);
    return -1;
  }
  memcpy(s->text, text, len);
  s->text[len] = '\0';
  s->len = len;
  d->nsources++;
  return 0;
}

/* Formats a message into a new string (NULL out of memory). */
static char *sk_diag_format(const char *fmt, va_list ap)
{
  va_list aq;
  int n;
  char *s;
  va_copy(aq, ap);
  n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (n < 0)
    return NULL;
  s = malloc((size_t)n + 1);
  if (s != NULL)
    vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

static void sk_diag_add(sk_diag_t *d, sk_diag_kind_t kind, int alone,
                        const char *file, sk_span_t span, const char *fmt,
                        va_list ap)
{
  sk_diag_msg_t *m;
  if (kind == SK_DIAG_ERROR) {
    d->nerrors++;
    d->drop_notes = d->nmsgs >= SK_DIAG_MAX;
    if (d->drop_notes) {
      d->dropped++;
      return;
    }
  } else if (d->drop_notes || d->nmsgs >= SK_DIAG_MAX + SK_DIAG_MAX) {
    return;
  }
  if (SK_GROW(d->msgs, d->capmsgs, d->nmsgs + 1, 16) != 0)
    return;
  m = &d->msgs[d->nmsgs];
  m->kind = kind;
  m->file = file ? strdup(file) : NULL;
  m->span = span;
  m->text = sk_diag_format(fmt, ap);
  m->seq = d->nmsgs;
  m->group = m->seq;
  if (kind == SK_DIAG_NOTE && !alone && d->nmsgs > 0)
    m->group = d->msgs[d->nmsgs - 1].group;
  d->nmsgs++;
}

void sk_diag_error(sk_diag_t *d, const char *file, sk_span_t span,
                   const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_diag_add(d, SK_DIAG_ERROR, 0, file, span, fmt, ap);
  va_end(ap);
}

void sk_diag_note(sk_diag_t *d, const char *file, sk_span_t span,
                  const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_diag_add(d, SK_DIAG_NOTE, 0, file, span, fmt, ap);
  va_end(ap);
}

void sk_diag_remark(sk_diag_t *d, const char *file, sk_span_t span,
                    const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_diag_add(d, SK_DIAG_NOTE, 1, file, span, fmt, ap);
  va_end(ap);
}

size_t sk_diag_errors(const sk_diag_t *d)
{
  return d->nerrors;
}

sk_span_t sk_span_at(int line, int column)
{
  sk_span_t s;
  s.first_line = s.last_line = line;
  s.first_column = s.last_column = column;
  return s;
}

/* ---- ordering ----------------------------------------------------------- */

/* A message sorts by the position of the error of its group, then by
 * arrival, so that a note follows its error. */
typedef struct sk_diag_order {
  const sk_diag_msg_t *msg;
  const sk_span_t *at;     /* the span of the group's error */
} sk_diag_order_t;

static int sk_diag_cmp(const void *a, const void *b)
{
  const sk_diag_order_t *x = a, *y = b;
  if (x->at->first_line != y->at->first_line)
    return x->at->first_line < y->at->first_line ? -1 : 1;
  if (x->at->first_column != y->at->first_column)
    return x->at->first_column < y->at->first_column ? -1 : 1;
  if (x->msg->group != y->msg->group)
    return x->msg->group < y->msg->group ? -1 : 1;
  return x->msg->seq < y->msg->seq ? -1 : x->msg->seq > y->msg->seq;
}

/* ---- printing ----------------------------------------------------------- */

static const sk_diag_source_t *sk_diag_source(const sk_diag_t *d,
                                              const char *name)
{
  size_t i;
  if (name == NULL)
    return NULL;
  for (i = 0; i < d->nsources; i++)
    if (strcmp(d->sources[i].name, name) == 0)
      return &d->sources[i];
  return NULL;
}

static void sk_diag_print_one(const sk_diag_t *d, const sk_diag_msg_t *m,
                              FILE *fp)
{
  const sk_span_t *sp = &m->span;
  const sk_diag_source_t *src = sk_diag_source(d, m->file);
  const char *line;
  size_t len;
  sk_msg_head(fp, m->file, sp->first_line, sp->first_column,
              m->kind == SK_DIAG_ERROR ? "error" : "note");
  fprintf(fp, "%s\n", m->text ? m->text : "(out of memory)");
  if (src == NULL || sp->first_line <= 0 ||
      sk_msg_find_line(src->text, src->len, sp->first_line, &line,
                       &len) != 0)
    return;
  sk_msg_excerpt(fp, sp->first_line, line, len, sp->first_column,
                 sp->last_line == sp->first_line ? sp->last_column
                                                 : sp->first_column);
}

void sk_diag_print(const sk_diag_t *d, FILE *fp)
{
  sk_diag_order_t *order;
  size_t i;
  if (d->nmsgs == 0)
    return;
  order = malloc(d->nmsgs * sizeof *order);
  if (order != NULL) {
    for (i = 0; i < d->nmsgs; i++) {
      order[i].msg = &d->msgs[i];
      order[i].at = &d->msgs[d->msgs[i].group].span;
    }
    qsort(order, d->nmsgs, sizeof *order, sk_diag_cmp);
  }
  for (i = 0; i < d->nmsgs; i++)
    sk_diag_print_one(d, order ? order[i].msg : &d->msgs[i], fp);
  if (d->dropped > 0) {
    sk_msg_head(fp, NULL, 0, 0, "note");
    fprintf(fp, "%zu more errors not shown\n", d->dropped);
  }
  free(order);
}
