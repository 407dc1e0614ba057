/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check.h -- the semantic check: a syntax tree becomes a validated plan
 * in which every key of every suite has its effective value.
 *
 * Every error of the file is reported to the diagnostic sink (unknown or
 * duplicate keys with a did-you-mean, wrong types, values out of range,
 * keys that contradict each other, ...); doc/suite-language.md lists
 * them.  The plan is returned only when the sink holds no error at all.
 */
#ifndef SK_CHECK_H
#define SK_CHECK_H

#include <stddef.h>

#include "ast.h"
#include "diag.h"
#include "plan.h"

typedef struct sk_check_options {
  int nprocs;    /* processes of the run: sizes Max_Value and limits */
  /* 1 when instance `number` cannot run with the MPI library, with why
   * in why[0..len) (the end of the message "Type 'NAME' is unavailable:
   * ..."), 0 when it can; a NULL callback: every instance can. */
  int (*unavailable)(int number, char *why, size_t len);
  /* 1 when instance `number` cannot run a message of more than INT_MAX
   * elements, with why in why[0..len) (the end of the message "... more
   * than an int counts: ..."), 0 when it can; a NULL callback: every
   * instance can. */
  int (*large_count)(int number, char *why, size_t len);
  /* What instance `number` supports of the keys that depend on it: a
   * set of SK_SUPPORT_*; a NULL callback: every instance all of them. */
  unsigned (*supports)(int number);
  /* 1 when instance `number` must be left out on `nprocs` processes (a
   * known fault of the MPI library), with why in why[0..len)
   * ("MPI_Scatter_init of the MPI library (LIB) ..."), else 0; a NULL
   * callback: no fault is known.
   * The suite is kept in the plan with that reason (sk_suite_t.skip),
   * and the checker says so in a note. */
  int (*fault)(int number, int nprocs, char *why, size_t len);
  /* The node map of the run (lib/nodemap.h), or NULL when it is not
   * known (skampi --check): with it, a Pair or Pairs_Placement the run
   * does not have is refused (src/lang/check_pair.c). */
  const struct sk_nodemap *nodes;
  /* Why the builtin MPI type `name` (datatypes.def's spelling) cannot be
   * used with the MPI library: 1 with why in why[0..len) (the end of the
   * message "MPI type 'NAME' is unavailable: ..."), 0 when it can; a
   * NULL callback: every type can. */
  int (*type_unavailable)(const char *name, char *why, size_t len);
  /* 1 when this run cannot give a suite more than one thread, with why
   * in why[0..len) (the end of "Threads = N needs ..."), 0 when it can;
   * a NULL callback: unknown (skampi --check starts no MPI), nothing
   * refused. */
  int (*threads_unavailable)(char *why, size_t len);
  /* Where the check stores the largest Threads of any suite whose value
   * it could resolve, errors elsewhere or not (NULL: nowhere): src/launch.c
   * asks it of the file before MPI_Init, to know whether to ask for
   * MPI_THREAD_MULTIPLE. */
  long *max_threads;
} sk_check_options_t;

/* sk_check_options_t.supports: In_Place = yes; a Root other than Fixed;
 * Root = Rotate; Verify = yes. */
enum {
  SK_SUPPORT_IN_PLACE = 1u << 0,
  SK_SUPPORT_ROOT = 1u << 1,
  SK_SUPPORT_ROTATE = 1u << 2,
  SK_SUPPORT_VERIFY = 1u << 3
};

/* The plan of tree f, or NULL when diag holds any error (also one from
 * parsing f) or memory ran out. */
sk_plan_t *sk_check(const sk_ast_file_t *f, const sk_check_options_t *opt,
                    sk_diag_t *diag);

/* Parses and checks the file at path / the len bytes at buf. */
sk_plan_t *sk_check_file(const char *path, const sk_check_options_t *opt,
                         sk_diag_t *diag);
sk_plan_t *sk_check_buffer(const char *name, const char *buf, size_t len,
                           const sk_check_options_t *opt, sk_diag_t *diag);

#endif
