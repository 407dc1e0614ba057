/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce.c -- the reductions' datatype and operation (reduce.h).
 *
 * Skampi's own operation walks a table of the scalars of one element of
 * the send pattern: their byte offsets and kinds.  Where the pattern
 * puts each base element is asked of MPI itself (sk_reduce_places), so
 * the table cannot disagree with the committed type.  Integers are added
 * as unsigned integers of their size (two's complement: the same bits as
 * a signed sum, without C's overflow), floating types as themselves.
 */
#include <config.h>

#include "reduce.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datatype.h"
#include "msg.h"

enum {
  SK_RK_I1, SK_RK_I2, SK_RK_I4, SK_RK_I8,
  SK_RK_FLOAT, SK_RK_DOUBLE, SK_RK_LDOUBLE
};

static const long sk_reduce_ksize[] = {1, 2, 4, 8, sizeof(float),
                                       sizeof(double), sizeof(long double)};

/* The attribute of a reduction's datatype that leads the op to its
 * table: MPI hands a user function the datatype, nothing else. */
static int sk_reduce_keyval = MPI_KEYVAL_INVALID;

/* The kind of a scalar of the builtin MPI type `name`, or -1; *parts is
 * the scalars of that kind in one element: 2 for a complex type (its
 * real and imaginary parts, which MPI_SUM adds apart), else 1. */
static int sk_reduce_kind(const char *name, int *parts)
{
  long size, align;
  *parts = 1;
  if (strcmp(name, "MPI_C_FLOAT_COMPLEX") == 0 ||
      strcmp(name, "MPI_C_DOUBLE_COMPLEX") == 0 ||
      strcmp(name, "MPI_C_LONG_DOUBLE_COMPLEX") == 0) {
    *parts = 2;
    return name[6] == 'F' ? SK_RK_FLOAT : name[6] == 'D' ? SK_RK_DOUBLE
                                                           : SK_RK_LDOUBLE;
  }
  if (strcmp(name, "MPI_FLOAT") == 0)
    return SK_RK_FLOAT;
  if (strcmp(name, "MPI_DOUBLE") == 0)
    return SK_RK_DOUBLE;
  if (strcmp(name, "MPI_LONG_DOUBLE") == 0)
    return SK_RK_LDOUBLE;
  if (sk_mpi_type_bytes_of(name, &size, &align) != 0)
    return -1;
  switch (size) {
  case 1: return SK_RK_I1;
  case 2: return SK_RK_I2;
  case 4: return SK_RK_I4;
  case 8: return SK_RK_I8;
  default: return -1;
  }
}

#define SK_REDUCE_ADD(T, a, b) do { \
    T x_, y_; \
    memcpy(&x_, (a), sizeof x_); \
    memcpy(&y_, (b), sizeof y_); \
    y_ = (T)(y_ + x_); \
    memcpy((b), &y_, sizeof y_); \
  } while (0)

/* *b += *a for one scalar of kind k (memcpy: offsets need not align). */
static void sk_reduce_add(int k, const char *a, char *b)
{
  switch (k) {
  case SK_RK_I1: SK_REDUCE_ADD(uint8_t, a, b); break;
  case SK_RK_I2: SK_REDUCE_ADD(uint16_t, a, b); break;
  case SK_RK_I4: SK_REDUCE_ADD(uint32_t, a, b); break;
  case SK_RK_I8: SK_REDUCE_ADD(uint64_t, a, b); break;
  case SK_RK_FLOAT: SK_REDUCE_ADD(float, a, b); break;
  case SK_RK_DOUBLE: SK_REDUCE_ADD(double, a, b); break;
  default: SK_REDUCE_ADD(long double, a, b); break;
  }
}

/* The MPI_User_function: inout[i] += in[i], scalar by scalar.  *t must
 * be the type the reduction was given (it carries the table): a library
 * that called the op with another would have it walk the wrong layout,
 * so that stops the run instead. */
static void sk_reduce_sum(void *in, void *inout, int *len, MPI_Datatype *t)
{
  const sk_reduce_t *r = NULL;
  const char *a = in;
  char *b = inout;
  int i, found = 0;
  size_t j;
  MPI_Type_get_attr(*t, sk_reduce_keyval, (void *)&r, &found);
  if (!found || r == NULL) {
    sk_msg_error("the MPI library called the reduction's operation with a "
                 "datatype it was not given");
    MPI_Abort(MPI_COMM_WORLD, 4);
    return;
  }
  for (i = 0; i < *len; i++, a += r->extent, b += r->extent)
    for (j = 0; j < r->n; j++)
      sk_reduce_add(r->kind[j], a + r->off[j], b + r->off[j]);
}

