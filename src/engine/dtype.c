/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dtype.c -- base types and the datatype patterns of §3.2.
 *
 * Each pattern but 0 is one element of SK_DTYPE_UNIT (8) base elements;
 * its extent is resized, to the extent datatypes.def gives, so that
 * consecutive elements repeat the layout (with its gaps).  A structured
 * base type is resized to the extent src/lang/layout.c computes, so that the
 * buffers the engine allocates (src/lang/layout.c) are exactly what MPI
 * touches.  The layouts, in base-type extents e:
 *   50 vector     4 blocks of 2, stride 3            extent 12e
 *   51 hvector    the same, stride 3e in bytes       extent 12e
 *   52 indexed    blocks 1,2,3,2 at 0,2,5,9          extent 12e
 *   53 hindexed   the same in bytes                  extent 12e
 *   54 struct     blocks 3,2,3 at 0,4e,7e            extent 12e
 *   55 contiguous 8 in a row                         extent 8e
 *   56 vector of vectors: 2 x (vector 2 blocks of 2, stride 3, extent 6e)
 *                 with stride 2 inner extents        extent 24e
 *   57 struct of vectors: the inner vector at 0 and 8e   extent 16e
 */
#include <config.h>

#include "dtype.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datatype.h"
#include "pattern.h"

/* A builtin the library may lack (SK_MPITYPE_OPT): the MPI type where
 * configure found it (HAVE_DECL_<type> is 1), else MPI_DATATYPE_NULL
 * without naming it. */
#define SK_DTYPE_PICK(have, type) SK_DTYPE_PICK_(have, type)
#define SK_DTYPE_PICK_(have, type) SK_DTYPE_PICK_##have(type)
#define SK_DTYPE_PICK_1(type) (type)
#define SK_DTYPE_PICK_0(type) MPI_DATATYPE_NULL

