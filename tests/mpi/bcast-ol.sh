# SPDX-License-Identifier: BSD-3-Clause
# bcast-ol.sh -- NEEDS 4 PROCESSES: Bcast_OL never writes a negative
# time.  Three runs over 2, 3 and 4 processes (the ranks share the
# machine's cores, where a round trip may wait a time slice): every
# point's mean, min, OL_i of each destination and the spread over the
# destinations are above 0 (sane.awk), each point accounts for every
# repetition, and invalid ones are noted.  Then with every RTL_i made a
# million times larger (test only: SKAMPI_TEST_RTL_SCALE) every OL_i
# comes out below 0: every repetition is invalid, no point has a value
# and the notes say why; skampi-report still draws the file.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
for run in 1 2 3; do
  rm -f "$out" "$out.journal"
  run_skampi 4 "$SUITES/bcast-ol.skampi" "$out" --quiet ||
    fatal "run $run: skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$out"
  expect run.status complete
  for s in 0 1; do
    for p in 0 1 2; do
      expect suites.$s.points.$p.argument $((p + 2))
      v=$(get suites.$s.points.$p.valid) i=$(get suites.$s.points.$p.invalid)
      [ $((v + i)) -ge 5 ] || fail "run $run: suite $s point $p: $v valid + $i invalid"
      if [ "$i" -gt 0 ]; then
        grep -qE "^suites\.$s\.notes\.[0-9]+=at argument $((p + 2)) $i of $((v + i)) repetitions were invalid" \
          "$work/flat" || fail "run $run: $i invalid repetitions, no note"
      fi
    done
  done
  # the list of OL_i and RTL_i only where Node_Times asks for it
  [ -z "$(get suites.0.points.2.node_times.0)" ] || fail "node_times unasked"
  if [ "$(get suites.1.points.2.valid)" -gt 0 ]; then
    [ -n "$(get suites.1.points.2.node_times.3)" ] || fail "no node_times.3"
    [ -n "$(get suites.1.points.2.rtl.3)" ] || fail "no rtl.3"
  fi
  sane
done

rm -f "$out" "$out.journal"
SKAMPI_TEST_RTL_SCALE=1000000 run_skampi 4 "$SUITES/bcast-ol.skampi" "$out" \
  --quiet || fatal "RTL x 1e6: skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
for s in 0 1; do
  for p in 0 1 2; do
    a=$((p + 2))
    expect suites.$s.points.$p.valid 0
    expect suites.$s.points.$p.invalid 8
    expect suites.$s.points.$p.mean .nan
    [ -z "$(get suites.$s.points.$p.destinations.max)" ] || fail "a spread of no value"
    [ -z "$(get suites.$s.points.$p.node_times.0)" ] || fail "node_times of no value"
    grep -qxF "suites.$s.notes.$((2 * p))=no value at argument $a: 0 valid repetitions (8 invalid)" \
      "$work/flat" || fail "suite $s: no note of the point without a value at $a"
    grep -qxF "suites.$s.notes.$((2 * p + 1))=at argument $a 8 of 8 repetitions were invalid, left out of every statistic: OL_i = E_i - RTL_i/2 was not above 0 for some destination i (its broadcast and acknowledgement took less than half the smallest round trip)" \
      "$work/flat" || fail "suite $s: no note of the invalid repetitions at $a"
  done
done
sane
"$top_builddir/report/skampi-report" "$out" -o "$work/r.pdf" \
  2> "$work/rstderr" || fail "skampi-report: $(cat "$work/rstderr")"
exit 0
