/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * repro.c -- the standalone program of one call whose data were wrong
 * (repro.h).
 *
 * The datatypes are written as the library describes them: each
 * derived type's constructor and its arguments from
 * MPI_Type_get_contents, its inner types first, a named type by the
 * name MPI_Type_get_name gives it.  What the program does with them is
 * fixed text (sk_repro_main), told the call by four macros.
 */
#include <config.h>

#include "repro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"

#define SK_REPRO_TYPES 256    /* derived types in one program, at most */
#define SK_REPRO_DEPTH 16     /* and their nesting */

static const char *const sk_repro_main[] = {
#include "repro_main.inc"
  NULL};

const char *sk_repro_call(sk_repro_shape_t shape)
{
  switch (shape) {
  case SK_REPRO_ALLTOALL: return "MPI_Alltoall";
  case SK_REPRO_ALLGATHER: return "MPI_Allgather";
  case SK_REPRO_GATHER: return "MPI_Gather";
  case SK_REPRO_SCATTER: return "MPI_Scatter";
  case SK_REPRO_BCAST: return "MPI_Bcast";
  default: return NULL;
  }
}

/* The decoding of one program's types. */
typedef struct sk_repro_out {
  FILE *f;
  int next;           /* the next variable t[next] */
  int bad;            /* a type it cannot write */
} sk_repro_out_t;

static void sk_repro_ints(FILE *f, const char *name, const int *v, int n)
{
  int i;
  fprintf(f, "    static const int %s[] = {", name);
  for (i = 0; i < n; i++)
    fprintf(f, "%s%s%d", i ? "," : "", i % 12 == 11 ? "\n      " : "", v[i]);
  fprintf(f, "%s};\n", n == 0 ? "0" : "");
}

static void sk_repro_aints(FILE *f, const char *name, const MPI_Aint *v,
                           int n)
{
  int i;
  fprintf(f, "    static const MPI_Aint %s[] = {", name);
  for (i = 0; i < n; i++)
    fprintf(f, "%s%s%ld", i ? "," : "", i % 8 == 7 ? "\n      " : "",
            (long)v[i]);
  fprintf(f, "%s};\n", n == 0 ? "0" : "");
}

static int sk_repro_type(sk_repro_out_t *o, MPI_Datatype t, int depth);

/* The constructor's call of combiner `comb` into t[me], its arguments in
 * ints, addrs and the variables ty[] of its types.  0, or -1 for a
 * combiner this writer does not know. */
