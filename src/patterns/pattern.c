/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern.c -- the instance table and the timing of one repetition.
 */
#include <config.h>

#include "pattern.h"

#include "libfault.h"
#include "timer.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "dtype.h"
#include "instance.h"
#include "stats.h"

static const struct {
  int number;
  const sk_inst_ops_t *ops;
} sk_pattern_table[] = {
#define SK_INSTANCE(num, nm, pat, vars, fn, buf, pay, sum) \
  {(num), &sk_inst_##fn},
#define SK_PLANNED(num, nm, pat, vars, fn, buf, pay, sum) {(num), NULL},
#include "instances.def"
#undef SK_INSTANCE
#undef SK_PLANNED
};

const sk_inst_ops_t *sk_pattern_ops(int number)
{
  size_t i;
  for (i = 0; i < sizeof sk_pattern_table / sizeof sk_pattern_table[0]; i++)
    if (sk_pattern_table[i].number == number)
      return sk_pattern_table[i].ops;
  return NULL;
}

unsigned sk_pattern_supports(int number)
{
  const sk_inst_ops_t *ops = sk_pattern_ops(number);
  unsigned have = 0;
  if (ops == NULL)
    return 0;
  if (ops->in_place)
    have |= SK_SUPPORT_IN_PLACE;
  if (ops->rooted)
    have |= SK_SUPPORT_ROOT;
  if (ops->rooted && !ops->persistent)
    have |= SK_SUPPORT_ROTATE;
  if (ops->verify != NULL)
    have |= SK_SUPPORT_VERIFY;
  return have;
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_UNAVAILABLE=NAME makes
 * instance NAME as unavailable as an MPI library without its function
 * would, so that the refusal can be tested with a library that has
 * them all. */
int sk_pattern_unavailable(int number, char *why, size_t len)
{
  const sk_inst_ops_t *ops = sk_pattern_ops(number);
  const sk_instance_t *in = sk_instance_by_number(number);
  const char *test = getenv("SKAMPI_TEST_UNAVAILABLE");
  const char *missing = NULL;
  char lib[SK_PATTERN_LIBRARY_SIZE];
  if (ops == NULL || in == NULL)
    return 0;
  sk_pattern_library(lib, sizeof lib);
  if (test != NULL && strcmp(test, in->name) == 0)
    missing = in->name;
  else if (ops->unavailable != NULL)
    missing = ops->unavailable;
  if (missing != NULL) {
    if (len > 0)
      snprintf(why, len, "the MPI library skampi was built with (%s) has "
               "no %s", lib, missing);
    return 1;
  }
  return 0;
}

/* TEST ONLY (doc/robustness.md): SKAMPI_TEST_LIBRARY=NAME stands for the
 * library's name in the table of known faults, so that a test can see
 * a fault refused (or, with another name, met at run time) whatever
 * library it runs with. */
int sk_pattern_fault(int number, int nprocs, char *why, size_t len)
{
  char name[SK_PATTERN_LIBRARY_SIZE];
  const char *test = getenv("SKAMPI_TEST_LIBRARY");
  const char *lib = test != NULL ? test : sk_pattern_library(name,
                                                              sizeof name);
  const sk_instance_t *in = sk_instance_by_number(number);
  const sk_libfault_t *f = sk_libfault_find(lib, number, nprocs);
  if (f == NULL || in == NULL)
    return 0;
  if (len > 0)
    snprintf(why, len, "%s of the MPI library (%.100s) %s", in->name, lib,
             f->what);
  return 1;
}

int sk_pattern_large_count(int number, char *why, size_t len)
{
  const sk_inst_ops_t *ops = sk_pattern_ops(number);
  const sk_instance_t *in = sk_instance_by_number(number);
  const char *test = getenv("SKAMPI_TEST_UNAVAILABLE");
  char lib[SK_PATTERN_LIBRARY_SIZE];
  size_t n;
  if (ops == NULL || in == NULL)
    return 0;
  if (ops->large_count == NULL) {
    if (len > 0)
      snprintf(why, len, "%s has no large-count path", in->name);
    return 1;
  }
  /* the test switch names the first function of the path */
  n = strcspn(ops->large_count, ", ");
  if (!ops->large_count_built ||
      (test != NULL && strlen(test) == n &&
       strncmp(test, ops->large_count, n) == 0)) {
    if (len > 0)
      snprintf(why, len, "the MPI library skampi was built with (%s) has "
               "no %s", sk_pattern_library(lib, sizeof lib),
               ops->large_count);
    return 1;
  }
  return 0;
}

const char *sk_pattern_library(char *name, size_t size)
{
  char s[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  int len = 0, i;
  size_t n = 0;
  if (size == 0)
    return name;
  MPI_Get_library_version(s, &len);
  s[len < 0 ? 0 : len] = '\0';
  for (i = 0; s[i] != '\0' && s[i] != '\n' && s[i] != ','; i++) {
    int blank = s[i] == ' ' || s[i] == '\t';
    if (n + 1 >= size || (blank && (n == 0 || name[n - 1] == ' ')))
      continue;
    name[n++] = blank ? ' ' : (s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?');
  }
  while (n > 0 && name[n - 1] == ' ')
    n--;
  name[n] = '\0';
  if (n == 0)
    snprintf(name, size, "unknown");
  return name;
}

static void sk_pattern_run_empty(sk_pctx_t *c)
{
  (void)c;
}

static const sk_inst_ops_t sk_pattern_empty = {.run = sk_pattern_run_empty};

/* Called through a volatile pointer so that the call is not inlined away:
 * the empty measurement must cost what the timing of a real one costs. */
double sk_pattern_overhead(void)
{
  enum { N = 2000, WARM = 100 };
  static double x[N];
  const sk_inst_ops_t *volatile ops = &sk_pattern_empty;
  sk_pctx_t ctx = {0};
  sk_stats_t st;
  int i;
  for (i = -WARM; i < N; i++) {
    double t0 = sk_timer_now();
    ops->run(&ctx);
    double t1 = sk_timer_now();
    if (i >= 0)
      x[i] = t1 - t0;
  }
  sk_stats_sort(x, N);
  sk_stats_summarize(x, N, 0.1, &st);
  return st.mean;
}

/* Batch = k: k calls back to back between the two timer reads.  Batch
 * 1 keeps the plain path below: it is exactly what sk_pattern_overhead()
 * times around its empty call, so nothing but the call differs. */
static double sk_pattern_rep_batch(sk_pattern_rep_t *r, double *local)
{
  sk_pctx_t *c = r->ctx;
  long i, k = c->batch;
  double t0 = sk_timer_now();
  for (i = 0; i < k; i++)
    r->ops->run(c);
  double t1 = sk_timer_now();
  *local = (t1 - t0 - c->overhead) / (double)k;
  return *local;
}

double sk_pattern_rep_once(sk_pattern_rep_t *r)
{
  sk_pctx_t *c = r->ctx;
  double t0 = sk_timer_now();
  r->ops->run(c);
  double t1 = sk_timer_now();
  return t1 - t0 - c->overhead;
}

double sk_pattern_rep_local(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  if (r->ctx->batch > 1)
    return sk_pattern_rep_batch(r, local);
  *local = sk_pattern_rep_once(r);
  return *local;
}

double sk_pattern_rep_max_local(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  sk_pctx_t *c = r->ctx;
  double max = 0.0;
  MPI_Barrier(c->comm);
  *local = sk_pattern_rep_once(r);
  MPI_Reduce(local, &max, 1, MPI_DOUBLE, MPI_MAX, 0, c->comm);
  return max;
}

double sk_pattern_rep_root_barrier(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  sk_pctx_t *c = r->ctx;
  double t0, t1;
  MPI_Barrier(c->comm);
  t0 = sk_timer_now();
  r->ops->run(c);
  MPI_Barrier(c->comm);
  t1 = sk_timer_now();
  *local = t1 - t0 - c->overhead - c->barrier;
  /* a repetition shorter than the barrier estimate has no time left for
   * the operation: it is invalid (counted, left out), never a negative
   * time (doc/engine.md, "Root_Barrier") */
  return *local < 0.0 ? NAN : *local;
}

double sk_pattern_rep_barrier(void *rep, double *local)
{
  sk_pattern_rep_t *r = rep;
  sk_pctx_t *c = r->ctx;
  double t0, t1;
  MPI_Barrier(c->comm);
  t0 = sk_timer_now();
  MPI_Barrier(c->comm);
  t1 = sk_timer_now();
  *local = t1 - t0 - c->overhead;
  return *local;
}

/* Increasing: process i gets i+1 of the p(p+1)/2 equal parts, the last
 * process the rounding rest, so the shares add up to total.  One pass,
 * in 64 bits: total (i + 1) stays below 2^62 for p up to INT_MAX, as
 * the checker keeps total an int for the v-collectives (their
 * displacements are ints). */
void sk_pattern_shares(int d, long total, int nprocs, int *share)
{
  long long parts = (long long)nprocs * ((long long)nprocs + 1) / 2;
  long long sum = 0, x;
  int i;
  for (i = 0; i < nprocs; i++) {
    if (d == SK_DIST_EQUAL)
      x = total / nprocs;
    else if (i < nprocs - 1)
      x = (long long)total * (i + 1) / parts;
    else
      x = total - sum;
    sum += x;
    share[i] = x > INT_MAX ? INT_MAX : (int)x;
  }
}

/* The size is checked against what the checker counted, so a suite that
 * passed the @MEMORY check never attaches more (H in instance.h is
 * larger than MPI_BSEND_OVERHEAD; MPI_Pack_size could still exceed the
 * layout's span in some MPI). */
int sk_pattern_attach(sk_pctx_t *c, int messages, int count)
{
  int size = 0;
  double want;
  MPI_Pack_size(count, c->dtype, c->comm, &size);
  want = (double)messages * ((double)size + MPI_BSEND_OVERHEAD);
  if (want > (double)c->aroom || want > 2147483647.0) {
    c->aover = 1;
    return -1;
  }
  c->asize = (int)want;
  c->abuf = sk_pattern_buffer((size_t)c->asize);
  if (c->abuf == NULL)
    return -1;
  MPI_Buffer_attach(c->abuf, c->asize);
  return 0;
}

void sk_pattern_detach(sk_pctx_t *c)
{
  void *p;
  int size;
  if (c->abuf == NULL)
    return;
  MPI_Buffer_detach(&p, &size);
  free(c->abuf);
  c->abuf = NULL;
}

long sk_pattern_alignment(void)
{
  long page = sysconf(_SC_PAGESIZE);
  return page > 0 ? page : 4096;
}

void *sk_pattern_buffer(size_t bytes)
{
  void *p = NULL;
  if (bytes == 0)
    bytes = 1;
  if (posix_memalign(&p, (size_t)sk_pattern_alignment(), bytes) != 0)
    return NULL;
  memset(p, 0, bytes);
  return p;
}

int sk_pattern_verify_from_root(const sk_inst_ops_t *ops, sk_pctx_t *c)
{
  int fill = c->rank == c->root ?
      sk_dtype_fill(c->sbuf, sk_pctx_scount(c), c->dtype, 1) : 0;
  ops->run(c);      /* a collective: made even where the fill failed */
  if (fill != 0)
    return -1;
  return c->rank == c->root ? 0 : sk_dtype_verify(c->rbuf,
                                                   sk_pctx_rcvcount(c),
                                                   c->rcvtype, 1);
}
