/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_yread.c -- lib/yread: the tree, the accessors, every limit with
 * its exact message, streaming, and input that is not a regular file.
 *
 * Build and run by hand from the top of the tree (Makefile.am does not
 * list it yet):
 *   cc -Wall -Wextra -Ilib -Itests/unit -o /tmp/test_yread \
 *     tests/unit/test_yread.c lib/yread.c lib/yread_get.c lib/msg.c \
 *     $(pkg-config --cflags --libs yaml-0.1) -lm && /tmp/test_yread
 * Under the sanitizers:
 *   clang -g -fsanitize=address,undefined -fno-sanitize-recover=all \
 *     -Wall -Wextra -Ilib -Itests/unit -o /tmp/test_yread_san \
 *     tests/unit/test_yread.c lib/yread.c lib/yread_get.c lib/msg.c \
 *     $(pkg-config --cflags --libs yaml-0.1) -lm && /tmp/test_yread_san
 * Under valgrind (the plain build):
 *   valgrind --leak-check=full --errors-for-leak-kinds=all \
 *     --error-exitcode=1 /tmp/test_yread
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sk_test.h"
#include "msg.h"
#include "yread.h"

/* Messages go to a name no file has, so msg.c quotes no source line. */
#define NAME "(mem)"

/* ---- stderr captured ------------------------------------------------ */

static char cap_text[16384];
static FILE *cap_file;
static int cap_saved = -1;

static void cap_begin(void)
{
  fflush(stderr);
  cap_file = tmpfile();
  cap_saved = dup(2);
  dup2(fileno(cap_file), 2);
}

static const char *cap_end(void)
{
  size_t n;
  fflush(stderr);
  dup2(cap_saved, 2);
  close(cap_saved);
  rewind(cap_file);
  n = fread(cap_text, 1, sizeof cap_text - 1, cap_file);
  cap_text[n] = '\0';
  fclose(cap_file);
  return cap_text;
}

/* The messages of reading TEXT with Y (initialised by the caller). */
static int rd(sk_yread_t *y, const char *text)
{
  int rc;
  cap_begin();
  rc = sk_yread_mem(y, NAME, text, strlen(text));
  cap_end();
  return rc;
}

