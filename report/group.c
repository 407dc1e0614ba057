/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * group.c -- resolving the groups of a parameter file into pages.
 */
#include <config.h>

#include "group.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "msg.h"

/* One curve of a group, before colours are known. */
typedef struct sk_group_cand {
  size_t file;
  size_t name;             /* index in the group's name list */
  const sk_rfile_suite_t *suite;
} sk_group_cand_t;

typedef struct sk_group_work {
  const sk_inputs_t *in;
  const sk_params_group_t *g;
  int *include;            /* per input file */
  char **names;            /* matched suite names, in order */
  size_t nnames, capnames;
  sk_group_cand_t *cand;
  size_t ncand;
} sk_group_work_t;

static void sk_group_work_free(sk_group_work_t *w)
{
  size_t i;
  free(w->include);
  for (i = 0; i < w->nnames; i++)
    free(w->names[i]);
  free(w->names);
  free(w->cand);
}

/* Which input files the group draws from. */
static int sk_group_files(sk_group_work_t *w)
{
  const sk_params_group_t *g = w->g;
  size_t i, f;
  int found, rc = 0;
  for (f = 0; f < w->in->n; f++)
    w->include[f] = (g->nfiles == 0);
  for (i = 0; i < g->nfiles; i++) {
    found = 0;
    for (f = 0; f < w->in->n; f++)
      if (sk_params_names_file(g->files[i].text, w->in->files[f]->path))
        found = w->include[f] = 1;
    if (!found) {
      sk_msg_error_at(w->in->params->path, g->files[i].line, g->files[i].col,
                      "'%s' is not one of the result files given",
                      g->files[i].text);
      rc = -1;
    }
  }
  return rc;
}

static int sk_group_add_name(sk_group_work_t *w, const char *name)
{
  size_t i;
  for (i = 0; i < w->nnames; i++)
    if (strcmp(w->names[i], name) == 0)
      return 0;
  if (SK_GROW(w->names, w->capnames, w->nnames + 1, 16) != 0 ||
      !(w->names[w->nnames] = strdup(name)))
    return -1;
  w->nnames++;
  return 0;
}

/* The names each pattern matches; a pattern matching nothing is an
 * error at the pattern. */
static int sk_group_match(sk_group_work_t *w)
{
  const sk_params_name_t *pat;
  const sk_rfile_suite_t *s;
  size_t i, f, k, hits;
  int rc = 0;
  for (i = 0; i < w->g->nsuites; i++) {
    pat = &w->g->suites[i];
    hits = 0;
    for (f = 0; f < w->in->n; f++)
      for (k = 0; w->include[f] && k < w->in->files[f]->nsuites; k++) {
        s = &w->in->files[f]->suites[k];
        if (fnmatch(pat->text, s->name, 0) != 0)
          continue;
        hits++;
        if (sk_rfile_plottable(s) && sk_group_add_name(w, s->name) < 0)
          return -1;
      }
    if (hits == 0) {
      sk_msg_error_at(w->in->params->path, pat->line, pat->col,
                      "no suite matches '%s' in the files of group '%s'",
                      pat->text, w->g->title);
      rc = -1;
    }
  }
  return rc;
}

static int sk_group_candidates(sk_group_work_t *w)
{
  const sk_rfile_suite_t *s;
  size_t i, f;
  w->cand = calloc(w->nnames * w->in->n + 1, sizeof *w->cand);
  if (!w->cand)
    return -1;
  for (i = 0; i < w->nnames; i++)
    for (f = 0; f < w->in->n; f++) {
      s = w->include[f] ? sk_rfile_find(w->in->files[f], w->names[i]) : NULL;
      if (!s || !sk_rfile_plottable(s))
        continue;
      w->cand[w->ncand].file = f;
      w->cand[w->ncand].name = i;
      w->cand[w->ncand].suite = s;
      w->ncand++;
    }
  if (w->ncand == 0)
    sk_msg_error_at(w->in->params->path, w->g->line, w->g->col,
                    "group '%s' has nothing to plot: its suites have no "
                    "points or no variation", w->g->title);
  return w->ncand ? 0 : -1;
}