/* The builtins of datatypes.def as MPI types. */
static const struct {
  const char *name;
  MPI_Datatype type;
  int arithmetic;      /* valid with MPI_SUM */
  int built;           /* the library declares it (configure) */
} sk_dtype_table[] = {
#define SK_DATATYPE(num, nm, elems, ext, meaning)
#define SK_MPITYPE(type, ctype, sum) {#type, type, sum, 1},
#define SK_MPITYPE_OPT(type, ctype, sum) \
  {#type, SK_DTYPE_PICK(HAVE_DECL_##type, type), sum, HAVE_DECL_##type},
#include "datatypes.def"
#undef SK_DATATYPE
#undef SK_MPITYPE
#undef SK_MPITYPE_OPT
};

#define SK_DTYPE_N (sizeof sk_dtype_table / sizeof sk_dtype_table[0])

MPI_Datatype sk_dtype_builtin(const char *name)
{
  size_t i;
  for (i = 0; i < SK_DTYPE_N; i++)
    if (strcmp(sk_dtype_table[i].name, name) == 0)
      return sk_dtype_table[i].type;
  return MPI_DATATYPE_NULL;
}

/* At run time, once MPI is up: the library's type I has the size the
 * checker lays messages out with (WANT bytes, its C type's), and two of
 * them in a derived type take twice that room and pack into at least
 * twice that: skampi builds every message as a derived type.  MPICH
 * 4.0.2's MPIX_C_FLOAT16 is 2 bytes but a pair of it has an extent of 0
 * and packs into nothing.  The verdict of each type is made once. */
static signed char sk_dtype_known[SK_DTYPE_N];   /* 0 unknown, 1 good,
                                                  * -1 bad */
static char sk_dtype_said[SK_DTYPE_N][160];     /* why a bad one is */

static const char *sk_dtype_broken(size_t i, long want, char *why,
                                   size_t size)
{
  char lib[SK_PATTERN_LIBRARY_SIZE];
  MPI_Datatype pair;
  MPI_Aint lb = 0, ext = 0;
  int bytes = 0, packed = 0;
  if (sk_dtype_known[i] == 0) {
    MPI_Type_size(sk_dtype_table[i].type, &bytes);
    MPI_Type_contiguous(2, sk_dtype_table[i].type, &pair);
    MPI_Type_commit(&pair);
    MPI_Type_get_extent(pair, &lb, &ext);
    MPI_Pack_size(1, pair, MPI_COMM_SELF, &packed);
    MPI_Type_free(&pair);
    sk_dtype_known[i] = 1;
    if (bytes != (int)want)
      snprintf(sk_dtype_said[i], sizeof sk_dtype_said[i], "is %d bytes, "
               "not the %ld of its C type", bytes, want);
    else if (ext < 2 * (MPI_Aint)want || packed < 2 * bytes)
      snprintf(sk_dtype_said[i], sizeof sk_dtype_said[i], "is broken in "
               "derived datatypes (two of it span %ld bytes and pack into "
               "%d, not %ld)",
               (long)ext, packed, 2 * want);
    else
      return NULL;
    sk_dtype_known[i] = -1;
  }
  if (sk_dtype_known[i] > 0)
    return NULL;
  snprintf(why, size, "%s of the MPI library skampi was built with (%s) %s",
           sk_dtype_table[i].name, sk_pattern_library(lib, sizeof lib),
           sk_dtype_said[i]);
  return why;
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_UNAVAILABLE=NAME makes the
 * builtin NAME as absent as in a library without it, so that the
 * refusal is tested with a library that has every type. */
int sk_dtype_unavailable(const char *name, char *why, size_t size)
{
  char lib[SK_PATTERN_LIBRARY_SIZE];
  const char *test = getenv("SKAMPI_TEST_UNAVAILABLE");
  long want, align;
  int flag = 0;
  size_t i;
  for (i = 0; i < SK_DTYPE_N; i++)
    if (strcmp(sk_dtype_table[i].name, name) == 0)
      break;
  if (i == SK_DTYPE_N)
    return 0;
  if (!sk_dtype_table[i].built || (test != NULL && strcmp(test, name) == 0)) {
    snprintf(why, size, "the MPI library skampi was built with (%s) has "
             "no %s", sk_pattern_library(lib, sizeof lib), name);
    return 1;
  }
  MPI_Initialized(&flag);
  if (!flag || sk_mpi_type_bytes_of(name, &want, &align) != 0)
    return 0;
  return sk_dtype_broken(i, want, why, size) != NULL;
}

static int sk_dtype_arithmetic(const char *name)
{
  size_t i;
  for (i = 0; i < SK_DTYPE_N; i++)
    if (strcmp(sk_dtype_table[i].name, name) == 0)
      return sk_dtype_table[i].arithmetic;
  return 0;
}

static const sk_basetype_t *sk_dtype_find(const sk_plan_t *plan, int number)
{
  size_t i;
  for (i = 0; i < plan->nbasetypes; i++)
    if (plan->basetypes[i].number == number)
      return &plan->basetypes[i];
  return NULL;
}

static int sk_dtype_is_builtin(MPI_Datatype t)
{
  size_t i;
  for (i = 0; i < SK_DTYPE_N; i++)
    if (sk_dtype_table[i].type == t)
      return 1;
  return 0;
}

/* t resized to extent `extent` from 0, committed; t itself is freed. */
static MPI_Datatype sk_dtype_resize(MPI_Datatype t, MPI_Aint extent)
{
  MPI_Datatype r;
  MPI_Type_create_resized(t, 0, extent, &r);
  MPI_Type_free(&t);
  MPI_Type_commit(&r);
  return r;
}

/* The inner vector of 56 and 57: 2 blocks of 2, stride 3, extent 6e. */
static MPI_Datatype sk_dtype_inner(MPI_Datatype base, MPI_Aint e)
{
  MPI_Datatype t;
  MPI_Type_vector(2, 2, 3, base, &t);
  return sk_dtype_resize(t, 6 * e);
}

/* The outer type of 56 and 57 (not yet resized). */
static MPI_Datatype sk_dtype_nested(int number, MPI_Datatype base,
                                    MPI_Aint e)
{
  MPI_Datatype in = sk_dtype_inner(base, e), t;
  if (number == 56) {
    MPI_Type_vector(2, 1, 2, in, &t);
  } else {
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {0, 8 * e};
    MPI_Datatype ty[2] = {in, in};
    MPI_Type_create_struct(2, bl, d, ty, &t);
  }
  MPI_Type_free(&in);
  return t;
}

MPI_Datatype sk_dtype_pattern(int number, MPI_Datatype base)
{
  static int bl_ix[4] = {1, 2, 3, 2}, ds_ix[4] = {0, 2, 5, 9};
  int bl_st[3] = {3, 2, 3};
  const sk_datatype_t *d = sk_datatype_by_number(number);
  MPI_Aint lb, e, dh[4], ds[3];
  MPI_Datatype t, ty[3] = {base, base, base};
  int i;
  if (d == NULL)
    return MPI_DATATYPE_NULL;
  MPI_Type_get_extent(base, &lb, &e);
  for (i = 0; i < 4; i++)
    dh[i] = ds_ix[i] * e;
  ds[0] = 0;
  ds[1] = 4 * e;
  ds[2] = 7 * e;
  switch (number) {
  case 0: MPI_Type_dup(base, &t); MPI_Type_commit(&t); return t;
  case 50: MPI_Type_vector(4, 2, 3, base, &t); break;
  case 51: MPI_Type_create_hvector(4, 2, 3 * e, base, &t); break;
  case 52: MPI_Type_indexed(4, bl_ix, ds_ix, base, &t); break;
  case 53: MPI_Type_create_hindexed(4, bl_ix, dh, base, &t); break;
  case 54: MPI_Type_create_struct(3, bl_st, ds, ty, &t); break;
  case 55: MPI_Type_contiguous(SK_DTYPE_UNIT, base, &t); break;
  case 56: case 57: t = sk_dtype_nested(number, base, e); break;
  default: return MPI_DATATYPE_NULL;
  }
  return sk_dtype_resize(t, d->extent * e);
}

/* The base type of suite s: MPI_CHAR, a builtin, or a committed struct
 * resized to `extent` from byte 0 (the offsets count from there). */
static MPI_Datatype sk_dtype_base(const sk_basetype_t *b, long extent,
                                  MPI_Datatype *arith)
{
  int n = (int)b->nfields, i, *bl;
  MPI_Aint *d;
  MPI_Datatype *ty, t = MPI_DATATYPE_NULL;
  if (n == 1 && b->fields[0].count == 1 && b->fields[0].offset == 0) {
    if (sk_dtype_arithmetic(b->fields[0].mpi_type))
      *arith = sk_dtype_builtin(b->fields[0].mpi_type);
    return sk_dtype_builtin(b->fields[0].mpi_type);
  }
  bl = malloc((size_t)n * sizeof *bl);
  d = malloc((size_t)n * sizeof *d);
  ty = malloc((size_t)n * sizeof *ty);
  if (bl != NULL && d != NULL && ty != NULL) {
    for (i = 0; i < n; i++) {
      bl[i] = (int)b->fields[i].count;
      d[i] = (MPI_Aint)b->fields[i].offset;
      ty[i] = sk_dtype_builtin(b->fields[i].mpi_type);
    }
    MPI_Type_create_struct(n, bl, d, ty, &t);
    t = sk_dtype_resize(t, (MPI_Aint)extent);
  }
  free(bl);
  free(d);
  free(ty);
  return t;
}

/* MPI agrees with the layout the buffers are sized by: the size of the
 * base type and the extents of the patterns.  Else -1 with a note. */
static int sk_dtype_agree(const sk_dtype_t *dt, char *note, size_t notesize)
{
  MPI_Aint lb, se, re;
  int size;
  MPI_Type_size(dt->base, &size);
  MPI_Type_get_extent(dt->send, &lb, &se);
  MPI_Type_get_extent(dt->recv, &lb, &re);
  if ((long)size == dt->lay.base_size && (long)se == dt->lay.send_extent &&
      (long)re == dt->lay.recv_extent)
    return 0;
  snprintf(note, notesize, "MPI's datatypes disagree with skampi's layout: "
           "base type %d bytes (skampi: %ld), extents %ld and %ld (skampi: "
           "%ld and %ld)", size, dt->lay.base_size, (long)se, (long)re,
           dt->lay.send_extent, dt->lay.recv_extent);
  return -1;
}

/* What a point of the suite sent: a message is a whole number of units
 * (a base element, or a pattern's element of per_elem of them), so an
 * argument that is not a multiple of a unit sent the multiple below it. */
static void sk_dtype_note(const sk_suite_t *s, const sk_layout_t *l,
                          char *note, size_t notesize)
{
  long unit = l->per_elem * l->base_size;
  int n = 0;
  if (l->per_elem > 1)
    n = snprintf(note, notesize, "datatype patterns: send %d, receive %d; "
                 "a message is a whole number of %d-element units of the "
                 "base type (%ld bytes)", s->send_datatype, s->recv_datatype,
                 l->per_elem, unit);
  else if (unit > 1)
    n = snprintf(note, notesize, "a message is a whole number of elements "
                 "of @Basetype%d (%ld bytes)", s->basetype, unit);
  if (unit > 1 && n > 0 && (size_t)n < notesize &&
      s->variation == SK_VARIATION_LENGTH)
    snprintf(note + n, notesize - (size_t)n, "; an argument that is not a "
             "multiple of %ld sent the multiple of %ld below it", unit, unit);
}

int sk_dtype_build(const sk_plan_t *plan, const sk_suite_t *s,
                   sk_dtype_t *dt, char *note, size_t notesize)
{
  const sk_basetype_t *b = s->basetype ? sk_dtype_find(plan, s->basetype)
                                        : NULL;
  memset(dt, 0, sizeof *dt);
  note[0] = '\0';
  dt->send = dt->recv = MPI_DATATYPE_NULL;
  dt->base = MPI_CHAR;
  dt->arith = MPI_INT;
  if (sk_layout_init(&dt->lay, b, (int)s->send_datatype,
                     (int)s->recv_datatype) != 0) {
    snprintf(note, notesize, "no layout for @Basetype%d with datatype "
             "patterns %d and %d", s->basetype, s->send_datatype,
             s->recv_datatype);
    return -1;
  }
  if (b != NULL)
    dt->base = sk_dtype_base(b, dt->lay.base_extent, &dt->arith);
  if (dt->base == MPI_DATATYPE_NULL) {
    snprintf(note, notesize, "@Basetype%d cannot be built", s->basetype);
    return -1;
  }
  MPI_Type_size(dt->arith, &dt->arith_size);
  dt->send = sk_dtype_pattern(s->send_datatype, dt->base);
  dt->recv = sk_dtype_pattern(s->recv_datatype, dt->base);
  if (dt->send == MPI_DATATYPE_NULL || dt->recv == MPI_DATATYPE_NULL) {
    snprintf(note, notesize, "no datatype pattern %d", dt->send ==
             MPI_DATATYPE_NULL ? s->send_datatype : s->recv_datatype);
    return -1;
  }
  if (sk_dtype_agree(dt, note, notesize) != 0)
    return -1;
  sk_dtype_note(s, &dt->lay, note, notesize);
  return 0;
}

void sk_dtype_free(sk_dtype_t *dt)
{
  if (dt == NULL)
    return;
  if (dt->send != MPI_DATATYPE_NULL)
    MPI_Type_free(&dt->send);
  if (dt->recv != MPI_DATATYPE_NULL)
    MPI_Type_free(&dt->recv);
  if (dt->base != MPI_DATATYPE_NULL && !sk_dtype_is_builtin(dt->base))
    MPI_Type_free(&dt->base);
  dt->base = MPI_DATATYPE_NULL;
}

long sk_dtype_elements(const sk_dtype_t *dt, long length)
{
  return sk_layout_elements(&dt->lay, length);
}

void sk_dtype_counts(const sk_dtype_t *dt, long length, int *scount,
                     int *rcount)
{
  long sc, rc;
  sk_layout_counts(&dt->lay, length, &sc, &rc);
  *scount = (int)sc;
  *rcount = (int)rc;
}

long sk_dtype_span(const sk_dtype_t *dt, long length)
{
  return sk_layout_span(&dt->lay, length);
}

/* At most this many bytes of the sequence are made at once: a message
 * of more than INT_MAX elements (a large-count point) is filled and
 * checked chunk by chunk, each chunk an int count. */
#define SK_DTYPE_CHUNK (64L << 20)

static unsigned long sk_dtype_round_now;
static sk_dtype_wrong_t sk_dtype_first_wrong;

void sk_dtype_set_round(unsigned long round)
{
  sk_dtype_round_now = round;
}

unsigned long sk_dtype_round(void)
{
  return sk_dtype_round_now;
}

void sk_dtype_wrong_reset(void)
{
  memset(&sk_dtype_first_wrong, 0, sizeof sk_dtype_first_wrong);
}

const sk_dtype_wrong_t *sk_dtype_wrong(void)
{
  return &sk_dtype_first_wrong;
}

void sk_dtype_wrong_restore(const sk_dtype_wrong_t *w)
{
  sk_dtype_first_wrong = *w;
}

void sk_dtype_wrong_note(const char *at, const char *msg, long index,
                         unsigned char got, unsigned char want)
{
  sk_dtype_wrong_t *w = &sk_dtype_first_wrong;
  if (w->found)
    return;
  w->found = 1;
  w->at = at;
  w->msg = msg;
  w->index = index;
  w->got = got;
  w->want = want;
}

/* size bytes of the sequence from its byte `at` on: byte i is a function
 * of i, seed and the round (an odd step, so that 256 rounds in a row
 * give every byte 256 different values). */
static void sk_dtype_sequence(unsigned char *p, long at, int size,
                              unsigned seed)
{
  int k;
  seed += (unsigned)(sk_dtype_round_now * 0x9E3779B1ul);
  for (k = 0; k < size; k++) {
    long i = at + k;
    p[k] = (unsigned char)((unsigned)i * 2654435761u + seed) ^
           (unsigned char)(i >> 8);
  }
}

/* Elements of type per chunk: its packed bytes within SK_DTYPE_CHUNK. */
static MPI_Count sk_dtype_chunk(MPI_Datatype type)
{
  int one = 0;
  MPI_Count k;
  MPI_Pack_size(1, type, MPI_COMM_SELF, &one);
  k = one > 0 ? SK_DTYPE_CHUNK / one : SK_DTYPE_CHUNK;
  return k > 0 ? k : 1;
}

/* The first byte where got and want differ: noted with its address when
 * the data lie contiguously (a type whose size is its extent, from lb
 * 0), else with its index in the message's data. */
static void sk_dtype_note_first(const char *buf, const unsigned char *want,
                          const unsigned char *got, int size, long at,
                          int contiguous)
{
  int k;
  for (k = 0; k < size && want[k] == got[k]; k++)
    ;
  if (k < size)
    sk_dtype_wrong_note(contiguous ? buf + at + k : NULL, buf, at + k,
                        got[k], want[k]);
}

/* Fills (verify 0) or checks (verify 1) count elements of type at buf. */
static int sk_dtype_walk(void *buf, MPI_Count count, MPI_Datatype type,
                         unsigned seed, int verify)
{
  MPI_Aint lb, ext;
  MPI_Count k = sk_dtype_chunk(type), done = 0;
  long at = 0;
  unsigned char *want = NULL, *got = NULL;
  int size = 0, rc = 0, tsize = 0;
  MPI_Type_get_extent(type, &lb, &ext);
  MPI_Type_size(type, &tsize);
  MPI_Pack_size((int)(count < k ? count : k), type, MPI_COMM_SELF, &size);
  want = malloc(size > 0 ? (size_t)size : 1);
  got = verify ? malloc(size > 0 ? (size_t)size : 1) : NULL;
  if (want == NULL || (verify && got == NULL))
    rc = -1;
  while (rc == 0 && done < count) {
    int n = (int)(count - done < k ? count - done : k), pos = 0, sz = 0;
    char *at_buf = (char *)buf + (long)done * (long)ext;
    MPI_Pack_size(n, type, MPI_COMM_SELF, &sz);
    sk_dtype_sequence(want, at, sz, seed);
    if (verify) {
      MPI_Pack(at_buf, n, type, got, sz, &pos, MPI_COMM_SELF);
      rc = pos == sz && memcmp(want, got, (size_t)sz) == 0 ? 0 : -1;
      if (rc != 0 && pos == sz)
        sk_dtype_note_first(buf, want, got, sz, at, lb == 0 && tsize == ext);
    } else {
      MPI_Unpack(want, sz, &pos, at_buf, n, type, MPI_COMM_SELF);
    }
    at += sz;
    done += n;
  }
  free(want);
  free(got);
  return rc;
}

int sk_dtype_fill(void *buf, MPI_Count count, MPI_Datatype type,
                  unsigned seed)
{
  return sk_dtype_walk(buf, count, type, seed, 0);
}

int sk_dtype_verify(const void *buf, MPI_Count count, MPI_Datatype type,
                    unsigned seed)
{
  return sk_dtype_walk((void *)buf, count, type, seed, 1);
}
