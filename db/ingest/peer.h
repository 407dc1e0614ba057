/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * peer.h -- the text outputs of two other MPI benchmarks read as skampi
 * results, so that skampi-db keeps, plots and compares them beside
 * skampi's runs (doc/database.md, "Other benchmarks' outputs"):
 *
 *   OSU   the OSU Micro-Benchmarks 7.x: one program's output per file
 *         ("# OSU MPI Latency Test v7.4", its column line, one row per
 *         size; -f adds minimum, maximum and iterations, -z percentiles)
 *   IMB   the Intel MPI Benchmarks 2021 (IMB-MPI1): its header (date,
 *         MPI version, calling sequence) and one block per benchmark and
 *         process count ("# Benchmarking PingPong", "# #processes = 2")
 *
 * Each benchmark becomes a suite with the peer's own instance name
 * ("OSU MPI Latency Test", "IMB-MPI1 PingPong") and a suite name of its
 * program ("osu_latency", "IMB_PingPong").  Times are stored in seconds
 * as skampi stores them: a ping-pong's one-way latency (osu_latency,
 * IMB PingPong print half a round trip) is stored as the round trip
 * skampi's ping-pong reports, twice the printed value; a bandwidth
 * (MB/s) as the time of the bytes one unit moves (the suite's parameter
 * Payload: n, or 2n both ways).  The suite's parameters say so
 * (Peer_Quantity).
 *
 * The text is untrusted: bounded (lines, rows, columns), every number
 * checked, and refused with a message located at its line and column.
 */
#ifndef SK_PEER_H
#define SK_PEER_H

#include <stddef.h>

#include "rfile.h"

typedef enum { SK_PEER_OSU, SK_PEER_IMB } sk_peer_kind_t;

/* "osu" or "imb" into *out; -1 (message given) for anything else. */
int sk_peer_kind(const char *name, sk_peer_kind_t *out);

/* What the output does not record, from the command line. */
typedef struct sk_peer_opts {
  const char *library;        /* the MPI library ("MPICH 4.0.2") */
  long np;                    /* processes, -1: not given */
  const char *mtime;          /* the file's time, ISO 8601 UTC: OSU's
                               * start time (its output has none) */
} sk_peer_opts_t;

/* The largest output read. */
#define SK_PEER_MAX_BYTES (16u << 20)

/* Reads LEN bytes at TEXT, the output NAME, as KIND.  A result in
 * memory (sk_rfile_free()), or NULL with every problem printed, located
 * in NAME (sk_msg_source() must hold TEXT for the excerpts). */
sk_rfile_t *sk_peer_parse(sk_peer_kind_t kind, const char *name,
                          const char *text, size_t len,
                          const sk_peer_opts_t *o);

#endif
