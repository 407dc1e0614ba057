/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * report.h -- one run of skampi-report: load, plan, draw, rename.
 */
#ifndef SK_REPORT_H
#define SK_REPORT_H

#include <stddef.h>

/* Exit statuses (documented in doc/report.md and skampi-report(1)). */
#define SK_REPORT_OK 0
#define SK_REPORT_EINPUT 1     /* a result or parameter file is bad */
#define SK_REPORT_EUSAGE 2     /* bad command line */
#define SK_REPORT_EOUTPUT 3    /* gnuplot, the PDF or a CSV file failed */

typedef struct sk_report_opts {
  char *const *inputs;     /* result files, in command-line order */
  size_t ninputs;
  const char *output;      /* the PDF */
  const char *params;      /* -p FILE or NULL */
  const char *csv_dir;     /* --csv DIR or NULL */
  const char *script;      /* --script FILE or NULL: keep the script */
} sk_report_opts_t;

/* Everything after option parsing; returns an exit status.  The PDF
 * is written under a temporary name next to it and renamed only when
 * gnuplot succeeded, so a failure leaves no partial PDF behind. */
int sk_report_run(const sk_report_opts_t *opts);

#endif
