/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * compare_run.h -- `skampi-report --runs SET` and `skampi-report
 * --compare A B` (doc/reproducibility.md).
 */
#ifndef SK_COMPARE_RUN_H
#define SK_COMPARE_RUN_H

typedef struct sk_compare_opts {
  const char *a;           /* merged file or directory */
  const char *b;           /* NULL: --runs */
  const char *output;      /* the PDF */
  const char *csv_dir;     /* NULL: no CSV */
  const char *script;      /* NULL: temporary script */
} sk_compare_opts_t;

/* Returns an exit status of skampi-report (report.h). */
int sk_compare_run(const sk_compare_opts_t *o);

#endif
