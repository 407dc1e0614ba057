/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pubman.h -- the manifest of a directory skampi-db publish writes, and
 * what of the directory it accounts for (pubman.c; pubdir.h says how
 * publish uses them; doc/database.md, "A static site").
 *
 * The manifest (SK_PUBMAN_MARKER) and the journal of a publish under way
 * (SK_PUBMAN_JOURNAL) are text, the header line and then one entry a
 * line:
 *   d REL            a directory publish made
 *   f SHA256 REL     a file publish wrote, with the SHA-256 it had
 *   t REL            (journal only) a temporary file about to be made
 * REL is a path below the directory of publish's own names only
 * (sk_pubman_rel_ok).  An entry of the directory is publish's own when
 * the manifest or the journal lists it and, for a file, its content
 * still has a SHA-256 listed for it.
 */
#ifndef SK_PUBMAN_H
#define SK_PUBMAN_H

#include <stddef.h>

#define SK_PUBMAN_MARKER ".skampi-publish"
#define SK_PUBMAN_JOURNAL ".skampi-publish.journal"
#define SK_PUBMAN_HEADER "skampi-db publish manifest 1"
#define SK_PUBMAN_REL_MAX 200      /* bytes of a REL, its NUL included */

typedef struct sk_pubman_ent {
  char kind;                 /* 'd', 'f', 't' */
  char sha[65];              /* 'f': lower-case hex */
  char *rel;
} sk_pubman_ent_t;

typedef struct sk_pubman_set {
  sk_pubman_ent_t *v;
  size_t n, cap;
} sk_pubman_set_t;

/* "PATH/NAME: WHAT" (NAME NULL: "PATH: WHAT") as an error, escaped. */
void sk_pubman_error(const char *path, const char *name, const char *what);
void sk_pubman_oom(void);

/* Appends an entry (SHA NULL but for 'f'); -1 when out of memory. */
int sk_pubman_add(sk_pubman_set_t *s, char kind, const char *sha,
                  const char *rel);
void sk_pubman_set_free(sk_pubman_set_t *s);
/* Sorts by REL, for sk_pubman_find. */
void sk_pubman_sort(sk_pubman_set_t *s);
/* The entry of kind KIND (0: any) for REL in the sorted S, or NULL. */
const sk_pubman_ent_t *sk_pubman_find(const sk_pubman_set_t *s,
                                      const char *rel, char kind);

/* Whether REL is a name publish makes: components of letters, digits,
 * '.', '_' and '-', none "." or "..", at most four. */
int sk_pubman_rel_ok(const char *rel);
/* DIR/NAME (NAME alone when DIR is "") into out[0..n); "" when it does
 * not fit, which no name of publish's is. */
void sk_pubman_join(char *out, size_t n, const char *dir, const char *name);
/* The directory holding REL, opened from ROOT without following a link
 * (the caller closes it), *name its last component; -1 if absent. */
int sk_pubman_parent(int root, const char *rel, const char **name);

/* Reads NAME of ROOT (the manifest; JOURNAL: the journal) into KNOWN:
 * 0; 1 when there is none; -1 with the message printed (PATH names ROOT)
 * when it is not publish's own, or is the marker of an older skampi-db,
 * which listed nothing. */
int sk_pubman_read(int root, const char *path, const char *name,
                   int journal, sk_pubman_set_t *known);

/* What the directory holds: publish's own entries, and how many it
 * cannot account for. */
typedef struct sk_pubman_scan {
  const sk_pubman_set_t *known;   /* borrowed, sorted */
  sk_pubman_set_t have;           /* publish's own ('d' and 'f') */
  size_t foreign;
  char *first;                    /* the first foreign one by name */
} sk_pubman_scan_t;

/* Walks ROOT and the directories below it that are publish's or hold
 * one of KNOWN's entries (s->known set by the caller); 0, or -1 with
 * errno (ENOMEM, or the directory unreadable).  The marker and the
 * journal themselves are left out. */
int sk_pubman_scan(int root, sk_pubman_scan_t *s);
void sk_pubman_scan_free(sk_pubman_scan_t *s);

#endif
