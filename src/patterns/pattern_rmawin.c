/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_rmawin.c -- a one-sided window's creation and freeing, timed as
 * a collective (doc/engine.md, "One-sided communication"): one repetition
 * makes a window over a message's span on every process and frees it
 * again, by MPI_Win_create (over the receive buffer), MPI_Win_allocate,
 * MPI_Win_create_dynamic + MPI_Win_attach of the receive buffer (and
 * MPI_Win_detach), or MPI_Win_allocate_shared (the processes of a point
 * on one node: refused otherwise).  The RMA_Window key does not apply:
 * each instance is one way of making a window.
 */
#include <config.h>

#include "pattern.h"
#include "pattern_rma.h"

static void sk_rmawin_run(sk_pctx_t *c, int kind)
{
  MPI_Aint size = c->span > 0 ? (MPI_Aint)c->span : 0;
  MPI_Win win;
  char *base;
  sk_rma_win_make(c->comm, kind, size, c->rbuf, &win, &base);
  sk_rma_win_free(kind, size, c->rbuf, &win);
}

static void sk_rmawin_create(sk_pctx_t *c)
{
  sk_rmawin_run(c, SK_RMA_WIN_CREATE);
}

static void sk_rmawin_allocate(sk_pctx_t *c)
{
  sk_rmawin_run(c, SK_RMA_WIN_ALLOCATE);
}

static void sk_rmawin_dynamic(sk_pctx_t *c)
{
  sk_rmawin_run(c, SK_RMA_WIN_DYNAMIC);
}

static void sk_rmawin_shared(sk_pctx_t *c)
{
  sk_rmawin_run(c, SK_RMA_WIN_SHARED);
}

/* A shared window needs one node (refused, not failed, when not). */
static int sk_rmawin_shared_setup(sk_pctx_t *c)
{
  if (sk_rma_one_node(c->comm))
    return 0;
  c->refused = 1;
  return -1;
}

const sk_inst_ops_t sk_inst_rma_win_create = {.run = sk_rmawin_create};
const sk_inst_ops_t sk_inst_rma_win_allocate = {.run = sk_rmawin_allocate};
const sk_inst_ops_t sk_inst_rma_win_dynamic = {.run = sk_rmawin_dynamic};
const sk_inst_ops_t sk_inst_rma_win_shared = {
  .run = sk_rmawin_shared, .setup = sk_rmawin_shared_setup,
  .refusal = sk_rma_shared_refusal};
