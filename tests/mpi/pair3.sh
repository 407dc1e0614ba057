# SPDX-License-Identifier: BSD-3-Clause
# pair3.sh -- NEEDS 3 PROCESSES (short): with more than two processes the
# ping-pong pair is chosen by measurement (a round-robin tournament) and
# recorded; a Nodes suite measures 2 and 3 processes.  Then each pair in
# turn is made 50 ms slower (SKAMPI_TEST_SLOW_PAIR, test only) and must be
# the one chosen.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 3 "$SUITES/pair3.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
expect factors.processes 3
a=$(get suites.0.pingpong_pair.0)
b=$(get suites.0.pingpong_pair.1)
case "$a$b" in 01|02|12) ;; *) fail "pingpong_pair is [$a, $b]" ;; esac
[ -n "$(get suites.0.pingpong_pair_latency)" ] || fail "no pingpong_pair_latency"
expect suites.0.points.0.processes 2
[ -n "$(get suites.0.points.0.node_times.1)" ] || fail "no node_times"
[ -z "$(get suites.0.points.0.node_times.2)" ] || fail "3 node_times for a pair"
expect suites.1.points.0.argument 2
expect suites.1.points.1.argument 3
expect suites.1.points.1.processes 3
expect suites.1.points.2.argument ""
sane
for slow in 0,2 1,2 0,1; do
  SKAMPI_TEST_SLOW_PAIR=$slow run_skampi 3 "$SUITES/pair3.skampi" \
    "$work/slow.yaml" --quiet --fresh ||
    fail "slow pair $slow: skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$work/slow.yaml"
  a=$(get suites.0.pingpong_pair.0)
  b=$(get suites.0.pingpong_pair.1)
  [ "$a,$b" = "$slow" ] || fail "slow pair $slow: chose [$a, $b]"
  l=$(get suites.0.pingpong_pair_latency)
  awk -v l="$l" 'BEGIN { exit !(l >= 0.05) }' ||
    fail "slow pair $slow: latency $l, want >= 50 ms"
done
exit 0
