/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cmd_runs.c -- skampi-db list, show, export and rm: the runs themselves.
 */
#include <config.h>

#include "dbcmd.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobhead.h"
#include "dbout.h"
#include "escape.h"
#include "floor.h"
#include "msg.h"
#include "noise.h"
#include "outfile.h"
#include "rfile_load.h"
#include "wbuf.h"
#include "web.h"
#include "webdata.h"

int sk_dbcmd_selection(char **args, size_t n, sk_sel_t *sel)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (sk_sel_add(sel, args[i]) < 0)
      return -1;
  return 0;
}

long long sk_dbcmd_run_id(const char *word)
{
  char *end;
  long long v;
  errno = 0;
  v = strtoll(word, &end, 10);
  if (*word < '0' || *word > '9' || *end || errno || v < 1) {
    char *w = sk_escape_text(word);
    sk_msg_error("'%s' is not a run id (a whole number; see skampi-db list)",
                 w ? w : "?");
    free(w);
    return -1;
  }
  return v;
}

static void sk_list_row(const sk_store_info_t *r)
{
  char np[24];
  snprintf(np, sizeof np, "%ld", r->processes);
  printf("%4lld  %-6s  %-20s  %3s  %-14s  ", (long long)r->id, r->kind,
         r->start_time, r->processes < 0 ? "-" : np,
         *r->verdict ? r->verdict : "-");
  sk_dbout_text(stdout, "%-16s  ", r->machine);
  sk_dbout_text(stdout, "%-16s  ", *r->library ? r->library : "-");
  sk_dbout_text(stdout, "%s\n", *r->tags ? r->tags : "-");
}

int sk_dbcmd_write(sk_wbuf_t *b)
{
  int rc = SK_DB_OK;
  if (b->failed) {
    sk_msg_error("out of memory");
    rc = SK_DB_FAILED;
  } else if (b->len && fwrite(b->data, 1, b->len, stdout) != b->len)
    rc = SK_DB_FAILED;
  if (fflush(stdout) != 0 && rc == SK_DB_OK) {
    sk_msg_error("cannot write the output");
    rc = SK_DB_FAILED;
  }
  sk_wbuf_free(b);
  return rc;
}

int sk_dbcmd_select(sk_store_t *st, char **args, size_t nargs,
                    const sk_sel_t *base, int64_t **ids, size_t *n)
{
  sk_sel_t sel = {NULL, 0, 0};
  int rc = SK_DB_OK;
  if (sk_dbcmd_selection(args, nargs, &sel) < 0)
    rc = SK_DB_USAGE;
  else if (sk_sel_merge(&sel, base) < 0)
    rc = SK_DB_FAILED;
  else if (sk_store_select(st, &sel, ids, n) < 0)
    rc = SK_DB_STORE;
  sk_sel_free(&sel);
  return rc;
}

/* list --format json: /api/runs's shape for the chosen runs. */
static int sk_list_json(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_sel_t sel = {NULL, 0, 0};
  sk_wbuf_t b = {NULL, 0, 0, 0};
  int rc = SK_DB_OK;
  if (sk_dbcmd_selection(c->args, c->nargs, &sel) < 0 ||
      sk_sel_merge(&sel, &c->filter) < 0)
    rc = SK_DB_USAGE;
  else if (sk_api_runs_json(st, &sel, &b) < 0)
    rc = SK_DB_STORE;
  sk_sel_free(&sel);
  if (rc != SK_DB_OK) {
    sk_wbuf_free(&b);
    return rc;
  }
  return sk_dbcmd_write(&b);
}

int sk_dbcmd_list(sk_store_t *st, const sk_dbcmd_t *c)
{
  int64_t *ids = NULL;
  size_t i, n = 0;
  int rc;
  sk_store_info_t info;
  if (c->format == SK_DB_JSON)
    return sk_list_json(st, c);
  if ((rc = sk_dbcmd_select(st, c->args, c->nargs, &c->filter, &ids, &n))
      != SK_DB_OK)
    return rc;
  if (n)
    printf("%4s  %-6s  %-20s  %3s  %-14s  %-16s  %-16s  %s\n", "run",
           "kind", "start", "np", "noise", "machine", "library", "tags");
  for (i = 0; i < n && rc == SK_DB_OK; i++) {
    if (sk_store_info(st, ids[i], &info) < 0)
      rc = SK_DB_STORE;
    else
      sk_list_row(&info);
    sk_store_info_free(&info);
  }
  if (n == 0 && !c->quiet)
    fprintf(stderr, "%s: no run matches\n", sk_msg_program());
  free(ids);
  return rc;
}

