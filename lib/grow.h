/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * grow.h -- a growable array: the one way skampi makes room for one
 * more item of a list it builds an item at a time.
 *
 * The array is the caller's: a pointer to its first element (NULL at
 * first) and its capacity in elements (0 at first), usually beside the
 * count of elements in use.  sk_grow() makes room for NEED elements in
 * all, doubling the capacity (from FIRST when it is 0) until it suffices,
 * so that n appends cost O(n).  The caller frees the array with free().
 *
 *   size_t n = 0, cap = 0;
 *   double *v = NULL;
 *   ... if (SK_GROW(v, cap, n + 1, 16) != 0) fail; v[n++] = x; ...
 *   free(v);
 */
#ifndef SK_GROW_H
#define SK_GROW_H

#include <stddef.h>

/* Room for at least NEED elements of SIZE bytes in the array at *ITEMS
 * (ITEMS is the address of the caller's pointer, any T **) whose
 * capacity is *CAP elements: when NEED > *CAP, the capacity doubles from
 * *CAP (FIRST when 0) until it is at least NEED and the array is
 * reallocated; the new elements are not initialized.  0 on success; -1
 * when out of memory or when the bytes would overflow a size_t, with
 * *ITEMS and *CAP unchanged (the array still the caller's). */
int sk_grow(void *items, size_t *cap, size_t need, size_t size,
            size_t first);

/* sk_grow() for an array ARR (a T * lvalue) and its size_t capacity CAP. */
#define SK_GROW(arr, cap, need, first) \
  sk_grow(&(arr), &(cap), (need), sizeof *(arr), (first))

#endif
