/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fault.c -- a library fault that a check found (fault.h).
 */
#include <config.h>

#include "fault.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datatype.h"
#include "repro.h"

char *sk_fault_repro_path(const char *out, const char *suite)
{
  size_t n = strlen(out), m = strlen(suite), i;
  char *p = malloc(n + m + 10);
  if (p == NULL)
    return NULL;
  memcpy(p, out, n);
  p[n] = '.';
  for (i = 0; i < m; i++) {
    char c = suite[i];
    p[n + 1 + i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                   (c >= '0' && c <= '9') || c == '-' || c == '_' ? c : '_';
  }
  memcpy(p + n + 1 + m, ".repro.c", 9);
  return p;
}

/* A suite's datatype on one side in words: "pattern 52 (Indexed) of
 * @Basetype1", "the base type (MPI_CHAR bytes)". */
static void sk_fault_type_words(const sk_suite_t *s, int pattern, char *buf,
                                size_t size)
{
  const sk_datatype_t *d = sk_datatype_by_number(pattern);
  char base[40];
  if (s->basetype != 0)
    snprintf(base, sizeof base, "@Basetype%d", s->basetype);
  else
    snprintf(base, sizeof base, "MPI_CHAR bytes");
  if (pattern == 0 || d == NULL)
    snprintf(buf, size, "the base type (%s)", base);
  else
    snprintf(buf, size, "pattern %d (%s) of %s", pattern, d->name, base);
}

static char *sk_fault_dup(const char *s)
{
  return s != NULL ? strdup(s) : NULL;
}

/* The reproducer of the point's call beside the result file; its path
 * into f, or why there is none. */
static void sk_fault_repro(sk_exec_t *x, sk_fault_found_t *f)
{
  const sk_pctx_t *c = &x->ctx;
  sk_repro_t r;
  char why[256], about[1024];
  char *path;
  if (x->ops->repro == SK_REPRO_NONE || c->in_place || c->large ||
      x->eng->outfile == NULL) {
    f->no_reproducer = sk_fault_dup(
        x->ops->repro == SK_REPRO_NONE
        ? "skampi writes reproducers of the blocking collectives that move "
          "typed data (MPI_Alltoall, MPI_Allgather, MPI_Gather, MPI_Scatter, "
          "MPI_Bcast)" : "no reproducer of an in-place or large-count call");
    return;
  }
  memset(&r, 0, sizeof r);
  r.shape = (sk_repro_shape_t)x->ops->repro;
  r.stype = c->dtype;
  r.rtype = c->rcvtype;
  r.scount = c->count;
  r.rcount = c->rcvcount;
  r.root = c->root;
  r.procs = c->size;
  snprintf(about, sizeof about, " * skampi found it: suite '%s', %d processes,"
           " argument %ld\n * send: %s\n * receive: %s\n * library: %s\n"
           " * first wrong byte: %s\n", x->s->name, c->size,
           f->argument, f->send, f->recv, f->library, f->wrong);
  /* nothing from a file or a library may end the comment early */
  for (path = strstr(about, "*/"); path != NULL; path = strstr(path, "*/"))
    path[1] = '_';
  r.about = about;
  if ((path = sk_fault_repro_path(x->eng->outfile, x->s->name)) == NULL) {
    f->no_reproducer = sk_fault_dup("out of memory");
    return;
  }
  if (sk_repro_write(path, &r, why, sizeof why) == 0) {
    f->reproducer = path;
    return;
  }
  f->no_reproducer = sk_fault_dup(why);
  free(path);
}

void sk_fault_record(sk_exec_t *x, long arg)
{
  sk_suite_result_t *res = x->res;
  sk_fault_found_t *f = &res->fault;
  char lib[SK_PATTERN_LIBRARY_SIZE], s[200], r[200], msg[2048];
  const char *call;
  if (x->eng->rank != 0)
    return;
  call = sk_repro_call((sk_repro_shape_t)x->ops->repro);
  sk_fault_type_words(x->s, x->s->send_datatype, s, sizeof s);
  sk_fault_type_words(x->s, x->s->recv_datatype, r, sizeof r);
  f->call = strdup(call != NULL ? call : x->s->instance->name);
  f->send = strdup(s);
  f->recv = strdup(r);
  f->processes = x->ctx.size;
  f->argument = arg;
  f->wrong = strdup(x->vmsg);
  f->library = strdup(sk_pattern_library(lib, sizeof lib));
  sk_fault_repro(x, f);
  snprintf(msg, sizeof msg, "library fault: %s delivered wrong data on %d "
           "processes at argument %ld (send %s, receive %s): %s; MPI "
           "library: %s; %s%s", f->call ? f->call : "?", x->ctx.size, arg,
           s, r, x->vmsg, lib, f->reproducer ? "reproducer: " :
           "no reproducer: ", f->reproducer ? f->reproducer
           : f->no_reproducer ? f->no_reproducer : "");
  res->status = SK_SUITE_LIBRARY_FAULT;
  sk_result_set_message(res, msg);
}

void sk_fault_known(sk_exec_t *x)
{
  sk_fault_found_t *f = &x->res->fault;
  char lib[SK_PATTERN_LIBRARY_SIZE], s[200], r[200];
  if (x->eng->rank != 0)
    return;
  sk_fault_type_words(x->s, x->s->send_datatype, s, sizeof s);
  sk_fault_type_words(x->s, x->s->recv_datatype, r, sizeof r);
  f->call = strdup(x->s->instance->name);
  f->send = strdup(s);
  f->recv = strdup(r);
  f->processes = x->eng->size;
  f->argument = -1;
  f->wrong = strdup("");
  f->library = strdup(sk_pattern_library(lib, sizeof lib));
  f->no_reproducer = strdup("a known fault (lib/libfault.c): left out "
                            "before anything was measured");
  x->res->status = SK_SUITE_LIBRARY_FAULT;
  sk_result_set_message(x->res, x->msg);
}