static int sk_show_suite(void *arg, int64_t run, const sk_store_suite_t *s,
                         long npoints)
{
  (void)arg;
  (void)run;
  printf("  %3ld  ", s->position);
  sk_dbout_text(stdout, "%-24s  ", s->name);
  sk_dbout_text(stdout, "%-24s  ", s->instance);
  sk_dbout_text(stdout, "%-9s  ", s->status);
  printf("%ld points", npoints);
  if (s->unresolved > 0)
    printf(" (%ld below the timer's resolution: no measurement)",
           s->unresolved);
  if (*s->verdict && strcmp(s->verdict, "quiet") != 0) {
    size_t d = sk_noise_degree_len(s->noise);
    sk_dbout_text(stdout, ", machine %s", s->verdict);
    if (d > 0)       /* the degree is ours: digits and fixed words */
      printf(" (%.*s)", (int)d, s->noise);
  }
  if (s->pair_selection && s->pair_placement) {
    sk_dbout_text(stdout, ", pair %s ", s->pair_selection);
    sk_dbout_text(stdout, "%s", strcmp(s->pair_placement, "inter_node") == 0
                  ? "across nodes" : strcmp(s->pair_placement, "intra_node")
                  == 0 ? "within a node" : s->pair_placement);
  }
  putchar('\n');
  /* a finding about the MPI library, not a failure of skampi: said on a
   * line of its own (the call, the wrong byte and the reproducer are in
   * the result file's message and library_fault, doc/engine.md) */
  if (strcmp(s->status, "library_fault") == 0)
    puts("       LIBRARY FAULT: the MPI library delivered wrong data here "
         "(the result file's library_fault says which call, datatypes, "
         "byte and reproducer)");
  return 0;
}

/* hosts: the list of every rank's host ("a,a,a,b") with runs of one
 * name counted ("a ×3, b"), escaped ("-" when empty). */
static void sk_show_hosts(const char *hosts)
{
  const char *p = hosts ? hosts : "", *q;
  char *name;
  size_t n;
  long k;
  printf("%-16s ", "hosts:");
  if (!*p)
    puts("-");
  while (*p) {
    n = strcspn(p, ",");
    for (k = 1, q = p + n; *q == ',' && strncmp(q + 1, p, n) == 0 &&
         (q[1 + n] == ',' || q[1 + n] == '\0'); q += 1 + n)
      k++;
    if ((name = strndup(p, n)) != NULL)
      sk_dbout_text(stdout, "%s", name);
    free(name);
    if (k > 1)
      printf(" \xc3\x97%ld", k);
    p = *q == ',' ? q + 1 : q;
    fputs(*p ? ", " : "\n", stdout);
  }
}

/* KEY: VALUE with VALUE escaped ("-" when empty). */
static void sk_show_kv(const char *key, const char *value)
{
  printf("%-16s ", key);
  sk_dbout_text(stdout, "%s\n", value && *value ? value : "-");
}

/* noise: VERDICT (DEGREE): EVIDENCE ("-" for a file from before the
 * verdict); the degree is the stored evidence's first sentence
 * (sk_noise_degree_len()). */
static void sk_show_noise(const sk_store_info_t *r)
{
  size_t d = sk_noise_degree_len(r->noise);
  const char *rest = r->noise + d + (d > 0 && r->noise[d] ? 2 : 0);
  printf("%-16s ", "noise:");
  if (!*r->verdict) {
    puts("-");
    return;
  }
  sk_dbout_text(stdout, "%s", r->verdict);
  if (d > 0)     /* the degree is ours: digits and fixed words */
    printf(" (%.*s)", (int)d, r->noise);
  if (*rest)
    sk_dbout_text(stdout, ": %s", rest);
  putchar('\n');
}

/* nodes: N (P of R ranks pinned, D shared-memory domains[, which the
 * host names do not match]) and a line per node (doc/database.md);
 * nothing for a file without a node map. */
static int sk_show_node(void *arg, const sk_store_node_t *n)
{
  (void)arg;
  printf("  node %-4ld ", n->node);
  sk_dbout_text(stdout, "%-16s ", n->host);
  printf("%ld rank%s from rank %ld, %ld CPUs online\n", n->ranks,
         n->ranks == 1 ? "" : "s", n->first_rank, n->cpus_online);
  return 0;
}

static int sk_show_nodes(sk_store_t *st, const sk_store_info_t *r)
{
  if (r->node_count < 0)
    return 0;
  printf("%-16s %ld (%ld of %ld ranks pinned, %ld shared-memory "
         "domain%s%s)\n", "nodes:", r->node_count, r->pinned_ranks,
         r->processes, r->shm_domains, r->shm_domains == 1 ? "" : "s",
         r->shm_agrees == 0 ? ", not the nodes the host names make" : "");
  return sk_store_nodes(st, r->id, sk_show_node, NULL);
}

