/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * refine.c -- initial grids and adaptive refinement (SKaMPI §4.2).
 *
 * Points live in one array in measurement order; the measured ones are
 * also chained in argument order (prev/next).  A segment is named by its
 * left point.  Splittable segments sit in a binary max-heap of point
 * indices; each point remembers where its segment is in the heap so that a
 * key can be changed in O(log n).  doc/refinement.md is the specification.
 */
#include <config.h>

#include "refine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

typedef struct refine_point {
  long m;                 /* the argument */
  double t;               /* its measured time */
  long prev, next;        /* neighbours by argument, -1 at the ends */
  long heap_pos;          /* of the segment (this, next), -1: not queued */
  double key;             /* error estimate of the segment (this, next) */
  int wide;               /* that segment is wider than max_distance */
  int refined;            /* added by refinement */
} refine_point_t;

struct sk_refine {
  sk_refine_params_t p;
  int replay;
  refine_point_t *pt;     /* all points, in measurement order */
  long npt, cap;          /* npt: issued so far (recorded + pending) */
  long ninit;             /* the initial grid is pt[0..ninit-1] */
  long pending;           /* issued, not recorded; -1: none */
  long pending_left;      /* the segment a refined pending point splits */
  long max_total;         /* grid + Max_Steps, or SK_REFINE_MAX_POINTS */
  long *heap;             /* point indices; capacity cap */
  long nheap;
  int queued;             /* the heap was built after the initial grid */
  sk_refine_stop_t stop;
  double worst;
};

/* ---- parameters and the initial grid ------------------------------- */

/* How many multiplications or additions the grid loop needs at most; a
 * bound checked before the loop runs, so the loop always ends soon. */
static double refine_grid_steps(const sk_refine_params_t *p)
{
  double base = p->start > 0 ? (double)p->start : 1.0;

  if (p->end <= p->start || (double)p->end <= base)
    return 0.0;
  if (p->log_scale)
    return log((double)p->end / base) / log(p->stepwidth);
  return ((double)p->end - (double)p->start) / p->stepwidth;
}

const char *sk_refine_params_check(const sk_refine_params_t *p)
{
  if (p->start < 0)
    return "Start_Argument must not be negative";
  if (p->end < p->start)
    return "End_Argument must not be smaller than Start_Argument";
  if (!isfinite(p->stepwidth) || (p->log_scale && p->stepwidth <= 1.0))
    return "Stepwidth must be a number greater than 1 on a log scale";
  if (!p->log_scale && p->stepwidth <= 0.0)
    return "Stepwidth must be a positive number on a linear scale";
  if (p->max_steps < SK_UNSET)
    return "Max_Steps must be a count >= 0 or Invalid_Value";
  if (p->min_distance < SK_UNSET)
    return "Min_Distance must be >= 0 or Invalid_Value";
  if (p->max_distance < SK_UNSET || p->max_distance == 0)
    return "Max_Distance must be >= 1 or Invalid_Value";
  if (p->dynamic && !(isfinite(p->epsilon) && p->epsilon > 0.0))
    return "Standard_error must be a positive number on a dynamic scale";
  /* The loop makes at most ceil(steps) points, plus 0 and end. */
  if (!(refine_grid_steps(p) <= (double)(SK_REFINE_MAX_POINTS - 3)))
    return "Stepwidth is too small for Start_Argument..End_Argument: "
           "the initial grid would exceed 1048576 points";
  return NULL;
}

/* Writes the initial grid to out[] (when not NULL) and returns its size.
 * Values x < end are rounded; a value equal to the one before it or to
 * end is dropped; end always closes the grid. */
static long refine_grid_fill(const sk_refine_params_t *p, long *out)
{
  long n = 0, prev = -1, base = p->start;

  if (p->log_scale && p->start == 0) {
    if (out)
      out[n] = 0;
    n++;
    if (p->end == 0)
      return n;
    base = p->first > 1 ? p->first : 1;
    prev = 0;
  }
  for (long k = 0;; k++) {
    double x = p->log_scale ? (double)base * pow(p->stepwidth, (double)k)
                            : (double)base + (double)k * p->stepwidth;
    if (!(x < (double)p->end))
      break;
    long v = lround(x);
    if (v >= p->end)
      break;
    if (v != prev) {
      if (out)
        out[n] = v;
      n++;
      prev = v;
    }
  }
  if (out)
    out[n] = p->end;
  return n + 1;
}

