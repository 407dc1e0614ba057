# resultfile.sh -- the result file is valid YAML at every moment of a run
# (it is replaced whole after every suite), its suites only grow, and the
# finished file and @LOGFILE say what happened.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
SKAMPI_CALIBRATE="1e-3,0,0,0"
export SKAMPI_CALIBRATE
# @LOGFILE is relative: run in the scratch directory.
skampi=$(abs "$SKAMPI")
suite=$(abs "$SUITES/resultfile.skampi")
(cd "$work" && exec $MPIEXEC -n 2 "$skampi" --quiet -o out.yaml "$suite" \
   2> stderr) &
pid=$!
last=0
while kill -0 $pid 2> /dev/null; do
  if [ -e "$out" ]; then
    # A reader may open the file at any moment: it must always parse.
    "$YAMLFLAT" "$out" > "$work/poll" || fail "result file invalid mid-run"
    n=$(grep -c '^suites\.[0-9]*\.name=' "$work/poll")
    [ "$n" -ge "$last" ] || fail "suites went from $last to $n"
    last=$n
  fi
  sleep 0.05
done
wait $pid || fail "skampi exited with $? ($(cat "$work/stderr"))"
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

# A result file that cannot be written stops the run before it measures
# anything: exit status 4 and one error line, even with --quiet.
run_skampi 2 "$SUITES/resultfile.skampi" "$work/no/such/dir/out.yaml" --quiet
rc=$?
[ $rc -eq 4 ] || fail "unwritable result file: exit status $rc, want 4"
[ "$(skampi_stderr)" = "skampi: error: cannot create a temporary file for '$work/no/such/dir/out.yaml': No such file or directory" ] ||
  fail "unwritable result file: stderr is '$(cat "$work/stderr")'"
exit 0