/* batch: SYSTEM and a line per factor of the job (doc/database.md);
 * nothing for a run that no batch system started. */
static int sk_show_batch(sk_store_t *st, const sk_store_info_t *r)
{
  sk_rfile_kv_t *kv;
  size_t i, n;
  char key[80];
  if (sk_jobhead_of_run(st, r->id, &kv, &n) < 0)
    return -1;
  for (i = 0; i < n; i++) {
    if (strcmp(kv[i].key, "system") == 0) {
      sk_show_kv("batch:", kv[i].value);
      continue;
    }
    if (i == 0)
      sk_show_kv("batch:", "");
    snprintf(key, sizeof key, "%s:", kv[i].key);
    sk_dbout_text(stdout, "  %-15s ", key);
    sk_dbout_text(stdout, "%s\n", kv[i].value);
  }
  sk_jobhead_free(kv, n);
  return 0;
}

static int sk_show_info(sk_store_t *st, const sk_store_info_t *r)
{
  int rc;
  char buf[64];
  printf("%-16s %lld\n", "run:", (long long)r->id);
  sk_show_kv("kind:", r->kind);
  sk_show_kv("status:", r->status);
  sk_show_noise(r);
  sk_show_kv("start:", r->start_time);
  sk_show_kv("end:", r->end_time);
  printf("%-16s ", "machine:");
  sk_dbout_text(stdout, "%s", r->machine);
  printf(" (machine %lld)\n", (long long)r->machine_id);
  sk_show_hosts(r->hosts);
  snprintf(buf, sizeof buf, "%ld", r->processes);
  sk_show_kv("processes:", r->processes < 0 ? "" : buf);
  sk_show_kv("library:", r->library);
  sk_show_kv("library string:", r->library_version);
  sk_show_kv("MPI version:", r->mpi_version);
  sk_show_kv("compiler:", r->compiler);
  sk_show_kv("cflags:", r->cflags);
  sk_show_kv("environment:", r->variables);
  if (sk_show_batch(st, r) < 0)
    return -1;
  sk_show_kv("suite file:", r->suite_path);
  sk_show_kv("suite sha256:", r->suite_sha256);
  sk_show_kv("skampi version:", r->skampi_version);
  snprintf(buf, sizeof buf, "%lld", (long long)r->campaign_id);
  sk_show_kv("campaign:", r->campaign_id ? buf : "");
  if (strcmp(r->kind, "merged") == 0)
    sk_show_kv("merged runs:", r->members);
  sk_show_kv("tags:", r->tags);
  sk_show_kv("imported from:", r->source);
  sk_show_kv("imported at:", r->imported);
  sk_show_kv("file sha256:", r->sha256);
  printf("%-16s %ld bytes\n", "file size:", r->original_len);
  rc = sk_show_nodes(st, r);
  printf("%-16s %ld suites, %ld points\n", "suites:", r->nsuites,
         r->npoints);
  return rc;
}

/* The runs of a command's selection, at least one: SK_DB_OK, or an exit
 * status with the message given (WHAT: "show needs"). */
static int sk_runs_some(sk_store_t *st, const sk_dbcmd_t *c,
                        const char *what, int64_t **ids, size_t *n)
{
  int rc;
  if (c->nargs == 0) {
    sk_msg_error("%s a selection of runs, such as a run id (see skampi-db "
                 "list)", what);
    return SK_DB_USAGE;
  }
  if ((rc = sk_dbcmd_select(st, c->args, c->nargs, NULL, ids, n))
      != SK_DB_OK)
    return rc;
  if (*n == 0) {
    sk_msg_error("no run matches the selection (see skampi-db list)");
    free(*ids);
    *ids = NULL;
    return SK_DB_FAILED;
  }
  return SK_DB_OK;
}

/* The node's limits (@LIMITS; lib/floor.h), read from the run's stored
 * file: the cache line and the copy rates at 8 B, 4 KiB, 1 MiB and the
 * longest length; nothing for a run without them. */
