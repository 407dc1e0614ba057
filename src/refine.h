/*
 * refine.h -- adaptive parameter refinement (§4.2), no MPI.
 *
 * (Interim declaration of the interface; the real module comes with the
 * refinement work.)
 */
#ifndef SK_REFINE_H
#define SK_REFINE_H

typedef struct sk_refine_params {
  long start, end;
  int log_scale;
  int dynamic;
  double stepwidth;
  long max_steps, min_distance, max_distance;
  double epsilon;
} sk_refine_params_t;

typedef struct sk_refine sk_refine_t;

sk_refine_t *sk_refine_new(const sk_refine_params_t *p);
/* 1: measure *arg next (*refined: 1 if added by refinement); 0: done. */
int sk_refine_next(sk_refine_t *r, long *arg, int *refined);
int sk_refine_record(sk_refine_t *r, long arg, double time);
void sk_refine_free(sk_refine_t *r);

#endif
