# SPDX-License-Identifier: BSD-3-Clause
# resultfile.sh -- the result file grows by appending (doc/robustness.md):
# its first document is whole at every moment of a run and its suites
# only grow; between the two writes of an append a reader may find the
# new suite after the old end marker, and nothing else; the bytes written
# over the run are at most twice the final size (test only:
# SKAMPI_TEST_RESULT_BYTES); the finished file and @LOGFILE say what
# happened.  A run killed in the middle of an append (test only:
# SKAMPI_TEST_TORN_APPEND) leaves its first document whole, which the
# readers refuse with a located message, and the next run continues from
# it.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
# first_doc FILE: FILE up to its first end marker line.
first_doc() {
  awk '{ print } /^\.\.\.$/ { exit }' "$1"
}
SKAMPI_CALIBRATE="1e-3,0,0,0"
export SKAMPI_CALIBRATE
# @LOGFILE is relative: run in the scratch directory.
skampi=$(abs "$SKAMPI")
suite=$(abs "$SUITES/resultfile.skampi")
(cd "$work" && SKAMPI_TEST_RESULT_BYTES=1 exec $MPIEXEC -n 2 "$skampi" \
   --quiet -o out.yaml "$suite" 2> stderr) &
pid=$!
last=0
while kill -0 $pid 2> /dev/null; do
  if [ -e "$out" ]; then
    # A reader may open the file at any moment: its first document must
    # always parse; a file that does not parse as a whole must be in the
    # middle of an append (text after the first end marker).
    cp "$out" "$work/copy.yaml"
    if ! "$YAMLFLAT" "$work/copy.yaml" > "$work/poll" 2> /dev/null; then
      first_doc "$work/copy.yaml" > "$work/first.yaml"
      cmp -s "$work/first.yaml" "$work/copy.yaml" &&
        fail "result file invalid mid-run, and not mid-append"
      "$YAMLFLAT" "$work/first.yaml" > "$work/poll" ||
        fail "the first document of the result file is invalid mid-run"
    fi
    n=$(grep -c '^suites\.[0-9]*\.name=' "$work/poll")
    [ "$n" -ge "$last" ] || fail "suites went from $last to $n"
    last=$n
  fi
  sleep 0.05
done
wait $pid || fail "skampi exited with $? ($(cat "$work/stderr"))"
# Every suite written once: at most twice the final size in all.
bytes=$(sed -n 's/^skampi: test: result file: \([0-9]*\) bytes written, \([0-9]*\) bytes long$/\1 \2/p' "$work/stderr")
[ -n "$bytes" ] || fail "no count of the bytes written: $(cat "$work/stderr")"
set -- $bytes
[ "$2" -eq "$(wc -c < "$out")" ] || fail "the count says $2 bytes long, the file has $(wc -c < "$out")"
[ "$1" -ge "$2" ] && [ "$1" -le $((2 * $2)) ] ||
  fail "$1 bytes written for a file of $2 bytes"
flatten "$out"
expect run.status complete
expect suites.4.name s5
[ -n "$(get run.end_time)" ] || fail "no end_time"
[ -z "$(find "$work" -name '.out.yaml.*')" ] || fail "temporary file left behind"
log="$work/resultfile.log"
[ -s "$log" ] || fail "no @LOGFILE"
grep -q '^suite 5 of 5: s5 (type 90, Calibrate_Busywait)$' "$log" ||
  fail "log has no line for suite 5"
grep -q '^  -> complete, 1 points' "$log" || fail "log has no suite end line"
grep -q '^run complete at ' "$log" || fail "log has no final line"

# Killed between the two writes of the append of s3: the new suite stands
# after the end marker of the first document, which holds s1 and s2.
rm -f "$out" "$out.journal"
(cd "$work" && SKAMPI_TEST_TORN_APPEND=s3 exec $MPIEXEC -n 2 "$skampi" \
   --quiet -o out.yaml "$suite" 2> stderr)
[ $? -ne 0 ] || fail "torn append: skampi survived its SIGKILL"
first_doc "$out" > "$work/first.yaml"
cmp -s "$work/first.yaml" "$out" && fail "torn append: nothing after the end marker"
"$YAMLFLAT" "$work/first.yaml" > "$work/flat" || fail "torn append: first document invalid"
[ "$(get suites.1.name) $(get suites.2.name)" = "s2 " ] ||
  fail "torn append: the first document holds '$(get suites.1.name) $(get suites.2.name)'"
expect run.status running
tail -n +"$(($(wc -l < "$work/first.yaml") + 1))" "$out" | head -n 1 |
  grep -qx -- '- name: s3' || fail "torn append: s3 is not after the end marker"
"$top_builddir/report/skampi-report" "$out" -o "$work/r.pdf" 2> "$work/rstderr"
[ $? -eq 1 ] || fail "torn append: skampi-report did not refuse it"
grep -qx "$out:$(($(wc -l < "$work/first.yaml") + 1)):1: error: malformed YAML: did not find expected <document start>" \
  "$work/rstderr" || fail "torn append: skampi-report said '$(head -n 1 "$work/rstderr")'"
# The next run keeps s1 and s2, measures s4 and s5, retries s3 last.
(cd "$work" && exec $MPIEXEC -n 2 "$skampi" --quiet -o out.yaml "$suite" \
   2> stderr) || fail "after the torn append: skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
[ "$(grep '^suites\.[0-9]*\.name=' "$work/flat" | cut -d= -f2 | tr '\n' ' ')" = "s1 s2 s4 s5 s3 " ] ||
  fail "after the torn append: $(grep '^suites\.[0-9]*\.name=' "$work/flat")"

# A result file that cannot be written stops the run before it measures
# anything: exit status 4 and one error line, even with --quiet.
run_skampi 2 "$SUITES/resultfile.skampi" "$work/no/such/dir/out.yaml" --quiet
rc=$?
[ $rc -eq 4 ] || fail "unwritable result file: exit status $rc, want 4"
[ "$(skampi_stderr)" = "skampi: error: cannot create a temporary file for '$work/no/such/dir/out.yaml': No such file or directory" ] ||
  fail "unwritable result file: stderr is '$(cat "$work/stderr")'"
exit 0
