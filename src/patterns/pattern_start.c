/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pattern_start.c -- start-up: what it costs a process to get a
 * communicator of all processes of the run the MPI-4 way, through a
 * session (doc/engine.md, "Start-up").  Every run records each
 * process's MPI_Init time besides (src/launch.c, factors.mpi_init_times).
 *
 * A repetition is MPI_Session_init, MPI_Group_from_session_pset of
 * "mpi://WORLD", MPI_Comm_create_from_group (collective over that group:
 * every process of the run), and the group, communicator and session
 * freed again.  The group is the whole run, so the instance varies
 * nothing (Variation = None) and its suite's communicator is every
 * process.  Before a point an untimed round makes sure the library can
 * do it and gives every process a communicator of the run's size; where
 * it cannot, the suite fails with .refusal.
 *
 * configure looks for the session functions (Open MPI 4.1 has none);
 * without them the instance is unavailable and refused by the checker.
 */
#include <config.h>

#include "pattern.h"

#if defined HAVE_MPI_SESSION_INIT && \
    defined HAVE_MPI_GROUP_FROM_SESSION_PSET && \
    defined HAVE_MPI_COMM_CREATE_FROM_GROUP && \
    defined HAVE_MPI_SESSION_FINALIZE

/* The tag that tells this communicator creation from others of the run. */
#define SK_START_TAG "org.skampi.start-up"

/* One session round: the size of the communicator it made (0 when a call
 * failed).  The calls' return codes are looked at (MPI_ERRORS_RETURN on
 * the session and the communicator), so that a library that fails one
 * makes the untimed round fail, not the timed ones crash. */
static int sk_start_round(void)
{
  MPI_Session s = MPI_SESSION_NULL;
  MPI_Group g = MPI_GROUP_NULL;
  MPI_Comm w = MPI_COMM_NULL;
  int size = 0;
  if (MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s) != MPI_SUCCESS)
    return 0;
  if (MPI_Group_from_session_pset(s, "mpi://WORLD", &g) == MPI_SUCCESS &&
      MPI_Comm_create_from_group(g, SK_START_TAG, MPI_INFO_NULL,
                                 MPI_ERRORS_RETURN, &w) == MPI_SUCCESS)
    MPI_Comm_size(w, &size);
  if (g != MPI_GROUP_NULL)
    MPI_Group_free(&g);
  if (w != MPI_COMM_NULL)
    MPI_Comm_free(&w);
  MPI_Session_finalize(&s);
  return size;
}

static void sk_start_session(sk_pctx_t *c)
{
  (void)c;
  sk_start_round();
}

/* The untimed round: a communicator of every process of the run (the
 * suite's communicator is all of them). */
static int sk_start_setup(sk_pctx_t *c)
{
  int world = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  c->refused = c->size != world || sk_start_round() != world;
  return c->refused ? -1 : 0;
}

const sk_inst_ops_t sk_inst_start_session = {
  .run = sk_start_session, .setup = sk_start_setup,
  .refusal = "MPI_Session_init, MPI_Group_from_session_pset(\"mpi://WORLD\") "
             "and MPI_Comm_create_from_group did not make a communicator of "
             "every process of the run"};

#else

static void sk_start_missing(sk_pctx_t *c)
{
  (void)c;
}

/* The checker and the engine refuse the instance: run() is never called. */
const sk_inst_ops_t sk_inst_start_session = {
  .run = sk_start_missing, .unavailable = "MPI_Session_init"};

#endif
