/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cputopo.h -- where a set of CPUs sits in its machine, from Linux's
 * sysfs (no MPI; no hwloc): the packages (sockets) and NUMA domains of
 * the CPUs, and the CPUs online.
 *
 * ROOT is the sysfs mount point, "/sys" in a run; a test passes a tree of
 * its own with the same files:
 *   ROOT/devices/system/cpu/online                       "0-7"
 *   ROOT/devices/system/cpu/cpuN/topology/physical_package_id   "0"
 *   ROOT/devices/system/node/nodeM/cpulist               "0-3"
 * A file that is missing or unreadable leaves its part unknown (an empty
 * set); nothing here fails a run.
 */
#ifndef SK_CPUTOPO_H
#define SK_CPUTOPO_H

#include "cpuset.h"

/* Where one process may run, as a node map records it (nodemap.h). */
typedef struct sk_cputopo {
  sk_cpuset_t cpus;        /* the process's affinity */
  sk_cpuset_t packages;    /* physical_package_id of each of its CPUs */
  sk_cpuset_t numa;        /* NUMA nodes whose cpulist holds one of them */
  long online;             /* CPUs online on the machine; 0: unknown */
} sk_cputopo_t;

/* Fills t->packages, t->numa and t->online for the CPUs in t->cpus,
 * reading under root.  Reads one small file per CPU of the affinity and
 * one per NUMA node: done once per run, never in a timed region. */
void sk_cputopo_read(const char *root, sk_cputopo_t *t);

/* The CPUs online under root into *s; -1 (s empty) when unreadable. */
int sk_cputopo_online(const char *root, sk_cpuset_t *s);

#endif
