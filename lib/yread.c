/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * yread.c -- libyaml events into a tree of sk_ynode_t, with limits,
 * streaming of top-level sequences, and typed, located access.
 *
 * The builder keeps one stack of open collections (frames) and one
 * stack of finished children (pend).  A node that ends is pushed on
 * pend; a collection that ends copies its children from pend into one
 * array of the arena and is pushed itself.  The root's children stay
 * in pend, so that the root is readable while it is still being read
 * (a streaming callback looks at the keys before its own).
 */
#include <config.h>

#include "yread.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include "decimal.h"
#include "grow.h"
#include "msg.h"

#define SK_YREAD_BLOCK (64 * 1024)
/* Input libyaml may hold beyond the token it is scanning: its raw
 * buffer (16 KiB) and the look-ahead of a simple key (1024 chars). */
#define SK_YREAD_SLACK (64 * 1024)
#define SK_YREAD_QUOTE_KEEP 64

enum { SK_YREAD_FAIL_NONE, SK_YREAD_FAIL_SIZE, SK_YREAD_FAIL_GAP,
       SK_YREAD_FAIL_IO };

struct sk_yread_block {
  struct sk_yread_block *next;
  double align;            /* the data after it is aligned for anything */
};

struct sk_yread_frame {
  sk_ynode_t *node;
  size_t start;            /* its first child in pend */
  size_t count;            /* a streamed sequence: items delivered */
  int stream;              /* 1 + index into streams; 0: kept */
};

/* ---- arena ---------------------------------------------------------- */

static void *sk_yread_block_new(sk_yread_arena_t *a, size_t size, int link)
{
  struct sk_yread_block *b = malloc(sizeof *b + size);
  if (!b)
    return NULL;
  if (link || !a->head) {
    b->next = a->head;
    a->head = b;
  } else {             /* a large piece: keep the current block current */
    b->next = a->head->next;
    a->head->next = b;
  }
  return b + 1;
}

static void *sk_yread_alloc(sk_yread_arena_t *a, size_t n)
{
  char *p;
  n = (n + 7) & ~(size_t)7;
  if (n > SK_YREAD_BLOCK / 4)
    return sk_yread_block_new(a, n, 0);
  if (n > a->left) {
    if (!(p = sk_yread_block_new(a, SK_YREAD_BLOCK, 1)))
      return NULL;
    a->cur = p;
    a->left = SK_YREAD_BLOCK;
  }
  p = a->cur;
  a->cur += n;
  a->left -= n;
  return p;
}

static void sk_yread_arena_free(sk_yread_arena_t *a)
{
  struct sk_yread_block *b, *next;
  for (b = a->head; b; b = next) {
    next = b->next;
    free(b);
  }
  memset(a, 0, sizeof *a);
}

/* ---- messages ------------------------------------------------------- */

/* The escape of the byte(s) at S into ESC; returns the bytes used. */
static size_t sk_yread_esc(const unsigned char *s, size_t left, char esc[12])
{
  static const char *const named[] = {"\\n", "\\r", "\\t", "\\\\"};
  static const char plain[] = "\n\r\t\\";
  const char *k = *s ? strchr(plain, *s) : NULL;
  if (k) {
    strcpy(esc, named[k - plain]);
    return 1;
  }
  /* C1 controls: some terminals obey U+009B as CSI */
  if (*s == 0xC2 && left > 1 && s[1] >= 0x80 && s[1] <= 0x9F) {
    snprintf(esc, 12, "\\xC2\\x%02X", s[1]);
    return 2;
  }
  if (*s < 0x20 || *s == 0x7F)
    snprintf(esc, 12, "\\x%02X", *s);
  else {
    esc[0] = (char)*s;
    esc[1] = '\0';
  }
  return 1;
}

