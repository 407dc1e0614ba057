/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_simple.h -- parameters of the calibration instance.
 */
#ifndef SK_PATTERN_SIMPLE_H
#define SK_PATTERN_SIMPLE_H

#include <stddef.h>

#include "result.h"

/* Defaults of Calibrate_Busywait (doc/engine.md). */
#define SK_CALIB_DEFAULT_A 10e-6
#define SK_CALIB_DEFAULT_B 1e-9
#define SK_CALIB_DEFAULT_C 20e-6
#define SK_CALIB_DEFAULT_M0 16384L

/* Reads SKAMPI_CALIBRATE ("a,b,c,m0"; absent: the defaults) into *out.
 * Returns -1 with a message in err when the variable is malformed. */
int sk_simple_calib_from_env(sk_calib_t *out, char *err, size_t errsize);

/* The cost in seconds the calibration instance spins for at argument m. */
double sk_simple_calib_cost(const sk_calib_t *c, long m);

#endif
