/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runstate.h -- what a reader makes of a result file's run.status
 * "running" (doc/output-format.md): a run is still writing the file only
 * while a live process holds the lock of FILE.journal; otherwise the run
 * that wrote it was killed (or the file was copied while it ran), and the
 * file is "incomplete".
 */
#ifndef SK_RUNSTATE_H
#define SK_RUNSTATE_H

/* The status to show for the run.status `status` of the result file at
 * path: "incomplete" for "running" when no process holds path.journal
 * (with a warning saying so), else status itself (NULL stays NULL). */
const char *sk_runstate_status(const char *path, const char *status);

#endif
