/*
 * rfile_load.c -- a skampi result file (YAML) into an sk_rfile_t.
 *
 * The walk follows doc/output-format.md.  Keys it does not know are
 * skipped, as the format promises readers may do; a known key with a
 * value of the wrong type is an error located at that value.
 */
#include <config.h>

#include "rfile_load.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collbw.h"
#include "msg.h"
#include "runstate.h"
#include "schema.h"
#include "ydoc.h"

/* Append a key/value pair (both copied) to *kv. */
static int sk_rfile_load_kv_add(sk_rfile_kv_t **kv, size_t *n, const char *key,
                          const char *value)
{
  sk_rfile_kv_t *grown = realloc(*kv, (*n + 1) * sizeof **kv);
  if (!grown)
    return -1;
  *kv = grown;
  grown[*n].key = strdup(key);
  grown[*n].value = strdup(value);
  if (!grown[*n].key || !grown[*n].value) {
    free(grown[*n].key);
    free(grown[*n].value);
    return -1;
  }
  (*n)++;
  return 0;
}

/* Append TEXT to the growing string *buf. */
static int sk_rfile_load_cat(char **buf, const char *text)
{
  size_t a = *buf ? strlen(*buf) : 0, b = strlen(text);
  char *grown = realloc(*buf, a + b + 1);
  if (!grown)
    return -1;
  memcpy(grown + a, text, b + 1);
  *buf = grown;
  return 0;
}

/* A sequence of scalars as one line: "a, b ×2, c".  Runs of one value are
 * counted, because host lists repeat each node once per rank. */
static char *sk_rfile_load_join(sk_ydoc_t *y, yaml_node_t *seq)
{
  size_t i, j, n = sk_ydoc_len(seq);
  char *out = strdup(""), num[32];
  const char *t, *u;
  for (i = 0; out && i < n; i = j) {
    t = sk_ydoc_text(sk_ydoc_item(y, seq, i));
    t = t ? t : "...";
    for (j = i + 1; j < n; j++) {
      u = sk_ydoc_text(sk_ydoc_item(y, seq, j));
      if (!u || strcmp(t, u) != 0)
        break;
    }
    if ((i > 0 && sk_rfile_load_cat(&out, ", ") < 0) || sk_rfile_load_cat(&out, t) < 0)
      return NULL;
    snprintf(num, sizeof num, " \xc3\x97%lu", (unsigned long)(j - i));
    if (j - i > 1 && sk_rfile_load_cat(&out, num) < 0)
      return NULL;
  }
  return out;
}

/* Flatten VALUE under name PREFIX into *kv: a scalar is one entry, a
 * sequence one joined entry, a mapping one entry per key "PREFIX.key". */
static int sk_rfile_load_flat(sk_ydoc_t *y, yaml_node_t *value, const char *prefix,
                        sk_rfile_kv_t **kv, size_t *n)
{
  size_t i;
  yaml_node_t *k, *v;
  char *text, name[256];
  int rc;
  if (value->type == YAML_SCALAR_NODE)
    return sk_rfile_load_kv_add(kv, n, prefix, sk_ydoc_text(value));
  if (value->type == YAML_SEQUENCE_NODE) {
    text = sk_rfile_load_join(y, value);
    rc = text ? sk_rfile_load_kv_add(kv, n, prefix, text) : -1;
    free(text);
    return rc;
  }
  for (i = 0; i < sk_ydoc_len(value); i++) {
    k = sk_ydoc_pair(y, value, i, &v);
    snprintf(name, sizeof name, "%s%s%s", prefix, *prefix ? "." : "",
             sk_ydoc_text(k) ? sk_ydoc_text(k) : "?");
    if (sk_rfile_load_flat(y, v, name, kv, n) < 0)
      return -1;
  }
  return 0;
}

/* A mapping such as metadata: or factors: flattened into *kv. */
static int sk_rfile_load_map(sk_ydoc_t *y, yaml_node_t *map, const char *what,
                       sk_rfile_kv_t **kv, size_t *n)
{
  if (!map)
    return 0;
  if (sk_ydoc_want_map(y, map, what) < 0)
    return -1;
  return sk_rfile_load_flat(y, map, "", kv, n);
}

