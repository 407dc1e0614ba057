/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ingest.c -- one result file into the database (ingest.h).
 *
 * The file is read once into memory: its bytes are hashed (an import of
 * the same content is a no-op), kept verbatim (export gives them back)
 * and parsed once, from those very bytes, by the reader every program
 * shares (sk_rfile_load_mem()), so a file is refused with the same
 * located messages as skampi-report gives, and what is stored is what
 * was hashed.  The loaded result holds every statistic the database
 * keeps (median, minimum, maximum, raw samples, a merged point's per-run
 * values and interval).
 */
#include <config.h>

#include "ingest.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"
#include "msg.h"
#include "rfile_load.h"
#include "sha256.h"

/* The largest file imported (the reader's own default limit). */
#define SK_INGEST_MAX_BYTES (1ull << 30)

typedef struct sk_ingest {
  const char *path;
  const unsigned char *bytes;
  size_t len;
  char sha[65];
  sk_rfile_t *r;
  sk_store_t *st;
  long npoints;
  char mtime[32];           /* the file's, "" for bytes from memory */
} sk_ingest_t;

/* PATH's bytes into *buf (the caller's to free, also after -1), its
 * modification time as ISO 8601 UTC into mtime[32]; NOFOLLOW: not
 * through a symbolic link. */
static int sk_ingest_read(const char *path, int nofollow,
                          unsigned char **buf, size_t *len, char mtime[32])
{
  struct stat sb;
  size_t got = 0;
  ssize_t k;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC |
                (nofollow ? O_NOFOLLOW : 0));
  errno = fd < 0 ? errno : 0;
  if (fd < 0 || fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) ||
      (unsigned long long)sb.st_size > SK_INGEST_MAX_BYTES) {
    const char *why = fd < 0 || errno ? strerror(errno) : "";
    char *p = sk_escape_text(path);
    if (fd < 0 && nofollow && errno == ELOOP)
      why = "a symbolic link in the directory, not followed (import DIR "
            "takes the directory's own files)";
    else if (fd >= 0 && !S_ISREG(sb.st_mode))
      why = "not a regular file";
    else if (fd >= 0 && (unsigned long long)sb.st_size > SK_INGEST_MAX_BYTES)
      why = "larger than the limit of 1 GiB";
    sk_msg_error("cannot read '%s': %s", p ? p : "?", why);
    free(p);
    if (fd >= 0)
      close(fd);
    return -1;
  }
  {
    struct tm tm;
    time_t t = sb.st_mtime;
    gmtime_r(&t, &tm);
    strftime(mtime, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
  }
  *buf = malloc((size_t)sb.st_size + 1);
  while (*buf && got < (size_t)sb.st_size &&
         (k = read(fd, *buf + got, (size_t)sb.st_size - got)) > 0)
    got += (size_t)k;
  close(fd);
  if (!*buf || got != (size_t)sb.st_size) {
    char *p = sk_escape_text(path);
    sk_msg_error("cannot read '%s' whole", p ? p : "?");
    free(p);
    free(*buf);
    *buf = NULL;
    return -1;
  }
  *len = got;
  return 0;
}

/* ---- identity ---------------------------------------------------------- */

static int sk_ingest_strcmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The distinct host names, sorted, joined with ",". */
static char *sk_ingest_hosts(char *const *hosts, size_t n)
{
  char **v = malloc((n ? n : 1) * sizeof *v), *out = NULL;
  size_t i, len = 0;
  FILE *f;
  if (!v || !(f = open_memstream(&out, &len))) {
    free(v);
    return NULL;
  }
  if (n > 0) {   /* no hosts: hosts may be NULL */
    memcpy(v, hosts, n * sizeof *v);
    qsort(v, n, sizeof *v, sk_ingest_strcmp);
  }
  for (i = 0; i < n; i++)
    if (i == 0 || strcmp(v[i], v[i - 1]) != 0)
      fprintf(f, "%s%s", i ? "," : "", v[i]);
  fclose(f);
  free(v);
  return out;
}

