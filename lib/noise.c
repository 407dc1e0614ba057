/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * noise.c -- the verdict quiet, noisy or oversubscribed from the
 * evidence of a span (noise.h).
 */
#include <config.h>

#include "noise.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

/* A span shorter than this says nothing about CPU shares: getrusage
 * counts CPU time in small steps, and one switch in 50 ms would read as
 * 20 per second. */
#define SK_NOISE_MIN_SPAN 0.2
/* ... nor do fewer switches than this, however short the span. */
#define SK_NOISE_MIN_SWITCHES 5
/* The largest CPU number a mask may name (Linux's CPU_SETSIZE is 1024;
 * the node map reads as many as 8192). */
#define SK_NOISE_CPU_MAX 8192

static const char *const sk_noise_names[] = {"quiet", "noisy",
                                             "oversubscribed"};

const char *sk_noise_name(sk_noise_verdict_t v)
{
  return v <= SK_NOISE_OVERSUBSCRIBED ? sk_noise_names[v] : "?";
}

int sk_noise_parse(const char *s)
{
  int v;
  for (v = 0; s != NULL && v <= SK_NOISE_OVERSUBSCRIBED; v++)
    if (strcmp(s, sk_noise_names[v]) == 0)
      return v;
  return -1;
}

/* Adds a formatted sentence to n's evidence; -1 on no memory. */
static int sk_noise_say(sk_noise_t *n, const char *fmt, ...)
{
  char buf[512], **v;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (SK_GROW(n->evidence, n->capevidence, n->nevidence + 1, 4) != 0)
    return -1;
  v = n->evidence;
  if ((v[n->nevidence] = strdup(buf)) == NULL)
    return -1;
  n->nevidence++;
  return 0;
}

int sk_noise_raise(sk_noise_t *n, sk_noise_verdict_t v, const char *why)
{
  if (v > n->verdict)
    n->verdict = v;
  return why != NULL ? sk_noise_say(n, "%s", why) : 0;
}

void sk_noise_free(sk_noise_t *n)
{
  size_t i;
  if (n == NULL)
    return;
  for (i = 0; i < n->nevidence; i++)
    free(n->evidence[i]);
  free(n->evidence);
  free(n->rank_cpu_share);
  free(n->rank_switches);
  free(n->hosts);
  memset(n, 0, sizeof *n);
}

void sk_noise_summary(const sk_noise_t *n, char *buf, size_t size)
{
  size_t i, len = 0, k;
  if (size == 0)
    return;
  buf[0] = '\0';
  for (i = 0; i < n->nevidence; i++) {
    k = (size_t)snprintf(buf + len, size - len, "%s%s", i ? "; " : "",
                         n->evidence[i]);
    if (k >= size - len) {
      if (size >= 4)
        memcpy(buf + size - 4, "...", 4);
      return;
    }
    len += k;
  }
}

/* ---- the placement ----------------------------------------------------- */

/* The CPUs of a list "0-3,6" into mask[0..max) (1 = in it); the largest
 * CPU + 1 in *top.  -1 for anything that is not such a list (unknown,
 * cut short with "...", a number past max): the mask is then unknown. */
static int sk_noise_mask(const char *s, unsigned char *mask, size_t max,
                         size_t *top)
{
  unsigned long a, b;
  char *end;
  memset(mask, 0, max);
  *top = 0;
  if (s == NULL || *s == '\0')
    return -1;
  for (;;) {
    if (*s < '0' || *s > '9')
      return -1;
    a = b = strtoul(s, &end, 10);
    if (*end == '-') {
      if (end[1] < '0' || end[1] > '9')
        return -1;
      b = strtoul(end + 1, &end, 10);
    }
    if (b < a || b >= max)
      return -1;
    memset(mask + a, 1, b - a + 1);
    if (b + 1 > *top)
      *top = b + 1;
    if (*end == '\0')
      return 0;
    if (*end != ',')
      return -1;
    s = end + 1;
  }
}

/* Kuhn's augmenting path: can rank r (of the host's k) have a CPU, the
 * owners moved along as needed?  Depth at most k. */
