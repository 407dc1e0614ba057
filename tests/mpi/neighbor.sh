#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# neighbor.sh -- the neighbourhood collectives on 2 processes: every
# instance runs complete on the default topology (a periodic 1-D grid of
# 2: each process is the other's neighbour on both sides), in derived
# datatypes too, and the alltoall on a 2-D and a 3-D grid, a ring and a
# random 1-regular graph; every point passed its integrity check (each
# process checks what each neighbour sent), or its suite would have
# failed; each suite records its topology as doc/output-format.md says.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 2 "$top_srcdir/tests/mpi/neighbor.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
nsuites=$(grep -c '{ Type' "$top_srcdir/tests/mpi/neighbor.skampi")
[ "$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")" -eq "$nsuites" ] ||
  fail "want $nsuites suites"
i=0
while [ "$i" -lt "$nsuites" ]; do
  expect suites.$i.status complete
  expect suites.$i.points.2.argument 4096
  expect suites.$i.timing max_local
  i=$((i + 1))
done
expect suites.0.instance MPI_Neighbor_allgather
expect suites.9.instance MPI_Ineighbor_alltoallw
# the default: a periodic line of 2 processes
expect suites.2.topology.kind cartesian
expect suites.2.topology.dimensions.0 2
expect suites.2.topology.dimensions.1 ""
expect suites.2.topology.periodic true
expect suites.2.topology.sources 2
expect suites.2.topology.destinations 2
expect suites.2.topology.degree ""
expect suites.2.parameters.Neighbor_Topology Cartesian
# 2-D and 3-D: MPI_Dims_create's 2 x 1 and 2 x 1 x 1
expect suites.10.topology.dimensions.0 2
expect suites.10.topology.dimensions.1 1
expect suites.10.topology.dimensions.2 ""
expect suites.10.topology.sources 4
expect suites.11.topology.dimensions.2 1
expect suites.11.topology.sources 6
expect suites.11.topology.destinations 6
# the graphs
expect suites.12.topology.kind ring
expect suites.12.topology.sources 2
expect suites.12.topology.dimensions.0 ""
expect suites.13.topology.kind random_regular
expect suites.13.topology.degree 1
expect suites.13.topology.seed 7
expect suites.13.topology.sources 1
expect suites.13.topology.destinations 1
expect suites.13.parameters.Neighbor_Seed 7
sane
exit 0
