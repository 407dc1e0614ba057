/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * outfile_int.h -- what lib/outfile.c (the rule) lends lib/outfile_write.c
 * (the writing); not for other modules.
 */
#ifndef SK_OUTFILE_INT_H
#define SK_OUTFILE_INT_H

#include <sys/stat.h>

#include "outfile.h"

#define SK_OUTFILE_QLEN 256      /* bytes of an escaped path in a message */

/* A path as a message shows it: escaped (lib/escape.h), cut. */
typedef struct sk_outfile_q {
  char s[SK_OUTFILE_QLEN];
} sk_outfile_q_t;

/* path escaped into q; returns q->s. */
const char *sk_outfile_q(sk_outfile_q_t *q, const char *path);
/* "cannot VERB 'PATH': strerror(errno)" into why; returns -1. */
int sk_outfile_fail(char *why, size_t whylen, const char *verb,
                    const char *path);
/* The last component of path. */
const char *sk_outfile_base(const char *path);
/* -1 (why) when st, the file at path, is one of the inputs. */
int sk_outfile_not_input(const char *path, const struct stat *st,
                         const sk_outfile_inputs_t *in, char *why,
                         size_t whylen);
/* 0 when what exists at path (st, after links; link: path is one) may
 * be written as the kind, else -1 (why). */
int sk_outfile_judge(const char *path, const struct stat *st,
                     sk_outfile_kind_t kind, int link, char *why,
                     size_t whylen);
/* The refusal of a regular file of another kind; returns -1. */
int sk_outfile_not_kind(const char *path, sk_outfile_kind_t kind, int link,
                        char *why, size_t whylen);
/* The first SK_OUTFILE_HEAD bytes of fd into head[SK_OUTFILE_HEAD + 1]
 * as a string; -1 (errno) on a read error. */
int sk_outfile_read_head(int fd, char *head);
/* 1 when head starts as a file of the kind does. */
int sk_outfile_head_is(sk_outfile_kind_t kind, const char *head);

#endif