/* One pair of axes: every curve varies the same argument, and a
 * bandwidth axis needs message lengths. */
static int sk_group_axes_ok(const sk_group_work_t *w)
{
  const sk_params_group_t *g = w->g;
  const sk_rfile_suite_t *a = w->cand[0].suite, *b;
  size_t i;
  for (i = 1; i < w->ncand; i++) {
    b = w->cand[i].suite;
    if (b->arg != a->arg) {
      sk_msg_error_at(w->in->params->path, g->line, g->col,
                      "group '%s' mixes variations: '%s' varies %s, '%s' "
                      "varies %s", g->title, a->name,
                      sk_rfile_arg_name(a->arg), b->name,
                      sk_rfile_arg_name(b->arg));
      return -1;
    }
  }
  if (g->y == SK_PARAMS_BANDWIDTH && a->arg != SK_RESULT_ARG_LENGTH) {
    sk_msg_error_at(w->in->params->path, g->y_line, g->y_col,
                    "'y: bandwidth' needs suites that vary Length, but "
                    "'%s' varies %s", a->name, sk_rfile_arg_name(a->arg));
    return -1;
  }
  return 0;
}

static int sk_group_scale(sk_params_scale_t s, int dflt)
{
  return s == SK_PARAMS_AUTO ? dflt : s == SK_PARAMS_LOG;
}

/* The page: one file in the group -> a colour per suite; several ->
 * the file's colour and a dash pattern per suite. */
static int sk_group_page(sk_group_work_t *w, size_t index, sk_pages_t *out)
{
  const sk_params_group_t *g = w->g;
  sk_group_cand_t *c;
  size_t i, multi = 0;
  char slug[160], title[512];
  sk_page_t *p;
  for (i = 1; i < w->ncand; i++)
    multi |= w->cand[i].file != w->cand[0].file;
  snprintf(slug, sizeof slug, "group-%lu-%s", (unsigned long)index + 1,
           g->title);
  if (!(p = sk_pages_add(out, SK_PAGE_GROUP, g->title, slug)))
    return -1;
  for (i = 0; i < w->ncand; i++) {
    c = &w->cand[i];
    snprintf(title, sizeof title, "%s%s%s", c->suite->name,
             multi ? " \xe2\x80\x94 " : "", multi ? w->in->labels[c->file] : "");
    if (sk_pages_add_series(p, c->file, c->suite,
                            multi ? sk_pages_file_colour(c->file)
                                  : (int)(c->name % SK_PAGES_COLOURS) + 1,
                            multi ? (int)(c->name % 5) + 1 : 1, title) < 0)
      return -1;
  }
  p->arg = w->cand[0].suite->arg;
  p->bandwidth = (g->y == SK_PARAMS_BANDWIDTH);
  p->xlog = sk_group_scale(g->xscale, p->arg == SK_RESULT_ARG_LENGTH);
  p->ylog = sk_group_scale(g->yscale, p->arg == SK_RESULT_ARG_LENGTH &&
                                      !p->bandwidth);
  return 0;
}

static int sk_group_one(const sk_inputs_t *in, size_t index,
                        sk_pages_t *out)
{
  sk_group_work_t w;
  int rc;
  memset(&w, 0, sizeof w);
  w.in = in;
  w.g = &in->params->groups[index];
  w.include = calloc(in->n + 1, sizeof *w.include);
  rc = w.include ? 0 : -1;
  if (rc == 0)
    rc = sk_group_files(&w);
  if (rc == 0)
    rc = sk_group_match(&w);
  if (rc == 0)
    rc = sk_group_candidates(&w);
  if (rc == 0)
    rc = sk_group_axes_ok(&w);
  if (rc == 0)
    rc = sk_group_page(&w, index, out);
  sk_group_work_free(&w);
  return rc;
}

int sk_group_pages(const sk_inputs_t *in, sk_pages_t *out)
{
  size_t i;
  int rc = 0;
  for (i = 0; in->params && i < in->params->ngroups; i++)
    if (sk_group_one(in, i, out) < 0)
      rc = -1;
  return rc;
}
