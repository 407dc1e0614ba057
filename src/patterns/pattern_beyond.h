/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_beyond.h -- what the instances beyond the SKaMPI patterns share
 * (src/patterns/pattern_beyond.c, src/patterns/pattern_bcast.c).
 */
#ifndef SK_PATTERN_BEYOND_H
#define SK_PATTERN_BEYOND_H

#include "instance.h"

/* Messages (or round trips) in one repetition of the bandwidth and
 * round-trip-rate instances; their time is divided by it. */
#define SK_BEYOND_WINDOW SK_INSTANCE_WINDOW

/* Round trips of the untimed RTL_i measurement of Bcast_OL, per
 * destination (their median is used). */
#define SK_BEYOND_RTL_REPS 21

#endif
