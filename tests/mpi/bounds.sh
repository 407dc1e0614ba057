# SPDX-License-Identifier: BSD-3-Clause
# bounds.sh -- Time_Measurement, Time_Suite, Max_Repetition, Multiple_of,
# a refused instance, the exit status and the progress lines.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
SKAMPI_CALIBRATE="1e-3,0,0,0"
export SKAMPI_CALIBRATE
run_skampi 2 "$SUITES/bounds.skampi" "$out"
rc=$?
[ $rc -eq 3 ] || fail "exit status $rc, want 3 (a suite failed)"
flatten "$out"
expect run.status partial

# Time_Measurement: both points stop on the bound, far below 1000 reps.
for p in 0 1; do
  expect suites.0.points.$p.stop time_measurement
  reps=$(( $(get suites.0.points.$p.repetitions) + $(get suites.0.points.$p.cut) ))
  [ "$reps" -lt 1000 ] || fail "time_point point $p used $reps repetitions"
done
expect suites.0.status complete

# Time_Suite: the suite ends early, incomplete, says so (and how many of
# its points missed eps), keeps what it measured, names what it did not.
expect suites.1.status incomplete
n=$(grep -c '^suites\.1\.points\.[0-9]*\.argument=' "$work/flat")
[ "$n" -ge 1 ] && [ "$n" -lt 100 ] || fail "time_suite has $n points"
m=$(grep -c '^suites\.1\.points\.[0-9]*\.eps_met=false' "$work/flat")
expect suites.1.message "Time_Suite (0.2 s) reached after $n points, $m of them missed eps"
u=$(grep -c '^suites\.1\.unmeasured\.[0-9]*=' "$work/flat")
[ $((n + u)) -eq 100 ] || fail "time_suite: $n points and $u unmeasured, not the grid's 100"

# Max_Repetition: exactly 30, epsilon missed and said so.
expect suites.2.points.0.stop max_repetition
expect suites.2.points.0.eps_met false
expect suites.2.points.0.repetitions 30
expect suites.2.points.0.cut 0

# Multiple_of = 7.
for p in 0 1 2; do
  reps=$(get suites.3.points.$p.repetitions)
  [ $((reps % 7)) -eq 0 ] || fail "multiple point $p: $reps repetitions"
done

# A suite the engine refuses fails with a clear message; the run went on.
expect suites.4.status failed
expect suites.4.message "Collective_Timing = Root_Barrier needs Synchronization = Barrier"
expect suites.5.status complete
grep -q '^skampi: error: Collective_Timing = Root_Barrier needs Synchronization = Barrier$' \
  "$work/stderr" || fail "no error line on stderr"

# Progress lines (stderr is not a terminal here).
grep -q '^skampi: suite 1 of 6: time_point: started' "$work/stderr" ||
  fail "no start line"
grep -q '^skampi: suite 2 of 6: time_suite: incomplete, [0-9]* points' \
  "$work/stderr" || fail "no end line for time_suite"
grep -q '^skampi: run partial: 6 suites in ' "$work/stderr" ||
  fail "no final line"
sane
exit 0
