/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_csvcell.c -- lib/csvcell.c: the one text cell of every CSV skampi
 * writes: quoted as RFC 4180 says, and never a spreadsheet formula (the
 * payloads of formula injection, each checked by hand).
 */
#include <config.h>

#include <stdlib.h>

#include "csvcell.h"
#include "sk_test.h"

static void check(const char *in, const char *want)
{
  char *got = sk_csvcell(in);
  SK_CHECK_STR(got, want);
  free(got);
}

int main(void)
{
  check(NULL, "");
  check("", "");
  check("test box", "test box");
  check("MPICH 4.0.2", "MPICH 4.0.2");
  /* RFC 4180: a comma, a quote, a line break make a quoted cell */
  check("a,b", "\"a,b\"");
  check("say \"hi\"", "\"say \"\"hi\"\"\"");
  check("two\nlines", "\"two\nlines\"");
  check("cr\rin", "\"cr\rin\"");
  /* formulas: a quote first, so a spreadsheet shows text */
  check("=HYPERLINK(\"http://x\",\"y\")",
        "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
  check("=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\"");
  check("@SUM(1)", "\"'@SUM(1)\"");
  check("+1+1", "\"'+1+1\"");
  check("-1+1", "\"'-1+1\"");
  check("\t=1+1", "\"'\t=1+1\"");
  check("\r=1+1", "\"'\r=1+1\"");
  /* inside a cell they are harmless */
  check("a=b", "a=b");
  check(" =1", " =1");
  SK_CHECK_INT(sk_csvcell_formula("=1"), 1);
  SK_CHECK_INT(sk_csvcell_formula("\t"), 1);
  SK_CHECK_INT(sk_csvcell_formula("x=1"), 0);
  SK_CHECK_INT(sk_csvcell_formula(""), 0);
  SK_CHECK_INT(sk_csvcell_formula(NULL), 0);
  return sk_test_result();
}
