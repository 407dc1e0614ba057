/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * payload.c -- a stored point's bytes per timed unit (payload.h).
 */
#include <config.h>

#include "payload.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"

/* The value of KEY in the "KEY=VALUE" lines of PARAMS into buf[len];
 * NULL when absent. */
static const char *sk_payload_param(const char *params, const char *key,
                                    char *buf, size_t len)
{
  size_t k = strlen(key);
  const char *p = params;
  while (p && *p) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (n > k && strncmp(p, key, k) == 0 && p[k] == '=') {
      size_t v = n - k - 1 < len - 1 ? n - k - 1 : len - 1;
      memcpy(buf, p + k + 1, v);
      buf[v] = '\0';
      return buf;
    }
    p = nl ? nl + 1 : NULL;
  }
  return NULL;
}

/* A peer's Payload (1 for n, 2 for 2n), 0 when the suite has none. */
static int sk_payload_peer(const sk_store_suite_t *s)
{
  char v[16];
  if (!sk_payload_param(s->parameters, "Payload", v, sizeof v))
    return 0;
  return strcmp(v, "2n") == 0 ? 2 : strcmp(v, "n") == 0 ? 1 : 0;
}

/* The instance of a skampi suite: by Type, else by name. */
static const sk_instance_t *sk_payload_instance(const sk_store_suite_t *s)
{
  const sk_instance_t *in = s->type >= 0 ? sk_instance_by_number((int)s->type)
                                         : NULL;
  return in ? in : sk_instance_by_name(s->instance);
}

int sk_payload_known(const sk_store_suite_t *s)
{
  const sk_instance_t *in;
  if (strcmp(s->argument_name, "length") != 0)
    return 0;
  if (sk_payload_peer(s))
    return 1;
  if (!(in = sk_payload_instance(s)))
    return 0;
  return strcmp(s->pattern, "pingpong") == 0 ||
         sk_instance_payload(in) != NULL || in->payload != SK_PAYLOAD_NONE;
}

double sk_payload_bytes(const sk_store_suite_t *s, long np,
                        const sk_store_point_t *p)
{
  long procs = p->processes >= 0 ? p->processes : np;
  int peer;
  if (!sk_payload_known(s) || !isfinite(p->argument) || p->argument < 0)
    return NAN;
  if ((peer = sk_payload_peer(s)) != 0)
    return peer * p->argument;
  return sk_instance_timed_bytes(sk_payload_instance(s),
                                 strcmp(s->pattern, "pingpong") == 0, procs,
                                 p->argument);
}
