/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cputopo.c -- packages, NUMA domains and online CPUs from sysfs
 * (cputopo.h).
 */
#include <config.h>

#include "cputopo.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first line of ROOT/REL (at most 64 KiB) into a new string, or NULL. */
static char *sk_cputopo_line(const char *root, const char *rel)
{
  char path[4096];
  size_t cap = 65536 + 2;
  char *buf;
  FILE *fp;
  if ((size_t)snprintf(path, sizeof path, "%s/%s", root, rel) >= sizeof path
      || (fp = fopen(path, "r")) == NULL)
    return NULL;
  if ((buf = malloc(cap)) != NULL && fgets(buf, (int)cap, fp) == NULL) {
    free(buf);
    buf = NULL;
  }
  fclose(fp);
  return buf;
}

/* A set file (a cpulist) under root into *s; -1 when unreadable or not
 * a list. */
static int sk_cputopo_list(const char *root, const char *rel, sk_cpuset_t *s)
{
  char *line = sk_cputopo_line(root, rel);
  int rc = line != NULL ? sk_cpuset_parse(line, s) : -1;
  free(line);
  if (rc != 0)
    sk_cpuset_clear(s);
  return rc;
}

int sk_cputopo_online(const char *root, sk_cpuset_t *s)
{
  return sk_cputopo_list(root, "devices/system/cpu/online", s);
}

/* The package of CPU n, -1 when unknown. */
static long sk_cputopo_package(const char *root, long n)
{
  char rel[96], *line, *end;
  long id;
  snprintf(rel, sizeof rel,
           "devices/system/cpu/cpu%ld/topology/physical_package_id", n);
  if ((line = sk_cputopo_line(root, rel)) == NULL)
    return -1;
  id = strtol(line, &end, 10);
  if (end == line || (*end != '\0' && *end != '\n') || id < 0 ||
      id >= SK_CPUSET_MAX)
    id = -1;
  free(line);
  return id;
}

/* Is NAME "node" and a number (a NUMA node's directory)? */
static long sk_cputopo_node_number(const char *name)
{
  char *end;
  long n;
  if (strncmp(name, "node", 4) != 0 || name[4] < '0' || name[4] > '9')
    return -1;
  n = strtol(name + 4, &end, 10);
  return *end == '\0' && n < SK_CPUSET_MAX ? n : -1;
}

/* The NUMA nodes whose CPUs meet t->cpus. */
static void sk_cputopo_numa(const char *root, sk_cputopo_t *t)
{
  char path[4096], rel[96];
  struct dirent *d;
  sk_cpuset_t cpus;
  DIR *dir;
  long n;
  snprintf(path, sizeof path, "%s/devices/system/node", root);
  if ((dir = opendir(path)) == NULL)
    return;
  while ((d = readdir(dir)) != NULL) {
    if ((n = sk_cputopo_node_number(d->d_name)) < 0)
      continue;
    snprintf(rel, sizeof rel, "devices/system/node/node%ld/cpulist", n);
    if (sk_cputopo_list(root, rel, &cpus) == 0 &&
        sk_cpuset_overlap(&cpus, &t->cpus))
      sk_cpuset_add(&t->numa, n);
  }
  closedir(dir);
}

void sk_cputopo_read(const char *root, sk_cputopo_t *t)
{
  sk_cpuset_t online;
  long n, pkg;
  sk_cpuset_clear(&t->packages);
  sk_cpuset_clear(&t->numa);
  t->online = sk_cputopo_online(root, &online) == 0
                  ? sk_cpuset_count(&online) : 0;
  for (n = 0; n < SK_CPUSET_MAX; n++) {
    if (!sk_cpuset_has(&t->cpus, n))
      continue;
    if ((pkg = sk_cputopo_package(root, n)) < 0) {
      /* one CPU of unknown package: the set would mislead */
      sk_cpuset_clear(&t->packages);
      break;
    }
    sk_cpuset_add(&t->packages, pkg);
  }
  sk_cputopo_numa(root, t);
}
