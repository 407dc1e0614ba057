/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * suggest.h -- "did you mean ...?": the known name closest to a misspelt
 * one, by edit distance (insertions, deletions, substitutions and swaps
 * of two neighbours each count 1; letter case does not count).
 *
 *   sk_suggest_t s;
 *   sk_suggest_init(&s, "Standart_error");
 *   sk_suggest_add(&s, "Standard_error"); ...
 *   name = sk_suggest_best(&s);    (NULL: nothing close enough)
 */
#ifndef SK_SUGGEST_H
#define SK_SUGGEST_H

typedef struct sk_suggest {
  const char *word;        /* borrowed */
  const char *best;        /* borrowed from the candidates */
  int best_distance;
} sk_suggest_t;

void sk_suggest_init(sk_suggest_t *s, const char *word);
/* Offers a candidate (borrowed: it must outlive the sk_suggest_t). */
void sk_suggest_add(sk_suggest_t *s, const char *candidate);
/* The closest candidate if it is within a third of the word's length
 * (at least 1, at most 4 edits), else NULL. */
const char *sk_suggest_best(const sk_suggest_t *s);

/* The edit distance of a and b ignoring case; -1 if either is longer
 * than 64 bytes (no suggestion is made for those). */
int sk_suggest_distance(const char *a, const char *b);

#endif
