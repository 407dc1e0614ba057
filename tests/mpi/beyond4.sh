# SPDX-License-Identifier: BSD-3-Clause
# beyond4.sh -- NEEDS 4 PROCESSES (tiny repetition counts): concurrent
# pairs over 2 and 4 processes (k = 1, 2), each pair across the halves of
# the world (world ranks i and 2 + i, recorded per point), and the
# broadcast methods over process counts; OL_i for every destination,
# their maximum as the point.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 4 "$SUITES/beyond4.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
expect factors.processes 4
bad=$(grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$')
[ -z "$bad" ] || fail "not complete: $bad"
for s in 0 2 3 4 5 6 7; do
  expect "suites.$s.points.0.argument" 2
  expect "suites.$s.points.0.processes" 2
  expect "suites.$s.points.1.argument" 4
  expect "suites.$s.points.1.processes" 4
  expect "suites.$s.points.2.argument" ""
done
# The pairs cross the halves of the 4 processes whatever k is: one pair
# is world ranks 0 and 2 (not 0 and 1, which block placement puts on one
# host), two are 0-2 and 1-3; one host here, so none crosses hosts.
expect suites.0.points.0.pairs.0.0 0
expect suites.0.points.0.pairs.0.1 2
expect suites.0.points.0.pairs.1.0 ""
expect suites.0.points.0.pairs_cross_hosts.0 false
expect suites.0.points.1.pairs.0.1 2
expect suites.0.points.1.pairs.1.0 1
expect suites.0.points.1.pairs.1.1 3
expect suites.1.points.0.pairs.1.1 3
[ -z "$(get suites.2.points.0.pairs.0.0)" ] || fail "pairs of a broadcast"
# Aggregate rate: k = 2 pairs of 64 bytes at 4 processes.
awk -v r="$(get suites.0.points.1.rate)" -v m="$(get suites.0.points.1.mean)" \
  'BEGIN { w = 2 * 64 / m; d = (r - w) / w; exit !(d < 1e-9 && d > -1e-9) }' ||
  fail "multipair rate is not k*n/T"
expect suites.1.points.1.processes 4
# Bcast_OL: the spread of OL_i over destinations 1..3 and the slowest
# of them, no list; with Node_Times = yes (suite 7) also OL_i and RTL_i
# of every destination, and the point is at least the largest OL_i.
# (A point whose repetitions were all invalid has no spread: see below.)
if [ "$(get suites.6.points.1.valid)" != 0 ]; then
  for k in min median max slowest; do
    [ -n "$(get suites.6.points.1.destinations.$k)" ] || fail "Bcast_OL: no destinations.$k"
  done
fi
[ -z "$(get suites.6.points.1.node_times.0)" ] || fail "Bcast_OL node_times unasked"
[ -z "$(get suites.6.points.1.rtl.0)" ] || fail "Bcast_OL rtl unasked"
# Four MPICH processes on two cores poll by turns: a round trip can then
# hold a time slice that the broadcast did not, so that every OL_i of all
# three repetitions comes out at or below 0.  Such a point is invalid
# whole, and says so; otherwise its values are checked.
if [ "$(get suites.7.points.1.valid)" = 0 ]; then
  expect suites.7.points.1.invalid 3
  expect suites.7.points.1.mean .nan
  expect suites.7.points.1.stop max_repetition
  echo "note: every Bcast_OL repetition at 4 processes was invalid here"
else
  max=$(awk -v a="$(get suites.7.points.1.node_times.1)" \
    -v b="$(get suites.7.points.1.node_times.2)" \
    -v c="$(get suites.7.points.1.node_times.3)" \
    'BEGIN { m = a; if (b > m) m = b; if (c > m) m = c; printf "%.17g", m }')
  # Without a cut the mean of the per-repetition maxima is at least the
  # largest per-destination mean, whatever the timings are.
  awk -v m="$max" -v p="$(get suites.7.points.1.mean)" \
    'BEGIN { exit !(m != "" && p >= m - 1e-15 * (m < 0 ? -m : m)) }' ||
    fail "Bcast_OL mean $(get suites.7.points.1.mean) is below max OL_i $max"
  # the same number, whatever its text (%.17g here, the shortest exact
  # text in the file)
  dmax=$(get suites.7.points.1.destinations.max)
  awk -v a="$dmax" -v b="$max" 'BEGIN { exit !(a != "" && a + 0 == b + 0) }' ||
    fail "suites.7.points.1.destinations.max is '$dmax', want $max"
  expect suites.7.points.1.rtl.0 0.0
  [ -n "$(get suites.7.points.1.rtl.3)" ] || fail "Bcast_OL has no RTL_3"
fi
# OL_i is never negative: sane holds every mean, min, node_times[i] and
# the spread above 0 (a repetition with some OL_i <= 0 is invalid).
sane
exit 0
