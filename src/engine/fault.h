/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fault.h -- a library fault that a check found: the data the MPI
 * library delivered were wrong (the untimed integrity check before a
 * point, or Verify's check of a repetition).  That is a finding about
 * the library, not a failure of skampi: the suite's status is
 * library_fault, its `library_fault` records the call, its datatypes,
 * the processes, the argument, the first wrong byte and the library,
 * and for a call whose descriptor has .repro a standalone program of
 * that one call is written beside the result file (src/engine/repro.h).
 * The run goes on with the other suites (doc/engine.md, "Library
 * faults").
 */
#ifndef SK_FAULT_H
#define SK_FAULT_H

#include "execute_int.h"

/* Rank 0: suite x found wrong data at arg (x->vmsg: the wrong byte, as
 * the process that found it described it): records the finding in
 * x->res and writes the reproducer. */
void sk_fault_record(sk_exec_t *x, long arg);

/* Rank 0: suite x was left out by the checker for a known fault of the
 * library (sk_suite_t.skip_fault; x->msg says which, and the
 * workaround): its status is library_fault too, with the call, the
 * processes and the library, no argument (-1) and no reproducer. */
void sk_fault_known(sk_exec_t *x);

/* The reproducer's path for the suite named `suite` beside the result
 * file `out`: OUT.SUITE.repro.c, every character of the name but
 * letters, digits, '-' and '_' made '_'.  The caller's to free; NULL
 * when out of memory. */
char *sk_fault_repro_path(const char *out, const char *suite);

#endif
