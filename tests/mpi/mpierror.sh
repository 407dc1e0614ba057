# SPDX-License-Identifier: BSD-3-Clause
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
# After the documented prefix comes the library's own string of the error
# (MPI_Error_string): MPICH says "Invalid rank, error stack: ...", Open
# MPI "MPI_ERR_RANK: invalid rank"; both name the invalid rank.
msg=$(get suites.1.message)
case $msg in
  "MPI error on rank 0: "*) ;;
  *) fail "message is '$msg'" ;;
esac
printf '%s\n' "${msg#MPI error on rank 0: }" | grep -q '[Ii]nvalid rank' ||
  fail "message is '$msg', not the invalid rank"
expect suites.1.points ''
expect suites.2.status complete
expect run.status partial
grep -q '^end 2 failed$' "$journal" || fail "journal: $(cat "$journal")"
grep -q '^skampi: error: MPI error on rank 0: .*[Ii]nvalid rank' "$work/stderr" ||
  fail "stderr: $(cat "$work/stderr")"

# Continued, the run has nothing to do; the kept failed suite still makes
# it partial.
run_skampi 2 "$suite" "$result" --quiet
rc=$?
[ $rc -eq 3 ] || fail "continued: exit status $rc, want 3"
expect run.status partial
expect suites.1.status failed
exit 0
