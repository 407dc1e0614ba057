#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# startup.sh -- start-up on 2 processes.  Every run records each
# process's MPI_Init time (factors.mpi_init_times, rank order) and the
# largest of them (factors.mpi_init_time).  Where the library has MPI-4
# sessions (MPICH 4), Session_World_Comm runs complete beside a barrier;
# where it lacks them (Open MPI 4.1) the suite file is refused with one
# located error naming the library.  Either way
# SKAMPI_TEST_UNAVAILABLE=Session_World_Comm makes the instance
# unavailable and the refusal is checked exactly.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
[ -n "$lib" ] || fail "skampi --list names no MPI library"

# the MPI_Init times of a run: one per process, the largest is the
# factor of old
check_init() {
  t0=$(get factors.mpi_init_times.0)
  t1=$(get factors.mpi_init_times.1)
  [ -z "$(get factors.mpi_init_times.2)" ] || fail "3 MPI_Init times"
  awk -v a="$t0" -v b="$t1" -v m="$(get factors.mpi_init_time)" 'BEGIN {
    exit !(a != "" && b != "" && a >= 0 && b >= 0 && a < 600 && b < 600 &&
           m == (a > b ? a : b)) }' ||
    fail "MPI_Init times '$t0' '$t1', largest '$(get factors.mpi_init_time)'"
}

suite="$SUITES/startup.skampi"
if "$SKAMPI" --list | grep -qE '^ +420  Session_World_Comm .* unavailable '; then
  run_skampi 2 "$suite" "$work/out.yaml" --quiet && fail "a run of an unavailable instance"
  grep -q "^$suite:6:18: error: Type 'Session_World_Comm' is unavailable: the MPI library skampi was built with ($lib) has no MPI_Session_init\$" \
    "$work/stderr" || fail "refusal: $(cat "$work/stderr")"
  [ ! -e "$work/out.yaml" ] || fail "a refused run wrote a result"
  printf '@Max_Repetition 10\n@MEASUREMENTS\nb { Type = MPI_Barrier; }\n' \
    > "$work/b.skampi"
  run_skampi 2 "$work/b.skampi" "$work/out.yaml" --quiet ||
    fail "skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$work/out.yaml"
  check_init
else
  run_skampi 2 "$suite" "$work/out.yaml" --quiet ||
    fail "skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$work/out.yaml"
  expect run.status complete
  check_init
  for s in session barrier; do
    sexpect $s status complete
    sexpect $s timing max_local
    sexpect $s argument_name none
    sexpect $s points.0.processes 2
    [ -z "$(sget $s points.1.mean)" ] || fail "$s has two points"
  done
  sexpect session pattern collective
  awk -v m="$(sget session points.0.mean)" 'BEGIN { exit !(m > 0 && m < 60) }' ||
    fail "session: mean '$(sget session points.0.mean)'"
  sane
fi

# the refusal, exactly
cat > "$work/bad.skampi" <<'END'
@MEASUREMENTS
s { Type = Session_World_Comm; }
END
SKAMPI_TEST_UNAVAILABLE=Session_World_Comm run_skampi 2 "$work/bad.skampi" \
  "$work/bad.yaml" --quiet
[ $? -eq 1 ] || fail "a run of an unavailable instance did not exit 1"
[ ! -e "$work/bad.yaml" ] || fail "a refused run wrote a result"
got=$(grep -m 1 ': error: ' "$work/stderr")
[ "$got" = "$work/bad.skampi:2:12: error: Type 'Session_World_Comm' is unavailable: the MPI library skampi was built with ($lib) has no Session_World_Comm" ] ||
  fail "run: '$got'"
exit 0
