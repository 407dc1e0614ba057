/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * resume.c -- the suite entries of an earlier result file, as events.
 */
#include <config.h>

#include "resume.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "grow.h"

typedef enum {
  SK_RESUME_MAP, SK_RESUME_SEQ, SK_RESUME_FLOW_SEQ, SK_RESUME_END_MAP,
  SK_RESUME_END_SEQ, SK_RESUME_SCALAR
} sk_resume_kind_t;

typedef struct sk_resume_ev {
  sk_resume_kind_t kind;
  char *value;               /* scalars */
  size_t len;
  int quoted;                /* sk_emit_scalar_as()'s: 0 plain, 1 single,
                              * 2 double (or a block scalar's text) */
} sk_resume_ev_t;

typedef struct sk_resume_entry {
  sk_resume_ev_t *ev;
  size_t nev, cap;
  const char *name;          /* points into ev, or "" */
  const char *status;        /* points into ev, or "" */
} sk_resume_entry_t;

struct sk_resume {
  char sha256[65];
  char run_status[16];       /* run.status, "" when absent */
  sk_resume_entry_t *entries;
  size_t n, cap;
};

typedef struct sk_resume_rd {
  yaml_parser_t parser;
  yaml_event_t ev;
  int have;                  /* ev holds an event to delete */
  char *err;
  size_t errlen;
} sk_resume_rd_t;

/* The next event into rd->ev; -1 with the parser's message. */
static int sk_resume_next(sk_resume_rd_t *rd)
{
  if (rd->have)
    yaml_event_delete(&rd->ev);
  rd->have = 0;
  if (!yaml_parser_parse(&rd->parser, &rd->ev)) {
    snprintf(rd->err, rd->errlen, "line %lu: %s",
             (unsigned long)rd->parser.problem_mark.line + 1,
             rd->parser.problem ? rd->parser.problem : "invalid YAML");
    return -1;
  }
  rd->have = 1;
  return 0;
}

static int sk_resume_is(const sk_resume_rd_t *rd, yaml_event_type_t t)
{
  return rd->ev.type == t;
}

static int sk_resume_push(sk_resume_entry_t *en, const yaml_event_t *ev)
{
  sk_resume_ev_t *x;
  if (SK_GROW(en->ev, en->cap, en->nev + 1, 64) != 0)
    return -1;
  x = &en->ev[en->nev];
  memset(x, 0, sizeof *x);
  switch (ev->type) {
  case YAML_MAPPING_START_EVENT: x->kind = SK_RESUME_MAP; break;
  case YAML_MAPPING_END_EVENT: x->kind = SK_RESUME_END_MAP; break;
  case YAML_SEQUENCE_END_EVENT: x->kind = SK_RESUME_END_SEQ; break;
  case YAML_SEQUENCE_START_EVENT:
    x->kind = ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                  ? SK_RESUME_FLOW_SEQ : SK_RESUME_SEQ;
    break;
  case YAML_SCALAR_EVENT:
    x->kind = SK_RESUME_SCALAR;
    x->len = ev->data.scalar.length;
    x->quoted = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? 0
                : ev->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE
                ? 1 : 2;
    if ((x->value = malloc(x->len + 1)) == NULL)
      return -1;
    memcpy(x->value, ev->data.scalar.value, x->len);
    x->value[x->len] = '\0';
    break;
  default:
    return -1;               /* aliases and the like: not ours */
  }
  en->nev++;
  return 0;
}

/* One node starting at the current event, into en (or dropped when en is
 * NULL); the current event is its last one afterwards. */
static int sk_resume_node(sk_resume_rd_t *rd, sk_resume_entry_t *en)
{
  int depth = 0;
  do {
    yaml_event_type_t t = rd->ev.type;
    if (en != NULL && sk_resume_push(en, &rd->ev) != 0) {
      snprintf(rd->err, rd->errlen, "unexpected YAML content");
      return -1;
    }
    if (t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT)
      depth++;
    else if (t == YAML_MAPPING_END_EVENT || t == YAML_SEQUENCE_END_EVENT)
      depth--;
    if (depth > 0 && sk_resume_next(rd) != 0)
      return -1;
  } while (depth > 0);
  return 0;
}