static int sk_noise_augment(const unsigned char *masks, size_t width,
                            int r, int *owner, unsigned char *seen)
{
  size_t c;
  for (c = 0; c < width; c++) {
    if (!masks[(size_t)r * width + c] || seen[c])
      continue;
    seen[c] = 1;
    if (owner[c] < 0 || sk_noise_augment(masks, width, owner[c], owner,
                                         seen)) {
      owner[c] = r;
      return 1;
    }
  }
  return 0;
}

/* "0-1,4" of mask[0..n) into buf. */
static void sk_noise_list(const unsigned char *mask, size_t n, char *buf,
                          size_t size)
{
  size_t i = 0, j, len = 0;
  int k;
  buf[0] = '\0';
  while (i < n && len + 1 < size) {
    if (!mask[i]) {
      i++;
      continue;
    }
    for (j = i; j + 1 < n && mask[j + 1]; j++)
      ;
    k = j == i ? snprintf(buf + len, size - len, "%s%zu", len ? "," : "", i)
               : snprintf(buf + len, size - len, "%s%zu-%zu", len ? "," : "",
                          i, j);
    if (k < 0 || (size_t)k >= size - len)
      break;
    len += (size_t)k;
    i = j + 1;
  }
}

/* Host h's ranks ranks[0..k): the CPUs their masks allow, and how many
 * of them can each have one of their own.  *known 0 when a mask is
 * unknown (then only the count of CPUs online is judged). */
static int sk_noise_match(char *const *affinity, const int *ranks, int k,
                          size_t *ncpus, char *list, size_t lsize,
                          int *matched, int *known)
{
  unsigned char *masks = NULL, *seen = NULL, *one;
  int *owner = NULL, i, rc = -1;
  size_t width = 0, top, c, nk = k > 0 ? (size_t)k : 1;
  *known = 0;
  one = malloc(SK_NOISE_CPU_MAX);
  if (one == NULL)
    return -1;
  for (i = 0; i < k; i++) {
    if (affinity == NULL ||
        sk_noise_mask(affinity[ranks[i]], one, SK_NOISE_CPU_MAX, &top) != 0) {
      free(one);
      return 0;
    }
    if (top > width)
      width = top;
  }
  masks = calloc(nk * (width ? width : 1), 1);
  seen = malloc(width ? width : 1);
  owner = malloc((width ? width : 1) * sizeof *owner);
  if (masks == NULL || seen == NULL || owner == NULL)
    goto out;
  memset(one, 0, width);
  for (i = 0; i < k; i++) {
    sk_noise_mask(affinity[ranks[i]], masks + (size_t)i * width, width, &top);
    for (c = 0; c < width; c++)
      one[c] |= masks[(size_t)i * width + c];
  }
  for (c = 0, *ncpus = 0; c < width; c++) {
    *ncpus += one[c];
    owner[c] = -1;
  }
  sk_noise_list(one, width, list, lsize);
  for (i = 0, *matched = 0; i < k; i++) {
    memset(seen, 0, width);
    *matched += sk_noise_augment(masks, width, i, owner, seen);
  }
  *known = 1;
  rc = 0;
out:
  free(one);
  free(masks);
  free(seen);
  free(owner);
  return rc;
}

/* Appends host h's sentence, when its ranks cannot each have a CPU of
 * their own, to buf. */
static int sk_noise_place_host(sk_noise_place_t *pl, char *const *affinity,
                               size_t h, const int *ranks, int k, char *buf,
                               size_t size)
{
  int matched = 0, known = 0;
  size_t ncpus = 0, len = strlen(buf);
  char list[160] = "", s[400] = "";
  /* one rank per host cannot be oversubscribed by this run; a host of
   * very many ranks is only counted (the matching is quadratic) */
  if (k > 1 && k <= 4096 &&
      sk_noise_match(affinity, ranks, k, &ncpus, list, sizeof list,
                     &matched, &known) != 0)
    return -1;
  if (known && ncpus < (size_t)k)
    snprintf(s, sizeof s, "host %s: %d ranks share %zu CPU%s (their "
             "affinity masks: %s)", pl->names[h], k, ncpus,
             ncpus == 1 ? "" : "s", list);
  else if (known && matched < k)
    snprintf(s, sizeof s, "host %s: %d ranks, but their affinity masks "
             "(%s) let only %d of them have a CPU of their own",
             pl->names[h], k, list, matched);
  else if (pl->cpus[h] > 0 && k > pl->cpus[h])
    snprintf(s, sizeof s, "host %s: %d ranks on %ld CPUs online",
             pl->names[h], k, pl->cpus[h]);
  if (s[0] != '\0')
    snprintf(buf + len, size - len, "%s%s", len ? "; " : "", s);
  return 0;
}

