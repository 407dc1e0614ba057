/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_threads.c -- the Threads key.  More than one thread applies to
 * the instances that take it (SK_TAKES_THREADS in their row): a suite of
 * another instance that writes Threads > 1 is refused (a preamble default
 * applies to the threaded suites only).  A threaded suite of more than
 * one thread is refused where the run cannot give it threads (the MPI
 * library does not provide MPI_THREAD_MULTIPLE: the caller's
 * threads_unavailable says why).  The largest Threads of a threaded
 * suite goes to *max_threads, whatever else is wrong with the file, so
 * that src/launch.c knows before MPI_Init whether to ask for threads.
 */
#include <config.h>

#include "check_int.h"

/* The bit of sk_check_t.reported for this rule (check_resolve.c's take
 * the low bits, check_topology.c bit 24): a preamble default is blamed
 * once per file. */
#define SK_THREADS_RULE_BIT (1ul << 25)

/* Where to point: the value the suite wrote, else the preamble line that
 * set it (NULL when that was blamed already), else the suite's name. */
static const sk_span_t *sk_threads_where(sk_check_t *c,
                                         const sk_ast_item_t *it,
                                         const sk_kv_t *n)
{
  if (n->origin == SK_ORIGIN_SUITE)
    return &n->span;
  if (n->origin != SK_ORIGIN_PREAMBLE)
    return &it->span;
  if (c->reported & SK_THREADS_RULE_BIT)
    return NULL;
  c->reported |= SK_THREADS_RULE_BIT;
  return &n->span;
}

void sk_check_threads(sk_check_t *c, const sk_ast_item_t *it,
                      const sk_kv_t *kv)
{
  const sk_kv_t *t = &kv[SK_KEY_TYPE], *n = &kv[SK_KEY_THREADS];
  const sk_span_t *at;
  char why[256];
  int takes;
  if (t->origin == SK_ORIGIN_NONE || t->inst == NULL ||
      n->origin == SK_ORIGIN_NONE || n->l <= 1)
    return;
  takes = (t->inst->variations & SK_TAKES_THREADS) != 0;
  if (!takes) {
    if (n->origin == SK_ORIGIN_SUITE)
      sk_diag_error(c->diag, c->sink.file, n->span, "%s runs on one thread: "
                    "Threads = %ld applies to the threaded instances only "
                    "(the family threads of skampi --list)", t->inst->name,
                    n->l);
    return;
  }
  if (c->max_threads != NULL && n->l > *c->max_threads)
    *c->max_threads = n->l;
  if (c->threads_unavailable == NULL ||
      !c->threads_unavailable(why, sizeof why) ||
      (at = sk_threads_where(c, it, n)) == NULL)
    return;
  sk_diag_error(c->diag, c->sink.file, *at, "Threads = %ld needs "
                "MPI_THREAD_MULTIPLE: %s", n->l, why);
}