char *sk_yread_quote(const char *text, size_t len,
                     char buf[SK_YREAD_QUOTE_SIZE])
{
  const unsigned char *s = (const unsigned char *)text;
  size_t i = 0, o = 0, e;
  char esc[12];
  while (i < len) {
    i += sk_yread_esc(s + i, len - i, esc);
    e = strlen(esc);
    if (o + e > SK_YREAD_QUOTE_KEEP) {
      /* no half UTF-8 character before the "..." */
      while (o > 0 && ((unsigned char)buf[o - 1] & 0xC0) == 0x80)
        o--;
      if (o > 0 && (unsigned char)buf[o - 1] >= 0xC0)
        o--;
      memcpy(buf + o, "...", 4);
      return buf;
    }
    memcpy(buf + o, esc, e);
    o += e;
  }
  buf[o] = '\0';
  return buf;
}

/* Every control byte of MSG escaped into OUT: one message, one line. */
static void sk_yread_clean(const char *msg, char *out, size_t size)
{
  const unsigned char *s = (const unsigned char *)msg;
  size_t o = 0, e;
  char esc[12];
  for (; *s && o + 1 < size; s++) {
    if (*s < 0x20 || *s == 0x7F)
      snprintf(esc, sizeof esc, "\\x%02X", *s);
    else {
      esc[0] = (char)*s;
      esc[1] = '\0';
    }
    e = strlen(esc);
    if (o + e >= size)
      break;
    memcpy(out + o, esc, e);
    o += e;
  }
  out[o] = '\0';
}

/* The one place that prints a located message (an error, or with warn
 * a warning that does not count). */
static void sk_yread_vsay(sk_yread_t *y, int warn, int line, int col,
                          const char *fmt, va_list ap)
{
  char raw[1024], msg[1024];
  void (*say)(const char *, int, int, const char *, ...) =
      warn ? sk_msg_warning_at : sk_msg_error_at;
  vsnprintf(raw, sizeof raw, fmt, ap);
  sk_yread_clean(raw, msg, sizeof msg);
  if (line > 0 && y->plain_loc)
    say(y->path, 0, 0, "line %d, column %d: %s%s", line, col, msg,
        warn ? "; the point is left out" : "");
  else
    say(y->path, line, col, "%s%s", msg, warn ? "; the point is left out"
                                             : "");
  if (!warn)
    y->errors++;
}

static void sk_yread_vat(sk_yread_t *y, int line, int col, const char *fmt,
                         va_list ap)
{
  sk_yread_vsay(y, 0, line, col, fmt, ap);
}

