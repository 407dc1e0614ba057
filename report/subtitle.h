/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * subtitle.h -- the settings line of a suite page: what the result file
 * records of how the suite was measured, not what the defaults would be.
 */
#ifndef SK_SUBTITLE_H
#define SK_SUBTITLE_H

#include <stddef.h>

#include "rfile.h"

/* "variation Length · scale Fixed_log · ε 0.05 · repetitions 8–1000 ·
 * cut quantile 0.05 · timing max_local · barrier sync · pair 0–1" into
 * BUF (always terminated).  From the suite's `parameters`:
 * Fixed_Repetitions (when set: "N repetitions (fixed)" instead of ε and
 * the range), Outlier_Filter (Cut_Quantile with its quantile, "Tukey's
 * fences", "no outlier filter"), Default_Message_length (not for
 * Length), Default_Chunks (master-worker, not for Chunks), In_Place ("in
 * place"), Root ("root rotating", "root N" but for rank 0), Verify
 * ("data verified"); from the suite: `timing`, synchronization.method
 * and its window, the ping-pong pair.  A setting the file does not
 * record is left out. */
void sk_subtitle_settings(const sk_rfile_suite_t *s, char *buf, size_t size);

/* What the suite page plots of each point, for its legend: "mean after
 * the cut (quantile 0.05)", "mean after Tukey fences", "mean of all
 * repetitions". */
void sk_subtitle_statistic(const sk_rfile_suite_t *s, char *buf,
                           size_t size);

/* A ping-pong suite's pair and where it ran, for a legend: "pair 0–2
 * (Inter_Node: node0 ↔ node1, inter-node)"; "" for a suite without a
 * pair. */
void sk_subtitle_pair(const sk_rfile_suite_t *s, char *buf, size_t size);

#endif