int sk_ingest_identity(const char *override, const char *machine,
                       char *const *hosts, size_t nhosts, const char *cpu,
                       long cores, char **identity, char **name,
                       char **distinct)
{
  char *id = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&id, &len);
  *distinct = sk_ingest_hosts(hosts, nhosts);
  if (!f || !*distinct) {
    if (f)
      fclose(f);
    free(id);
    free(*distinct);
    return -1;
  }
  if (override)
    fprintf(f, "MACHINE=%s", override);
  else {
    if (machine && *machine)
      fprintf(f, "MACHINE=%s", machine);
    else
      fprintf(f, "hosts=%s", **distinct ? *distinct : "unknown");
    if (cpu && *cpu)
      fprintf(f, "|cpu=%s", cpu);
    if (cores > 0)
      fprintf(f, "|cores=%ld", cores);
  }
  fclose(f);
  *identity = id;
  *name = strdup(override ? override : machine && *machine ? machine
                 : **distinct ? *distinct : "unknown");
  return *name ? 0 : -1;
}

/* ---- the rows ---------------------------------------------------------- */

static int64_t sk_ingest_machine(sk_ingest_t *in, const sk_ingest_opts_t *o)
{
  const char *cores = sk_rfile_factor(in->r, "cores");
  sk_store_machine_t m = {NULL, NULL, NULL, sk_rfile_factor(in->r,
                          "cpu_model"), cores ? strtol(cores, NULL, 10) : -1};
  char *identity, *name, *hosts;
  int64_t id = -1;
  if (sk_ingest_identity(o->machine, sk_rfile_meta(in->r, "MACHINE"),
                         in->r->hosts, in->r->nhosts, m.cpu_model, m.cores,
                         &identity, &name, &hosts) < 0) {
    sk_msg_error("out of memory");
    return -1;
  }
  m.identity = identity;
  m.name = name;
  m.hosts = hosts;
  id = sk_store_machine(in->st, &m);
  free(identity);
  free(name);
  free(hosts);
  return id;
}

/* The recorded environment variables as sorted NAME=VALUE lines. */
static char *sk_ingest_variables(const sk_rfile_t *r)
{
  char *out = NULL;
  size_t i, len = 0;
  FILE *f = open_memstream(&out, &len);
  if (!f)
    return NULL;
  for (i = 0; i < r->nfactors; i++)
    if (strncmp(r->factors[i].key, "environment.", 12) == 0)
      fprintf(f, "%s=%s\n", r->factors[i].key + 12, r->factors[i].value);
  fclose(f);
  return out;
}

static const char *sk_ingest_factor(const sk_rfile_t *r, const char *key)
{
  const char *v = sk_rfile_factor(r, key);
  return v ? v : "";
}

static int64_t sk_ingest_env(sk_ingest_t *in)
{
  sk_store_env_t e;
  sk_sha256_t h;
  char hex[65], *lib = sk_rfile_mpi_short(in->r);
  char *vars = sk_ingest_variables(in->r);
  const char *parts[5];
  int64_t id = -1;
  size_t i;
  e.library = lib;
  e.library_version = sk_ingest_factor(in->r, "mpi_library");
  e.mpi_version = sk_ingest_factor(in->r, "mpi_version");
  e.compiler = sk_ingest_factor(in->r, "compiler");
  e.cflags = sk_ingest_factor(in->r, "cflags");
  e.variables = vars;
  if (lib && vars) {
    parts[0] = e.library_version;
    parts[1] = e.mpi_version;
    parts[2] = e.compiler;
    parts[3] = e.cflags;
    parts[4] = e.variables;
    sk_sha256_init(&h);
    for (i = 0; i < 5; i++)   /* NUL-separated: no two lists hash alike */
      sk_sha256_update(&h, parts[i], strlen(parts[i]) + 1);
    sk_sha256_final(&h, hex);
    e.identity = hex;
    id = sk_store_env(in->st, &e);
  } else
    sk_msg_error("out of memory");
  free(lib);
  free(vars);
  return id;
}

