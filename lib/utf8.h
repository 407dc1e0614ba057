/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * utf8.h -- the length of one UTF-8 character, for the readers that
 * refuse text that is not UTF-8 (the suite language) and the writers
 * that must not hand such text to YAML (src/engine/sysinfo.c).
 */
#ifndef SK_UTF8_H
#define SK_UTF8_H

#include <stddef.h>

/* The length of the valid UTF-8 sequence at s (n >= 1 bytes available),
 * or 0 when the bytes there are not one: no overlong forms, no
 * surrogates, nothing above U+10FFFF. */
size_t sk_utf8_len(const unsigned char *s, size_t n);

#endif