/* Start every string at "" so that readers never meet NULL. */
static int sk_rfile_load_strings(char **const *fields, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    *fields[i] = strdup("");
    if (!*fields[i])
      return -1;
  }
  return 0;
}

/* rate, processes and node_times (report/beyond.c draws them). */
static void sk_rfile_load_point_beyond(sk_ydoc_t *y, yaml_node_t *node,
                                 sk_rfile_point_t *p)
{
  yaml_node_t *nt = sk_ydoc_get(y, node, "node_times");
  size_t i, n;
  sk_ydoc_number(y, sk_ydoc_get(y, node, "rate"), "rate", &p->rate);
  sk_ydoc_integer(y, sk_ydoc_get(y, node, "processes"), "processes",
                  &p->processes);
  if (!nt || sk_ydoc_want_seq(y, nt, "'node_times'") < 0)
    return;
  n = sk_ydoc_len(nt);
  p->node_times = calloc(n ? n : 1, sizeof *p->node_times);
  if (!p->node_times)
    return;
  p->nnode = n;
  for (i = 0; i < n; i++)
    sk_ydoc_number(y, sk_ydoc_item(y, nt, i), "node_times",
                   &p->node_times[i]);
}

static int sk_rfile_load_point(sk_ydoc_t *y, yaml_node_t *node,
                         sk_rfile_point_t *p, int need_argument)
{
  int before = y->errors;
  p->argument = 0;
  p->mean = 0;
  p->se = 0;
  p->q1 = p->q3 = NAN;
  p->repetitions = -1;
  p->eps_met = 1;
  p->refined = 0;
  p->rate = NAN;
  p->processes = -1;
  p->node_times = NULL;
  p->nnode = 0;
  if (sk_ydoc_want_map(y, node, "a point") < 0)
    return -1;
  if (need_argument && !sk_ydoc_get(y, node, "argument"))
    sk_ydoc_error(y, node, "point has no 'argument'");
  if (!sk_ydoc_get(y, node, "mean"))
    sk_ydoc_error(y, node, "point has no 'mean'");
  sk_ydoc_number(y, sk_ydoc_get(y, node, "argument"), "argument",
                 &p->argument);
  sk_ydoc_number(y, sk_ydoc_get(y, node, "mean"), "mean", &p->mean);
  sk_ydoc_number(y, sk_ydoc_get(y, node, "stderr"), "stderr", &p->se);
  sk_ydoc_number(y, sk_ydoc_get(y, node, "q1"), "q1", &p->q1);
  sk_ydoc_number(y, sk_ydoc_get(y, node, "q3"), "q3", &p->q3);
  sk_ydoc_integer(y, sk_ydoc_get(y, node, "repetitions"), "repetitions",
                  &p->repetitions);
  sk_ydoc_bool(y, sk_ydoc_get(y, node, "eps_met"), "eps_met", &p->eps_met);
  sk_ydoc_bool(y, sk_ydoc_get(y, node, "refined"), "refined", &p->refined);
  sk_rfile_load_point_beyond(y, node, p);
  return y->errors > before ? -1 : 0;
}

static int sk_rfile_load_point_cmp(const void *a, const void *b)
{
  const sk_rfile_point_t *p = a, *q = b;
  return (p->argument > q->argument) - (p->argument < q->argument);
}

static int sk_rfile_load_points(sk_ydoc_t *y, yaml_node_t *seq,
                          sk_rfile_suite_t *s)
{
  size_t i, n = sk_ydoc_len(seq);
  int rc = 0;
  if (!seq)
    return 0;
  if (sk_ydoc_want_seq(y, seq, "'points'") < 0)
    return -1;
  s->points = calloc(n ? n : 1, sizeof *s->points);
  if (!s->points)
    return -1;
  for (i = 0; i < n; i++)
    if (sk_rfile_load_point(y, sk_ydoc_item(y, seq, i), &s->points[i],
                      s->arg != SK_RESULT_ARG_NONE) < 0)
      rc = -1;
  s->npoints = n;
  /* The format lists points by argument; sort anyway so that a line
   * through them never doubles back. */
  qsort(s->points, n, sizeof *s->points, sk_rfile_load_point_cmp);
  return rc;
}