static char *sk_ingest_join_hosts(const sk_rfile_t *r)
{
  char *out = NULL;
  size_t i, len = 0;
  FILE *f = open_memstream(&out, &len);
  if (!f)
    return NULL;
  for (i = 0; i < r->nhosts; i++)
    fprintf(f, "%s%s", i ? "," : "", r->hosts[i]);
  fclose(f);
  return out;
}

/* A run's or suite's evidence as stored: a verdict other than quiet
 * with its degree keeps it as the first sentence ("worst rank 24% CPU;
 * ...", lib/noise.h: sk_noise_degree_len()), so that the verdict column
 * stays the word; NULL (no memory) or the caller's to free. */
static char *sk_ingest_noise(const char *verdict, const char *evidence,
                             const char *degree)
{
  const char *ev = evidence ? evidence : "";
  char *out;
  size_t n;
  if (verdict == NULL || degree == NULL || strcmp(verdict, "quiet") == 0)
    return strdup(ev);
  n = strlen(degree) + strlen(ev) + 3;
  if ((out = malloc(n)) != NULL)
    snprintf(out, n, "%s%s%s", degree, *ev ? "; " : "", ev);
  return out;
}

static int64_t sk_ingest_run(sk_ingest_t *in, const sk_ingest_opts_t *o,
                             int64_t machine, int64_t env, int merged)
{
  const char *np = sk_rfile_factor(in->r, "processes");
  char *hosts = sk_ingest_join_hosts(in->r);
  char *noise = sk_ingest_noise(in->r->noise_verdict,
                                in->r->noise_evidence, in->r->noise_degree);
  sk_store_run_t r;
  int64_t id;
  memset(&r, 0, sizeof r);
  r.sha256 = in->sha;
  r.kind = merged ? "merged" : "run";
  r.status = in->r->run_status;
  r.start_time = in->r->start_time;
  r.end_time = in->r->end_time;
  r.processes = np ? strtol(np, NULL, 10) : -1;
  r.hosts = hosts ? hosts : "";
  r.suite_path = in->r->suite_file;
  r.suite_sha256 = in->r->suite_sha256;
  r.skampi_version = in->r->skampi_version;
  r.source = in->path;
  r.imported = o->now;
  r.original = in->bytes;
  r.original_len = in->len;
  r.verdict = in->r->noise_verdict;
  r.noise = in->r->noise_verdict != NULL ? noise : NULL;
  id = noise != NULL ? sk_store_add_run(in->st, machine, env, &r) : -1;
  if (noise == NULL)
    sk_msg_error("out of memory");
  free(noise);
  free(hosts);
  return id;
}

static int sk_ingest_tags(sk_ingest_t *in, const sk_ingest_opts_t *o,
                          int64_t run)
{
  size_t i;
  for (i = 0; i < o->ntags; i++) {
    const char *eq = strchr(o->tags[i], '=');
    char *key = strndup(o->tags[i], (size_t)(eq - o->tags[i]));
    int rc = key ? sk_store_add_tag(in->st, run, key, eq + 1) : -1;
    free(key);
    if (rc < 0)
      return -1;
  }
  return 0;
}

/* ---- points ------------------------------------------------------------ */

static int sk_ingest_point(sk_ingest_t *in, const sk_rfile_point_t *rp,
                           int64_t suite)
{
  sk_store_point_t p;
  const sk_rfile_extras_t *ex;
  const sk_rfile_tail_t *tail;
  int k;
  p.argument = rp->argument;
  p.mean = rp->mean;
  p.se = rp->se;
  p.median = rp->median;
  p.q1 = rp->q1;
  p.q3 = rp->q3;
  p.min = rp->min;
  p.max = rp->max;
  p.ci_low = rp->ci_low;
  p.ci_high = rp->ci_high;
  p.ci_coverage = rp->ci_coverage;
  p.processes = rp->processes;
  p.repetitions = rp->repetitions;
  p.eps_met = rp->eps_met;
  p.refined = rp->refined;
  p.runs = rp->runs;
  p.modes = rp->mode_count;
  p.unresolved = rp->unresolved;
  ex = sk_rfile_extras(rp);
  p.ovl_pure = ex->ovl_pure;
  p.ovl_with = ex->ovl_with;
  p.ovl_cpu = ex->ovl_cpu;
  p.ovl_percent = ex->ovl_percent;
  p.init_time = ex->init_time;
  p.free_time = ex->free_time;
  tail = sk_rfile_tail(rp);
  for (k = 0; k < 4; k++) {
    p.pct[k] = tail->p[k];
    p.pct_low[k] = tail->lo[k];
    p.pct_high[k] = tail->hi[k];
  }
  p.raw = rp->raw;
  p.nraw = rp->nraw;
  p.run_medians = rp->run_medians;
  p.nrun_medians = rp->nrun_medians;
  p.run_means = rp->run_means;
  p.nrun_means = rp->nrun_means;
  if (isnan(p.mean))    /* no value (valid: 0): left out, as the report
                         * leaves it out */
    return 0;
  in->npoints++;
  return sk_store_add_point(in->st, suite, &p);
}

