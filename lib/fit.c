/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fit.c -- weighted least-squares fits of the postal and max-rate models,
 * and jump detection in ping-pong curves.
 *
 * The max-rate models are linear in alpha and 1/R_N once two shape
 * numbers are fixed: kappa = R_N / R_Cb (how many first-pair rates fit in
 * the node rate) and gamma = R_Ci / R_Cb.  With h(k) = k / (1+(k-1)gamma)
 *   T = alpha + (1/R_N) * n * max(k, kappa h(k)).
 * For fixed gamma the regressor is piecewise linear in kappa, with breaks
 * at kappa = 1+(k-1)gamma; between breaks the best objective has one
 * stationary point in closed form, so the global optimum over kappa is
 * the best of a few candidates.  The three-parameter model is gamma = 1;
 * the four-parameter one searches gamma on a grid, then by golden section.
 */
#include <config.h>

#include "fit.h"

#include <math.h>
#include <stdlib.h>

#include "stats.h"

double sk_fit_weight(double n)
{
  return 1.0 / (n > 1.0 ? n : 1.0);
}

int sk_fit_line(const double *x, const double *y, const double *w, size_t n,
                double *a, double *b, double *wsse)
{
  double sw = 0.0, mx = 0.0, my = 0.0, sxx = 0.0, sxy = 0.0, s = 0.0;

  if (n < 2)
    return -1;
  for (size_t i = 0; i < n; i++)
    sw += w[i], mx += w[i] * x[i], my += w[i] * y[i];
  if (!(sw > 0.0) || !isfinite(mx) || !isfinite(my))
    return -1;
  mx /= sw, my /= sw;
  for (size_t i = 0; i < n; i++) {
    double dx = x[i] - mx;
    sxx += w[i] * dx * dx;
    sxy += w[i] * dx * (y[i] - my);
  }
  /* x all equal up to rounding: no slope can be told */
  if (!(sxx > 0.0) || !isfinite(sxx) || !isfinite(sxy) ||
      sxx <= 1e-24 * sw * mx * mx)
    return -1;
  *b = sxy / sxx;
  *a = my - *b * mx;
  if (wsse) {
    for (size_t i = 0; i < n; i++) {
      double r = y[i] - my - *b * (x[i] - mx);
      s += w[i] * r * r;
    }
    *wsse = s;
  }
  return 0;
}

/* ---- points ----------------------------------------------------------- */

static int fit_valid(const sk_fit_point_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (p[i].k < 1 || !(p[i].n >= 0.0) || !isfinite(p[i].n) ||
        !isfinite(p[i].t) || !(p[i].t > 0.0))
      return 0;
  return 1;
}

static int fit_two_lengths(const sk_fit_point_t *p, size_t n)
{
  for (size_t i = 1; i < n; i++)
    if (p[i].n != p[0].n)
      return 1;
  return 0;
}

static void fit_model_init(sk_fit_model_t *m, sk_fit_kind_t kind, size_t n)
{
  m->kind = kind;
  m->alpha = m->beta = 0.0;
  m->r_n = m->r_cb = m->r_ci = INFINITY;
  m->wsse = 0.0;
  m->npoints = n;
}

/* The objective of a model over the points. */
static double fit_wsse(const sk_fit_model_t *m, const sk_fit_point_t *p,
                       size_t n)
{
  double s = 0.0;

  for (size_t i = 0; i < n; i++) {
    double r = p[i].t - sk_fit_eval(m, p[i].k, p[i].n);
    s += sk_fit_weight(p[i].n) * r * r;
  }
  return s;
}

double sk_fit_eval(const sk_fit_model_t *m, long k, double n)
{
  if (m->kind == SK_FIT_POSTAL)
    return m->alpha + m->beta * n;
  double core = isinf(m->r_cb) ? INFINITY
                               : m->r_cb + (double)(k - 1) * m->r_ci;
  double rate = core < m->r_n ? core : m->r_n;
  return m->alpha + (double)k * n / rate;
}

int sk_fit_postal(const sk_fit_point_t *p, size_t n, long k,
                  sk_fit_model_t *out)
{
  double *x = malloc((n ? n : 1) * 3 * sizeof *x), *y = x + n, *w = y + n;
  size_t m = 0;
  int rc = -1;

  if (!x || !fit_valid(p, n))
    goto done;
  for (size_t i = 0; i < n; i++)
    if (k <= 0 || p[i].k == k) {
      x[m] = p[i].n, y[m] = p[i].t, w[m] = sk_fit_weight(p[i].n);
      m++;
    }
  fit_model_init(out, SK_FIT_POSTAL, m);
  out->r_n = out->r_cb = out->r_ci = 0.0;
  if (sk_fit_line(x, y, w, m, &out->alpha, &out->beta, &out->wsse) == 0)
    rc = 0;
done:
  free(x);
  return rc;
}