#define SK_REDUCE_SET(T, p, v) do { \
    T x_ = (T)(v); \
    memcpy((p), &x_, sizeof x_); \
  } while (0)

static void sk_reduce_set(int k, char *p, long long v)
{
  switch (k) {
  case SK_RK_I1: SK_REDUCE_SET(uint8_t, p, v); break;
  case SK_RK_I2: SK_REDUCE_SET(uint16_t, p, v); break;
  case SK_RK_I4: SK_REDUCE_SET(uint32_t, p, v); break;
  case SK_RK_I8: SK_REDUCE_SET(uint64_t, p, v); break;
  case SK_RK_FLOAT: SK_REDUCE_SET(float, p, v); break;
  case SK_RK_DOUBLE: SK_REDUCE_SET(double, p, v); break;
  default: SK_REDUCE_SET(long double, p, v); break;
  }
}

/* 1 when the scalar of kind k at p equals v. */
static int sk_reduce_is(int k, const char *p, long long v)
{
  char want[sizeof(long double)];
  long double lx, ly;
  if (k != SK_RK_LDOUBLE) {
    sk_reduce_set(k, want, v);
    return memcmp(want, p, (size_t)sk_reduce_ksize[k]) == 0;
  }
  /* long double has padding bytes: compare values */
  lx = (long double)v;
  memcpy(&ly, p, sizeof ly);
  return lx == ly;
}

/* ---- the table of scalars --------------------------------------------- */

static int sk_reduce_alloc(sk_reduce_t *r, size_t n)
{
  r->n = n;
  r->off = malloc((n ? n : 1) * sizeof *r->off);
  r->kind = malloc(n ? n : 1);
  return r->off != NULL && r->kind != NULL ? 0 : -1;
}

/* MPI_SUM on the builtin arith type of dt, whose name is `name` (b's
 * type, or MPI_INT where MPI_SUM cannot add b's): one scalar an element,
 * two for a complex type. */
static int sk_reduce_plain(sk_reduce_t *r, const sk_dtype_t *dt,
                           const char *name)
{
  int size, parts, kind, i;
  MPI_Type_size(dt->arith, &size);
  r->type = dt->arith;
  r->op = MPI_SUM;
  r->widened = dt->arith != dt->base;
  r->extent = r->size = size;
  kind = sk_reduce_kind(r->widened ? "MPI_INT" : name, &parts);
  if (kind < 0 || sk_reduce_alloc(r, (size_t)parts) != 0)
    return -1;
  for (i = 0; i < parts; i++) {
    r->off[i] = i * sk_reduce_ksize[kind];
    r->kind[i] = (unsigned char)kind;
  }
  return 0;
}

/* Byte offsets place[k] of the base elements of one element of the send
 * pattern: base element k alone marked in a contiguous run of them,
 * packed by MPI and unpacked into the pattern, is looked for there.
 * first: the offset of a base element's first data byte. */
static int sk_reduce_places(const sk_dtype_t *dt, long first, long *place)
{
  int per = dt->lay.send_per, psize = 0, pos, k, rc = 0;
  long bext = dt->lay.base_extent, pext = dt->lay.send_extent, i;
  unsigned char *src = malloc((size_t)(per * bext)), *dst = malloc(
      (size_t)pext), *pk;
  MPI_Pack_size(per, dt->base, MPI_COMM_SELF, &psize);
  pk = malloc(psize > 0 ? (size_t)psize : 1);
  for (k = 0; k < per && src && dst && pk && rc == 0; k++) {
    memset(src, 0, (size_t)(per * bext));
    memset(src + k * bext, 0xFF, (size_t)bext);
    memset(dst, 0, (size_t)pext);
    pos = 0;
    MPI_Pack(src, per, dt->base, pk, psize, &pos, MPI_COMM_SELF);
    pos = 0;
    MPI_Unpack(pk, psize, &pos, dst, 1, dt->send, MPI_COMM_SELF);
    for (i = 0; i < pext && dst[i] != 0xFF; i++)
      ;
    place[k] = i - first;
    rc = i < pext ? 0 : -1;
  }
  rc = src && dst && pk ? rc : -1;
  free(src);
  free(dst);
  free(pk);
  return rc;
}