/* "KEY=VALUE" lines of the suite's resolved parameters. */
static char *sk_ingest_params(const sk_rfile_suite_t *s)
{
  char *out = NULL;
  size_t i, len = 0;
  FILE *f = open_memstream(&out, &len);
  if (!f)
    return NULL;
  for (i = 0; i < s->nparams; i++)
    fprintf(f, "%s=%s\n", s->params[i].key, s->params[i].value);
  fclose(f);
  return out;
}

static int sk_ingest_suite(sk_ingest_t *in, int64_t run, size_t i)
{
  static const char *const args[] = {"none", "length", "nodes", "chunks"};
  const sk_rfile_suite_t *rs = &in->r->suites[i];
  sk_store_suite_t s;
  char *params = sk_ingest_params(rs);
  char *noise = sk_ingest_noise(rs->noise_verdict, rs->noise_evidence,
                                rs->noise_degree);
  int64_t id;
  size_t j;
  s.position = (long)i;
  s.type = rs->type;
  s.name = rs->name;
  s.instance = rs->instance;
  s.pattern = rs->pattern;
  s.status = rs->status;
  s.argument_name = args[rs->arg];
  s.parameters = params ? params : "";
  s.verdict = rs->noise_verdict;
  s.noise = rs->noise_verdict != NULL ? noise : NULL;
  s.pair_selection = *rs->pair_selection ? rs->pair_selection : NULL;
  s.pair_placement = rs->pair_inter < 0 ? NULL
                     : rs->pair_inter ? "inter_node" : "intra_node";
  id = noise != NULL ? sk_store_add_suite(in->st, run, &s) : -1;
  if (noise == NULL)
    sk_msg_error("out of memory");
  free(noise);
  free(params);
  if (id < 0)
    return -1;
  for (j = 0; j < rs->npoints; j++)
    if (sk_ingest_point(in, &rs->points[j], id) < 0)
      return -1;
  return 0;
}

static int sk_ingest_suites(sk_ingest_t *in, int64_t run)
{
  size_t i;
  for (i = 0; i < in->r->nsuites; i++)
    if (sk_ingest_suite(in, run, i) < 0)
      return -1;
  return 0;
}

/* A merged file: its campaign, with the runs of merged.files. */
static int sk_ingest_campaign(sk_ingest_t *in, int64_t run)
{
  int64_t c = sk_store_add_campaign(in->st, run, in->path);
  size_t i;
  if (c < 0)
    return -1;
  for (i = 0; i < in->r->nmembers; i++)
    if (sk_store_add_member(in->st, c, (long)i, in->r->members[i].sha256,
                            in->r->members[i].path) < 0)
      return -1;
  return 0;
}

static int sk_ingest_store(sk_ingest_t *in, const sk_ingest_opts_t *o,
                           sk_ingest_result_t *res)
{
  int merged = in->r->merged;
  int64_t m, e, run;
  if ((m = sk_ingest_machine(in, o)) < 0 || (e = sk_ingest_env(in)) < 0 ||
      (run = sk_ingest_run(in, o, m, e, merged)) < 0 ||
      (in->r->nodemap != NULL &&
       sk_store_add_nodes(in->st, run, in->r->nodemap) < 0) ||
      sk_ingest_tags(in, o, run) < 0 || sk_ingest_suites(in, run) < 0 ||
      (merged && sk_ingest_campaign(in, run) < 0) ||
      sk_store_link_members(in->st, in->sha, run) < 0)
    return -1;
  res->run = run;
  res->added = 1;
  res->nsuites = (long)in->r->nsuites;
  res->npoints = in->npoints;
  res->merged = merged;
  return 0;
}