/* Ranks ordered by host name, then rank (qsort's comparison). */
static char *const *sk_noise_sort_hosts;
static int sk_noise_by_host(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  const char *p = sk_noise_sort_hosts[x] ? sk_noise_sort_hosts[x] : "?";
  const char *q = sk_noise_sort_hosts[y] ? sk_noise_sort_hosts[y] : "?";
  int c = strcmp(p, q);
  return c != 0 ? c : (x > y) - (x < y);
}

static int sk_noise_by_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int sk_noise_same_host(char *const *hosts, int x, int y)
{
  return hosts == NULL ||
         strcmp(hosts[x] ? hosts[x] : "?", hosts[y] ? hosts[y] : "?") == 0;
}

/* The index of each rank's host, hosts numbered in the order of their
 * lowest rank: the ranks sorted by host name (P log P, whatever the
 * placement), so the first of each name's run is its lowest rank; then
 * the hosts sorted by it. */
static int sk_noise_hosts(sk_noise_place_t *pl, char *const *hosts,
                          const double *cpus)
{
  int n = pl->nranks, i, j, lead = 0, *idx, *at;
  idx = malloc((size_t)(n > 0 ? n : 1) * sizeof *idx);
  at = malloc((size_t)(n > 0 ? n : 1) * sizeof *at);
  if (idx == NULL || at == NULL) {
    free(idx);
    free(at);
    return -1;
  }
  for (i = 0; i < n; i++)
    idx[i] = i;
  if (hosts != NULL) {
    sk_noise_sort_hosts = hosts;
    qsort(idx, (size_t)n, sizeof *idx, sk_noise_by_host);
  }
  for (i = 0; i < n; i++) {
    if (i == 0 || !sk_noise_same_host(hosts, idx[i - 1], idx[i]))
      pl->first[pl->nhosts++] = lead = idx[i];
    at[idx[i]] = lead;
  }
  qsort(pl->first, pl->nhosts, sizeof *pl->first, sk_noise_by_int);
  for (j = 0; j < (int)pl->nhosts; j++) {
    int f = pl->first[j];
    pl->names[j] = hosts != NULL && hosts[f] != NULL ? hosts[f] : "?";
    pl->cpus[j] = cpus != NULL && cpus[f] > 0 ? (long)cpus[f] : 0;
    pl->host[f] = j;
  }
  for (i = 0; i < n; i++)
    pl->host[i] = pl->host[at[i]];
  free(idx);
  free(at);
  return 0;
}

/* Every host's sentence into buf: the ranks grouped by host (a
 * counting sort), each group judged. */
static int sk_noise_place_hosts(sk_noise_place_t *pl, char *const *affinity,
                                char *buf, size_t size)
{
  size_t n = (size_t)(pl->nranks > 0 ? pl->nranks : 1), h;
  int *order = malloc(n * sizeof *order), i, rc = 0;
  size_t *at = calloc(pl->nhosts + 1, sizeof *at);
  if (order == NULL || at == NULL) {
    free(order);
    free(at);
    return -1;
  }
  for (i = 0; i < pl->nranks; i++)
    at[pl->host[i] + 1]++;
  for (h = 0; h < pl->nhosts; h++)
    at[h + 1] += at[h];
  for (i = 0; i < pl->nranks; i++)
    order[at[pl->host[i]]++] = i;
  for (h = pl->nhosts; h > 0; h--)     /* at[h] was moved to the end */
    at[h] = at[h - 1];
  at[0] = 0;
  for (h = 0; rc == 0 && h < pl->nhosts; h++)
    rc = sk_noise_place_host(pl, affinity, h, order + at[h],
                             (int)(at[h + 1] - at[h]), buf, size);
  free(order);
  free(at);
  return rc;
}

