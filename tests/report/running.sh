#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# running.sh -- a result file whose run.status says "running" is shown as
# "incomplete" by skampi-report and skampi-merge unless a live process
# holds the lock of FILE.journal (doc/output-format.md, "run"): the run
# that wrote it was killed.  No MPI: the lock is taken by flock(1), as
# skampi's rank 0 takes it on its journal.
. "$top_srcdir/tests/report/lib.sh"
MERGE=$(cd "$top_builddir" && pwd)/campaign/skampi-merge
YAMLFLAT=$(cd "$top_builddir" && pwd)/tests/yamlflat
command -v flock > /dev/null 2>&1 || { echo "SKIP: no flock"; exit 77; }

# A real run's file, its run.status made "running" as a kill -9 leaves it.
f=$TMP/killed.yaml
sed '/^run:$/,/^[a-z]/ s/^  status: complete$/  status: running/' \
  "$FIX/real/mpich.yaml" > "$f"
grep -qx '  status: running' "$f" || fail "fixture: no running status"
warn="warning: $f is incomplete: its run.status says running, but no run is writing it (killed, or copied while it ran); it holds the suites completed before"

command -v "$GNUPLOT" > /dev/null 2>&1 || { echo "SKIP: no gnuplot"; exit 77; }

# script FILE: the report, its gnuplot script kept in $TMP/s.gp.
script() {
  "$REPORT" "$@" -o "$TMP/r.pdf" --script "$TMP/s.gp" 2> "$TMP/err" ||
    fail "report of $*: $(cat "$TMP/err")"
}

# No journal: nobody writes the file.
script "$f"
[ "$(grep -c . "$TMP/err")" = 1 ] && grep -qxF "skampi-report: $warn" "$TMP/err" ||
  fail "report, no journal: '$(cat "$TMP/err")'"
grep -q "^set label 'incomplete' " "$TMP/s.gp" ||
  fail "report: title not incomplete"
grep -q "^set label 'running' " "$TMP/s.gp" && fail "report: title says running"

# A journal nobody holds: the same.
: > "$f.journal"
script "$f"
grep -qxF "skampi-report: $warn" "$TMP/err" ||
  fail "report, journal not held: '$(cat "$TMP/err")'"

# A live process holds the journal: the run goes on, "running" it is.
flock "$f.journal" "$REPORT" "$f" -o "$TMP/r.pdf" --script "$TMP/s.gp" \
  2> "$TMP/err" || fail "report, held: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "report, held: '$(cat "$TMP/err")'"
grep -q "^set label 'running' " "$TMP/s.gp" ||
  fail "report, held: title not running"

# skampi-merge: the file's status in the merged list, and the warning.
"$MERGE" -o "$TMP/m.yaml" "$f" 2> "$TMP/err" || fail "merge failed"
grep -qxF "skampi-merge: $warn" "$TMP/err" ||
  fail "merge: '$(cat "$TMP/err")'"
"$YAMLFLAT" "$TMP/m.yaml" > "$TMP/m.flat" || fail "merged file invalid"
grep -qx 'merged.files.0.status=incomplete' "$TMP/m.flat" ||
  fail "merge: $(grep 'files.0.status' "$TMP/m.flat")"
grep -qx 'run.status=partial' "$TMP/m.flat" || fail "merge: run.status"
flock "$f.journal" "$MERGE" -o "$TMP/m.yaml" "$f" 2> "$TMP/err" ||
  fail "merge, held, failed"
[ -s "$TMP/err" ] && fail "merge, held: '$(cat "$TMP/err")'"
"$YAMLFLAT" "$TMP/m.yaml" > "$TMP/m.flat" || fail "merged file invalid"
grep -qx 'merged.files.0.status=running' "$TMP/m.flat" ||
  fail "merge, held: $(grep 'files.0.status' "$TMP/m.flat")"

# A finished run is what it says, journal or not.
script "$FIX/real/mpich.yaml"
[ -s "$TMP/err" ] && fail "complete file: '$(cat "$TMP/err")'"
exit $((failures > 0))