/* argument_name, or when absent the Variation parameter. */
static int sk_rfile_load_arg(sk_ydoc_t *y, yaml_node_t *suite,
                       sk_rfile_suite_t *s)
{
  static const char *const names[] = {"none", "length", "nodes", "chunks"};
  yaml_node_t *node = sk_ydoc_get(y, suite, "argument_name");
  const char *t = sk_ydoc_text(node);
  size_t i;
  if (!node) {
    t = sk_rfile_param(s, "Variation");
    for (i = 0; t && i < 4; i++)
      if (strcasecmp(t, names[i]) == 0)
        s->arg = (sk_rfile_arg_t)i;
    return 0;
  }
  for (i = 0; t && i < 4; i++)
    if (strcmp(t, names[i]) == 0) {
      s->arg = (sk_rfile_arg_t)i;
      return 0;
    }
  sk_ydoc_error(y, node, "unknown argument_name '%s' (expected length, "
                "nodes, chunks or none)", t ? t : "");
  return -1;
}

static int sk_rfile_load_time_unit(sk_ydoc_t *y, yaml_node_t *suite)
{
  yaml_node_t *node = sk_ydoc_get(y, suite, "time_unit");
  const char *t = sk_ydoc_text(node);
  if (!node || (t && strcmp(t, "s") == 0))
    return 0;
  sk_ydoc_error(y, node, "time_unit '%s' is not supported (expected s)",
                t ? t : "");
  return -1;
}

static void sk_rfile_load_pair(sk_ydoc_t *y, yaml_node_t *suite,
                         sk_rfile_suite_t *s)
{
  yaml_node_t *node = sk_ydoc_get(y, suite, "pingpong_pair");
  if (!node || sk_ydoc_want_seq(y, node, "'pingpong_pair'") < 0)
    return;
  if (sk_ydoc_len(node) != 2) {
    sk_ydoc_error(y, node, "'pingpong_pair' must have two ranks");
    return;
  }
  sk_ydoc_integer(y, sk_ydoc_item(y, node, 0), "pingpong_pair", &s->pair[0]);
  sk_ydoc_integer(y, sk_ydoc_item(y, node, 1), "pingpong_pair", &s->pair[1]);
}

static int sk_rfile_load_suite_strings(sk_ydoc_t *y, yaml_node_t *node,
                                 sk_rfile_suite_t *s)
{
  char **const fields[] = {&s->name, &s->instance, &s->pattern, &s->status,
                           &s->message};
  static const char *const keys[] = {"name", "instance", "pattern", "status",
                                     "message"};
  size_t i;
  if (sk_rfile_load_strings(fields, 5) < 0)
    return -1;
  for (i = 0; i < 5; i++)
    sk_ydoc_string(y, sk_ydoc_get(y, node, keys[i]), keys[i], fields[i]);
  if (!sk_ydoc_get(y, node, "name"))
    sk_ydoc_error(y, node, "suite has no 'name'");
  return 0;
}

/* The bandwidth view divides bytes by time: a ping-pong round trip
 * (timing round_trip) and a Sendrecv exchange carry the message twice in
 * the time measured, as IMB and OSU count them; everything else once. */
static void sk_rfile_load_bytes(sk_ydoc_t *y, yaml_node_t *node,
                          sk_rfile_suite_t *s)
{
  yaml_node_t *t = sk_ydoc_get(y, node, "timing");
  const char *v = "";
  double f;
  size_t i;
  if (t != NULL && t->type == YAML_SCALAR_NODE)
    v = (const char *)t->data.scalar.value;
  f = strcmp(v, "round_trip") == 0 || strcmp(v, "exchange") == 0 ? 2.0 : 1.0;
  for (i = 0; i < s->npoints; i++)
    s->points[i].bytes = f * s->points[i].argument;
}