static void sk_show_limits(sk_store_t *st, int64_t run)
{
  sk_rfile_t *r = NULL;
  sk_floor_t f;
  void *data = NULL;
  size_t len = 0, i;
  char buf[256];
  int at = 0;
  if (sk_store_original(st, run, &data, &len) < 0)
    return;
  /* only a skampi result file with limits is read (an imported OSU or
   * IMB output is no YAML) */
  if (memmem(data, len, "\n  limits:\n", 11) != NULL &&
      sk_rfile_load_mem("stored file", data, len, &r) == 0 &&
      sk_floor_limits(r, &f) == 0) {
    if (isfinite(f.line_median))
      snprintf(buf, sizeof buf, "%.0f ns one way (best %.0f ns), CPUs %ld "
               "and %ld", f.line_median * 1e9, f.line * 1e9, f.cpus[0],
               f.cpus[1]);
    else
      snprintf(buf, sizeof buf, "not measured");
    sk_show_kv("cache line:", buf);
    for (i = 0; i < f.ncopy && at < (int)sizeof buf - 40; i++)
      if (f.len[i] == 8 || f.len[i] == 4096 || f.len[i] == 1048576 ||
          i + 1 == f.ncopy)
        at += snprintf(buf + at, sizeof buf - (size_t)at, "%s%.0f B %.3g "
                       "GB/s", at ? ", " : "", f.len[i], f.median[i] / 1e9);
    sk_show_kv("copy (1 core):", buf);
    if (isfinite(f.all_rate)) {
      snprintf(buf, sizeof buf, "%.3g GB/s", f.all_rate / 1e9);
      sk_show_kv("copy (all):", buf);
    }
  }
  sk_rfile_free(r);
  free(data);
}

int sk_dbcmd_show(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_store_info_t info;
  int64_t *ids = NULL;
  size_t i, n = 0;
  int rc;
  if ((rc = sk_runs_some(st, c, "show needs", &ids, &n)) != SK_DB_OK)
    return rc;
  for (i = 0; i < n && rc == SK_DB_OK; i++) {
    if (c->format == SK_DB_JSON) {
      /* one line per run, each /api/runs/ID's answer */
      sk_wbuf_t b = {NULL, 0, 0, 0};
      if (sk_webdata_run_json(st, ids[i], &b) < 0) {
        sk_wbuf_free(&b);
        rc = SK_DB_STORE;
      } else
        rc = sk_dbcmd_write(&b);
      continue;
    }
    if (sk_store_info(st, ids[i], &info) < 0) {
      rc = SK_DB_STORE;
      break;
    }
    if (i)
      putchar('\n');
    if (sk_show_info(st, &info) < 0)
      rc = SK_DB_STORE;
    sk_store_info_free(&info);
    sk_show_limits(st, ids[i]);
    if (sk_store_suites(st, ids[i], sk_show_suite, NULL) < 0)
      rc = SK_DB_STORE;
  }
  free(ids);
  return rc;
}

int sk_dbcmd_export(sk_store_t *st, const sk_dbcmd_t *c)
{
  sk_outfile_t *h;
  char why[512];
  void *data;
  size_t len;
  long long id;
  int64_t *ids = NULL;
  size_t n = 0;
  int rc;
  if (!c->output) {
    sk_msg_error("export takes a run and -o FILE");
    return SK_DB_USAGE;
  }
  if ((rc = sk_runs_some(st, c, "export needs", &ids, &n)) != SK_DB_OK)
    return rc;
  id = ids[0];
  free(ids);
  if (n > 1) {
    sk_msg_error("the selection has %zu runs; export writes one", n);
    return SK_DB_FAILED;
  }
  if (sk_store_original(st, id, &data, &len) < 0)
    return SK_DB_FAILED;
  /* the file is a skampi result file, so the output rule lets it replace
   * only another one (or a new path) */
  h = sk_outfile_open(c->output, SK_OUTFILE_RESULT, NULL, why, sizeof why);
  if (h && fwrite(data, 1, len, h->fp) != len) {
    snprintf(why, sizeof why, "cannot write '%s': %s", h->path,
             strerror(errno));
    sk_outfile_abort(h);
    h = NULL;
  }
  if (!h || sk_outfile_commit(h, why, sizeof why) < 0) {
    sk_msg_error("%s", why);
    free(data);
    return SK_DB_FAILED;
  }
  free(data);
  return SK_DB_OK;
}

int sk_dbcmd_rm(sk_store_t *st, const sk_dbcmd_t *c)
{
  int64_t *ids = NULL;
  size_t i, n = 0;
  int rc;
  if ((rc = sk_runs_some(st, c, "rm needs", &ids, &n)) != SK_DB_OK)
    return rc;
  for (i = 0; i < n; i++) {
    if (sk_store_remove(st, ids[i]) < 0)
      rc = SK_DB_FAILED;
    else if (!c->quiet)
      printf("run %lld removed\n", (long long)ids[i]);
  }
  free(ids);
  return rc;
}