int sk_noise_place(sk_noise_place_t *pl, int nranks, char *const *hosts,
                   char *const *affinity, const double *cpus)
{
  char buf[2048] = "";
  size_t n = (size_t)(nranks > 0 ? nranks : 1);
  memset(pl, 0, sizeof *pl);
  pl->nranks = nranks;
  pl->host = malloc(n * sizeof *pl->host);
  pl->names = malloc(n * sizeof *pl->names);
  pl->first = malloc(n * sizeof *pl->first);
  pl->cpus = malloc(n * sizeof *pl->cpus);
  if (pl->host == NULL || pl->names == NULL || pl->first == NULL ||
      pl->cpus == NULL)
    goto fail;
  /* hosts found by a linear search: P ranks on N hosts cost P N
   * compares, fine for the hosts of one run */
  if (sk_noise_hosts(pl, hosts, cpus) != 0)
    goto fail;
  if (sk_noise_place_hosts(pl, affinity, buf, sizeof buf) != 0)
    goto fail;
  if (buf[0] != '\0' && (pl->oversubscribed = strdup(buf)) == NULL)
    goto fail;
  return 0;
fail:
  sk_noise_place_free(pl);
  return -1;
}

void sk_noise_place_free(sk_noise_place_t *pl)
{
  if (pl == NULL)
    return;
  free(pl->host);
  free(pl->names);
  free(pl->first);
  free(pl->cpus);
  free(pl->oversubscribed);
  memset(pl, 0, sizeof *pl);
}

/* ---- judging a span ---------------------------------------------------- */

/* The ranks' CPU shares and switch rates; the rule: a busy-polling rank
 * that had the CPU for less than SK_NOISE_CPU_SHARE of its wall time
 * while the scheduler switched it out SK_NOISE_SWITCH_RATE times a
 * second or more waited for other tasks.  (A rank that blocks in MPI
 * also has less CPU than wall time, but it gives the CPU up itself:
 * those switches are voluntary and do not count.) */
static int sk_noise_ranks(const sk_noise_place_t *pl,
                          const sk_noise_probe_t *start,
                          const sk_noise_probe_t *end, int per_rank,
                          sk_noise_t *out)
{
  int i, hit = 0, worst = -1;
  double worst_share = 2.0;
  out->cpu_share = NAN;
  out->switch_rate = 0.0;
  for (i = 0; i < pl->nranks; i++) {
    double wall = end[i].wall - start[i].wall;
    double cpu = end[i].cpu - start[i].cpu;
    double sw = end[i].nivcsw - start[i].nivcsw;
    double share = wall > 0.0 ? cpu / wall : NAN;
    double rate = wall > 0.0 ? sw / wall : 0.0;
    if (per_rank) {
      out->rank_cpu_share[i] = share;
      out->rank_switches[i] = sw;
    }
    if (!(wall >= SK_NOISE_MIN_SPAN))
      continue;
    if (isnan(out->cpu_share) || share < out->cpu_share) {
      out->cpu_share = share;
      out->cpu_rank = i;
    }
    if (rate > out->switch_rate) {
      out->switch_rate = rate;
      out->switch_rank = i;
    }
    if (share < SK_NOISE_CPU_SHARE && rate >= SK_NOISE_SWITCH_RATE &&
        sw >= SK_NOISE_MIN_SWITCHES) {
      hit++;
      if (share < worst_share) {
        worst_share = share;
        worst = i;
      }
    }
  }
  if (hit == 0)
    return 0;
  sk_noise_raise(out, SK_NOISE_NOISY, NULL);
  return sk_noise_say(out, "%d of %d rank%s %s switched out for other "
                      "tasks: rank %d had the CPU %.0f%% of its wall time "
                      "(%.0f involuntary context switches/s)", hit,
                      pl->nranks, pl->nranks == 1 ? "" : "s",
                      hit == 1 ? "was" : "were", worst,
                      100.0 * worst_share,
                      (end[worst].nivcsw - start[worst].nivcsw) /
                          (end[worst].wall - start[worst].wall));
}