/* ---- max-rate models: the search over kappa for one gamma ------------ */

typedef struct {
  const sk_fit_point_t *p;
  size_t n;
  double *w, *y, *x, *u, *v;  /* n each */
  double *rho;                /* the distinct breaks, sorted; nrho */
  size_t nrho;
  double syy;                 /* weighted spread of t around its mean */
} fit_work_t;

typedef struct {
  double s;        /* objective; INFINITY: no usable candidate */
  double alpha;
  double kappa;    /* R_N / R_Cb; INFINITY: R_N binds nowhere */
  double slope;    /* 1/R_N, or 1/R_Cb when kappa is INFINITY */
} fit_cand_t;

static double fit_h(long k, double gamma)
{
  return (double)k / (1.0 + (double)(k - 1) * gamma);
}

/* Fits the line for regressor x[] (already filled) and keeps it in *best
 * when its objective is lower and its slope positive. */
static void fit_try(fit_work_t *wk, double kappa, fit_cand_t *best)
{
  double a, b, s;

  if (sk_fit_line(wk->x, wk->y, wk->w, wk->n, &a, &b, &s) < 0 || !(b > 0.0))
    return;
  if (s < best->s) {
    best->s = s, best->alpha = a, best->kappa = kappa, best->slope = b;
  }
}

static void fit_try_kappa(fit_work_t *wk, double gamma, double kappa,
                          fit_cand_t *best)
{
  for (size_t i = 0; i < wk->n; i++) {
    double k = (double)wk->p[i].k, kh = kappa * fit_h(wk->p[i].k, gamma);
    wk->x[i] = wk->p[i].n * (k > kh ? k : kh);
  }
  fit_try(wk, kappa, best);
}

/* Between breaks rho[j] and rho[j+1] the regressor is kappa u + v; the
 * objective S(kappa) = Syy - (kappa A + B)^2 / (kappa^2 C + 2 kappa D + E)
 * (weighted, centred sums) has its one interior extremum at
 * kappa = (B D - A E) / (A D - B C).  Returns NAN when there is none. */
static double fit_stationary(fit_work_t *wk, double gamma, size_t j)
{
  double sw = 0, mu = 0, mv = 0, my = 0, A = 0, B = 0, C = 0, D = 0, E = 0;

  for (size_t i = 0; i < wk->n; i++) {
    const sk_fit_point_t *q = &wk->p[i];
    int core = 1.0 + (double)(q->k - 1) * gamma <= wk->rho[j];
    wk->u[i] = core ? q->n * fit_h(q->k, gamma) : 0.0;
    wk->v[i] = core ? 0.0 : q->n * (double)q->k;
    sw += wk->w[i], mu += wk->w[i] * wk->u[i];
    mv += wk->w[i] * wk->v[i], my += wk->w[i] * wk->y[i];
  }
  mu /= sw, mv /= sw, my /= sw;
  for (size_t i = 0; i < wk->n; i++) {
    double du = wk->u[i] - mu, dv = wk->v[i] - mv, dy = wk->y[i] - my;
    A += wk->w[i] * du * dy, B += wk->w[i] * dv * dy;
    C += wk->w[i] * du * du, D += wk->w[i] * du * dv;
    E += wk->w[i] * dv * dv;
  }
  double den = A * D - B * C;
  return den != 0.0 ? (B * D - A * E) / den : NAN;
}

/* The best kappa for this gamma (see the top of the file).  Candidates:
 * every break, every interior stationary point, and kappa = infinity
 * (no point node-limited, the postal-like end), which wins ties. */
static fit_cand_t fit_best_kappa(fit_work_t *wk, double gamma)
{
  fit_cand_t best = {INFINITY, 0.0, 0.0, 0.0}, inf = best;

  for (size_t i = 0; i < wk->n; i++)
    wk->x[i] = wk->p[i].n * fit_h(wk->p[i].k, gamma);
  fit_try(wk, INFINITY, &inf);
  for (size_t j = 0; j < wk->nrho; j++) {
    fit_try_kappa(wk, gamma, wk->rho[j], &best);
    if (j + 1 == wk->nrho)
      break;
    double ks = fit_stationary(wk, gamma, j);
    if (ks > wk->rho[j] && ks < wk->rho[j + 1])
      fit_try_kappa(wk, gamma, ks, &best);
  }
  if (inf.s <= best.s * (1.0 + 1e-9) + 1e-13 * wk->syy)
    return inf;
  return best;
}