/* What is hashed and kept is what was read and checked. */
static int sk_ingest_parse(sk_ingest_t *in, const sk_ingest_opts_t *o)
{
  sk_sha256_t h;
  sk_sha256_init(&h);
  sk_sha256_update(&h, in->bytes, in->len);
  sk_sha256_final(&h, in->sha);
  if (o->peer) {
    sk_peer_opts_t po = {o->library ? o->library : "", o->np,
                         in->mtime[0] ? in->mtime : o->now};
    in->r = sk_peer_parse(o->peer_kind, in->path, (const char *)in->bytes,
                          in->len, &po);
    return in->r ? 0 : -1;
  }
  return sk_rfile_load_mem(in->path, in->bytes, in->len, &in->r);
}

/* The transaction: the run there already, or all of the file.  The file
 * was read and checked whole before, so what fails here is the
 * database. */
static int sk_ingest_txn(sk_ingest_t *in, const sk_ingest_opts_t *o,
                         sk_ingest_result_t *res)
{
  int64_t there;
  int rc = -1;
  if (sk_store_begin(in->st) < 0)
    return SK_INGEST_FAILED;
  /* looked up inside the transaction: a second import of the same file
   * running at once waits for the first and then finds its run */
  there = sk_store_run_by_hash(in->st, in->sha);
  if (there > 0) {
    res->run = there;
    rc = 0;
  } else if (there == 0)
    rc = sk_ingest_store(in, o, res);
  if (rc == 0 && sk_store_commit(in->st) == 0)
    return 0;
  sk_store_rollback(in->st);
  memset(res, 0, sizeof *res);
  return SK_INGEST_FAILED;
}

static int sk_ingest_bytes(sk_store_t *st, const char *name,
                           const void *bytes, size_t len, const char *mtime,
                           const sk_ingest_opts_t *o, sk_ingest_result_t *res)
{
  sk_ingest_t in;
  int rc = SK_INGEST_BAD;
  memset(&in, 0, sizeof in);
  snprintf(in.mtime, sizeof in.mtime, "%s", mtime);
  memset(res, 0, sizeof *res);
  in.path = name;
  in.st = st;
  in.bytes = bytes ? bytes : (const void *)"";
  in.len = bytes ? len : 0;
  sk_msg_source(name, in.bytes, in.len);
  if (len > SK_INGEST_MAX_BYTES)
    sk_msg_error_at(name, 0, 0, "larger than the limit of 1 GiB");
  else if (sk_ingest_parse(&in, o) == 0)
    rc = sk_ingest_txn(&in, o, res);
  sk_rfile_free(in.r);
  sk_msg_source(NULL, NULL, 0);
  return rc;
}

int sk_ingest_mem(sk_store_t *st, const char *name, const void *bytes,
                  size_t len, const sk_ingest_opts_t *o,
                  sk_ingest_result_t *res)
{
  return sk_ingest_bytes(st, name, bytes, len, "", o, res);
}

int sk_ingest_file(sk_store_t *st, const char *path,
                   const sk_ingest_opts_t *o, sk_ingest_result_t *res)
{
  unsigned char *buf = NULL;
  size_t len = 0;
  char mtime[32] = "";
  int rc;
  memset(res, 0, sizeof *res);
  if (sk_ingest_read(path, o->nofollow, &buf, &len, mtime) < 0) {
    free(buf);
    return SK_INGEST_BAD;
  }
  rc = sk_ingest_bytes(st, path, buf, len, mtime, o, res);
  free(buf);
  return rc;
}

void sk_ingest_now(char buf[32])
{
  const char *epoch = getenv("SOURCE_DATE_EPOCH");
  time_t t = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10)
                             : time(NULL);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