static int sk_rfile_load_suite(sk_ydoc_t *y, yaml_node_t *node,
                         sk_rfile_suite_t *s)
{
  int before = y->errors;
  s->type = -1;
  s->pair[0] = s->pair[1] = -1;
  s->elapsed = -1;
  s->line = sk_ydoc_line(node);
  if (sk_ydoc_want_map(y, node, "a suite") < 0)
    return -1;
  if (sk_rfile_load_suite_strings(y, node, s) < 0)
    return -1;
  sk_ydoc_integer(y, sk_ydoc_get(y, node, "type"), "type", &s->type);
  if (sk_rfile_load_map(y, sk_ydoc_get(y, node, "parameters"), "'parameters'",
                  &s->params, &s->nparams) < 0)
    return -1;
  sk_rfile_load_arg(y, node, s);
  sk_rfile_load_time_unit(y, node);
  sk_rfile_load_pair(y, node, s);
  sk_ydoc_string(y, sk_ydoc_get(y, node, "rate_unit"), "rate_unit",
                 &s->rate_unit);
  sk_ydoc_number(y, sk_ydoc_get(y, node, "elapsed"), "elapsed", &s->elapsed);
  sk_rfile_load_points(y, sk_ydoc_get(y, node, "points"), s);
  sk_rfile_load_bytes(y, node, s);
  return y->errors > before ? -1 : 0;
}

static int sk_rfile_load_suites(sk_ydoc_t *y, yaml_node_t *seq, sk_rfile_t *r)
{
  size_t i, n = sk_ydoc_len(seq);
  int rc = 0;
  if (!seq)
    return 0;
  if (sk_ydoc_want_seq(y, seq, "'suites'") < 0)
    return -1;
  r->suites = calloc(n ? n : 1, sizeof *r->suites);
  if (!r->suites)
    return -1;
  for (i = 0; i < n; i++) {
    r->nsuites = i + 1;
    if (sk_rfile_load_suite(y, sk_ydoc_item(y, seq, i), &r->suites[i]) < 0)
      rc = -1;
  }
  return rc;
}

/* The top level must be a mapping with a schema_version we understand;
 * anything else is refused before the rest is read. */
static int sk_rfile_load_schema(sk_ydoc_t *y, yaml_node_t *root, sk_rfile_t *r)
{
  yaml_node_t *v;
  if (!root) {
    sk_msg_error_at(y->path, 0, 0, "empty file: not a skampi result file");
    return -1;
  }
  if (root->type != YAML_MAPPING_NODE) {
    sk_ydoc_error(y, root, "not a skampi result file: the top level must "
                  "be a mapping");
    return -1;
  }
  v = sk_ydoc_get(y, root, "schema_version");
  if (!v) {
    sk_ydoc_error(y, root, "not a skampi result file: no 'schema_version'");
    return -1;
  }
  if (sk_ydoc_integer(y, v, "schema_version", &r->schema_version) < 0)
    return -1;
  if (r->schema_version > SK_SCHEMA_VERSION) {
    sk_ydoc_error(y, v, "schema_version %ld is newer than this "
                  "skampi-report understands (%d); use a newer "
                  "skampi-report", r->schema_version, SK_SCHEMA_VERSION);
    return -1;
  }
  if (r->schema_version < 1) {
    sk_ydoc_error(y, v, "schema_version %ld is not valid (the first is 1)",
                  r->schema_version);
    return -1;
  }
  return 0;
}

/* "running" with no run writing the file is "incomplete" (runstate.h). */
static void sk_rfile_load_run_status(sk_rfile_t *r)
{
  const char *st = sk_runstate_status(r->path, r->run_status);
  char *s;
  if (st != r->run_status && (s = strdup(st)) != NULL) {
    free(r->run_status);
    r->run_status = s;
  }
}