/* ---- max-rate models: setup and results ------------------------------- */

/* The sorted distinct breaks 1 + (k-1) gamma into wk->rho. */
static void fit_breaks(fit_work_t *wk, double gamma)
{
  size_t m = 0;

  for (size_t i = 0; i < wk->n; i++)
    wk->rho[i] = 1.0 + (double)(wk->p[i].k - 1) * gamma;
  sk_stats_sort(wk->rho, wk->n);
  for (size_t i = 0; i < wk->n; i++)
    if (m == 0 || wk->rho[i] != wk->rho[m - 1])
      wk->rho[m++] = wk->rho[i];
  wk->nrho = m;
}

static fit_cand_t fit_gamma(fit_work_t *wk, double gamma)
{
  fit_breaks(wk, gamma);
  return fit_best_kappa(wk, gamma);
}

static int fit_work_new(fit_work_t *wk, const sk_fit_point_t *p, size_t n)
{
  double sw = 0.0, my = 0.0;

  wk->p = p, wk->n = n, wk->syy = 0.0;
  wk->w = malloc((n ? n : 1) * 6 * sizeof *wk->w);
  if (!wk->w)
    return -1;
  wk->y = wk->w + n, wk->x = wk->y + n, wk->u = wk->x + n;
  wk->v = wk->u + n, wk->rho = wk->v + n;
  for (size_t i = 0; i < n; i++) {
    wk->w[i] = sk_fit_weight(p[i].n), wk->y[i] = p[i].t;
    sw += wk->w[i], my += wk->w[i] * p[i].t;
  }
  my = sw > 0.0 ? my / sw : 0.0;
  for (size_t i = 0; i < n; i++)
    wk->syy += wk->w[i] * (wk->y[i] - my) * (wk->y[i] - my);
  return 0;
}

/* The model of a candidate found with this gamma. */
static void fit_from_cand(sk_fit_model_t *m, const fit_cand_t *c,
                          double gamma)
{
  m->alpha = c->alpha;
  if (isinf(c->kappa)) {
    m->r_n = INFINITY;
    m->r_cb = 1.0 / c->slope;
  } else {
    m->r_n = 1.0 / c->slope;
    m->r_cb = m->r_n / c->kappa;
  }
  m->r_ci = gamma * m->r_cb;
}

int sk_fit_maxrate(const sk_fit_point_t *p, size_t n, sk_fit_model_t *out)
{
  fit_work_t wk;

  if (!fit_valid(p, n) || !fit_two_lengths(p, n) ||
      fit_work_new(&wk, p, n) < 0)
    return -1;
  fit_cand_t c = fit_gamma(&wk, 1.0);
  free(wk.w);
  if (isinf(c.s))
    return -1;
  fit_model_init(out, SK_FIT_MAXRATE, n);
  fit_from_cand(out, &c, 1.0);
  out->wsse = fit_wsse(out, p, n);
  return 0;
}

/* ---- the four-parameter model: the search over gamma ------------------ */

/* gamma as a function of s in (0, 1): s = 1/2 is gamma = 1 (the
 * three-parameter model), s -> 0 the smallest gamma that keeps every
 * core rate positive, s -> 1 gamma -> infinity. */
static double fit_gamma_of(double s, double glo)
{
  return glo + (1.0 - glo) * s / (1.0 - s);
}

#define FIT_GRID 200      /* grid steps in s */
#define FIT_GOLDEN 80     /* golden-section steps after the grid */

/* Golden-section search for the lowest objective on [lo, hi] in s. */
static double fit_golden(fit_work_t *wk, double glo, double lo, double hi)
{
  const double r = (sqrt(5.0) - 1.0) / 2.0;
  double a = hi - r * (hi - lo), b = lo + r * (hi - lo);
  double fa = fit_gamma(wk, fit_gamma_of(a, glo)).s;
  double fb = fit_gamma(wk, fit_gamma_of(b, glo)).s;

  for (int it = 0; it < FIT_GOLDEN; it++) {
    if (fa <= fb) {
      hi = b, b = a, fb = fa;
      a = hi - r * (hi - lo);
      fa = fit_gamma(wk, fit_gamma_of(a, glo)).s;
    } else {
      lo = a, a = b, fa = fb;
      b = lo + r * (hi - lo);
      fb = fit_gamma(wk, fit_gamma_of(b, glo)).s;
    }
  }
  return fa <= fb ? a : b;
}