/* The scalars of one send-pattern element over base type b (NULL: one
 * MPI_CHAR), in order of base element, field and count. */
static int sk_reduce_table(sk_reduce_t *r, const sk_basetype_t *b,
                           const sk_dtype_t *dt)
{
  static sk_basetype_field_t bytef = {1, 0, "MPI_CHAR"};
  const sk_basetype_field_t *f = b ? b->fields : &bytef;
  size_t nf = b ? b->nfields : 1, i, per = (size_t)dt->lay.send_per, m = 0;
  long first = f[0].offset, place[SK_DTYPE_UNIT], c, k;
  int kind, parts;
  for (i = 0; i < nf; i++) {
    if (sk_reduce_kind(f[i].mpi_type, &parts) < 0)
      return -1;
    m += (size_t)(f[i].count * parts);
    first = f[i].offset < first ? f[i].offset : first;
  }
  if (per > SK_DTYPE_UNIT || sk_reduce_alloc(r, per * m) != 0 ||
      sk_reduce_places(dt, first, place) != 0)
    return -1;
  m = 0;
  for (k = 0; k < (long)per; k++)
    for (i = 0; i < nf; i++) {
      if ((kind = sk_reduce_kind(f[i].mpi_type, &parts)) < 0)
        return -1;
      for (c = 0; c < f[i].count * parts; c++) {
        r->off[m] = place[k] + f[i].offset + c * sk_reduce_ksize[kind];
        r->kind[m++] = (unsigned char)kind;
      }
    }
  return 0;
}

/* ---- the interface ----------------------------------------------------- */

static const sk_basetype_t *sk_reduce_basetype(const sk_plan_t *plan,
                                               int number)
{
  size_t i;
  for (i = 0; number != 0 && i < plan->nbasetypes; i++)
    if (plan->basetypes[i].number == number)
      return &plan->basetypes[i];
  return NULL;
}

/* A base type that is one builtin, not a structure. */
static int sk_reduce_builtin(const sk_basetype_t *b)
{
  return b == NULL || (b->nfields == 1 && b->fields[0].count == 1 &&
                       b->fields[0].offset == 0);
}

int sk_reduce_init(sk_reduce_t *r, const sk_plan_t *plan,
                   const sk_suite_t *s, const sk_dtype_t *dt)
{
  const sk_basetype_t *b = sk_reduce_basetype(plan, s->basetype);
  memset(r, 0, sizeof *r);
  r->op = MPI_OP_NULL;
  r->base = b != NULL ? b->fields[0].mpi_type : "MPI_CHAR";
  if (s->send_datatype == 0 && sk_reduce_builtin(b))
    return sk_reduce_plain(r, dt, r->base);
  r->type = dt->send;
  r->extent = dt->lay.send_extent;
  r->size = dt->lay.send_per * dt->lay.base_size;
  if (sk_reduce_table(r, b, dt) != 0 ||
      MPI_Op_create(sk_reduce_sum, 1, &r->op) != MPI_SUCCESS) {
    sk_reduce_free(r);
    return -1;
  }
  if ((sk_reduce_keyval == MPI_KEYVAL_INVALID &&
       MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN,
                              &sk_reduce_keyval, NULL) != MPI_SUCCESS) ||
      MPI_Type_set_attr(r->type, sk_reduce_keyval, r) != MPI_SUCCESS) {
    MPI_Op_free(&r->op);
    sk_reduce_free(r);
    return -1;
  }
  r->own = 1;
  return 0;
}

void sk_reduce_free(sk_reduce_t *r)
{
  if (r == NULL)
    return;
  if (r->own && r->op != MPI_OP_NULL)
    MPI_Op_free(&r->op);
  if (r->own && r->type != MPI_DATATYPE_NULL)
    MPI_Type_delete_attr(r->type, sk_reduce_keyval);
  free(r->off);
  free(r->kind);
  memset(r, 0, sizeof *r);
  r->op = MPI_OP_NULL;
}

long sk_reduce_count(const sk_reduce_t *r, const sk_dtype_t *dt,
                     long length)
{
  long sc, rc;
  if (!r->own)
    return length / (r->size > 0 ? r->size : 1);
  sk_layout_counts(&dt->lay, length, &sc, &rc);
  return sc;
}