static int sk_repro_ctor(sk_repro_out_t *o, int comb, const int *in, int ni,
                         const MPI_Aint *ad, int na, const int *ty, int me)
{
  FILE *f = o->f;
  int n = ni > 0 ? in[0] : 0, k;
  fprintf(f, "  {\n");
  switch (comb) {
  case MPI_COMBINER_DUP:
    fprintf(f, "    MPI_Type_dup(t[%d], &t[%d]);\n", ty[0], me);
    break;
  case MPI_COMBINER_CONTIGUOUS:
    fprintf(f, "    MPI_Type_contiguous(%d, t[%d], &t[%d]);\n", in[0], ty[0],
            me);
    break;
  case MPI_COMBINER_VECTOR:
    fprintf(f, "    MPI_Type_vector(%d, %d, %d, t[%d], &t[%d]);\n", in[0],
            in[1], in[2], ty[0], me);
    break;
  case MPI_COMBINER_HVECTOR:
    fprintf(f, "    MPI_Type_create_hvector(%d, %d, %ld, t[%d], &t[%d]);\n",
            in[0], in[1], (long)ad[0], ty[0], me);
    break;
  case MPI_COMBINER_INDEXED:
    sk_repro_ints(f, "bl", in + 1, n);
    sk_repro_ints(f, "d", in + 1 + n, n);
    fprintf(f, "    MPI_Type_indexed(%d, bl, d, t[%d], &t[%d]);\n", n, ty[0],
            me);
    break;
  case MPI_COMBINER_HINDEXED:
    sk_repro_ints(f, "bl", in + 1, n);
    sk_repro_aints(f, "d", ad, na);
    fprintf(f, "    MPI_Type_create_hindexed(%d, bl, d, t[%d], &t[%d]);\n", n,
            ty[0], me);
    break;
  case MPI_COMBINER_INDEXED_BLOCK:
    sk_repro_ints(f, "d", in + 2, n);
    fprintf(f, "    MPI_Type_create_indexed_block(%d, %d, d, t[%d], "
            "&t[%d]);\n", n, in[1], ty[0], me);
    break;
  case MPI_COMBINER_HINDEXED_BLOCK:
    sk_repro_aints(f, "d", ad, na);
    fprintf(f, "    MPI_Type_create_hindexed_block(%d, %d, d, t[%d], "
            "&t[%d]);\n", n, in[1], ty[0], me);
    break;
  case MPI_COMBINER_STRUCT:
    sk_repro_ints(f, "bl", in + 1, n);
    sk_repro_aints(f, "d", ad, na);
    fprintf(f, "    MPI_Datatype ty[] = {");
    for (k = 0; k < n; k++)
      fprintf(f, "%st[%d]", k ? ", " : "", ty[k]);
    fprintf(f, "};\n    MPI_Type_create_struct(%d, bl, d, ty, &t[%d]);\n", n,
            me);
    break;
  case MPI_COMBINER_SUBARRAY:
    sk_repro_ints(f, "sz", in + 1, n);
    sk_repro_ints(f, "sub", in + 1 + n, n);
    sk_repro_ints(f, "st", in + 1 + 2 * n, n);
    fprintf(f, "    MPI_Type_create_subarray(%d, sz, sub, st, %s, t[%d], "
            "&t[%d]);\n", n, in[1 + 3 * n] == MPI_ORDER_C ? "MPI_ORDER_C"
            : "MPI_ORDER_FORTRAN", ty[0], me);
    break;
  case MPI_COMBINER_RESIZED:
    fprintf(f, "    MPI_Type_create_resized(t[%d], %ld, %ld, &t[%d]);\n",
            ty[0], (long)ad[0], (long)ad[1], me);
    break;
  default:
    fprintf(f, "  }\n");
    return -1;
  }
  fprintf(f, "  }\n");
  return 0;
}

/* A named type: its name as MPI gives it (a C identifier, else refused). */
static int sk_repro_named(sk_repro_out_t *o, MPI_Datatype t, int me)
{
  char name[MPI_MAX_OBJECT_NAME + 1];
  int len = 0, i;
  MPI_Type_get_name(t, name, &len);
  name[len > 0 && len <= MPI_MAX_OBJECT_NAME ? len : 0] = '\0';
  for (i = 0; name[i] != '\0'; i++)
    if (!(name[i] == '_' || (name[i] >= 'A' && name[i] <= 'Z') ||
          (name[i] >= 'a' && name[i] <= 'z') ||
          (i > 0 && name[i] >= '0' && name[i] <= '9')))
      return -1;
  if (strncmp(name, "MPI_", 4) != 0)
    return -1;
  fprintf(o->f, "  t[%d] = %s;\n", me, name);
  return 0;
}

/* Writes t and the types it is made of; the variable that holds it, or
 * -1 (o->bad). */