int sk_fit_maxrate4(const sk_fit_point_t *p, size_t n, sk_fit_model_t *out)
{
  fit_work_t wk;
  long kmin = 0, kmax = 0;

  if (!fit_valid(p, n) || !fit_two_lengths(p, n))
    return -1;
  for (size_t i = 0; i < n; i++) {
    kmin = i == 0 || p[i].k < kmin ? p[i].k : kmin;
    kmax = i == 0 || p[i].k > kmax ? p[i].k : kmax;
  }
  if (kmin == kmax || fit_work_new(&wk, p, n) < 0)
    return -1;
  double glo = -1.0 / (double)(kmax - 1), sbest = 0.5;
  fit_cand_t best = fit_gamma(&wk, 1.0);
  for (int i = 1; i < FIT_GRID; i++) {
    double s = (double)i / FIT_GRID;
    fit_cand_t c = fit_gamma(&wk, fit_gamma_of(s, glo));
    if (c.s < best.s)
      best = c, sbest = s;
  }
  double lo = sbest - 1.0 / FIT_GRID, hi = sbest + 1.0 / FIT_GRID;
  lo = lo < 0.5 / FIT_GRID ? 0.5 / FIT_GRID : lo;   /* keep gamma > glo */
  hi = hi > 1.0 - 0.5 / FIT_GRID ? 1.0 - 0.5 / FIT_GRID : hi;
  double s = fit_golden(&wk, glo, lo, hi);
  fit_cand_t c = fit_gamma(&wk, fit_gamma_of(s, glo));
  if (c.s < best.s)
    best = c, sbest = s;
  free(wk.w);
  if (isinf(best.s))
    return -1;
  fit_model_init(out, SK_FIT_MAXRATE4, n);
  fit_from_cand(out, &best, fit_gamma_of(sbest, glo));
  out->wsse = fit_wsse(out, p, n);
  return 0;
}

/* ---- errors and regimes ---------------------------------------------- */

int sk_fit_relerr(const sk_fit_model_t *m, const sk_fit_point_t *p,
                  size_t n, double *max, double *sum)
{
  double mx = 0.0, s = 0.0;

  if (n == 0)
    return -1;
  for (size_t i = 0; i < n; i++) {
    if (!(p[i].t > 0.0))
      return -1;
    double e = fabs(sk_fit_eval(m, p[i].k, p[i].n) - p[i].t) / p[i].t;
    mx = e > mx ? e : mx;
    s += e;
  }
  if (max)
    *max = mx;
  if (sum)
    *sum = s;
  return 0;
}

size_t sk_fit_select(const sk_fit_point_t *p, size_t n, double lo,
                     double hi, sk_fit_point_t *out)
{
  size_t m = 0;

  for (size_t i = 0; i < n; i++)
    if (p[i].n >= lo && p[i].n < hi)
      out[m++] = p[i];
  return m;
}

/* ---- jumps in a ping-pong curve --------------------------------------- */

/* A robust line through the points [a, b) of one side of a gap: the
 * Theil-Sen slope (the median of the pairwise slopes; with three points
 * one outlier cannot move it past the other two) and the median
 * intercept.  Within one regime t(m) = alpha + beta m with alpha, beta
 * >= 0, so a negative slope counts as 0 and a negative intercept as 0
 * (then the slope is the median of t / m). */
typedef struct fit_side {
  double a, b;        /* t = a + b m */
  double noise;       /* the largest noise of the side's points, s */
} fit_side_t;

/* The median of v[0..n), which it sorts. */
static double fit_median(double *v, size_t n)
{
  sk_stats_sort(v, n);
  return sk_stats_median(v, n);
}

static void fit_side(const double *m, const double *t, const double *noise,
                     size_t a, size_t b, fit_side_t *s)
{
  double v[SK_FIT_JUMP_SIDE * SK_FIT_JUMP_SIDE];
  size_t n = 0;

  for (size_t i = a; i < b; i++)
    for (size_t j = i + 1; j < b; j++)
      v[n++] = (t[j] - t[i]) / (m[j] - m[i]);
  s->b = fmax(0.0, fit_median(v, n));
  n = 0;
  for (size_t i = a; i < b; i++)
    v[n++] = t[i] - s->b * m[i];
  s->a = fit_median(v, n);
  if (s->a < 0.0) {
    n = 0;
    for (size_t i = a; i < b; i++)
      if (m[i] > 0.0)
        v[n++] = t[i] / m[i];
    s->a = 0.0, s->b = n ? fit_median(v, n) : 0.0;
  }
  s->noise = 0.0;
  for (size_t i = a; noise && i < b; i++)
    s->noise = fmax(s->noise, noise[i]);
}