/* Verify = yes: the values of a round are the round's multiple of the
 * fixed ones (1 to 5 times), so every sum and prefix sum is the same
 * multiple of the fixed one and the callers' expected values hold. */
static int sk_reduce_scaled(int value)
{
  return value * (int)(1 + sk_dtype_round() % 5);
}

void sk_reduce_fill(const sk_reduce_t *r, void *buf, long count, int value)
{
  char *p = buf;
  long i;
  size_t j;
  value = sk_reduce_scaled(value);
  for (i = 0; i < count; i++, p += r->extent)
    for (j = 0; j < r->n; j++)
      sk_reduce_set(r->kind[j], p + r->off[j], value);
}

/* Notes the first wrong byte of the scalar of kind k at p (its bytes
 * against those of v), for sk_dtype_wrong(). */
static void sk_reduce_wrong(int k, const char *p, const char *buf, int v)
{
  char want[sizeof(long double)];
  long b, n = sk_reduce_ksize[k];
  memset(want, 0, sizeof want);
  sk_reduce_set(k, want, v);
  for (b = 0; b < n - 1 && want[b] == p[b]; b++)
    ;
  sk_dtype_wrong_note(p + b, buf, (long)(p + b - buf), (unsigned char)p[b],
                      (unsigned char)want[b]);
}

int sk_reduce_check(const sk_reduce_t *r, const void *buf, long count,
                    long long value, unsigned char mark)
{
  const char *p = buf;
  char *data = calloc((size_t)r->extent, 1);
  int ok = data != NULL;
  long i;
  long b;
  size_t j;
  value = sk_reduce_scaled(value);
  for (j = 0; ok && j < r->n; j++)
    memset(data + r->off[j], 1, (size_t)sk_reduce_ksize[r->kind[j]]);
  for (i = 0; ok && i < count; i++, p += r->extent) {
    for (j = 0; ok && j < r->n; j++)
      if (!(ok = sk_reduce_is(r->kind[j], p + r->off[j], value)))
        sk_reduce_wrong(r->kind[j], p + r->off[j], buf, value);
    for (b = 0; ok && b < r->extent; b++)
      if (!(ok = data[b] || (unsigned char)p[b] == mark))
        sk_dtype_wrong_note(p + b, buf, (long)(p + b - (const char *)buf),
                            (unsigned char)p[b], mark);
  }
  free(data);
  return ok ? 0 : -1;
}

/* Why a reduction adds MPI_INT instead of its base type. */
static const char *sk_reduce_why_int(const sk_reduce_t *r)
{
  if (r->base == NULL || strcmp(r->base, "MPI_CHAR") == 0 ||
      strcmp(r->base, "MPI_BYTE") == 0)
    return "MPI_SUM does not add MPI_CHAR or MPI_BYTE";
  if (strcmp(r->base, "MPIX_C_FLOAT16") == 0)
    return "skampi does not add MPIX_C_FLOAT16 with MPI_SUM (MPICH 4.0.2 "
           "aborts in an assertion on it)";
  return "MPI_SUM does not add MPI_C_BOOL or MPI_WCHAR";
}

void sk_reduce_note(const sk_reduce_t *r, const sk_suite_t *s, char *note,
                    size_t size)
{
  note[0] = '\0';
  if (r->own)
    snprintf(note, size, "reduced in send datatype pattern %d with an "
             "MPI_Op of skampi's own that adds every scalar of the base "
             "type (MPI_SUM is defined on predefined datatypes only)%s",
             s->send_datatype, s->recv_datatype != s->send_datatype
             ? "; the result arrives in the send pattern too: a reduction "
               "has one datatype" : "");
  else if (r->widened)
    snprintf(note, size, "reduced as MPI_INT with MPI_SUM, length / %ld "
             "elements rounded down: %s%s", r->size, sk_reduce_why_int(r),
             s->recv_datatype != 0 ? "; the result arrives contiguously "
             "too: a reduction has one datatype" : "");
  else if (s->recv_datatype != 0)
    snprintf(note, size, "reduced with MPI_SUM on the base type, length / "
             "%ld elements rounded down, contiguously: the result arrives "
             "so too, whatever Receive_Datatype_Number says (a reduction "
             "has one datatype)", r->size);
}
