/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * group.h -- the group pages of the report parameter file.
 *
 * A group puts the suites its patterns match, from the files it names
 * (default: all), on one plot.  Everything a group names must exist and
 * fit on one pair of axes; otherwise the error points into the
 * parameter file.
 */
#ifndef SK_GROUP_H
#define SK_GROUP_H

#include "pages.h"

/* Append one page per group of in->params (none without -p). */
int sk_group_pages(const sk_inputs_t *in, sk_pages_t *out);

#endif
