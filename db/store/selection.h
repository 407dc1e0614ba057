/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * selection.h -- which runs a command works on: the selection syntax
 * shared by every skampi-db command (doc/database.md, "Selections").
 *
 * A selection is a list of words; each word is one term:
 *   N, N-M          run ids (a range includes both ends)
 *   machine=GLOB    the machine's name (* ? [..] as in the shell)
 *   library=GLOB    the MPI library's short name ("MPICH 4.0.2")
 *   np=N            the run's process count
 *   tag=KEY=VALUE   a tag given at import
 *   kind=run|merged single runs or merged files
 *   campaign=N      the runs of campaign N (its merged file and its runs)
 *   since=DATE, until=DATE   start time, compared at DATE's precision:
 *                   2026, 2026-11, 2026-11-22, 2026-11-22T05:01:00Z
 *   latest, latest=N the most recent N (1) of the runs the rest chooses
 *   all             every run (the same as no term at all)
 * Terms of one key are alternatives (12 14 = run 12 or run 14); terms of
 * different keys must all hold.  Parsing checks the form (dates: every
 * field in its range), and at most SK_SEL_TERMS_MAX words; the store
 * turns a selection into SQL with every value bound, the alternatives of
 * one key a balanced tree of ORs (SQLite refuses a tree 1,000 deep).
 */
#ifndef SK_SELECTION_H
#define SK_SELECTION_H

#include <stddef.h>

typedef enum {
  SK_SEL_ID, SK_SEL_MACHINE, SK_SEL_LIBRARY, SK_SEL_NP, SK_SEL_TAG,
  SK_SEL_KIND, SK_SEL_CAMPAIGN, SK_SEL_SINCE, SK_SEL_UNTIL, SK_SEL_LATEST,
  SK_SEL_NKEYS
} sk_sel_key_t;

typedef struct sk_sel_term {
  sk_sel_key_t key;
  long lo, hi;            /* ids, np, campaign, latest */
  char *text, *text2;     /* globs, dates, kind; tag key and value */
} sk_sel_term_t;

/* Words of one selection at most (a usage error beyond). */
#define SK_SEL_TERMS_MAX 10000

typedef struct sk_sel {
  sk_sel_term_t *terms;
  size_t n, cap;
} sk_sel_t;

/* Adds the term WORD to SEL.  -1 with "skampi-db: error: ..." printed
 * when WORD is not a term. */
int sk_sel_add(sk_sel_t *sel, const char *word);

/* Adds KEY=VALUE (a command-line filter such as list --np 4). */
int sk_sel_add_kv(sk_sel_t *sel, const char *key, const char *value);

/* Adds a copy of every term of MORE (NULL: none) to SEL; -1 (message
 * given) when out of memory. */
int sk_sel_merge(sk_sel_t *sel, const sk_sel_t *more);

/* Whether SEL has a term of KEY. */
int sk_sel_has(const sk_sel_t *sel, sk_sel_key_t key);

void sk_sel_free(sk_sel_t *sel);

#endif
