/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_escape.c -- lib/escape.c: what a foreign string becomes in a log
 * line, in a fixed buffer, and as a gnuplot file name.
 *
 * By hand (until the build knows lib/), from the top of the tree:
 *   cc -Wall -Wextra -Ilib -o /tmp/test_escape tests/unit/test_escape.c \
 *      lib/escape.c && /tmp/test_escape
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "sk_test.h"

static void check_text(const char *in, const char *want)
{
  char *got = sk_escape_text(in);
  SK_CHECK_STR(got, want);
  SK_CHECK_INT(sk_escape_len(in), strlen(want));
  free(got);
}

static void test_text(void)
{
  check_text("", "");
  check_text(NULL, "");
  check_text("pingpong", "pingpong");
  /* A newline in a quoted suite name must not start a log line. */
  check_text("a\nsuite 2 of 2: x", "a\\nsuite 2 of 2: x");
  check_text("cr\r tab\t bs\\", "cr\\r tab\\t bs\\\\");
  check_text("\x01\x1b[2J\x7f", "\\x01\\x1B[2J\\x7F");
  /* UTF-8 stays; the C1 control CSI (U+009B) does not. */
  check_text("Gr\xc3\xb6\xc3\x9f" "e \xe2\x80\xa6", "Gr\xc3\xb6\xc3\x9f" "e "
             "\xe2\x80\xa6");
  check_text("x\xc2\x9b" "2J", "x\\xC2\\x9B2J");
  check_text("\xc2\xa0", "\xc2\xa0");          /* no-break space: kept */
  check_text("\xff\xfe", "\xff\xfe");          /* not UTF-8: kept */
  /* a right-to-left override would show "txt.exe" as "exe.txt" */
  check_text("a\xe2\x80\xaetxt.exe", "a\\u202Etxt.exe");
  check_text("\xe2\x80\x8e\xe2\x80\x8f\xe2\x80\xaa\xe2\x81\xa6\xe2\x81\xa9",
             "\\u200E\\u200F\\u202A\\u2066\\u2069");
  check_text("\xe2\x80\x8bz\xef\xbb\xbf\xd8\x9c\xe2\x80\xa8",
             "\\u200Bz\\uFEFF\\u061C\\u2028");
  /* their neighbours stay: an ellipsis, an en dash, U+2065 unassigned */
  check_text("\xe2\x80\xa6\xe2\x80\x93\xe2\x81\xa5", "\xe2\x80\xa6\xe2\x80\x93\xe2\x81\xa5");
  check_text("\xe2\x80", "\xe2\x80");          /* cut short: kept */
  check_text("\xe2", "\xe2");
  check_text("\xef\xbb", "\xef\xbb");
}

static void test_buf(void)
{
  char buf[8];
  /* Fits: the whole escape and the NUL. */
  SK_CHECK_INT(sk_escape_buf("ab\ncd", buf, sizeof buf), 6);
  SK_CHECK_STR(buf, "ab\\ncd");
  /* "abcd" + "\x01" needs 9 bytes: cut before the escape, not inside. */
  SK_CHECK_INT(sk_escape_buf("abcd\x01z", buf, sizeof buf), 9);
  SK_CHECK_STR(buf, "abcd");
  /* Nothing after a cut escape, even what would still fit. */
  SK_CHECK_INT(sk_escape_buf("abcdef\ty", buf, 8), 9);
  SK_CHECK_STR(buf, "abcdef");
  SK_CHECK_INT(sk_escape_buf("xyz", buf, 1), 3);
  SK_CHECK_STR(buf, "");
  SK_CHECK_INT(sk_escape_buf("xyz", NULL, 0), 3);
}

static void check_gp(const char *in, const char *want)
{
  char *got = sk_escape_gp_single(in);
  SK_CHECK_STR(got, want);
  free(got);
}

static void test_gp(void)
{
  check_gp("out.pdf", "'out.pdf'");
  check_gp("it's.pdf", "'it''s.pdf'");
  /* Backslashes, backquotes, @ and double blanks reach gnuplot as they
   * are: '...' expands none of them. */
  check_gp("a\\b `rm x` @m  z", "'a\\b `rm x` @m  z'");
  check_gp("", "''");
  errno = 0;
  SK_CHECK(sk_escape_gp_single("a\nb.pdf") == NULL);
  SK_CHECK_INT(errno, EINVAL);
  errno = 0;
  SK_CHECK(sk_escape_gp_single("tab\there") == NULL);
  SK_CHECK_INT(errno, EINVAL);
  errno = 0;
  SK_CHECK(sk_escape_gp_single("x\\U+0041.pdf") == NULL);
  SK_CHECK_INT(errno, EINVAL);
}

int main(void)
{
  test_text();
  test_buf();
  test_gp();
  return sk_test_result();
}
