/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * execute_repeat.c -- the repetitions of one point: what comes before
 * each (Root = Rotate's root, Cache = Cold's flush) and, under Verify,
 * the check of each one's data (src/engine/verify.h) and the agreement
 * after the point on which process found the first wrong byte.
 */
#include <config.h>

#include "execute_int.h"

#include <limits.h>
#include <stdio.h>

#include "verify.h"

/* Before every repetition, untimed: the root of a repetition under Root
 * = Rotate (repetition mod processes), and Cache = Cold's flush -- under
 * Verify the flush comes after the fill instead (sk_exec_flush). */
static void sk_exec_between(void *p)
{
  sk_exec_t *x = p;
  if (x->rotate)
    x->ctx.root = (int)(x->reps++ % x->ctx.size);
  if (x->s->cache == SK_CACHE_COLD && !x->s->verify)
    sk_cache_flush(&x->cache);
}

void sk_exec_flush(void *p)
{
  sk_exec_t *x = p;
  sk_cache_flush(&x->cache);
}

/* The argument of the point being measured, from its length. */
static long sk_exec_argument(const sk_exec_t *x, long length)
{
  switch (x->s->variation) {
  case SK_VARIATION_LENGTH: return length;
  case SK_VARIATION_NODES: return x->ctx.size;
  case SK_VARIATION_CHUNKS: return x->chunks;
  case SK_VARIATION_NONE: break;
  }
  return 0;
}

/* Verify: after the point, the processes of comm agree whether a check
 * failed; the one that failed first (the earliest repetition, then the
 * lowest rank) describes it in x->vmsg.  -7 on all of comm when one
 * failed, else 0. */
static int sk_exec_verified(sk_exec_t *x, MPI_Comm comm, long length,
                            const sk_verify_t *v)
{
  long long mine = LLONG_MAX, first;
  size_t s, r;
  if (v->failed > 0)
    mine = (long long)v->failed * x->ctx.size + x->ctx.rank;
  MPI_Allreduce(&mine, &first, 1, MPI_LONG_LONG, MPI_MIN, comm);
  if (first == LLONG_MAX)
    return 0;
  if (mine == first) {
    sk_exec_buffer_sizes(x, &s, &r);
    sk_verify_describe(v, sk_exec_argument(x, length), x->eng->rank,
                       x->sbuf, s, x->rbuf, r, x->vmsg, sizeof x->vmsg);
  }
  return -7;
}

/* The point's repetitions by fn on fctx (the pattern's timing, or window
 * sync's); under Verify each one wrapped in the instance's check. */
int sk_exec_repeat(sk_exec_t *x, sk_measure_cfg_t *cfg, MPI_Comm comm,
                          long length, sk_measure_rep_fn fn, void *fctx,
                          sk_point_t *pt)
{
  sk_verify_t v;
  int rc;
  x->vmsg[0] = '\0';
  if (x->rotate || x->s->cache == SK_CACHE_COLD) {
    cfg->between = sk_exec_between;
    cfg->between_ctx = x;
  }
  if (!x->s->verify || x->ops->verify == NULL)
    return sk_measure_point(cfg, fn, fctx, comm, &x->samples, pt);
  sk_verify_init(&v, x->ops, &x->ctx, fn, fctx,
                 x->s->cache == SK_CACHE_COLD ? sk_exec_flush : NULL, x,
                 cfg->warmup);
  rc = sk_measure_point(cfg, sk_verify_rep, &v, comm, &x->samples, pt);
  sk_verify_done(&v);
  if (rc == 0)
    rc = sk_exec_verified(x, comm, length, &v);
  return rc;
}

/* Verify: the message of the process that found the wrong byte (has)
 * to world rank 0, on every process of the world. */
void sk_exec_verify_message(sk_exec_t *x, int has)
{
  sk_engine_t *e = x->eng;
  int mine = has ? e->rank : -1, who;
  MPI_Allreduce(&mine, &who, 1, MPI_INT, MPI_MAX, e->world);
  if (who <= 0)
    return;
  if (e->rank == who)
    MPI_Send(x->vmsg, (int)sizeof x->vmsg, MPI_CHAR, 0, SK_EXEC_TAG,
             e->world);
  else if (e->rank == 0)
    MPI_Recv(x->vmsg, (int)sizeof x->vmsg, MPI_CHAR, who, SK_EXEC_TAG,
             e->world, MPI_STATUS_IGNORE);
}
