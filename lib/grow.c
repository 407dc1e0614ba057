/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * grow.c -- a growable array (grow.h).
 */
#include <config.h>

#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int sk_grow(void *items, size_t *cap, size_t need, size_t size,
            size_t first)
{
  size_t n = *cap > 0 ? *cap : (first > 0 ? first : 1);
  void *old, *grown;
  if (need <= *cap)
    return 0;
  while (n < need) {
    if (n > SIZE_MAX / 2)
      return -1;
    n *= 2;
  }
  if (size == 0 || n > SIZE_MAX / size)
    return -1;
  memcpy(&old, items, sizeof old);
  if ((grown = realloc(old, n * size)) == NULL)
    return -1;
  memcpy(items, &grown, sizeof grown);
  *cap = n;
  return 0;
}
