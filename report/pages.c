/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pages.c -- planning the pages of a report (see pages.h).
 */
#include <config.h>

#include "pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beyond.h"
#include "group.h"
#include "grow.h"
#include "msg.h"
#include "title.h"

int sk_pages_is_plot(const sk_page_t *page)
{
  return page->kind != SK_PAGE_TITLE;
}

static void sk_pages_page_free(sk_page_t *p)
{
  size_t i;
  free(p->title);
  free(p->slug);
  for (i = 0; i < p->nnames; i++)
    free(p->names[i]);
  free(p->names);
  for (i = 0; i < p->nseries; i++)
    free(p->series[i].title);
  free(p->series);
}

void sk_pages_free(sk_pages_t *pages)
{
  size_t i;
  if (!pages)
    return;
  for (i = 0; i < pages->n; i++)
    sk_pages_page_free(&pages->page[i]);
  free(pages->page);
  pages->page = NULL;
  pages->n = pages->cap = 0;
}

void sk_pages_labels_free(char **labels, size_t n)
{
  size_t i;
  if (!labels)
    return;
  for (i = 0; i < n; i++)
    free(labels[i]);
  free(labels);
}

/* "MACHINE · MPI library · file name", leaving out what is unknown. */
static char *sk_pages_default_label(const sk_rfile_t *r)
{
  const char *machine = sk_rfile_meta(r, "MACHINE");
  const char *base = strrchr(r->path, '/');
  char *mpi = sk_rfile_mpi_short(r), *out;
  size_t len;
  base = base ? base + 1 : r->path;
  if (!mpi)
    return NULL;
  len = strlen(base) + strlen(mpi) + (machine ? strlen(machine) : 0) + 16;
  out = malloc(len);
  if (out)
    snprintf(out, len, "%s%s%s%s%s", machine ? machine : "",
             machine ? " \xc2\xb7 " : "", mpi, *mpi ? " \xc2\xb7 " : "",
             base);
  free(mpi);
  return out;
}

/* Every `files:` entry of the parameter file must name an input. */
static int sk_pages_check_labels(const sk_inputs_t *in)
{
  const sk_params_t *p = in->params;
  size_t i, f;
  int rc = 0;
  for (i = 0; p && i < p->nlabels; i++) {
    for (f = 0; f < in->n; f++)
      if (sk_params_names_file(p->labels[i].file.text, in->files[f]->path))
        break;
    if (f == in->n) {
      sk_msg_error_at(p->path, p->labels[i].file.line,
                      p->labels[i].file.col, "'%s' is not one of the "
                      "result files given", p->labels[i].file.text);
      rc = -1;
    }
  }
  return rc;
}

static const char *sk_pages_param_label(const sk_inputs_t *in, size_t f)
{
  const sk_params_t *p = in->params;
  size_t i;
  for (i = 0; p && i < p->nlabels; i++)
    if (sk_params_names_file(p->labels[i].file.text, in->files[f]->path))
      return p->labels[i].label;
  return NULL;
}

char **sk_pages_labels(const sk_inputs_t *in)
{
  char **labels;
  const char *given;
  size_t f;
  if (sk_pages_check_labels(in) < 0)
    return NULL;
  labels = calloc(in->n ? in->n : 1, sizeof *labels);
  for (f = 0; labels && f < in->n; f++) {
    given = sk_pages_param_label(in, f);
    labels[f] = given ? strdup(given) : sk_pages_default_label(in->files[f]);
    if (!labels[f]) {
      sk_pages_labels_free(labels, in->n);
      return NULL;
    }
  }
  return labels;
}

sk_page_t *sk_pages_add(sk_pages_t *pages, sk_page_kind_t kind,
                        const char *title, const char *slug)
{
  sk_page_t *p;
  char *s;
  if (SK_GROW(pages->page, pages->cap, pages->n + 1, 16) != 0)
    return NULL;
  p = &pages->page[pages->n++];
  memset(p, 0, sizeof *p);
  p->kind = kind;
  p->title = strdup(title);
  p->slug = strdup(slug);
  if (!p->title || !p->slug)
    return NULL;
  /* Only letters, digits, '.', '-' and '_' reach a file name. */
  for (s = p->slug; *s; s++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                "0123456789.-_", *s))
      *s = '_';
  if (strlen(p->slug) > 60)
    p->slug[60] = '\0';
  return p;
}

