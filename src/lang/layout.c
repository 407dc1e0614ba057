/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * layout.c -- the room a suite's messages take in memory (layout.h).
 */
#include <config.h>

#include "layout.h"

#include "datatype.h"

int sk_layout_base(const sk_basetype_t *b, long *size, long *extent)
{
  long end = 0, align = 1, sz, al;
  size_t i;
  *size = 1;
  *extent = 1;
  if (b == NULL)
    return 0;
  if (b->size > 0) {
    *size = b->size;
    *extent = b->extent;
    return 0;
  }
  *size = 0;
  for (i = 0; i < b->nfields; i++) {
    const sk_basetype_field_t *f = &b->fields[i];
    if (sk_mpi_type_bytes_of(f->mpi_type, &sz, &al) != 0)
      return -1;
    *size += f->count * sz;
    if (f->offset + f->count * sz > end)
      end = f->offset + f->count * sz;
    if (al > align)
      align = al;
  }
  /* the next element starts where a C array would put it */
  *extent = (end + align - 1) / align * align;
  return 0;
}

int sk_layout_init(sk_layout_t *l, const sk_basetype_t *b, int send,
                   int recv)
{
  const sk_datatype_t *s = sk_datatype_by_number(send);
  const sk_datatype_t *r = sk_datatype_by_number(recv);
  l->send = send;
  l->recv = recv;
  if (s == NULL || r == NULL ||
      sk_layout_base(b, &l->base_size, &l->base_extent) != 0 ||
      l->base_size <= 0)
    return -1;
  l->send_per = s->elements;
  l->recv_per = r->elements;
  l->send_extent = s->extent * l->base_extent;
  l->recv_extent = r->extent * l->base_extent;
  l->per_elem = l->send_per > l->recv_per ? l->send_per : l->recv_per;
  return 0;
}

long sk_layout_elements(const sk_layout_t *l, long length)
{
  long unit = (long)l->per_elem * l->base_size;
  return length / unit * l->per_elem;
}

void sk_layout_counts(const sk_layout_t *l, long length, long *scount,
                      long *rcount)
{
  long n = sk_layout_elements(l, length);
  *scount = n / l->send_per;
  *rcount = n / l->recv_per;
}

void sk_layout_partition(const sk_layout_t *l, long length, long parts,
                         long *scount, long *rcount)
{
  long units = sk_layout_elements(l, length) / l->per_elem;
  long share = parts > 0 ? units / parts : 0;
  *scount = share * l->per_elem / l->send_per;
  *rcount = share * l->per_elem / l->recv_per;
}

long sk_layout_span(const sk_layout_t *l, long length)
{
  long sc, rc, s, r;
  sk_layout_counts(l, length, &sc, &rc);
  s = sc * l->send_extent;
  r = rc * l->recv_extent;
  if (r > s)
    s = r;
  return s > length ? s : length;
}

double sk_layout_width(const sk_layout_t *l)
{
  double s = (double)l->send_extent / (double)l->send_per;
  double r = (double)l->recv_extent / (double)l->recv_per;
  return (s > r ? s : r) / (double)l->base_size;
}

size_t sk_layout_need(const sk_layout_t *l, const sk_instance_t *in,
                      long length, const sk_role_t *role, size_t *send,
                      size_t *recv)
{
  return sk_instance_need_role(in, sk_layout_span(l, length), role, send,
                               recv);
}

int sk_layout_degree(int topology, long dimensions, long degree)
{
  if (topology == SK_TOPO_RING)
    return 2;
  if (topology == SK_TOPO_RANDOM_REGULAR)
    return degree > 0 && degree < 2147483647L ? (int)degree : 0;
  return dimensions >= 1 && dimensions <= 3 ? 2 * (int)dimensions : 0;
}

void sk_layout_role(sk_role_t *r, const sk_suite_t *s, int nprocs, int root)
{
  r->nprocs = nprocs;
  r->root = root;
  r->degree = sk_layout_degree(s->neighbor_topology, s->neighbor_dimensions,
                               s->neighbor_degree);
  r->equal = s->count_distribution == 0;      /* Equal */
  r->slots = sk_instance_slots(s->instance, s->threads, s->window);
}

/* The need grows with the length, so the longest that fits is found by
 * bisection between 0 and mem. */
long sk_layout_max_length(const sk_layout_t *l, const sk_instance_t *in,
                          long mem, const sk_role_t *role)
{
  long lo = 0, hi = mem;
  size_t s, r;
  if (mem < 0 || sk_layout_need(l, in, 0, role, &s, &r) > (size_t)mem)
    return -1;
  while (lo < hi) {
    long mid = lo + (hi - lo + 1) / 2;
    if (sk_layout_need(l, in, mid, role, &s, &r) <= (size_t)mem)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

int sk_layout_displ_fits(const sk_layout_t *l, const sk_instance_t *in,
                         long length, int nprocs)
{
  long sc, rc;
  sk_layout_counts(l, length, &sc, &rc);
  return sk_instance_displ_fits(in, sc > rc ? sc : rc,
                                sk_layout_span(l, length), nprocs);
}

/* Both bounds grow with the length: the displacements' by bisection
 * below the memory's. */
long sk_layout_fit(const sk_layout_t *l, const sk_instance_t *in, long mem,
                   const sk_role_t *role, sk_limit_t *limit)
{
  long lo = 0, hi = sk_layout_max_length(l, in, mem, role);
  int p = role->nprocs;
  *limit = SK_LIMIT_MEMORY;
  if (hi < 0 || sk_layout_displ_fits(l, in, hi, p))
    return hi;
  *limit = SK_LIMIT_DISPLACEMENTS;
  if (!sk_layout_displ_fits(l, in, 0, p))
    return -1;
  while (lo < hi) {
    long mid = lo + (hi - lo + 1) / 2;
    if (sk_layout_displ_fits(l, in, mid, p))
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}
