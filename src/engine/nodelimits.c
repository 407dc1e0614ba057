/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nodelimits.c -- the node's limits, measured before the suites
 * (nodelimits.h; doc/engine.md, "The floors").  Bounded: the cache line
 * at most SK_LIMITS_CL_S seconds, each copy length a few batches, the
 * all-ranks copy a few rounds; the cost is recorded.  Nothing here is inside a
 * timed MPI region: it runs before the first suite.
 */
#include <config.h>

#include <mpi.h>

#include "nodelimits.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stats.h"

#define SK_LIMITS_CL_S 0.5      /* s of cache-line ping-pong, at most */
#define SK_LIMITS_CL_BATCH 64   /* round trips timed together */
#define SK_LIMITS_CL_BATCHES 400
#define SK_LIMITS_COPY_BATCHES 15
#define SK_LIMITS_COPY_MAX (64L << 20)   /* longest copy, bytes */
#define SK_LIMITS_ALL_ROUNDS 9

static double sk_limits_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The line the two threads bounce, alone in its cache line. */
typedef struct sk_limits_line {
  _Alignas(64) volatile long flag;
  char pad[64 - sizeof(long)];
  _Alignas(64) volatile int stop;    /* set by the timing thread */
  long cpu;                          /* the echoing thread's CPU */
  int pinned;                        /* its pinning worked */
} sk_limits_line_t;

/* Pins the calling thread to cpu; 0 when it worked. */
static int sk_limits_pin(long cpu)
{
#ifdef CPU_SETSIZE
  cpu_set_t set;
  if (cpu < 0 || cpu >= CPU_SETSIZE)
    return -1;
  CPU_ZERO(&set);
  CPU_SET((int)cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0 ? 0
                                                                       : -1;
#else
  (void)cpu;
  return -1;
#endif
}

/* The echoing thread: answers every odd value with the next even one. */
static void *sk_limits_echo(void *arg)
{
  sk_limits_line_t *ln = arg;
  long v;
  ln->pinned = sk_limits_pin(ln->cpu) == 0;
  for (;;) {
    while (((v = __atomic_load_n(&ln->flag, __ATOMIC_ACQUIRE)) & 1) == 0)
      if (__atomic_load_n(&ln->stop, __ATOMIC_ACQUIRE))
        return NULL;
    __atomic_store_n(&ln->flag, v + 1, __ATOMIC_RELEASE);
  }
}

/* The timing side: batches of round trips until the batches or the time
 * are spent; their one-way times (s) in t, their count returned. */
static size_t sk_limits_bounce(sk_limits_line_t *ln, double *t, size_t nt)
{
  double t0 = sk_limits_now(), a, b;
  size_t n = 0;
  long v = 0;
  int i;
  while (n < nt && sk_limits_now() - t0 < SK_LIMITS_CL_S) {
    a = sk_limits_now();
    for (i = 0; i < SK_LIMITS_CL_BATCH; i++) {
      __atomic_store_n(&ln->flag, v + 1, __ATOMIC_RELEASE);
      while (__atomic_load_n(&ln->flag, __ATOMIC_ACQUIRE) != v + 2)
        if (sk_limits_now() - t0 > 4 * SK_LIMITS_CL_S)
          return n;     /* the echo never ran: what we have */
      v += 2;
    }
    b = sk_limits_now();
    t[n++] = (b - a) / (2.0 * SK_LIMITS_CL_BATCH);
  }
  return n;
}

/* This process's CPU: the only one of its affinity, else the one it is
 * on now. */
static long sk_limits_cpu(int *pinned)
{
#ifdef CPU_SETSIZE
  cpu_set_t set;
  int i;
  *pinned = 0;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) == 1)
    for (i = 0; i < CPU_SETSIZE; i++)
      if (CPU_ISSET(i, &set)) {
        *pinned = 1;
        return i;
      }
  return sched_getcpu();
#else
  *pinned = 0;
  return -1;
#endif
}

/* Another CPU of this process's affinity than cpu, or -1: for ranks
 * not pinned that happened to be on one CPU as they were asked. */
