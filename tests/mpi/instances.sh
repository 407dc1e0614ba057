# SPDX-License-Identifier: BSD-3-Clause
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
# Every suite of the file, by name, complete, with points; none more.
suite_names "$SUITES/instances.skampi" > "$work/names"
want=$(wc -l < "$work/names")
[ "$want" -ge 40 ] || fail "instances.skampi has $want suites"
n=$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")
[ "$n" -eq "$want" ] || fail "$n suites, want $want"
while read -r name; do
  [ "$(sget "$name" status)" = complete ] ||
    fail "suite $name is '$(sget "$name" status)'"
  [ -n "$(sget "$name" points.0.mean)" ] || fail "suite $name has no point"
done < "$work/names"
# The grid is 0 1 8 64 512 4096 for Length.
sexpect pp1 points.1.argument 1
sexpect pp1 points.5.argument 4096
sexpect pp1 points.6.argument ""
sexpect pp1 timing round_trip
sexpect pp1 pingpong_pair.0 0
sexpect pp1 pingpong_pair.1 1
sexpect pp8 timing exchange
sexpect bcast timing max_local
sexpect comm_rank timing local
sexpect calibrate calibration.m0 16384
# Node_Times = yes: one mean per process.
[ -n "$(sget pp1 points.0.node_times.1)" ] || fail "pp1 has no node_times"
[ -z "$(sget pp1 points.0.node_times.2)" ] || fail "pp1 has 3 node_times"
[ -n "$(sget wtime points.0.node_times.1)" ] || fail "wtime has no node_times"
[ -z "$(sget pp3 points.0.node_times.0)" ] || fail "node_times without Node_Times"
# Nodes: 1 and 2 processes.
sexpect bcast_nodes argument_name nodes
sexpect bcast_nodes points.0.argument 1
sexpect bcast_nodes points.0.processes 1
sexpect bcast_nodes points.1.argument 2
sexpect bcast_nodes points.1.processes 2
# Master-worker: the master's time; Chunks and Nodes arguments.
sexpect mw_wait pattern master_worker
sexpect mw_wait timing master
sexpect mw_waitany argument_name chunks
sexpect mw_waitany points.0.argument 1
sexpect mw_waitany points.1.argument 8
sexpect mw_waitany points.2.argument ""
sexpect mw_anysource argument_name nodes
sexpect mw_anysource points.0.argument 2
sexpect mw_anysource points.1.argument ""
# Datatype patterns are named in a note (reductions: tests/mpi/reduce.sh).
sexpect mw_wait notes.0 "datatype patterns: send 50, receive 0; a message is a whole number of 8-element units of the base type (8 bytes); an argument that is not a multiple of 8 sent the multiple of 8 below it"
sexpect comm_split timing max_local
sexpect memcpy points.0.argument 64
sexpect scatterv parameters.Count_Distribution Increasing
sexpect gatherv parameters.Count_Distribution Equal
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
