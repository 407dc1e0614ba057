/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_datadir.c -- lib/datadir.c: a data directory's place relative to
 * the programs' directory, checked by hand on the layouts configure
 * makes, and the fall-back to the configured directory when the running
 * program has no data beside it.
 */
#include <config.h>

#include <string.h>

#include "datadir.h"
#include "sk_test.h"

static void check_rel(const char *bin, const char *target, const char *want)
{
  char out[256];
  sk_datadir_relative(bin, target, out, sizeof out);
  SK_CHECK_MSG(strcmp(out, want) == 0, "%s -> %s: got '%s', want '%s'",
               bin, target, out, want);
}

int main(void)
{
  char out[4096], small[8];
  check_rel("/usr/local/bin", "/usr/local/share/skampi", "../share/skampi");
  check_rel("/usr/local/bin", "/usr/local/share/skampi/web",
            "../share/skampi/web");
  check_rel("/opt/sk/bin/", "/opt/sk//share/./skampi", "../share/skampi");
  check_rel("/usr/bin", "/usr/share/skampi", "../share/skampi");
  /* --datadir elsewhere: up to the common root, down again */
  check_rel("/opt/sk/bin", "/var/lib/skampi", "../../../var/lib/skampi");
  check_rel("/x/bin", "/x/bin", ".");
  check_rel("/x/bin", "/x/bin/data", "data");
  /* not absolute, or a '..' that only the file system can resolve */
  check_rel("bin", "/usr/share", "");
  check_rel("/usr/bin", "share", "");
  check_rel("/usr/bin/../bin", "/usr/share", "");
  /* too long for the buffer: "" rather than a cut path */
  sk_datadir_relative("/a/b", "/a/cccccccccccc", small, sizeof small);
  SK_CHECK_STR(small, "");
  /* no such file beside this program: the configured directory */
  sk_datadir_locate("/usr/local/bin", "/usr/local/share/skampi",
                    "no-such-file.skampi", out, sizeof out);
  SK_CHECK_STR(out, "/usr/local/share/skampi");
  /* the running program's directory exists */
  sk_datadir_exedir(out, sizeof out);
  SK_CHECK(out[0] == '/');
  return sk_test_result();
}
