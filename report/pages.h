/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pages.h -- which pages a report has, and what each one shows.
 *
 * pages.c decides the whole report before anything is drawn: the title
 * pages, one page per varied suite with data, the single-measurement
 * page(s), the comparison pages and the groups of the parameter file.
 * plot.c draws the list with gnuplot and csv.c writes the data behind
 * each plot; both only read it.  The order and the counting rules are
 * those of doc/report.md ("Pages").
 */
#ifndef SK_PAGES_H
#define SK_PAGES_H

#include <stddef.h>

#include "outfile.h"
#include "params.h"
#include "rfile.h"

/* Rows of the suite table on one title page; of the dot plot of
 * single measurements on one page. */
#define SK_PAGES_TITLE_ROWS 30
#define SK_PAGES_SINGLE_ROWS 25
/* Colours: input file i has colour i % SK_PAGES_COLOURS + 1. */
#define SK_PAGES_COLOURS 8

/* The input files and their legend labels. */
typedef struct sk_inputs {
  sk_rfile_t **files;
  char **labels;           /* one per file, the caller's */
  size_t n;
  const sk_params_t *params;   /* NULL without -p */
  const sk_outfile_inputs_t *outin;   /* no output may be one of these
                                         files (lib/outfile.h) */
} sk_inputs_t;

typedef enum {
  SK_PAGE_TITLE,           /* metadata, factors, suite table of one file */
  SK_PAGE_SUITE,           /* one suite of one file */
  SK_PAGE_SINGLE,          /* suites without a variation, all files */
  SK_PAGE_COMPARE,         /* one suite name across files */
  SK_PAGE_GROUP,           /* a group of the parameter file */
  SK_PAGE_PLACED,          /* ping-pong suites of one instance and file
                            * by pair placement (Pair = Inter_Node, ...):
                            * inside a node against across nodes */
  /* beyond the SKaMPI patterns (report/beyond.c) */
  SK_PAGE_MODEL,           /* max-rate model of one file */
  SK_PAGE_BCAST,           /* broadcast methods of one file */
  SK_PAGE_RATE,            /* rate (bandwidth, round trips/s) of one file */
  SK_PAGE_COLLBW,          /* collectives per process and host, one file */
  SK_PAGE_OVERLAP,         /* overlap % of nonblocking operations, one file */
  SK_PAGE_RANKS,           /* per-rank times of one suite (rankpage.c) */
  SK_PAGE_TAIL             /* P50 and P99 against length, one file */
} sk_page_kind_t;

/* One curve: a suite of an input file, in a colour and a dash pattern. */
typedef struct sk_series {
  size_t file;
  const sk_rfile_suite_t *suite;  /* borrowed from the inputs */
  int colour;              /* 1..SK_PAGES_COLOURS */
  int dash;                /* 1.. (1 = solid) */
  char *title;             /* legend text */
} sk_series_t;

typedef struct sk_page {
  sk_page_kind_t kind;
  int number;              /* 1-based page number in the PDF */
  char *title;
  char *slug;              /* file-name-safe name: CSV files */
  size_t file;             /* TITLE, SUITE: the input file */
  size_t first, count;     /* TITLE: table rows; SINGLE: rows of names */
  int continued;           /* TITLE, SINGLE: not the first of its kind */
  int details;             /* TITLE: the page after the suite table:
                            * every suite that did not complete, every
                            * factor (report/title.c) */
  char **names;            /* SINGLE: every row name (all pages) */
  size_t nnames;
  sk_series_t *series;
  size_t nseries, capseries;
  sk_rfile_arg_t arg;     /* the x axis of a data page */
  int xlog, ylog;
  int bandwidth;           /* GROUP: the y axis shows bandwidth */
  int bw_panel;            /* SUITE, COMPARE of Length: add a panel */
} sk_page_t;

typedef struct sk_pages {
  sk_page_t *page;
  size_t n, cap;
} sk_pages_t;

/* Legend labels: the parameter file's, else "MACHINE · MPI · file".
 * Returns an array of in->n strings (the caller's), NULL on failure. */
char **sk_pages_labels(const sk_inputs_t *in);
void sk_pages_labels_free(char **labels, size_t n);

/* Plan every page.  -1 with a located message when a group of the
 * parameter file names no suite, a file that is not an input, or asks
 * for something its suites cannot show. */
int sk_pages_build(const sk_inputs_t *in, sk_pages_t *out);
void sk_pages_free(sk_pages_t *pages);

/* Data pages are all but the title pages. */
int sk_pages_is_plot(const sk_page_t *page);

/* For the page planners (pages.c, group.c): append a page (title and
 * slug copied, the slug made file-name safe) or a series (title copied);
 * the colour of input file FILE; the names of suites passing KEEP in
 * order of first appearance over all files (the caller's). */
sk_page_t *sk_pages_add(sk_pages_t *pages, sk_page_kind_t kind,
                        const char *title, const char *slug);
int sk_pages_add_series(sk_page_t *p, size_t file,
                        const sk_rfile_suite_t *s, int colour, int dash,
                        const char *title);
int sk_pages_file_colour(size_t file);
/* The axes of a page of Length suites: log x and y, a bandwidth panel. */
void sk_pages_axes_length(sk_page_t *p);
char **sk_pages_names(const sk_inputs_t *in,
                      int (*keep)(const sk_rfile_suite_t *), size_t *n);

#endif