/* The repetitions a quantum above their median: more than
 * SK_NOISE_DELAYED_SHARE of them (and at least SK_NOISE_DELAYED_MIN,
 * so that 1 of 50 is not a verdict) waited for a time slice. */
static int sk_noise_delays(sk_noise_t *out)
{
  double share;
  if (out->repetitions <= 0 || out->delayed < SK_NOISE_DELAYED_MIN)
    return 0;
  share = (double)out->delayed / (double)out->repetitions;
  if (share <= SK_NOISE_DELAYED_SHARE)
    return 0;
  sk_noise_raise(out, SK_NOISE_NOISY, NULL);
  return sk_noise_say(out, "%.1f%% of the repetitions (%ld of %ld) took "
                      "%g ms or more above their point's median",
                      100.0 * share, out->delayed, out->repetitions,
                      1e3 * SK_NOISE_QUANTUM);
}

/* A host with more runnable tasks than CPUs at the start and at the end
 * of the span had work waiting beside the run all along (one look alone
 * may catch a passing daemon). */
static int sk_noise_runnable(const sk_noise_place_t *pl,
                             const sk_noise_probe_t *start,
                             const sk_noise_probe_t *end, int per_rank,
                             sk_noise_t *out)
{
  size_t h;
  for (h = 0; h < pl->nhosts; h++) {
    const sk_noise_probe_t *a = &start[pl->first[h]], *b = &end[pl->first[h]];
    long cpus = pl->cpus[h];
    if (per_rank) {
      sk_noise_host_t *x = &out->hosts[h];
      x->name = pl->names[h];
      x->cpus = cpus;
      x->load_start = a->load1;
      x->load_end = b->load1;
      x->runnable_start = (long)a->runnable;
      x->runnable_end = (long)b->runnable;
    }
    if (cpus <= 0 || !(a->runnable > (double)cpus) ||
        !(b->runnable > (double)cpus))
      continue;
    sk_noise_raise(out, SK_NOISE_NOISY, NULL);
    if (sk_noise_say(out, "host %s: %.0f tasks runnable for %ld CPUs at the "
                     "start, %.0f at the end (load average %.2f, then "
                     "%.2f)", pl->names[h], a->runnable, cpus, b->runnable,
                     a->load1, b->load1) != 0)
      return -1;
  }
  return 0;
}

int sk_noise_judge(const sk_noise_place_t *pl, const sk_noise_probe_t *start,
                   const sk_noise_probe_t *end, long delayed,
                   long repetitions, int per_rank, sk_noise_t *out)
{
  int i;
  size_t n = (size_t)(pl->nranks > 0 ? pl->nranks : 1);
  memset(out, 0, sizeof *out);
  out->measured = 1;
  out->delayed = delayed;
  out->repetitions = repetitions;
  if (per_rank) {
    out->nranks = pl->nranks;
    out->nhosts = pl->nhosts;
    out->rank_cpu_share = malloc(n * sizeof *out->rank_cpu_share);
    out->rank_switches = malloc(n * sizeof *out->rank_switches);
    out->hosts = calloc(pl->nhosts ? pl->nhosts : 1, sizeof *out->hosts);
    if (!out->rank_cpu_share || !out->rank_switches || !out->hosts)
      goto fail;
    for (i = 0; i < pl->nranks; i++)
      out->hosts[pl->host[i]].ranks++;
  }
  if (pl->oversubscribed != NULL &&
      sk_noise_raise(out, SK_NOISE_OVERSUBSCRIBED, pl->oversubscribed) != 0)
    goto fail;
  if (sk_noise_ranks(pl, start, end, per_rank, out) != 0 ||
      sk_noise_delays(out) != 0 ||
      sk_noise_runnable(pl, start, end, per_rank, out) != 0)
    goto fail;
  return 0;
fail:
  sk_noise_free(out);
  return -1;
}
