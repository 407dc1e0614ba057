/*
 * instance.c -- the instance metadata table, built from instances.def.
 */
#include "instance.h"

#include <string.h>

#define SK_ROW(num, nm, pat, vars, buf, sum, impl) \
  {(num), (nm), SK_PATTERN_##pat, (vars), (impl), SK_BUFFERS_##buf, (sum)},
#define SK_INSTANCE(num, nm, pat, vars, fn, buf, sum) \
  SK_ROW(num, nm, pat, vars, buf, sum, 1)
#define SK_PLANNED(num, nm, pat, vars, fn, buf, sum) \
  SK_ROW(num, nm, pat, vars, buf, sum, 0)

static const sk_instance_t sk_instances[] = {
#include "instances.def"
};

#undef SK_ROW
#undef SK_INSTANCE
#undef SK_PLANNED

const sk_instance_t *sk_instance_table(size_t *count)
{
  *count = sizeof sk_instances / sizeof sk_instances[0];
  return sk_instances;
}

const sk_instance_t *sk_instance_by_number(int number)
{
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  for (i = 0; i < n; i++)
    if (t[i].number == number)
      return &t[i];
  return NULL;
}

const sk_instance_t *sk_instance_by_name(const char *name)
{
  size_t n, i;
  const sk_instance_t *t = sk_instance_table(&n);
  for (i = 0; i < n; i++)
    if (strcmp(t[i].name, name) == 0)
      return &t[i];
  return NULL;
}

const char *sk_pattern_name(sk_pattern_t pattern)
{
  switch (pattern) {
  case SK_PATTERN_PINGPONG: return "pingpong";
  case SK_PATTERN_COLLECTIVE: return "collective";
  case SK_PATTERN_MASTER_WORKER: return "master_worker";
  case SK_PATTERN_SIMPLE: return "simple";
  }
  return "?";
}

size_t sk_instance_need(const sk_instance_t *in, long span, int nprocs,
                        size_t *send, size_t *recv)
{
  size_t m = span > 0 ? (size_t)span : 0;
  size_t all = m * (size_t)(nprocs > 0 ? nprocs : 1);
  *send = m;
  *recv = m;
  switch (in->buffers) {
  case SK_BUFFERS_PAIR: break;
  case SK_BUFFERS_NONE: *send = 0; *recv = 0; break;
  case SK_BUFFERS_GATHER: *recv = all; break;
  case SK_BUFFERS_SCATTER: *send = all; break;
  case SK_BUFFERS_ALL: *send = all; *recv = all; break;
  case SK_BUFFERS_WINDOW: *recv = m * SK_INSTANCE_WINDOW; break;
  case SK_BUFFERS_ATTACH:
    *send = m + SK_INSTANCE_BSEND_OVERHEAD;
    *recv = 0;
    break;
  case SK_BUFFERS_BSEND: break;
  case SK_BUFFERS_BSEND_MW: break;
  }
  return *send + *recv + sk_instance_attach(in, span, nprocs);
}

/* Ping-pong Bsend attaches room for two messages with a header each;
 * master-worker Bsend for one round's chunks and one more (at most P
 * chunks, together at most two messages' data: src/patterns/pattern_mw.c). */
size_t sk_instance_attach(const sk_instance_t *in, long span, int nprocs)
{
  size_t m = span > 0 ? (size_t)span : 0;
  size_t p = (size_t)(nprocs > 1 ? nprocs : 1);
  if (in->buffers == SK_BUFFERS_BSEND)
    return 2 * (m + SK_INSTANCE_BSEND_OVERHEAD);
  if (in->buffers == SK_BUFFERS_BSEND_MW)
    return 2 * m + p * SK_INSTANCE_BSEND_OVERHEAD;
  return 0;
}