void sk_refine_params_from_suite(const sk_suite_t *s, sk_refine_params_t *p)
{
  p->start = s->start_argument;
  p->end = s->end_argument;
  p->log_scale = s->scale == SK_SCALE_FIXED_LOG
                 || s->scale == SK_SCALE_DYNAMIC_LOG;
  p->dynamic = s->scale == SK_SCALE_DYNAMIC_LOG
               || s->scale == SK_SCALE_DYNAMIC_LINEAR;
  p->stepwidth = s->stepwidth;
  p->max_steps = s->max_steps;
  p->min_distance = s->min_distance;
  p->max_distance = s->max_distance;
  p->epsilon = s->standard_error;
  p->first = s->first_length;
}

long sk_refine_grid_size(const sk_refine_params_t *p)
{
  if (sk_refine_params_check(p))
    return -1;
  return refine_grid_fill(p, NULL);
}

/* ---- allocation ------------------------------------------------------ */

/* Room for need points in both arrays, which grow together. */
static int refine_reserve(sk_refine_t *r, long need)
{
  size_t cpt = (size_t)r->cap, cheap = (size_t)r->cap;
  if (need <= r->cap)
    return 0;
  if (SK_GROW(r->pt, cpt, (size_t)need, 16) != 0 ||
      SK_GROW(r->heap, cheap, (size_t)need, 16) != 0)
    return -1;
  r->cap = (long)cpt;
  return 0;
}

/* An empty refiner with room for n points, each initialized unlinked. */
static sk_refine_t *refine_alloc(long n)
{
  sk_refine_t *r = calloc(1, sizeof *r);

  if (!r)
    return NULL;
  r->pending = -1;
  r->stop = SK_REFINE_RUNNING;
  if (refine_reserve(r, n) < 0) {
    sk_refine_free(r);
    return NULL;
  }
  for (long i = 0; i < n; i++) {
    refine_point_t *q = &r->pt[i];
    memset(q, 0, sizeof *q);
    q->prev = q->next = q->heap_pos = -1;
  }
  r->ninit = n;
  return r;
}

sk_refine_t *sk_refine_new(const sk_refine_params_t *p)
{
  if (!p || sk_refine_params_check(p))
    return NULL;
  long n = refine_grid_fill(p, NULL);
  long *args = malloc((size_t)n * sizeof *args);
  sk_refine_t *r = args ? refine_alloc(n) : NULL;

  if (!r) {
    free(args);
    return NULL;
  }
  refine_grid_fill(p, args);
  for (long i = 0; i < n; i++) {
    r->pt[i].m = args[i];
    r->pt[i].prev = i - 1;
    r->pt[i].next = i + 1 < n ? i + 1 : -1;
  }
  free(args);
  r->p = *p;
  /* Max_Steps counts refinement steps, beyond the initial grid (so the
   * paper's Fig. 1, 44 initial points and the default 40, refines). */
  r->max_total = p->max_steps == SK_UNSET ? SK_REFINE_MAX_POINTS
                 : p->max_steps >= SK_REFINE_MAX_POINTS ? SK_REFINE_MAX_POINTS
                 : n + p->max_steps;
  if (r->max_total > SK_REFINE_MAX_POINTS)
    r->max_total = SK_REFINE_MAX_POINTS;
  return r;
}

sk_refine_t *sk_refine_new_replay(const long *args, size_t n)
{
  if (!args || n == 0 || n > (size_t)SK_REFINE_MAX_POINTS)
    return NULL;
  for (size_t i = 0; i < n; i++)
    if (args[i] < 0)
      return NULL;
  sk_refine_t *r = refine_alloc((long)n);
  if (!r)
    return NULL;
  for (size_t i = 0; i < n; i++)
    r->pt[i].m = args[i];
  r->replay = 1;
  return r;
}

void sk_refine_free(sk_refine_t *r)
{
  if (!r)
    return;
  free(r->pt);
  free(r->heap);
  free(r);
}

/* ---- the priority queue of segments ---------------------------------- */

/* Is segment i to be split before segment j?  Segments wider than
 * max_distance come first, widest first; then the larger error estimate;
 * ties go to the smaller argument, so the order is fully determined. */
static int refine_before(const sk_refine_t *r, long i, long j)
{
  const refine_point_t *a = &r->pt[i], *b = &r->pt[j];

  if (a->wide != b->wide)
    return a->wide;
  if (a->wide) {
    long wa = r->pt[a->next].m - a->m, wb = r->pt[b->next].m - b->m;
    if (wa != wb)
      return wa > wb;
  } else if (a->key != b->key) {
    return a->key > b->key;
  }
  return a->m < b->m;
}

static void refine_heap_set(sk_refine_t *r, long pos, long i)
{
  r->heap[pos] = i;
  r->pt[i].heap_pos = pos;
}