int sk_pages_add_series(sk_page_t *p, size_t file,
                        const sk_rfile_suite_t *s, int colour, int dash,
                        const char *title)
{
  sk_series_t *grown;
  if (SK_GROW(p->series, p->capseries, p->nseries + 1, 4) != 0)
    return -1;
  grown = p->series;
  grown[p->nseries].file = file;
  grown[p->nseries].suite = s;
  grown[p->nseries].colour = colour;
  grown[p->nseries].dash = dash;
  grown[p->nseries].title = strdup(title);
  if (!grown[p->nseries].title)
    return -1;
  p->nseries++;
  return 0;
}

int sk_pages_file_colour(size_t file)
{
  return (int)(file % SK_PAGES_COLOURS) + 1;
}

void sk_pages_axes_length(sk_page_t *p)
{
  p->arg = SK_RESULT_ARG_LENGTH;
  p->xlog = p->ylog = p->bw_panel = 1;
}

/* Axes of a page that plots suites varying ARG. */
static void sk_pages_axes(sk_page_t *p, sk_rfile_arg_t arg)
{
  p->arg = arg;
  p->xlog = p->ylog = (arg == SK_RESULT_ARG_LENGTH);
  p->bw_panel = (arg == SK_RESULT_ARG_LENGTH);
}

static int sk_pages_title(const sk_inputs_t *in, sk_pages_t *out)
{
  char slug[32];
  sk_page_t *p;
  size_t f, first;
  for (f = 0; f < in->n; f++) {
    first = 0;
    do {
      snprintf(slug, sizeof slug, "title-%lu", (unsigned long)f + 1);
      p = sk_pages_add(out, SK_PAGE_TITLE, "skampi report", slug);
      if (!p)
        return -1;
      p->file = f;
      p->first = first;
      p->continued = first > 0;
      p->count = in->files[f]->nsuites - first;
      if (p->count > SK_PAGES_TITLE_ROWS)
        p->count = SK_PAGES_TITLE_ROWS;
      first += p->count;
    } while (first < in->files[f]->nsuites);
    if (sk_title_details_wanted(in->files[f])) {
      snprintf(slug, sizeof slug, "details-%lu", (unsigned long)f + 1);
      if ((p = sk_pages_add(out, SK_PAGE_TITLE, "skampi report", slug)) ==
          NULL)
        return -1;
      p->file = f;
      p->continued = p->details = 1;
    }
  }
  return 0;
}

static int sk_pages_suites(const sk_inputs_t *in, sk_pages_t *out)
{
  char slug[128];
  const sk_rfile_suite_t *s;
  sk_page_t *p;
  size_t f, i;
  for (f = 0; f < in->n; f++)
    for (i = 0; i < in->files[f]->nsuites; i++) {
      s = &in->files[f]->suites[i];
      if (!sk_rfile_plottable(s))
        continue;
      snprintf(slug, sizeof slug, "suite-f%lu-%s", (unsigned long)f + 1,
               s->name);
      p = sk_pages_add(out, SK_PAGE_SUITE, s->name, slug);
      if (!p || sk_pages_add_series(p, f, s, sk_pages_file_colour(f), 1,
                                    in->labels[f]) < 0)
        return -1;
      p->file = f;
      sk_pages_axes(p, s->arg);
    }
  return 0;
}

/* NAME is among the first N of NAMES. */
static int sk_pages_has(char **names, size_t n, const char *name)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (strcmp(names[i], name) == 0)
      return 1;
  return 0;
}

/* Names of suites that pass KEEP, in order of first appearance. */
char **sk_pages_names(const sk_inputs_t *in,
                      int (*keep)(const sk_rfile_suite_t *), size_t *n)
{
  char **names = NULL;
  const sk_rfile_suite_t *s;
  size_t f, i, cap = 0;
  *n = 0;
  for (f = 0; f < in->n; f++)
    for (i = 0; i < in->files[f]->nsuites; i++) {
      s = &in->files[f]->suites[i];
      if (!keep(s) || sk_pages_has(names, *n, s->name))
        continue;
      if (SK_GROW(names, cap, *n + 1, 16) != 0 ||
          !(names[*n] = strdup(s->name))) {
        sk_pages_labels_free(names, *n);
        *n = 0;
        return NULL;
      }
      (*n)++;
    }
  return names;
}

