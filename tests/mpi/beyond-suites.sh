# SPDX-License-Identifier: BSD-3-Clause
# beyond-suites.sh -- NEEDS 4 PROCESSES (bcast-methods; the others run on
# 2): the shipped suites beyond the paper's patterns, suites/maxrate.skampi,
# bcast-methods.skampi and bandwidth.skampi, run once each as shipped but
# for tiny repetition counts and shorter length ranges (tiny() below),
# and every suite completes with sane points.
. "$top_srcdir/tests/mpi/lib.sh"

# tiny NAME: suites/NAME.skampi with 2 to 4 repetitions, ε 0.5, one
# warm-up call, lengths up to 16 KiB with at most 8 refinement steps, no
# log file, and no Time_Suite: the test asserts every suite complete, and
# a wall-clock budget of 30 s is no bound a loaded machine keeps (a busy
# neighbour that leaves the ranks one core costs every exchange a time
# slice).
# The counts bound each suite; --timeout in one() is a watchdog for a hang.
tiny() {
  sed -e 's/^@Min_Repetition .*/@Min_Repetition 2/' \
      -e '/^@Time_Suite /d' \
      -e 's/^@Max_Repetition .*/@Max_Repetition 4/' \
      -e 's/^@Standard_error .*/@Standard_error 0.5/' \
      -e 's/^@CACHEWARMUP .*/@CACHEWARMUP 1/' \
      -e '/^@LOGFILE /d' \
      -e 's/End_Argument\( *=* *\)1MiB/End_Argument\116KiB/' \
      -e 's/Max_Steps\( *=* *\)[0-9]*/Max_Steps\18/' \
      "$top_srcdir/suites/$1.skampi" > "$work/$1.skampi"
}

# one NAME NP SUITES: runs the tiny copy on NP processes; the run and
# each of its SUITES suites complete, every suite has points, all sane.
one() {
  tiny "$1"
  grep -q '^@Max_Repetition 4$' "$work/$1.skampi" ||
    fail "$1: the repetitions were not lowered"
  grep -q '^@Time_Suite' "$work/$1.skampi" && fail "$1: Time_Suite kept"
  run_skampi "$2" "$work/$1.skampi" "$work/$1.yaml" --quiet --timeout 600 ||
    fail "$1: skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$work/$1.yaml"
  expect run.status complete
  n=$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")
  [ "$n" -eq "$3" ] || fail "$1: $n suites, want $3"
  bad=$(grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$')
  [ -z "$bad" ] || fail "$1: not complete: $bad"
  i=0
  while [ $i -lt "$3" ]; do
    [ -n "$(get "suites.$i.points.0.mean")" ] || fail "$1: suite $i has no point"
    i=$((i + 1))
  done
  sane
}

one maxrate 2 5
# The Length suite reaches the lowered end; k = 1 pair, ranks 0 and 1.
[ -n "$(grep '^suites\.0\.points\.[0-9]*\.argument=16384$' "$work/flat")" ] ||
  fail "maxrate: no 16 KiB point"
expect suites.1.points.0.pairs.0.1 1
one bcast-methods 4 5
# Nodes on the default log grid, 2 and all 4 processes; the spread of
# OL_i over the destinations, not the list (Node_Times is not asked for).
expect suites.4.parameters.Scale Fixed_log
expect suites.4.points.0.argument 2
expect suites.4.points.1.argument 4
expect suites.4.points.2.argument ""
# (four MPICH processes on two cores can make every repetition's OL_i of
# a point invalid, tests/mpi/beyond4.sh says how: that point has none)
if [ "$(get suites.4.points.1.valid)" != 0 ]; then
  [ -n "$(get suites.4.points.1.destinations.slowest)" ] ||
    fail "bcast-methods: no slowest destination"
else
  expect suites.4.points.1.mean .nan
fi
[ -z "$(get suites.4.points.1.node_times.3)" ] || fail "bcast-methods: OL_3 unasked"
one bandwidth 2 5
expect suites.1.rate_unit B/s
expect suites.2.rate_unit 1/s
exit 0
