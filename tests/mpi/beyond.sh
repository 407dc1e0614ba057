# SPDX-License-Identifier: BSD-3-Clause
# beyond.sh -- the instances beyond the SKaMPI patterns (60-69) run on 2
# processes: complete suites, sane points, their timing, the rate of each
# point and its unit, the pairing note, OL_i per destination.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
# --timeout: a watchdog for a hang only, far beyond a suite bounded by
# its repetitions even on a loaded machine; it never decides a pass.
run_skampi 2 "$SUITES/beyond.skampi" "$out" --quiet --timeout 600 ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
n=$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")
[ "$n" -eq 10 ] || fail "$n suites, want 10"
bad=$(grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$')
[ -z "$bad" ] || fail "not complete: $bad"
# Timing and rate unit per suite, in the order of beyond.skampi.
i=0
for want in max_over_pairs:B/s per_message:B/s per_message:B/s \
    per_round_trip:1/s per_message_cacheable:B/s root_local: \
    per_root_of_round: root_local: root_local: max_per_destination:; do
  expect "suites.$i.timing" "${want%%:*}"
  expect "suites.$i.rate_unit" "${want#*:}"
  expect "suites.$i.points.5.argument" 4096
  i=$((i + 1))
done
expect suites.0.type 60
expect suites.9.type 69
case $(get suites.0.notes.0) in
  "pairs: world rank i with world rank h + i, h = floor(P/2)"*) ;;
  *) fail "no pairing note: $(get suites.0.notes.0)" ;;
esac
expect suites.0.points.5.pairs.0.0 0
expect suites.0.points.5.pairs.0.1 1
# rate = factor * argument / mean (k = 1 pair; bidirectional counts both
# directions; the round-trip rate is 1 / mean), to 1e-9 relative.
check_rate() {
  awk -v r="$(get "suites.$1.points.5.rate")" \
      -v m="$(get "suites.$1.points.5.mean")" -v f="$2" -v n="$3" \
      'BEGIN { w = f * n / m; d = (r - w) / w; exit !(r > 0 && d < 1e-9 && d > -1e-9) }' ||
    fail "suite $1: rate $(get "suites.$1.points.5.rate") is not $2*$3/mean"
}
check_rate 0 1 4096
check_rate 1 1 4096
check_rate 2 2 4096
check_rate 3 1 1
check_rate 4 1 4096
[ -z "$(get suites.5.points.5.rate)" ] || fail "a broadcast method has a rate"
# Bcast_OL records the spread of OL_i over its destinations: one here,
# whose mean OL_1 is the point's (the same samples, the same cut); the
# list of OL_i only with Node_Times = yes.
for k in min median max; do
  expect suites.9.points.5.destinations.$k "$(get suites.9.points.5.mean)"
done
expect suites.9.points.5.destinations.slowest 1
[ -z "$(get suites.9.points.5.node_times.0)" ] || fail "Bcast_OL node_times unasked"
[ -z "$(get suites.9.points.5.rtl.0)" ] || fail "Bcast_OL rtl unasked"
# A broadcast of 0 bytes moves nothing, so the acknowledgement may come
# back before the broadcast began: OL_i = E_i - RTL_i/2 is then not
# above 0, the repetition is invalid, and the suite notes how many.
expect suites.9.points.0.argument 0
i=$(get suites.9.points.0.invalid) v=$(get suites.9.points.0.valid)
if [ "$i" -gt 0 ]; then
  grep -qE "^suites\.9\.notes\.[0-9]+=at argument 0 $i of $((i + v)) repetitions were invalid, left out of every statistic: OL_i = E_i - RTL_i/2 was not above 0 for some destination i " \
    "$work/flat" || fail "Bcast_OL: $i invalid repetitions and no note"
fi
[ -z "$(get suites.5.points.5.node_times.0)" ] || fail "node_times unasked"
sane
exit 0