/* The name and status of an entry: the values of its first-level keys
 * "name" and "status". */
static void sk_resume_name_of(sk_resume_entry_t *en)
{
  size_t i;
  int depth = 0;
  en->name = "";
  en->status = "";
  for (i = 0; i + 1 < en->nev; i++) {
    sk_resume_ev_t *x = &en->ev[i];
    if (x->kind == SK_RESUME_MAP || x->kind == SK_RESUME_SEQ ||
        x->kind == SK_RESUME_FLOW_SEQ)
      depth++;
    else if (x->kind != SK_RESUME_SCALAR)
      depth--;
    else if (depth == 1 && en->ev[i + 1].kind == SK_RESUME_SCALAR &&
             (strcmp(x->value, "name") == 0 ||
              strcmp(x->value, "status") == 0)) {
      if (x->value[0] == 'n')
        en->name = en->ev[i + 1].value;
      else
        en->status = en->ev[i + 1].value;
      i++;                   /* the value is no key */
    }
  }
}

static void sk_resume_entry_free(sk_resume_entry_t *en)
{
  size_t i;
  for (i = 0; i < en->nev; i++)
    free(en->ev[i].value);
  free(en->ev);
}

void sk_resume_free(sk_resume_t *r)
{
  size_t i;
  if (r == NULL)
    return;
  for (i = 0; i < r->n; i++)
    sk_resume_entry_free(&r->entries[i]);
  free(r->entries);
  free(r);
}

/* The value of suites: one entry per sequence item. */
static int sk_resume_suites(sk_resume_rd_t *rd, sk_resume_t *r)
{
  if (sk_resume_next(rd) != 0)
    return -1;
  if (!sk_resume_is(rd, YAML_SEQUENCE_START_EVENT)) {
    snprintf(rd->err, rd->errlen, "suites is not a list");
    return -1;
  }
  for (;;) {
    sk_resume_entry_t *en;
    if (sk_resume_next(rd) != 0)
      return -1;
    if (sk_resume_is(rd, YAML_SEQUENCE_END_EVENT))
      return 0;
    if (SK_GROW(r->entries, r->cap, r->n + 1, 16) != 0)
      return -1;
    en = &r->entries[r->n++];
    memset(en, 0, sizeof *en);
    if (sk_resume_node(rd, en) != 0)
      return -1;
    sk_resume_name_of(en);
  }
}

/* The value of suite_file (its sha256 is kept) or of run (its status):
 * the scalar value of key in the mapping, into out (n bytes), when it
 * has at least min characters. */
static int sk_resume_field(sk_resume_rd_t *rd, const char *key, char *out,
                           size_t n, size_t min)
{
  sk_resume_entry_t en;
  size_t i;
  int rc;
  memset(&en, 0, sizeof en);
  if (sk_resume_next(rd) != 0)
    return -1;
  rc = sk_resume_node(rd, &en);
  for (i = 1; rc == 0 && i + 1 < en.nev; i++)
    if (en.ev[i].kind == SK_RESUME_SCALAR &&
        strcmp(en.ev[i].value, key) == 0 &&
        en.ev[i + 1].kind == SK_RESUME_SCALAR &&
        en.ev[i + 1].len >= min && en.ev[i + 1].len < n)
      memcpy(out, en.ev[i + 1].value, en.ev[i + 1].len + 1);
  sk_resume_entry_free(&en);
  return rc;
}

