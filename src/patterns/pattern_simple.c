/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_simple.c -- operations with local completion (simple pattern)
 * and the calibration instance.
 *
 * Every process of the communicator runs the operation at the same time;
 * the reported time is rank 0's (Node_Times lists every process's).
 */
#include <config.h>

#include "pattern_simple.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "instance.h"
#include "pattern.h"
#include "timer.h"

/* A tag no message of skampi ever carries: the probe never succeeds. */
#define SK_SIMPLE_NO_TAG 32000

/* Results go to volatile sinks so the compiler keeps the calls. */
static volatile double sk_simple_dsink;
static volatile int sk_simple_isink;

static void sk_simple_wtime(sk_pctx_t *c)
{
  (void)c;
  sk_simple_dsink = MPI_Wtime();
}

static void sk_simple_comm_rank(sk_pctx_t *c)
{
  int r;
  MPI_Comm_rank(c->comm, &r);
  sk_simple_isink = r;
}

static void sk_simple_comm_size(sk_pctx_t *c)
{
  int s;
  MPI_Comm_size(c->comm, &s);
  sk_simple_isink = s;
}

static void sk_simple_iprobe(sk_pctx_t *c)
{
  int flag;
  MPI_Iprobe(MPI_ANY_SOURCE, SK_SIMPLE_NO_TAG, c->comm, &flag,
             MPI_STATUS_IGNORE);
  sk_simple_isink = flag;
}

/* Attach a buffer with room for one message of `length` bytes (MPI
 * refuses less than MPI_BSEND_OVERHEAD) and detach it again. */
static void sk_simple_buffer_attach(sk_pctx_t *c)
{
  void *p;
  int size;
  MPI_Buffer_attach(c->sbuf, (int)c->length + MPI_BSEND_OVERHEAD);
  MPI_Buffer_detach(&p, &size);
}

/* Its send buffer has SK_INSTANCE_BSEND_OVERHEAD bytes beyond the
 * message (buffers ATTACH, lib/instance.c): enough for this MPI's. */
typedef char sk_simple_overhead_fits[MPI_BSEND_OVERHEAD <=
                                     SK_INSTANCE_BSEND_OVERHEAD ? 1 : -1];

/* Spins on the timer for the known cost of this point. */
static void sk_simple_calibrate(sk_pctx_t *c)
{
  double t0 = sk_timer_now();
  while (sk_timer_now() - t0 < c->busy)
    ;
}

static int sk_simple_calibrate_setup(sk_pctx_t *c)
{
  if (c->calib == NULL)
    return -1;
  c->busy = sk_simple_calib_cost(c->calib, c->length);
  return 0;
}

double sk_simple_calib_cost(const sk_calib_t *c, long m)
{
  return c->a + c->b * (double)m + (m >= c->m0 ? c->c : 0.0);
}

int sk_simple_calib_from_env(sk_calib_t *out, char *err, size_t errsize)
{
  const char *v = getenv("SKAMPI_CALIBRATE");
  double a, b, cc;
  long m0;
  char tail;
  out->a = SK_CALIB_DEFAULT_A;
  out->b = SK_CALIB_DEFAULT_B;
  out->c = SK_CALIB_DEFAULT_C;
  out->m0 = SK_CALIB_DEFAULT_M0;
  if (v == NULL || *v == '\0')
    return 0;
  if (sscanf(v, "%lf,%lf,%lf,%ld%c", &a, &b, &cc, &m0, &tail) != 4 ||
      a < 0 || b < 0 || cc < 0 || m0 < 0) {
    snprintf(err, errsize,
             "SKAMPI_CALIBRATE='%s' is not 'a,b,c,m0' (seconds, seconds "
             "per unit, seconds, argument; none negative)", v);
    return -1;
  }
  out->a = a;
  out->b = b;
  out->c = cc;
  out->m0 = m0;
  return 0;
}

const sk_inst_ops_t sk_inst_simple_wtime = {.run = sk_simple_wtime};
const sk_inst_ops_t sk_inst_simple_comm_rank = {.run = sk_simple_comm_rank};
const sk_inst_ops_t sk_inst_simple_comm_size = {.run = sk_simple_comm_size};
const sk_inst_ops_t sk_inst_simple_iprobe = {.run = sk_simple_iprobe};
const sk_inst_ops_t sk_inst_simple_buffer_attach = {.run = sk_simple_buffer_attach};
const sk_inst_ops_t sk_inst_simple_calibrate = {
  .run = sk_simple_calibrate,
  .setup = sk_simple_calibrate_setup, .calibrated = 1};
