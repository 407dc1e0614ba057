/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check.c -- the semantic check's driver: built-in defaults, preamble,
 * then every suite.
 */
#include <config.h>

#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "check_int.h"
#include "instance.h"
#include "iodir.h"
#include "parse.h"

/* The file name of messages about built-in defaults (never expected). */
#define SK_CHECK_BUILTIN "<built-in>"

sk_loc_t sk_check_loc(sk_span_t s)
{
  sk_loc_t l;
  l.line = s.first_line;
  l.column = s.first_column;
  return l;
}

/* Built-in defaults are written in keys.def as a suite file would write
 * them, and read by the same code. */
static void sk_check_builtins(sk_check_t *c)
{
  size_t n, i;
  const sk_key_t *t = sk_key_table(&n);
  for (i = 0; i < n; i++) {
    sk_ast_value_t *v;
    if (t[i].def == NULL)
      continue;
    v = sk_parse_value(SK_CHECK_BUILTIN, t[i].def, strlen(t[i].def),
                       sk_span_at(1, 1), t[i].name, c->diag);
    if (v == NULL || sk_check_value(c, &t[i], v, SK_ORIGIN_BUILTIN,
                                    &c->builtin[i]) != 0)
      c->nomem = 1;
    sk_ast_value_free(v);
  }
}

static int sk_check_suites(sk_check_t *c, const sk_ast_file_t *f)
{
  const sk_ast_item_t *it;
  size_t n = 0;
  for (it = f->items; it != NULL; it = it->next)
    n += it->kind == SK_AST_SUITE;
  if (n == 0 && c->parse_errors > 0)
    return 0;   /* a syntax error may have eaten them: it is told first */
  if (n == 0) {
    sk_diag_error(c->diag, f->path, sk_span_at(0, 0),
                  "no measurement suites: nothing to measure "
                  "(suites follow @MEASUREMENTS)");
    return 0;
  }
  c->plan->suites = calloc(n, sizeof *c->plan->suites);
  if (c->plan->suites == NULL)
    return -1;
  for (it = f->items; it != NULL; it = it->next) {
    if (it->kind != SK_AST_SUITE)
      continue;
    sk_check_suite(c, it, &c->plan->suites[c->plan->nsuites]);
    c->plan->nsuites++;
  }
  return 0;
}

/* Suite names are unique: results and reports find suites by name.  The
 * suites are sorted by name (ties in file order), so that each name's
 * first suite is found in n log n steps, not by comparing every pair. */
static int sk_check_by_name(const void *a, const void *b)
{
  const sk_suite_t *x = *(const sk_suite_t *const *)a;
  const sk_suite_t *y = *(const sk_suite_t *const *)b;
  int d = strcmp(x->name, y->name);
  return d != 0 ? d : (x > y) - (x < y);
}

static void sk_check_names(sk_check_t *c)
{
  sk_plan_t *p = c->plan;
  const sk_suite_t **v, *first = NULL;
  size_t i, n = 0;
  if (p->nsuites < 2)
    return;
  if ((v = malloc(p->nsuites * sizeof *v)) == NULL) {
    c->nomem = 1;
    return;
  }
  for (i = 0; i < p->nsuites; i++)
    if (p->suites[i].name != NULL)
      v[n++] = &p->suites[i];
  qsort(v, n, sizeof *v, sk_check_by_name);
  for (i = 0; i < n; i++) {
    if (first == NULL || strcmp(first->name, v[i]->name) != 0) {
      first = v[i];
      continue;
    }
    sk_diag_error(c->diag, p->path, sk_span_at(v[i]->loc.line,
                                               v[i]->loc.column),
                  "duplicate suite name '%s'", v[i]->name);
    sk_diag_note(c->diag, p->path, sk_span_at(first->loc.line,
                                              first->loc.column),
                  "the first suite named '%s' is here", first->name);
  }
  free(v);
}

/* Without @IO_DIRECTORY the MPI-IO instances make their files in the
 * current directory: it must be writable too, said at the first suite
 * that would write there. */
static void sk_check_io_default(sk_check_t *c)
{
  const sk_plan_t *p = c->plan;
  char why[700];
  size_t i;
  if (p->io_directory != NULL)
    return;
  for (i = 0; i < p->nsuites; i++)
    if (sk_instance_uses_files(p->suites[i].instance)) {
      if (sk_iodir_check(".", why, sizeof why) != 0)
        sk_diag_error(c->diag, p->path,
                      sk_span_at(p->suites[i].loc.line,
                                 p->suites[i].loc.column),
                      "suite '%s' makes its files in the current directory "
                      "(no @IO_DIRECTORY), but it %s", p->suites[i].name,
                      why + strlen("'.' "));
      return;
    }
}

sk_plan_t *sk_check(const sk_ast_file_t *f, const sk_check_options_t *opt,
                    sk_diag_t *diag)
{
  sk_check_t *c = calloc(1, sizeof *c);
  sk_plan_t *plan = calloc(1, sizeof *plan);
  if (c == NULL || plan == NULL || (plan->path = strdup(f->path)) == NULL) {
    free(c);
    sk_plan_free(plan);
    sk_diag_error(diag, f->path, sk_span_at(0, 0), "out of memory");
    return NULL;
  }
  c->diag = diag;
  c->sink.diag = diag;
  c->sink.file = f->path;
  c->nprocs = opt != NULL && opt->nprocs > 0 ? opt->nprocs : 2;
  c->unavailable = opt != NULL ? opt->unavailable : NULL;
  c->large_count = opt != NULL ? opt->large_count : NULL;
  c->supports = opt != NULL ? opt->supports : NULL;
  c->fault = opt != NULL ? opt->fault : NULL;
  c->nodes = opt != NULL ? opt->nodes : NULL;
  c->type_unavailable = opt != NULL ? opt->type_unavailable : NULL;
  c->threads_unavailable = opt != NULL ? opt->threads_unavailable : NULL;
  c->max_threads = opt != NULL ? opt->max_threads : NULL;
  c->plan = plan;
  c->tree = f;
  c->parse_errors = sk_diag_errors(diag);
  plan->nprocs = c->nprocs;
  sk_check_builtins(c);
  sk_check_preamble(c, f);
  if (sk_check_suites(c, f) != 0)
    c->nomem = 1;
  sk_check_names(c);
  sk_check_io_default(c);
  if (c->nomem)
    sk_diag_error(diag, f->path, sk_span_at(0, 0), "out of memory");
  free(c);
  if (sk_diag_errors(diag) > 0) {
    sk_plan_free(plan);
    return NULL;
  }
  return plan;
}

sk_plan_t *sk_check_buffer(const char *name, const char *buf, size_t len,
                           const sk_check_options_t *opt, sk_diag_t *diag)
{
  sk_ast_file_t *f = sk_parse_buffer(name, buf, len, diag);
  sk_plan_t *p = f != NULL ? sk_check(f, opt, diag) : NULL;
  sk_ast_file_free(f);
  return p;
}

sk_plan_t *sk_check_file(const char *path, const sk_check_options_t *opt,
                         sk_diag_t *diag)
{
  sk_ast_file_t *f = sk_parse_file(path, diag);
  sk_plan_t *p = f != NULL ? sk_check(f, opt, diag) : NULL;
  sk_ast_file_free(f);
  return p;
}
