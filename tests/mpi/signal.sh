# signal.sh -- SIGTERM and SIGINT in the middle of a suite
# (doc/robustness.md): the result file valid with the
# suites completed before, the journal saying which suite was interrupted;
# an interrupted suite is no crash: the rerun measures it in its turn.
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

# interrupt SIGNAL N WHO: run until suite N has begun, then send SIGNAL to
# WHO: "mpiexec" (Ctrl-C at a terminal) or "ranks" (every rank, as a batch
# system does).  The exit status of mpiexec is the launcher's business.
interrupt() {
  start_bg
  wait_journal "^begin $2 "
  sleep 0.1
  if [ "$3" = mpiexec ]; then
    kill -"$1" $bg
  else
    kill -"$1" $(ranks)
  fi
  wait $bg
  tail -n 1 "$journal" | grep -q "^interrupted $2 SIG$1\$" ||
    fail "SIG$1: journal ends with '$(tail -n 1 "$journal")'"
  [ -e "$result.tmp" ] && fail "SIG$1: temporary file left behind"
  return 0
}

interrupt TERM 2 ranks
[ "$(names)" = "r1 " ] || fail "after SIGTERM: '$(names)'"
interrupt INT 3 mpiexec
[ "$(names)" = "r1 r2 " ] || fail "after SIGINT: '$(names)'"
grep -q '^skampi: error: SIGINT during suite 3 (r3) at argument 0; run aborted, the result file holds the suites completed before$' "$work/stderr" ||
  fail "SIGINT: no message: $(cat "$work/stderr")"
run_skampi 2 "$suite" "$result" --quiet || fail "rerun exited with $?"
[ "$(names)" = "r1 r2 r3 r4 " ] || fail "after the rerun: '$(names)'"
expect run.status complete
exit 0
