/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * token.h -- the tokens that let a client upload to `skampi-db serve
 * --allow-upload` (doc/database.md, "Uploads and tokens").
 *
 * A token is 32 random bytes (256 bits, from getrandom(2)) written as 64
 * lowercase hex digits.  It is shown once, when made; the database keeps
 * only its SHA-256 (hex), its name and when it was made and revoked.
 * Checking a presented token hashes it and compares the hash with every
 * stored hash in constant time (no early exit, no branch on a byte), so
 * the time of a check tells nothing about how much of a guess was right.
 */
#ifndef SK_TOKEN_H
#define SK_TOKEN_H

#include "store.h"

#define SK_TOKEN_BYTES 32
#define SK_TOKEN_LEN (2 * SK_TOKEN_BYTES)    /* hex digits */
#define SK_TOKEN_NAME_MAX 64
/* A presented token longer than this is unknown without being hashed. */
#define SK_TOKEN_PRESENTED_MAX 1024

/* A name is 1 to 64 characters of A-Z a-z 0-9 . _ - @ +; 1 if NAME is
 * one. */
int sk_token_name_ok(const char *name);

/* Makes a new token for NAME, made at NOW (ISO 8601), stores its hash
 * and writes the token to TOKEN.  0; 1 when a valid token of that name
 * exists (message printed, nothing stored); -1 on error (message
 * printed). */
int sk_token_add(sk_store_t *st, const char *name, const char *now,
                 char token[SK_TOKEN_LEN + 1]);

/* The presented token (e.g. from "Authorization: Bearer ..."): 1 valid,
 * 0 unknown (also NULL, empty or too long), -1 revoked, -2 when the
 * tokens cannot be read (message printed).  Safe to call from several
 * threads, each with its own store. */
int sk_token_check(sk_store_t *st, const char *presented);

/* 1 when the N bytes at A and B are equal, in a time that depends on N
 * only. */
int sk_token_equal(const void *a, const void *b, size_t n);

#endif
