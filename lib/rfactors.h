/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rfactors.h -- the checks of a result file's run times and factors
 * (doc/output-format.md, "factors"): every factor skampi writes has its
 * kind and range, and any other (a later skampi's) is text, a number, or
 * a list or mapping of them.  What fails is refused with a located
 * message, as every other value of the file: skampi-db stores the
 * factors (processes, hosts, the start time) and selects and shows runs
 * by them, so a value there is never taken on trust.  No MPI.
 */
#ifndef SK_RFACTORS_H
#define SK_RFACTORS_H

#include "yread.h"

/* run.start_time and run.end_time of ROOT: YYYY-MM-DDTHH:MM:SS[.F]Z,
 * each field in its range.  0, or -1 with the messages given. */
int sk_rfactors_times(sk_yread_t *y, const sk_ynode_t *root);

/* Every entry of ROOT's factors mapping (absent: nothing to check).
 * 0, or -1 with the messages given. */
int sk_rfactors_check(sk_yread_t *y, const sk_ynode_t *root);

#endif
