/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_jobhead.c -- sk_jobhead_parse() (db/ingest/jobhead.h): the batch job of
 * a result file's head in file order, whatever follows the head; a head
 * cut anywhere (as the 4 MiB a stored run's head is read to may cut it):
 * none, never a value cut short; a batch that is not a mapping of text,
 * entries beyond the limits: none or fewer, never a crash.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobhead.h"
#include "sk_test.h"

static const char head[] =
    "schema_version: 2\n"
    "factors:\n"
    "  processes: 2\n"
    "  batch:\n"
    "    system: slurm\n"
    "    job_id: \"4242\"\n"
    "    job_name: 'a \\\"job\\\"'\n"
    "    nodes: n[0-1]\n"
    "  memory_kib: 8\n"
    "suites:\n"
    "- name: one\n"
    "  broken: [\n";   /* not YAML: never read, the head ends at suites */

/* The entries of TEXT joined as "k=v|k=v"; "none" without any. */
static void parse(const char *text, size_t len, int cut, char *out,
                  size_t size)
{
  sk_rfile_kv_t *kv = NULL;
  size_t n = 99, i, used;
  SK_CHECK(sk_jobhead_parse(text, len, cut, &kv, &n) == 0);
  snprintf(out, size, "%s", n ? "" : "none");
  for (i = 0; i < n; i++) {
    used = strlen(out);
    snprintf(out + used, size - used, "%s%s=%s", i ? "|" : "", kv[i].key,
             kv[i].value);
  }
  sk_jobhead_free(kv, n);
}

static void test_head(void)
{
  static const char want[] =
      "system=slurm|job_id=4242|job_name=a \\\"job\\\"|nodes=n[0-1]";
  char got[512];
  size_t cut, stop = strstr(head, "suites:") - head;
  parse(head, strlen(head), 0, got, sizeof got);
  SK_CHECK_STR(got, want);
  parse(head, strlen(head), 1, got, sizeof got);
  SK_CHECK_STR(got, want);
  parse(head, stop + 7, 1, got, sizeof got);
  SK_CHECK_STR(got, want);
  /* cut before its suites, a head gives nothing: "nodes: n[0" is YAML
   * too, but not the value the file holds */
  for (cut = 0; cut < stop + 7; cut++) {
    parse(head, cut, 1, got, sizeof got);
    SK_CHECK_STR(got, "none");
  }
  /* "suites:" inside a value or a longer key is not the head's end */
  {
    static const char odd[] = "factors:\n  batch: {system: \"\\nsuites: x\"}\n"
                              "suitesx: 1\nsuites: [\n";
    parse(odd, strlen(odd), 1, got, sizeof got);
  }
  SK_CHECK_STR(got, "system=\nsuites: x");
}

static void test_odd(void)
{
  char got[512], *big;
  size_t i;
  parse("factors: {batch: [slurm]}\nsuites: []\n", 36, 0, got, sizeof got);
  SK_CHECK_STR(got, "none");
  parse("factors: {batch: {system: slurm, job_id: [1], x: y}}\n", 52, 0, got,
        sizeof got);
  SK_CHECK_STR(got, "system=slurm|x=y");
  parse("factors: 3\nsuites: []\n", 22, 0, got, sizeof got);
  SK_CHECK_STR(got, "none");
  parse("- a\n- b\n", 8, 0, got, sizeof got);
  SK_CHECK_STR(got, "none");
  parse("", 0, 0, got, sizeof got);
  SK_CHECK_STR(got, "none");
  /* 40 entries: the first 32 are kept; a value of 5000 bytes is left out */
  big = malloc(8192);
  SK_CHECK(big != NULL);
  if (big == NULL)
    return;
  strcpy(big, "factors:\n  batch:\n    long: ");
  memset(big + strlen(big), 'v', 5000);
  strcpy(big + strlen(big) - 0, "\n");
  for (i = 0; i < 40; i++)
    sprintf(big + strlen(big), "    k%02zu: v\n", i);
  parse(big, strlen(big), 0, got, sizeof got);
  SK_CHECK(strncmp(got, "k00=v|k01=v|", 12) == 0);
  SK_CHECK(strstr(got, "k31=v") != NULL && strstr(got, "k32") == NULL);
  SK_CHECK(strstr(got, "long") == NULL);
  free(big);
}

int main(void)
{
  /* nothing of the heads above may reach stderr: sk_jobhead_parse() says
   * nothing (the test's log would show it) */
  test_head();
  test_odd();
  return sk_test_result();
}