static int sk_rfile_load_run(sk_ydoc_t *y, yaml_node_t *root, sk_rfile_t *r)
{
  yaml_node_t *run = sk_ydoc_get(y, root, "run");
  yaml_node_t *file = sk_ydoc_get(y, root, "suite_file");
  char **const fields[] = {&r->skampi_version, &r->suite_file,
                           &r->run_status, &r->start_time, &r->end_time};
  r->wall_time = -1;
  if (sk_rfile_load_strings(fields, 5) < 0)
    return -1;
  sk_ydoc_string(y, sk_ydoc_get(y, root, "skampi_version"),
                 "skampi_version", &r->skampi_version);
  if (file && sk_ydoc_want_map(y, file, "'suite_file'") == 0)
    sk_ydoc_string(y, sk_ydoc_get(y, file, "path"), "path", &r->suite_file);
  if (!run || sk_ydoc_want_map(y, run, "'run'") < 0)
    return 0;
  sk_ydoc_string(y, sk_ydoc_get(y, run, "status"), "status",
                 &r->run_status);
  sk_rfile_load_run_status(r);
  sk_ydoc_string(y, sk_ydoc_get(y, run, "start_time"), "start_time",
                 &r->start_time);
  sk_ydoc_string(y, sk_ydoc_get(y, run, "end_time"), "end_time",
                 &r->end_time);
  sk_ydoc_number(y, sk_ydoc_get(y, run, "wall_time"), "wall_time",
                 &r->wall_time);
  return 0;
}

/* factors.hosts as one name per rank (the joined factor text counts
 * repeated names): the collective bandwidth per host needs the ranks. */
static int sk_rfile_load_hosts(sk_ydoc_t *y, yaml_node_t *root, sk_rfile_t *r)
{
  yaml_node_t *f = sk_ydoc_get(y, root, "factors");
  yaml_node_t *h = f && f->type == YAML_MAPPING_NODE
                   ? sk_ydoc_get(y, f, "hosts") : NULL;
  size_t i, n = sk_ydoc_len(h);
  if (!h || h->type != YAML_SEQUENCE_NODE || n == 0)
    return 0;
  r->hosts = calloc(n, sizeof *r->hosts);
  if (!r->hosts)
    return -1;
  r->nhosts = n;
  for (i = 0; i < n; i++) {
    const char *t = sk_ydoc_text(sk_ydoc_item(y, h, i));
    if (!(r->hosts[i] = strdup(t ? t : "")))
      return -1;
  }
  return 0;
}

/* A collective's bandwidth on the suite pages is its payload per process
 * (collbw.h), the same figure as the collective bandwidth page's upper
 * panel; it needs the process counts, so it comes after the suites. */
static void sk_rfile_load_collbw(sk_rfile_t *r)
{
  size_t i, j;
  for (i = 0; i < r->nsuites; i++) {
    sk_rfile_suite_t *s = &r->suites[i];
    if (!sk_collbw_known(s))
      continue;
    for (j = 0; j < s->npoints; j++) {
      long procs;
      double n, b;
      if (sk_collbw_point(r, s, &s->points[j], &procs, &n) == 0 &&
          isfinite(b = sk_collbw_process_bytes(s, procs, n)))
        s->points[j].bytes = b;
    }
  }
}

static int sk_rfile_load_root(sk_ydoc_t *y, sk_rfile_t *r)
{
  yaml_node_t *root = sk_ydoc_root(y);
  if (sk_rfile_load_schema(y, root, r) < 0)
    return -1;
  if (sk_rfile_load_run(y, root, r) < 0 ||
      sk_rfile_load_map(y, sk_ydoc_get(y, root, "metadata"), "'metadata'",
                  &r->meta, &r->nmeta) < 0 ||
      sk_rfile_load_map(y, sk_ydoc_get(y, root, "factors"), "'factors'",
                  &r->factors, &r->nfactors) < 0 ||
      sk_rfile_load_hosts(y, root, r) < 0)
    return -1;
  sk_rfile_load_suites(y, sk_ydoc_get(y, root, "suites"), r);
  sk_rfile_load_collbw(r);
  return y->errors ? -1 : 0;
}

int sk_rfile_load(const char *path, sk_rfile_t **out)
{
  sk_ydoc_t y;
  sk_rfile_t *r;
  int rc = -1;
  *out = NULL;
  r = calloc(1, sizeof *r);
  if (!r || !(r->path = strdup(path))) {
    free(r);
    sk_msg_error("out of memory");
    return -1;
  }
  if (sk_ydoc_load(&y, path) == 0)
    rc = sk_rfile_load_root(&y, r);
  if (rc == 0 && y.errors == 0)
    *out = r;
  else {
    sk_rfile_free(r);
    rc = -1;
  }
  sk_ydoc_done(&y);
  return rc;
}
