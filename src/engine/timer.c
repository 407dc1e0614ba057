/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * timer.c -- MPI_Wtime, CLOCK_MONOTONIC or the calibrated TSC.
 */
#include <config.h>

#include "timer.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static sk_timer_info_t sk_timer_sel = {SK_TIMER_MONOTONIC, "CLOCK_MONOTONIC",
                                       1e-9, 0.0, 0.0};
static double (*sk_timer_wtime)(void);
static uint64_t sk_timer_tsc0;     /* the counter at calibration */
static double sk_timer_tsc_per_s;

static double sk_timer_mono(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#if defined(__x86_64__)
static inline uint64_t sk_timer_rdtscp(void)
{
  uint32_t lo, hi, aux;
  __asm__ volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
  return ((uint64_t)hi << 32) | lo;
}
#endif

int sk_timer_parse(const char *name, sk_timer_kind_t *kind)
{
  if (strcasecmp(name, "MPI_Wtime") == 0 || strcasecmp(name, "wtime") == 0)
    *kind = SK_TIMER_WTIME;
  else if (strcasecmp(name, "monotonic") == 0 ||
           strcasecmp(name, "clock_gettime") == 0)
    *kind = SK_TIMER_MONOTONIC;
  else if (strcasecmp(name, "rdtscp") == 0)
    *kind = SK_TIMER_RDTSCP;
  else
    return -1;
  return 0;
}

/* A flag is a whole word of a "flags" line. */
static int sk_timer_has_flag(const char *cpuinfo, const char *flag)
{
  size_t n = strlen(flag);
  const char *p = strstr(cpuinfo, "\nflags");
  if (strncmp(cpuinfo, "flags", 5) == 0)
    p = cpuinfo;
  if (p == NULL)
    return 0;
  for (p = strchr(p, ':'); p && *p && *p != '\n'; p++)
    if (p[-1] == ' ' && strncmp(p, flag, n) == 0 &&
        (p[n] == ' ' || p[n] == '\n' || p[n] == '\0'))
      return 1;
  return 0;
}

const char *sk_timer_rdtscp_refusal(const char *cpuinfo)
{
#if !defined(__x86_64__)
  (void)cpuinfo;
  return "--timer=rdtscp needs an x86-64 processor";
#else
  if (cpuinfo == NULL)
    return "--timer=rdtscp: /proc/cpuinfo is not readable, so the TSC "
           "cannot be shown to be invariant";
  if (!sk_timer_has_flag(cpuinfo, "rdtscp"))
    return "--timer=rdtscp: this processor has no RDTSCP instruction "
           "(no 'rdtscp' flag in /proc/cpuinfo)";
  if (!sk_timer_has_flag(cpuinfo, "constant_tsc") ||
      !sk_timer_has_flag(cpuinfo, "nonstop_tsc"))
    return "--timer=rdtscp: the TSC is not invariant here (/proc/cpuinfo "
           "lacks constant_tsc or nonstop_tsc); use --timer=monotonic";
  return NULL;
#endif
}

/* The first 64 KiB of /proc/cpuinfo (the flags line of cpu 0 is early). */
static char *sk_timer_read_cpuinfo(void)
{
  FILE *fp = fopen("/proc/cpuinfo", "r");
  char *buf;
  size_t n;
  if (fp == NULL)
    return NULL;
  buf = malloc(65537);
  if (buf != NULL) {
    n = fread(buf, 1, 65536, fp);
    buf[n] = '\0';
  }
  fclose(fp);
  return buf;
}

/* Ticks per second over about 50 ms of CLOCK_MONOTONIC. */
static int sk_timer_calibrate(void)
{
#if defined(__x86_64__)
  double t0 = sk_timer_mono(), t1;
  uint64_t c0 = sk_timer_rdtscp(), c1;
  do {
    t1 = sk_timer_mono();
    c1 = sk_timer_rdtscp();
  } while (t1 - t0 < 0.05);
  if (c1 <= c0)
    return -1;
  sk_timer_tsc_per_s = (double)(c1 - c0) / (t1 - t0);
  sk_timer_tsc0 = c0;
  sk_timer_sel.frequency = sk_timer_tsc_per_s;
  sk_timer_sel.resolution = 1.0 / sk_timer_tsc_per_s;
  sk_timer_sel.calibration_time = t1 - t0;
  return 0;
#else
  return -1;
#endif
}

static int sk_timer_select_rdtscp(const char **why)
{
  char *info = sk_timer_read_cpuinfo();
  *why = sk_timer_rdtscp_refusal(info);
  free(info);
  if (*why != NULL)
    return -1;
  if (sk_timer_calibrate() != 0) {
    *why = "--timer=rdtscp: the TSC did not advance during calibration";
    return -1;
  }
  sk_timer_sel.kind = SK_TIMER_RDTSCP;
  sk_timer_sel.name = "RDTSCP";
  return 0;
}

int sk_timer_select(sk_timer_kind_t kind, double (*wtime)(void),
                    double wtick, const char **why)
{
  struct timespec res;
  *why = NULL;
  memset(&sk_timer_sel, 0, sizeof sk_timer_sel);
  switch (kind) {
  case SK_TIMER_WTIME:
    sk_timer_wtime = wtime;
    sk_timer_sel.name = "MPI_Wtime";
    sk_timer_sel.resolution = wtick;
    break;
  case SK_TIMER_MONOTONIC:
    sk_timer_sel.name = "CLOCK_MONOTONIC";
    clock_getres(CLOCK_MONOTONIC, &res);
    sk_timer_sel.resolution = (double)res.tv_sec + 1e-9 * (double)res.tv_nsec;
    break;
  case SK_TIMER_RDTSCP:
    return sk_timer_select_rdtscp(why);
  }
  sk_timer_sel.kind = kind;
  return 0;
}

double sk_timer_now(void)
{
  switch (sk_timer_sel.kind) {
  case SK_TIMER_WTIME:
    return sk_timer_wtime();
#if defined(__x86_64__)
  case SK_TIMER_RDTSCP:
    /* relative to the calibration, so the double keeps its digits */
    return (double)(int64_t)(sk_timer_rdtscp() - sk_timer_tsc0) /
           sk_timer_tsc_per_s;
#endif
  default:
    return sk_timer_mono();
  }
}

const sk_timer_info_t *sk_timer_info(void)
{
  return &sk_timer_sel;
}
