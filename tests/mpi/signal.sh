# SPDX-License-Identifier: BSD-3-Clause
# signal.sh -- SIGTERM and SIGINT in the middle of a suite
# (doc/robustness.md): the result file valid with the suites completed
# before and its run status "aborted", the journal saying which suite was
# interrupted.  SIGINT (Ctrl-C) is no crash: the rerun measures the suite
# in its turn.  SIGTERM (a launcher ending the survivors of a dead rank, a
# batch system's time limit) counts as the suite bringing the run down:
# it is retried last, and after the second time skipped as crashed.
# SIGINT to one rank other than 0 does not count either.
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

# interrupt SIGNAL N [K]: run until suite N has begun (for the K-th time
# in the journal), then send SIGNAL to every rank (as a batch system does,
# and as Ctrl-C at a terminal reaches the foreground processes).  Not to
# mpiexec: what it passes on is the launcher's business (Open MPI 4.1's
# mpiexec does not pass SIGINT on: the run went on to its end).  The exit
# status of mpiexec is the launcher's business too.
interrupt() {
  hang=r$2
  start_bg
  wait_journal "^begin $2 " "${3:-1}"
  sleep 0.1
  pids=$(ranks)
  [ -n "$pids" ] || fatal "SIG$1: no rank found"
  kill -"$1" $pids
  wait $bg
  tail -n 1 "$journal" | grep -q "^interrupted $2 SIG$1\$" ||
    fail "SIG$1: journal ends with '$(tail -n 1 "$journal")'"
  [ -z "$(find "$work" -name ".out.yaml.*")" ] || fail "SIG$1: temporary file left behind"
  flatten "$result"
  expect run.status aborted
  return 0
}

interrupt TERM 2
[ "$(names)" = "r1 " ] || fail "after SIGTERM: '$(names)'"
grep -q '^skampi: error: SIGTERM during suite 2 (r2) at argument 0; run aborted, the result file holds the suites completed before; a rerun retries this suite last$' "$work/stderr" ||
  fail "SIGTERM: no message: $(cat "$work/stderr")"
# The rerun measures r3 first (r2 is retried last): SIGINT in r3.
interrupt INT 3
[ "$(names)" = "r1 " ] || fail "after SIGINT: '$(names)'"
grep -q '^skampi: error: SIGINT during suite 3 (r3) at argument 0; run aborted, the result file holds the suites completed before$' "$work/stderr" ||
  fail "SIGINT: no message: $(cat "$work/stderr")"
run_skampi 2 "$suite" "$result" --quiet || fail "rerun exited with $?"
[ "$(names)" = "r1 r3 r4 r2 " ] || fail "after the rerun: '$(names)'"
expect run.status complete

# SIGTERM twice in the same suite: the third run skips it as crashed.
rm -f "$result" "$journal"
interrupt TERM 2
interrupt TERM 2 2
[ "$(names)" = "r1 r3 r4 " ] || fail "after two SIGTERMs: '$(names)'"
grep -q '^skampi: error: SIGTERM during suite 2 (r2) at argument 0; run aborted, the result file holds the suites completed before; it brought the run down before: a rerun skips it as crashed$' "$work/stderr" ||
  fail "second SIGTERM: no message: $(cat "$work/stderr")"
run_skampi 2 "$suite" "$result" --quiet
rc=$?
[ $rc -eq 3 ] || fail "run after two SIGTERMs exited with $rc, want 3"
[ "$(names)" = "r1 r3 r4 r2 " ] || fail "after two SIGTERMs: '$(names)'"
expect suites.3.status crashed
expect suites.3.message 'brought the run down twice (last seen at argument 0); skipped'

# SIGINT to rank 1 alone is no crash either: rank 1 passes it on to rank
# 0 (the same host here), which records it; the rerun measures r2 in its
# turn instead of retrying it last.
rm -f "$result" "$journal"
start_bg
wait_journal "^begin 2 "
sleep 0.1
p=$(rank_pid 1)
[ -n "$p" ] || fatal "SIGINT to rank 1: rank 1 not found"
kill -INT $p
wait $bg
tail -n 1 "$journal" | grep -q '^interrupted 2 SIGINT$' ||
  fail "SIGINT to rank 1: journal ends with '$(tail -n 1 "$journal")'"
run_skampi 2 "$suite" "$result" --quiet || fail "rerun exited with $?"
[ "$(names)" = "r1 r2 r3 r4 " ] || fail "after SIGINT to rank 1: '$(names)'"
exit 0
