/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * schema.h -- the version of the result file format (doc/output-format.md).
 *
 * The one place that says which schema_version skampi writes, in a run's
 * result file and in a merged one, and the newest one its readers accept.
 * Raise it when a reader of the previous version would misread a new
 * file; new keys alone do not need it (readers ignore keys they do not
 * know).
 */
#ifndef SK_SCHEMA_H
#define SK_SCHEMA_H

#define SK_SCHEMA_VERSION 2

#endif
