# SPDX-License-Identifier: BSD-3-Clause
# batch.sh -- Batch = k: a repetition times k calls back to back and
# counts the time per call.  The busy-wait instance's known cost per call
# (a + b*m, + c from m0 on; the result records them, doc/engine.md)
# must come out per call, not k times it, with bounds that hold on a
# loaded machine (calibrate.sh holds the engine to 2%; this test is about
# the division).  Other suites ignore Batch with a note.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
unset SKAMPI_CALIBRATE
run_skampi 2 "$SUITES/batch.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
expect suites.0.parameters.Batch 4
expect suites.1.parameters.Batch 8
expect suites.2.parameters.Batch 1000
expect suites.3.notes.0 "Batch applies to the ping-pong instances of Fig. 2 (1-8, 17, 34) and the simple ones only: this suite ignores it"
expect suites.4.notes.0 "Batch applies to the ping-pong instances of Fig. 2 (1-8, 17, 34) and the simple ones only: this suite ignores it"
expect suites.5.notes.0 "Batch does not go with Cache = Cold (the cache is flushed once a repetition): this suite ignores it"
[ -z "$(get suites.1.notes.0)" ] || fail "ping-pong has a note: $(get suites.1.notes.0)"
a=$(get suites.0.calibration.a) b=$(get suites.0.calibration.b)
c=$(get suites.0.calibration.c) m0=$(get suites.0.calibration.m0)
p=0
while [ -n "$(get suites.0.points.$p.argument)" ]; do
  m=$(get suites.0.points.$p.argument) mean=$(get suites.0.points.$p.mean)
  v=$(get suites.0.points.$p.valid) el=$(get suites.0.points.$p.elapsed)
  # Bounds a loaded machine cannot break.  A spin never ends early, so the
  # mean is at least the cost.  The point's elapsed time holds every
  # repetition of 4 calls, so 4 x valid x (time per call) stays below it
  # (twice it, for the cut and the warm-up); a time not divided by 4
  # would put that product near 4 times the elapsed time.  A busy
  # neighbour slows the repetitions and the elapsed time alike.
  awk -v a="$a" -v b="$b" -v c="$c" -v m0="$m0" -v m="$m" -v t="$mean" \
      -v v="$v" -v el="$el" 'BEGIN { want = a + b * m + (m >= m0 ? c : 0)
                            exit !(t > 0.9 * want && 4 * v * t < 2 * el) }' ||
    fail "Batch 4 at $m bytes: mean $mean s over $v repetitions in $el s, a call costs $a + $b * $m (+ $c from $m0) s"
  # Batch must really make 4 calls a repetition: the point's elapsed time
  # is at least (valid repetitions + warm-up) x 4 spins of a + b*m + ...
  # (a lower bound: noise only adds), far above 1 call a repetition.
  awk -v a="$a" -v b="$b" -v c="$c" -v m0="$m0" -v m="$m" -v v="$v" \
      -v el="$el" 'BEGIN { want = a + b * m + (m >= m0 ? c : 0)
                           exit !(el >= 0.95 * 4 * v * want) }' ||
    fail "Batch 4 at $m bytes: $v repetitions in $el s, not 4 calls each"
  p=$((p + 1))
done
[ $p -ge 3 ] || fail "calib has $p points"
sane
exit 0
