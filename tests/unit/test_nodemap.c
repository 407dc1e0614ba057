/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_nodemap.c -- the node map (lib/nodemap.h) and what it is made of:
 * CPU lists (lib/cpuset.h) parsed and formatted, refused when they are
 * not lists; packages, NUMA domains and online CPUs read from a sysfs
 * tree made here with two sockets (lib/cputopo.h); a map built rank by
 * rank (runs, nodes, shared-memory domains and whether they agree), its
 * questions (same node, same socket, the first pair of each kind, the
 * title page's summary), its file form read back, and hostile maps
 * refused with their exact messages.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpuset.h"
#include "cputopo.h"
#include "emit.h"
#include "nodemap.h"
#include "sk_test.h"
#include "yread.h"

/* ---- CPU lists ---------------------------------------------------------- */

/* TEXT parsed and formatted again, or "REFUSED". */
static char *roundtrip(const char *text)
{
  sk_cpuset_t s;
  if (sk_cpuset_parse(text, &s) != 0)
    return strdup("REFUSED");
  return sk_cpuset_format(&s);
}

static void check_list(const char *text, const char *want)
{
  char *got = roundtrip(text);
  SK_CHECK_MSG(strcmp(got, want) == 0, "'%s' gave '%s', not '%s'", text,
               got, want);
  free(got);
}

static void test_cpuset(void)
{
  sk_cpuset_t a, b;
  char *big;
  check_list("0-3,6,8-9", "0-3,6,8-9");
  check_list("", "");
  check_list("5-5", "5");
  check_list("3,1,2", "1-3");
  check_list("0-1\n", "0-1");
  check_list("8191", "8191");
  check_list("8192", "REFUSED");
  check_list("100000", "REFUSED");
  check_list(" 1", "REFUSED");
  check_list("-1", "REFUSED");
  check_list("3-1", "REFUSED");
  check_list("1,,2", "REFUSED");
  check_list("1,", "REFUSED");
  check_list("1-", "REFUSED");
  check_list("a", "REFUSED");
  check_list("1\n2", "REFUSED");
  sk_cpuset_parse("0-3", &a);
  sk_cpuset_parse("3-5", &b);
  SK_CHECK_INT(sk_cpuset_count(&a), 4);
  SK_CHECK_INT(sk_cpuset_first(&b), 3);
  SK_CHECK(sk_cpuset_overlap(&a, &b));
  sk_cpuset_union(&a, &b);
  SK_CHECK_INT(sk_cpuset_count(&a), 6);
  SK_CHECK(!sk_cpuset_equal(&a, &b));
  /* every other CPU of the whole set: the longest list fits */
  sk_cpuset_clear(&a);
  for (long i = 0; i < SK_CPUSET_MAX; i += 3) {
    sk_cpuset_add(&a, i);
    sk_cpuset_add(&a, i + 1);
  }
  big = sk_cpuset_format(&a);
  SK_CHECK(big != NULL && sk_cpuset_parse(big, &b) == 0 &&
           sk_cpuset_equal(&a, &b));
  free(big);
  SK_CHECK_INT(sk_cpuset_add(&a, SK_CPUSET_MAX), -1);
}

/* ---- a sysfs tree of two sockets and two NUMA domains ------------------- */

static void put(const char *root, const char *rel, const char *text)
{
  char path[512], dir[512], *slash;
  FILE *fp;
  snprintf(path, sizeof path, "%s/%s", root, rel);
  snprintf(dir, sizeof dir, "%s", path);
  for (slash = strchr(dir + strlen(root) + 1, '/'); slash != NULL;
       slash = strchr(slash + 1, '/')) {
    *slash = '\0';
    mkdir(dir, 0700);
    *slash = '/';
  }
  fp = fopen(path, "w");
  SK_CHECK(fp != NULL);
  if (fp != NULL) {
    fputs(text, fp);
    fclose(fp);
  }
}

static void test_cputopo(void)
{
  char root[] = "/tmp/sk-sysfs-XXXXXX", rel[128], *s;
  sk_cputopo_t t;
  int cpu;
  SK_CHECK(mkdtemp(root) != NULL);
  put(root, "devices/system/cpu/online", "0-3\n");
  for (cpu = 0; cpu < 4; cpu++) {
    snprintf(rel, sizeof rel,
             "devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
    put(root, rel, cpu < 2 ? "0\n" : "1\n");
  }
  put(root, "devices/system/node/node0/cpulist", "0-1\n");
  put(root, "devices/system/node/node1/cpulist", "2-3\n");
  put(root, "devices/system/node/possible", "0-1\n");
  sk_cpuset_parse("1-2", &t.cpus);
  sk_cputopo_read(root, &t);
  SK_CHECK_INT(t.online, 4);
  s = sk_cpuset_format(&t.packages);
  SK_CHECK_STR(s, "0-1");
  free(s);
  s = sk_cpuset_format(&t.numa);
  SK_CHECK_STR(s, "0-1");
  free(s);
  sk_cpuset_parse("3", &t.cpus);
  sk_cputopo_read(root, &t);
  s = sk_cpuset_format(&t.packages);
  SK_CHECK_STR(s, "1");
  free(s);
  /* a CPU of unknown package makes the packages unknown, not partial */
  sk_cpuset_parse("3-4", &t.cpus);
  sk_cputopo_read(root, &t);
  SK_CHECK_INT(sk_cpuset_count(&t.packages), 0);
  /* no tree at all: nothing known, nothing fails */
  sk_cputopo_read("/nonexistent-sysfs", &t);
  SK_CHECK_INT(t.online, 0);
  SK_CHECK_INT(sk_cpuset_count(&t.numa), 0);
  {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    SK_CHECK(system(cmd) == 0);
  }
}

/* ---- a map built rank by rank ------------------------------------------- */

/* Adds a rank: host, domain leader, CPUs, packages, online. */
static void add(sk_nodemap_t *m, const char *host, long leader,
                const char *cpus, const char *pkgs, long online)
{
  sk_nodemap_rec_t r;
  sk_cpuset_t s;
  sk_cpuset_parse(cpus, &s);
  r.host = host;
  r.shm_leader = leader;
  r.cpus = cpus;
  r.packages = pkgs;
  r.numa = pkgs;
  r.ncpus = sk_cpuset_count(&s);
  r.online = online;
  SK_CHECK_INT(sk_nodemap_add(m, &r), 0);
}

/* 7 ranks: a (0-1 unpinned, 4 pinned to CPU 2 of socket 1), b (2-3,
 * pinned to CPUs 0 and 1 of socket 0), c (5-6 pinned to socket 1). */
static void build(sk_nodemap_t *m)
{
  sk_nodemap_init(m);
  add(m, "a", 0, "0-3", "0-1", 4);
  add(m, "a", 0, "0-3", "0-1", 4);
  add(m, "b", 2, "0", "0", 4);
  add(m, "b", 2, "1", "0", 4);
  add(m, "a", 0, "2", "1", 4);
  add(m, "c", 5, "2", "1", 4);
  add(m, "c", 5, "3", "1", 4);
  sk_nodemap_finish(m);
}

static void test_build(void)
{
  sk_nodemap_t m;
  long pair[2];
  char buf[160];
  build(&m);
  SK_CHECK_INT(m.nranks, 7);
  SK_CHECK_INT(m.nnodes, 3);
  SK_CHECK_STR(m.nodes[0].host, "a");
  SK_CHECK_INT(m.nodes[0].ranks, 3);
  SK_CHECK_INT(m.nodes[1].first, 2);
  SK_CHECK_INT(m.nruns, 6);        /* 0-1 alike, every other rank alone */
  SK_CHECK(m.runs[0].first == 0 && m.runs[0].last == 1);
  SK_CHECK_INT(m.runs[0].pinned, 0);
  SK_CHECK_INT(m.runs[1].pinned, 1);
  SK_CHECK_INT(m.runs[0].package, -1);
  SK_CHECK_INT(m.runs[1].package, 0);
  SK_CHECK_INT(m.shm_domains, 3);
  SK_CHECK_INT(m.shm_agrees, 1);
  SK_CHECK_INT(sk_nodemap_pinned(&m), 5);
  SK_CHECK_INT(sk_nodemap_node_of(&m, 4), 0);
  SK_CHECK_INT(sk_nodemap_node_of(&m, 7), -1);
  SK_CHECK_INT(sk_nodemap_same_node(&m, 0, 4), 1);
  SK_CHECK_INT(sk_nodemap_same_node(&m, 0, 2), 0);
  SK_CHECK_INT(sk_nodemap_same_socket(&m, 2, 3), 1);
  SK_CHECK_INT(sk_nodemap_same_socket(&m, 0, 4), -1);   /* 0 unbound */
  SK_CHECK_INT(sk_nodemap_same_socket(&m, 2, 5), 0);    /* two nodes */
  SK_CHECK(sk_nodemap_pair(&m, SK_NODEMAP_INTER_NODE, pair) == 0 &&
           pair[0] == 0 && pair[1] == 2);
  SK_CHECK(sk_nodemap_pair(&m, SK_NODEMAP_INTRA_NODE, pair) == 0 &&
           pair[0] == 0 && pair[1] == 1);
  SK_CHECK(sk_nodemap_pair(&m, SK_NODEMAP_INTRA_SOCKET, pair) == 0 &&
           pair[0] == 2 && pair[1] == 3);
  sk_nodemap_summary(&m, buf, sizeof buf);
  SK_CHECK_STR(buf, "3 hosts, 2\xe2\x80\x93" "3 ranks each, 5 of 7 ranks "
               "pinned");
  sk_nodemap_free(&m);
  SK_CHECK_INT(m.nruns, 0);
  sk_nodemap_free(&m);             /* twice is safe */
}

static void test_pairs_missing(void)
{
  sk_nodemap_t m;
  long pair[2];
  char buf[160];
  /* one host, unbound ranks, MPI sees two domains */
  sk_nodemap_init(&m);
  add(&m, "vm", 0, "0-1", "0", 2);
  add(&m, "vm", 1, "0-1", "0", 2);
  sk_nodemap_finish(&m);
  SK_CHECK_INT(m.shm_agrees, 0);
  SK_CHECK_INT(sk_nodemap_pair(&m, SK_NODEMAP_INTER_NODE, pair), -1);
  /* one socket: unbound ranks are on the same one */
  SK_CHECK(sk_nodemap_pair(&m, SK_NODEMAP_INTRA_SOCKET, pair) == 0 &&
           pair[0] == 0 && pair[1] == 1);
  sk_nodemap_summary(&m, buf, sizeof buf);
  SK_CHECK_STR(buf, "1 host \xc3\x97 2 ranks, not pinned; MPI shared "
               "memory: 2 domains");
  sk_nodemap_free(&m);
  /* two sockets, unbound: no intra-socket pair; one rank a host */
  sk_nodemap_init(&m);
  add(&m, "x", 0, "0-3", "0-1", 4);
  add(&m, "x", 0, "0-3", "0-1", 4);
  add(&m, "y", 2, "0-3", "0-1", 4);
  sk_nodemap_finish(&m);
  SK_CHECK_INT(sk_nodemap_pair(&m, SK_NODEMAP_INTRA_SOCKET, pair), -1);
  SK_CHECK(sk_nodemap_pair(&m, SK_NODEMAP_INTER_NODE, pair) == 0 &&
           pair[1] == 2);
  sk_nodemap_free(&m);
  sk_nodemap_init(&m);
  add(&m, "p", 0, "0", "0", 1);
  add(&m, "q", 1, "0", "0", 1);
  sk_nodemap_finish(&m);
  SK_CHECK_INT(sk_nodemap_pair(&m, SK_NODEMAP_INTRA_NODE, pair), -1);
  sk_nodemap_summary(&m, buf, sizeof buf);
  SK_CHECK_STR(buf, "2 hosts \xc3\x97 1 rank, not pinned");
  sk_nodemap_free(&m);
  /* a host name longer than the map keeps: cut, and still one node */
  {
    char longname[301];
    memset(longname, 'h', 300);
    longname[300] = '\0';
    sk_nodemap_init(&m);
    add(&m, longname, 0, "0", "0", 2);
    add(&m, longname, 0, "1", "0", 2);
    sk_nodemap_finish(&m);
    SK_CHECK_INT(m.nnodes, 1);
    SK_CHECK_INT(strlen(m.nodes[0].host), SK_NODEMAP_HOST_MAX);
    SK_CHECK_INT(m.nodes[0].ranks, 2);
    sk_nodemap_free(&m);
  }
}

/* A map of many ranks is built in linear time: 200000 ranks on 50000
 * hosts, every rank its own run (pinned to CPU r % 4). */
static void test_many(void)
{
  sk_nodemap_t m;
  char host[32], cpu[8];
  long r, pair[2];
  sk_nodemap_init(&m);
  for (r = 0; r < 200000; r++) {
    sk_nodemap_rec_t rec;
    snprintf(host, sizeof host, "n%ld", r / 4);
    snprintf(cpu, sizeof cpu, "%ld", r % 4);
    rec.host = host;
    rec.shm_leader = r - r % 4;
    rec.cpus = cpu;
    rec.packages = "0";
    rec.numa = "0";
    rec.ncpus = 1;
    rec.online = 4;
    if (sk_nodemap_add(&m, &rec) != 0)
      break;
  }
  sk_nodemap_finish(&m);
  SK_CHECK_INT(m.nranks, 200000);
  SK_CHECK_INT(m.nnodes, 50000);
  SK_CHECK_INT(m.shm_agrees, 1);
  SK_CHECK_INT(sk_nodemap_node_of(&m, 199999), 49999);
  SK_CHECK(sk_nodemap_pair(&m, SK_NODEMAP_INTRA_NODE, pair) == 0 &&
           pair[0] == 0 && pair[1] == 1);
  sk_nodemap_free(&m);
}

/* ---- the file form ------------------------------------------------------ */

static char cap[8192];

/* Loads TEXT (the value under node_map:) into *m; the messages in cap. */
static int load(const char *text, sk_nodemap_t *m)
{
  sk_yread_t y;
  FILE *err = tmpfile();
  int saved = dup(2), rc = -1;
  size_t n;
  fflush(stderr);
  dup2(fileno(err), 2);
  sk_yread_init(&y);
  if (sk_yread_mem(&y, "(mem)", text, strlen(text)) == 0)
    rc = sk_nodemap_load(&y, sk_yread_get(&y, sk_yread_root(&y),
                                          "node_map"), m);
  sk_yread_done(&y);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  rewind(err);
  n = fread(cap, 1, sizeof cap - 1, err);
  cap[n] = '\0';
  fclose(err);
  return rc;
}

static void test_io(void)
{
  sk_nodemap_t m, back;
  char *text = NULL;
  size_t len = 0;
  FILE *fp = open_memstream(&text, &len);
  sk_emit_t *e = sk_emit_open(fp);
  build(&m);
  sk_emit_map_begin(e);
  sk_nodemap_emit(e, &m);
  sk_emit_map_end(e);
  SK_CHECK_INT(sk_emit_close(e), 0);
  fclose(fp);
  SK_CHECK(strstr(text, "{host: a, ranks: 3, first_rank: 0, "
                        "cpus_online: 4}") != NULL);
  SK_CHECK(strstr(text, "{ranks: [0, 1], node: 0, shared_memory: 0, cpus: "
                        "0-3, packages: 0-1, numa: 0-1, ncpus: 4, pinned: "
                        "false}") != NULL);
  SK_CHECK(strstr(text, "pinned_ranks: 5") != NULL);
  SK_CHECK_INT(load(text, &back), 0);
  SK_CHECK_STR(cap, "");
  SK_CHECK_INT(back.nranks, 7);
  SK_CHECK_INT(back.nruns, 6);
  SK_CHECK_INT(back.nnodes, 3);
  SK_CHECK_STR(back.nodes[2].host, "c");
  SK_CHECK_INT(back.runs[1].package, 0);
  SK_CHECK_INT(sk_nodemap_same_socket(&back, 2, 3), 1);
  sk_nodemap_free(&back);
  sk_nodemap_free(&m);
  free(text);
}

#define HEAD "node_map:\n  ranks: 2\n  shared_memory_domains: 1\n" \
             "  shared_memory_agrees: true\n"
#define NODE "  nodes:\n  - {host: vm, ranks: 2, first_rank: 0, " \
             "cpus_online: 2}\n"
#define RUN(r) "  - {ranks: " r ", node: 0, shared_memory: 0, cpus: 0-1, " \
               "packages: '0', numa: '0', ncpus: 2, pinned: false}\n"

/* TEXT is refused with exactly the message WANT. */
static void refused(const char *text, const char *want)
{
  sk_nodemap_t m;
  int rc = load(text, &m);
  SK_CHECK_MSG(rc == -1, "accepted: %s", text);
  SK_CHECK_STR(cap, want);
  SK_CHECK_INT(m.nruns + m.nnodes, 0);
}

static void test_hostile(void)
{
  sk_nodemap_t m;
  SK_CHECK_INT(load(HEAD NODE "  placement:\n" RUN("[0, 1]"), &m), 0);
  sk_nodemap_free(&m);
  refused(HEAD NODE "  placement:\n" RUN("[0, 0]"),
          "(mem):8:3: error: 'placement' ends at rank 0: the run has 2 "
          "ranks\n");
  refused(HEAD NODE "  placement:\n" RUN("[1, 1]"),
          "(mem):8:13: error: 'ranks' must be [0, L] with 0 <= L < 2: the "
          "runs cover every rank once, in order\n");
  refused(HEAD NODE "  placement:\n" RUN("[0, 5]"),
          "(mem):8:13: error: 'ranks' must be [0, L] with 0 <= L < 2: the "
          "runs cover every rank once, in order\n");
  refused(HEAD NODE "  placement:\n" RUN("[0, 0]") RUN("[0, 1]"),
          "(mem):9:13: error: 'ranks' must be [1, L] with 1 <= L < 2: the "
          "runs cover every rank once, in order\n");
  refused("node_map:\n  ranks: 2147483648\n",
          "(mem):2:10: error: 'ranks' must be from 1 to 2147483647, not "
          "2147483648\n");
  refused("node_map:\n  ranks: 2\n  shared_memory_domains: 3\n",
          "(mem):3:26: error: 'shared_memory_domains' must be from 1 to 2, "
          "not 3\n");
  refused("node_map: [1, 2]\n", "(mem):1:11: error: 'node_map' must be a "
          "mapping (key: value lines)\n");
  refused(HEAD "  nodes:\n  - {host: vm, ranks: 3, first_rank: 0, "
          "cpus_online: 2}\n",
          "(mem):6:23: error: 'ranks' must be from 1 to 2, not 3\n");
  refused(HEAD "  nodes:\n  - {host: '', ranks: 2, first_rank: 0, "
          "cpus_online: 2}\n",
          "(mem):6:12: error: 'host' must be a name of 1 to 255 bytes\n");
  refused(HEAD NODE "  placement:\n  - {ranks: [0, 1], node: 1, "
          "shared_memory: 0, cpus: 0-1, packages: '0', numa: '0', ncpus: "
          "2, pinned: false}\n",
          "(mem):8:27: error: 'node' must be from 0 to 0, not 1\n");
  refused(HEAD NODE "  placement:\n  - {ranks: [0, 1], node: 0, "
          "shared_memory: 0, cpus: '0-1; rm -rf /', packages: '0', numa: "
          "'0', ncpus: 2, pinned: false}\n",
          "(mem):8:54: error: 'cpus' must be a list of numbers below 8192 "
          "such as \"0-3,6\"\n");
  refused(HEAD NODE "  placement:\n  - {ranks: [0, 1], node: 0, "
          "shared_memory: 0, cpus: 0-1, packages: '0', numa: '0', ncpus: "
          "2}\n",
          "(mem):8:5: error: a run of 'placement' lacks 'pinned'\n");
  /* two nodes by 'nodes', but every rank on node 0 by 'placement' */
  refused(HEAD "  nodes:\n  - {host: a, ranks: 1, first_rank: 0, "
          "cpus_online: 2}\n  - {host: b, ranks: 1, first_rank: 1, "
          "cpus_online: 2}\n  placement:\n" RUN("[0, 1]"),
          "(mem):2:3: error: 'node_map' node 0 has 2 ranks from rank 0 by "
          "'placement', not 1 from 0\n");
}

int main(void)
{
  test_cpuset();
  test_cputopo();
  test_build();
  test_pairs_missing();
  test_many();
  test_io();
  test_hostile();
  return sk_test_result();
}
