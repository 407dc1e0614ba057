/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * params.h -- the report parameter file (skampi-report -p FILE).
 *
 * A YAML mapping, documented in doc/report.md:
 *   title, suite_pages, comparison_pages, files (labels for input files)
 *   and groups (several suites on one plot).
 * params.c checks the syntax and keeps the position of every name, so
 * that pages.c can say where a group that names nothing real was written.
 */
#ifndef SK_PARAMS_H
#define SK_PARAMS_H

#include <stddef.h>

typedef enum {
  SK_PARAMS_AUTO,          /* log for Length, linear otherwise */
  SK_PARAMS_LOG,
  SK_PARAMS_LINEAR
} sk_params_scale_t;

typedef enum {
  SK_PARAMS_TIME,
  SK_PARAMS_BANDWIDTH
} sk_params_y_t;

/* A name as written, and where. */
typedef struct sk_params_name {
  char *text;
  int line, col;
} sk_params_name_t;

typedef struct sk_params_label {
  sk_params_name_t file;   /* an input file: as given, or its base name */
  char *label;
} sk_params_label_t;

typedef struct sk_params_group {
  char *title;
  int line, col;           /* of the group */
  sk_params_name_t *suites;    /* names or shell patterns (fnmatch) */
  size_t nsuites;
  sk_params_name_t *files;     /* none: every input file */
  size_t nfiles;
  sk_params_y_t y;
  int y_line, y_col;       /* of the y value, or of the group */
  sk_params_scale_t xscale, yscale;
} sk_params_group_t;

typedef struct sk_params {
  char *path;
  char *title;             /* NULL: none */
  int suite_pages;         /* 1 unless switched off */
  int comparison_pages;
  sk_params_label_t *labels;
  size_t nlabels;
  sk_params_group_t *groups;
  size_t ngroups;
} sk_params_t;

/* Read PATH into *out (the caller's).  -1 with located messages printed
 * for unreadable files, malformed YAML, unknown keys and bad values. */
int sk_params_load(const char *path, sk_params_t **out);
void sk_params_free(sk_params_t *p);

/* Does NAME (as written in the parameter file) denote input file PATH?
 * Yes when equal to PATH or to its base name. */
int sk_params_names_file(const char *name, const char *path);

#endif
