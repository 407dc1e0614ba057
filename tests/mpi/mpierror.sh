# mpierror.sh -- an MPI error inside a suite (doc/robustness.md): the
# engine's communicators return errors instead of aborting, the suite ends
# as failed with the MPI error string, the run goes on (exit status 3).
# SKAMPI_TEST_MPI_ERROR=r2 (test only) makes rank 0 send to rank 2 of 2.
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

SKAMPI_TEST_MPI_ERROR=r2 run_skampi 2 "$suite" "$result" --quiet
rc=$?
[ $rc -eq 3 ] || fail "exit status $rc, want 3 ($(cat "$work/stderr"))"
[ "$(names)" = "r1 r2 r3 r4 " ] || fail "suites: '$(names)'"
expect suites.1.status failed
case $(get suites.1.message) in
  "MPI error on rank 0: Invalid rank"*) ;;
  *) fail "message is '$(get suites.1.message)'" ;;
esac
expect suites.1.points ''
expect suites.2.status complete
expect run.status partial
grep -q '^end 2 failed$' "$journal" || fail "journal: $(cat "$journal")"
grep -q '^skampi: error: MPI error on rank 0: Invalid rank' "$work/stderr" ||
  fail "stderr: $(cat "$work/stderr")"

# Continued, the run has nothing to do; the kept failed suite still makes
# it partial.
run_skampi 2 "$suite" "$result" --quiet
rc=$?
[ $rc -eq 3 ] || fail "continued: exit status $rc, want 3"
expect run.status partial
expect suites.1.status failed
exit 0
