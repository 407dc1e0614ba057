/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_suites_np.c -- every shipped suite file (each .skampi file of
 * suites/) passes the check on every process count from 2 to 4096, as
 * `skampi --check --np N` would check it (the same checker, the file
 * parsed once): a length that does not fit there is clipped, never an
 * error, and what the plan then holds does fit.  On 2 processes nothing
 * is clipped (the shipped suites run there as they always did).  With
 * the library named as MPICH 4.0.2, whose known faults
 * (lib/libfault.c) the shipped suites avoid, no suite is left out
 * either.
 *
 * The checks of each plan, for every suite: a clipped length is below
 * the one asked, its buffers fit in @MEMORY on N processes
 * (sk_layout_need(), what the engine allocates) and its displacements
 * in an int (sk_layout_displ_fits()), and one byte more would not; an
 * unclipped length that the suite measures fits too.
 */
#include <config.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datatype.h"
#include "layout.h"
#include "libfault.h"
#include "parse.h"
#include "sk_test.h"

#define NP_MAX 4096

static int fault_as_mpich402(int number, int nprocs, char *why, size_t len)
{
  const sk_libfault_t *f = sk_libfault_find("MPICH Version: 4.0.2", number,
                                            nprocs);
  if (f != NULL && len > 0)
    snprintf(why, len, "%s", f->what);
  return f != NULL;
}

/* The base type a suite names (NULL: bytes). */
static const sk_basetype_t *base_of(const sk_plan_t *p, const sk_suite_t *s)
{
  size_t i;
  for (i = 0; s->basetype != 0 && i < p->nbasetypes; i++)
    if (p->basetypes[i].number == s->basetype)
      return &p->basetypes[i];
  return NULL;
}

/* Whether a message of `len` bytes of suite s fits on n processes. */
static int fits(const sk_plan_t *p, const sk_suite_t *s, long len, int n)
{
  sk_layout_t l;
  sk_role_t any;
  size_t a, b;
  if (sk_layout_init(&l, base_of(p, s), s->send_datatype,
                     s->recv_datatype) != 0)
    return 0;
  sk_layout_role(&any, s, n, SK_ROLE_ANY);
  return sk_layout_need(&l, s->instance, len, &any, &a, &b) <=
             (size_t)p->memory_kib * 1024u &&
         sk_layout_displ_fits(&l, s->instance, len, n);
}

static void check_plan(const char *name, const sk_plan_t *p, int n,
                       int *clips)
{
  size_t i;
  for (i = 0; i < p->nsuites; i++) {
    const sk_suite_t *s = &p->suites[i];
    const sk_clip_t *c = &s->clip;
    long len = s->variation == SK_VARIATION_LENGTH ? s->end_argument
                                                   : s->default_message_length;
    SK_CHECK_MSG(s->skip == NULL, "%s on %d: suite %s left out: %s", name,
                 n, s->name, s->skip ? s->skip : "");
    if (s->skip != NULL)
      continue;
    if (c->clipped) {
      (*clips)++;
      SK_CHECK_MSG(c->largest >= 0 && c->largest < c->asked &&
                   c->largest == len, "%s on %d: suite %s clipped %ld to "
                   "%ld, measures %ld", name, n, s->name, c->asked,
                   c->largest, len);
      SK_CHECK_MSG(!fits(p, s, len + 1, n), "%s on %d: suite %s clipped "
                   "to %ld, but %ld fits", name, n, s->name, len, len + 1);
    }
    SK_CHECK_MSG(fits(p, s, len, n), "%s on %d: suite %s measures %ld, "
                   "which does not fit", name, n, s->name, len);
  }
}

/* One file on 2 .. NP_MAX processes; the number of clipped suites. */
static int check_file(const char *path, const char *name)
{
  sk_diag_t *diag = sk_diag_new();
  sk_ast_file_t *f = diag != NULL ? sk_parse_file(path, diag) : NULL;
  sk_check_options_t opt = {.nprocs = 2, .fault = fault_as_mpich402};
  int n, clips = 0, at2 = -1;
  SK_CHECK_MSG(f != NULL, "%s does not parse", name);
  for (n = 2; f != NULL && n <= NP_MAX; n++) {
    sk_diag_t *d = sk_diag_new();
    sk_plan_t *p;
    opt.nprocs = n;
    p = sk_check(f, &opt, d);
    if (p == NULL) {
      SK_CHECK_MSG(0, "%s refused on %d processes:", name, n);
      sk_diag_print(d, stderr);
      sk_diag_free(d);
      break;
    }
    check_plan(name, p, n, &clips);
    if (n == 2)
      at2 = clips;
    sk_plan_free(p);
    sk_diag_free(d);
  }
  SK_CHECK_MSG(at2 == 0, "%s: %d suites clipped on 2 processes", name, at2);
  sk_ast_file_free(f);
  sk_diag_free(diag);
  return clips;
}

int main(void)
{
  const char *top = getenv("top_srcdir");
  char dir[4096], path[4096 + 1 + 256];
  struct dirent *e;
  DIR *d;
  int files = 0, clips = 0;
  snprintf(dir, sizeof dir, "%s/suites", top != NULL ? top : ".");
  d = opendir(dir);
  SK_CHECK_MSG(d != NULL, "no directory %s", dir);
  while (d != NULL && (e = readdir(d)) != NULL) {
    size_t len = strlen(e->d_name);
    if (len < 8 || strcmp(e->d_name + len - 7, ".skampi") != 0)
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    clips += check_file(path, e->d_name);
    files++;
  }
  if (d != NULL)
    closedir(d);
  SK_CHECK_MSG(files >= 10, "only %d suite files in %s", files, dir);
  /* the default suite alone clips 7 suites from 16 processes on */
  SK_CHECK_MSG(clips > 1000, "only %d clips in all", clips);
  printf("%d suite files on 2 to %d processes: %d suites clipped in all\n",
         files, NP_MAX, clips);
  return sk_test_result();
}
