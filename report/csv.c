/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * csv.c -- writing the data behind the plots as CSV.
 */
#include <config.h>

#include "csv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "beyond.h"
#include "csvcell.h"
#include "msg.h"
#include "rout.h"
#include "units.h"

static const char sk_csv_header[] =
  "file,label,suite,instance,argument,mean,stderr,repetitions,eps_met,"
  "refined,bandwidth\n";

void sk_csv_field(FILE *f, const char *s)
{
  char *c = sk_csvcell(s);
  fputs(c ? c : "?", f);
  free(c);
}

void sk_csv_num(FILE *f, double v)
{
  char buf[40];
  sk_units_num(v, buf, sizeof buf);
  fputs(buf, f);
}

static void sk_csv_point(FILE *f, const sk_inputs_t *in,
                         const sk_series_t *s, const sk_rfile_point_t *p)
{
  const sk_rfile_suite_t *su = s->suite;
  sk_csv_field(f, in->files[s->file]->path);
  fputc(',', f);
  sk_csv_field(f, in->labels[s->file]);
  fputc(',', f);
  sk_csv_field(f, su->name);
  fputc(',', f);
  sk_csv_field(f, su->instance);
  fputc(',', f);
  if (su->arg != SK_RESULT_ARG_NONE)
    sk_csv_num(f, p->argument);
  fputc(',', f);
  sk_csv_num(f, p->mean);
  fputc(',', f);
  sk_csv_num(f, p->se);
  fputc(',', f);
  if (p->repetitions >= 0)
    fprintf(f, "%ld", p->repetitions);
  fprintf(f, ",%s,%s,", p->eps_met ? "true" : "false",
          p->refined ? "true" : "false");
  if (su->arg == SK_RESULT_ARG_LENGTH && p->mean > 0 && p->bytes >= 0)
    sk_csv_num(f, p->bytes / p->mean);
  fputc('\n', f);
}

/* A single-measurement page holds only the suites of its rows. */
static int sk_csv_on_page(const sk_page_t *p, const sk_series_t *s)
{
  size_t i;
  if (p->kind != SK_PAGE_SINGLE)
    return 1;
  for (i = 0; i < p->count; i++)
    if (strcmp(p->names[p->first + i], s->suite->name) == 0)
      return 1;
  return 0;
}

sk_outfile_t *sk_csv_open(const char *dir, const sk_inputs_t *in,
                          const sk_page_t *p, const char *what)
{
  size_t len = strlen(dir) + strlen(p->slug) + (what ? strlen(what) : 0) +
               32;
  char *path = malloc(len);
  sk_outfile_t *h;
  if (!path)
    return NULL;
  snprintf(path, len, "%s/p%02d-%s%s%s.csv", dir, p->number, p->slug,
           what ? "-" : "", what ? what : "");
  h = sk_rout_open(path, SK_OUTFILE_CSV_FILE, in->outin);
  free(path);
  return h;
}

static int sk_csv_page(const char *dir, const sk_inputs_t *in,
                       const sk_page_t *p)
{
  size_t k, i;
  sk_outfile_t *h;
  FILE *f;
  if (!(h = sk_csv_open(dir, in, p, NULL)))
    return -1;
  f = h->fp;
  fputs(sk_csv_header, f);
  for (k = 0; k < p->nseries; k++)
    for (i = 0; sk_csv_on_page(p, &p->series[k]) &&
                i < p->series[k].suite->npoints; i++)
      sk_csv_point(f, in, &p->series[k], &p->series[k].suite->points[i]);
  return sk_rout_commit(h);
}

int sk_csv_write(const char *dir, const sk_inputs_t *in,
                 const sk_pages_t *pages)
{
  size_t i;
  if (sk_rout_csv_dir(dir, in->outin) < 0)
    return -1;
  for (i = 0; i < pages->n; i++)
    if (sk_pages_is_plot(&pages->page[i]) &&
        (sk_csv_page(dir, in, &pages->page[i]) < 0 ||
         sk_beyond_csv(dir, in, &pages->page[i]) < 0))
      return -1;
  return 0;
}
