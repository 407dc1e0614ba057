# SPDX-License-Identifier: BSD-3-Clause
# resume-errors.sh -- what stops a run before it measures, or at the moment
# it happens (doc/robustness.md): a result file or journal of another
# suite file, a journal that cannot be written, a journal another run
# holds, a result file that is no result file, a missing suite file, and
# a full disk in the middle of a run, for the result file
# (SKAMPI_TEST_RESULT_FULL: its writes go to /dev/full, which fails every
# write with ENOSPC, from a given suite on) and for the journal (SKAMPI_TEST_JOURNAL_FULL: its lines go to
# /dev/full from a given suite on); what the closing line counts then, and
# what a rerun says of a result file whose status could not be set.
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

run_skampi 2 "$suite" "$result" --quiet || fail "first run exited with $?"
cp "$result" "$work/saved.yaml"
cp "$journal" "$work/saved.journal"
other="$SUITES/resultfile.skampi"
run_skampi 2 "$other" "$result" --quiet
rc=$?
[ $rc -eq 1 ] || fail "another suite file: exit status $rc, want 1"
[ "$(skampi_stderr)" = "skampi: error: $result holds the results of another suite file (or of $other before it changed): nothing measured; --fresh starts over and keeps it as $result.bak" ] ||
  fail "another suite file: '$(cat "$work/stderr")'"
cmp -s "$result" "$work/saved.yaml" || fail "another suite file changed $result"
cmp -s "$journal" "$work/saved.journal" || fail "the journal changed"

# The journal is a symbolic link (here into a directory that does not
# exist): it is never written through, so the run is refused before the
# first suite and the earlier result file stays as it was.
rm "$journal" && ln -s "$work/no/such/dir/journal" "$journal" || exit 99
run_skampi 2 "$suite" "$result" --quiet
rc=$?
[ $rc -eq 1 ] || fail "journal link: exit status $rc, want 1"
[ "$(skampi_stderr)" = "skampi: error: '$journal' is a symbolic link to a file that does not exist; not creating a file through it (remove it or name another output)" ] ||
  fail "journal link: '$(cat "$work/stderr")'"
cmp -s "$result" "$work/saved.yaml" || fail "journal link changed $result"
[ -z "$(find "$work" -name '.out.yaml.*')" ] || fail "journal link: a temporary file left behind"
rm "$journal" && cp "$work/saved.journal" "$journal" || exit 99

# Another run holds the journal (flock(1) takes the lock skampi's rank 0
# holds while it runs): nothing is touched, and --fresh renames nothing.
if command -v flock > /dev/null 2>&1; then
  for opt in "" --fresh; do
    # shellcheck disable=SC2086
    flock "$journal" $MPIEXEC -n 2 "$SKAMPI" --quiet $opt -o "$result" "$suite" \
      2> "$work/stderr"
    rc=$?
    [ $rc -eq 1 ] || fail "held journal ($opt): exit status $rc, want 1"
    [ "$(skampi_stderr)" = "skampi: error: another run is writing $result (its process holds $journal): nothing measured" ] ||
      fail "held journal ($opt): '$(cat "$work/stderr")'"
    cmp -s "$result" "$work/saved.yaml" || fail "held journal changed $result"
    cmp -s "$journal" "$work/saved.journal" || fail "held journal changed"
  done
fi

rm "$result"
run_skampi 2 "$other" "$result" --quiet
[ $? -eq 1 ] || fail "journal of another suite file accepted"
[ "$(skampi_stderr)" = "skampi: error: cannot continue from the journal $journal: line 4 is not a journal line of this suite file; nothing measured (--fresh starts over)" ] ||
  fail "journal of another suite file: '$(cat "$work/stderr")'"

printf 'schema_version: 1\nskampi_version: x\nsuites: [a\n' > "$work/bad.yaml"
run_skampi 2 "$suite" "$work/bad.yaml" --quiet
[ $? -eq 1 ] || fail "a broken result file accepted"
[ "$(skampi_stderr)" = "skampi: error: cannot continue the run in $work/bad.yaml: line 4: did not find expected ',' or ']' (--fresh starts over and keeps it as $work/bad.yaml.bak)" ] ||
  fail "broken result file: '$(cat "$work/stderr")'"

