# signal.sh -- SIGTERM and SIGINT in the middle of a suite
# (doc/robustness.md): the result file valid with the
# suites completed before, the journal saying which suite was interrupted;
# an interrupted suite is no crash: the rerun measures it in its turn.
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

# interrupt SIGNAL N: run until suite N has begun, then send SIGNAL to
# every rank (as a batch system does, and as Ctrl-C at a terminal reaches
# the foreground processes).  Not to mpiexec: what it passes on is the
# launcher's business (Open MPI 4.1's mpiexec does not pass SIGINT on: the
# run went on to its end).  The exit status of mpiexec is the launcher's
# business too.
interrupt() {
  start_bg
  wait_journal "^begin $2 "
  sleep 0.1
  pids=$(ranks)
  [ -n "$pids" ] || fail "SIG$1: no rank found"
  kill -"$1" $pids
  wait $bg
  tail -n 1 "$journal" | grep -q "^interrupted $2 SIG$1\$" ||
    fail "SIG$1: journal ends with '$(tail -n 1 "$journal")'"
  [ -e "$result.tmp" ] && fail "SIG$1: temporary file left behind"
  return 0
}

interrupt TERM 2
[ "$(names)" = "r1 " ] || fail "after SIGTERM: '$(names)'"
interrupt INT 3
[ "$(names)" = "r1 r2 " ] || fail "after SIGINT: '$(names)'"
grep -q '^skampi: error: SIGINT during suite 3 (r3) at argument 0; run aborted, the result file holds the suites completed before$' "$work/stderr" ||
  fail "SIGINT: no message: $(cat "$work/stderr")"
run_skampi 2 "$suite" "$result" --quiet || fail "rerun exited with $?"
[ "$(names)" = "r1 r2 r3 r4 " ] || fail "after the rerun: '$(names)'"
expect run.status complete
exit 0
