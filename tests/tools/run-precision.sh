#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-precision.sh -- skampi-run --precision on 2 processes with a suite
# of two points bounded by counts (tiny-one.skampi):
#  - EPS 10^9 is met as soon as the interval reaches 95%, which takes 6
#    runs (coverage 1 - 2/64; 5 runs give 93.75%), whatever the times: a
#    busy machine can make one run's median thousands of times another's
#    (a 12 ms time slice per round trip of 0.45 us was seen), but a
#    median of 10^9 round trips (minutes) would pass any watchdog;
#  - EPS 0.05 with --max-runs 2 stops at the cap, where 2 runs give 50%
#    coverage, and names both points as missed.
# The seconds a campaign took are never asserted.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
RUN=$(abs "$top_builddir/campaign/skampi-run")
SKAMPI=$(abs "$SKAMPI")
SKAMPI_MERGE=$(abs "$top_builddir/campaign/skampi-merge")
SKAMPI_REPORT=$(abs "$top_builddir/report/skampi-report")
export SKAMPI SKAMPI_MERGE SKAMPI_REPORT
suite=$(abs "$top_srcdir/tests/tools/tiny-one.skampi")

# Stops at the precision: 6 runs, every point precise.
"$RUN" --precision 1000000000 --seed 5 --no-report --launcher "$MPIEXEC -n 2" \
  "$suite" -o "$work/p" 2> "$work/p.err" ||
  fail "--precision 10^9: exit status $? ($(cat "$work/p.err"))"
[ "$(wc -l < "$work/p/runs.txt")" -eq 6 ] ||
  fail "--precision 10^9: $(wc -l < "$work/p/runs.txt") runs, not 6"
grep -q '^skampi-run: run 6 (at most 50; seed 10)$' "$work/p.err" ||
  fail "--precision 10^9: no progress line of run 6"
for i in 1 2 3 4 5; do
  grep -q "^skampi-run: after run $i: $i runs, 2 points, coverage [0-9.]*% (below 95%), worst relative half-width [0-9.]* (suite '[a-z]*', argument 8), 2 missed 1e+09\$" \
    "$work/p.err" || fail "--precision 10^9: progress after run $i"
done
grep -q "^skampi-run: after run 6: 6 runs, 2 points, coverage 96.88%, worst relative half-width [0-9.]* (suite '[a-z]*', argument 8), 0 missed 1e+09\$" \
  "$work/p.err" || fail "--precision 10^9: progress after run 6"
tail -n 1 "$work/p.err" |
  grep -q '^skampi-run: precision 1000000000 reached at every point after 6 runs ([0-9]* s)$' ||
  fail "--precision 10^9: last line '$(tail -n 1 "$work/p.err")'"
grep -q missed: "$work/p/precision.txt" && fail "--precision 10^9: a point missed"
flatten "$work/p/merged.yaml"
expect merged.runs 6
expect merged.precision 1000000000.0
for s in 0 1; do
  expect "suites.$s.points.0.runs" 6
  expect "suites.$s.points.0.precision_met" true
  expect "suites.$s.points.0.ci.coverage" 0.96875
  # 6 runs: the interval is [min, max] of the runs' medians
  expect "suites.$s.points.0.ci.low" "$(get "suites.$s.points.0.min")"
  expect "suites.$s.points.0.ci.high" "$(get "suites.$s.points.0.max")"
done

# Stops at --max-runs 2 and says which points missed.
"$RUN" --precision 0.05 --max-runs 2 --seed 7 --no-report \
  --launcher "$MPIEXEC -n 2" "$suite" -o "$work/m" 2> "$work/m.err" ||
  fail "--max-runs 2: exit status $? ($(cat "$work/m.err"))"
[ "$(wc -l < "$work/m/runs.txt")" -eq 2 ] || fail "--max-runs 2: not 2 runs"
sed -n '/^skampi-run: missed: /,$p' "$work/m.err" |
  sed 's/ ([0-9]* s);/ (N s);/' > "$work/m.tail"
cat > "$work/m.want" <<EOF
skampi-run: missed: suite 'pingpong', argument 8: 2 runs give at most 50.00% coverage, below 95%
skampi-run: missed: suite 'bcast', argument 8: 2 runs give at most 50.00% coverage, below 95%
skampi-run: stopped at --max-runs 2: 2 point(s) missed precision 0.05 after 2 runs (N s); see '$work/m/precision.txt'
EOF
# the suites may be measured in either order (--shuffle): compare sorted
sort "$work/m.want" > "$work/m.want.s"
sort "$work/m.tail" > "$work/m.tail.s"
diff -u "$work/m.want.s" "$work/m.tail.s" || fail "--max-runs 2: messages"
flatten "$work/m/merged.yaml"
expect merged.runs 2
expect suites.0.points.0.precision_met false
expect suites.1.points.0.precision_met false
expect suites.0.points.0.ci.coverage 0.5

exit 0
