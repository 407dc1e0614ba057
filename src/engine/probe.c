/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * probe.c -- one rank's look at the machine's noise (probe.h).
 */
#include <config.h>

#include "probe.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

int sk_probe_parse_loadavg(const char *text, double *load1, double *runnable)
{
  double l1, l5, l15;
  long r, total;
  char end;
  *load1 = NAN;
  *runnable = -1.0;
  if (sscanf(text, "%lf %lf %lf %ld/%ld %*d%c", &l1, &l5, &l15, &r, &total,
             &end) < 5 || !(l1 >= 0.0 && l1 < 1e9) || r < 0 || r > total)
    return -1;
  *load1 = l1;
  *runnable = (double)r;
  return 0;
}

/* /proc/loadavg (Linux); unknown elsewhere. */
static void sk_probe_loadavg(sk_noise_probe_t *p)
{
  char buf[128];
  ssize_t n;
  int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
  p->load1 = NAN;
  p->runnable = -1.0;
  if (fd < 0)
    return;
  n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0)
    return;
  buf[n] = '\0';
  sk_probe_parse_loadavg(buf, &p->load1, &p->runnable);
}

void sk_probe_now(sk_noise_probe_t *p)
{
  struct timespec ts;
  struct rusage ru;
  long cpus;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  p->wall = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
  /* the measuring thread's own (an MPI library's progress thread would
   * add CPU time that is not the measurement's) */
#ifdef RUSAGE_THREAD
  if (getrusage(RUSAGE_THREAD, &ru) != 0)
#endif
    if (getrusage(RUSAGE_SELF, &ru) != 0)
      memset(&ru, 0, sizeof ru);
  p->cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
  p->nivcsw = (double)ru.ru_nivcsw;
  sk_probe_loadavg(p);
  cpus = sysconf(_SC_NPROCESSORS_ONLN);
  p->cpus = cpus > 0 ? (double)cpus : 0.0;
}

void sk_probe_add_span(sk_noise_probe_t *d, const sk_noise_probe_t *a,
                       const sk_noise_probe_t *b)
{
  d->wall += b->wall - a->wall;
  d->cpu += b->cpu - a->cpu;
  d->nivcsw += b->nivcsw - a->nivcsw;
  d->load1 = b->load1;
  d->runnable = b->runnable;
  d->cpus = b->cpus;
}
