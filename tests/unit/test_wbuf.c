/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_wbuf.c -- the escapes of skampi-db serve (db/web/wbuf.h): JSON,
 * HTML, URL and CSV, checked against strings written out by hand,
 * including control characters, quotes, backslashes, U+2028, bytes that
 * are not UTF-8 (a lone continuation byte, a truncated sequence, an
 * overlong form, a surrogate) and numbers that are not finite.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sk_test.h"
#include "wbuf.h"

typedef void (*esc_fn)(sk_wbuf_t *, const char *);

static void check(esc_fn fn, const char *in, const char *want)
{
  sk_wbuf_t b = {NULL, 0, 0, 0};
  fn(&b, in);
  SK_CHECK_STR(b.data ? b.data : "", want);
  sk_wbuf_free(&b);
}

static void check_num(void (*fn)(sk_wbuf_t *, double), double v,
                      const char *want)
{
  sk_wbuf_t b = {NULL, 0, 0, 0};
  fn(&b, v);
  SK_CHECK_STR(b.data ? b.data : "", want);
  sk_wbuf_free(&b);
}

int main(void)
{
  /* JSON */
  check(sk_wbuf_json_str, "plain", "\"plain\"");
  check(sk_wbuf_json_str, "\"';--", "\"\\\"';--\"");
  check(sk_wbuf_json_str, "a\\b", "\"a\\\\b\"");
  check(sk_wbuf_json_str, "t\tn\nx\x01\x7f", "\"t\\u0009n\\u000ax\\u0001\\u007f\"");
  check(sk_wbuf_json_str, "</script>", "\"</script>\"");
  check(sk_wbuf_json_str, "\xc2\xb5s \xe2\x80\xa8", "\"\xc2\xb5s \\u2028\"");
  check(sk_wbuf_json_str, "a\x80z", "\"a\xef\xbf\xbdz\"");          /* lone */
  check(sk_wbuf_json_str, "a\xe2\x82", "\"a\xef\xbf\xbd\xef\xbf\xbd\"");  /* cut */
  check(sk_wbuf_json_str, "\xc0\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\"");   /* overlong */
  check(sk_wbuf_json_str, "\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
  check(sk_wbuf_json_str, "\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"");
  check(sk_wbuf_json_str, NULL, "null");
  check_num(sk_wbuf_json_num, 2.2e-06, "2.2e-06");
  check_num(sk_wbuf_json_num, 0.1, "0.1");
  check_num(sk_wbuf_json_num, 1.0 / 3, "0.3333333333333333");
  check_num(sk_wbuf_json_num, NAN, "null");
  check_num(sk_wbuf_json_num, INFINITY, "null");
  check_num(sk_wbuf_json_num, -INFINITY, "null");
  /* HTML */
  check(sk_wbuf_html, "<script>alert(1)</script>",
        "&lt;script&gt;alert(1)&lt;/script&gt;");
  check(sk_wbuf_html, "\"';--&", "&quot;&#39;;--&amp;");
  check(sk_wbuf_html, "a\x1b[31mb\x80", "a [31mb\xef\xbf\xbd");
  /* URL */
  check(sk_wbuf_url, "tag=a b&c/\xc2\xb5", "tag%3Da%20b%26c%2F%C2%B5");
  /* CSV */
  check(sk_wbuf_csv, "test box", "test box");
  check(sk_wbuf_csv, "a,b", "\"a,b\"");
  check(sk_wbuf_csv, "\"';--", "\"\"\"';--\"");
  check(sk_wbuf_csv, "=cmd()", "\"'=cmd()\"");
  check(sk_wbuf_csv, "-1+1", "\"'-1+1\"");
  check(sk_wbuf_csv, "\t=1+1", "\"'\t=1+1\"");
  check(sk_wbuf_csv, "@SUM(1)", "\"'@SUM(1)\"");
  check(sk_wbuf_csv, "two\nlines", "\"two\nlines\"");
  check(sk_wbuf_csv, "\xff", "\xef\xbf\xbd");
  check_num(sk_wbuf_csv_num, NAN, "");
  check_num(sk_wbuf_csv_num, 65536, "65536");
  return sk_test_result();
}