static int sk_yread_at(sk_yread_t *y, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

static int sk_yread_at(sk_yread_t *y, int line, int col, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_yread_vat(y, line, col, fmt, ap);
  va_end(ap);
  return -1;
}

void sk_yread_error(sk_yread_t *y, const sk_ynode_t *node, const char *fmt,
                    ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_yread_vat(y, node ? node->line : 0, node ? node->col : 0, fmt, ap);
  va_end(ap);
}

void sk_yread_soft(sk_yread_t *y, const sk_ynode_t *node, const char *fmt,
                   ...)
{
  va_list ap;
  if (y->soft == 2)
    return;
  va_start(ap, fmt);
  sk_yread_vsay(y, y->soft == 1, node ? node->line : 0,
                node ? node->col : 0, fmt, ap);
  va_end(ap);
  if (y->soft == 1)
    y->soft = 2;
}

static int sk_yread_oom(sk_yread_t *y)
{
  sk_msg_error("out of memory reading '%s'", y->path);
  y->errors++;
  return -1;
}

/* libyaml's description of a failed parse, located at its mark, or
 * what the read handler refused. */
static int sk_yread_parse_error(sk_yread_t *y, const yaml_parser_t *p)
{
  const char *problem = p->problem ? p->problem : "cannot parse";
  if (y->fail == SK_YREAD_FAIL_SIZE)
    return sk_yread_at(y, 0, 0, "input is larger than the limit of %llu "
                       "bytes", y->limits.max_bytes);
  if (y->fail == SK_YREAD_FAIL_GAP)
    return sk_yread_at(y, y->last_line, y->last_col, "scalar longer than "
                       "the limit of %zu bytes", y->limits.max_scalar);
  if (y->fail == SK_YREAD_FAIL_IO) {
    sk_msg_error("cannot read '%s': %s", y->path, strerror(y->fail_errno));
    y->errors++;
    return -1;
  }
  if (p->error == YAML_READER_ERROR)
    return sk_yread_at(y, 0, 0, "malformed YAML: %s at byte %lu", problem,
                       (unsigned long)p->problem_offset);
  if (p->context)
    return sk_yread_at(y, (int)p->problem_mark.line + 1,
                       (int)p->problem_mark.column + 1,
                       "malformed YAML: %s (%s that starts at line %d)",
                       problem, p->context, (int)p->context_mark.line + 1);
  return sk_yread_at(y, (int)p->problem_mark.line + 1,
                     (int)p->problem_mark.column + 1, "malformed YAML: %s",
                     problem);
}

/* ---- input ---------------------------------------------------------- */

static size_t sk_yread_fill(sk_yread_t *y, unsigned char *buf, size_t size)
{
  ssize_t r;
  size_t n;
  if (y->fd < 0) {
    n = y->buflen - y->bufpos < size ? y->buflen - y->bufpos : size;
    memcpy(buf, y->buf + y->bufpos, n);
    y->bufpos += n;
    return n;
  }
  do
    r = read(y->fd, buf, size);
  while (r < 0 && errno == EINTR);
  if (r < 0) {
    y->fail = SK_YREAD_FAIL_IO;
    y->fail_errno = errno;
    return 0;
  }
  return (size_t)r;
}

/* libyaml's read handler: at most max_bytes + 1 bytes in all (the one
 * more tells a file of exactly max_bytes from a longer one), and no
 * more than a scalar's worth without an event. */
static int sk_yread_read(void *data, unsigned char *buf, size_t size,
                         size_t *got)
{
  sk_yread_t *y = data;
  unsigned long long room = y->limits.max_bytes + 1 - y->nread;
  *got = sk_yread_fill(y, buf, room < size ? (size_t)room : size);
  if (y->fail)
    return 0;
  y->nread += *got;
  if (y->nread > y->limits.max_bytes)
    y->fail = SK_YREAD_FAIL_SIZE;
  else if (y->nread - y->nread_at_event >
           (unsigned long long)y->limits.max_scalar + SK_YREAD_SLACK)
    y->fail = SK_YREAD_FAIL_GAP;
  return !y->fail;
}

/* ---- building ------------------------------------------------------- */

/* Items of a streamed sequence go to the arena that is reset after
 * each one; everything else is kept. */
static sk_yread_arena_t *sk_yread_arena(sk_yread_t *y)
{
  return y->nframes >= 2 && y->frames[1].stream ? &y->item : &y->top;
}

static sk_ynode_t *sk_yread_node(sk_yread_t *y, sk_ynode_kind_t kind,
                                 const yaml_mark_t *mark, size_t extra)
{
  sk_ynode_t *n = sk_yread_alloc(sk_yread_arena(y), sizeof *n + extra);
  if (!n)
    return NULL;
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->line = (int)mark->line + 1;
  n->col = (int)mark->column + 1;
  return n;
}

static int sk_yread_push(sk_yread_t *y, sk_ynode_t *n)
{
  if (SK_GROW(y->pend, y->cappend, y->npend + 1, 64) != 0)
    return sk_yread_oom(y);
  y->pend[y->npend++] = n;
  /* the root, readable while it grows: its children are the bottom of
   * pend, which may just have moved under a child of a child */
  y->root->kids = y->pend;
  if (y->nframes == 1)
    y->root->len = y->root->kind == SK_YNODE_MAP ? y->npend / 2 : y->npend;
  return 0;
}

/* A streamed item to its callback; then its memory is reused. */
static int sk_yread_deliver(sk_yread_t *y, struct sk_yread_frame *f,
                            sk_ynode_t *item)
{
  int i = f->stream - 1;
  int rc = y->streams[i].fn(y, y->streams[i].key, f->count++, item,
                            y->streams[i].arg);
  sk_yread_arena_free(&y->item);
  return rc < 0 ? -1 : 0;
}

/* A finished node into its parent (or as the root). */
static int sk_yread_add(sk_yread_t *y, sk_ynode_t *n)
{
  struct sk_yread_frame *f;
  if (y->nframes == 0) {
    y->root = n;
    return 0;
  }
  f = &y->frames[y->nframes - 1];
  if (f->stream)
    return sk_yread_deliver(y, f, n);
  return sk_yread_push(y, n);
}

/* The open collection is a mapping waiting for a key. */
static int sk_yread_want_key(const sk_yread_t *y)
{
  const struct sk_yread_frame *f;
  if (y->nframes == 0)
    return 0;
  f = &y->frames[y->nframes - 1];
  return f->node->kind == SK_YNODE_MAP && (y->npend - f->start) % 2 == 0;
}

static int sk_yread_same(const sk_ynode_t *a, const sk_ynode_t *b)
{
  return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

static int sk_yread_dup_msg(sk_yread_t *y, const sk_ynode_t *first,
                            const sk_ynode_t *again)
{
  char q[SK_YREAD_QUOTE_SIZE];
  return sk_yread_at(y, again->line, again->col,
                     "duplicate key '%s' (first at line %d)",
                     sk_yread_quote(again->text, again->len, q), first->line);
}

static int sk_yread_key_cmp(const void *pa, const void *pb)
{
  const sk_ynode_t *a = *(sk_ynode_t *const *)pa;
  const sk_ynode_t *b = *(sk_ynode_t *const *)pb;
  int c;
  if (a->len != b->len)
    return a->len < b->len ? -1 : 1;
  if ((c = memcmp(a->text, b->text, a->len)) != 0)
    return c;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  return (a->col > b->col) - (a->col < b->col);
}

static int sk_yread_before(const sk_ynode_t *a, const sk_ynode_t *b)
{
  return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/* Many keys: sorted, the earliest second occurrence is reported. */
static int sk_yread_dups_sorted(sk_yread_t *y, sk_ynode_t **kids, size_t n)
{
  sk_ynode_t **k = malloc(n * sizeof *k);
  const sk_ynode_t *first = NULL, *again = NULL;
  size_t i;
  if (!k)
    return sk_yread_oom(y);
  for (i = 0; i < n; i++)
    k[i] = kids[2 * i];
  qsort(k, n, sizeof *k, sk_yread_key_cmp);
  for (i = 1; i < n; i++)
    if (sk_yread_same(k[i - 1], k[i]) &&
        (i < 2 || !sk_yread_same(k[i - 2], k[i])) &&
        (!again || sk_yread_before(k[i], again))) {
      first = k[i - 1];
      again = k[i];
    }
  free(k);
  return again ? sk_yread_dup_msg(y, first, again) : 0;
}

/* No key twice in a mapping of N pairs.  Up to 64 keys (a point has
 * about 20) every pair is compared, which is cheaper than sorting a
 * copy; both report the earliest second occurrence. */
static int sk_yread_dups(sk_yread_t *y, sk_ynode_t **kids, size_t n)
{
  size_t i, j;
  if (n > 64)
    return sk_yread_dups_sorted(y, kids, n);
  for (j = 1; j < n; j++)
    for (i = 0; i < j; i++)
      if (kids[2 * i]->len == kids[2 * j]->len &&
          sk_yread_same(kids[2 * i], kids[2 * j]))
        return sk_yread_dup_msg(y, kids[2 * i], kids[2 * j]);
  return 0;
}

static int sk_yread_scalar(sk_yread_t *y, const yaml_event_t *ev)
{
  size_t len = ev->data.scalar.length;
  sk_ynode_t *n;
  char *text;
  if (len > y->limits.max_scalar)
    return sk_yread_at(y, (int)ev->start_mark.line + 1,
                       (int)ev->start_mark.column + 1, "scalar longer than "
                       "the limit of %zu bytes", y->limits.max_scalar);
  if (!(n = sk_yread_node(y, SK_YNODE_SCALAR, &ev->start_mark, len + 1)))
    return sk_yread_oom(y);
  text = (char *)(n + 1);
  memcpy(text, ev->data.scalar.value, len);
  text[len] = '\0';
  n->text = text;
  n->len = len;
  if (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
    n->flags |= SK_YNODE_PLAIN;
  /* a value's number, converted once (a key is never read as one) */
  if (!sk_yread_want_key(y) && sk_decimal_parse(text, len, &n->num))
    n->flags |= SK_YNODE_NUMBER;
  return sk_yread_add(y, n);
}

/* The index of the stream whose key is the root key just read, or -1. */
static int sk_yread_stream_key(const sk_yread_t *y)
{
  const sk_ynode_t *k;
  size_t i;
  if (y->nframes != 1 || y->root->kind != SK_YNODE_MAP || y->npend % 2 == 0)
    return -1;
  k = y->pend[y->npend - 1];
  for (i = 0; k->kind == SK_YNODE_SCALAR && i < y->nstreams; i++)
    if (strlen(y->streams[i].key) == k->len &&
        memcmp(y->streams[i].key, k->text, k->len) == 0)
      return (int)i;
  return -1;
}

/* A streamed sequence opens: an empty placeholder in the root, and a
 * frame whose items go to the callback. */
static int sk_yread_stream_open(sk_yread_t *y, int i, sk_ynode_t *n)
{
  const sk_ynode_t *k = y->pend[y->npend - 1];
  struct sk_yread_frame *f;
  if (y->streams[i].first_line) {
    sk_yread_at(y, k->line, k->col, "duplicate key '%s' (first at line %d)",
                y->streams[i].key, y->streams[i].first_line);
    return -1;
  }
  y->streams[i].first_line = k->line;
  n->flags |= SK_YNODE_STREAMED;
  if (sk_yread_push(y, n) < 0)
    return -1;
  f = &y->frames[y->nframes++];
  f->node = n;
  f->start = y->npend;
  f->count = 0;
  f->stream = i + 1;
  return 0;
}

static int sk_yread_open(sk_yread_t *y, const yaml_event_t *ev,
                         sk_ynode_kind_t kind, int flow)
{
  struct sk_yread_frame *f;
  sk_ynode_t *n;
  int s = kind == SK_YNODE_SEQ ? sk_yread_stream_key(y) : -1;
  if (y->nframes >= y->limits.max_depth)
    return sk_yread_at(y, (int)ev->start_mark.line + 1,
                       (int)ev->start_mark.column + 1,
                       "nesting deeper than %zu levels",
                       y->limits.max_depth);
  if (sk_yread_want_key(y))
    return sk_yread_at(y, (int)ev->start_mark.line + 1,
                       (int)ev->start_mark.column + 1,
                       "a mapping key must be a scalar");
  if (!(n = sk_yread_node(y, kind, &ev->start_mark, 0)))
    return sk_yread_oom(y);
  n->flags = flow ? SK_YNODE_FLOW : 0;
  if (s >= 0)
    return sk_yread_stream_open(y, s, n);
  if (y->nframes == 0)
    y->root = n;
  f = &y->frames[y->nframes++];
  f->node = n;
  f->start = y->npend;
  f->count = 0;
  f->stream = 0;
  return 0;
}

/* A collection ends: its children move from pend to the arena. */
static int sk_yread_close(sk_yread_t *y)
{
  struct sk_yread_frame *f = &y->frames[--y->nframes];
  sk_ynode_t *n = f->node;
  size_t count = y->npend - f->start;
  if (f->stream)
    return 0;
  if (y->nframes == 0)     /* the root: its children stay in pend */
    return n->kind == SK_YNODE_MAP ? sk_yread_dups(y, y->pend, n->len) : 0;
  if (count) {
    n->kids = sk_yread_alloc(sk_yread_arena(y), count * sizeof *n->kids);
    if (!n->kids)
      return sk_yread_oom(y);
    memcpy(n->kids, y->pend + f->start, count * sizeof *n->kids);
  }
  y->npend = f->start;
  n->len = n->kind == SK_YNODE_MAP ? count / 2 : count;
  if (n->kind == SK_YNODE_MAP && sk_yread_dups(y, n->kids, n->len) < 0)
    return -1;
  return sk_yread_add(y, n);
}

static int sk_yread_refuse(sk_yread_t *y, const yaml_event_t *ev)
{
  return sk_yread_at(y, (int)ev->start_mark.line + 1,
                     (int)ev->start_mark.column + 1,
                     "anchors and aliases are not allowed in a skampi file");
}

static const yaml_char_t *sk_yread_anchor(const yaml_event_t *ev)
{
  switch (ev->type) {
  case YAML_SCALAR_EVENT:
    return ev->data.scalar.anchor;
  case YAML_SEQUENCE_START_EVENT:
    return ev->data.sequence_start.anchor;
  case YAML_MAPPING_START_EVENT:
    return ev->data.mapping_start.anchor;
  default:
    return NULL;
  }
}

/* An explicit tag ("!!str 1", "!x"): skampi never writes one, and a tag
 * would make "1" text where a reader expects a number. */
static const yaml_char_t *sk_yread_tag(const yaml_event_t *ev)
{
  switch (ev->type) {
  case YAML_SCALAR_EVENT:
    return ev->data.scalar.tag;
  case YAML_SEQUENCE_START_EVENT:
    return ev->data.sequence_start.tag;
  case YAML_MAPPING_START_EVENT:
    return ev->data.mapping_start.tag;
  default:
    return NULL;
  }
}

static int sk_yread_event(sk_yread_t *y, const yaml_event_t *ev)
{
  if (ev->type == YAML_ALIAS_EVENT || sk_yread_anchor(ev))
    return sk_yread_refuse(y, ev);
  if (sk_yread_tag(ev))
    return sk_yread_at(y, (int)ev->start_mark.line + 1,
                       (int)ev->start_mark.column + 1,
                       "tags ('!...') are not allowed in a skampi file");
  switch (ev->type) {
  case YAML_DOCUMENT_START_EVENT:
    if (y->ndocs++ == 0)
      return 0;
    return sk_yread_at(y, (int)ev->start_mark.line + 1,
                       (int)ev->start_mark.column + 1, "a second YAML "
                       "document (a skampi file holds one)");
  case YAML_DOCUMENT_END_EVENT:
    y->end_marker = !ev->data.document_end.implicit;
    return 0;
  case YAML_SCALAR_EVENT:
    return sk_yread_scalar(y, ev);
  case YAML_SEQUENCE_START_EVENT:
    return sk_yread_open(y, ev, SK_YNODE_SEQ, ev->data.sequence_start.style
                         == YAML_FLOW_SEQUENCE_STYLE);
  case YAML_MAPPING_START_EVENT:
    return sk_yread_open(y, ev, SK_YNODE_MAP, ev->data.mapping_start.style
                         == YAML_FLOW_MAPPING_STYLE);
  case YAML_SEQUENCE_END_EVENT:
  case YAML_MAPPING_END_EVENT:
    return sk_yread_close(y);
  default:
    return 0;
  }
}

/* Events until the end of the stream or the first error. */
static int sk_yread_events(sk_yread_t *y, yaml_parser_t *p)
{
  yaml_event_t ev;
  int rc, end;
  for (;;) {
    if (!yaml_parser_parse(p, &ev))
      return sk_yread_parse_error(y, p);
    y->nread_at_event = y->nread;
    y->last_line = (int)ev.end_mark.line + 1;
    y->last_col = (int)ev.end_mark.column + 1;
    rc = sk_yread_event(y, &ev);
    end = ev.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&ev);
    if (rc < 0 || end)
      return rc;
  }
}

static int sk_yread_run(sk_yread_t *y)
{
  yaml_parser_t parser;
  int rc;
  y->frames = calloc(y->limits.max_depth + 1, sizeof *y->frames);
  if (!y->frames || !yaml_parser_initialize(&parser))
    return sk_yread_oom(y);
  yaml_parser_set_input(&parser, sk_yread_read, y);
  rc = sk_yread_events(y, &parser);
  yaml_parser_delete(&parser);
  free(y->frames);
  y->frames = NULL;
  y->nframes = 0;
  return rc;
}

/* ---- entry points --------------------------------------------------- */

void sk_yread_init(sk_yread_t *y)
{
  memset(y, 0, sizeof *y);
  y->fd = -1;
  y->limits.max_depth = 64;
  y->limits.max_scalar = 1024 * 1024;
  y->limits.max_bytes = 1024ULL * 1024 * 1024;
}

int sk_yread_stream(sk_yread_t *y, const char *key, sk_yread_item_fn fn,
                    void *arg)
{
  if (y->nstreams == SK_YREAD_MAX_STREAMS)
    return -1;
  y->streams[y->nstreams].key = key;
  y->streams[y->nstreams].fn = fn;
  y->streams[y->nstreams].arg = arg;
  y->streams[y->nstreams].first_line = 0;
  y->nstreams++;
  return 0;
}

/* Open PATH for reading: not a directory, not larger than the limit. */
static int sk_yread_open_file(sk_yread_t *y, const char *path)
{
  struct stat st;
  int fd = open(path, O_RDONLY | O_CLOEXEC), e = 0;
  if (fd < 0 || fstat(fd, &st) != 0)
    e = errno;
  else if (S_ISDIR(st.st_mode))
    e = EISDIR;
  if (e) {
    if (fd >= 0)
      close(fd);
    sk_msg_error("cannot read '%s': %s", path, strerror(e));
    y->errors++;
    return -1;
  }
  y->plain_loc = !S_ISREG(st.st_mode);
  if (S_ISREG(st.st_mode) &&
      (unsigned long long)st.st_size > y->limits.max_bytes) {
    close(fd);
    return sk_yread_at(y, 0, 0, "input is larger than the limit of %llu "
                       "bytes", y->limits.max_bytes);
  }
  y->fd = fd;
  return 0;
}

int sk_yread_file(sk_yread_t *y, const char *path)
{
  int rc;
  y->path = path;
  if (sk_yread_open_file(y, path) < 0)
    return -1;
  rc = sk_yread_run(y);
  close(y->fd);
  y->fd = -1;
  return rc;
}

int sk_yread_mem(sk_yread_t *y, const char *name, const void *buf,
                 size_t len)
{
  y->path = name;
  y->fd = -1;
  y->buf = buf;
  y->buflen = len;
  y->bufpos = 0;
  return sk_yread_run(y);
}

int sk_yread_load(sk_yread_t *y, const char *path)
{
  sk_yread_init(y);
  return sk_yread_file(y, path);
}

void sk_yread_done(sk_yread_t *y)
{
  sk_yread_arena_free(&y->top);
  sk_yread_arena_free(&y->item);
  free(y->pend);
  free(y->frames);
  y->pend = NULL;
  y->frames = NULL;
  y->npend = y->cappend = y->nframes = 0;
  y->root = NULL;
}