static int sk_repro_type(sk_repro_out_t *o, MPI_Datatype t, int depth)
{
  int ni, na, nt, comb, me, k, rc = 0;
  int *in = NULL, *ty = NULL;
  MPI_Aint *ad = NULL;
  MPI_Datatype *types = NULL;
  if (depth > SK_REPRO_DEPTH || o->next >= SK_REPRO_TYPES)
    return o->bad = -1;
  MPI_Type_get_envelope(t, &ni, &na, &nt, &comb);
  if (comb == MPI_COMBINER_NAMED) {
    me = o->next++;
    return sk_repro_named(o, t, me) == 0 ? me : (o->bad = -1);
  }
  in = malloc(sizeof *in * (size_t)(ni + 1));
  ad = malloc(sizeof *ad * (size_t)(na + 1));
  types = malloc(sizeof *types * (size_t)(nt + 1));
  ty = malloc(sizeof *ty * (size_t)(nt + 1));
  if (in == NULL || ad == NULL || types == NULL || ty == NULL)
    rc = -1;
  else
    MPI_Type_get_contents(t, ni, na, nt, in, ad, types);
  for (k = 0; rc == 0 && k < nt; k++) {
    int i2, a2, t2, c2;
    ty[k] = sk_repro_type(o, types[k], depth + 1);
    rc = ty[k] < 0 ? -1 : 0;
    MPI_Type_get_envelope(types[k], &i2, &a2, &t2, &c2);
    if (c2 != MPI_COMBINER_NAMED)
      MPI_Type_free(&types[k]);
  }
  me = o->next++;
  if (rc == 0)
    rc = sk_repro_ctor(o, comb, in, ni, ad, na, ty, me);
  free(in);
  free(ad);
  free(types);
  free(ty);
  return rc == 0 ? me : (o->bad = -1);
}

/* The program's head: the comment, the call's macros, the types. */
static void sk_repro_head(sk_repro_out_t *o, const sk_repro_t *r)
{
  FILE *f = o->f;
  int s, d;
  fprintf(f, "/* skampi reproducer: %s with the datatypes skampi used\n",
          sk_repro_call(r->shape));
  fprintf(f, "%s", r->about);
  fprintf(f, " *\n * Build: mpicc -std=c99 -o repro THIS_FILE.c\n"
          " * Run:   mpiexec -n %d ./repro\n"
          " * Exit status 1 when a byte of the received data is wrong, 0 "
          "when all are\n * right (what MPI_Pack and MPI_Unpack of the "
          "sender's data give).\n */\n", r->procs);
  fprintf(f, "#include <mpi.h>\n\n#define CALL \"%s\"\n#define SHAPE %d\n"
          "#define SCOUNT %d\n#define RCOUNT %d\n#define ROOT %d\n\n",
          sk_repro_call(r->shape), (int)r->shape, r->scount, r->rcount,
          r->root);
  fprintf(f, "/* the send type in *st, the receive type in *rt */\n"
          "static void types(MPI_Datatype *st, MPI_Datatype *rt)\n{\n"
          "  static MPI_Datatype t[%d];\n", SK_REPRO_TYPES);
  s = sk_repro_type(o, r->stype, 0);
  d = sk_repro_type(o, r->rtype, 0);
  fprintf(f, "  *st = t[%d];\n  *rt = t[%d];\n}\n\n", s < 0 ? 0 : s,
          d < 0 ? 0 : d);
}

int sk_repro_write(const char *path, const sk_repro_t *r, char *why,
                   size_t whylen)
{
  sk_repro_out_t o;
  sk_outfile_t *h;
  size_t i;
  if (sk_repro_call(r->shape) == NULL) {
    snprintf(why, whylen, "no reproducer is written for this call");
    return -1;
  }
  if ((h = sk_outfile_open(path, SK_OUTFILE_REPRO, NULL, why, whylen)) ==
      NULL)
    return -1;
  memset(&o, 0, sizeof o);
  o.f = h->fp;
  sk_repro_head(&o, r);
  for (i = 0; sk_repro_main[i] != NULL; i++)
    fputs(sk_repro_main[i], o.f);
  if (o.bad) {
    sk_outfile_abort(h);
    snprintf(why, whylen, "a datatype of the call has a constructor the "
             "reproducer cannot write");
    return -1;
  }
  return sk_outfile_commit(h, why, whylen);
}
