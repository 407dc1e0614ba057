# SPDX-License-Identifier: BSD-3-Clause
# window4.sh -- NEEDS 4 PROCESSES: window synchronization on 4 processes.
# The default clock sync is the tree (HCA): ceil(log2 4) = 2 rounds, where
# the star (Linear) takes 3; both record their cost, a largest round trip
# and a largest drift (below 1: a fit over offsets a time slice off on a
# busy machine may find a drift of 10%, never a clock that stands still);
# every point accounts for each of its
# repetitions and its window; the points with a value are sane, and the
# Global_Span times (last end minus first start on the synchronized
# clocks) are times.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 4 "$SUITES/window4.skampi" "$out" --quiet ||
  fatal "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
expect suites.0.parameters.Clock_Sync HCA
expect suites.0.synchronization.clock_sync.algorithm HCA
expect suites.0.synchronization.clock_sync.rounds 2
expect suites.0.timing global_span
expect suites.1.synchronization.clock_sync.algorithm Linear
expect suites.1.synchronization.clock_sync.rounds 3
for s in 0 1; do
  expect suites.$s.status complete
  c=$(get suites.$s.synchronization.clock_sync.cost)
  r=$(get suites.$s.synchronization.clock_sync.max_rtt)
  d=$(get suites.$s.synchronization.clock_sync.max_slope)
  awk -v c="$c" -v r="$r" -v d="$d" \
    'BEGIN { exit !(c > 0 && r > 0 && d >= 0 && d < 1) }' ||
    fail "suite $s: clock sync cost $c, max_rtt $r or max_slope $d out of reason"
  for p in 0 1; do
    v=$(get suites.$s.points.$p.valid) i=$(get suites.$s.points.$p.invalid)
    [ $((v + i)) -ge 8 ] || fail "suite $s point $p: $v valid + $i invalid"
    expect suites.$s.points.$p.window 0.02
    expect suites.$s.points.$p.processes 4
  done
done
sane
exit 0
