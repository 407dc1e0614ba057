#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# neighbor4.sh -- the neighbourhood collectives on 4 processes (this test
# needs 4; it is short): a 2 x 2 grid, a ring and random regular graphs,
# each suite complete (its data verified at every point) with its
# topology recorded.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 4 "$top_srcdir/tests/mpi/neighbor4.skampi" "$out" --quiet \
  --timeout 600 || fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
expect factors.processes 4
for i in 0 1 2 3; do
  expect suites.$i.status complete
  expect suites.$i.points.1.argument 512
done
expect suites.0.topology.kind cartesian
expect suites.0.topology.dimensions.0 2
expect suites.0.topology.dimensions.1 2
expect suites.0.topology.sources 4
expect suites.1.topology.kind ring
expect suites.1.topology.destinations 2
expect suites.2.topology.kind random_regular
expect suites.2.topology.degree 2
expect suites.2.topology.seed 12345
expect suites.2.topology.sources 2
expect suites.3.topology.degree 3
expect suites.3.topology.seed 1
expect suites.3.topology.destinations 3
sane
exit 0
