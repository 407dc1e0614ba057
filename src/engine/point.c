/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * point.c -- names of the stop reasons of a point.
 */
#include <config.h>

#include "point.h"

const char *sk_stop_name(sk_stop_t stop)
{
  switch (stop) {
  case SK_STOP_EPS: return "eps";
  case SK_STOP_MAX_REPETITION: return "max_repetition";
  case SK_STOP_TIME_MEASUREMENT: return "time_measurement";
  case SK_STOP_TIME_SUITE: return "time_suite";
  case SK_STOP_FIXED: return "fixed";
  }
  return "?";
}
