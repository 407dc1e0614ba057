/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_parse.c -- libFuzzer target for the suite language: any bytes go
 * through the lexer, the parser and the semantic check, and everything
 * is freed again.  Built with configure --enable-fuzzing CC=clang
 * (tests/fuzz/README.md says how to run it).
 */
#include <config.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "diag.h"
#include "plan_emit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static FILE *sink;
  sk_check_options_t opt = {.nprocs = 3};
  sk_diag_t *diag = sk_diag_new();
  sk_plan_t *plan;
  if (diag == NULL)
    return 0;
  if (sink == NULL)
    sink = fopen("/dev/null", "w");
  plan = sk_check_buffer("fuzz.skampi", (const char *)data, size, &opt,
                         diag);
  if (sink != NULL) {
    /* the printing code runs too: carets, source lines, the plan */
    sk_diag_print(diag, sink);
    if (plan != NULL)
      sk_plan_write(plan, sink);
  }
  sk_plan_free(plan);
  sk_diag_free(diag);
  return 0;
}
