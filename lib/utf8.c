/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * utf8.c -- the length of one UTF-8 character (utf8.h).
 */
#include <config.h>

#include "utf8.h"

size_t sk_utf8_len(const unsigned char *s, size_t n)
{
  size_t len, i;
  unsigned long cp;
  if (s[0] < 0x80)
    return 1;
  len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
  if (len == 0 || len > n || s[0] > 0xF4)
    return 0;
  cp = s[0] & (0x7F >> len);
  for (i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80)
      return 0;
    cp = (cp << 6) | (s[i] & 0x3F);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
      (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
    return 0;
  return len;
}
