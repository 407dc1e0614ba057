# SPDX-License-Identifier: BSD-3-Clause
# io.sh -- MPI-IO on 2 processes (doc/engine.md, "MPI-IO"): every
# instance runs complete on a shared file and on a file per process, each
# point after its integrity check; a byte inverted in the file (test-only
# SKAMPI_TEST_IO_FLIP) fails every suite as data that did not arrive
# intact; @IO_DIRECTORY is refused when it does not exist or is no
# directory, at its line; and no file of skampi's is left in the
# directory: not after a run, not after SIGTERM, and not after kill -9 of
# every rank mid-point (the rerun removes it by the journal's io line).
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

iodir=$(abs "$work/iodir")
mkdir "$iodir" || exit 99
suite="$work/io.skampi"
{ echo "@IO_DIRECTORY $iodir"; cat "$SUITES/io.skampi"; } > "$suite"

# empty_dir WHEN: no file is left in the directory
empty_dir() {
  left=$(ls -A "$iodir")
  [ -z "$left" ] || { fail "$1: left in the directory: $left"; rm -f "$iodir"/*; }
}

# every instance, complete, with the data checked
run_skampi 2 "$suite" "$result" --quiet --timeout 600 ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$result"
expect run.status complete
n=$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")
[ "$n" -eq 9 ] || fail "$n suites, want 9"
bad=$(grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$')
[ -z "$bad" ] || fail "not complete: $bad"
i=0
while [ $i -lt 8 ]; do
  for j in 0 1 2 3 4 5; do
    [ -n "$(get "suites.$i.points.$j.mean")" ] || fail "suite $i has no point $j"
  done
  i=$((i + 1))
done
expect suites.0.instance MPI_File_write_at_all
expect factors.io_directory "$iodir"
expect suites.0.parameters.IO_File Shared
expect suites.4.parameters.IO_File Per_Process
expect suites.0.points.5.argument 65536
expect suites.8.argument_name nodes
expect suites.8.points.1.argument 2
grep -q "^io 1 [0-9a-f]\{16\} 2\$" "$journal" || fail "no io line: $(cat "$journal")"
[ "$(grep -c '^io ' "$journal")" -eq 9 ] || fail "io lines: $(cat "$journal")"
sane
empty_dir "after a run"

# the report's collective bandwidth page: each process's n bytes over the
# mean, per process; both processes' on the one host
"$top_builddir/report/skampi-report" "$result" -o "$work/io.pdf" \
  --csv "$work/csv" 2> "$work/rerr" || fail "skampi-report: $(cat "$work/rerr")"
bw=$(ls "$work"/csv/p*-collbw-1-bandwidth.csv 2> /dev/null)
[ -n "$bw" ] || fail "no collective bandwidth page: $(ls "$work/csv")"
mean=$(get suites.0.points.5.mean)
awk -F, -v m="$mean" '
  $1 == "write_at_all" && $3 == 65536 && $6 == "process" {
    p++; if ($9 != 65536 || ($10 - 65536 / m) ^ 2 > (1e-9 * $10) ^ 2) bad++ }
  $1 == "write_at_all" && $3 == 65536 && $6 == "host" {
    h++; if ($8 != 2 || $9 != 131072) bad++ }
  $1 == "read_at_pp" { r++ }
  END { exit !(p == 1 && h == 1 && r > 0 && bad == 0) }' "$bw" ||
  fail "bandwidth page: $(grep 'write_at_all,.*,65536,' "$bw")"

# a byte inverted in the file: every suite fails its integrity check
rm -f "$result" "$journal"
SKAMPI_TEST_IO_FLIP=1 run_skampi 2 "$suite" "$result" --quiet --timeout 600 &&
  fail "a run with corrupted files succeeded"
flatten "$result"
expect run.status partial
for i in 0 1 2 3 4 5 6 7; do
  expect suites.$i.status failed
done
expect suites.0.message "at argument 1 the data did not arrive intact (the untimed integrity check)"
expect suites.3.message "at argument 8 the data did not arrive intact (the untimed integrity check)"
empty_dir "after failed integrity checks"

# SIGTERM to every rank while a point's files exist: the handlers remove
# them (a file per process, so each rank has one of its own)
rm -f "$result" "$journal"
pp="$work/pp.skampi"
{ echo "@IO_DIRECTORY $iodir"; echo "@MEASUREMENTS";
  echo "pp { Type = MPI_File_write_at; IO_File = Per_Process; Scale = Fixed_log; Start_Argument = 1KiB; End_Argument = 4KiB; Min_Repetition = 3; Max_Repetition = 3; }"; } > "$pp"
# wait_files N: until N files are in the directory (at most 30 s)
wait_files() {
  i=0
  while [ "$(ls -A "$iodir" | wc -l)" -lt "$1" ]; do
    i=$((i + 1))
    [ $i -lt 1500 ] || fatal "the files never appeared"
    kill -0 $bg 2> /dev/null || fatal "skampi ended early: $(cat "$work/stderr")"
    sleep 0.02
  done
}
suite=$pp
SKAMPI_TEST_IO_HANG=1
export SKAMPI_TEST_IO_HANG
start_bg
wait_files 2
pids=$(ranks)
[ -n "$pids" ] || fatal "SIGTERM: no rank found"
kill -TERM $pids
wait $bg
# Once rank 0 has ended, the launcher kills the other ranks (MPICH's
# with SIGKILL): one that had no CPU yet to run its handler, on a busy
# machine, leaves its file.  The journal's io line names it, and the
# next run into the same result removes it and says so.
left=$(ls -A "$iodir")
if [ -n "$left" ]; then
  echo "note: after SIGTERM the launcher ended a rank before its handler ran: $(echo $left)"
  token=$(sed -n 's/^io [0-9]* \([0-9a-f]*\) 2$/\1/p' "$journal" | tail -n 1)
  for f in $left; do
    case $f in
      "skampi-io-$token-"[01].dat) ;;
      *) fail "after SIGTERM: left $f, not a file of the journal's token '$token'" ;;
    esac
  done
  unset SKAMPI_TEST_IO_HANG
  run_skampi 2 "$pp" "$result" || fail "the rerun after SIGTERM exited with $? ($(cat "$work/stderr"))"
  grep -q "^skampi: removed [12] MPI-IO files\{0,1\} an earlier run left in $iodir\$" "$work/stderr" ||
    fail "after SIGTERM, no note of the removal: $(cat "$work/stderr")"
  SKAMPI_TEST_IO_HANG=1
  export SKAMPI_TEST_IO_HANG
fi
empty_dir "after SIGTERM"

# kill -9 of every rank while the shared file exists: it stays; the rerun
# removes it (the journal's io line names its token), says so, and runs
rm -f "$result" "$journal"
{ echo "@IO_DIRECTORY $iodir"; echo "@MEASUREMENTS";
  echo "sh { Type = MPI_File_read_at_all; Scale = Fixed_log; Start_Argument = 1KiB; End_Argument = 4KiB; Min_Repetition = 3; Max_Repetition = 3; }"; } > "$pp"
start_bg
wait_files 1
pids=$(ranks)
[ -n "$pids" ] || fatal "kill -9: no rank found"
kill -9 $pids
wait $bg && fail "skampi survived kill -9"
token=$(sed -n 's/^io 1 \([0-9a-f]*\) 2$/\1/p' "$journal")
[ -n "$token" ] || fail "no io line in $(cat "$journal")"
[ "$(ls -A "$iodir")" = "skampi-io-$token.dat" ] ||
  fail "after kill -9 the directory holds '$(ls -A "$iodir")'"
unset SKAMPI_TEST_IO_HANG
run_skampi 2 "$suite" "$result" || fail "the rerun exited with $? ($(cat "$work/stderr"))"
grep -q "^skampi: removed 1 MPI-IO file an earlier run left in $iodir\$" "$work/stderr" ||
  fail "no note of the removal: $(cat "$work/stderr")"
flatten "$result"
expect run.status complete
empty_dir "after the rerun"

# @IO_DIRECTORY must exist and be a directory, said at its line
cat > "$work/bad.skampi" <<END
@IO_DIRECTORY $work/none
@MEASUREMENTS
w { Type = MPI_File_write_at; }
END
"$SKAMPI" --check "$work/bad.skampi" > /dev/null 2> "$work/err" && fail "--check accepted a missing directory"
grep -qx "$work/bad.skampi:1:1: error: @IO_DIRECTORY '$work/none' does not exist" "$work/err" ||
  fail "missing directory: $(cat "$work/err")"
sed -i "1s|.*|@IO_DIRECTORY $work/io.skampi|" "$work/bad.skampi"
run_skampi 2 "$work/bad.skampi" "$work/bad.yaml" && fail "a run accepted a file as its directory"
grep -qx "$work/bad.skampi:1:1: error: @IO_DIRECTORY '$work/io.skampi' is not a directory" "$work/stderr" ||
  fail "no directory: $(cat "$work/stderr")"
[ -e "$work/bad.yaml" ] && fail "a refused run wrote its result file"
# not writable: only where permissions bind (not for root)
if [ "$(id -u)" -ne 0 ]; then
  mkdir "$work/ro" && chmod 555 "$work/ro"
  sed -i "1s|.*|@IO_DIRECTORY $work/ro|" "$work/bad.skampi"
  "$SKAMPI" --check "$work/bad.skampi" > /dev/null 2> "$work/err" && fail "--check accepted a read-only directory"
  grep -qx "$work/bad.skampi:1:1: error: @IO_DIRECTORY '$work/ro' is not writable" "$work/err" ||
    fail "read-only directory: $(cat "$work/err")"
  chmod 755 "$work/ro"
fi
exit 0
