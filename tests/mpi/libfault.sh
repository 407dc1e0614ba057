# SPDX-License-Identifier: BSD-3-Clause
# libfault.sh -- known faults of MPI libraries (doc/engine.md, "Known
# faults of MPI libraries"; lib/libfault.c).
#
# 1. --check, any library: with the library named MPICH 4.0.2
#    (SKAMPI_TEST_LIBRARY, a test-only switch) a suite of
#    MPI_Scatter_init is left out, with a note at its Type naming the
#    library and the processes, and the plan says left_out; the other
#    suites are not touched; a Nodes suite counts its largest process
#    count.  Needs the persistent collectives (MPICH 4); skipped where
#    the library lacks them (Open MPI 4.1), saying so.
# 2. With MPICH 4.0 itself, on 3 processes (this test needs 3: the
#    fault shows from 3 on; MPICH busy-polls with more processes than
#    cores, but these runs are short and the refusal happens before
#    anything is measured): `skampi` leaves the suite out and measures
#    the rest, at once, instead of hanging.
# 3. The same fault met at run time (the table told it is another
#    library, SKAMPI_TEST_LIBRARY=none): the guarded first starts of the
#    persistent request see the error on some processes and tell the
#    waiting one, the suite fails with the reason and the MPI error, and
#    the next suites run complete.  A generous --timeout catches a hang
#    without deciding the pass.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
if "$SKAMPI" --list | grep -qE '^ +251  MPI_Scatter_init .* unavailable '; then
  echo "SKIP: $lib has no persistent collectives (MPI_Scatter_init): nothing to leave out"
  exit 77
fi

cat > "$work/f.skampi" <<'END'
@MEMORY 4096
@Min_Repetition 4
@Max_Repetition 8
@Scale Fixed_log
@Start_Argument 8
@End_Argument 512
@Stepwidth 8
@MEASUREMENTS
scatter { Type = MPI_Scatter_init; }
bcast { Type = MPI_Bcast_init; }
plain { Type = MPI_Scatter; }
END
mpich="MPICH Version: 4.0.2"
want="left out on 3 processes: MPI_Scatter_init of the MPI library ($mpich) delivers no data from its second MPI_Start on, and from 3 processes on fails in MPI_Wait (\"Invalid communicator\") while the processes that wait for its data hang"

# 1. the table, through --check
SKAMPI_TEST_LIBRARY=$mpich "$SKAMPI" --check --np 3 "$work/f.skampi" \
  > "$work/plan" 2> "$work/check" || fatal "--check: $(cat "$work/check")"
[ "$(head -n 1 "$work/check")" = "$work/f.skampi:9:18: note: suite 'scatter': $want" ] ||
  fail "--check said: $(cat "$work/check")"
[ "$(grep -c ': note: ' "$work/check")" -eq 1 ] ||
  fail "--check noted more: $(cat "$work/check")"
[ "$(grep -c '^  left_out: ' "$work/plan")" -eq 1 ] ||
  fail "the plan leaves out $(grep -c '^  left_out: ' "$work/plan") suites"
# a library the table does not know: nothing left out
SKAMPI_TEST_LIBRARY="Open MPI v9.9" "$SKAMPI" --check --np 3 "$work/f.skampi" \
  > "$work/plan" 2> "$work/check" || fatal "--check: $(cat "$work/check")"
[ ! -s "$work/check" ] || fail "an unknown library: $(cat "$work/check")"
# a Nodes suite up to 2 processes never meets the fault of 3 and more...
printf '@MEASUREMENTS\nn { Type = MPI_Scatter_init; Variation = Nodes; End_Argument = 2; }\n' \
  > "$work/n.skampi"
SKAMPI_TEST_LIBRARY=$mpich "$SKAMPI" --check --np 8 "$work/n.skampi" \
  > "$work/plan" 2> "$work/check" || fatal "--check n: $(cat "$work/check")"
grep -q "left out on 2 processes" "$work/check" ||
  fail "Nodes up to 2: $(cat "$work/check")"
# ... but counts its largest (the row of 251 starts at 1 process: every
# count is left out, and the note names the largest)
printf '@MEASUREMENTS\nn { Type = MPI_Scatter_init; Variation = Nodes; }\n' \
  > "$work/n.skampi"
SKAMPI_TEST_LIBRARY=$mpich "$SKAMPI" --check --np 8 "$work/n.skampi" \
  > "$work/plan" 2> "$work/check" || fatal "--check n: $(cat "$work/check")"
grep -q "suite 'n': left out on 8 processes: MPI_Scatter_init" "$work/check" ||
  fail "Nodes up to 8: $(cat "$work/check")"

case $lib in
  "MPICH Version: 4.0"*) ;;
  *) echo "$lib is not MPICH 4.0: the runs on 3 processes are MPICH's"
     exit 0 ;;
esac
want=${want%%(*}"($lib)${want#*)}"

# 2. the run leaves it out and measures the rest
run_skampi 3 "$work/f.skampi" "$work/left.yaml" --quiet --timeout 300
rc=$?
[ $rc -eq 3 ] || fatal "run: exit $rc ($(cat "$work/stderr"))"
flatten "$work/left.yaml"
expect suites.0.status failed
expect suites.0.message "$want"
expect suites.0.points ''
expect suites.1.status complete
expect suites.2.status complete
expect run.status partial
grep -q "^skampi: error: $want" "$work/stderr" ||
  fail "run said: $(cat "$work/stderr")"
sane

# 3. met at run time: failed, not hung; the run goes on
SKAMPI_TEST_LIBRARY=none run_skampi 3 "$work/f.skampi" "$work/met.yaml" \
  --quiet --timeout 300
rc=$?
[ $rc -eq 3 ] || fatal "run-time fault: exit $rc ($(cat "$work/stderr"))"
flatten "$work/met.yaml"
expect suites.0.status failed
case $(get suites.0.message) in
  "at argument 8 the persistent request failed on some processes in one of its first MPI_Start calls (an MPI error there); the processes that waited for its data gave up (MPI error on rank "*"Invalid communicator"*) ;;
  *) fail "run-time fault: $(get suites.0.message)" ;;
esac
expect suites.1.status complete
expect suites.1.message ''
expect suites.2.status complete
sane
exit 0