static long sk_limits_other_cpu(long cpu)
{
#ifdef CPU_SETSIZE
  cpu_set_t set;
  int i;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (i = 0; i < CPU_SETSIZE; i++)
      if (i != cpu && CPU_ISSET(i, &set))
        return i;
#else
  (void)cpu;
#endif
  return -1;
}

/* Median, best (smallest) and (q3 - q1) / median of x (sorted here). */
static void sk_limits_summary(double *x, size_t n, double *med, double *best,
                              double *spread)
{
  sk_stats_sort(x, n);
  *med = sk_stats_median(x, n);
  *best = x[0];
  *spread = *med > 0 ? (sk_stats_quantile(x, n, 0.75) -
                        sk_stats_quantile(x, n, 0.25)) / *med : NAN;
}

/* (a) on rank 0: the two threads on cpus[0] and cpus[1]. */
static void sk_limits_cache_line(sk_limits_t *l)
{
  sk_limits_line_t *ln;
  pthread_t th;
  double *t;
  size_t n;
  int mine, have = 0;
#ifdef CPU_SETSIZE
  cpu_set_t before;
#endif
  if (l->cpus[0] < 0 || l->cpus[1] < 0) {
    l->cl_skipped = "the CPUs of ranks 0 and 1 are unknown";
    return;
  }
  if (l->cpus[0] == l->cpus[1]) {
    l->cl_skipped = "ranks 0 and 1 share one CPU";
    return;
  }
  t = malloc(SK_LIMITS_CL_BATCHES * sizeof *t);
  if (posix_memalign((void **)&ln, 64, sizeof *ln) != 0)
    ln = NULL;
  if (t == NULL || ln == NULL) {
    free(t);
    free(ln);
    l->cl_skipped = "out of memory";
    return;
  }
  memset(ln, 0, sizeof *ln);
  ln->cpu = l->cpus[1];
  if (pthread_create(&th, NULL, sk_limits_echo, ln) != 0) {
    l->cl_skipped = "no thread";
    free(t);
    free(ln);
    return;
  }
#ifdef CPU_SETSIZE
  /* the rank's own affinity comes back after: the suites run as placed */
  have = pthread_getaffinity_np(pthread_self(), sizeof before, &before) == 0;
#endif
  mine = sk_limits_pin(l->cpus[0]) == 0;
  n = sk_limits_bounce(ln, t, SK_LIMITS_CL_BATCHES);
#ifdef CPU_SETSIZE
  if (have)
    pthread_setaffinity_np(pthread_self(), sizeof before, &before);
#endif
  __atomic_store_n(&ln->stop, 1, __ATOMIC_RELEASE);
  pthread_join(th, NULL);
  l->cl_pinned = mine && ln->pinned;
  if (n >= 5) {
    l->cl_measured = 1;
    l->round_trips = (long)n * SK_LIMITS_CL_BATCH;
    sk_limits_summary(t, n, &l->cl_median, &l->cl_best, &l->cl_spread);
  } else
    l->cl_skipped = "the threads did not both run";
  free(t);
  free(ln);
}

/* memcpy through a pointer the compiler cannot see through, so that no
 * copy is left out. */
static void *(*volatile sk_limits_memcpy)(void *, const void *, size_t) =
    memcpy;

/* (b) one core: copies of every power-of-2 length up to max. */
static void sk_limits_copy(sk_limits_t *l, char *dst, const char *src,
                           long max)
{
  double bw[SK_LIMITS_COPY_BATCHES], a, dt;
  long len, k, reps, j;
  for (len = 8; len <= max && l->ncopy < SK_LIMITS_LENGTHS; len *= 2) {
    /* a batch of ~20 µs at 10 GB/s, at least one copy */
    reps = 200000L / len > 1 ? 200000L / len : 1;
    sk_limits_memcpy(dst, src, (size_t)len);      /* warm */
    for (k = 0; k < SK_LIMITS_COPY_BATCHES; k++) {
      a = sk_limits_now();
      for (j = 0; j < reps; j++)
        sk_limits_memcpy(dst, src, (size_t)len);
      dt = sk_limits_now() - a;
      bw[k] = dt > 0 ? (double)len * (double)reps / dt : 0.0;
    }
    sk_limits_copy_t *c = &l->copy[l->ncopy++];
    c->length = len;
    sk_stats_sort(bw, SK_LIMITS_COPY_BATCHES);
    c->median = sk_stats_median(bw, SK_LIMITS_COPY_BATCHES);
    c->best = bw[SK_LIMITS_COPY_BATCHES - 1];
    c->spread = c->median > 0
                    ? (sk_stats_quantile(bw, SK_LIMITS_COPY_BATCHES, 0.75) -
                       sk_stats_quantile(bw, SK_LIMITS_COPY_BATCHES, 0.25)) /
                          c->median
                    : NAN;
  }
}