/* Read TEXT with default limits; rc and messages; the reader is done. */
static int rd1(const char *text)
{
  sk_yread_t y;
  int rc;
  sk_yread_init(&y);
  rc = rd(&y, text);
  sk_yread_done(&y);
  return rc;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- the tree ------------------------------------------------------- */

static void test_tree(void)
{
  sk_yread_t y;
  sk_ynode_t *root, *v, *k, *m;
  char *s = NULL;
  long n = 0;
  int b = 0;
  sk_yread_init(&y);
  SK_CHECK_INT(rd(&y, "schema_version: 1\nname: 'pp'\nrun:\n  ok: yes\n"
                  "list: [a, b, c]\nitems:\n  - x\n  - {p: 2}\n"), 0);
  SK_CHECK_STR(cap_text, "");
  root = sk_yread_root(&y);
  SK_CHECK(root && root->kind == SK_YNODE_MAP);
  SK_CHECK_INT(sk_yread_len(root), 5);
  SK_CHECK_INT(y.end_marker, 0);
  v = sk_yread_get(&y, root, "schema_version");
  SK_CHECK_STR(sk_yread_text(v), "1");
  SK_CHECK_INT(sk_yread_line(v), 1);
  SK_CHECK_INT(sk_yread_col(v), 17);
  SK_CHECK_INT(v->flags, SK_YNODE_PLAIN | SK_YNODE_NUMBER);
  SK_CHECK(v->num == 1.0);   /* a decimal's value comes with the node */
  SK_CHECK_INT(sk_yread_integer(&y, v, "schema_version", &n), 0);
  SK_CHECK_INT(n, 1);
  v = sk_yread_get(&y, root, "name");
  SK_CHECK_INT(v->flags, 0);
  SK_CHECK_INT(sk_yread_string(&y, v, "name", &s), 0);
  SK_CHECK_STR(s, "pp");
  free(s);
  SK_CHECK_INT(sk_yread_bool(&y, sk_yread_get(&y, sk_yread_get(&y, root,
               "run"), "ok"), "ok", &b), 0);
  SK_CHECK_INT(b, 1);
  v = sk_yread_get(&y, root, "list");
  SK_CHECK_INT(v->kind, SK_YNODE_SEQ);
  SK_CHECK_INT(v->flags, SK_YNODE_FLOW);
  SK_CHECK_INT(sk_yread_len(v), 3);
  SK_CHECK_STR(sk_yread_text(sk_yread_item(&y, v, 2)), "c");
  SK_CHECK(sk_yread_item(&y, v, 3) == NULL);
  v = sk_yread_get(&y, root, "items");
  m = sk_yread_item(&y, v, 1);
  SK_CHECK_INT(sk_yread_line(m), 8);
  SK_CHECK_INT(sk_yread_col(m), 5);
  k = sk_yread_pair(&y, m, 0, &v);
  SK_CHECK_STR(sk_yread_text(k), "p");
  SK_CHECK_STR(sk_yread_text(v), "2");
  SK_CHECK(sk_yread_pair(&y, m, 1, &v) == NULL);
  SK_CHECK(sk_yread_get(&y, root, "nothing") == NULL);
  SK_CHECK(sk_yread_get(&y, v, "p") == NULL);   /* not a mapping */
  SK_CHECK_INT(y.errors, 0);
  sk_yread_done(&y);
  sk_yread_done(&y);                            /* twice is safe */
}

static void test_want(void)
{
  sk_yread_t y;
  sk_ynode_t *root;
  char *s = NULL;
  sk_yread_init(&y);
  rd(&y, "a: [1]\nb: {c: 1}\n");
  root = sk_yread_root(&y);
  cap_begin();
  SK_CHECK_INT(sk_yread_want_map(&y, sk_yread_get(&y, root, "a"), "'a'"),
               -1);
  SK_CHECK_INT(sk_yread_want_seq(&y, sk_yread_get(&y, root, "b"), "'b'"),
               -1);
  SK_CHECK_INT(sk_yread_string(&y, sk_yread_get(&y, root, "b"), "b", &s), -1);
  SK_CHECK_INT(sk_yread_want_seq(&y, sk_yread_get(&y, root, "a"), "'a'"), 0);
  cap_end();
  SK_CHECK_STR(cap_text,
               NAME ":1:4: error: 'a' must be a mapping (key: value lines)\n"
               NAME ":2:4: error: 'b' must be a sequence ('- ' items or "
               "[a, b])\n"
               NAME ":2:4: error: 'b' must be text, not a mapping\n");
  SK_CHECK_INT(y.errors, 3);
  SK_CHECK(s == NULL);
  sk_yread_done(&y);
}

static void test_empty(void)
{
  sk_yread_t y;
  sk_yread_init(&y);
  SK_CHECK_INT(rd(&y, "# only a comment\n"), 0);
  SK_CHECK(sk_yread_root(&y) == NULL);
  SK_CHECK_STR(cap_text, "");
  sk_yread_done(&y);
}

static void test_malformed(void)
{
  SK_CHECK_INT(rd1("a: [1, 2\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":2:1: error: malformed YAML: did not find "
               "expected ',' or ']' (while parsing a flow sequence that "
               "starts at line 1)\n");
  SK_CHECK_INT(rd1("a: \x01\n"), -1);
  SK_CHECK_STR(cap_text, NAME ": error: malformed YAML: control characters "
               "are not allowed at byte 3\n");
}

/* ---- limits --------------------------------------------------------- */

static char *repeat(const char *unit, size_t n, const char *tail)
{
  size_t u = strlen(unit), t = strlen(tail), i;
  char *s = malloc(u * n + t + 1);
  for (i = 0; i < n; i++)
    memcpy(s + i * u, unit, u);
  memcpy(s + n * u, tail, t + 1);
  return s;
}

static void test_depth(void)
{
  char *ok = repeat("[", 64, ""), *bad = repeat("[", 65, "");
  char *deep = repeat("[", 200 * 1024, "");
  double t;
  size_t i;
  /* 64 levels closed again are fine */
  ok = realloc(ok, 64 + 64 + 1);
  for (i = 0; i < 64; i++)
    ok[64 + i] = ']';
  ok[128] = '\0';
  SK_CHECK_INT(rd1(ok), 0);
  SK_CHECK_STR(cap_text, "");
  SK_CHECK_INT(rd1(bad), -1);
  SK_CHECK_STR(cap_text, NAME ":1:65: error: nesting deeper than 64 "
               "levels\n");
  t = now();
  SK_CHECK_INT(rd1(deep), -1);
  t = now() - t;
  SK_CHECK_STR(cap_text, NAME ":1:65: error: nesting deeper than 64 "
               "levels\n");
  SK_CHECK(t < 1.0);
  fprintf(stderr, "200 KiB of '[': refused in %.4f s\n", t);
  free(ok);
  free(bad);
  free(deep);
}

static void test_scalar_limit(void)
{
  sk_yread_t y;
  char *huge = repeat("x", 300000, "\n");
  sk_yread_init(&y);
  y.limits.max_scalar = 10;
  SK_CHECK_INT(rd(&y, "a: 0123456789\nb: 0123456789A\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":2:4: error: scalar longer than the limit "
               "of 10 bytes\n");
  sk_yread_done(&y);
  /* libyaml holds a scalar whole before handing it over: the read stops
   * once a scalar's worth of input (plus slack) brought no event */
  sk_yread_init(&y);
  y.limits.max_scalar = 100;
  huge[0] = 'k';
  huge[1] = ':';
  huge[2] = ' ';
  SK_CHECK_INT(rd(&y, huge), -1);
  /* located where the last token ended, before the long scalar */
  SK_CHECK_STR(cap_text, NAME ":1:2: error: scalar longer than the limit "
               "of 100 bytes\n");
  /* the limit, the slack, and libyaml's chunks of 16 KiB on each side */
  SK_CHECK(y.nread <= 100 + 64 * 1024 + 2 * 16384);
  sk_yread_done(&y);
  free(huge);
}

static void test_size_limit(void)
{
  sk_yread_t y;
  char text[] = "a: 123456\n";     /* 10 bytes */
  sk_yread_init(&y);
  y.limits.max_bytes = 10;
  SK_CHECK_INT(rd(&y, text), 0);
  sk_yread_done(&y);
  sk_yread_init(&y);
  y.limits.max_bytes = 9;
  SK_CHECK_INT(rd(&y, text), -1);
  SK_CHECK_STR(cap_text, NAME ": error: input is larger than the limit of "
               "9 bytes\n");
  sk_yread_done(&y);
}

static void test_anchors(void)
{
  const char *want = NAME ":1:4: error: anchors and aliases are not allowed "
                     "in a skampi file\n";
  SK_CHECK_INT(rd1("a: &x 1\nb: 2\n"), -1);
  SK_CHECK_STR(cap_text, want);
  SK_CHECK_INT(rd1("a: *x\n"), -1);
  SK_CHECK_STR(cap_text, want);
  SK_CHECK_INT(rd1("a: &s [1]\n"), -1);
  SK_CHECK_STR(cap_text, want);
  SK_CHECK_INT(rd1("metadata: &m {self: *m}\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":1:11: error: anchors and aliases are not "
               "allowed in a skampi file\n");
}

static void test_tags(void)
{
  SK_CHECK_INT(rd1("schema_version: !!str 1\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":1:17: error: tags ('!...') are not allowed "
               "in a skampi file\n");
  SK_CHECK_INT(rd1("a: !x [1]\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":1:4: error: tags ('!...') are not allowed "
               "in a skampi file\n");
}

/* Nine levels, each a mapping of ten aliases of the level before, over
 * a list of 2000 strings: 10 KB that a loader expands to 2e12 nodes. */
static void test_alias_bomb(void)
{
  char *s = malloc(16384), *p = s;
  double t;
  int i, j;
  p += sprintf(p, "l0: &a0 [lol");
  for (i = 1; i < 2000; i++)
    p += sprintf(p, ", lol");
  p += sprintf(p, "]\n");
  for (i = 1; i <= 9; i++) {
    p += sprintf(p, "l%d: &a%d {", i, i);
    for (j = 0; j < 10; j++)
      p += sprintf(p, "%sk%d: *a%d", j ? ", " : "", j, i - 1);
    p += sprintf(p, "}\n");
  }
  t = now();
  SK_CHECK_INT(rd1(s), -1);
  t = now() - t;
  SK_CHECK_STR(cap_text, NAME ":1:5: error: anchors and aliases are not "
               "allowed in a skampi file\n");
  SK_CHECK(t < 0.1);
  fprintf(stderr, "alias bomb (%zu bytes): refused in %.6f s\n",
          strlen(s), t);
  free(s);
}

static void test_documents(void)
{
  sk_yread_t y;
  SK_CHECK_INT(rd1("a: 1\n---\nb: 2\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":2:1: error: a second YAML document (a "
               "skampi file holds one)\n");
  SK_CHECK_INT(rd1("a: 1\n...\n---\nb: 2\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":3:1: error: a second YAML document (a "
               "skampi file holds one)\n");
  sk_yread_init(&y);
  SK_CHECK_INT(rd(&y, "---\na: 1\n...\n"), 0);
  SK_CHECK_INT(y.end_marker, 1);
  sk_yread_done(&y);
  sk_yread_init(&y);
  SK_CHECK_INT(rd(&y, "a: 1\nb: [1, 2]\n"), 0);   /* cut short */
  SK_CHECK_INT(y.end_marker, 0);
  sk_yread_done(&y);
}

/* A value's decimal is converted when the reader builds it; a key's
 * when it is read as a number: the same value either way. */
static void test_number_key(void)
{
  sk_yread_t y;
  sk_ynode_t *k, *v;
  double d = 0;
  sk_yread_init(&y);
  SK_CHECK_INT(rd(&y, "2.5e-3: 1e999\n"), 0);
  k = sk_yread_pair(&y, sk_yread_root(&y), 0, &v);
  SK_CHECK_INT(k->flags & SK_YNODE_NUMBER, 0);
  SK_CHECK_INT(v->flags & SK_YNODE_NUMBER, SK_YNODE_NUMBER);
  cap_begin();
  SK_CHECK_INT(sk_yread_number(&y, k, "key", &d), 0);
  SK_CHECK(d == 2.5e-3);
  SK_CHECK_INT(sk_yread_number(&y, v, "value", &d), -1);
  cap_end();
  SK_CHECK_STR(cap_text, NAME ":1:9: error: 'value' is out of range: "
               "'1e999'\n");
  sk_yread_done(&y);
}

static void test_duplicates(void)
{
  char big[4096], *p, want[128];
  int i, n;
  SK_CHECK_INT(rd1("a: 1\nb: 2\na: 3\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":3:1: error: duplicate key 'a' (first at "
               "line 1)\n");
  SK_CHECK_INT(rd1("s:\n  - {x: 1, y: 2, x: 3}\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":2:18: error: duplicate key 'x' (first at "
               "line 2)\n");
  /* the earliest repeat is named, whether the keys are compared pair
   * by pair (up to 64) or sorted (more) */
  for (n = 40; n <= 100; n += 60) {
    for (i = 0, p = big; i < n; i++)
      p += sprintf(p, "k%d: %d\n", i, i);
    sprintf(p, "k30: 1\nk7: 1\n");
    SK_CHECK_INT(rd1(big), -1);
    snprintf(want, sizeof want, NAME ":%d:1: error: duplicate key 'k30' "
             "(first at line 31)\n", n + 1);
    SK_CHECK_STR(cap_text, want);
  }
  SK_CHECK_INT(rd1("\"a\\nb\": 1\n\"a\\nb\": 2\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":2:1: error: duplicate key 'a\\nb' (first "
               "at line 1)\n");
  SK_CHECK_INT(rd1("? [a]\n: 1\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":1:3: error: a mapping key must be a "
               "scalar\n");
}

/* ---- numbers -------------------------------------------------------- */

/* The message of reading VALUE as a number with FLAGS ("" when none);
 * *out holds the value read. */
static const char *num(const char *value, unsigned flags, double *out)
{
  sk_yread_t y;
  char text[256];
  snprintf(text, sizeof text, "mean: %s\n", value);
  sk_yread_init(&y);
  SK_CHECK_INT(rd(&y, text), 0);
  *out = -12345;
  cap_begin();
  sk_yread_number_as(&y, sk_yread_get(&y, sk_yread_root(&y), "mean"),
                     "mean", flags, out);
  cap_end();
  sk_yread_done(&y);
  return cap_text;
}

static void test_numbers(void)
{
  double v;
  unsigned f = SK_YREAD_FINITE;
  SK_CHECK_STR(num("1.5e-3", 0, &v), "");
  SK_CHECK_NEAR(v, 1.5e-3, 0);
  SK_CHECK_STR(num("-2", 0, &v), "");
  SK_CHECK_NEAR(v, -2, 0);
  SK_CHECK_STR(num(".5", 0, &v), "");
  SK_CHECK_NEAR(v, 0.5, 0);
  SK_CHECK_STR(num("\"7\"", 0, &v), "");
  SK_CHECK_NEAR(v, 7, 0);
  SK_CHECK_STR(num(".nan", 0, &v), "");
  SK_CHECK(isnan(v));
  SK_CHECK_STR(num("-.Inf", 0, &v), "");
  SK_CHECK(isinf(v) && v < 0);
  SK_CHECK_STR(num(".nan", f, &v),
               NAME ":1:7: error: 'mean' must be a finite number, not "
               "'.nan'\n");
  SK_CHECK_NEAR(v, -12345, 0);
  SK_CHECK_STR(num(".inf", f, &v),
               NAME ":1:7: error: 'mean' must be a finite number, not "
               "'.inf'\n");
  SK_CHECK_STR(num("nan", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not 'nan'\n");
  SK_CHECK_STR(num("inf", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not 'inf'\n");
  SK_CHECK_STR(num("1e999", 0, &v),
               NAME ":1:7: error: 'mean' is out of range: '1e999'\n");
  SK_CHECK_STR(num("1.5x", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not '1.5x'\n");
  SK_CHECK_STR(num("\"\"", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not ''\n");
  SK_CHECK_STR(num("\" 1\"", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not ' 1'\n");
  SK_CHECK_STR(num("0x10", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not '0x10'\n");
  SK_CHECK_STR(num("\"1\\0\"", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not '1\\x00'\n");
  SK_CHECK_STR(num("-1e-3", SK_YREAD_NONNEG, &v),
               NAME ":1:7: error: 'mean' must not be negative, not "
               "'-1e-3'\n");
  SK_CHECK_STR(num("2.5", SK_YREAD_WHOLE, &v),
               NAME ":1:7: error: 'mean' must be a whole number, not "
               "'2.5'\n");
  SK_CHECK_STR(num("4e2", SK_YREAD_WHOLE | f | SK_YREAD_NONNEG, &v), "");
  SK_CHECK_NEAR(v, 400, 0);
  /* a value cannot forge a line of output */
  SK_CHECK_STR(num("\"1\\n(mem):9:9: error: forged\"", 0, &v),
               NAME ":1:7: error: 'mean' must be a number, not "
               "'1\\n(mem):9:9: error: forged'\n");
}

static void test_quote(void)
{
  char q[SK_YREAD_QUOTE_SIZE], *long_text = repeat("ab", 50, "");
  SK_CHECK_STR(sk_yread_quote("a\tb\\c\x1b[2J\xc2\x9b", 11, q),
               "a\\tb\\\\c\\x1B[2J\\xC2\\x9B");
  SK_CHECK_STR(sk_yread_quote(long_text, 100, q),
               "abababababababababababababababababababababababababababab"
               "abababab...");
  free(long_text);
}

static void test_integers_bools(void)
{
  sk_yread_t y;
  sk_ynode_t *r;
  long n = 7;
  int b = 7;
  sk_yread_init(&y);
  rd(&y, "a: 1.0\nb: 99999999999999999999\nc: -3\nd: maybe\ne: OFF\n");
  r = sk_yread_root(&y);
  cap_begin();
  sk_yread_integer(&y, sk_yread_get(&y, r, "a"), "a", &n);
  sk_yread_integer(&y, sk_yread_get(&y, r, "b"), "b", &n);
  sk_yread_integer_as(&y, sk_yread_get(&y, r, "c"), "c", SK_YREAD_NONNEG,
                      &n);
  sk_yread_bool(&y, sk_yread_get(&y, r, "d"), "d", &b);
  cap_end();
  SK_CHECK_STR(cap_text,
               NAME ":1:4: error: 'a' must be an integer, not '1.0'\n"
               NAME ":2:4: error: 'b' is out of range: "
               "'99999999999999999999'\n"
               NAME ":3:4: error: 'c' must not be negative, not '-3'\n"
               NAME ":4:4: error: 'd' must be true or false, not 'maybe'\n");
  SK_CHECK_INT(n, 7);
  SK_CHECK_INT(sk_yread_integer(&y, sk_yread_get(&y, r, "c"), "c", &n), 0);
  SK_CHECK_INT(n, -3);
  SK_CHECK_INT(sk_yread_bool(&y, sk_yread_get(&y, r, "e"), "e", &b), 0);
  SK_CHECK_INT(b, 0);
  SK_CHECK_INT(y.errors, 4);
  sk_yread_done(&y);
}

/* ---- streaming ------------------------------------------------------ */

typedef struct {
  size_t calls;
  long sum;                /* of every point's argument */
  size_t max_blocks;       /* blocks of the item arena seen at once */
  int schema_seen;         /* the root before the key was readable */
  int stop_at;             /* return -1 at this call (0: never) */
} counts_t;

static size_t blocks(const sk_yread_arena_t *a)
{
  const struct { void *next; } *b = (const void *)a->head;
  size_t n = 0;
  for (; b; b = b->next)
    n++;
  return n;
}

static int on_suite(sk_yread_t *y, const char *key, size_t index,
                    sk_ynode_t *item, void *arg)
{
  counts_t *c = arg;
  sk_ynode_t *pts = sk_yread_get(y, item, "points");
  long a;
  size_t i;
  SK_CHECK_STR(key, "suites");
  SK_CHECK_INT(index, c->calls);
  c->calls++;
  if (sk_yread_get(y, sk_yread_root(y), "schema_version"))
    c->schema_seen++;
  for (i = 0; i < sk_yread_len(pts); i++)
    if (sk_yread_integer(y, sk_yread_get(y, sk_yread_item(y, pts, i),
                                         "argument"), "argument", &a) == 0)
      c->sum += a;
  if (blocks(&y->item) > c->max_blocks)
    c->max_blocks = blocks(&y->item);
  return (int)c->calls == c->stop_at ? -1 : 0;
}

/* N suites of 20 points each, the last of P points. */
static char *suites_text(int n, int p_last)
{
  size_t size = (size_t)(n + p_last) * 1200 + 200;
  char *s = malloc(size), *p = s;
  int i, j;
  p += sprintf(p, "schema_version: 1\nsuites:\n");
  for (i = 0; i < n; i++) {
    p += sprintf(p, "- name: s%d\n  points:\n", i);
    for (j = 0; j < (i == n - 1 ? p_last : 20); j++)
      p += sprintf(p, "  - {argument: %d, mean: 1.5e-6}\n", j);
  }
  sprintf(p, "run: {status: complete}\n");
  return s;
}

static void test_stream(void)
{
  sk_yread_t y;
  counts_t c = {0, 0, 0, 0, 0};
  /* the last suite's 500 points move the stack of children, at the
   * bottom of which the root's keys are read in the callback */
  char *text = suites_text(5000, 500);
  sk_ynode_t *v;
  sk_yread_init(&y);
  SK_CHECK_INT(sk_yread_stream(&y, "suites", on_suite, &c), 0);
  SK_CHECK_INT(rd(&y, text), 0);
  SK_CHECK_STR(cap_text, "");
  SK_CHECK_INT(c.calls, 5000);
  SK_CHECK_INT(c.sum, 4999L * 190 + 499L * 500 / 2);
  SK_CHECK_INT(c.schema_seen, 5000);
  SK_CHECK_INT(c.max_blocks, 3);          /* the largest item only */
  SK_CHECK_INT(blocks(&y.item), 0);
  SK_CHECK_INT(blocks(&y.top), 1);        /* the rest is small */
  v = sk_yread_get(&y, sk_yread_root(&y), "suites");
  SK_CHECK(v && v->kind == SK_YNODE_SEQ && v->len == 0);
  SK_CHECK_INT(v->flags, SK_YNODE_STREAMED);
  SK_CHECK_STR(sk_yread_text(sk_yread_get(&y, sk_yread_get(&y,
               sk_yread_root(&y), "run"), "status")), "complete");
  sk_yread_done(&y);
  free(text);
}

static void test_stream_stop_and_dup(void)
{
  sk_yread_t y;
  counts_t c = {0, 0, 0, 0, 3};
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", on_suite, &c);
  SK_CHECK_INT(rd(&y, "suites: [{a: 1}, {a: 2}, {a: 3}, {a: 4}]\n"), -1);
  SK_CHECK_INT(c.calls, 3);
  sk_yread_done(&y);
  memset(&c, 0, sizeof c);
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", on_suite, &c);
  SK_CHECK_INT(rd(&y, "suites: [{a: 1}]\nx: 1\nsuites: [{a: 2}]\n"), -1);
  SK_CHECK_STR(cap_text, NAME ":3:1: error: duplicate key 'suites' (first "
               "at line 1)\n");
  SK_CHECK_INT(c.calls, 1);
  sk_yread_done(&y);
  /* a streamed key whose value is no sequence is kept */
  memset(&c, 0, sizeof c);
  sk_yread_init(&y);
  sk_yread_stream(&y, "suites", on_suite, &c);
  SK_CHECK_INT(rd(&y, "suites: 3\n"), 0);
  SK_CHECK_INT(c.calls, 0);
  SK_CHECK_STR(sk_yread_text(sk_yread_get(&y, sk_yread_root(&y), "suites")),
               "3");
  sk_yread_done(&y);
}

/* ---- files that are not regular ------------------------------------- */

static char tmpdir[64];

static void write_all(int fd, const char *s)
{
  size_t n = strlen(s);
  ssize_t w;
  while (n > 0 && (w = write(fd, s, n)) > 0) {
    s += w;
    n -= (size_t)w;
  }
}

/* A child writes TEXT into FIFO (ENDLESS: again and again). */
static pid_t fifo_writer(const char *fifo, const char *text, int endless)
{
  pid_t pid = fork();
  int fd;
  if (pid != 0)
    return pid;
  signal(SIGPIPE, SIG_DFL);
  fd = open(fifo, O_WRONLY);
  do
    write_all(fd, text);
  while (endless);
  _exit(0);
}

static void test_fifo(void)
{
  char fifo[128], want[256];
  sk_yread_t y;
  pid_t pid;
  int st;
  snprintf(fifo, sizeof fifo, "%s/fifo", tmpdir);
  SK_CHECK_INT(mkfifo(fifo, 0600), 0);
  pid = fifo_writer(fifo, "a: 1\nb: [x, y]\n", 0);
  SK_CHECK_INT(sk_yread_load(&y, fifo), 0);
  SK_CHECK_STR(sk_yread_text(sk_yread_item(&y, sk_yread_get(&y,
               sk_yread_root(&y), "b"), 1)), "y");
  sk_yread_done(&y);
  waitpid(pid, &st, 0);
  /* located inside the message: msg.c would reopen the FIFO */
  pid = fifo_writer(fifo, "a: 1\na: 2\n", 0);
  cap_begin();
  SK_CHECK_INT(sk_yread_load(&y, fifo), -1);
  cap_end();
  snprintf(want, sizeof want, "%s: error: line 2, column 1: duplicate key "
           "'a' (first at line 1)\n", fifo);
  SK_CHECK_STR(cap_text, want);
  sk_yread_done(&y);
  waitpid(pid, &st, 0);
  /* an endless writer stops at the byte limit */
  pid = fifo_writer(fifo, "- 1\n", 1);
  sk_yread_init(&y);
  y.limits.max_bytes = 100000;
  cap_begin();
  SK_CHECK_INT(sk_yread_file(&y, fifo), -1);
  cap_end();
  snprintf(want, sizeof want, "%s: error: input is larger than the limit "
           "of 100000 bytes\n", fifo);
  SK_CHECK_STR(cap_text, want);
  sk_yread_done(&y);
  kill(pid, SIGTERM);
  waitpid(pid, &st, 0);
  unlink(fifo);
}

static void test_files(void)
{
  char path[128], want[256];
  sk_yread_t y;
  FILE *f;
  cap_begin();
  SK_CHECK_INT(sk_yread_load(&y, tmpdir), -1);
  cap_end();
  sk_yread_done(&y);
  snprintf(want, sizeof want, "skampi-report: error: cannot read '%s': Is "
           "a directory\n", tmpdir);
  SK_CHECK_STR(cap_text, want);
  snprintf(path, sizeof path, "%s/big.yaml", tmpdir);
  f = fopen(path, "w");
  fputs("a: 1\nb: 2\n", f);
  fclose(f);
  sk_yread_init(&y);
  y.limits.max_bytes = 9;
  cap_begin();
  SK_CHECK_INT(sk_yread_file(&y, path), -1);
  cap_end();
  sk_yread_done(&y);
  snprintf(want, sizeof want, "%s: error: input is larger than the limit "
           "of 9 bytes\n", path);
  SK_CHECK_STR(cap_text, want);
  /* a regular file's message quotes the line */
  f = fopen(path, "w");
  fputs("a: 1\nb: &x 2\n", f);
  fclose(f);
  cap_begin();
  SK_CHECK_INT(sk_yread_load(&y, path), -1);
  cap_end();
  sk_yread_done(&y);
  snprintf(want, sizeof want, "%s:2:4: error: anchors and aliases are not "
           "allowed in a skampi file\n    2 | b: &x 2\n      |    ^\n", path);
  SK_CHECK_STR(cap_text, want);
  unlink(path);
}

int main(void)
{
  sk_msg_set_program("skampi-report");
  snprintf(tmpdir, sizeof tmpdir, "/tmp/test_yread.XXXXXX");
  if (!mkdtemp(tmpdir))
    return 1;
  test_tree();
  test_want();
  test_empty();
  test_malformed();
  test_depth();
  test_scalar_limit();
  test_size_limit();
  test_anchors();
  test_tags();
  test_alias_bomb();
  test_documents();
  test_duplicates();
  test_number_key();
  test_numbers();
  test_quote();
  test_integers_bools();
  test_stream();
  test_stream_stop_and_dup();
  test_fifo();
  test_files();
  rmdir(tmpdir);
  return sk_test_result();
}