/* How point j stands against the line of the other side: +1 clearly
 * above, -1 clearly below, 0 within the tolerance.  Clearly means by
 * more than the threshold (relative to the lower of the two values) and
 * by more than twice the noise of the point and of the other side. */
static int fit_versus(const fit_side_t *s, double m, double t, double noise,
                      double threshold, double *ratio)
{
  double p = s->a + s->b * m;
  double tol = SK_FIT_JUMP_NOISE * (noise + s->noise);

  *ratio = t / p;
  if (t - p > tol && t > p * (1.0 + threshold))
    return 1;
  if (p - t > tol && p > t * (1.0 + threshold))
    return -1;
  return 0;
}

static double fit_nz(const double *noise, size_t j)
{
  return noise ? noise[j] : 0.0;
}

/* The direction of a level shift in the gap (i, i+1), 0 for none: the
 * first point right of the gap lies beyond the left line by the
 * threshold, the one after it on the same side by half the threshold
 * (a shift in the level stays; a shift on a slope shrinks relative to
 * the growing time), and the last two points left of the gap beyond the
 * right line in the opposite direction likewise.  Two points on each
 * side make the shift persistent: one outlier is never a switch. */
static int fit_shift_at(const double *m, const double *t,
                        const double *noise, size_t n, size_t i,
                        double threshold, double *factor)
{
  fit_side_t l, r;
  size_t a = i + 1 >= SK_FIT_JUMP_SIDE ? i + 1 - SK_FIT_JUMP_SIDE : 0;
  size_t b = i + 1 + SK_FIT_JUMP_SIDE < n ? i + 1 + SK_FIT_JUMP_SIDE : n;
  double ratio, dummy, half = 0.5 * threshold;
  int dir;

  if (i < 1 || i + 3 > n)
    return 0;
  fit_side(m, t, noise, a, i + 1, &l);
  fit_side(m, t, noise, i + 1, b, &r);
  dir = fit_versus(&l, m[i + 1], t[i + 1], fit_nz(noise, i + 1), threshold,
                   &ratio);
  *factor = ratio;
  if (dir == 0 ||
      fit_versus(&l, m[i + 2], t[i + 2], fit_nz(noise, i + 2), half,
                 &dummy) != dir ||
      fit_versus(&r, m[i], t[i], fit_nz(noise, i), threshold,
                 &dummy) != -dir ||
      fit_versus(&r, m[i - 1], t[i - 1], fit_nz(noise, i - 1), half,
                 &dummy) != -dir)
    dir = 0;
  return dir;
}

static int fit_jumps_valid(const double *len, const double *t,
                           const double *noise, size_t n, double threshold)
{
  if (!(threshold > 0.0) || !isfinite(threshold))
    return -1;
  for (size_t i = 0; i < n; i++)
    if (!isfinite(len[i]) || len[i] < 0.0 || !isfinite(t[i]) ||
        !(t[i] > 0.0) || (i > 0 && !(len[i] > len[i - 1])) ||
        (noise && (!isfinite(noise[i]) || noise[i] < 0.0)))
      return -1;
  return 0;
}

long sk_fit_jumps(const double *len, const double *t, const double *noise,
                  size_t n, double threshold, sk_fit_jump_t *out, size_t cap)
{
  long count = 0;
  size_t last = 0;      /* gap of the previous switch */
  int last_dir = 0;

  if (fit_jumps_valid(len, t, noise, n, threshold) < 0)
    return -1;
  for (size_t i = 0; i + 1 < n; i++) {
    double factor = 1.0;
    int dir = fit_shift_at(len, t, noise, n, i, threshold, &factor);
    if (dir == 0)
      continue;
    /* A shift spread over a few gaps is flagged in each: one switch,
     * from the first gap's lower length to the last one's upper, with
     * the largest factor. */
    if (count > 0 && dir == last_dir && i - last <= SK_FIT_JUMP_MERGE) {
      sk_fit_jump_t *j = (size_t)count <= cap ? &out[count - 1] : NULL;
      if (j) {
        j->hi = len[i + 1];
        if (fabs(log(factor)) > fabs(log(j->factor)))
          j->factor = factor;
      }
    } else {
      if ((size_t)count < cap) {
        out[count].lo = len[i];
        out[count].hi = len[i + 1];
        out[count].factor = factor;
      }
      count++;
    }
    last = i, last_dir = dir;
  }
  return count;
}