static void refine_heap_up(sk_refine_t *r, long pos)
{
  long i = r->heap[pos];

  while (pos > 0 && refine_before(r, i, r->heap[(pos - 1) / 2])) {
    refine_heap_set(r, pos, r->heap[(pos - 1) / 2]);
    pos = (pos - 1) / 2;
  }
  refine_heap_set(r, pos, i);
}

static void refine_heap_down(sk_refine_t *r, long pos)
{
  long i = r->heap[pos];

  for (;;) {
    long child = 2 * pos + 1;
    if (child >= r->nheap)
      break;
    if (child + 1 < r->nheap
        && refine_before(r, r->heap[child + 1], r->heap[child]))
      child++;
    if (!refine_before(r, r->heap[child], i))
      break;
    refine_heap_set(r, pos, r->heap[child]);
    pos = child;
  }
  refine_heap_set(r, pos, i);
}

/* Takes segment i out of the queue, if it is queued. */
static void refine_heap_remove(sk_refine_t *r, long i)
{
  long pos = r->pt[i].heap_pos;

  if (pos < 0)
    return;
  r->pt[i].heap_pos = -1;
  long last = r->heap[--r->nheap];
  if (pos == r->nheap)
    return;
  refine_heap_set(r, pos, last);
  refine_heap_up(r, pos);
  refine_heap_down(r, r->pt[last].heap_pos);
}

/* Puts segment i in the queue, or moves it after its key changed. */
static void refine_heap_put(sk_refine_t *r, long i)
{
  long pos = r->pt[i].heap_pos;

  if (pos < 0) {
    pos = r->nheap++;
    refine_heap_set(r, pos, i);
  }
  refine_heap_up(r, pos);
  refine_heap_down(r, r->pt[i].heap_pos);
}

/* ---- error estimates --------------------------------------------------- */

/* The time the straight line through points a and b predicts at m. */
static double refine_extrapolate(const sk_refine_t *r, long a, long b, long m)
{
  const refine_point_t *pa = &r->pt[a], *pb = &r->pt[b];
  double slope = (pb->t - pa->t) / ((double)pb->m - (double)pa->m);

  return pb->t + slope * ((double)m - (double)pb->m);
}

/* |t - predicted| / |t|; a wrong prediction of 0 counts as infinite. */
static double refine_rel_error(double predicted, double t)
{
  double d = fabs(t - predicted);

  if (isnan(d))
    return HUGE_VAL;
  if (t == 0.0)
    return d == 0.0 ? 0.0 : HUGE_VAL;
  return d / fabs(t);
}

/* The paper's min(|D1|/t_b, |D2|/t_c, (m_c - m_b)/m_b) for the segment
 * (b, c): D1 is the error at m_b of the right neighbour (c, d) extended
 * to the left, D2 the error at m_c of the left neighbour (a, b) extended
 * to the right.  A term that does not exist is left out; with none the
 * estimate is infinite. */
static double refine_segment_error(const sk_refine_t *r, long b)
{
  const refine_point_t *pb = &r->pt[b], *pc = &r->pt[pb->next];
  double e = HUGE_VAL;

  if (pc->next >= 0)
    e = fmin(e, refine_rel_error(
                    refine_extrapolate(r, pb->next, pc->next, pb->m), pb->t));
  if (pb->prev >= 0)
    e = fmin(e, refine_rel_error(
                    refine_extrapolate(r, pb->prev, b, pc->m), pc->t));
  if (pb->m > 0)
    e = fmin(e, ((double)pc->m - (double)pb->m) / (double)pb->m);
  return e;
}

/* Where segment (b, next) would be split; -1 when it must not be. */
static int refine_split_point(const sk_refine_t *r, long b, long *x)
{
  long mb = r->pt[b].m, mc = r->pt[r->pt[b].next].m, v;

  if (r->p.log_scale) {
    if (mb == 0)
      return -1;
    double g = sqrt((double)mb * (double)mc);
    if (!(g < (double)mc))
      return -1;
    v = lround(g);
  } else {
    v = mb + (mc - mb) / 2;
  }
  if (v <= mb || v >= mc)
    return -1;
  if (v - mb < r->p.min_distance || mc - v < r->p.min_distance)
    return -1;
  *x = v;
  return 0;
}

/* Recomputes the estimate of segment (b, next) and (de)queues it. */
static void refine_update(sk_refine_t *r, long b)
{
  long x;
  refine_point_t *pb = &r->pt[b];

  if (b < 0 || pb->next < 0)
    return;
  pb->key = refine_segment_error(r, b);
  pb->wide = r->p.max_distance != SK_UNSET
             && r->pt[pb->next].m - pb->m > r->p.max_distance;
  if (refine_split_point(r, b, &x) == 0)
    refine_heap_put(r, b);
  else
    refine_heap_remove(r, b);
}

