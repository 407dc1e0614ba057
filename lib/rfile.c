/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfile.c -- releasing and querying a loaded result file (rfile.h).
 */
#include <config.h>

#include "rfile.h"

#include "nodemap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void sk_rfile_kv_free(sk_rfile_kv_t *kv, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    free(kv[i].key);
    free(kv[i].value);
  }
  free(kv);
}

void sk_rfile_point_free(sk_rfile_point_t *p)
{
  free(p->node_times);
  free(p->raw);
  free(p->run_medians);
  free(p->run_means);
  free(p->modes);
  free(p->extra);
  free(p->tail);
}

void sk_rfile_suite_free(sk_rfile_suite_t *s)
{
  free(s->name);
  free(s->instance);
  free(s->pattern);
  free(s->status);
  free(s->message);
  size_t i;
  sk_rfile_kv_free(s->params, s->nparams);
  for (i = 0; s->points && i < s->npoints; i++)
    sk_rfile_point_free(&s->points[i]);
  free(s->points);
  free(s->rate_unit);
  free(s->pair_hosts[0]);
  free(s->pair_hosts[1]);
  free(s->noise_verdict);
  free(s->noise_evidence);
  free(s->unmeasured);
}

void sk_rfile_free(sk_rfile_t *r)
{
  size_t i;
  if (!r)
    return;
  free(r->path);
  free(r->skampi_version);
  free(r->suite_file);
  sk_rfile_kv_free(r->meta, r->nmeta);
  free(r->run_status);
  free(r->start_time);
  free(r->end_time);
  sk_rfile_kv_free(r->factors, r->nfactors);
  sk_nodemap_free(r->nodemap);
  free(r->nodemap);
  for (i = 0; r->hosts && i < r->nhosts; i++)
    free(r->hosts[i]);
  free(r->hosts);
  for (i = 0; i < r->nsuites; i++)
    sk_rfile_suite_free(&r->suites[i]);
  free(r->suites);
  free(r->suite_sha256);
  for (i = 0; i < r->nmembers; i++) {
    free(r->members[i].sha256);
    free(r->members[i].path);
  }
  free(r->members);
  free(r->noise_verdict);
  free(r->noise_evidence);
  free(r->run_stop);
  free(r);
}

static const char *sk_rfile_kv_get(const sk_rfile_kv_t *kv, size_t n,
                                    const char *key)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (strcmp(kv[i].key, key) == 0)
      return kv[i].value;
  return NULL;
}

const char *sk_rfile_meta(const sk_rfile_t *r, const char *key)
{
  return sk_rfile_kv_get(r->meta, r->nmeta, key);
}

const char *sk_rfile_factor(const sk_rfile_t *r, const char *key)
{
  return sk_rfile_kv_get(r->factors, r->nfactors, key);
}

const char *sk_rfile_param(const sk_rfile_suite_t *s, const char *key)
{
  return sk_rfile_kv_get(s->params, s->nparams, key);
}

const char *sk_rfile_key(const sk_rfile_suite_t *s, sk_key_id_t key)
{
  const char *name = sk_suitekey_name(key);
  return name ? sk_rfile_param(s, name) : NULL;
}

const sk_rfile_suite_t *sk_rfile_find(const sk_rfile_t *r,
                                        const char *name)
{
  size_t i;
  for (i = 0; i < r->nsuites; i++)
    if (strcmp(r->suites[i].name, name) == 0)
      return &r->suites[i];
  return NULL;
}

int sk_rfile_plottable(const sk_rfile_suite_t *s)
{
  return s->arg != SK_RESULT_ARG_NONE && s->npoints > 0;
}

int sk_rfile_single(const sk_rfile_suite_t *s)
{
  return s->arg == SK_RESULT_ARG_NONE && s->npoints > 0;
}

/* Copy of [b, e) without the words "Version:" and "version", squeezed. */
static char *sk_rfile_squeeze(const char *b, const char *e)
{
  char *out = malloc((size_t)(e - b) + 1), *o = out;
  const char *p = b;
  if (!out)
    return NULL;
  while (p < e) {
    if ((size_t)(e - p) >= 8 && strncmp(p, "Version:", 8) == 0) {
      p += 8;
      continue;
    }
    if ((*p == ' ' || *p == '\t') && (o == out || o[-1] == ' ')) {
      p++;
      continue;
    }
    *o++ = (*p == '\t') ? ' ' : *p;
    p++;
  }
  while (o > out && o[-1] == ' ')
    o--;
  *o = '\0';
  return out;
}

char *sk_rfile_mpi_short(const sk_rfile_t *r)
{
  const char *lib = sk_rfile_factor(r, "mpi_library");
  const char *e;
  if (!lib)
    return strdup("");
  while (*lib == ' ' || *lib == '\t' || *lib == '\n')
    lib++;
  e = lib + strcspn(lib, "\n,");
  return sk_rfile_squeeze(lib, e);
}

const char *sk_rfile_arg_name(sk_rfile_arg_t a)
{
  switch (a) {
  case SK_RESULT_ARG_LENGTH: return "Length";
  case SK_RESULT_ARG_NODES: return "Nodes";
  case SK_RESULT_ARG_CHUNKS: return "Chunks";
  case SK_RESULT_ARG_NONE: break;
  }
  return "none";
}

const sk_rfile_extras_t *sk_rfile_extras(const sk_rfile_point_t *p)
{
  static const sk_rfile_extras_t none = {NAN, NAN, NAN, NAN, NAN, NAN,
                                         NAN, NAN, NAN, -1, -1};
  return p->extra != NULL ? p->extra : &none;
}

const char *sk_rfile_tail_key(int k)
{
  static const char *const keys[SK_RFILE_TAIL_N] = {"p50", "p90", "p99",
                                                    "p999"};
  return k >= 0 && k < SK_RFILE_TAIL_N ? keys[k] : NULL;
}

const sk_rfile_tail_t *sk_rfile_tail(const sk_rfile_point_t *p)
{
  static const sk_rfile_tail_t none = {
    {NAN, NAN, NAN, NAN}, {NAN, NAN, NAN, NAN}, {NAN, NAN, NAN, NAN},
    {NAN, NAN, NAN, NAN}};
  return p->tail != NULL ? p->tail : &none;
}
