# SPDX-License-Identifier: BSD-3-Clause
# cover3.sh -- NEEDS 3 PROCESSES (short): the v-variants with an uneven
# count distribution, the hand-written gathers and scatters and every
# master-worker instance with two workers complete with sane points and
# data that arrive intact (the engine's untimed check fails a suite
# otherwise).
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 3 "$SUITES/cover3.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
expect factors.processes 3
n=$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")
[ "$n" -eq 16 ] || fail "$n suites, want 16"
bad=$(grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$')
[ -z "$bad" ] || fail "not complete: $bad"
i=0
while [ $i -lt 15 ]; do
  expect suites.$i.points.0.processes 3
  i=$((i + 1))
done
expect suites.0.parameters.Count_Distribution Increasing
expect suites.4.parameters.Count_Distribution Equal
expect suites.10.points.0.argument 1
expect suites.10.points.1.argument 4
expect suites.15.points.0.argument 2
expect suites.15.points.1.argument 3
sane
exit 0
