/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * payload.h -- the bytes a point of a stored suite moves in one timed
 * unit, the numerator of its bandwidth (the web interface's bandwidth
 * view): for skampi's suites by the instance table's one formula
 * (lib/instance.h, sk_instance_timed_bytes(): a ping-pong's round trip
 * carries the message twice, a collective its payload per process), for
 * another benchmark's (db/ingest/peer.h) by the suite's parameter
 * Payload (n or 2n).  Only suites that vary the message length have a
 * bandwidth.
 */
#ifndef SK_PAYLOAD_H
#define SK_PAYLOAD_H

#include "store.h"

/* The bytes of point P of suite S in a run of NP processes (-1:
 * unknown); NaN when the suite has no bandwidth or they are unknown. */
double sk_payload_bytes(const sk_store_suite_t *s, long np,
                        const sk_store_point_t *p);

/* Whether suite S has a bandwidth at all (its points may still lack the
 * processes a collective's payload needs). */
int sk_payload_known(const sk_store_suite_t *s);

#endif
