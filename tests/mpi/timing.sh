# SPDX-License-Identifier: BSD-3-Clause
# timing.sh -- Collective_Timing: Max_Local (the default) and Root_Barrier
# (the paper's: root time minus barrier time, recorded per point).
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 2 "$SUITES/timing.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
expect suites.0.timing max_local
expect suites.1.timing root_minus_barrier
[ -z "$(get suites.0.points.0.barrier_time)" ] || fail "barrier_time with max_local"
for p in 0 1 2; do
  bt=$(get suites.1.points.$p.barrier_time)
  awk -v b="$bt" 'BEGIN { exit !(b > 0 && b < 1) }' ||
    fail "root_barrier point $p: barrier_time '$bt'"
done
[ -n "$(get suites.1.points.0.node_times.1)" ] || fail "no node_times"
# Nodes: the barrier time is measured on the point's communicator.
expect suites.2.points.0.processes 2
[ -n "$(get suites.2.points.0.barrier_time)" ] || fail "no barrier_time (nodes)"
sane
exit 0
