# SPDX-License-Identifier: BSD-3-Clause
# restart.sh -- crash restart (doc/robustness.md): the ranks (all of them,
# or rank 1 alone) killed with SIGKILL in the middle of a suite cost
# nothing measured before; the rerun
# keeps the finished suites as they are, measures the untried ones and
# retries the killed suite last; a suite that brings the run down twice is
# skipped as crashed.  --fresh starts over and keeps a backup.
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

# kill_in N K: run, and kill -9 every rank once suite N has begun for the
# K-th time in the journal: nothing can write a word.
kill_in() {
  hang=r$1
  start_bg
  wait_journal "^begin $1 " "$2"
  sleep 0.1
  # While the run goes on, its rank 0 holds the journal's lock.
  if command -v flock > /dev/null 2>&1; then
    flock -n "$journal" true && fail "nobody holds $journal during the run"
  fi
  victims=$(ranks)
  [ -n "$victims" ] || fatal "no rank found to kill"
  kill -9 $victims
  wait $bg && fail "skampi survived the kill of its ranks $victims"
  "$YAMLFLAT" "$result" > /dev/null || fail "result file invalid after kill"
  find "$work" -name ".out.yaml.*" -exec rm -f {} +   # the killed writer's, if any
  return 0
}

# kill_one N K: the same, but kill -9 rank 1 alone, as when one process
# of a job dies.  How the launcher takes down rank 0 is its own business:
# MPICH's hydra kills it (nothing written: the status stays "running"),
# Open MPI's mpiexec sends it SIGTERM (the journal gets "interrupted N
# SIGTERM", the status becomes "aborted").  Either way suite N brought
# the run down.
kill_one() {
  hang=r$1
  start_bg
  wait_journal "^begin $1 " "$2"
  sleep 0.1
  victim=$(rank_pid 1)
  [ -n "$victim" ] || fail "rank 1 not found among $(ranks)"
  kill -9 $victim
  wait $bg && fail "skampi survived the kill of rank 1 ($victim)"
  flatten "$result"
  last=$(tail -n 1 "$journal")
  echo "after the kill of rank 1 the journal ends with '$last'"
  case $last in
    "interrupted $1 SIGTERM") expect run.status aborted ;;
    "begin $1 "* | "arg $1 "*) expect run.status running ;;
    *) fail "after the kill of rank 1 the journal ends with '$last'" ;;
  esac
  find "$work" -name ".out.yaml.*" -exec rm -f {} +   # the killed writer's, if any
  return 0
}

kill_in 2 1
[ "$(names)" = "r1 " ] || fail "after the kill the file holds '$(names)'"
expect run.status running
# Nothing could write "aborted": readers see the status "running" of a
# file no process writes any more, and call the run incomplete.
"$top_builddir/campaign/skampi-merge" -o "$work/merged.yaml" "$result" \
  2> "$work/merge.err" || fail "skampi-merge failed: $(cat "$work/merge.err")"
grep -qxF "skampi-merge: warning: $result is incomplete: its run.status says running, but no run is writing it (killed, or copied while it ran); it holds the suites completed before" "$work/merge.err" ||
  fail "skampi-merge: '$(cat "$work/merge.err")'"
"$YAMLFLAT" "$work/merged.yaml" | grep -qx 'merged.files.0.status=incomplete' ||
  fail "skampi-merge: the run is not incomplete"
# (up to the next suite, top-level key, comment line or end marker)
r1_entry() {
  awk '/^- name: / { p = ($3 == "r1") } /^([a-z#]|\.\.\.)/ { p = 0 } p' "$result"
}
r1_entry > "$work/r1.before"
[ -s "$work/r1.before" ] || fail "no entry r1"

# The rerun: r1 kept as it was, r3 and r4 next, r2 retried last.
run_skampi 2 "$suite" "$result" ||
  fail "rerun exited with $? ($(cat "$work/stderr"))"
[ "$(names)" = "r1 r3 r4 r2 " ] || fail "after the rerun: '$(names)'"
expect run.status complete
expect suites.3.status complete
sane
grep -q '^skampi: continuing .*out.yaml: 1 suites kept, 3 to measure (1 of them retried last), 0 skipped as crashed$' "$work/stderr" ||
  fail "rerun did not say what it continues: $(cat "$work/stderr")"
grep -qxF "skampi: $result is incomplete: the run that wrote it was killed before it finished (its status says running, and no process holds $journal)" "$work/stderr" ||
  fail "rerun did not say the file was left by a killed run: $(cat "$work/stderr")"
r1_entry > "$work/r1.after"
cmp -s "$work/r1.before" "$work/r1.after" || fail "kept suite r1 changed"
[ "$(grep -c '^begin 2 r2$' "$journal")" -eq 2 ] || fail "r2 not begun twice"
tail -n 1 "$journal" | grep -q '^finish complete$' || fail "no finish line"

# A third run has nothing left to do: the same suites, none measured.
run_skampi 2 "$suite" "$result" || fail "third run exited with $?"
[ "$(names)" = "r1 r3 r4 r2 " ] || fail "third run: '$(names)'"
grep -q 'continuing .*: 4 suites kept, 0 to measure' "$work/stderr" ||
  fail "third run: $(cat "$work/stderr")"
cp "$result" "$work/done.yaml"

# --fresh: the old file becomes out.yaml.bak.  Then, from scratch, r3
# brings the run down twice (rank 1 alone killed during its first try and
# during its retry): the third run skips it.
run_skampi 2 "$suite" "$result" --fresh || fail "--fresh exited with $?"
cmp -s "$work/done.yaml" "$result.bak" || fail "--fresh kept no backup"
[ -e "$journal.bak" ] || fail "--fresh kept no journal backup"
[ "$(grep -c '^begin' "$journal")" -eq 4 ] || fail "--fresh journal"
rm -f "$result" "$journal"
kill_one 3 1
[ "$(names)" = "r1 r2 " ] || fail "after one kill: '$(names)'"
kill_one 3 2
[ "$(names)" = "r1 r2 r4 " ] || fail "after two kills: '$(names)'"
run_skampi 2 "$suite" "$result"
rc=$?
[ $rc -eq 3 ] || fail "run with a crashed suite exited with $rc, want 3"
[ "$(names)" = "r1 r2 r4 r3 " ] || fail "crashed suite: '$(names)'"
expect suites.3.status crashed
expect suites.3.message 'brought the run down twice (last seen at argument 0); skipped'
expect run.status partial
grep -q '^skip 3 brought the run down twice' "$journal" ||
  fail "the journal does not record the skip"
exit 0