run_skampi 2 "$work/none.skampi" "$work/x.yaml" --quiet
[ $? -eq 1 ] || fail "a missing suite file accepted"
grep -q "^$work/none.skampi: error: cannot open: No such file or directory\$" "$work/stderr" ||
  fail "missing suite file: '$(cat "$work/stderr")'"
[ -e "$work/x.yaml" ] && fail "a missing suite file made a result file"

# The disk fills up after r1 (test only: the result file's writes after
# suite r2 go to /dev/full): the run stops at once, r1 stays.
rm -f "$result" "$journal"
SKAMPI_TEST_RESULT_FULL=r2 run_skampi 2 "$suite" "$result" --quiet
[ $? -eq 4 ] || fail "full disk: exit status, want 4"
[ "$(skampi_stderr)" = "skampi: error: cannot write '$result': No space left on device" ] ||
  fail "full disk: '$(cat "$work/stderr")'"
[ "$(names)" = "r1 " ] || fail "full disk: the file holds '$(names)'"
[ -z "$(find "$work" -name '.out.yaml.*')" ] || fail "full disk: a temporary file left behind"
grep -q '^end 2 unwritten$' "$journal" || fail "full disk: journal"
flatten "$result"
expect run.status aborted
tail -n 1 "$journal" | grep -q '^finish aborted$' || fail "no finish line"
run_skampi 2 "$suite" "$result" --quiet || fail "rerun exited with $?"
[ "$(names)" = "r1 r2 r3 r4 " ] || fail "after the full disk: '$(names)'"

# The journal's disk fills up in the middle of r2 (test only: the lines
# after "begin 2 r2" go to /dev/full): the run stops before r2's first
# point on every rank, as for the result file; r1 stays.  The attempt's
# end could not be written, so a rerun retries r2 last, as after a crash.
rm -f "$result" "$journal"
SKAMPI_TEST_JOURNAL_FULL=r2 run_skampi 2 "$suite" "$result" --quiet
rc=$?
[ $rc -eq 4 ] || fail "full journal: exit status $rc, want 4"
[ "$(skampi_stderr)" = "skampi: error: cannot write the journal $journal: No space left on device" ] ||
  fail "full journal: '$(cat "$work/stderr")'"
[ "$(names)" = "r1 " ] || fail "full journal: the file holds '$(names)'"
expect run.status aborted
[ "$(tail -n 2 "$journal" | tr '\n' ' ')" = "end 1 complete begin 2 r2 " ] ||
  fail "full journal: the journal ends '$(tail -n 2 "$journal")'"
run_skampi 2 "$suite" "$result" --quiet || fail "rerun exited with $?"
[ "$(names)" = "r1 r3 r4 r2 " ] || fail "after the full journal: '$(names)'"

# The closing line counts the suites the result file holds, not those of
# the plan: the disk fills up after r1 (progress on, no --quiet; the
# test-only switch as above).
rm -f "$result" "$journal"
SKAMPI_TEST_RESULT_FULL=r2 $MPIEXEC -n 2 "$SKAMPI" -o "$result" "$suite" \
  > "$work/stdout" 2> "$work/stderr"
grep -q '^skampi: run aborted: 1 of 4 suites in the result file, [0-9.]* s; machine ' "$work/stderr" ||
  fail "full disk: closing line: '$(grep 'run aborted' "$work/stderr")'"

# A result file that cannot be written at all (immutable: chattr +i, where
# the file system and the user allow it): the status in it stays
# "running", the journal says "finish aborted", and the rerun says that,
# not that the run was killed.
rm -f "$result" "$journal"
start_bg
wait_journal '^begin 2 '
if chattr +i "$result" 2> /dev/null; then
  wait $bg
  chattr -i "$result"
  tail -n 1 "$journal" | grep -q '^finish aborted$' ||
    fail "immutable: the journal ends '$(tail -n 1 "$journal")'"
  $MPIEXEC -n 2 "$SKAMPI" -o "$result" "$suite" > "$work/stdout" \
    2> "$work/stderr" || fail "immutable: rerun exited with $?"
  grep -qxF "skampi: $result is incomplete: the run that wrote it stopped ($journal says 'finish aborted') but could not write its status, which still says running" "$work/stderr" ||
    fail "immutable: rerun says '$(grep incomplete "$work/stderr")'"
  [ "$(names)" = "r1 r2 r3 r4 " ] || fail "after immutable: '$(names)'"
else
  wait $bg
  echo "chattr +i not allowed here: the immutable case is not checked"
fi
exit 0