/* (c) every rank copies len bytes at once after a barrier; the slowest
 * rank's time is the round's.  Rank 0 gets the rate of all together. */
static void sk_limits_all(sk_limits_t *l, MPI_Comm comm, char *dst,
                          const char *src, long len)
{
  double rate[SK_LIMITS_ALL_ROUNDS], a, dt, slow, best;
  int size, rank, k;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  sk_limits_memcpy(dst, src, (size_t)len);
  for (k = 0; k < SK_LIMITS_ALL_ROUNDS; k++) {
    MPI_Barrier(comm);
    a = sk_limits_now();
    sk_limits_memcpy(dst, src, (size_t)len);
    dt = sk_limits_now() - a;
    MPI_Reduce(&dt, &slow, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
    rate[k] = slow > 0 ? (double)len * size / slow : 0.0;
  }
  if (rank != 0 || l == NULL)
    return;
  l->all_length = len;
  l->all_ranks = size;
  sk_limits_summary(rate, SK_LIMITS_ALL_ROUNDS, &l->all_rate, &best,
                    &l->all_spread);
  l->all_rate = sk_stats_median(rate, SK_LIMITS_ALL_ROUNDS);
}

/* The first line of path, at most n - 1 bytes, without its newline; -1
 * when it cannot be read. */
static int sk_limits_read_line(const char *path, char *buf, size_t n)
{
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  ssize_t got;
  char *nl;
  if (fd < 0)
    return -1;
  got = read(fd, buf, n - 1);
  close(fd);
  if (got <= 0)
    return -1;
  buf[got] = '\0';
  if ((nl = strchr(buf, '\n')) != NULL)
    *nl = '\0';
  return buf[0] ? 0 : -1;
}

/* One link: name and the text the system states; bps parsed. */
static void sk_limits_add_link(sk_limits_t *l, const char *name,
                               const char *rate, double bps)
{
  sk_limits_link_t *k;
  size_t i;
  if (l->nlinks >= SK_LIMITS_LINKS)
    return;
  k = &l->links[l->nlinks++];
  snprintf(k->name, sizeof k->name, "%s", name);
  snprintf(k->rate, sizeof k->rate, "%s", rate);
  for (i = 0; k->rate[i]; i++)       /* printable ASCII only */
    if ((unsigned char)k->rate[i] < 0x20 || (unsigned char)k->rate[i] > 0x7e)
      k->rate[i] = '?';
  k->bps = bps;
}

/* (d) the rates the system states: InfiniBand ports ("100 Gb/sec (4X
 * EDR)") and network interfaces (Mb/s; -1 or absent: unknown). */
static void sk_limits_links(sk_limits_t *l)
{
  glob_t g;
  size_t i;
  char buf[128], name[96], *end;
  const char *base = getenv("SKAMPI_TEST_SYSFS");
  char pat[256];
  double v;
  base = base != NULL ? base : "/sys";
  snprintf(pat, sizeof pat, "%s/class/infiniband/*/ports/*/rate", base);
  if (glob(pat, 0, NULL, &g) == 0) {
    for (i = 0; i < g.gl_pathc && l->nlinks < SK_LIMITS_LINKS; i++) {
      char dev[64] = "", port[16] = "";
      const char *p = g.gl_pathv[i] + strlen(base) +
                      strlen("/class/infiniband/");
      if (sscanf(p, "%63[^/]/ports/%15[^/]/rate", dev, port) != 2 ||
          sk_limits_read_line(g.gl_pathv[i], buf, sizeof buf) != 0)
        continue;
      v = strtod(buf, &end);
      snprintf(name, sizeof name, "%s/%s", dev, port);
      sk_limits_add_link(l, name, buf, end != buf && v > 0 ? v * 1e9 : 0);
    }
    globfree(&g);
  }
  snprintf(pat, sizeof pat, "%s/class/net/*/speed", base);
  if (glob(pat, 0, NULL, &g) == 0) {
    for (i = 0; i < g.gl_pathc && l->nlinks < SK_LIMITS_LINKS; i++) {
      char dev[64] = "";
      const char *p = g.gl_pathv[i] + strlen(base) + strlen("/class/net/");
      if (sscanf(p, "%63[^/]/speed", dev) != 1 ||
          sk_limits_read_line(g.gl_pathv[i], buf, sizeof buf) != 0)
        continue;
      v = strtod(buf, &end);
      if (end == buf || v <= 0)     /* -1: down or not stated */
        continue;
      snprintf(buf, sizeof buf, "%.0f Mb/s", v);
      sk_limits_add_link(l, dev, buf, v * 1e6);
    }
    globfree(&g);
  }
}

/* Everyone but rank 0 waits for it without spinning on a core. */
static void sk_limits_quiet_wait(MPI_Comm comm)
{
  MPI_Request rq;
  struct timespec ms = {0, 1000000};
  int done = 0;
  MPI_Ibarrier(comm, &rq);
  while (!done) {
    MPI_Test(&rq, &done, MPI_STATUS_IGNORE);
    if (!done)
      nanosleep(&ms, NULL);
  }
}

void sk_limits_measure(sk_limits_t *l, MPI_Comm comm, long max_bytes)
{
  int rank, size, pinned = 0, pinned1 = 0, same = 0;
  long cpu, cpus[2] = {-1, -1};
  char host[MPI_MAX_PROCESSOR_NAME], other[MPI_MAX_PROCESSOR_NAME];
  int len = 0;
  double t0 = MPI_Wtime();
  long max = max_bytes < SK_LIMITS_COPY_MAX ? max_bytes : SK_LIMITS_COPY_MAX;
  char *src, *dst;
  int ok;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank == 0)
    memset(l, 0, sizeof *l);
  /* the CPUs of ranks 0 and 1, when they share a host */
  cpu = sk_limits_cpu(&pinned);
  memset(host, 0, sizeof host);
  MPI_Get_processor_name(host, &len);
  if (size > 1) {
    if (rank == 1) {
      MPI_Send(&cpu, 1, MPI_LONG, 0, 0, comm);
      MPI_Send(&pinned, 1, MPI_INT, 0, 0, comm);
      MPI_Send(host, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, 0, comm);
    } else if (rank == 0) {
      MPI_Recv(&cpus[1], 1, MPI_LONG, 1, 0, comm, MPI_STATUS_IGNORE);
      MPI_Recv(&pinned1, 1, MPI_INT, 1, 0, comm, MPI_STATUS_IGNORE);
      MPI_Recv(other, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 1, 0, comm,
               MPI_STATUS_IGNORE);
      other[MPI_MAX_PROCESSOR_NAME - 1] = '\0';
      same = strcmp(host, other) == 0;
    }
  }
  if (rank == 0) {
    l->measured = 1;
    l->cpus[0] = cpus[0] = cpu;
    /* neither pinned and on one CPU by chance: the pair is any two */
    if (same && cpus[1] == cpu && !pinned && !pinned1)
      cpus[1] = sk_limits_other_cpu(cpu);
    l->cpus[1] = cpus[1];
    if (size < 2)
      l->cl_skipped = "one process";
    else if (!same)
      l->cl_skipped = "ranks 0 and 1 are on different hosts";
    else
      sk_limits_cache_line(l);
    /* the pinning of the threads is undone: back to the process's */
    sk_limits_links(l);
  }
  sk_limits_quiet_wait(comm);
  src = malloc((size_t)max);
  dst = malloc((size_t)max);
  ok = src != NULL && dst != NULL;
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm);
  if (ok) {
    memset(src, 1, (size_t)max);
    memset(dst, 2, (size_t)max);
    if (rank == 0)
      sk_limits_copy(l, dst, src, max);
    sk_limits_quiet_wait(comm);
    sk_limits_all(rank == 0 ? l : NULL, comm, dst, src, max);
  }
  free(src);
  free(dst);
  if (rank == 0)
    l->cost = MPI_Wtime() - t0;
}
