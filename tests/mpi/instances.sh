# instances.sh -- every implemented instance runs on 2 processes and gives
# a complete suite with sane points (tests/mpi/instances.skampi).
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
# --timeout: a watchdog for a hang only, far beyond a suite bounded by
# its repetitions even on a loaded machine; it never decides a pass.
run_skampi 2 "$SUITES/instances.skampi" "$out" --quiet --timeout 600 ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
[ -s "$work/stderr" ] && fail "--quiet run printed: $(cat "$work/stderr")"
flatten "$out"
expect run.status complete
expect factors.processes 2
expect factors.buffer_alignment "$(getconf PAGESIZE)"
n=$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")
[ "$n" -eq 46 ] || fail "$n suites, want 46"
bad=$(grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$')
[ -z "$bad" ] || fail "not complete: $bad"
# Every suite has points; the grid is 0 1 8 64 512 4096 for Length.
i=0
while [ $i -lt 46 ]; do
  [ -n "$(get "suites.$i.points.0.mean")" ] || fail "suite $i has no point"
  i=$((i + 1))
done
expect suites.0.points.1.argument 1
expect suites.0.points.5.argument 4096
expect suites.0.points.6.argument ""
expect suites.0.timing round_trip
expect suites.0.pingpong_pair.0 0
expect suites.0.pingpong_pair.1 1
expect suites.7.timing exchange
expect suites.10.timing max_local
expect suites.21.timing local
expect suites.26.calibration.m0 16384
# Node_Times = yes: one mean per process.
[ -n "$(get suites.0.points.0.node_times.1)" ] || fail "pp1 has no node_times"
[ -z "$(get suites.0.points.0.node_times.2)" ] || fail "pp1 has 3 node_times"
[ -n "$(get suites.25.points.0.node_times.1)" ] || fail "wtime has no node_times"
[ -z "$(get suites.2.points.0.node_times.0)" ] || fail "node_times without Node_Times"
# Nodes: 1 and 2 processes.
expect suites.20.argument_name nodes
expect suites.20.points.0.argument 1
expect suites.20.points.0.processes 1
expect suites.20.points.1.argument 2
expect suites.20.points.1.processes 2
# Master-worker: the master's time; Chunks and Nodes arguments.
expect suites.27.pattern master_worker
expect suites.27.timing master
expect suites.28.argument_name chunks
expect suites.28.points.0.argument 1
expect suites.28.points.1.argument 8
expect suites.28.points.2.argument ""
expect suites.29.argument_name nodes
expect suites.29.points.0.argument 2
expect suites.29.points.1.argument ""
# Datatype patterns are named in a note (reductions: tests/mpi/reduce.sh).
expect suites.27.notes.0 "datatype patterns: send 50, receive 0; a message is a whole number of 8-element units of the base type (8 bytes); an argument that is not a multiple of 8 sent the multiple of 8 below it"
expect suites.34.timing max_local
expect suites.35.points.0.argument 64
expect suites.37.parameters.Count_Distribution Increasing
expect suites.38.parameters.Count_Distribution Equal
sane
# What skampi wrote, its readers read: every instance's times (the
# fastest a little below 0 once the overhead is subtracted) pass the
# checks of skampi-merge and skampi-report (no gnuplot needed: --csv).
"$top_builddir/campaign/skampi-merge" -o "$work/merged.yaml" "$out" \
  2> "$work/merge.err" || fail "skampi-merge of the run: $(cat "$work/merge.err")"
GNUPLOT=true "$top_builddir/report/skampi-report" "$out" \
  --csv "$work/csv" -o "$work/r.pdf" 2> "$work/report.err"
[ -n "$(ls "$work/csv" 2> /dev/null)" ] &&
  ! grep -v 'wrote no PDF' "$work/report.err" | grep -q 'error:' ||
  fail "skampi-report of the run: $(head -n 5 "$work/report.err")"
exit 0
