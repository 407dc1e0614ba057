#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# node-host.sh -- a stand-in for a node of its own, for tests/mpi/
# two-nodes.sh: runs COMMAND... in a new UTS namespace whose host name is
# node<N>, N = the rank (PMI_RANK under MPICH, OMPI_COMM_WORLD_RANK under
# Open MPI) divided by SK_RANKS_PER_NODE (default 1).  SK_UNSHARE is the
# command that makes the namespace (default "unshare -u": root; "unshare
# -Ur -u" with user namespaces).  SK_AFFINITIES="L0 L1 ...", when set,
# gives rank r the CPU list Lr as SKAMPI_TEST_AFFINITY (a test-only
# switch of skampi: doc/robustness.md).
r=${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}
n=$(( r / ${SK_RANKS_PER_NODE:-1} ))
if [ -n "${SK_AFFINITIES:-}" ]; then
  # shellcheck disable=SC2086
  set -- $SK_AFFINITIES -- "$@"
  i=0
  while [ "$1" != -- ]; do
    [ "$i" = "$r" ] && SKAMPI_TEST_AFFINITY=$1 && export SKAMPI_TEST_AFFINITY
    i=$((i + 1))
    shift
  done
  shift
fi
# shellcheck disable=SC2086
exec ${SK_UNSHARE:-unshare -u} sh -c 'hostname "$0" && exec "$@"' "node$n" "$@"
