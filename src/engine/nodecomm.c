/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nodecomm.c -- a Nodes suite's communicators (nodecomm.h).
 */
#include <config.h>

#include "nodecomm.h"

#include <string.h>

#include "pairs.h"

void sk_nodecomm_init(sk_nodecomm_t *c, MPI_Comm world, int pairs)
{
  memset(c, 0, sizeof *c);
  c->world = world;
  c->pairs = pairs;
}

/* One MPI_Comm_split of the world: the communicator of arg processes. */
static MPI_Comm sk_nodecomm_split(sk_nodecomm_t *c, long arg)
{
  MPI_Comm comm = MPI_COMM_NULL;
  double t0 = MPI_Wtime();
  int rank, size, key;
  MPI_Comm_rank(c->world, &rank);
  MPI_Comm_size(c->world, &size);
  key = rank < arg ? rank : -1;
  if (c->pairs)
    key = sk_pairs_key_placed((sk_pairs_placement_t)c->placement, size,
                              (int)arg, rank, &c->place);
  MPI_Comm_split(c->world, key >= 0 ? 0 : MPI_UNDEFINED, key, &comm);
  c->made++;
  c->seconds += MPI_Wtime() - t0;
  return comm;
}

static int sk_nodecomm_find(const sk_nodecomm_t *c, long arg)
{
  int i;
  for (i = 0; i < c->n; i++)
    if (c->arg[i] == arg)
      return i;
  return -1;
}

void sk_nodecomm_make(sk_nodecomm_t *c, const long *args, size_t n)
{
  size_t i;
  for (i = 0; i < n && c->n < SK_NODECOMM_MAX; i++)
    if (sk_nodecomm_find(c, args[i]) < 0) {
      c->comm[c->n] = sk_nodecomm_split(c, args[i]);
      c->arg[c->n++] = args[i];
    }
}

MPI_Comm sk_nodecomm_get(sk_nodecomm_t *c, long arg, int *temp)
{
  int i = sk_nodecomm_find(c, arg);
  *temp = 0;
  if (i >= 0)
    return c->comm[i];
  if (c->n < SK_NODECOMM_MAX) {
    sk_nodecomm_make(c, &arg, 1);
    return c->comm[c->n - 1];
  }
  *temp = 1;
  return sk_nodecomm_split(c, arg);
}

void sk_nodecomm_release(MPI_Comm *comm, int temp)
{
  if (temp && *comm != MPI_COMM_NULL)
    MPI_Comm_free(comm);
}

void sk_nodecomm_free(sk_nodecomm_t *c)
{
  int i;
  for (i = 0; i < c->n; i++)
    if (c->comm[i] != MPI_COMM_NULL)
      MPI_Comm_free(&c->comm[i]);
  c->n = 0;
}
