/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * emit.c -- small helpers over libyaml's emitter.
 */
#include <config.h>

#include "emit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

struct sk_emit {
  yaml_emitter_t emitter;
  int failed;
  int end_marker;          /* end the document with "..." */
};

/* Emits ev (which libyaml then owns); marks e failed on error. */
static int sk_emit_event(sk_emit_t *e, yaml_event_t *ev, int ok)
{
  if (e->failed) {
    if (ok)
      yaml_event_delete(ev);   /* made, but never handed to libyaml */
    return -1;
  }
  if (!ok || !yaml_emitter_emit(&e->emitter, ev)) {
    e->failed = 1;
    return -1;
  }
  return 0;
}

sk_emit_t *sk_emit_open(FILE *fp)
{
  yaml_event_t ev;
  sk_emit_t *e = calloc(1, sizeof *e);
  if (e == NULL)
    return NULL;
  if (!yaml_emitter_initialize(&e->emitter)) {
    free(e);
    return NULL;
  }
  yaml_emitter_set_output_file(&e->emitter, fp);
  yaml_emitter_set_unicode(&e->emitter, 1);
  yaml_emitter_set_width(&e->emitter, 100);
  sk_emit_event(e, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
  sk_emit_event(e, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
  if (e->failed) {
    sk_emit_abort(e);
    return NULL;
  }
  return e;
}

int sk_emit_close(sk_emit_t *e)
{
  yaml_event_t ev;
  int rc;
  if (e == NULL)
    return -1;
  sk_emit_event(e, &ev, yaml_document_end_event_initialize(&ev,
                                                          !e->end_marker));
  sk_emit_event(e, &ev, yaml_stream_end_event_initialize(&ev));
  if (!e->failed && !yaml_emitter_flush(&e->emitter))
    e->failed = 1;
  rc = e->failed ? -1 : 0;
  yaml_emitter_delete(&e->emitter);
  free(e);
  return rc;
}

void sk_emit_end_marker(sk_emit_t *e)
{
  if (e != NULL)
    e->end_marker = 1;
}

void sk_emit_abort(sk_emit_t *e)
{
  if (e == NULL)
    return;
  yaml_emitter_delete(&e->emitter);
  free(e);
}

int sk_emit_map_begin(sk_emit_t *e)
{
  yaml_event_t ev;
  return sk_emit_event(e, &ev, yaml_mapping_start_event_initialize(
      &ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

int sk_emit_flow_map_begin(sk_emit_t *e)
{
  yaml_event_t ev;
  return sk_emit_event(e, &ev, yaml_mapping_start_event_initialize(
      &ev, NULL, NULL, 1, YAML_FLOW_MAPPING_STYLE));
}

int sk_emit_map_end(sk_emit_t *e)
{
  yaml_event_t ev;
  return sk_emit_event(e, &ev, yaml_mapping_end_event_initialize(&ev));
}

static int sk_emit_seq_style(sk_emit_t *e, yaml_sequence_style_t style)
{
  yaml_event_t ev;
  return sk_emit_event(e, &ev, yaml_sequence_start_event_initialize(
      &ev, NULL, NULL, 1, style));
}

int sk_emit_seq_begin(sk_emit_t *e)
{
  return sk_emit_seq_style(e, YAML_BLOCK_SEQUENCE_STYLE);
}

int sk_emit_flow_seq_begin(sk_emit_t *e)
{
  return sk_emit_seq_style(e, YAML_FLOW_SEQUENCE_STYLE);
}

int sk_emit_seq_end(sk_emit_t *e)
{
  yaml_event_t ev;
  return sk_emit_event(e, &ev, yaml_sequence_end_event_initialize(&ev));
}

/* A scalar: typed (numbers, booleans, null) is always plain; a string is
 * left to libyaml, which writes it plain when a reader would take it for
 * the same string (both implicit flags set) and quotes it otherwise. */
static int sk_emit_scalar(sk_emit_t *e, const char *s, int typed)
{
  yaml_event_t ev;
  return sk_emit_event(e, &ev, yaml_scalar_event_initialize(
      &ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, !typed,
      typed ? YAML_PLAIN_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE));
}

/* True when a plain scalar s would be read back as something other than a
 * string (a number, boolean or null), so it must be quoted. */
static int sk_emit_looks_typed(const char *s)
{
  static const char *const words[] = {
    "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false",
    "False", "FALSE", "yes", "Yes", "YES", "no", "No", "NO", "on", "On",
    "ON", "off", "Off", "OFF", ".inf", ".nan", "-.inf"
  };
  size_t i;
  char *end;
  for (i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strcmp(s, words[i]) == 0)
      return 1;
  (void)strtod(s, &end);
  return end != s && *end == '\0';
}

int sk_emit_str(sk_emit_t *e, const char *s)
{
  yaml_event_t ev;
  if (s == NULL)
    return sk_emit_null(e);
  if (!sk_emit_looks_typed(s))
    return sk_emit_scalar(e, s, 0);
  return sk_emit_event(e, &ev, yaml_scalar_event_initialize(
      &ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 0, 1,
      YAML_DOUBLE_QUOTED_SCALAR_STYLE));
}

int sk_emit_long(sk_emit_t *e, long v)
{
  char buf[32];
  snprintf(buf, sizeof buf, "%ld", v);
  return sk_emit_scalar(e, buf, 1);
}

int sk_emit_double(sk_emit_t *e, double v)
{
  char buf[40];
  if (isnan(v))
    return sk_emit_scalar(e, ".nan", 1);
  if (isinf(v))
    return sk_emit_scalar(e, v > 0 ? ".inf" : "-.inf", 1);
  /* %.17g round-trips every double; try shorter forms first. */
  snprintf(buf, sizeof buf, "%.15g", v);
  if (strtod(buf, NULL) != v)
    snprintf(buf, sizeof buf, "%.17g", v);
  /* Keep it a float for YAML 1.1 readers too, whose floats need a dot:
   * 1 -> 1.0, 1e-09 -> 1.0e-09. */
  if (strchr(buf, '.') == NULL) {
    char *exp = strpbrk(buf, "eE");
    if (exp == NULL) {
      strcat(buf, ".0");
    } else {
      memmove(exp + 2, exp, strlen(exp) + 1);
      memcpy(exp, ".0", 2);
    }
  }
  return sk_emit_scalar(e, buf, 1);
}

int sk_emit_bool(sk_emit_t *e, int v)
{
  return sk_emit_scalar(e, v ? "true" : "false", 1);
}

int sk_emit_null(sk_emit_t *e)
{
  return sk_emit_scalar(e, "null", 1);
}

int sk_emit_plain(sk_emit_t *e, const char *s)
{
  return sk_emit_scalar(e, s, 1);
}

int sk_emit_kv_str(sk_emit_t *e, const char *key, const char *value)
{
  sk_emit_str(e, key);
  return sk_emit_str(e, value);
}

int sk_emit_kv_long(sk_emit_t *e, const char *key, long value)
{
  sk_emit_str(e, key);
  return sk_emit_long(e, value);
}

int sk_emit_kv_double(sk_emit_t *e, const char *key, double value)
{
  sk_emit_str(e, key);
  return sk_emit_double(e, value);
}

int sk_emit_kv_bool(sk_emit_t *e, const char *key, int value)
{
  sk_emit_str(e, key);
  return sk_emit_bool(e, value);
}

int sk_emit_scalar_as(sk_emit_t *e, const char *s, size_t len, int quoted)
{
  yaml_event_t ev;
  yaml_scalar_style_t style = quoted == 0 ? YAML_PLAIN_SCALAR_STYLE
                              : quoted == 1 ? YAML_SINGLE_QUOTED_SCALAR_STYLE
                              : YAML_DOUBLE_QUOTED_SCALAR_STYLE;
  return sk_emit_event(e, &ev, yaml_scalar_event_initialize(
      &ev, NULL, NULL, (yaml_char_t *)s, (int)len, !quoted, quoted != 0,
      style));
}