/* ---- driving ------------------------------------------------------------ */

/* Sets the stop reason and the worst estimate of the final grid. */
static void refine_finish(sk_refine_t *r, sk_refine_stop_t why)
{
  double worst = 0.0;

  for (long b = 0; b >= 0 && r->pt[b].next >= 0; b = r->pt[b].next)
    worst = fmax(worst, r->pt[b].key);
  r->worst = worst;
  if (why == SK_REFINE_STOP_EPSILON && !(worst < r->p.epsilon))
    why = SK_REFINE_STOP_RESOLUTION;
  r->stop = why;
}

/* The segment to split next, or -1 after setting the stop reason. */
static long refine_choose(sk_refine_t *r)
{
  if (!r->queued) {
    for (long b = 0; b >= 0; b = r->pt[b].next)
      refine_update(r, b);
    r->queued = 1;
  }
  if (r->nheap == 0) {
    refine_finish(r, SK_REFINE_STOP_EPSILON);
    return -1;
  }
  long top = r->heap[0];
  if (!r->pt[top].wide && r->pt[top].key < r->p.epsilon) {
    refine_finish(r, SK_REFINE_STOP_EPSILON);
    return -1;
  }
  if (r->npt >= r->max_total) {
    refine_finish(r, SK_REFINE_STOP_MAX_STEPS);
    return -1;
  }
  return top;
}

/* Issues the point that splits the worst segment. */
static int refine_issue_split(sk_refine_t *r, long *arg)
{
  long b = refine_choose(r), x;

  if (b < 0)
    return 0;
  if (refine_reserve(r, r->npt + 1) < 0)
    return -1;
  refine_split_point(r, b, &x);
  refine_heap_remove(r, b);
  refine_point_t *q = &r->pt[r->npt];
  memset(q, 0, sizeof *q);
  q->m = x;
  q->prev = q->next = q->heap_pos = -1;
  q->refined = 1;
  r->pending = r->npt++;
  r->pending_left = b;
  *arg = x;
  return 1;
}

int sk_refine_next(sk_refine_t *r, long *arg, int *refined)
{
  int rc;

  if (r->pending >= 0)
    return -1;
  if (r->npt < r->ninit) {
    r->pending = r->npt++;
    *arg = r->pt[r->pending].m;
    if (refined)
      *refined = 0;
    return 1;
  }
  if (r->stop != SK_REFINE_RUNNING)
    return 0;
  if (r->replay || !r->p.dynamic) {
    r->stop = SK_REFINE_STOP_GRID;
    return 0;
  }
  rc = refine_issue_split(r, arg);
  if (rc == 1 && refined)
    *refined = 1;
  return rc;
}

/* Chains refined point x after b and re-estimates the four segments whose
 * estimate depends on the points around x. */
static void refine_link(sk_refine_t *r, long x, long b)
{
  long c = r->pt[b].next;

  r->pt[x].prev = b;
  r->pt[x].next = c;
  r->pt[b].next = x;
  r->pt[c].prev = x;
  refine_update(r, r->pt[b].prev);
  refine_update(r, b);
  refine_update(r, x);
  refine_update(r, c);
}

int sk_refine_record(sk_refine_t *r, long arg, double time)
{
  long x = r->pending;

  if (x < 0 || arg != r->pt[x].m || !isfinite(time))
    return -1;
  r->pt[x].t = time;
  r->pending = -1;
  if (r->pt[x].refined)
    refine_link(r, x, r->pending_left);
  return 0;
}

/* ---- results -------------------------------------------------------------- */

size_t sk_refine_grid(const sk_refine_t *r, long *args, int *refined,
                      size_t cap)
{
  size_t n = (size_t)r->npt - (r->pending >= 0);

  for (size_t i = 0; i < n && i < cap; i++) {
    if (args)
      args[i] = r->pt[i].m;
    if (refined)
      refined[i] = r->pt[i].refined;
  }
  return n;
}

sk_refine_stop_t sk_refine_stop_reason(const sk_refine_t *r)
{
  return r->stop;
}

const char *sk_refine_stop_name(sk_refine_stop_t s)
{
  switch (s) {
  case SK_REFINE_RUNNING: return "running";
  case SK_REFINE_STOP_GRID: return "grid";
  case SK_REFINE_STOP_EPSILON: return "epsilon";
  case SK_REFINE_STOP_MAX_STEPS: return "max_steps";
  case SK_REFINE_STOP_RESOLUTION: return "resolution";
  }
  return "unknown";
}

double sk_refine_worst_error(const sk_refine_t *r)
{
  return r->worst;
}
