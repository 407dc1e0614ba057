#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# threads.sh -- the threaded instances on 2 processes x 2 threads.  A
# suite file that gives a threaded suite more than one thread makes
# skampi ask MPI_Init_thread for MPI_THREAD_MULTIPLE (recorded in the
# factors); every suite of tests/mpi/threads.skampi runs complete, each
# point after its untimed integrity check (every thread's slot holds the
# peer's data), the message rate's rate exactly n/mean.  A file without
# such a suite starts with MPI_Init (MPI_THREAD_SINGLE asked).  Where the
# run cannot give threads (SKAMPI_TEST_THREAD_LEVEL=serialized: both
# libraries here provide MPI_THREAD_MULTIPLE), the file is refused at the
# Threads value, exactly, and nothing is measured; --check, which starts
# no MPI, does not refuse it.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
[ -n "$lib" ] || fail "skampi --list names no MPI library"
suite="$SUITES/threads.skampi"
run_skampi 2 "$suite" "$work/out.yaml" --quiet --timeout 600 ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$work/out.yaml"
expect run.status complete
expect factors.mpi_thread_requested MPI_THREAD_MULTIPLE
expect factors.mpi_thread_level MPI_THREAD_MULTIPLE
suite_names "$suite" > "$work/names"
while read -r name; do
  sexpect "$name" status complete
  sexpect "$name" pattern pingpong
  [ -n "$(sget "$name" points.2.mean)" ] || fail "$name has fewer than 3 points"
  sget "$name" 'notes\.[0-9]*' | grep -q '^threads: Threads threads per process' ||
    fail "$name has no note on its threads"
done < "$work/names"
for s in pingpong pingpong_vec one; do
  sexpect $s timing round_trip_of_threads
done
sexpect pingpong parameters.Threads 2
sexpect one parameters.Threads 1
sexpect rate timing per_message_of_threads
sexpect rate rate_unit B/s
sexpect rate parameters.Window 4
j=0
while [ -n "$(sget rate points.$j.mean)" ]; do
  awk -v n="$(sget rate points.$j.argument)" -v m="$(sget rate points.$j.mean)" \
      -v r="$(sget rate points.$j.rate)" 'BEGIN {
        if (m <= 0) exit !(r == 0 || r == "")
        d = r - n / m; if (d < 0) d = -d; exit !(d <= 1e-9 * n / m) }' ||
    fail "rate: point $j's rate is not n/mean"
  j=$((j + 1))
done
sane

# no threaded suite of more than one thread: MPI_Init, as ever
printf '@Min_Repetition 4\n@Max_Repetition 4\n@MEASUREMENTS\none { Type = Pingpong_Threads; End_Argument = 64; }\npp { Type = Pingpong_Send_Recv; End_Argument = 64; }\n' \
  > "$work/one.skampi"
SKAMPI_TEST_THREAD_LEVEL=serialized run_skampi 2 "$work/one.skampi" \
  "$work/one.yaml" --quiet || fail "one thread: skampi exited with $? ($(cat "$work/stderr"))"
flatten "$work/one.yaml"
expect factors.mpi_thread_requested MPI_THREAD_SINGLE
expect suites.0.status complete

# a run that cannot give threads refuses them where they are asked
cat > "$work/bad.skampi" <<'END'
@Threads 2
@MEASUREMENTS
ok { Type = Pingpong_Send_Recv; }
t { Type = Pingpong_Threads; End_Argument = 64; }
u { Type = Message_Rate_Threads; Threads = 3; End_Argument = 64; }
END
SKAMPI_TEST_THREAD_LEVEL=serialized run_skampi 2 "$work/bad.skampi" \
  "$work/bad.yaml" --quiet
[ $? -eq 1 ] || fail "a run without threads did not exit 1"
[ ! -e "$work/bad.yaml" ] || fail "a refused run wrote a result"
grep ': error: ' "$work/stderr" > "$work/errors"
cat > "$work/want" <<END
$work/bad.skampi:1:10: error: Threads = 2 needs MPI_THREAD_MULTIPLE: the MPI library skampi was built with ($lib) provides MPI_THREAD_SERIALIZED
$work/bad.skampi:5:44: error: Threads = 3 needs MPI_THREAD_MULTIPLE: the MPI library skampi was built with ($lib) provides MPI_THREAD_SERIALIZED
END
diff -u "$work/want" "$work/errors" > "$work/diff" || fail "refusal: $(cat "$work/diff")"
"$SKAMPI" --check "$work/bad.skampi" > "$work/plan" 2> "$work/check" ||
  fail "--check refused threads: $(cat "$work/check")"
exit 0