/* The top-level mapping, key after key. */
static int sk_resume_top(sk_resume_rd_t *rd, sk_resume_t *r)
{
  int i, suites = 0;
  for (i = 0; i < 3; i++)
    if (sk_resume_next(rd) != 0)
      return -1;
  if (!sk_resume_is(rd, YAML_MAPPING_START_EVENT)) {
    snprintf(rd->err, rd->errlen, "not a skampi result file");
    return -1;
  }
  for (;;) {
    if (sk_resume_next(rd) != 0)
      return -1;
    if (sk_resume_is(rd, YAML_MAPPING_END_EVENT))
      break;
    if (!sk_resume_is(rd, YAML_SCALAR_EVENT))
      return -1;
    if (strcmp((char *)rd->ev.data.scalar.value, "suites") == 0) {
      if (sk_resume_suites(rd, r) != 0)
        return -1;
      suites = 1;
    } else if (strcmp((char *)rd->ev.data.scalar.value, "suite_file") == 0) {
      if (sk_resume_field(rd, "sha256", r->sha256, sizeof r->sha256, 64))
        return -1;
    } else if (strcmp((char *)rd->ev.data.scalar.value, "run") == 0) {
      if (sk_resume_field(rd, "status", r->run_status,
                          sizeof r->run_status, 1) != 0)
        return -1;
    } else if (sk_resume_next(rd) != 0 || sk_resume_node(rd, NULL) != 0) {
      return -1;
    }
  }
  if (!suites)
    snprintf(rd->err, rd->errlen, "not a skampi result file (no suites)");
  return suites ? 0 : -1;
}

sk_resume_t *sk_resume_load(const char *path, char *err, size_t n)
{
  sk_resume_rd_t rd;
  sk_resume_t *r = calloc(1, sizeof *r);
  FILE *fp = fopen(path, "rb");
  int rc = -1;
  memset(&rd, 0, sizeof rd);
  rd.err = err;
  rd.errlen = n;
  snprintf(err, n, "not a skampi result file");
  if (fp == NULL)
    snprintf(err, n, "%s", strerror(errno));
  if (r != NULL && fp != NULL && yaml_parser_initialize(&rd.parser)) {
    yaml_parser_set_input_file(&rd.parser, fp);
    rc = sk_resume_top(&rd, r);
    if (rd.have)
      yaml_event_delete(&rd.ev);
    yaml_parser_delete(&rd.parser);
  }
  if (fp != NULL)
    fclose(fp);
  if (rc != 0) {
    sk_resume_free(r);
    return NULL;
  }
  return r;
}

const char *sk_resume_sha256(const sk_resume_t *r)
{
  return r->sha256;
}

const char *sk_resume_run_status(const sk_resume_t *r)
{
  return r->run_status;
}

size_t sk_resume_count(const sk_resume_t *r)
{
  return r->n;
}

const char *sk_resume_name(const sk_resume_t *r, size_t i)
{
  return r->entries[i].name;
}

const char *sk_resume_status(const sk_resume_t *r, size_t i)
{
  return r->entries[i].status;
}

long sk_resume_find(const sk_resume_t *r, const char *name)
{
  size_t i;
  for (i = 0; r != NULL && i < r->n; i++)
    if (strcmp(r->entries[i].name, name) == 0)
      return (long)i;
  return -1;
}

int sk_resume_emit(const sk_resume_t *r, size_t i, sk_emit_t *e)
{
  const sk_resume_entry_t *en = &r->entries[i];
  size_t k;
  int rc = 0;
  for (k = 0; k < en->nev && rc == 0; k++) {
    const sk_resume_ev_t *x = &en->ev[k];
    switch (x->kind) {
    case SK_RESUME_MAP: rc = sk_emit_map_begin(e); break;
    case SK_RESUME_SEQ: rc = sk_emit_seq_begin(e); break;
    case SK_RESUME_FLOW_SEQ: rc = sk_emit_flow_seq_begin(e); break;
    case SK_RESUME_END_MAP: rc = sk_emit_map_end(e); break;
    case SK_RESUME_END_SEQ: rc = sk_emit_seq_end(e); break;
    case SK_RESUME_SCALAR:
      rc = sk_emit_scalar_as(e, x->value, x->len, x->quoted);
      break;
    }
  }
  return rc;
}
