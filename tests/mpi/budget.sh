#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# budget.sh -- @TIME_RUN bounds the run whatever the machine: the first
# point spends the whole budget (each repetition takes twice of it), so
# the run stops with every suite incomplete, each naming the arguments it
# left unmeasured, the run saying why it stopped; on its own order and
# with --shuffle (its points interleaved).  The exit status stays 0.
# Only what was measured and said is asserted, never a time.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
SKAMPI_CALIBRATE="0,1e-3,0,0"
export SKAMPI_CALIBRATE
suite=$SUITES/budget.skampi

# each suite in its order: 'first' gets its share and measures one point
# (one repetition of 1 s); the others find the budget spent
out=$work/seq.yaml
run_skampi 2 "$suite" "$out"
rc=$?
[ $rc -eq 0 ] || fail "exit status $rc, want 0 (a time limit is no failure)"
flatten "$out"
expect run.status incomplete
expect run.stop "Time_Run (0.5 s): 1 suite cut short and 2 not measured, 14 points of their grids left unmeasured (each suite's 'unmeasured')"
expect suites.0.status incomplete
expect suites.0.points.0.argument 1000
expect suites.0.points.0.stop time_suite
expect suites.0.points.0.eps_met false
share=$(get suites.0.message | sed -n 's/^its share of Time_Run (\([0-9.e-]*\) s) reached after 1 points, 1 of them missed eps$/\1/p')
[ -n "$share" ] || fail "first: message '$(get suites.0.message)'"
for i in 0 1 2 3; do
  expect "suites.0.unmeasured.$i" $((1001 + i))
done
expect suites.0.unmeasured_refinement false
for s in 1 2; do
  expect "suites.$s.status" incomplete
  expect "suites.$s.message" "not measured: Time_Run (0.5 s) was spent before it started"
  for i in 0 1 2 3 4; do
    expect "suites.$s.unmeasured.$i" $((1000 + i))
  done
  [ -z "$(get "suites.$s.points.0.argument")" ] || fail "suite $s measured a point"
done
grep -q '^skampi: suite 2 of 3: second: incomplete, 0 points (0 met eps)' \
  "$work/stderr" || fail "no line of the suite not measured"
grep -q '^skampi: run incomplete: 3 suites in [0-9.]* s; machine ' \
  "$work/stderr" || fail "last line: $(tail -n 1 "$work/stderr")"

# --shuffle: the points of all three in one random order until the
# budget is spent; every suite then ends incomplete, one point measured
# in all, the other 14 named unmeasured
out=$work/shuf.yaml
run_skampi 2 "$suite" "$out" --shuffle=7
rc=$?
[ $rc -eq 0 ] || fail "--shuffle: exit status $rc, want 0"
flatten "$out"
expect run.status incomplete
expect run.stop "Time_Run (0.5 s): 1 suite cut short and 2 not measured, 14 points of their grids left unmeasured (each suite's 'unmeasured')"
n=$(grep -c '^suites\.[0-9]*\.points\.[0-9]*\.argument=' "$work/flat")
[ "$n" = 1 ] || fail "--shuffle: $n points measured, want 1"
n=$(grep -c '^suites\.[0-9]*\.unmeasured\.[0-9]*=' "$work/flat")
[ "$n" = 14 ] || fail "--shuffle: $n points named unmeasured, want 14"
for s in 0 1 2; do
  expect "suites.$s.status" incomplete
  case $(get "suites.$s.message") in
    "Time_Run (0.5 s) was spent after 1 of its points, 1 of them missed eps") ;;
    "not measured: Time_Run (0.5 s) was spent before it started") ;;
    *) fail "--shuffle: suite $s: message '$(get "suites.$s.message")'" ;;
  esac
done
exit 0
