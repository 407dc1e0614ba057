/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * collbw.h -- what a collective operation moves per process and per host,
 * for the collective bandwidth page of skampi-report.
 *
 * The bytes of a process in one operation are its *payload*: the bytes
 * of its own input that other processes need (counted once, however many
 * need them) plus the bytes of its result that come from other
 * processes.  Local copies do not count; neither do bytes an algorithm
 * forwards for others (trees, rings), which no process is obliged to
 * move.  memcpy counts the bytes copied.  The payload of rank r of P for
 * a message length n is n (c0 + cp P), with (c0, cp) from one of three
 * columns of the instance's payload rule (the `payload` column of
 * lib/instances.def, the rules in lib/instance.c): rank 0 (every root
 * is 0), rank P-1, and the ranks between.  doc/report.md lists them.
 *
 * Per process = the mean payload of the P processes / time; per host =
 * the sum of the payloads of the processes on that host / time.
 */
#ifndef SK_COLLBW_H
#define SK_COLLBW_H

#include <stddef.h>

#include "rfile.h"

/* Does the suite's instance (by Type, else by name) have a payload rule? */
int sk_collbw_known(const sk_rfile_suite_t *s);

/* Payload of rank RANK of PROCS for length N, bytes; NaN when the suite
 * is not in the table, RANK is not below PROCS, or PROCS is too small for
 * any data to cross a process boundary (below 2; 1 for memcpy). */
double sk_collbw_rank_bytes(const sk_rfile_suite_t *s, long procs,
                            long rank, double n);

/* The mean payload over the PROCS processes (per process). */
double sk_collbw_process_bytes(const sk_rfile_suite_t *s, long procs,
                               double n);

/* The payload of the ranks below PROCS whose host is HOST (hosts[] one
 * name per rank, nhosts of them); NaN when the hosts of some rank below
 * PROCS are not known. */
double sk_collbw_host_bytes(const sk_rfile_suite_t *s, long procs,
                            double n, char *const *hosts, size_t nhosts,
                            const char *host);

/* The processes and the message length of point P of suite S in R:
 * processes from the point (`processes`), else the argument of a Nodes
 * suite, else factors.processes; the length is the argument of a Length
 * suite, else Default_Message_length.  -1 when either is unknown. */
int sk_collbw_point(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                    const sk_rfile_point_t *p, long *procs, double *n);

/* sk_instance_timed_bytes() (lib/instance.h), the one formula of every
 * bandwidth, of point P of suite S in R (processes and
 * length by sk_collbw_point(), the suite's instance by Type, else by
 * name); NaN when they are not known. */
double sk_collbw_point_bytes(const sk_rfile_t *r, const sk_rfile_suite_t *s,
                             const sk_rfile_point_t *p);

#endif
