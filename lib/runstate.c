/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * runstate.c -- a "running" result file whose run is gone is incomplete.
 */
#include <config.h>

#include "runstate.h"

#include <stdlib.h>
#include <string.h>

#include "journal.h"
#include "msg.h"

const char *sk_runstate_status(const char *path, const char *status)
{
  size_t len = strlen(path);
  char *journal;
  int held;
  if (status == NULL || strcmp(status, "running") != 0)
    return status;
  if ((journal = malloc(len + sizeof ".journal")) == NULL)
    return status;
  memcpy(journal, path, len);
  memcpy(journal + len, ".journal", sizeof ".journal");
  held = sk_journal_held(journal);
  free(journal);
  /* -1: the lock cannot be asked for; nothing is known either way. */
  if (held != 0)
    return status;
  sk_msg_warning("%s is incomplete: its run.status says running, but no "
                 "run is writing it (killed, or copied while it ran); it "
                 "holds the suites completed before", path);
  return "incomplete";
}