/* Every (file, suite) without a variation; the page's names are copies. */
static int sk_pages_single_fill(const sk_inputs_t *in, sk_page_t *p,
                                char **names, size_t n)
{
  const sk_rfile_suite_t *s;
  size_t f, i;
  p->names = calloc(n, sizeof *p->names);
  if (!p->names)
    return -1;
  for (i = 0; i < n; i++)
    if (!(p->names[p->nnames++] = strdup(names[i])))
      return -1;
  for (f = 0; f < in->n; f++)
    for (i = 0; i < in->files[f]->nsuites; i++) {
      s = &in->files[f]->suites[i];
      if (sk_rfile_single(s) &&
          sk_pages_add_series(p, f, s, sk_pages_file_colour(f), 1,
                              in->labels[f]) < 0)
        return -1;
    }
  return 0;
}

static int sk_pages_single(const sk_inputs_t *in, sk_pages_t *out)
{
  size_t n, i, first = 0;
  char **names = sk_pages_names(in, sk_rfile_single, &n), slug[32];
  sk_page_t *p;
  int rc = 0;
  for (; rc == 0 && first < n; first += SK_PAGES_SINGLE_ROWS) {
    snprintf(slug, sizeof slug, "single-%lu",
             (unsigned long)(first / SK_PAGES_SINGLE_ROWS) + 1);
    p = sk_pages_add(out, SK_PAGE_SINGLE, "Single measurements", slug);
    if (!p || sk_pages_single_fill(in, p, names, n) < 0)
      rc = -1;
    else {
      p->first = first;
      p->continued = first > 0;
      p->count = n - first < SK_PAGES_SINGLE_ROWS ? n - first
                                                 : SK_PAGES_SINGLE_ROWS;
    }
  }
  for (i = 0; i < n; i++)
    free(names[i]);
  free(names);
  return rc;
}

/* The comparison page of NAME, when at least two files have it plotted
 * against the same argument. */
static int sk_pages_compare_one(const sk_inputs_t *in, const char *name,
                                sk_pages_t *out)
{
  const sk_rfile_suite_t *s, *first = NULL;
  size_t f, nfiles = 0, *files = calloc(in->n, sizeof *files);
  char slug[128];
  sk_page_t *p;
  int rc = 0;
  for (f = 0; files && f < in->n; f++) {
    s = sk_rfile_find(in->files[f], name);
    if (!s || !sk_rfile_plottable(s))
      continue;
    if (first && s->arg != first->arg) {
      sk_msg_warning("suite '%s' varies %s in '%s' but %s before: left out "
                     "of its comparison", name, sk_rfile_arg_name(s->arg),
                     in->files[f]->path, sk_rfile_arg_name(first->arg));
      continue;
    }
    first = first ? first : s;
    files[nfiles++] = f;
  }
  if (files && nfiles >= 2) {
    snprintf(slug, sizeof slug, "compare-%s", name);
    p = sk_pages_add(out, SK_PAGE_COMPARE, name, slug);
    for (f = 0; p && rc == 0 && f < nfiles; f++)
      rc = sk_pages_add_series(p, files[f], sk_rfile_find(in->files[files[f]],
                               name), sk_pages_file_colour(files[f]), 1,
                               in->labels[files[f]]);
    if (!p)
      rc = -1;
    else
      sk_pages_axes(p, first->arg);
  }
  rc = files ? rc : -1;
  free(files);
  return rc;
}

static int sk_pages_compare(const sk_inputs_t *in, sk_pages_t *out)
{
  size_t n, i;
  char **names = sk_pages_names(in, sk_rfile_plottable, &n);
  int rc = (names || n == 0) ? 0 : -1;
  for (i = 0; i < n; i++) {
    if (rc == 0)
      rc = sk_pages_compare_one(in, names[i], out);
    free(names[i]);
  }
  free(names);
  return rc;
}

static void sk_pages_number(sk_pages_t *out)
{
  size_t i;
  for (i = 0; i < out->n; i++)
    out->page[i].number = (int)i + 1;
}

int sk_pages_build(const sk_inputs_t *in, sk_pages_t *out)
{
  const sk_params_t *p = in->params;
  int suites = p ? p->suite_pages : 1;
  int compare = p ? p->comparison_pages : 1;
  out->page = NULL;
  out->n = out->cap = 0;
  if (sk_pages_title(in, out) < 0 ||
      (suites && sk_pages_suites(in, out) < 0) ||
      (suites && sk_pages_single(in, out) < 0) ||
      (compare && sk_pages_compare(in, out) < 0) ||
      (suites && sk_beyond_pages(in, out) < 0) ||
      sk_group_pages(in, out) < 0) {
    sk_pages_free(out);
    return -1;
  }
  sk_pages_number(out);
  return 0;
}
